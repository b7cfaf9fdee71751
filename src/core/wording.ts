/**
 * The words the kit says about a block, in English, shared by the React labels
 * (which add their own on top) and the markdown export, and the one rule that
 * words how a block ended. Labels with a number receive it formatted
 * (`duration` "12 seconds", `percent` "82%").
 */
import type { ReasoningEndReason, ReasoningStatus } from './model'

/** The words about a block that core and the React layer share (`ReasoningLabels` extends them). */
export interface ReasoningWords {
  /** Streaming, before a duration is known. Also what the live region announces when reasoning starts. */
  readonly thinking: string
  /** Complete (`duration` is long, e.g. "12 seconds"). Also announced. */
  readonly thoughtFor: (duration: string) => string
  /** Complete in under a second. */
  readonly thoughtBriefly: string
  /** Complete, duration unknown (e.g. restored from history without timestamps). */
  readonly thought: string
  /** Interrupted: the run failed, or no reason is known. */
  readonly interrupted: string
  readonly interruptedAfter: (duration: string) => string
  /** Stopped by the user (`endReason` `stopped`). Neutral: a stop is not a failure ("Stopped after 4 seconds"). */
  readonly stopped: string
  readonly stoppedAfter: (duration: string) => string
  /** Cut short by the provider (`endReason` `cut-short`: a token limit, a content filter). */
  readonly cutShort: string
  readonly cutShortAfter: (duration: string) => string
  /** The connection dropped (`endReason` `disconnected`). */
  readonly disconnected: string
  readonly disconnectedAfter: (duration: string) => string
  /** The encrypted-only indicator: the provider hid its reasoning. */
  readonly encrypted: string
  /** Heading of the provider summary inside an open panel (at `full`). */
  readonly summary: string
  readonly conclusion: string
  readonly confidence: (percent: string) => string
  readonly keyFactors: string
  /** `formatted`: the count as the caller formats it (the export: exact, "1,234"; the panels: compact, "1.2K"). */
  readonly reasoningTokens: (count: number, formatted: string) => string
  /**
   * A step's type as a reader says it: `TOOL_CALL`, `tool_call`, `toolCall` → "Tool call".
   * The known types (`KnownStepType`) are worded; any other is humanised ("SOME_TYPE" → "Some type").
   */
  readonly stepType: (type: string) => string
}

/** Step types with words of their own in every locale (MEUP's `reasoning/step` types and common agent step kinds), as `stepTypeKey` normalises them. */
export type KnownStepType =
  | 'tool_call'
  | 'tool_result'
  | 'analysis'
  | 'hypothesis'
  | 'reflection'
  | 'planning'
  | 'search'
  | 'verification'
  | 'observation'
  | 'decision'
  | 'evaluation'

/** Step types longer than this are shown as they are. */
const MAX_STEP_TYPE = 64

/**
 * A step type in one spelling: snake_case, lower case. `TOOL_CALL`, `toolCall`,
 * `ToolCall`, `tool-call` and `tool call` all give `tool_call`.
 */
export function stepTypeKey(type: string): string {
  // Untrusted metadata: a type longer than any real one is not normalised (and the
  // patterns below stay linear: no run of capitals is re-scanned).
  if (type.length > MAX_STEP_TYPE) return type.trim().toLowerCase()
  return type
    .trim()
    .replace(/([a-z\d])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])(?=[A-Z][a-z])/g, '$1_')
    .replace(/[\s\-_.]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase()
}

/** An unknown step type in words: "SOME_TYPE", "someType", "some-type" → "Some type". */
export function humanizeStepType(type: string): string {
  const words = stepTypeKey(type).replace(/_/g, ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/**
 * `type` in a locale's words: a known type as `words` has it, any other
 * humanised (an app's own types are its to translate, by overriding `stepType`).
 * Each locale's `stepType` label calls this with its words.
 */
export function stepTypeWord(type: string, words: Readonly<Record<KnownStepType, string>>): string {
  const key = stepTypeKey(type)
  // Own keys only: a type named "constructor" is not Object.prototype's.
  return Object.hasOwn(words, key) ? words[key as KnownStepType] : humanizeStepType(type)
}

/** The English words for the known step types. */
const englishStepTypes: Readonly<Record<KnownStepType, string>> = {
  tool_call: 'Tool call',
  tool_result: 'Tool result',
  analysis: 'Analysis',
  hypothesis: 'Hypothesis',
  reflection: 'Reflection',
  planning: 'Planning',
  search: 'Search',
  verification: 'Verification',
  observation: 'Observation',
  decision: 'Decision',
  evaluation: 'Evaluation',
}

export const defaultWords: ReasoningWords = {
  thinking: 'Thinking…',
  thoughtFor: (duration) => `Thought for ${duration}`,
  thoughtBriefly: 'Thought for less than a second',
  thought: 'Thought',
  interrupted: 'Reasoning interrupted',
  interruptedAfter: (duration) => `Reasoning interrupted after ${duration}`,
  stopped: 'Stopped thinking',
  stoppedAfter: (duration) => `Stopped after ${duration}`,
  cutShort: 'Reasoning cut short',
  cutShortAfter: (duration) => `Reasoning cut short after ${duration}`,
  disconnected: 'Connection lost while thinking',
  disconnectedAfter: (duration) => `Connection lost after ${duration} of thinking`,
  encrypted: 'Reasoning hidden by the provider',
  summary: 'Summary',
  conclusion: 'Conclusion',
  confidence: (percent) => `Confidence ${percent}`,
  keyFactors: 'Key factors',
  reasoningTokens: (count, formatted) => `${formatted} reasoning ${count === 1 ? 'token' : 'tokens'}`,
  stepType: (type) => stepTypeWord(type, englishStepTypes),
}

/** The labels for an interrupted block, by why it ended: without and with its duration. */
const INTERRUPTED = {
  stopped: ['stopped', 'stoppedAfter'],
  'cut-short': ['cutShort', 'cutShortAfter'],
  disconnected: ['disconnected', 'disconnectedAfter'],
  failed: ['interrupted', 'interruptedAfter'],
} as const satisfies Record<ReasoningEndReason, readonly [keyof ReasoningWords, keyof ReasoningWords]>

export type DurationUnit = 'hour' | 'minute' | 'second'

/**
 * A duration as the kit words it: whole seconds (rounded) in hours, minutes and seconds,
 * zeros left out ("1 hour, 5 seconds"), "0 seconds" for none. The panels and the markdown
 * export format these parts each in their own way.
 */
export function durationParts(ms: number): [number, DurationUnit][] {
  const total = Math.max(0, Math.round(ms / 1000))
  const parts: [number, DurationUnit][] = [[Math.floor(total / 3600), 'hour'], [Math.floor((total % 3600) / 60), 'minute'], [total % 60, 'second']]
  const shown = parts.filter(([n]) => n > 0)
  return shown.length > 0 ? shown : [[0, 'second']]
}

/**
 * How a finished block is worded: complete ("Thought for 12 seconds", "Thought
 * for less than a second", "Thought" without timing) or interrupted, by why it
 * ended ("Stopped after 4 seconds", "Stopped after 1 second" under a second; without timing
 * "Stopped thinking"). `formatDuration` words ms.
 */
export function endedWording(
  block: { readonly status: Exclude<ReasoningStatus, 'streaming'>; readonly endReason?: ReasoningEndReason | undefined },
  duration: number | undefined,
  words: ReasoningWords,
  formatDuration: (ms: number) => string,
): string {
  const long = duration !== undefined && duration >= 1000
  if (block.status === 'interrupted') {
    // Own keys only, whatever a restored history or a caller put in endReason.
    const reason = block.endReason !== undefined && Object.hasOwn(INTERRUPTED, block.endReason) ? block.endReason : 'failed'
    const [short, after] = INTERRUPTED[reason]
    // How long it thought, whenever that is known: under a second counts as one ("Stopped after 1 second").
    return duration === undefined ? words[short] : words[after](formatDuration(Math.max(duration, 1000)))
  }
  if (duration === undefined) return words.thought
  return long ? words.thoughtFor(formatDuration(duration)) : words.thoughtBriefly
}

/**
 * Where a locale's default numbering system in CLDR (48) is not Latin digits,
 * by numbering system: a language (in its usual script), `language-Script` (in
 * another script) or `language-REGION` (in its usual script). Every other locale
 * writes Latin digits, `ar` too (CLDR's default since 42; WebKit's ICU may still
 * say Arabic-Indic). Pinned here so a number reads the same in every engine.
 */
const NATIVE_DIGITS: Readonly<Record<string, string>> = {
  arab: 'ars ckb sd sdh ar-BH ar-DJ ar-EG ar-ER ar-IL ar-IQ ar-JO ar-KM ar-KW ar-LB ar-MR ar-OM ar-PS ar-QA ar-SA ar-SD ar-SO ar-SS ar-SY ar-TD ar-YE',
  arabext: 'fa ks lrc mzn ps pa-Arab uz-Arab ur-IN',
  beng: 'as bn mni',
  deva: 'bgc bho mr ne raj sa sat-Deva',
  adlm: 'ff-Adlm',
  cakm: 'ccp',
  mtei: 'mni-Mtei',
  mymr: 'my',
  nkoo: 'nqo',
  olck: 'sat',
  tibt: 'dz',
}

let nativeDigits: Map<string, string> | undefined
const formattingLocales = new Map<string, string>()

/** The numbering system CLDR gives `locale` by default ('latn' unless `NATIVE_DIGITS` says otherwise). */
function defaultNumberingSystem(locale: Intl.Locale): string {
  nativeDigits ??= new Map(Object.entries(NATIVE_DIGITS).flatMap(([system, tags]) => tags.split(' ').map((tag) => [tag, system] as const)))
  const { language, region } = locale
  // The likely script, to tell `pa-PK` (written in Arabic script) from `pa` (Gurmukhi).
  const script = locale.script ?? locale.maximize().script
  const usualScript = script === new Intl.Locale(language).maximize().script
  return (
    (usualScript && region !== undefined ? nativeDigits.get(`${language}-${region}`) : undefined) ??
    nativeDigits.get(`${language}-${script ?? ''}`) ??
    (usualScript ? nativeDigits.get(language) : undefined) ??
    'latn'
  )
}

/**
 * `locale` as a BCP 47 tag when it is a POSIX locale name, as `LANG` spells it and as WebKit
 * reports the browser language on a machine without a UTF-8 locale: `C`, `POSIX`, `C.UTF-8`
 * (no language: `und`), `en_US.UTF-8` (`en-US`). Any other string is returned as it is.
 */
export function localeTag(locale: string): string {
  const name = locale.replace(/[.@].*/s, '').replace(/_/g, '-')
  return /^(c|posix)?$/i.test(name) ? 'und' : name
}

/**
 * The locale tag the kit gives every `Intl` formatter: `locale`, or the
 * runtime's default, with its numbering system spelled out, so numbers read the same in
 * every engine and ICU version ("1,234" for `ar`, "۱٬۲۳۴" for `fa`). An explicit
 * `-u-nu-` (`ar-u-nu-arab`) is kept. Keywords that change nothing about numbers or lists
 * are dropped, and so is POSIX: an engine without a usable locale reports `C` as
 * `en-US-u-va-posix`, which would print "1234"; that, a POSIX name with no language (`C`,
 * `POSIX`, `C.UTF-8`: what WebKit reports as the browser language there) or no language at all is `en`
 * here, and `en_US.UTF-8` is `en-US`. A malformed `locale` throws a RangeError, as the
 * formatters would.
 */
export function formattingLocale(locale?: string): string {
  const key = locale ?? ''
  let tag = formattingLocales.get(key)
  if (tag === undefined) {
    const named = locale === undefined ? undefined : localeTag(locale)
    const given = new Intl.Locale(named ?? new Intl.NumberFormat().resolvedOptions().locale)
    // Some engines give `und` no language at all (undefined), others 'und'.
    const unusable = !given.language || given.language === 'und'
    const plain = new Intl.Locale(unusable ? 'en' : given.baseName.replace(/-posix(?=-|$)/i, ''))
    const numberingSystem = given.numberingSystem ?? defaultNumberingSystem(plain)
    tag = new Intl.Locale(plain.baseName, { numberingSystem }).toString()
    formattingLocales.set(key, tag)
  }
  return tag
}
