import type { DiagnosticCode, ReasoningEndReason, ReasoningState } from './model'
import { createDraft, report, type Draft } from './draft'
import { applyEvent, endStream } from './reducer'
import { materialize } from './snapshot'

/** When subscribers hear about changes. */
export type FlushMode = 'frame' | 'microtask' | 'sync'

export interface ReasoningStoreOptions {
  /** Batch notifications to one per animation frame (default: in a task just after the frame renders), one per microtask, or none (`sync`, one per change). */
  readonly flush?: FlushMode
  /** The clock used when events carry no `timestamp`. Default `Date.now`. */
  readonly now?: () => number
  /** Diagnostics kept before further ones are only counted. Default 500. */
  readonly maxDiagnostics?: number
}

export interface ReasoningStore {
  /** The current state. Always up to date; the same object until something changes. */
  getState(): ReasoningState
  /** Listen for changes (batched per `flush`). Returns the unsubscribe function. */
  subscribe(listener: () => void): () => void
  /** Apply one AG-UI event. Accepts any value and never throws: bad input becomes a diagnostic. */
  dispatch(event: unknown): void
  /**
   * The transport closed (with the error, if it failed): whatever is open becomes
   * `interrupted`, with `endReason` `reason` — default `disconnected`; pass `'stopped'`
   * when the user stopped it (no error then: a stop is no failure, and no diagnostic).
   */
  streamEnded(error?: unknown, reason?: ReasoningEndReason): void
  /** Record a transport-level diagnostic (for custom sources). */
  report(code: DiagnosticCode, message: string): void
  /** Forget everything and start from the empty state. */
  reset(): void
}

/**
 * Just after the next animation frame renders, where there are frames (browsers), else after about
 * one frame's time (servers, workers). After the frame, not in it: what listeners do with a change
 * (React's render and commit of a streaming panel, the layout that reads) is a task of its own, and
 * the frame's style, layout and paint are another, so that neither adds to the other's task. In the
 * frame's callback, the two made one task that passed 50 ms on a megabyte trace
 * (docs/performance.md). The change shows in the frame after.
 */
function frame(run: () => void): void {
  if (typeof globalThis.requestAnimationFrame === 'function') globalThis.requestAnimationFrame(() => afterRender(run))
  else setTimeout(run, 16)
}

/** Runs waiting for the task after this frame's rendering: one message for all the stores of a page. */
const afterRendering: (() => void)[] = []
let channel: MessageChannel | undefined

/** Runs `run` in a task of its own: posted from a frame's callback, it comes after that frame's rendering. */
function afterRender(run: () => void): void {
  if (typeof MessageChannel !== 'function') return void setTimeout(run, 0)
  if (!channel) {
    channel = new MessageChannel()
    channel.port1.onmessage = () => {
      for (const next of afterRendering.splice(0)) {
        try {
          next()
        } catch (error) {
          // Each store's error surfaces, in a task of its own, and starves no other store.
          setTimeout(() => {
            throw error
          })
        }
      }
    }
    // Node's ports keep its process alive while they listen; a store never waits on one.
    ;(channel.port1 as { unref?: () => void }).unref?.()
  }
  if (afterRendering.push(run) === 1) channel.port2.postMessage(null)
}

export function createReasoningStore(options: ReasoningStoreOptions = {}): ReasoningStore {
  const { flush = 'frame', now = Date.now, maxDiagnostics = 500 } = options
  let draft: Draft = createDraft(now, maxDiagnostics)
  const listeners = new Set<() => void>()
  let scheduled = false
  let notified: ReasoningState | undefined

  const getState = () => materialize(draft)

  const notify = () => {
    scheduled = false
    const state = getState()
    if (state === notified) return
    notified = state
    // The next frame is asked for now, before a source that dispatches in its own frame callbacks
    // dispatches into it: asked for then, it would be the frame after, and such a source would be
    // shown every other frame. Nothing changed by then: it notifies nothing, and asks for no more.
    if (flush === 'frame') {
      scheduled = true
      frame(notify)
    }
    let failure: { error: unknown } | undefined
    for (const listener of [...listeners]) {
      try {
        listener()
      } catch (error) {
        // One broken listener must not starve the others; its error still surfaces.
        failure ??= { error }
      }
    }
    if (failure) throw failure.error
  }

  const schedule = () => {
    if (!draft.changed || listeners.size === 0) return
    if (flush === 'sync') return notify()
    if (scheduled) return
    scheduled = true
    if (flush === 'microtask') queueMicrotask(notify)
    else frame(notify)
  }

  return {
    getState,
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    dispatch(event) {
      applyEvent(draft, event)
      schedule()
    },
    streamEnded(error, reason) {
      endStream(draft, error, reason)
      schedule()
    },
    report(code, message) {
      report(draft, code, message, -1)
      schedule()
    },
    reset() {
      draft = createDraft(now, maxDiagnostics)
      // A fresh state object, so that every reader sees the change.
      draft.changed = true
      schedule()
    },
  }
}
