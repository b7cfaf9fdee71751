import { definedOnly } from '../state/labels'
import { ReasoningPanel } from '../styled/panel'
import { usePartBlock } from './part-block'
import type { SharedPanelProps } from '../styled/stream'

/** An AG-UI reasoning message as CopilotKit holds it (`{ id, role: 'reasoning', content, encryptedValue? }`). */
export interface CopilotKitReasoningMessageData {
  readonly id: string
  /** `'reasoning'`. Listed so that CopilotKit's slot type and this component's type overlap (the cast below). */
  readonly role?: string | undefined
  /** The reasoning text so far. Untrusted: rendered as text only. */
  readonly content: string
  /** Opaque provider artefact: with no content, the message shows as encrypted-only. Never rendered. */
  readonly encryptedValue?: string | undefined
}

/**
 * The props CopilotKit's v2 `CopilotChat` gives its `reasoningMessage` slot, described
 * structurally: reasoning-ui depends on no CopilotKit package.
 */
export interface CopilotKitReasoningMessageProps extends SharedPanelProps {
  readonly message: CopilotKitReasoningMessageData
  /** The whole conversation; the message streams while it is the last one and the agent runs. */
  readonly messages?: readonly { readonly id: string }[] | undefined
  /** Whether the agent is running. */
  readonly isRunning?: boolean | undefined
}

/**
 * A reasoning message for CopilotKit's v2 `CopilotChat`, backed by `ReasoningPanel`:
 * "Thinking…" while the agent runs and this message is the latest, then "Thought for N
 * seconds", timed on the client (the rule and the timing CopilotKit's own card uses) and
 * kept across re-renders. Give it as the `reasoningMessage` slot of `messageView`:
 *
 * ```tsx
 * <CopilotChat messageView={{ reasoningMessage: CopilotKitReasoningMessage as typeof CopilotChatReasoningMessage }} />
 * ```
 *
 * (The cast is CopilotKit's own documented pattern: the slot's type is its default
 * component's, static `Header`/`Content`/`Toggle` parts included. A plain function
 * component, not `forwardRef`, so that the cast type-checks.)
 */
export function CopilotKitReasoningMessage({
  message,
  messages,
  isRunning,
  visibility,
  openPolicy,
  labels,
  locale,
  renderText,
  animationDuration,
}: CopilotKitReasoningMessageProps) {
  const latest = messages !== undefined && messages[messages.length - 1]?.id === message.id
  const content = typeof message.content === 'string' ? message.content : ''
  const block = usePartBlock(message.id, {
    text: content,
    status: isRunning === true && latest ? 'streaming' : 'complete',
    encrypted: typeof message.encryptedValue === 'string' && message.encryptedValue.length > 0,
  })
  // Only the panel's own settings: CopilotKit's slot props (`message`, `messages`, …) are not for the DOM.
  const panel = definedOnly({ visibility, openPolicy, labels, locale, renderText, animationDuration })
  return <ReasoningPanel block={block} {...panel} data-message-id={message.id} />
}
