/**
 * `reasoning-ui/ai-sdk`: AI SDK (`ai` 5–7) UI messages, what `useChat` returns,
 * as the kit's model. React-free and without a dependency on `ai` (the input is
 * typed structurally), so it runs anywhere; `useUIMessageReasoning` and
 * `UIMessageReasoning` in `reasoning-ui` wrap it for React.
 */
export { uiMessageToReasoning, ANTHROPIC_REDACTED_THINKING, OPENAI_ENCRYPTED_CONTENT } from './convert'
export { createUIMessageTracker, UIMessageTracker } from './tracker'

export type { UIMessageReasoningOptions, UIMessageReasoningState } from './convert'
export type { PartTimes, UIMessageTrackerOptions } from './tracker'
export type {
  ProviderMetadataLike,
  ReasoningUIPartLike,
  TextUIPartLike,
  ToolUIPartLike,
  ToolUIPartState,
  UIMessageLike,
  UIMessagePartLike,
} from './types'
