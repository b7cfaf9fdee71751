/**
 * The body framing (SSE parser, NDJSON and JSON framers) is a chunk the body
 * reader loads on first use. These tests cover what that adds: a chunk that
 * fails to load ends the stream with a diagnostic (and the next connection
 * tries again), and a disconnect while it loads reads nothing.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'

const sse = (...events: object[]) => events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('')
const RUN = [
  { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
  { type: 'REASONING_MESSAGE_START', messageId: 'm', role: 'reasoning' },
  { type: 'REASONING_MESSAGE_CONTENT', messageId: 'm', delta: 'kept' },
  { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
]
const response = (body: string) => new Response(body, { headers: { 'content-type': 'text/event-stream' } })

/** A fresh copy of the core (and of its module-level framers cache), with `framers` replaced when given. */
async function freshCore(framers?: () => Promise<Record<string, unknown>>) {
  vi.resetModules()
  if (framers) vi.doMock('../../src/core/sources/framers', framers)
  return import('../../src/core/index')
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20))

/**
 * Resolves once the real framing module has loaded (the body reader's `import()`
 * shares it). A test that starts the real load waits for it: an import still in
 * flight after `vi.resetModules()` can land in the next test's registry and
 * stand in for that test's mock.
 */
const framingLoaded = () => import('../../src/core/sources/framers')

afterEach(() => {
  vi.doUnmock('../../src/core/sources/framers')
  vi.resetModules()
})

describe('lazily loaded body framing', () => {
  it('given a framing chunk that fails to load, should end the stream with the failure and a transport diagnostic, and read the next stream once it loads', async () => {
    let fail = true
    const { connectSse, createReasoningStore, selectStreamStatus } = await freshCore(async () => {
      if (fail) throw new Error('Failed to fetch dynamically imported module: /assets/framers-x.js')
      return vi.importActual('../../src/core/sources/framers')
    })
    const store = createReasoningStore({ flush: 'sync' })
    connectSse(response(sse(...RUN)), store)
    await vi.waitFor(() => expect(store.getState().failure).toBeDefined())
    expect(selectStreamStatus(store.getState())).toBe('error')
    expect(store.getState().failure).toContain('The SSE reader could not be loaded')
    const diagnostic = store.getState().diagnostics.at(-1)
    expect(diagnostic?.code).toBe('transport')
    expect(diagnostic?.message).toContain('The SSE reader could not be loaded')

    fail = false
    const next = createReasoningStore({ flush: 'sync' })
    connectSse(response(sse(...RUN)), next)
    await vi.waitFor(() => expect(selectStreamStatus(next.getState())).toBe('complete'))
    expect(next.getState().failure).toBeUndefined()
    expect(next.getState().blocks[0]?.messages[0]?.text).toBe('kept')
  })

  it('given a chunk that failed to load on a connection that ended before it needed it, should load it again for the next one', async () => {
    let fail = true
    const { connectSse, createReasoningStore, selectStreamStatus } = await freshCore(async () => {
      if (fail) throw new Error('Failed to fetch dynamically imported module')
      return vi.importActual('../../src/core/sources/framers')
    })
    // Offline: the request fails as the chunk does, so this connection never awaits the chunk.
    const offline = createReasoningStore({ flush: 'sync' })
    connectSse('http://127.0.0.1:9/agent', offline, { fetch: () => Promise.reject(new TypeError('fetch failed')) })
    await vi.waitFor(() => expect(offline.getState().failure).toContain('The request failed'))
    await settle()

    fail = false
    const online = createReasoningStore({ flush: 'sync' })
    connectSse(response(sse(...RUN)), online)
    await vi.waitFor(() => expect(selectStreamStatus(online.getState())).toBe('complete'))
    expect(online.getState().failure).toBeUndefined()
    expect(online.getState().blocks[0]?.messages[0]?.text).toBe('kept')
  })

  it('given a Response, should lock its body at once, so that reading it twice fails as it did before the framing loaded lazily', async () => {
    const { connectSse, createReasoningStore } = await freshCore()
    const body = response(sse(...RUN))
    const first = createReasoningStore({ flush: 'sync' })
    const disconnect = connectSse(body, first)
    expect(body.body?.locked).toBe(true)
    disconnect()
    const second = createReasoningStore({ flush: 'sync' })
    connectSse(body, second)
    await vi.waitFor(() => expect(second.getState().failure).toContain('The response body cannot be read'))
    await framingLoaded()
  })

  it('given a disconnect while the framing loads, should read nothing and cancel the body', async () => {
    const { connectSse, createReasoningStore } = await freshCore()
    const store = createReasoningStore({ flush: 'sync' })
    // One chunk, then the end: were the body read by mistake, the stream ends rather than feeding a loop forever.
    let reads = 0
    const read = vi.fn(() =>
      Promise.resolve(reads++ === 0 ? { done: false, value: new TextEncoder().encode(sse(...RUN)) } : { done: true, value: undefined }),
    )
    const cancel = vi.fn(() => Promise.resolve())
    const getReader = vi.fn(() => ({ read, cancel, releaseLock: () => {}, closed: Promise.resolve(undefined) }))
    const body = { locked: false, getReader, cancel: () => Promise.resolve() } as unknown as ReadableStream<Uint8Array>
    const disconnect = connectSse({ ok: true, status: 200, headers: new Headers({ 'content-type': 'text/event-stream' }), body }, store)
    // A dynamic import never resolves synchronously: the framing is still loading.
    expect(getReader).toHaveBeenCalledOnce()
    disconnect()
    await framingLoaded()
    await settle()
    expect(read).not.toHaveBeenCalled()
    expect(cancel).toHaveBeenCalledOnce()
    expect(store.getState().blocks).toEqual([])
    expect(store.getState().diagnostics).toEqual([])
  })

  it('given idleTimeoutMs and a chunk that does not load in time, should end the stream saying so, not blaming the server', async () => {
    const { connectSse, createReasoningStore } = await freshCore(() => new Promise(() => {}))
    const store = createReasoningStore({ flush: 'sync' })
    connectSse(response(sse(...RUN)), store, { idleTimeoutMs: 50 })
    await vi.waitFor(() => expect(store.getState().failure).toBeDefined())
    expect(store.getState().failure).toContain('The SSE reader did not load within 0.05 s (idleTimeoutMs: 50)')
    expect(store.getState().failure).not.toContain('No data')
  })
})
