// #region reasoning-ui
import { useReasoningStream } from 'reasoning-ui'
import { ReasoningPanel } from '@/components/ui/reasoning'

function AgentReasoning() {
  const { blocks } = useReasoningStream('/api/run')
  return blocks.map((block) => <ReasoningPanel key={block.id} block={block} />)
}
// #endregion

export function App() {
  return (
    <main className="mx-auto flex min-h-svh w-full max-w-2xl flex-col gap-4 px-4 py-10 sm:px-6">
      <header className="mb-2">
        <h1 className="text-lg font-semibold tracking-tight">Reasoning, from the shadcn registry</h1>
        <p className="text-sm text-muted-foreground">
          <code className="rounded bg-muted px-1 py-0.5 font-mono text-[0.85em]">@/components/ui/reasoning</code>, added with{' '}
          <code className="rounded bg-muted px-1 py-0.5 font-mono text-[0.85em]">shadcn add</code> and streaming an AG-UI run.
        </p>
      </header>
      <p dir="auto" className="max-w-[85%] self-end rounded-2xl rounded-ee-sm bg-primary px-4 py-2.5 text-sm text-primary-foreground">
        Can we move the orders table to the new schema without downtime?
      </p>
      <section aria-label="Assistant" className="flex flex-col gap-3">
        <AgentReasoning />
      </section>
    </main>
  )
}
