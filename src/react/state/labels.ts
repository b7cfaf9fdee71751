/**
 * Every word the kit shows, with English defaults, and duration formatting with
 * `Intl` so units and plurals are right in every locale ("1 second", "2 Sekunden",
 * "5 секунд"). Labels that contain a number are functions that receive it already
 * formatted for the locale. The words core shares with the markdown export come
 * from `core/wording.ts`. Every formatter here writes the locale's one numbering
 * system (`formattingLocale`), whichever engine runs it.
 */
import { defaultWords, durationParts, formattingLocale, type DurationUnit, type ReasoningWords } from '../../core/wording'

export interface ReasoningLabels extends ReasoningWords {
  /** Streaming, with the live counter (`elapsed` is short, e.g. "7s"). */
  readonly thinkingFor: (elapsed: string) => string
  /** The summary view when a block has neither a provider summary nor titles. */
  readonly noSummary: string
  /** Accessible name of the scrollable reasoning text. */
  readonly content: string
  /** "N steps" beside a block in the timeline and panel header. */
  readonly steps: (count: number, formatted: string) => string
  /** A tool call that finished (timeline). */
  readonly toolCall: (name: string) => string
  /** A tool call still running (timeline). */
  readonly toolCallRunning: (name: string) => string
  /** A tool call cut off by the end of the stream (timeline). */
  readonly toolCallInterrupted: (name: string) => string
  /** Reasoning done by a subagent (`name` may be the run id when the subagent has no name). */
  readonly subagent: (name: string) => string
  /** The copy button of a code block in rendered markdown. */
  readonly copyCode: string
  /** The panel's button that copies what the block shows (`ReasoningCopy`). */
  readonly copy: string
  /** What a copy button says for a moment after copying. */
  readonly copied: string
  /** The panel's button that lifts the body's height cap. */
  readonly showAll: string
  /** The same button once it has: puts the cap back. */
  readonly showLess: string
  /** Caption of a tool call's arguments (what `ReasoningToolCall` opens to, as an app lays it out). */
  readonly toolArguments: string
  /** Caption of a tool call's result. */
  readonly toolResult: string
}

export const defaultLabels: ReasoningLabels = {
  ...defaultWords,
  thinkingFor: (elapsed) => `Thinking · ${elapsed}`,
  noSummary: 'No summary available',
  content: 'Reasoning',
  steps: (count, formatted) => `${formatted} ${count === 1 ? 'step' : 'steps'}`,
  toolCall: (name) => `Called ${name}`,
  toolCallRunning: (name) => `Calling ${name}…`,
  toolCallInterrupted: (name) => `${name} did not finish`,
  subagent: (name) => `Subagent ${name}`,
  copyCode: 'Copy code',
  copy: 'Copy',
  copied: 'Copied',
  showAll: 'Show all',
  showLess: 'Show less',
  toolArguments: 'Arguments',
  toolResult: 'Result',
}

/** The defaults with the caller's overrides on top (later arguments win). */
export function mergeLabels(...overrides: (Partial<ReasoningLabels> | undefined)[]): ReasoningLabels {
  let labels = defaultLabels
  for (const o of overrides) if (o) labels = { ...labels, ...definedOnly(o) }
  return labels
}

/** `o` without its undefined entries, so spreading it keeps what it would override. */
export function definedOnly<T extends object>(o: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> }
}

export type DurationStyle = 'long' | 'narrow'

const numberFormats = new Map<string, Intl.NumberFormat>()
const listFormats = new Map<string, Intl.ListFormat>()

/** One `Intl.NumberFormat` per locale and options, made once: building one costs milliseconds, and panels format on every streaming render. */
function numberFormat(locale: string | undefined, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`
  let format = numberFormats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(formattingLocale(locale), options)
    numberFormats.set(key, format)
  }
  return format
}

function unitFormat(locale: string | undefined, unit: DurationUnit, style: DurationStyle): Intl.NumberFormat {
  return numberFormat(locale, { style: 'unit', unit, unitDisplay: style })
}

function listFormat(locale: string | undefined, style: DurationStyle): Intl.ListFormat {
  const key = `${locale ?? ''}|${style}`
  let format = listFormats.get(key)
  if (!format) {
    format = new Intl.ListFormat(formattingLocale(locale), { type: 'unit', style })
    listFormats.set(key, format)
  }
  return format
}

/**
 * A duration in whole seconds (rounded), as `Intl` words for the locale:
 * `long` "1 minute, 5 seconds", `narrow` "1m 5s". Hours appear from 60 minutes.
 * Sub-second durations are the caller's to word (see `thoughtBriefly`).
 */
export function formatDuration(ms: number, locale?: string, style: DurationStyle = 'long'): string {
  const parts = durationParts(ms).map(([n, unit]) => unitFormat(locale, unit, style).format(n))
  return parts.length === 1 ? parts[0]! : listFormat(locale, style).format(parts)
}

/** ISO 8601 duration for `<time dateTime>`, e.g. `PT12.3S`. */
export function isoDuration(ms: number): string {
  return `PT${Math.max(0, Math.round(ms / 100) / 10)}S`
}

/** 0..1 as a locale percentage ("82%", "82 %"). */
export function formatPercent(value: number, locale?: string): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(value)
}

const prepared = new Set<string>()

/**
 * Builds, when the page is next idle, the formatters a streaming panel will
 * need (counts, percentages, durations in both styles), once per locale. A page's first
 * `Intl` formatter loads the locale's data, 10–25 ms in Chromium: built on
 * demand, that lands in the frame that shows the second heading or the first
 * second, while text streams. An invalid locale is left to throw where it is used.
 */
export function prepareFormats(locale: string | undefined): void {
  const key = locale ?? ''
  if (prepared.has(key)) return
  prepared.add(key)
  // One formatter per idle callback: together they take 40 ms and more, and a callback that
  // its timeout forces to run mid-stream must not be a long task itself.
  const steps = [
    () => formatCount(1, locale),
    () => formatTokenCount(1234, locale),
    () => formatPercent(0.5, locale),
    // Hours, minutes and seconds, and the list that joins them, in both styles.
    () => formatDuration(3_661_000, locale, 'narrow'),
    () => formatDuration(3_661_000, locale, 'long'),
  ]
  const next = () => {
    const step = steps.shift()
    if (step === undefined) return
    try {
      step()
    } catch {
      // Not ours to report here: the render that uses this locale does.
      return
    }
    later(next)
  }
  later(next)
}

function later(callback: () => void): void {
  if (typeof globalThis.requestIdleCallback === 'function') globalThis.requestIdleCallback(callback, { timeout: 1000 })
  else setTimeout(callback, 0)
}

/** A count in the locale's digits ("1,234"; "١٬٢٣٤" for `ar-EG` or `ar-u-nu-arab`). */
export function formatCount(value: number, locale?: string): string {
  return numberFormat(locale).format(value)
}

/** A token count in the locale's compact notation, two significant digits: "768", "1.2K", "12K", "3.4M" in English. */
export function formatTokenCount(value: number, locale?: string): string {
  return numberFormat(locale, { notation: 'compact' }).format(value)
}
