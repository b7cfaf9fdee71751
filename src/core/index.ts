export { createReasoningStore } from './store'
export {
  getBlockDuration,
  getReasoningTokens,
  isEncryptedOnly,
  selectActiveBlock,
  selectAnsweredBlockIds,
  selectBlocksBefore,
  selectBlocksForRun,
  selectPendingReasoning,
  selectReasoningTokens,
  selectStreamStatus,
  selectTokensAfterLastBlock,
  selectSummary,
  toReasoningMessages,
} from './selectors'
export { headlineOf, projectBlock } from './visibility'
export { toMarkdown } from './markdown-export'
export { endReasonOfCode } from './reducer/runs'
export { METADATA_KEY, readReasoningUiMetadata } from './metadata'
export { parseHeading } from './headings'
export {
  connectAgent,
  connectAsyncIterable,
  connectBody,
  connectObservable,
  connectSource,
  connectSse,
  isAgentLike,
  isObservableLike,
  isResponseLike,
} from './sources'

export type {
  DiagnosticCode,
  ReasoningBlock,
  ReasoningDiagnostic,
  ReasoningEndReason,
  ReasoningKind,
  ReasoningMessagePart,
  ReasoningState,
  ReasoningStatus,
  ReasoningUiBlockMetadata,
  ReasoningUiMetadata,
  RunInfo,
  StreamStatus,
  SubagentInfo,
  TimelineEntry,
  TimelineReasoning,
  TimelineText,
  TimelineToolCall,
  Visibility,
} from './model'
export type { TokenUsage } from '@ag-ui/core'
export type { ReasoningWords } from './wording'
export type { FlushMode, ReasoningStore, ReasoningStoreOptions } from './store'
export type { BlockSummary } from './selectors'
export type { VisibleBlock, VisibleMessage } from './visibility'
export type { MarkdownLabels, MarkdownOptions, MarkdownStyle } from './markdown-export'
export type {
  AgentLike,
  Disconnect,
  ObservableLike,
  ReasoningSource,
  ResponseLike,
  SourceOptions,
  SseOptions,
  BodyFraming,
  BodyReader,
} from './sources'
