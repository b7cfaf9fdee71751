/**
 * What the benchmark page (main.ts) and its runner (run.ts) share: the
 * contenders, what a contender module provides, and what one run reports.
 */

/** The renderers under test, in table order. */
export const CONTENDERS = ['kit', 'kit-plain', 'naive', 'streamdown', 'floor', 'floor-markdown'] as const

export type ContenderName = (typeof CONTENDERS)[number]

/**
 * What large.ts streams megabytes into: the kit, and the floors laid out as the kit lays out a long
 * text: plain text (floor-grouped.ts) and markdown (floor-markdown-grouped.ts).
 */
export const LARGE_CONTENDERS = ['kit', 'floor-grouped', 'floor-markdown-grouped'] as const

export type LargeContender = (typeof LARGE_CONTENDERS)[number]

/** Every contender the page can load. */
export type PageContender = ContenderName | LargeContender

/** One renderer on the page, fed one delta at a time. */
export interface Contender {
  /** Renders the empty view into `host`; resolves once the first delta may come. */
  mount(host: HTMLElement): Promise<void>
  /** Hands over one delta; returns when the contender is done with it. */
  push(delta: string): void
  /**
   * The last delta was handed over: called by the page in the same task, inside the measured span.
   * For a streaming parser that holds the text's last character back until it knows what follows
   * (the markdown floors: streaming-markdown always does), as the message's end would tell it.
   */
  textEnd?(): void
  /**
   * The reasoning text as the DOM shows it (no status labels, buttons or other chrome), in pieces
   * in document order: a paragraph or a line each, with its line breaks where the contender shows
   * the source. The page reads it piece by piece (see main.ts `compareShown`).
   */
  shown(): readonly string[]
  /**
   * The text of the last element `shown()` reads (the last paragraph or line as the DOM shows it):
   * cheap to read, so the page compares all of `shown()` with the trace only once it ends as the trace
   * does. Without it, all of the text is read and compared every frame until it matches.
   */
  shownEnd?(): string
  /** Shows the markdown source as it is (plain text), rather than rendering it. */
  readonly showsSource: boolean
  /** React commits so far (see commits.ts); null where there is no React. */
  commits(): number | null
  /** Ends the block (the kit: the message and the span end). */
  finish?(): void
  /** The element the text scrolls in (the kit: the open panel's body). */
  scroller?(): HTMLElement | null
  /** Unmounts the view and lets go of its store: what they held becomes garbage (large.ts reads how much). */
  unmount?(): void
}

/** Scrolling the finished text, frame by frame (large.ts). */
export interface ScrollResult {
  readonly frames: number
  readonly scrollHeight: number
  /** The time between consecutive frames, ms (about 16.7 at 60 Hz when no frame ran long). */
  readonly intervals: readonly number[]
  readonly longTasks: number
  readonly longestTaskMs: number
  /** The longest task from the block's end (`finish()`) through the 30 frames after it (0: none over 50 ms). */
  readonly endLongestTaskMs: number
}

/** What one streamed trace measured, in the page. Times in ms. */
export interface PageResult {
  readonly deltas: number
  /** Deltas handed over before the stream ended (fewer when capped). */
  readonly delivered: number
  /** The stream was stopped at the cap. */
  readonly capped: boolean
  /** From the first delta's task starting to the last delta's task returning. */
  readonly wallMs: number
  /**
   * From the last delta handled to the frame after the one that shows the full text; null when it never did.
   * Under `&check=late`: to the last change of the DOM before the full text was found (checked after 10 still frames).
   */
  readonly toPaintMs: number | null
  /** Animation frames (rAF callbacks) from the first delta to that last frame. */
  readonly frames: number
  /** React commits over the same span; null for the plain-DOM floor. */
  readonly commits: number | null
  /** 'longtask' entries (tasks over 50 ms) over the same span, and the longest one. */
  readonly longTasks: number
  readonly longestTaskMs: number
  /** Each long task: when it started (ms after the first delta) and how long it took. */
  readonly longTaskTimes: readonly (readonly [number, number])[]
  /** Visible characters (letters and digits, markdown syntax set aside; see text.ts) of the trace, and of what the DOM shows at the end. */
  readonly expectedChars: number
  readonly shownChars: number
  /** The DOM shows exactly the trace's visible characters, in order. */
  readonly textOk: boolean
  /** The trace's last paragraph is the end of what the DOM shows. */
  readonly lastParagraphOk: boolean
}

/** What the page puts on `window` for the runner. */
export interface BenchHandle {
  /** Resolves when the contender is mounted and the page has settled. */
  readonly ready: Promise<void>
  /** Deltas handed over so far. */
  progress(): number
  /** After `run()`: ends the block and scrolls its text (see main.ts). */
  scroll(frames: number, step: number): Promise<ScrollResult>
  /** Streams the trace and measures; call once. */
  run(): Promise<PageResult>
  /** After `run()`: unmounts the contender (see `Contender.unmount`). */
  unmount(): Promise<void>
}

declare global {
  interface Window {
    bench?: BenchHandle
  }
}
