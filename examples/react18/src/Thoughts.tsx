// #region reasoning-ui
import 'reasoning-ui/styles.css'
import { ReasoningPanel, ReasoningStream, type ReasoningBlock } from 'reasoning-ui'

export function SavedThoughts({ block }: { block: ReasoningBlock }) {
  return <ReasoningPanel block={block} visibility="full" />
}
export function LiveThoughts({ url }: { url: string }) {
  return <ReasoningStream source={url} visibility="full" />
}
// #endregion
