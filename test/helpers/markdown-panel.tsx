import { render } from '@testing-library/react'
import { expect, vi } from 'vitest'
import { ReasoningPanel, ReasoningProvider } from 'reasoning-ui'
import { content, feed, msgEnd, msgStart, run, span, spanEnd, testStore } from './events'

/**
 * The text element of an open panel (a client render) whose block's text is `text`, streamed in
 * deltas of `size` characters (0: at once), then finished. Empty where the text shows nothing.
 */
export function panelText(text: string, size = 0): HTMLElement {
  // A clock that stands still: no split waits for a timer (split-pace.test.tsx has those).
  vi.spyOn(performance, 'now').mockReturnValue(1_000)
  const store = testStore()
  feed(store, run(), span('s1'), msgStart('m1'))
  const ui = () => (
    <ReasoningProvider now={() => store.clock.now}>
      <ReasoningPanel block={store.getState().blocks[0]!} defaultOpen animationDuration={0} />
    </ReasoningProvider>
  )
  const result = render(ui())
  const step = size > 0 ? size : Math.max(1, text.length)
  for (let i = 0; i < text.length; i += step) {
    feed(store, content('m1', text.slice(i, i + step)))
    result.rerender(ui())
  }
  feed(store, msgEnd('m1'), spanEnd('s1'))
  result.rerender(ui())
  return result.container.querySelector<HTMLElement>('[data-slot="reasoning-text"]') ?? document.createElement('div')
}

/** `streamed` is the DOM of `finished` (attributes in any order: React sets a changed one after the others). */
export function expectSameDom(streamed: Element, finished: Element, what = ''): void {
  expect(streamed.isEqualNode(finished), `${what}\nstreamed:\n${streamed.innerHTML}\nfinished:\n${finished.innerHTML}`).toBe(true)
}
