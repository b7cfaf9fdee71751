/**
 * A live text that mounts in a client with a backlog of finished paragraphs (more than a quarter
 * of a catch-up budget: a flood's first frame, a panel opened mid-stream) shows them from the next
 * frame on, so the frame that opens the panel does not also render the text (bench/render: that
 * frame was a 50-75 ms task). So does one long paragraph's backlog of runs. A few paragraphs show at once. Server HTML and hydration have the
 * text at once (ssr.test.tsx).
 */
import { render, waitFor } from '@testing-library/react'
import { markdownText, plainText, ReasoningPanel, ReasoningProvider, type RenderText, type RenderTextInfo } from 'reasoning-ui'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CATCH_UP_CHARS } from '../../../src/react/text/catch-up'
import { content, feed, msgEnd, msgStart, run, span, spanEnd, testStore } from '../../helpers/events'
import { onTextPath, textPaths } from '../../helpers/large-door'


const paragraphs = (count: number, size: number) =>
  Array.from({ length: count }, (_, i) => `Paragraph ${i}: ${'the running total still holds after the change. '.repeat(Math.ceil(size / 48))}`.slice(0, size))

function mount(text: string, renderText: RenderText, finished = false) {
  const store = testStore()
  feed(store, run(), span('s1'), msgStart('m1'), content('m1', text), ...(finished ? [msgEnd('m1'), spanEnd('s1')] : []))
  // Markdown as it is: a wrapper would lose what makes it a whole-paragraph renderer (its cost, its runs).
  const spy = vi.fn((t: string, info: RenderTextInfo) => renderText(t, info))
  const result = render(
    <ReasoningProvider now={() => store.clock.now}>
      <ReasoningPanel block={store.getState().blocks[0]!} defaultOpen animationDuration={0} renderText={renderText === markdownText ? markdownText : spy} />
    </ReasoningProvider>,
  )
  const shown = () => Array.from(result.container.querySelectorAll('[data-slot="reasoning-paragraph"]'), (p) => p.textContent.trim())
  return { shown, spy, container: result.container }
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe.each(textPaths)('a live panel mounting with a backlog (%s)', (_path, threshold) => {
  onTextPath(threshold)

    it('given more than a quarter of the budget in finished paragraphs, should show none of them in its first commit, then all in order, each rendered once', async () => {
      const texts = paragraphs(12, 1_000)
      expect(12 * 1_000).toBeGreaterThan(CATCH_UP_CHARS / 4)
      const view = mount(`${texts.join('\n\n')}\n\nand the live one`, plainText)
      expect(view.shown()).toEqual([])
      await waitFor(() => expect(view.shown()).toEqual([...texts, 'and the live one']))
      expect(view.spy.mock.calls.filter(([, info]) => !info.live).map(([text]) => text)).toEqual(texts)
    })

    it('given markdown (a costlier renderer), should defer from a quarter of its smaller budget', async () => {
      // Markdown's budget is CATCH_UP_CHARS / 2: 1,200 characters of paragraphs are over a quarter of it.
      const texts = paragraphs(2, 600)
      const view = mount(`${texts.join('\n\n')}\n\nlive`, markdownText)
      expect(view.shown()).toEqual([])
      await waitFor(() => expect(view.shown()).toEqual([...texts, 'live']))
    })

    // Runs are text/large/'s: on the common path a long paragraph renders whole.
    if (threshold === 0) {
      it('given one long live paragraph (no blank line), should show none of its runs in its first commit, then all of it, its start first', async () => {
        // 60 KB of markdown: runs of at least RUN_CHARS (4,000) cut after a sentence.
        const long = 'The running total still holds after the **change**. '.repeat(1_200)
        const view = mount(long, markdownText)
        const full = long.replaceAll('**', '').trim()
        expect(view.shown()).toEqual([''])
        // What each commit shows (a poll could miss the steps between two of its looks).
        const seen: string[] = []
        const observer = new MutationObserver(() => seen.push(view.shown()[0]!))
        observer.observe(view.container, { childList: true, subtree: true, characterData: true })
        // Steps of 4,000-8,000 characters, a frame each: a loaded CI machine's frames are slow.
        await waitFor(() => expect(view.shown()).toEqual([full]), { timeout: 10_000 })
        observer.disconnect()
        // In steps (more than one frame), each the text's start.
        expect(seen.some((text) => text.length > 0 && text.length < full.length)).toBe(true)
        for (const text of seen) expect(full.startsWith(text)).toBe(true)
      })
    }

    // Runs are text/large/'s: on the common path a long paragraph renders whole.
    if (threshold === 0) {
      it('given a live paragraph on screen that grows long, should never show less of it', () => {
        // A clock that stands still: the text is split again at once, not after its share of the time (see split-pace.test.tsx).
        vi.spyOn(performance, 'now').mockReturnValue(1_000)
        const store = testStore()
        feed(store, run(), span('s1'), msgStart('m1'), content('m1', 'The running total still holds. '.repeat(100)))
        const ui = () => (
          <ReasoningProvider now={() => store.clock.now}>
            <ReasoningPanel block={store.getState().blocks[0]!} defaultOpen animationDuration={0} renderText={markdownText} />
          </ReasoningProvider>
        )
        const result = render(ui())
        const shown = () => result.container.querySelector('[data-slot="reasoning-paragraph"]')!.textContent
        const before = shown()
        expect(before.length).toBeGreaterThan(3_000)
        // Past RUN_CHARS: cut into runs, the first of them finished. It does not wait for a frame, as a mount would.
        feed(store, content('m1', 'The units agree. '.repeat(100)))
        result.rerender(ui())
        expect(shown().startsWith(before.trim())).toBe(true)
        expect(result.container.querySelectorAll('[data-slot="reasoning-run"]').length).toBeGreaterThan(1)
      })
    }

    it('given a few finished paragraphs, should show them in its first commit', () => {
      const texts = paragraphs(3, 300)
      const view = mount(`${texts.join('\n\n')}\n\nlive`, plainText)
      expect(view.shown()).toEqual([...texts, 'live'])
    })

    it('given a finished text, should show all of it in its first commit', () => {
      const texts = paragraphs(40, 1_000)
      const view = mount(texts.join('\n\n'), plainText, true)
      expect(view.shown()).toEqual(texts)
    })
})
