import type { DiagnosticCode, ReasoningEndReason, ReasoningState } from './model'
import { createDraft, report, type Draft } from './draft'
import { applyEvent, endStream } from './reducer'
import { materialize } from './snapshot'

/** When subscribers hear about changes. */
export type FlushMode = 'frame' | 'microtask' | 'sync'

export interface ReasoningStoreOptions {
  /** Batch notifications to one per animation frame (default), one per microtask, or none (`sync`, one per change). */
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

/** Next animation frame where there is one (browsers), else about one frame's time (servers, workers). */
function frame(run: () => void): void {
  if (typeof globalThis.requestAnimationFrame === 'function') globalThis.requestAnimationFrame(() => run())
  else setTimeout(run, 16)
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
