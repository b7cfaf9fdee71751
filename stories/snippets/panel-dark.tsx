import 'reasoning-ui/styles.css'
import { ReasoningPanel, type ReasoningBlock } from 'reasoning-ui'

/** The dark theme: `data-theme="dark"` on any ancestor (or follow the OS with no attribute). */
export function DarkThought({ block }: { block: ReasoningBlock }) {
  return (
    <div data-theme="dark">
      <ReasoningPanel block={block} visibility="full" />
    </div>
  )
}
