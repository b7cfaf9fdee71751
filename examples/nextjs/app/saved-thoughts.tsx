// #region reasoning-ui
import { ReasoningPanel, type ReasoningBlock } from 'reasoning-ui'

/** A finished block from history, rendered on the server: its text is in the page's HTML. */
export function SavedThoughts({ block }: { block: ReasoningBlock }) {
  return <ReasoningPanel block={block} visibility="full" defaultOpen />
}
// #endregion
