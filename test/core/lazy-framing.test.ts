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

  it('given a disconnect while the framing loads, should read nothing and cancel the body', async () => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const { connectSse, createReasoningStore } = await freshCore(async () => {
      await gate
      return vi.importActual('../../src/core/sources/framers')
    })
    const store = createReasoningStore({ flush: 'sync' })
    const cancel = vi.fn()
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(sse(...RUN)))
      },
      cancel,
    })
    const disconnect = connectSse(new Response(body, { headers: { 'content-type': 'text/event-stream' } }), store)
    await settle()
    disconnect()
    release()
    await settle()
    expect(cancel).toHaveBeenCalledOnce()
    expect(store.getState().blocks).toEqual([])
    expect(store.getState().diagnostics).toEqual([])
  })
})
