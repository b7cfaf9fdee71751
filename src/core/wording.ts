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
  /** Stopped by the user (`endReason` `stopped`). Neutral: a stop is not a failure ("Stopped thinking after 4 seconds"). */
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

/**
 * A step type in one spelling: snake_case, lower case. `TOOL_CALL`, `toolCall`,
 * `ToolCall`, `tool-call` and `tool call` all give `tool_call`.
 */
export function stepTypeKey(type: string): string {
  return type
    .trim()
    .replace(/([a-z\d])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
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
  stoppedAfter: (duration) => `Stopped thinking after ${duration}`,
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

/**
 * How a finished block is worded: complete ("Thought for 12 seconds", "Thought
 * for less than a second", "Thought" without timing) or interrupted, by why it
 * ended ("Stopped thinking after 4 seconds"). `formatDuration` words ms.
 */
export function endedWording(
  block: { readonly status: Exclude<ReasoningStatus, 'streaming'>; readonly endReason?: ReasoningEndReason | undefined },
  duration: number | undefined,
  words: ReasoningWords,
  formatDuration: (ms: number) => string,
): string {
  const long = duration !== undefined && duration >= 1000
  if (block.status === 'interrupted') {
    const [short, after] = INTERRUPTED[block.endReason ?? 'failed']
    return long ? words[after](formatDuration(duration)) : words[short]
  }
  if (duration === undefined) return words.thought
  return long ? words.thoughtFor(formatDuration(duration)) : words.thoughtBriefly
}
