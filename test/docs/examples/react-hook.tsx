// docs/react.md, "useReasoningStream": run by test/docs/react.test.tsx.
// #region sample
import { useReasoningStream } from 'reasoning-ui'

function Thinking({ response }: { response: Response | null }) {
  const { blocks, status } = useReasoningStream(response) // also: activeBlock, diagnostics, store, reset
  return (
    <section aria-busy={status === 'reasoning'}>
      {blocks.map((block) => (
        <article key={block.id} data-status={block.status}>
          <h3>{block.title ?? 'Reasoning'}</h3>
          {block.messages.map((m) => <p key={m.id} style={{ whiteSpace: 'pre-wrap' }}>{m.text}</p>)}
        </article>
      ))}
    </section>
  )
}
// #endregion

export { Thinking }
