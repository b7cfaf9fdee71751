/**
 * The shape of bench/results/render.json: written by run.ts, read by
 * bench/chart.ts.
 */
import type { ContenderName, PageResult } from './protocol'

/** One cell of the table: a contender at one trace length. */
export interface Measurement extends PageResult {
  readonly contender: ContenderName
  readonly kb: number
  /** First delta to the last paint (wall + toPaint); the stream's wall time when it never painted. */
  readonly totalMs: number
  /** Main-thread CPU time over the run (thread ticks) from CDP `Performance.getMetrics`: TaskDuration, ScriptDuration, LayoutDuration, RecalcStyleDuration. */
  readonly taskMs: number
  readonly scriptMs: number
  readonly layoutMs: number
  readonly styleMs: number
  /** Runs measured; the cell is the median one by `totalMs`. */
  readonly runs: number
  readonly totalMsSamples: readonly number[]
  /** Every run's wall time, longest task (0 when none over 50 ms) and commits per frame, in run order. */
  readonly wallMsSamples: readonly number[]
  readonly longestTaskMsSamples: readonly number[]
  readonly commitsPerFrameSamples: readonly (number | null)[]
}

/** A cell not measured because the contender already exceeded the cap on a shorter trace. */
export interface Skipped {
  readonly contender: ContenderName
  readonly kb: number
  readonly skipped: string
}

export type Cell = Measurement | Skipped

/** bench/results/render.json */
export interface RenderResults {
  readonly machine: {
    readonly cpu: string
    readonly cores: number
    readonly os: string
    readonly node: string
    readonly chromium: string
    /** The 1-minute load average before and after the run (the machine is shared). */
    readonly loadAverage: readonly number[]
  }
  readonly date: string
  readonly command: string
  readonly deltaChars: number
  readonly capMs: number
  readonly headlineKb: number
  readonly cells: readonly Cell[]
  /** Wall-time ratios between contenders, as printed (e.g. kit/kit-plain). */
  readonly ratios: readonly string[]
  readonly targets: readonly { readonly name: string; readonly pass: boolean; readonly value: string }[]
}
