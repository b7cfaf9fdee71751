/**
 * Text that comes in faster than frames (a replay, a fast provider, a backlog
 * after a stall) shows a budget of finished paragraphs per commit, oldest
 * first, and catches up in the frames after: no single commit renders all of a
 * flood (bench/render: a 200 KB flood made one task of about 200 ms).
 */
import { render, waitFor } from '@testing-library/react'
import { ReasoningPanel, ReasoningProvider, markdownText, type RenderText, type RenderTextInfo } from 'reasoning-ui'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CATCH_UP_CHARS } from '../../../src/react/text/catch-up'
import { traitsOf } from '../../../src/react/text/text'
import { content, feed, msgEnd, msgStart, run, span, spanEnd, testStore } from '../../helpers/events'
import { onTextPath, textPaths } from '../../helpers/large-door'


/** `count` distinct paragraphs of about 1,000 characters each. */
const paragraphs = (count: number) =>
  Array.from({ length: count }, (_, i) => `Paragraph ${i}: ${'the running total still holds after the change, '.repeat(20)}`)

/** The panel streaming the events given, rendered by `renderText`, and a way to add more. */
function mountWith(renderText: RenderText, events: readonly object[]) {
  const store = testStore()
  feed(store, run(), span('s1'), msgStart('m1'), ...events)
  const ui = () => (
    <ReasoningProvider now={() => store.clock.now}>
      <ReasoningPanel block={store.getState().blocks[0]!} defaultOpen animationDuration={0} renderText={renderText} />
    </ReasoningProvider>
  )
  const result = render(ui())
  return {
    result,
    append(...more: object[]) {
      feed(store, ...more)
      result.rerender(ui())
    },
    shown: () => Array.from(result.container.querySelectorAll('[data-slot="reasoning-paragraph"]'), (p) => p.textContent),
  }
}

/** Markdown through a spy (which counts renders, but loses markdown's cost and runs). */
function panel(...events: object[]) {
  const renderText = vi.fn((text: string, info: RenderTextInfo) => markdownText(text, info))
  return { renderText, ...mountWith(renderText, events) }
}

/** The panel with markdown as it is, starting with `start`. */
const markdownPanel = (start: string) => mountWith(markdownText, [content('m1', start)])

/** How long a test waits for a catch-up of 60-100 KB in steps of 4,000-8,000 characters, a frame each (a loaded CI machine's frames are slow). */
const CAUGHT_UP = { timeout: 10_000 }

afterEach(() => {
  vi.restoreAllMocks()
})

describe.each(textPaths)('catching up with a flood (%s)', (_path, threshold) => {
  onTextPath(threshold)

    it('given 40 KB of finished paragraphs in one update, should show a budget of them at once, then the rest in order in the frames after, each rendered once', async () => {
      const texts = paragraphs(40)
      const view = panel(content('m1', 'Starting.\n\n'))
      view.renderText.mockClear()
      view.append(content('m1', `${texts.join('\n\n')}\n\nAnd the live one`))
      const first = view.shown()
      // The budget's worth, and not all: the first commit stops within a paragraph past CATCH_UP_CHARS.
      expect(first.length).toBeLessThan(1 + Math.ceil(CATCH_UP_CHARS / 1000) + 2)
      expect(first).toEqual(['Starting.', ...texts.slice(0, first.length - 1)])
      await waitFor(() => expect(view.shown()).toEqual(['Starting.', ...texts, 'And the live one']))
      // Every finished paragraph rendered exactly once, in order; the live one only once all of them were there.
      expect(view.renderText.mock.calls.map(([text]) => text)).toEqual([...texts, 'And the live one'])
    })

    it('given a long finished text, should show all of it in the first render', () => {
      const texts = paragraphs(40)
      const view = panel(content('m1', texts.join('\n\n')), msgEnd('m1'), spanEnd('s1'))
      expect(view.shown()).toEqual(texts)
    })

    it('given a flood under the budget, should show it in the same render', () => {
      const texts = paragraphs(5)
      const view = panel(content('m1', 'Starting.\n\n'))
      view.append(content('m1', `${texts.join('\n\n')}\n\nlive`))
      expect(view.shown()).toEqual(['Starting.', ...texts, 'live'])
    })

    it('given a costlier renderer (markdown: cost 2), should take smaller steps: CATCH_UP_CHARS / cost per commit', async () => {
      expect(traitsOf(markdownText)?.cost).toBe(2)
      const texts = paragraphs(40)
      const { result, append } = markdownPanel('Starting.\n\n')
      append(content('m1', `${texts.join('\n\n')}\n\nAnd the live one`))
      const shown = () => result.container.querySelectorAll('[data-slot="reasoning-paragraph"]').length
      // About 4,000 characters (four 1,000-character paragraphs and the one that crosses), not 8,000.
      expect(shown()).toBeLessThanOrEqual(1 + Math.ceil(CATCH_UP_CHARS / 2 / 1000) + 1)
      await waitFor(() => expect(shown()).toBe(1 + texts.length + 1))
    })

    it('given a flood that keeps coming while the panel catches up, should never show its backlog at once: at most twice the budget per commit', () => {
      // A clock that stands still measures no commit, so the budget stays CATCH_UP_CHARS (see catch-up-measured.test.tsx).
      vi.spyOn(performance, 'now').mockReturnValue(1_000)
      const view = panel(content('m1', 'Starting.\n\n'))
      view.append(content('m1', `${paragraphs(40).join('\n\n')}\n\n`))
      const behind = view.shown().length
      expect(behind).toBeLessThan(41)
      // 300 KB more while 30 KB are still waiting: more than CATCH_UP_LIMIT (256 KB), which arriving
      // while caught up shows at once, but not now: that was a 400–500 ms task in bench/render/large.ts.
      view.append(content('m1', `${paragraphs(300).join('\n\n')}\n\nlive`))
      expect(view.shown().length - behind).toBeLessThanOrEqual(2 * Math.ceil(CATCH_UP_CHARS / 1000) + 1)
    })

    // Runs are text/large/'s: on the common path a long paragraph renders whole.
    if (threshold === 0) {
      it('given 100 KB into one live paragraph in one update, should show a budget of its runs at once, from the start of the text, then the rest in the frames after', async () => {
        // A clock that stands still: the text is split again at once, not after its share of the time (see split-pace.test.tsx).
        vi.spyOn(performance, 'now').mockReturnValue(1_000)
        const { result, append } = markdownPanel('Starting. ')
        // No blank line in it: one paragraph, cut into runs of at least RUN_CHARS (4,000) after a sentence.
        const more = 'The running total still holds after the **change**. '.repeat(2_000)
        const full = `Starting. ${more}`.replaceAll('**', '')
        append(content('m1', more))
        const runs = () => result.container.querySelectorAll('[data-slot="reasoning-run"]').length
        const shown = () => result.container.querySelector('[data-slot="reasoning-paragraph"]')!.textContent!
        // A budget of runs (CATCH_UP_CHARS / 2 for markdown, twice that with this much waiting) and the next one
        // in the last one's place: 3 of the 26 it ends with. The text's start, and never a run twice.
        expect(runs()).toBeLessThanOrEqual(4)
        expect(full.startsWith(shown())).toBe(true)
        const seen: string[] = [shown()]
        await waitFor(() => {
          seen.push(shown())
          expect(shown()).toBe(full)
        }, CAUGHT_UP)
        expect(runs()).toBeGreaterThan(20)
        // Each step shows more of the text's start, never less.
        for (let i = 1; i < seen.length; i++) expect(seen[i]!.startsWith(seen[i - 1]!)).toBe(true)
      })
    }

    it('given more than 256 KB arriving while the panel is caught up (a flood\'s text piled up behind a long task), should show it in sixteen steps, in order, never all at once', async () => {
      // A clock that stands still measures no commit, so the usual step stays at most twice CATCH_UP_CHARS.
      vi.spyOn(performance, 'now').mockReturnValue(1_000)
      const view = panel(content('m1', 'Starting.\n\n'))
      expect(view.shown()).toEqual(['Starting.'])
      // About 400 KB: a sixteenth is about 25 paragraphs, more than the usual step (16 KB).
      const texts = paragraphs(400)
      const backlog = texts.reduce((sum, text) => sum + text.length, 0)
      expect(backlog).toBeGreaterThan(256 * 1024)
      const step = Math.ceil(backlog / 16 / texts[0]!.length) + 1
      const steps: number[] = []
      const observer = new MutationObserver(() => {
        const shown = view.shown().length - 1
        if (shown !== steps.at(-1)) steps.push(shown)
      })
      observer.observe(view.result.container, { childList: true, subtree: true })
      view.append(content('m1', `${texts.join('\n\n')}\n\nlive`))
      const first = view.shown().length - 1
      expect(first).toBeGreaterThan(2 * CATCH_UP_CHARS / texts[0]!.length)
      expect(first).toBeLessThanOrEqual(step)
      await waitFor(() => expect(view.shown()).toEqual(['Starting.', ...texts, 'live']), CAUGHT_UP)
      observer.disconnect()
      // Sixteen steps of a sixteenth each (the live paragraph after them), none larger.
      const sizes = steps.map((shown, i) => shown - (i === 0 ? 0 : steps[i - 1]!))
      expect(steps.length).toBeLessThanOrEqual(17)
      for (const size of sizes) expect(size).toBeLessThanOrEqual(step)
    })

    it('given a flood that ends while the panel is still catching up, should show all of it once the text is finished', () => {
      const texts = paragraphs(40)
      const view = panel(content('m1', 'Starting.\n\n'))
      view.append(content('m1', `${texts.join('\n\n')}\n\nThe last one`))
      expect(view.shown().length).toBeLessThan(texts.length)
      view.append(msgEnd('m1'), spanEnd('s1'))
      expect(view.shown()).toEqual(['Starting.', ...texts, 'The last one'])
    })
})
