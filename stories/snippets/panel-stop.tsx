import 'reasoning-ui/styles.css'
import { ReasoningPanel, useReasoningStream } from 'reasoning-ui'

/** A Stop button: the open block ends as "Stopped after …" and keeps what arrived. */
export function StoppableThoughts({ url }: { url: string }) {
  const { state, store } = useReasoningStream(url)
  return (
    <>
      <button type="button" onClick={() => store.streamEnded(undefined, 'stopped')}>Stop</button>
      {state.blocks.map((block) => <ReasoningPanel key={block.id} block={block} visibility="full" />)}
    </>
  )
}
