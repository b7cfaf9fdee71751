export { useReasoningStore, useReasoningStream } from './use-reasoning-stream'
export type { ReasoningStreamResult, UseReasoningStreamOptions } from './use-reasoning-stream'
