/**
 * The shapes of AI SDK UI messages (`ai` 5–7: what `useChat` returns in
 * `messages`), typed structurally so that this entry has no dependency on `ai`.
 * `UIMessageLike` is all the converter requires; the part types below document
 * what it reads. Every field is read defensively: a message from storage or the
 * network may be anything.
 */

/** A `UIMessage` (AI SDK 5, 6 and 7): an id, a role and its parts in order. */
export interface UIMessageLike {
  /** The message id: the tracker keeps each message's times under it. */
  readonly id: string
  /** `assistant`, `user` or `system`; answer text counts as an answer when the role is `assistant`. */
  readonly role: string
  /** The parts, in the order they streamed. */
  readonly parts: readonly UIMessagePartLike[]
}

/** Any part: the converter dispatches on `type` and ignores types it does not show. */
export interface UIMessagePartLike {
  /** `reasoning`, `text`, `tool-<name>`, `dynamic-tool`, `step-start`, … */
  readonly type: string
}

/** Provider-specific data on a part, keyed by provider (`openai`, `azure`, `anthropic`, …). */
export type ProviderMetadataLike = Readonly<Record<string, Readonly<Record<string, unknown>> | undefined>>

/** `type: 'reasoning'`: one reasoning part (one OpenAI summary part, one Anthropic thinking block, …). */
export interface ReasoningUIPartLike extends UIMessagePartLike {
  /** Always `reasoning`. */
  readonly type: 'reasoning'
  /** The stream's part id (AI SDK 7); per step for most providers, `${itemId}:${n}` for OpenAI. */
  readonly id?: string
  /** The reasoning text so far. Untrusted: shown as text (markdown), never as HTML. */
  readonly text: string
  /** `streaming` until its `reasoning-end` arrived; absent on stored messages (done). */
  readonly state?: 'streaming' | 'done'
  /**
   * Read for: `itemId` (OpenAI Responses: parts of one reasoning item form one block),
   * `reasoningEncryptedContent` (OpenAI), `redactedData` and `signature` (Anthropic).
   */
  readonly providerMetadata?: ProviderMetadataLike
}

/** `type: 'text'`: answer text. Its place tells the panels before it that the answer started. */
export interface TextUIPartLike extends UIMessagePartLike {
  /** Always `text`. */
  readonly type: 'text'
  /** The answer text so far (not read: the kit does not render answers). */
  readonly text: string
  /** `streaming` until its `text-end`; absent on stored messages (done). */
  readonly state?: 'streaming' | 'done'
}

/** The states a tool part goes through (AI SDK 7). */
export type ToolUIPartState =
  | 'input-streaming'
  | 'input-available'
  | 'approval-requested'
  | 'approval-responded'
  | 'output-available'
  | 'output-error'
  | 'output-denied'

/** `type: 'tool-<name>'` (a static tool) or `'dynamic-tool'` (with `toolName`). */
export interface ToolUIPartLike extends UIMessagePartLike {
  /** `tool-<name>`, or `dynamic-tool` (name in `toolName`). */
  readonly type: `tool-${string}` | 'dynamic-tool'
  /** The call's id: the timeline entry's id, and the key of its times. */
  readonly toolCallId: string
  /** `dynamic-tool` only. */
  readonly toolName?: string
  /** Where the call is; mapped to the row's status (running, done, did not finish). */
  readonly state: ToolUIPartState
  /** `output-available` with `preliminary: true` is a streamed partial result: still running. */
  readonly preliminary?: boolean
  /** The call's input (not read: your tool's data, for your own rendering). */
  readonly input?: unknown
  /** The call's output (not read). */
  readonly output?: unknown
  /** Why the call failed (`output-error`; not read). */
  readonly errorText?: string
}
