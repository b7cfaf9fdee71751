// docs/react.md's components example, verbatim between the region markers (readme.test.tsx checks that it is, and runs it).
// #region readme
import { createReasoningStore, ReasoningPanel, ReasoningProvider, ReasoningStream, type ReasoningBlock } from 'reasoning-ui'

// One store per conversation: feed it AG-UI events (store.dispatch), or give
// <ReasoningStream> a `source` (agent, Observable, SSE Response or URL) instead.
export const store = createReasoningStore()

/** Every reasoning block of the conversation, summaries only, in German. */
export function Thoughts() {
  return (
    <ReasoningProvider visibility="summary" locale="de" labels={{ thoughtFor: (d) => `${d} nachgedacht` }}>
      <ReasoningStream store={store} />
    </ReasoningProvider>
  )
}

/** One block, full text, rendered open (e.g. from history). */
export function Saved({ block }: { block: ReasoningBlock }) {
  return <ReasoningPanel block={block} visibility="full" defaultOpen className="my-panel" />
}
// #endregion
