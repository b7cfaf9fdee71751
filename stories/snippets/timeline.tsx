import 'reasoning-ui/styles.css'
import { ReasoningTimeline } from 'reasoning-ui'

/** An agent's run in order: reasoning blocks with their steps and outcome, and the tool calls between them. */
export function AgentRun({ url }: { url: string }) {
  return <ReasoningTimeline source={url} visibility="full" />
}
