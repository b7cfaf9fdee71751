import type { ReasoningStore } from '../store'
import type { Disconnect, ObservableLike } from './types'

/** Feeds a store from an Observable-like of AG-UI events; completion or error ends the stream, disconnecting stops it. */
export function connectObservable(source: ObservableLike, store: ReasoningStore): Disconnect {
  let active = true
  const subscription = source.subscribe({
    next: (event) => {
      if (active) store.dispatch(event)
    },
    error: (error) => {
      if (active) store.streamEnded(error ?? new Error('The event stream failed.'))
    },
    complete: () => {
      if (active) store.streamEnded()
    },
  })
  return () => {
    if (!active) return
    active = false
    if (typeof subscription === 'function') subscription()
    else subscription.unsubscribe()
    store.streamEnded(undefined, 'stopped')
  }
}
