import 'reasoning-ui/styles.css'
import { EncryptedReasoningIndicator, type ReasoningBlock } from 'reasoning-ui'

/** The lock and the duration for reasoning the provider kept encrypted (its value never renders). */
export function HiddenThought({ block }: { block: ReasoningBlock }) {
  return <EncryptedReasoningIndicator block={block} />
}
