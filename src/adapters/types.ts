import type { ReasoningUiMetadata } from '../core/model'

/** An AG-UI 1.0 event as adapters emit it: plain data that passes `@ag-ui/core/schemas`. */
export interface AgUiEvent {
  readonly type: string
  readonly timestamp?: number
  readonly [field: string]: unknown
}

/** A provider event an adapter could not use. The adapter skipped it and went on. */
export interface AdapterDiagnostic {
  readonly message: string
  /** Index of the provider event among those pushed (0-based). */
  readonly index: number
}

/**
 * A pure, streaming translator from one provider's events to AG-UI events.
 * Never throws: unknown provider events are ignored, malformed ones are
 * skipped with a diagnostic.
 */
export interface Translator<P = unknown> {
  /** Translates one provider event (parsed JSON) into the AG-UI events it means (possibly none). */
  push(event: P): AgUiEvent[]
  /**
   * The provider stream is over: closes what is still open. A stream that ended
   * before the provider said it was complete ends with `RUN_ERROR`, so open
   * reasoning is marked interrupted and keeps its text.
   */
  end(): AgUiEvent[]
  /** Every provider event skipped so far, in order. */
  readonly diagnostics: readonly AdapterDiagnostic[]
}

export interface TranslatorOptions {
  /** Thread id for `RUN_STARTED` / `RUN_FINISHED`. Default `'thread'`. */
  readonly threadId?: string
  /** Run id. Default: the provider's response id when it has one, else `'run'`. */
  readonly runId?: string
  /** Clock for event `timestamp`s where the provider gives none. Default `Date.now`. */
  readonly now?: () => number
}

export type { ReasoningUiMetadata }
