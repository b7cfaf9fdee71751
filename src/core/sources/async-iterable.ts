import type { ReasoningStore } from '../store'
import type { Disconnect } from './types'

/** Feeds a store from an async iterable of AG-UI events; the end of iteration ends the stream, disconnecting stops it. */
export function connectAsyncIterable(source: AsyncIterable<unknown>, store: ReasoningStore): Disconnect {
  let active = true
  const iterator = source[Symbol.asyncIterator]()
  void (async () => {
    try {
      for (;;) {
        const step = await iterator.next()
        if (!active) return
        if (step.done) break
        store.dispatch(step.value)
      }
      active = false
      store.streamEnded()
    } catch (error) {
      if (!active) return
      active = false
      store.streamEnded(error ?? new Error('The event stream failed.'))
    }
  })()
  return () => {
    if (!active) return
    active = false
    store.streamEnded(undefined, 'stopped')
    // Lets generators run their finally blocks; a rejection here is of no interest any more.
    iterator.return?.().catch(() => {})
  }
}
