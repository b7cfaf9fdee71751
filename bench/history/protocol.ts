/**
 * What the benchmark page (main.ts) and its runner (run.ts) share.
 * Page URL: `?view=stream|chat&turns=250&measure=deltas|mount|hydrate&deltas=300`.
 */

/**
 * `stream`: one `ReasoningStream` over every block (the headline).
 * `chat`: a message list as a chat lays it out, one memoised turn per run:
 * its `ReasoningTimeline` (blocks and the tool call between them) and the answer.
 */
export const VIEWS = ['stream', 'chat'] as const
export type ViewName = (typeof VIEWS)[number]

export const MEASURES = ['deltas', 'mount', 'hydrate'] as const
export type MeasureName = (typeof MEASURES)[number]

/** One streamed turn over the history. Times in ms. */
export interface DeltasResult {
  readonly measure: 'deltas'
  /** Deltas dispatched (one per animation frame). */
  readonly deltas: number
  /**
   * Per store notification that React committed: from the store calling its
   * listeners (ours is the first one subscribed) to React's commit hook (DOM
   * changed, layout effects run). Browser style, layout and paint are not in it.
   */
  readonly commitMs: readonly number[]
  /** Commits with no notification before them (the live clock's ticks, lazy features arriving). */
  readonly otherCommits: number
  /** Notifications React did not commit for before the next one. */
  readonly missed: number
  /** Panels in the DOM at the end (history blocks + the live one). */
  readonly panels: number
}

/** A first render or a hydration of the history. Times in ms from the start of the measurement. */
export interface MountResult {
  readonly measure: 'mount' | 'hydrate'
  /** `renderToString` of the same element (hydrate only). */
  readonly ssrMs: number | null
  /** To React's first commit (`createRoot().render` or `hydrateRoot`). */
  readonly commitMs: number
  /** To the frame after the one that shows that commit. */
  readonly paintMs: number
  /** To every panel's text in the DOM (closed `full` panels fill theirs in a transition after a client mount) and the frame after. */
  readonly settledMs: number
  readonly panels: number
  /** Hydration errors React recovered from (a mismatch makes React render the client's tree anew). */
  readonly recoverableErrors: readonly string[]
}

export type PageResult = DeltasResult | MountResult

/** What the page puts on `window` for the runner (not `bench`: bench/render's page declares that one). */
export interface BenchHandle {
  /** Resolves once the history is loaded into the store (and, for `deltas`, mounted and settled). */
  readonly ready: Promise<void>
  /** Measures once per page load. */
  run(): Promise<PageResult>
  /** `deltas`: the history is mounted and the turn opened (mark `history:deltas`); stream the deltas now. */
  startDeltas(): void
}

declare global {
  interface Window {
    historyBench?: BenchHandle
  }
}
