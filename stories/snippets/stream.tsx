import 'reasoning-ui/styles.css'
import { ReasoningStream } from 'reasoning-ui'

/** Every reasoning block of an AG-UI stream (an SSE URL, a Response, an agent or an Observable). */
export function Thoughts({ url }: { url: string }) {
  return <ReasoningStream source={url} visibility="full" />
}
