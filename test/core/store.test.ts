import { afterEach, describe, expect, it, vi } from 'vitest'
import { createReasoningStore } from '../../src/core/index'
import { content, msgStart, run } from '../helpers/events'

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('createReasoningStore', () => {
  it('given flush "sync", should notify once per change and never for a no-op', () => {
    const store = createReasoningStore({ flush: 'sync' })
    const listener = vi.fn()
    store.subscribe(listener)
    store.dispatch(run())
    store.dispatch(msgStart('m'))
    store.dispatch(content('m', ''))
    store.dispatch({ type: 'UNKNOWN' })
    expect(listener).toHaveBeenCalledTimes(2)
  })

  it('given flush "microtask", should notify once for a burst of events', async () => {
    const store = createReasoningStore({ flush: 'microtask' })
    const listener = vi.fn()
    store.subscribe(listener)
    store.dispatch(run())
    store.dispatch(msgStart('m'))
    for (let i = 0; i < 100; i++) store.dispatch(content('m', 'x'))
    expect(listener).not.toHaveBeenCalled()
    await Promise.resolve()
    expect(listener).toHaveBeenCalledTimes(1)
    expect(store.getState().blocks[0]!.messages[0]!.text).toHaveLength(100)
  })

  /** A store with the default flush and a listener, on frames the test runs: `callbacks` holds what was asked of the next one. */
  function storeOnTestFrames() {
    const callbacks: FrameRequestCallback[] = []
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => callbacks.push(cb))
    const store = createReasoningStore()
    const listener = vi.fn()
    store.subscribe(listener)
    store.dispatch(run())
    store.dispatch(msgStart('m'))
    return { callbacks, store, listener }
  }

  it('given flush "frame" (the default), should notify once per animation frame, in a task after it renders', async () => {
    const { callbacks, store, listener } = storeOnTestFrames()
    store.dispatch(content('m', 'a'))
    expect(callbacks).toHaveLength(1)
    callbacks.shift()!(0)
    // Not in the frame's callback, nor in a microtask of it: in a task of its own.
    expect(listener).not.toHaveBeenCalled()
    await Promise.resolve()
    expect(listener).not.toHaveBeenCalled()
    await vi.waitFor(() => expect(listener).toHaveBeenCalledTimes(1))
    store.dispatch(content('m', 'b'))
    store.dispatch(content('m', 'c'))
    expect(callbacks).toHaveLength(1)
    callbacks.shift()!(16)
    await vi.waitFor(() => expect(listener).toHaveBeenCalledTimes(2))
    expect(store.getState().blocks[0]!.messages[0]!.text).toBe('abc')
    // The next frame was asked for already; with nothing new by then, it notifies nothing and asks for no more.
    expect(callbacks).toHaveLength(1)
    callbacks.shift()!(32)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(listener).toHaveBeenCalledTimes(2)
    expect(callbacks).toHaveLength(0)
  })

  it('given flush "frame" and a source that dispatches in its own frame callbacks, should notify at every frame', async () => {
    const { callbacks, store, listener } = storeOnTestFrames()
    let sent = 0
    const produce = () =>
      requestAnimationFrame(() => {
        store.dispatch(content('m', String(sent++ % 10)))
        produce()
      })
    produce()
    /** One frame: its callbacks in the order they were asked for, then the tasks after its rendering. */
    const frameRuns = async (time: number) => {
      for (const callback of callbacks.splice(0)) callback(time)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    await frameRuns(0)
    const before = listener.mock.calls.length
    for (let frame = 1; frame <= 6; frame++) {
      await frameRuns(frame * 16)
      expect(listener).toHaveBeenCalledTimes(before + frame)
    }
    expect(store.getState().blocks[0]!.messages[0]!.text).toHaveLength(sent)
  })

  it('given flush "frame" and three stores, two with a listener that throws, should still notify the other and surface every error', async () => {
    const callbacks: FrameRequestCallback[] = []
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => callbacks.push(cb))
    const errors: unknown[] = []
    const onError = (error: unknown) => errors.push(error)
    const vitestHandlers = process.listeners('uncaughtException')
    process.removeAllListeners('uncaughtException')
    process.on('uncaughtException', onError)
    try {
      const broken = createReasoningStore()
      const fine = createReasoningStore()
      const alsoBroken = createReasoningStore()
      broken.subscribe(() => {
        throw new Error('bad listener')
      })
      alsoBroken.subscribe(() => {
        throw new Error('another bad listener')
      })
      const listener = vi.fn()
      fine.subscribe(listener)
      broken.dispatch(run())
      fine.dispatch(run())
      alsoBroken.dispatch(run())
      for (const callback of callbacks.splice(0)) callback(0)
      await vi.waitFor(() => expect(listener).toHaveBeenCalledTimes(1))
      // Every store's error surfaces, not only the first one's.
      await vi.waitFor(() => expect(errors).toEqual([new Error('bad listener'), new Error('another bad listener')]))
    } finally {
      process.off('uncaughtException', onError)
      for (const handler of vitestHandlers) process.on('uncaughtException', handler)
    }
  })

  it('given getState between notifications, should already be current', () => {
    const store = createReasoningStore({ flush: 'microtask' })
    store.dispatch(run())
    store.dispatch(msgStart('m'))
    store.dispatch(content('m', 'now'))
    expect(store.getState().blocks[0]!.messages[0]!.text).toBe('now')
  })

  it('given an unsubscribed listener, should not call it', () => {
    const store = createReasoningStore({ flush: 'sync' })
    const listener = vi.fn()
    const off = store.subscribe(listener)
    off()
    store.dispatch(run())
    expect(listener).not.toHaveBeenCalled()
  })

  it('given a listener that throws, should still notify the others and surface the error', () => {
    const store = createReasoningStore({ flush: 'sync' })
    const good = vi.fn()
    store.subscribe(() => {
      throw new Error('bad listener')
    })
    store.subscribe(good)
    expect(() => store.dispatch(run())).toThrow('bad listener')
    expect(good).toHaveBeenCalledTimes(1)
  })

  it('given reset, should return to an empty state and notify', () => {
    const store = createReasoningStore({ flush: 'sync' })
    store.dispatch(run())
    store.dispatch(msgStart('m'))
    const listener = vi.fn()
    store.subscribe(listener)
    store.reset()
    expect(store.getState().blocks).toEqual([])
    expect(store.getState().runs).toEqual([])
    expect(listener).toHaveBeenCalledTimes(1)
  })

  it('given report(), should add a transport diagnostic with event index -1', () => {
    const store = createReasoningStore({ flush: 'sync' })
    store.report('transport', 'HTTP 502')
    expect(store.getState().diagnostics).toEqual([{ code: 'transport', message: 'HTTP 502', eventIndex: -1 }])
  })
})
