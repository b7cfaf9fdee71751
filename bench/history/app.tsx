/**
 * The two views of the history, imported by package name as an app would.
 */
import { memo } from 'react'
import { ReasoningStream, ReasoningTimeline, type ReasoningStore } from 'reasoning-ui'
import 'reasoning-ui/styles.css'
import type { ViewName } from './protocol'

interface TurnProps {
  readonly store: ReasoningStore
  readonly runId: string
  readonly answer: string | undefined
}

/**
 * One turn of a chat: the run's reasoning and tool calls, then the answer. Memoised,
 * as chat message rows are: the list around it does not change while a turn streams,
 * so only the kit's own subscriptions decide what renders again.
 */
const Turn = memo(function Turn({ store, runId, answer }: TurnProps) {
  return (
    <section data-turn={runId}>
      <ReasoningTimeline store={store} runId={runId} />
      {answer !== undefined && <p className="answer">{answer}</p>}
    </section>
  )
})

export interface AppProps {
  readonly view: ViewName
  readonly store: ReasoningStore
  /** The turns' runs, in order, with their answers (the chat's own message list). */
  readonly turns: readonly { readonly runId: string; readonly answer: string | undefined }[]
}

export function App({ view, store, turns }: AppProps) {
  if (view === 'stream') return <ReasoningStream store={store} />
  return turns.map((turn) => <Turn key={turn.runId} store={store} runId={turn.runId} answer={turn.answer} />)
}
