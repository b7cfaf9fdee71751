/**
 * Contenders kit and kit-plain: `ReasoningPanel` at `full` visibility, fed
 * through a reasoning store with its default `flush: 'frame'`: every delta is
 * one `REASONING_MESSAGE_CONTENT` dispatch, React hears of them once a frame.
 * `kit` is the default panel (markdown, `markdownText`); `kit-plain` the same
 * panel with `renderText={plainText}`, the text as it is. Imported by package
 * name, as an app would (the Vite config points the name at src/).
 */
import { createReasoningStore, plainText, ReasoningPanel, useReasoningStore, type ReasoningStore, type RenderText } from 'reasoning-ui'
import 'reasoning-ui/styles.css'
import { largeDoor } from '../../src/react/text/text'
import type { Contender } from './protocol'
import { mountCounted } from './react-root'

declare const __BENCH_DOOR__: string
// BENCH_DOOR (vite.config.ts) moves the door to the huge-trace machinery; `Infinity` closes it.
if (__BENCH_DOOR__ !== '') largeDoor.threshold = Number(__BENCH_DOOR__)

/** `&open=stay`: the panel stays open when its block ends (large.ts scrolls the finished text). */
const openPolicy = new URLSearchParams(location.search).get('open') === 'stay' ? 'stay-open' : undefined

function KitApp({ store, renderText }: { readonly store: ReasoningStore; readonly renderText: RenderText | undefined }) {
  const { blocks } = useReasoningStore(store)
  return blocks.map((block) => <ReasoningPanel key={block.id} block={block} visibility="full" renderText={renderText} openPolicy={openPolicy} />)
}

/** A paragraph's text as shown, without its code blocks' copy buttons. */
function paragraphText(paragraph: Element): string {
  const buttons = paragraph.querySelectorAll('[data-slot="reasoning-code-copy"]')
  if (buttons.length === 0) return paragraph.textContent
  let shown = ''
  const walker = document.createTreeWalker(paragraph, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement?.closest('[data-slot="reasoning-code-copy"]')) shown += node.nodeValue
  }
  return shown
}

const textOf = (host: HTMLElement | undefined) => host?.querySelector('[data-slot="reasoning-text"]') ?? null

/** The panel's text as shown: each paragraph's text, without the code blocks' copy buttons. */
function shownText(host: HTMLElement | undefined): string[] {
  const text = textOf(host)
  if (!text) return []
  // Paragraphs sit in groups, after the first 16 groups in chunks (and long ones in runs): each
  // paragraph's text on a line of its own, in document order.
  const paragraphs = ':scope > [data-slot="reasoning-group"] > *, :scope > [data-slot="reasoning-chunk"] > [data-slot="reasoning-group"] > *'
  return Array.from(text.querySelectorAll(paragraphs), paragraphText)
}

/** The last paragraph's text as shown (see `shownText`): the last group's last child, the group in a chunk after the first 16. */
function shownEnd(host: HTMLElement | undefined): string {
  let group = textOf(host)?.lastElementChild
  if (group?.getAttribute('data-slot') === 'reasoning-chunk') group = group.lastElementChild
  const paragraph = group?.getAttribute('data-slot') === 'reasoning-group' ? group.lastElementChild : null
  return paragraph ? paragraphText(paragraph) : ''
}

export function kitContender(renderText: RenderText | undefined): Contender {
  let store: ReasoningStore | undefined = createReasoningStore()
  let host: HTMLElement | undefined
  let counted: { commits(): number; unmount(): void } | undefined
  const dispatch = (event: Parameters<ReasoningStore['dispatch']>[0]) => store?.dispatch(event)
  return {
    async mount(element) {
      host = element
      counted = mountCounted(host, <KitApp store={store!} renderText={renderText} />)
      // The run and the open reasoning message exist before the first delta, as in a live stream.
      dispatch({ type: 'RUN_STARTED', threadId: 'thread', runId: 'run' })
      dispatch({ type: 'REASONING_START', messageId: 'span' })
      dispatch({ type: 'REASONING_MESSAGE_START', messageId: 'message', role: 'reasoning' })
    },
    push: (delta) => dispatch({ type: 'REASONING_MESSAGE_CONTENT', messageId: 'message', delta }),
    shown: () => shownText(host),
    shownEnd: () => shownEnd(host),
    showsSource: renderText === plainText,
    commits: () => counted?.commits() ?? 0,
    finish() {
      dispatch({ type: 'REASONING_MESSAGE_END', messageId: 'message' })
      dispatch({ type: 'REASONING_END', messageId: 'span' })
    },
    scroller: () => host?.querySelector<HTMLElement>('[data-slot="reasoning-body"]') ?? null,
    unmount() {
      counted?.unmount()
      store = undefined
    },
  }
}

/** The default panel: markdown. */
export function createContender(): Contender {
  return kitContender(undefined)
}
