import {
  Reasoning,
  ReasoningContent,
  ReasoningDuration,
  ReasoningStatusLabel,
  ReasoningText,
  ReasoningTrigger,
  type ReasoningBlock,
} from 'reasoning-ui'

/** The headless parts with your own markup and classes (no stylesheet needed). */
export function MyThought({ block }: { block: ReasoningBlock }) {
  return (
    <Reasoning block={block} visibility="full" className="card">
      <ReasoningTrigger className="trigger">
        <ReasoningStatusLabel />
      </ReasoningTrigger>
      <ReasoningContent className="body">
        <ReasoningText />
        <p>Reasoned for <ReasoningDuration /></p>
      </ReasoningContent>
    </Reasoning>
  )
}
