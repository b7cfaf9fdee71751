import { AbstractAgent, type BaseEvent, type RunAgentInput } from '@ag-ui/client'
import { EventEncoder } from '@ag-ui/encoder'
import { Observable, from } from 'rxjs'
import { describe, expect, it, vi } from 'vitest'
import {
  connectAgent, connectAsyncIterable, connectBody, connectObservable, connectSource, connectSse, createReasoningStore,
  toReasoningMessages, type ReasoningStore,
} from '../../src/core/index'

const EVENTS = [
  { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
  { type: 'REASONING_START', messageId: 's' },
  { type: 'REASONING_MESSAGE_START', messageId: 'm', role: 'reasoning' },
  { type: 'REASONING_MESSAGE_CONTENT', messageId: 'm', delta: 'Line one\n' },
  { type: 'REASONING_MESSAGE_CONTENT', messageId: 'm', delta: 'line "two" ✓' },
  { type: 'REASONING_MESSAGE_END', messageId: 'm' },
  { type: 'REASONING_END', messageId: 's' },
  { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
]
const TEXT = 'Line one\nline "two" ✓'

const newStore = () => createReasoningStore({ flush: 'sync' })

/** Resolves once the store's stream has ended (a source called streamEnded or reported). */
function settled(store: ReasoningStore, check: () => boolean): Promise<void> {
  return vi.waitFor(() => {
    if (!check()) throw new Error('not yet')
  }, { interval: 5 })
}

const textOf = (store: ReasoningStore) => store.getState().blocks[0]?.messages[0]?.text

/** A Response whose body delivers exactly these string chunks, one read each. */
function responseOf(chunks: string[], init?: ResponseInit): Response {
  const bytes = new TextEncoder()
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(bytes.encode(chunk))
      controller.close()
    },
  })
  return new Response(body, { headers: { 'content-type': 'text/event-stream' }, ...init })
}

const encoder = new EventEncoder()
const sse = (events: object[]) => events.map((e) => encoder.encodeSSE(e as BaseEvent)).join('')

describe('connectSse', () => {
  it('given the AG-UI encoder\'s SSE output, should apply every event', async () => {
    const store = newStore()
    connectSse(responseOf([sse(EVENTS)]), store)
    await settled(store, () => store.getState().runs[0]?.status === 'finished')
    expect(textOf(store)).toBe(TEXT)
    expect(store.getState().diagnostics).toEqual([])
  })

  it('given CRLF framing, comments, multi-line data and chunks split mid-line, should apply every event', async () => {
    const crlf = EVENTS.map((e, i) => {
      const json = JSON.stringify(e)
      // Split one event's JSON over two data lines between two fields: SSE joins them with a newline, which JSON allows there.
      const cut = json.indexOf(',') + 1
      const data = i === 3 ? `data: ${json.slice(0, cut)}\r\ndata: ${json.slice(cut)}` : `data: ${json}`
      return `: keep-alive\r\n${data}\r\n\r\n`
    }).join('')
    const pieces = crlf.match(/[\s\S]{1,7}/g)!
    const store = newStore()
    connectSse(responseOf(pieces), store)
    await settled(store, () => store.getState().runs[0]?.status === 'finished')
    expect(textOf(store)).toBe(TEXT)
    expect(store.getState().diagnostics).toEqual([])
  })

  it('given data that is not JSON, should record a transport diagnostic and keep going', async () => {
    const store = newStore()
    connectSse(responseOf([sse(EVENTS.slice(0, 4)), 'data: {oops\n\n', sse(EVENTS.slice(4))]), store)
    await settled(store, () => store.getState().runs[0]?.status === 'finished')
    expect(textOf(store)).toBe(TEXT)
    expect(store.getState().diagnostics.map((d) => d.code)).toEqual(['transport'])
  })

  it('given a body that ends mid-reasoning, should interrupt the block and keep the text', async () => {
    const store = newStore()
    connectSse(responseOf([sse(EVENTS.slice(0, 4)), 'data: {"type":"REASONING_MESS']), store)
    await settled(store, () => store.getState().blocks[0]?.status === 'interrupted')
    expect(textOf(store)).toBe('Line one\n')
    expect(store.getState().runs[0]!.status).toBe('interrupted')
  })

  it('given an HTTP error, should fail the stream with the status and the start of the body, once', async () => {
    const store = newStore()
    connectSse(new Response('nope', { status: 503, statusText: 'Service Unavailable' }), store)
    await settled(store, () => store.getState().failure !== undefined)
    expect(store.getState().failure).toBe('HTTP 503 Service Unavailable (text/plain;charset=UTF-8): "nope"')
    expect(store.getState().diagnostics.map((d) => [d.code, d.message])).toEqual([
      ['transport', 'The stream failed: HTTP 503 Service Unavailable (text/plain;charset=UTF-8): "nope"'],
    ])
  })

  it('given a URL, should fetch it asking for SSE, and abort the request on disconnect', async () => {
    const store = newStore()
    let signal: AbortSignal | undefined
    const fetch = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
      signal = init?.signal ?? undefined
      expect(new Headers(init?.headers).get('accept')).toBe('text/event-stream')
      expect(init?.method).toBe('POST')
      // A body that never ends: the stream stays open until we disconnect.
      return new Response(new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode(sse(EVENTS.slice(0, 4)))) }))
    })
    const disconnect = connectSource('https://agent.test/run', store, { fetch, init: { method: 'POST' } })
    await settled(store, () => textOf(store) === 'Line one\n')
    disconnect()
    expect(signal?.aborted).toBe(true)
  })
})

describe('connectBody and data: [DONE]', () => {
  it('given an SSE body with [DONE], should tell the reader in its place among the values, and never dispatch it', async () => {
    const store = newStore()
    const seen: unknown[] = []
    const ended = vi.fn()
    connectBody(responseOf(['data: {"n":1}\n\n', 'data: [DONE]\r\n\r\ndata: {"n":2}\n\n']), store, {}, {
      framing: 'sse',
      onValue: (value) => seen.push(value),
      onDone: () => seen.push('done'),
      onEnd: ended,
    })
    await settled(store, () => ended.mock.calls.length === 1)
    expect(seen).toEqual([{ n: 1 }, 'done', { n: 2 }])
    expect(store.getState().diagnostics).toEqual([])
  })

  it('given a reader with no onDone (AG-UI over SSE), should drop [DONE] quietly', async () => {
    const store = newStore()
    connectSse(responseOf([sse(EVENTS), 'data: [DONE]\n\n']), store)
    await settled(store, () => store.getState().runs[0]?.status === 'finished')
    expect(store.getState().diagnostics).toEqual([])
  })
})

describe('connectObservable', () => {
  it('given an Observable of events, should apply them and end the stream on completion', () => {
    const store = newStore()
    connectObservable(from([...EVENTS.slice(0, 5)]), store)
    expect(textOf(store)).toBe(TEXT)
    expect(store.getState().blocks[0]!.status).toBe('interrupted')
  })

  it('given an Observable that errors, should interrupt and record the failure', () => {
    const store = newStore()
    connectObservable(new Observable((s) => {
      EVENTS.slice(0, 4).forEach((e) => s.next(e))
      s.error(new Error('socket closed'))
    }), store)
    expect(store.getState().blocks[0]!.status).toBe('interrupted')
    expect(store.getState().failure).toBe('socket closed')
  })

  it('given a disconnect, should stop applying events', () => {
    const store = newStore()
    let push: (e: object) => void = () => {}
    const disconnect = connectObservable(new Observable<object>((s) => {
      push = (e) => s.next(e)
    }), store)
    push(EVENTS[0]!)
    disconnect()
    push(EVENTS[1]!)
    expect(store.getState().blocks).toEqual([])
  })
})

describe('connectAsyncIterable', () => {
  it('given an async generator, should apply its events and run its finally block on disconnect', async () => {
    const store = newStore()
    let finished = false
    async function* events() {
      try {
        for (const e of EVENTS.slice(0, 4)) yield e
        // Heartbeats until the consumer goes away.
        for (;;) {
          await new Promise((resolve) => setTimeout(resolve, 2))
          yield { type: 'RAW', event: 'heartbeat' }
        }
      } finally {
        finished = true
      }
    }
    const disconnect = connectAsyncIterable(events(), store)
    await settled(store, () => textOf(store) === 'Line one\n')
    disconnect()
    // The user's stop: the block ends interrupted, as stopped, with its text.
    expect(store.getState().blocks[0]!.status).toBe('interrupted')
    expect(store.getState().blocks[0]!.endReason).toBe('stopped')
    expect(store.getState().failure).toBeUndefined()
    await settled(store, () => finished)
  })

  it('given an iterator that throws, should fail the stream', async () => {
    const store = newStore()
    async function* events() {
      yield EVENTS[0]
      throw new Error('upstream died')
    }
    connectAsyncIterable(events(), store)
    await settled(store, () => store.getState().failure === 'upstream died')
  })
})

class ScriptedAgent extends AbstractAgent {
  constructor(private readonly script: (observer: { next(e: BaseEvent): void; error(e: unknown): void; complete(): void }) => void) {
    super({ threadId: 't' })
  }

  run(_input: RunAgentInput): Observable<BaseEvent> {
    return new Observable<BaseEvent>((subscriber) => this.script(subscriber))
  }
}

describe('connectAgent (a real @ag-ui/client AbstractAgent)', () => {
  it('given a run, should receive every event through the subscriber API', async () => {
    const store = newStore()
    const agent = new ScriptedAgent((o) => {
      EVENTS.forEach((e) => o.next(e as BaseEvent))
      o.complete()
    })
    const disconnect = connectAgent(agent, store)
    await agent.runAgent()
    expect(textOf(store)).toBe(TEXT)
    expect(store.getState().blocks[0]!.status).toBe('complete')
    expect(toReasoningMessages(store.getState())).toHaveLength(1)
    disconnect()
  })

  it('given a run that fails mid-reasoning, should interrupt the block and keep the text', async () => {
    // The client logs the failure itself; that is not this test's output.
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const store = newStore()
    const agent = new ScriptedAgent((o) => {
      EVENTS.slice(0, 4).forEach((e) => o.next(e as BaseEvent))
      // Fails later, as a network would, after the client applied what arrived.
      setTimeout(() => o.error(new Error('agent crashed')), 5)
    })
    connectSource(agent, store)
    await agent.runAgent().catch(() => {})
    expect(store.getState().blocks[0]).toMatchObject({ status: 'interrupted' })
    expect(textOf(store)).toBe('Line one\n')
    expect(store.getState().failure).toContain('agent crashed')
    log.mockRestore()
  })
})

describe('connectSource', () => {
  it('given something that is no source, should report it and connect nothing', () => {
    const store = newStore()
    connectSource({ nope: true } as never, store)
    expect(store.getState().diagnostics.map((d) => d.code)).toEqual(['transport'])
  })
})
