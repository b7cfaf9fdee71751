import type { ReasoningStore } from '../../src/index'

export interface PlayOptions {
  /** Milliseconds between events. Default 25. */
  readonly intervalMs?: number
  /** Called after the last event. */
  readonly onDone?: () => void
}

/**
 * Plays a list of AG-UI events into a store at a steady pace, as a producer
 * would, and ends the stream after the last one. Returns a function that stops.
 */
export function playEvents(store: ReasoningStore, events: readonly unknown[], options: PlayOptions = {}): () => void {
  const { intervalMs = 25, onDone } = options
  let index = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  const step = () => {
    if (index >= events.length) {
      store.streamEnded()
      onDone?.()
      return
    }
    store.dispatch(events[index++])
    timer = setTimeout(step, intervalMs)
  }
  timer = setTimeout(step, intervalMs)
  return () => clearTimeout(timer)
}
