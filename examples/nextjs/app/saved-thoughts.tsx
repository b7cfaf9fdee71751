// #region reasoning-ui
import { ReasoningPanel, type ReasoningBlock } from 'reasoning-ui'

/** A finished block from history, rendered on the server: its text is in the page's HTML. */
export function SavedThoughts({ block }: { block: ReasoningBlock }) {
  // The page's locale, not the runtime's: the browser must format "12 seconds" as the server did.
  return <ReasoningPanel block={block} visibility="full" defaultOpen locale="en" />
}
// #endregion
