/**
 * The public, immutable model of reasoning that the reducer produces.
 * Everything here is plain data: safe to render, compare by identity and
 * serialise. Encrypted values live here for the round trip only; the
 * visibility projection (`visibility.ts`) is what the UI renders.
 */
import type { TokenUsage } from '@ag-ui/core'

/** Lifecycle of a block, message, text message or tool call. One string, never several booleans. */
export type ReasoningStatus = 'streaming' | 'complete' | 'interrupted'

/**
 * Why an `interrupted` block (or run) ended before it finished:
 * * `stopped` — the user (the app) stopped it: a source's disconnect function, an aborted
 *   `init.signal`, `streamEnded(undefined, 'stopped')`, or `RUN_ERROR` with an abort code
 *   (`abort`, `aborted`, `cancelled`, `canceled`). Not a failure.
 * * `failed` — the run failed (`RUN_ERROR`, `SUBAGENT_ERROR`).
 * * `disconnected` — the transport failed or closed mid-run (`streamEnded()`, a broken
 *   connection, an idle timeout, `RUN_ERROR` code `stream_ended`).
 * * `cut-short` — the provider stopped it short on purpose: a token or context limit or a
 *   content filter (`RUN_ERROR` with a code such as `length`, `max_tokens`,
 *   `max_tokens_exceeded`, `max_output_tokens`, `content_filter`; see `endReasonOfCode`).
 */
export type ReasoningEndReason = 'stopped' | 'failed' | 'disconnected' | 'cut-short'

/** What a reasoning message holds: raw reasoning, a provider summary, or a structured step. */
export type ReasoningKind = 'text' | 'summary' | 'step'

/**
 * What AG-UI has no field for, carried in `metadata.reasoningUi` on reasoning
 * events and on reasoning messages (`toReasoningMessages`, `MESSAGES_SNAPSHOT`).
 * Unknown keys are ignored; wrong-typed values are dropped with a diagnostic.
 * The keys from `startedAt` on are history: only messages carry them (events
 * ignore them), so that a saved conversation restores into the same blocks.
 * The reasoning text itself stays in the message's `content`; the descriptive
 * keys hold only what the producer sent on its events (titles, step fields,
 * outcome, provider artefacts).
 */
export interface ReasoningUiMetadata {
  /** Kind of the reasoning message (`REASONING_MESSAGE_START` / first `REASONING_MESSAGE_CHUNK`). */
  readonly kind?: ReasoningKind
  /** A human title for a span (`REASONING_START`) or a message. */
  readonly title?: string
  /** For `kind: 'step'`: what kind of step (e.g. MEUP `analysis`, `hypothesis`, `tool_call`, `reflection`). */
  readonly stepType?: string
  /** The conclusion reached (usually on `REASONING_END`). */
  readonly conclusion?: string
  /** Confidence in the conclusion, 0..1. */
  readonly confidence?: number
  /** The factors that decided the conclusion. */
  readonly keyFactors?: readonly string[]
  /** Where the reasoning came from (e.g. Letta `reasoner` / `non-reasoner`). */
  readonly source?: string
  /** A provider signature kept for the round trip (e.g. Anthropic thinking signature). Never rendered. */
  readonly signature?: string
  /**
   * The provider hid this reasoning and sent nothing to send back (e.g. Letta's
   * `hidden_reasoning_message` with state `omitted`): the block counts as encrypted,
   * so it shows as encrypted-only, without a made-up value.
   */
  readonly hidden?: boolean
  /** History: when the message (or, under `block`, the block) started, in ms, as the store recorded it. */
  readonly startedAt?: number
  /** History: when it ended, in ms. Absent: unknown, and no duration is shown. */
  readonly endedAt?: number
  /**
   * History: its status when saved; absent means `complete`. A restored
   * `streaming` one comes back `interrupted`: nothing will continue it.
   */
  readonly status?: ReasoningStatus
  /** History: why an `interrupted` block ended (its `endReason`), so a stop restores as a stop. */
  readonly endReason?: ReasoningEndReason
  /** History: the format of the message's `encryptedValue` (or, under `block`, of the span-level value). */
  readonly encryptedValueType?: string
  /** History: the block the message belongs to, so that the messages of one span come back in one block. */
  readonly block?: ReasoningUiBlockMetadata
  /**
   * History: this message stands for its block alone (a span-level encrypted
   * value, or a span without messages); it restores as the block, not as a message.
   */
  readonly placeholder?: boolean
}

/** `metadata.reasoningUi.block` on a reasoning message: the block's id, description and timing. */
export interface ReasoningUiBlockMetadata extends Omit<ReasoningUiMetadata, 'block' | 'placeholder'> {
  /** The block id (the span id, or the id of the message the block was made for). */
  readonly id: string
}

/** One reasoning message inside a block. */
export interface ReasoningMessagePart {
  /** The AG-UI message id (never the span id unless the producer made them equal). */
  readonly id: string
  readonly kind: ReasoningKind
  /** The full text received so far. Untrusted: render as text only. */
  readonly text: string
  readonly status: ReasoningStatus
  /** Opaque provider artefact for the round trip. Never render it. */
  readonly encryptedValue?: string
  /** The provider's name for the encrypted value's format, when it said (e.g. `anthropic.redacted_thinking`). */
  readonly encryptedValueType?: string
  /** Bold heading lines found in the text (`**Checking the units**`), in order. */
  readonly headings: readonly string[]
  readonly meta?: ReasoningUiMetadata
  readonly startedAt?: number
  readonly endedAt?: number
}

/**
 * One span of reasoning: `REASONING_START … REASONING_END` (id = span id), or a
 * reasoning message that arrived outside any span (id = that message's id), or a
 * reasoning message restored from a `MESSAGES_SNAPSHOT`.
 */
export interface ReasoningBlock {
  readonly id: string
  /** How the block came to be. */
  readonly origin: 'span' | 'message' | 'snapshot'
  readonly status: ReasoningStatus
  readonly messages: readonly ReasoningMessagePart[]
  /** From `THINKING_START.title` or `metadata.reasoningUi.title`, else the first bold heading line of the text. */
  readonly title?: string
  /** True when any message, or the span itself, carries an encrypted value, or is marked `hidden`. */
  readonly encrypted: boolean
  /** An encrypted value that belongs to the span rather than a message (the proposal's `REASONING_START.encryptedContent`). */
  readonly encryptedValue?: string
  readonly encryptedValueType?: string
  readonly meta?: ReasoningUiMetadata
  /** Milliseconds; from event `timestamp`s when present, else from the store's clock. */
  readonly startedAt?: number
  readonly endedAt?: number
  /**
   * Why the block ended early: on `interrupted` blocks only, and only when known (absent
   * when the producer left it open at `RUN_FINISHED`, or in history saved without it).
   */
  readonly endReason?: ReasoningEndReason
  readonly runId?: string
  readonly subagentRunId?: string
}

/** Everything the producer did wrong, one entry per violation, in arrival order. */
export interface ReasoningDiagnostic {
  readonly code: DiagnosticCode
  /**
   * What went wrong, in a sentence, in development builds. Where `process.env.NODE_ENV` is
   * `production` (an app's production bundle) the kit's sentences are left out, as React leaves
   * out its error text, and this is the `code`; a `transport` diagnostic keeps the error's own text.
   */
  readonly message: string
  /** Index of the offending event among all events dispatched to the store (0-based); -1 for transport-level diagnostics. */
  readonly eventIndex: number
}

export type DiagnosticCode =
  /** Not an object, or no string `type`. */
  | 'invalid-event'
  /** A known field has the wrong type (e.g. `delta: 42`, a float `timestamp`, bad `metadata.reasoningUi`). */
  | 'malformed-field'
  /** An id the event needs is missing or not a string. */
  | 'missing-id'
  /** A first `*_CHUNK` without an id. */
  | 'chunk-missing-id'
  /** A continuation chunk contradicts its opener (role, tool name, parent). */
  | 'chunk-conflict'
  /** Content or end for an id that was never started, or is not open. */
  | 'not-open'
  /** A start for an id that is already open. */
  | 'duplicate-start'
  /** `REASONING_MESSAGE_START` with a role other than `"reasoning"` (the draft proposal's `"assistant"` is accepted). */
  | 'legacy-role'
  /** Retired `THINKING_*` events (translated, title kept). */
  | 'deprecated-event'
  /** A text message or reasoning message reusing the other's id. */
  | 'id-collision'
  /** Events before `RUN_STARTED`, after `RUN_FINISHED`, or a nested `RUN_STARTED`. */
  | 'run-order'
  /** `RUN_FINISHED` / `SUBAGENT_FINISHED` with messages, spans or tool calls still open. */
  | 'open-at-finish'
  /** The transport closed (or failed) while a run or block was open. */
  | 'stream-truncated'
  /** A transport-level fault: HTTP error, unparsable SSE data, … */
  | 'transport'
  /** A provider event an adapter (`reasoning-ui/adapters`) could not translate: malformed or contradictory. */
  | 'adapter'
  /** The diagnostics list hit its cap; later ones are only counted. */
  | 'diagnostics-truncated'

export interface TimelineReasoning {
  readonly kind: 'reasoning'
  /** The block id. */
  readonly id: string
  readonly runId?: string
}

export interface TimelineText {
  readonly kind: 'text'
  readonly id: string
  readonly role: string
  readonly status: ReasoningStatus
  readonly runId?: string
  readonly subagentRunId?: string
  readonly startedAt?: number
  readonly endedAt?: number
}

export interface TimelineToolCall {
  readonly kind: 'tool-call'
  readonly id: string
  readonly name: string
  readonly status: ReasoningStatus
  readonly parentMessageId?: string
  /** Id of the `TOOL_CALL_RESULT` message, once the result arrived. */
  readonly resultMessageId?: string
  /** An encrypted value attached to this tool call (`REASONING_ENCRYPTED_VALUE` subtype `tool-call`). Never render it. */
  readonly encryptedValue?: string
  readonly runId?: string
  readonly subagentRunId?: string
  readonly startedAt?: number
  readonly endedAt?: number
}

/** The order in which reasoning, tool calls and text messages first appeared, so a chat can place reasoning where it happened. */
export type TimelineEntry = TimelineReasoning | TimelineText | TimelineToolCall

export interface RunInfo {
  readonly runId?: string
  readonly threadId?: string
  /** `interrupted` = the stream closed before the run finished. */
  readonly status: 'running' | 'finished' | 'error' | 'interrupted'
  /** `RUN_FINISHED.outcome.type`, when finished. */
  readonly outcome?: string
  readonly error?: string
  /** Why the run ended early (`status` `error` or `interrupted`); as on its blocks. */
  readonly endReason?: ReasoningEndReason
  /** `RUN_ERROR.code`, when the producer sent one. */
  readonly code?: string
  readonly startedAt?: number
  readonly endedAt?: number
  /**
   * What the producer reported on `RUN_FINISHED` / `RUN_ERROR` (AG-UI 1.0
   * `usage`): one entry per provider and model. Only valid counts are kept
   * (non-negative integers); absent when nothing valid was reported.
   */
  readonly usage?: readonly TokenUsage[]
}

export interface SubagentInfo {
  readonly subagentRunId: string
  readonly name?: string
  readonly parentSubagentRunId?: string
  readonly status: 'running' | 'finished' | 'error'
}

export interface ReasoningState {
  /** Reasoning blocks in order of first appearance. Unchanged blocks keep their identity across updates. */
  readonly blocks: readonly ReasoningBlock[]
  readonly timeline: readonly TimelineEntry[]
  readonly runs: readonly RunInfo[]
  readonly subagents: readonly SubagentInfo[]
  readonly diagnostics: readonly ReasoningDiagnostic[]
  /** Set by `streamEnded(error)`; cleared by the next `RUN_STARTED`. */
  readonly failure?: string
}

/** What a visibility level lets through to the DOM. */
export type Visibility = 'none' | 'summary' | 'full'

/** Overall status of a stream, for the chat around the panels. */
export type StreamStatus = 'idle' | 'reasoning' | 'answering' | 'complete' | 'error'
