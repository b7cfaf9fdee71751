export { useReasoningStore, useReasoningStream } from './state/use-reasoning-stream'
export {
  Reasoning,
  ReasoningAnnouncer,
  ReasoningContent,
  ReasoningCopy,
  ReasoningDuration,
  ReasoningScrollArea,
  ReasoningStatusLabel,
  ReasoningText,
  ReasoningTitle,
  ReasoningTrigger,
  statusLabel,
  useLabels,
  useReasoningContext,
  Reasoning as Root,
  ReasoningTrigger as Trigger,
  ReasoningContent as Content,
  ReasoningStatusLabel as Status,
  ReasoningDuration as Duration,
  ReasoningText as Text,
  ReasoningTitle as Title,
  ReasoningCopy as Copy,
} from './parts/parts'
export { ReasoningPanel } from './styled/panel'
export { ReasoningPending, ReasoningStream } from './styled/stream'
export { ReasoningTimeline, ReasoningToolCall } from './styled/timeline'
export { ReasoningSummary } from './styled/summary'
export { ThinkingIndicator, EncryptedReasoningIndicator } from './styled/indicators'
export { ReasoningProvider, useReasoningConfig } from './state/provider'
export { defaultLabels, formatDuration, mergeLabels } from './state/labels'
export { autoOpenPolicy, resolveOpenPolicy, useReasoningOpenState } from './state/open-state'
export { splitParagraphs } from './text/paragraphs'
export { plainText } from './text/text'
export { loadMarkdown, markdownText } from './text/markdown'
export { UIMessageReasoning, useUIMessageReasoning, type UIMessageReasoningProps, type UseUIMessageReasoningOptions } from './integrations/ai-sdk'
export { AssistantUiReasoning, type AssistantUiReasoningPart, type AssistantUiReasoningProps } from './integrations/assistant-ui'
export { CopilotKitReasoningMessage, type CopilotKitReasoningMessageData, type CopilotKitReasoningMessageProps } from './integrations/copilotkit'

export type { ReasoningStreamResult, UseReasoningStreamOptions } from './state/use-reasoning-stream'
export type {
  ReasoningAnnouncerProps,
  ReasoningContentProps,
  ReasoningContextValue,
  ReasoningCopyProps,
  ReasoningDurationProps,
  ReasoningProps,
  ReasoningScrollAreaProps,
  ReasoningStatusLabelProps,
  ReasoningTextProps,
  ReasoningTitleProps,
  ReasoningTriggerProps,
} from './parts/parts'
export type { ReasoningPanelProps } from './styled/panel'
export type { ReasoningPendingProps, ReasoningStreamProps, SharedPanelProps, StreamInput } from './styled/stream'
export type { ReasoningTimelineProps, ReasoningToolCallProps } from './styled/timeline'
export type { ReasoningSummaryProps } from './styled/summary'
export type { EncryptedReasoningIndicatorProps, ThinkingIndicatorProps } from './styled/indicators'
export type { ReasoningConfig, ReasoningProviderProps } from './state/provider'
export type { DurationStyle, ReasoningLabels } from './state/labels'
export type { AutoCollapse, OpenPolicy, OpenPolicyOption, OpenState, OpenStateInput } from './state/open-state'
export type { Paragraphs } from './text/paragraphs'
export type { RenderText, RenderTextInfo, WholeParagraphRenderer } from './text/text'
