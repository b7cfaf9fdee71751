/**
 * A panel catching up with a flood times each commit that adds finished paragraphs (its render
 * and DOM changes, per character) and sizes the next step to what fits in CATCH_UP_MS: never
 * less than the fixed budget (CATCH_UP_CHARS / cost), at most 4 times it. Here the renderer
 * advances a clock the test owns, so a "fast machine" and a "slow machine" are the same code
 * with different costs per paragraph; nothing depends on real timing.
 */
import { render, waitFor } from '@testing-library/react'
import { Profiler } from 'react'
import { plainText, ReasoningPanel, ReasoningProvider, type RenderTextInfo } from 'reasoning-ui'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CATCH_UP_CHARS, measuredBudget } from '../../../src/react/text/catch-up'
import { content, feed, msgStart, run, span, testStore } from '../../helpers/events'
import { onTextPath, textPaths } from '../../helpers/large-door'


/** `count` distinct paragraphs of 1,000 characters each. */
const paragraphs = (count: number) => Array.from({ length: count }, (_, i) => `Paragraph ${String(i).padStart(4, '0')}: ${'a steady flow of reasoning. '.repeat(35)}`.slice(0, 1_000))

let clock = 1_000

afterEach(() => {
  vi.restoreAllMocks()
})

/**
 * Streams `count` finished paragraphs in one update into a live panel whose renderer costs
 * `msPerParagraph` on the test's clock, and returns the paragraphs shown after each commit until
 * all are there.
 */
async function stepsOf(count: number, msPerParagraph: number): Promise<number[]> {
  vi.spyOn(performance, 'now').mockImplementation(() => clock)
  const renderText = (text: string, info: RenderTextInfo) => {
    clock += msPerParagraph
    return plainText(text, info)
  }
  const store = testStore()
  feed(store, run(), span('s1'), msgStart('m1'), content('m1', 'Starting.\n\n'))
  const shown: number[] = []
  const paragraphsShown = () => document.querySelectorAll('[data-slot="reasoning-paragraph"]').length
  const ui = () => (
    <Profiler id="panel" onRender={() => shown.push(paragraphsShown())}>
      <ReasoningProvider now={() => store.clock.now}>
        <ReasoningPanel block={store.getState().blocks[0]!} defaultOpen animationDuration={0} renderText={renderText} />
      </ReasoningProvider>
    </Profiler>
  )
  const result = render(ui())
  feed(store, content('m1', `${paragraphs(count).join('\n\n')}\n\nlive`))
  result.rerender(ui())
  await waitFor(() => expect(paragraphsShown()).toBe(count + 2), { timeout: 10_000 })
  result.unmount()
  // The paragraphs each commit added, in order, without commits that added none.
  const added: number[] = []
  for (let i = 1, last = shown[0]!; i < shown.length; i++) {
    if (shown[i]! > last) added.push(shown[i]! - last)
    last = shown[i]!
  }
  return added
}

describe.each(textPaths)('catch-up steps sized by measured commits (%s)', (_path, threshold) => {
  onTextPath(threshold)

    it('should take the fixed budget until a commit was measured, then what fits in CATCH_UP_MS, at most 4 times the budget', () => {
      expect(measuredBudget(CATCH_UP_CHARS, undefined)).toBe(CATCH_UP_CHARS)
      // 1 ms for 8,000 characters: 48,000 would fit in 6 ms, 4 times the budget is the most.
      expect(measuredBudget(CATCH_UP_CHARS, 1 / 8_000)).toBe(4 * CATCH_UP_CHARS)
      // 3 ms for 8,000 characters: 16,000 fit.
      expect(measuredBudget(CATCH_UP_CHARS, 3 / 8_000)).toBe(2 * CATCH_UP_CHARS)
      // Slower than the budget assumes: never less than the budget.
      expect(measuredBudget(CATCH_UP_CHARS, 20 / 8_000)).toBe(CATCH_UP_CHARS)
    })

    it('given a renderer fast on this machine, should catch up with a flood in steps up to 4 times the budget', async () => {
      // 0.05 ms a 1,000-character paragraph: any step fits in 6 ms.
      const added = await stepsOf(160, 0.05)
      const perBudget = CATCH_UP_CHARS / 1_000
      // The first step is the fixed budget's (up to twice it while much waits), measured; the next ones 4 times it.
      expect(added[0]).toBeLessThanOrEqual(2 * perBudget + 1)
      expect(Math.max(...added.slice(1, -1))).toBeGreaterThanOrEqual(4 * perBudget)
      expect(Math.max(...added)).toBeLessThanOrEqual(8 * perBudget + 1)
      expect(added.length).toBeLessThan(160 / perBudget / 2)
    })

    it('given a renderer slow on this machine, should keep to the fixed budget', async () => {
      // 2 ms a 1,000-character paragraph: 16 ms for the budget's 8 paragraphs, more than CATCH_UP_MS.
      const added = await stepsOf(80, 2)
      const perBudget = CATCH_UP_CHARS / 1_000
      expect(Math.max(...added)).toBeLessThanOrEqual(2 * perBudget + 1)
    })

    it('given a clock that stands still (nothing measured), should keep to the fixed budget', async () => {
      const added = await stepsOf(80, 0)
      const perBudget = CATCH_UP_CHARS / 1_000
      expect(Math.max(...added)).toBeLessThanOrEqual(2 * perBudget + 1)
    })
})
