/**
 * The shapes of AI SDK UI messages (`ai` 5–7: what `useChat` returns in
 * `messages`), typed structurally so that this entry has no dependency on `ai`.
 * `UIMessageLike` is all the converter requires; the part types below document
 * what it reads. Every field is read defensively: a message from storage or the
 * network may be anything.
 */

/** A `UIMessage` (AI SDK 5, 6 and 7): an id, a role and its parts in order. */
export interface UIMessageLike {
  readonly id: string
  readonly role: string
  readonly parts: readonly UIMessagePartLike[]
}

/** Any part: the converter dispatches on `type` and ignores types it does not show. */
export interface UIMessagePartLike {
  readonly type: string
}

/** Provider-specific data on a part, keyed by provider (`openai`, `azure`, `anthropic`, …). */
export type ProviderMetadataLike = Readonly<Record<string, Readonly<Record<string, unknown>> | undefined>>

/** `type: 'reasoning'`: one reasoning part (one OpenAI summary part, one Anthropic thinking block, …). */
export interface ReasoningUIPartLike extends UIMessagePartLike {
  readonly type: 'reasoning'
  /** The stream's part id (AI SDK 7); per step for most providers, `${itemId}:${n}` for OpenAI. */
  readonly id?: string
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
  readonly type: 'text'
  readonly text: string
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
  readonly type: `tool-${string}` | 'dynamic-tool'
  readonly toolCallId: string
  /** `dynamic-tool` only. */
  readonly toolName?: string
  readonly state: ToolUIPartState
  /** `output-available` with `preliminary: true` is a streamed partial result: still running. */
  readonly preliminary?: boolean
  readonly input?: unknown
  readonly output?: unknown
  readonly errorText?: string
}
