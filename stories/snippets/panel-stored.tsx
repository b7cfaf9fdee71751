import 'reasoning-ui/styles.css'
import { ReasoningPanel, type ReasoningBlock } from 'reasoning-ui'

/** A block you stored with its message, shown open (e.g. a long trace the reader asked for). */
export function StoredThought({ block }: { block: ReasoningBlock }) {
  return <ReasoningPanel block={block} visibility="full" defaultOpen />
}
