// @vitest-environment node
/**
 * The demo's ChatSession against a fetch whose body ends the way each engine
 * reports a dropped connection: Chromium and Firefox reject the read with a
 * TypeError; WebKit ends the body as if it were complete. Both are failed turns.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ChatSession, ENDED_EARLY } from '../../demo/src/chat'

const sse = (events: object[]) => events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('')

const started = [
  { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
  { type: 'REASONING_START', messageId: 'm1' },
  { type: 'REASONING_MESSAGE_START', messageId: 'm1', role: 'reasoning' },
  { type: 'REASONING_MESSAGE_CONTENT', messageId: 'm1', delta: 'Half a thou' },
]

/** A fetch answering with `body`, then ending as `end` says. */
function fetchEnding(body: string, end: 'clean' | 'error') {
  return vi.fn(async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(body))
        if (end === 'clean') controller.close()
        else setTimeout(() => controller.error(new TypeError('network error')), 0)
      },
    })
    return new Response(stream, { headers: { 'content-type': 'text/event-stream' } })
  })
}

afterEach(() => vi.unstubAllGlobals())

describe('ChatSession, when the connection drops mid-run', () => {
  it('given a body that ends cleanly without RUN_FINISHED (WebKit), should fail the turn and keep the reasoning, interrupted', async () => {
    vi.stubGlobal('fetch', fetchEnding(sse(started), 'clean'))
    const chat = new ChatSession('http://localhost')
    await chat.send('reasoner', 'Hello')
    const [turn] = chat.getSnapshot().turns
    expect(turn).toMatchObject({ status: 'failed', error: ENDED_EARLY })
    const block = chat.reasoning.getState().blocks[0]!
    expect(block.messages[0]!.text).toBe('Half a thou')
    expect(block.status).toBe('interrupted')
  })

  it('given a body whose read fails (Chromium, Firefox), should fail the turn naming the dropped connection', async () => {
    vi.stubGlobal('fetch', fetchEnding(sse(started), 'error'))
    const chat = new ChatSession('http://localhost')
    await chat.send('reasoner', 'Hello')
    expect(chat.getSnapshot().turns[0]).toMatchObject({ status: 'failed', error: expect.stringMatching(/^the connection dropped before the run finished/) })
  })

  it('given RUN_FINISHED before the body ends, should finish the turn', async () => {
    vi.stubGlobal('fetch', fetchEnding(sse([...started, { type: 'REASONING_MESSAGE_END', messageId: 'm1' }, { type: 'REASONING_END', messageId: 'm1' }, { type: 'RUN_FINISHED', threadId: 't', runId: 'r' }]), 'clean'))
    const chat = new ChatSession('http://localhost')
    await chat.send('reasoner', 'Hello')
    expect(chat.getSnapshot().turns[0]).toMatchObject({ status: 'done' })
    expect(chat.getSnapshot().turns[0]!.error).toBeUndefined()
  })
})
