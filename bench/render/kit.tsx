/**
 * Contender (kit): `ReasoningPanel` at `full` visibility, fed through a
 * reasoning store with its default `flush: 'frame'`: every delta is one
 * `REASONING_MESSAGE_CONTENT` dispatch, React hears of them once a frame.
 * Imported by package name, as an app would (the Vite config points the name
 * at src/).
 */
import { createReasoningStore, ReasoningPanel, useReasoningStore, type ReasoningStore } from 'reasoning-ui'
import 'reasoning-ui/styles.css'
import type { Contender } from './protocol'
import { mountCounted } from './react-root'

function KitApp({ store }: { readonly store: ReasoningStore }) {
  const { blocks } = useReasoningStore(store)
  return blocks.map((block) => <ReasoningPanel key={block.id} block={block} visibility="full" />)
}

export function createContender(): Contender {
  const store = createReasoningStore()
  let host: HTMLElement | undefined
  let counted: { commits(): number } | undefined
  return {
    async mount(element) {
      host = element
      counted = mountCounted(host, <KitApp store={store} />)
      // The run and the open reasoning message exist before the first delta, as in a live stream.
      store.dispatch({ type: 'RUN_STARTED', threadId: 'thread', runId: 'run' })
      store.dispatch({ type: 'REASONING_START', messageId: 'span' })
      store.dispatch({ type: 'REASONING_MESSAGE_START', messageId: 'message', role: 'reasoning' })
    },
    push: (delta) => store.dispatch({ type: 'REASONING_MESSAGE_CONTENT', messageId: 'message', delta }),
    shown: () => host?.querySelector('[data-slot="reasoning-text"]')?.textContent ?? '',
    commits: () => counted?.commits() ?? 0,
  }
}
