import { forwardRef, useId, type ForwardedRef } from 'react'
import type { ReasoningEndReason, ReasoningStatus } from '../../core/model'
import { definedOnly } from '../state/labels'
import { ReasoningPanel } from '../styled/panel'
import { usePartBlock } from './part-block'
import type { SharedPanelProps } from '../styled/stream'

/**
 * The props assistant-ui gives a `Reasoning` part component (`ReasoningMessagePartProps`:
 * the part and its status), described structurally: reasoning-ui depends on no
 * assistant-ui package, and any part with this shape renders.
 */
export interface AssistantUiReasoningPart {
  /** The reasoning text so far. Untrusted: rendered as text only. */
  readonly text: string
  /**
   * `running` while the part streams; `complete` once it ended (assistant-ui marks every part
   * but the last one of a running message complete); `incomplete` with a `reason` when the
   * message ended early with this part last. Absent: complete.
   */
  readonly status?: { readonly type: string; readonly reason?: string } | undefined
  /** A provider summary of the reasoning (assistant-ui's `unstable_summary`), shown at the `summary` level. */
  readonly unstable_summary?: string | undefined
  /**
   * Provider data of the part (AI SDK `providerMetadata`): OpenAI `reasoningEncryptedContent`
   * (once the part stopped running) or Anthropic `redactedData` mark the reasoning encrypted.
   * Never rendered.
   */
  readonly providerMetadata?: { readonly [provider: string]: unknown } | undefined
}

export interface AssistantUiReasoningProps extends AssistantUiReasoningPart, SharedPanelProps {}

/**
 * A reasoning part component for assistant-ui's `MessagePrimitive.Parts`, backed by
 * `ReasoningPanel`: "Thinking…" with a live counter while the part streams, then
 * "Thought for N seconds", the duration measured on the client (assistant-ui sends no
 * timestamps) and kept across re-renders. Give it as the `Reasoning` component:
 *
 * ```tsx
 * <MessagePrimitive.Parts components={{ Reasoning: AssistantUiReasoning }} />
 * ```
 *
 * assistant-ui's default `ReasoningGroup` (its children as they are) suits it: one panel
 * per reasoning part. Panel settings come from `ReasoningProvider` or from props.
 */
export const AssistantUiReasoning = /* @__PURE__ */ forwardRef(function AssistantUiReasoning(
  { text, status, unstable_summary: summary, providerMetadata, visibility, openPolicy, labels, locale, renderText, animationDuration }: AssistantUiReasoningProps,
  ref: ForwardedRef<HTMLDivElement>,
) {
  const id = useId()
  const partStatus = statusOf(status)
  const block = usePartBlock(id, {
    // A non-string text (a malformed part) shows nothing rather than crashing the chat.
    text: typeof text === 'string' ? text : '',
    status: partStatus,
    endReason: endReasonOf(status),
    encrypted: isEncrypted(providerMetadata, partStatus === 'streaming'),
    summary: typeof summary === 'string' ? summary : undefined,
  })
  // Only the panel's own settings: the rest of a part's props (`type`, `parentId`, …) are not for the DOM.
  const panel = definedOnly({ visibility, openPolicy, labels, locale, renderText, animationDuration })
  return <ReasoningPanel block={block} {...panel} ref={ref} />
})

function statusOf(status: AssistantUiReasoningPart['status']): ReasoningStatus {
  if (status?.type === 'running') return 'streaming'
  if (status?.type === 'incomplete') return 'interrupted'
  // `complete`, `requires-action` (a tool waits; the reasoning before it is done), or none.
  return 'complete'
}

/** assistant-ui's reasons for an `incomplete` part, in reasoning-ui's words; `other` stays unknown. */
function endReasonOf(status: AssistantUiReasoningPart['status']): ReasoningEndReason | undefined {
  if (status?.type !== 'incomplete') return undefined
  switch (status.reason) {
    case 'cancelled':
      return 'stopped'
    case 'length':
    case 'content-filter':
      return 'cut-short'
    case 'error':
      return 'failed'
    default:
      return undefined
  }
}

/**
 * OpenAI's encrypted reasoning or Anthropic's redacted thinking, as the AI SDK puts them in
 * `providerMetadata`. OpenAI puts the encrypted content on the part from its start, before
 * any summary streams in: it counts once the part stopped running (as `reasoning-ui/ai-sdk`
 * reads it), so a summary on its way shows "Thinking…", not the lock. Redacted data has no
 * text ever: it counts at once.
 */
function isEncrypted(metadata: AssistantUiReasoningPart['providerMetadata'], running: boolean): boolean {
  return (!running && nonEmpty(field(metadata, 'openai', 'reasoningEncryptedContent'))) || nonEmpty(field(metadata, 'anthropic', 'redactedData'))
}

function field(metadata: AssistantUiReasoningPart['providerMetadata'], provider: string, key: string): unknown {
  const entry = metadata?.[provider]
  return typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>)[key] : undefined
}

const nonEmpty = (value: unknown) => typeof value === 'string' && value.length > 0
