import 'reasoning-ui/styles.css'
import { ReasoningSummary, type ReasoningBlock } from 'reasoning-ui'

/** What the model thought about, never its raw text: the provider's summary, else the titles. */
export function ThoughtSummary({ block }: { block: ReasoningBlock }) {
  return <ReasoningSummary block={block} />
}
