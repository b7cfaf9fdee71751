/**
 * Builders for the AG-UI events the stories play. Plain objects, exactly what a
 * producer would send; a `Script` gives them `timestamp`s on a scripted clock so
 * every story shows the same durations on every run.
 */
import type { TokenUsage } from '@ag-ui/core'

/** An AG-UI event as a plain object. */
export type AgUiEvent = Readonly<Record<string, unknown>>

/** 15 January 2026, 09:30 UTC: every script's clock starts here. */
export const T0 = Date.UTC(2026, 0, 15, 9, 30, 0)

type Events = AgUiEvent | readonly AgUiEvent[]

/**
 * A script on a clock: stamps every event with an integer `timestamp` (epoch ms)
 * so blocks get the same durations on every run.
 */
export class Script {
  private readonly list: AgUiEvent[] = []

  /**
   * @param at timestamp of the first event (default `T0`)
   * @param gap milliseconds between events added with `add` (a model emitting tokens; default 120)
   */
  constructor(private at = T0, private readonly gap = 120) {}

  /** Events `gap` apart, the first `gap` after the previous event. */
  add(...events: Events[]): this {
    for (const event of events.flat()) this.push(event, this.gap)
    return this
  }

  /** Events spread evenly over `ms`: the first `gap` after the previous event, the last `ms` after the first. */
  over(ms: number, ...events: Events[]): this {
    const flat = events.flat()
    const step = flat.length > 1 ? ms / (flat.length - 1) : 0
    flat.forEach((event, i) => this.push(event, i === 0 ? this.gap : step))
    return this
  }

  /** A pause. */
  wait(ms: number): this {
    this.at += ms
    return this
  }

  /** The stamped events. */
  get events(): readonly AgUiEvent[] {
    return this.list
  }

  private push(event: AgUiEvent, after: number): void {
    this.at += this.list.length === 0 ? 0 : after
    this.list.push({ ...event, timestamp: Math.round(this.at) })
  }
}

/** `metadata.reasoningUi`, the namespace for what AG-UI has no field for (see README). */
const ui = (reasoningUi: object | undefined) => (reasoningUi ? { metadata: { reasoningUi } } : {})

export const runStarted = (runId = 'run-1', threadId = 'thread-1'): AgUiEvent => ({ type: 'RUN_STARTED', threadId, runId })
export const runFinished = (runId = 'run-1', threadId = 'thread-1', usage?: readonly TokenUsage[]): AgUiEvent => ({
  type: 'RUN_FINISHED', threadId, runId, ...(usage && { usage }),
})

/** What a reasoning model bills for a run (AG-UI 1.0 `usage`): `reasoning` of the `output` tokens were reasoning. */
export const usage = (input: number, output: number, reasoning: number): TokenUsage[] => [
  { provider: 'openai', model: 'o4-mini', inputTokens: input, outputTokens: output, totalTokens: input + output, reasoningTokens: reasoning },
]
export const runError = (message: string): AgUiEvent => ({ type: 'RUN_ERROR', message })

/** `REASONING_START`; `reasoningUi` may carry a `title`. */
export const reasoningStart = (messageId: string, reasoningUi?: object): AgUiEvent => ({
  type: 'REASONING_START', messageId, ...ui(reasoningUi),
})

/** `REASONING_END`; `reasoningUi` may carry the outcome (`conclusion`, `confidence`, `keyFactors`). */
export const reasoningEnd = (messageId: string, reasoningUi?: object): AgUiEvent => ({
  type: 'REASONING_END', messageId, ...ui(reasoningUi),
})

export interface MessageOptions {
  /** `metadata.reasoningUi` on the start (e.g. `{ kind: 'summary' }` or a step). */
  readonly ui?: object
  /** How the text is cut into deltas: token-sized `words` (default), or whole `paragraphs` (long traces). */
  readonly deltas?: 'words' | 'paragraphs'
  /** Leave the message open (no `REASONING_MESSAGE_END`): it is still streaming. */
  readonly open?: boolean
  /** Extra fields for every event of the message (e.g. `subagentRunId`). */
  readonly extra?: object
}

/** A reasoning message: start, its text as deltas, end. */
export function reasoningMessage(messageId: string, text: string, options: MessageOptions = {}): AgUiEvent[] {
  const { deltas = 'words', open = false, extra = {} } = options
  const pieces = deltas === 'words' ? words(text) : paragraphs(text)
  return [
    { type: 'REASONING_MESSAGE_START', messageId, role: 'reasoning', ...ui(options.ui), ...extra },
    ...pieces.map((delta) => ({ type: 'REASONING_MESSAGE_CONTENT', messageId, delta, ...extra })),
    ...(open ? [] : [{ type: 'REASONING_MESSAGE_END', messageId, ...extra }]),
  ]
}

/** `REASONING_ENCRYPTED_VALUE` for a message (or, with `subtype: 'tool-call'`, a tool call). */
export const encryptedValue = (entityId: string, value: string, subtype: 'message' | 'tool-call' = 'message'): AgUiEvent => ({
  type: 'REASONING_ENCRYPTED_VALUE', subtype, entityId, encryptedValue: value,
})

/** A tool call with its arguments and result. `open` leaves it running. */
export function toolCall(toolCallId: string, toolCallName: string, args: object, result?: string, open = false): AgUiEvent[] {
  return [
    { type: 'TOOL_CALL_START', toolCallId, toolCallName },
    { type: 'TOOL_CALL_ARGS', toolCallId, delta: JSON.stringify(args) },
    ...(open ? [] : [{ type: 'TOOL_CALL_END', toolCallId }]),
    ...(result === undefined ? [] : [{ type: 'TOOL_CALL_RESULT', messageId: `${toolCallId}-result`, toolCallId, content: result, role: 'tool' }]),
  ]
}

/** The assistant's answer, as text message events. */
export function answer(messageId: string, text: string): AgUiEvent[] {
  return [
    { type: 'TEXT_MESSAGE_START', messageId, role: 'assistant' },
    ...words(text).map((delta) => ({ type: 'TEXT_MESSAGE_CONTENT', messageId, delta })),
    { type: 'TEXT_MESSAGE_END', messageId },
  ]
}

/** Token-sized deltas (a word with the whitespace before it); joined they give back `text`. */
export function words(text: string): string[] {
  return text.match(/\s*\S+|\s+$/g) ?? []
}

/** Paragraph-sized deltas (each with the blank line after it); joined they give back `text`. */
export function paragraphs(text: string): string[] {
  return text.match(/[^]*?(?:\n\n+|$)/g)?.filter((p) => p !== '') ?? []
}
