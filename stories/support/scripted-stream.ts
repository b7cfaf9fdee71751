import type { ReasoningStore } from 'reasoning-ui'

export interface PlayOptions {
  /** Milliseconds between events. Default 25. */
  readonly intervalMs?: number
  /** Called just before each event is dispatched (e.g. to move a scripted clock to its timestamp). */
  readonly onEvent?: (event: unknown) => void
  /**
   * Call `store.streamEnded()` after the last event, as a closed transport does.
   * Default true; false leaves whatever the script left open still streaming
   * (a "streaming" story stays streaming).
   */
  readonly endStream?: boolean
  /** Called after the last event. */
  readonly onDone?: () => void
}

/**
 * Plays a list of AG-UI events into a store at a steady pace, as a producer
 * would, and (by default) ends the stream after the last one. Returns a
 * function that stops.
 */
export function playEvents(store: ReasoningStore, events: readonly unknown[], options: PlayOptions = {}): () => void {
  const { intervalMs = 25, onEvent, endStream = true, onDone } = options
  let index = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  const step = () => {
    if (index >= events.length) {
      if (endStream) store.streamEnded()
      onDone?.()
      return
    }
    const event = events[index++]
    onEvent?.(event)
    store.dispatch(event)
    timer = setTimeout(step, intervalMs)
  }
  timer = setTimeout(step, intervalMs)
  return () => clearTimeout(timer)
}
