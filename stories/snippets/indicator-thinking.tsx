import 'reasoning-ui/styles.css'
import { ThinkingIndicator, useReasoningStream } from 'reasoning-ui'

/** "Thinking…", shimmering while the stream is reasoning. */
export function Busy({ url }: { url: string }) {
  const { status } = useReasoningStream(url)
  return <ThinkingIndicator active={status === 'reasoning'} />
}
