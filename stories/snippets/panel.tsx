import 'reasoning-ui/styles.css'
import { ReasoningPanel, selectAnsweredBlockIds, useReasoningStream } from 'reasoning-ui'

/** One panel per reasoning block of an AG-UI stream; each collapses once its answer starts. */
export function Thoughts({ url }: { url: string }) {
  const { state } = useReasoningStream(url)
  const answered = selectAnsweredBlockIds(state)
  return state.blocks.map((block) => (
    <ReasoningPanel key={block.id} block={block} answerStarted={answered.has(block.id)} visibility="full" />
  ))
}
