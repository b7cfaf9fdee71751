import type { ReactElement } from 'react'
import { ReasoningPanel, ReasoningProvider, type ReasoningLabels, type ReasoningPanelProps, type ReasoningStore } from 'reasoning-ui'

/**
 * A test store's first block in an open panel that does not animate, on the store's clock;
 * `labels`, when given, come from the provider (as an app's do), `props` go to the panel.
 */
export function firstPanel(store: ReasoningStore & { clock: { now: number } }, props: Partial<ReasoningPanelProps> = {}, labels?: Partial<ReasoningLabels>): ReactElement {
  return (
    <ReasoningProvider now={() => store.clock.now} labels={labels}>
      <ReasoningPanel block={store.getState().blocks[0]!} defaultOpen animationDuration={0} {...props} />
    </ReasoningProvider>
  )
}
