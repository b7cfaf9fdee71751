// The core samples of docs/core.md and docs/events.md, run: each does what its comments say.
// (test/docs/samples.test.ts checks that the docs show them verbatim.)
import { RunAgentInputSchema } from '@ag-ui/core/schemas'
import type { Message } from '@ag-ui/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createReasoningStore } from 'reasoning-ui/core'
import { routedFetch } from './sse'

afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('docs/core.md', () => {
  it('Exporting as markdown: should print what its comments say', async () => {
    const printed: string[] = []
    vi.spyOn(console, 'log').mockImplementation((text: unknown) => void printed.push(String(text)))
    await import('./examples/markdown-export')
    expect(printed).toEqual([
      '<details><summary>Thought for 12 seconds · 768 reasoning tokens — Counting legs</summary>\n\n**Counting legs**\n20 heads, 56 legs: 8 rabbits.\n&lt;/details>&lt;script>alert(1)&lt;/script>\n\n</details>',
      '> **Thought for 12 seconds · 768 reasoning tokens — Counting legs**\n>\n> - Counting legs',
      'Thought for 12 Sekunden',
    ])
  })

  it('Sources: disconnect() should stop the run, leaving its open block stopped with its text', async () => {
    const { ask } = await import('./examples/sources')
    const sent: string[] = []
    const { fetch, calls } = routedFetch({
      '/api/agent': () => new Response(new ReadableStream<Uint8Array>({
        start(controller) {
          const events = [
            { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' },
            { type: 'REASONING_MESSAGE_START', messageId: 'm1', role: 'reasoning' },
            { type: 'REASONING_MESSAGE_CONTENT', messageId: 'm1', delta: 'Counting legs' },
          ]
          for (const e of events) controller.enqueue(new TextEncoder().encode(`data: ${JSON.stringify(e)}\n\n`))
          sent.push('all') // and the stream stays open, as a model still thinking
        },
      }), { headers: { 'content-type': 'text/event-stream' } }),
    })
    vi.stubGlobal('fetch', fetch)
    const store = createReasoningStore({ flush: 'sync' })
    const input = { threadId: 't1', runId: 'r1', messages: [], tools: [], context: [], state: {}, forwardedProps: {} }
    const { disconnect } = ask(store, input)
    await vi.waitFor(() => expect(store.getState().blocks[0]?.messages[0]?.text).toBe('Counting legs'))
    expect(calls[0]!.init).toMatchObject({ method: 'POST', body: JSON.stringify(input) })
    disconnect()
    expect(store.getState().blocks[0]).toMatchObject({ status: 'interrupted', endReason: 'stopped' })
    expect(store.getState().failure).toBeUndefined()
    expect(sent).toEqual(['all'])
  })

  it('Sources: stop.abort() should be the same stop', async () => {
    const { ask } = await import('./examples/sources')
    const { fetch } = routedFetch({
      '/api/agent': () => new Response(new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('data: {"type":"RUN_STARTED","threadId":"t1","runId":"r1"}\n\ndata: {"type":"REASONING_MESSAGE_CHUNK","messageId":"m1","delta":"Hmm"}\n\n'))
        },
      }), { headers: { 'content-type': 'text/event-stream' } }),
    })
    vi.stubGlobal('fetch', fetch)
    const store = createReasoningStore({ flush: 'sync' })
    const { stop } = ask(store, { threadId: 't1', runId: 'r1', messages: [], tools: [], context: [], state: {}, forwardedProps: {} })
    await vi.waitFor(() => expect(store.getState().blocks[0]?.messages[0]?.text).toBe('Hmm'))
    stop.abort()
    await vi.waitFor(() => expect(store.getState().blocks[0]).toMatchObject({ status: 'interrupted', endReason: 'stopped' }))
    expect(store.getState().diagnostics).toEqual([])
  })

  it('Sending reasoning back: should place each answer\'s reasoning before it, in a valid RunAgentInput', async () => {
    const { nextRunInput } = await import('./examples/round-trip')
    const store = createReasoningStore({ flush: 'sync' })
    for (const e of [
      { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' },
      { type: 'REASONING_START', messageId: 'span-1' },
      { type: 'REASONING_MESSAGE_CHUNK', messageId: 'm1', delta: 'Counting legs' },
      { type: 'REASONING_ENCRYPTED_VALUE', subtype: 'message', entityId: 'm1', encryptedValue: 'opaque==' },
      { type: 'REASONING_END', messageId: 'span-1' },
      { type: 'TEXT_MESSAGE_CHUNK', messageId: 'a1', role: 'assistant', delta: '8 rabbits.' },
      { type: 'RUN_FINISHED', threadId: 't1', runId: 'r1' },
    ]) store.dispatch(e)
    const transcript: Message[] = [
      { id: 'u1', role: 'user', content: 'How many rabbits?' },
      { id: 'a1', role: 'assistant', content: '8 rabbits.' },
    ]
    const input = nextRunInput(store, transcript, 't1', 'r2')
    expect(RunAgentInputSchema.safeParse(input).success).toBe(true)
    expect(input.messages.map((m) => [m.id, m.role])).toEqual([['u1', 'user'], ['m1', 'reasoning'], ['a1', 'assistant']])
    expect(input.messages[1]).toMatchObject({ content: 'Counting legs', encryptedValue: 'opaque==' })
  })
})

describe('docs/events.md', () => {
  it('metadata.reasoningUi: kind "summary" should make a summary-kind message', async () => {
    const { store } = await import('./examples/metadata')
    expect(store.getState().blocks[0]?.messages[0]).toMatchObject({ id: 's1', kind: 'summary' })
    expect(store.getState().diagnostics).toEqual([])
  })
})
