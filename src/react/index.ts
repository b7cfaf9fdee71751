export { useReasoningStore, useReasoningStream } from './use-reasoning-stream'
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
} from './parts'
export { ReasoningPanel } from './panel'
export { ReasoningPending, ReasoningStream } from './stream'
export { ReasoningTimeline, ReasoningToolCall } from './timeline'
export { ReasoningSummary } from './summary'
export { ThinkingIndicator, EncryptedReasoningIndicator } from './indicators'
export { ReasoningProvider, useReasoningConfig } from './provider'
export { defaultLabels, formatDuration, mergeLabels } from './labels'
export { autoOpenPolicy, resolveOpenPolicy, useReasoningOpenState } from './open-state'
export { splitParagraphs } from './paragraphs'
export { plainText } from './text'
export { loadMarkdown, markdownText } from './markdown'
export { UIMessageReasoning, useUIMessageReasoning, type UIMessageReasoningProps, type UseUIMessageReasoningOptions } from './ai-sdk'
export { AssistantUiReasoning, type AssistantUiReasoningPart, type AssistantUiReasoningProps } from './assistant-ui'
export { CopilotKitReasoningMessage, type CopilotKitReasoningMessageData, type CopilotKitReasoningMessageProps } from './copilotkit'

export type { ReasoningStreamResult, UseReasoningStreamOptions } from './use-reasoning-stream'
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
} from './parts'
export type { ReasoningPanelProps } from './panel'
export type { ReasoningPendingProps, ReasoningStreamProps, SharedPanelProps, StreamInput } from './stream'
export type { ReasoningTimelineProps, ReasoningToolCallProps } from './timeline'
export type { ReasoningSummaryProps } from './summary'
export type { EncryptedReasoningIndicatorProps, ThinkingIndicatorProps } from './indicators'
export type { ReasoningConfig, ReasoningProviderProps } from './provider'
export type { DurationStyle, ReasoningLabels } from './labels'
export type { AutoCollapse, OpenPolicy, OpenPolicyOption, OpenState, OpenStateInput } from './open-state'
export type { Paragraphs } from './paragraphs'
export type { ParagraphRuns, RenderText, RenderTextInfo, WholeParagraphRenderer } from './text'
