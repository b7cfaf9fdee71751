import type { ReasoningStore } from '../store'
import type { AgentLike, Disconnect } from './types'

/**
 * Feeds a store from an `@ag-ui/client` agent through its subscriber API, for
 * every run the agent makes while connected. A failed run interrupts what was open.
 *
 * Note: subscribers see events after the client's own processing, which drops
 * `THINKING_START` titles; to keep them, connect `agent.run(input)` (raw events) instead.
 */
export function connectAgent(agent: AgentLike, store: ReasoningStore): Disconnect {
  const subscription = agent.subscribe({
    onEvent: ({ event }) => store.dispatch(event),
    onRunFailed: ({ error }) => store.streamEnded(error),
    // After a clean run nothing is open and this changes nothing; after a
    // truncated one it marks the run and its open blocks interrupted.
    onRunFinalized: () => store.streamEnded(),
  })
  return () => {
    subscription.unsubscribe()
    // Between runs nothing is open and this changes nothing; mid-run, the run the
    // store no longer hears of is stopped.
    store.streamEnded(undefined, 'stopped')
  }
}
