/**
 * ReasoningPanel in real Chromium with the default skin: layout, scrolling,
 * keyboard input and media preferences that jsdom cannot model.
 */
import { act, render, screen, waitFor } from '@testing-library/react'
import type { CSSProperties, ReactNode } from 'react'
import { ReasoningPanel, ReasoningStream, ThinkingIndicator, type ReasoningBlock, type ReasoningStore } from 'reasoning-ui'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { userEvent } from 'vitest/browser'
import { emulateMediaOrSkip } from '../helpers/engines'
import { frames, nextFrame } from '../helpers/dom'
import '../../src/styles/reasoning.css'
import { content, feed, msgEnd, msgStart, run, span, spanEnd, testStore } from '../helpers/events'
import type { EmulatedMedia } from './commands'

beforeAll(async () => {
  // The panel loads framer-motion's animation features lazily (LazyMotion); until they
  // arrive, a panel opens and closes without animating. Load them first, so every test
  // sees the animated panel a reader sees once the page has settled.
  await import('../../src/react/styled/motion-features')
})

afterEach(async () => {
  await emulate({ reducedMotion: null, forcedColors: null })
  window.scrollTo(0, 0)
})

/** A paragraph of reasoning, two or three lines at the test width, ending in a blank line. */
const paragraph = (i: number) =>
  `Step ${i}: check that the running total still satisfies the constraint, then carry the remainder to the next case.\n\n`

/** Waits until `read()` gives the same value for `quiet` frames in a row (smooth scrolling, animations), then returns it. */
async function settled(read: () => number, quiet = 4, maxFrames = 120): Promise<number> {
  let last = read()
  let same = 0
  for (let i = 0; i < maxFrames && same < quiet; i++) {
    await nextFrame()
    const value = read()
    same = Math.abs(value - last) < 0.5 ? same + 1 : 0
    last = value
  }
  return last
}

/**
 * Emulates media features for the page, then waits for the next rendering update, where
 * Chromium fires MediaQueryList change events (framer-motion's reduced-motion flag listens to one).
 */
async function emulate(media: EmulatedMedia): Promise<void> {
  await emulateMediaOrSkip(media)
  await frames(2)
}

/** Pixels between the bottom of what is shown and the bottom of the content. */
const gapBelow = (element: HTMLElement) => element.scrollHeight - element.scrollTop - element.clientHeight

function slot(name: string, within: ParentNode = document): HTMLElement {
  const element = within.querySelector<HTMLElement>(`[data-slot="${name}"]`)
  if (!element) throw new Error(`no [data-slot="${name}"] in the document`)
  return element
}

/** A store holding one block that is still streaming (clock at the real time, so the label reads "Thinking…"). */
function streamingStore(paragraphs = 1): ReasoningStore {
  const store = testStore(Date.now())
  feed(store, run(), span('s1'), msgStart('m1'))
  for (let i = 0; i < paragraphs; i++) store.dispatch(content('m1', paragraph(i)))
  return store
}

/** One completed block with `paragraphs` paragraphs of text. */
function completedBlock(paragraphs: number): ReasoningBlock {
  const store = streamingStore(paragraphs)
  feed(store, msgEnd('m1'), spanEnd('s1'))
  const block = store.getState().blocks[0]
  if (!block || block.status !== 'complete') throw new Error('test setup: expected one complete block')
  return block
}

/** A fixed-width column, as in a chat; `maxHeight` sets --reasoning-content-max-height. */
function Column({ children, maxHeight }: { children: ReactNode; maxHeight?: string }) {
  const style = { inlineSize: 360, ...(maxHeight && { '--reasoning-content-max-height': maxHeight }) } as CSSProperties
  return <div style={style}>{children}</div>
}

describe('ReasoningPanel in Chromium', () => {
  describe('following the newest text', () => {
    it('given a streaming open panel whose body scrolls, should stay at the bottom as text arrives, hold still once the user scrolls up, and follow again back at the bottom', async () => {
      const store = streamingStore()
      render(<Column maxHeight="160px"><ReasoningStream store={store} /></Column>)
      const body = slot('reasoning-body')
      expect(slot('reasoning-panel')).toHaveAttribute('data-state', 'open')
      expect(getComputedStyle(body).maxHeight).toBe('160px')
      expect(getComputedStyle(body).overflowY).toBe('auto')
      const append = (delta: string) => act(() => store.dispatch(content('m1', delta)))
      // A delta may show a few ms after it arrives, from a timer (a live text's split is paced:
      // SPLIT_SHARE in text.tsx; Firefox's 1 ms clock makes even a short split look that long),
      // and then the body follows in that frame's ResizeObserver step, before paint. So each check
      // waits until the text shows, then for a frame to render: what a reader sees painted.
      const onScreen = async (text: string) => {
        const want = text.trim()
        for (let i = 0; i < 60 && !(body.textContent ?? '').includes(want); i++) await nextFrame()
        expect(body.textContent).toContain(want)
        await nextFrame()
        await nextFrame()
      }

      // Half a paragraph, then the rest with the blank line that ends it: one delta at a time,
      // as a live stream delivers them.
      for (let i = 1; i <= 10; i++) {
        append(paragraph(i).slice(0, 40))
        await onScreen(paragraph(i).slice(0, 40))
        expect(gapBelow(body), `px below the view, mid-paragraph ${i}`).toBeLessThanOrEqual(1)
        append(paragraph(i).slice(40))
        await onScreen(paragraph(i))
        expect(gapBelow(body), `px below the view, paragraph ${i} just ended`).toBeLessThanOrEqual(1)
      }
      expect(body.scrollHeight).toBeGreaterThan(body.clientHeight * 3)

      // The user scrolls up with the mouse wheel.
      await userEvent.wheel(body, { delta: { y: -200 } })
      const held = await settled(() => body.scrollTop)
      expect(gapBelow(body)).toBeGreaterThan(24)
      for (let i = 11; i <= 14; i++) {
        append(paragraph(i))
        await onScreen(paragraph(i))
        expect(body.scrollTop).toBeCloseTo(held, 0)
      }
      expect(gapBelow(body)).toBeGreaterThan(200)

      // Back to the bottom: following resumes.
      await userEvent.wheel(body, { delta: { y: body.scrollHeight } })
      await settled(() => body.scrollTop)
      expect(gapBelow(body)).toBeLessThanOrEqual(1)
      for (let i = 15; i <= 18; i++) {
        append(paragraph(i))
        await onScreen(paragraph(i))
        expect(gapBelow(body)).toBeLessThanOrEqual(1)
      }
    })
    it('given a streaming open panel, its deltas\' commits should not read the text\'s layout, and it should still follow the text', async () => {
      const store = streamingStore(3)
      render(<Column maxHeight="160px"><ReasoningStream store={store} /></Column>)
      const body = slot('reasoning-body')
      await frames(2)
      // A read of the body's height inside React's commit lays out the page there and then, at
      // every delta: with a long chat above the live turn, most of the commit's time (bench/history).
      const reads: string[] = []
      let inCommit = false
      const spied = ['scrollHeight', 'clientHeight', 'scrollTop'] as const
      const originals = spied.map((name) => [name, Object.getOwnPropertyDescriptor(Element.prototype, name)!] as const)
      for (const [name, descriptor] of originals) {
        Object.defineProperty(Element.prototype, name, {
          ...descriptor,
          get(this: Element) {
            if (inCommit && this === body) reads.push(name)
            return descriptor.get!.call(this)
          },
        })
      }
      try {
        for (let i = 3; i < 13; i++) {
          inCommit = true
          act(() => store.dispatch(content('m1', paragraph(i))))
          inCommit = false
          await frames(2)
        }
      } finally {
        for (const [name, descriptor] of originals) Object.defineProperty(Element.prototype, name, descriptor)
      }
      expect(reads).toEqual([])
      await waitFor(() => expect(body.textContent).toContain(paragraph(12).trim()))
      await frames(2)
      expect(body.scrollHeight).toBeGreaterThan(body.clientHeight * 2)
      expect(gapBelow(body)).toBeLessThanOrEqual(1)
      expect(body).toHaveAttribute('data-overflowing')
      expect(body).toHaveAttribute('data-overflow-start')
    })
  })

  describe('collapsing without moving the page', () => {
    function Page({ block, open }: { block: ReasoningBlock; open: boolean }) {
      return (
        <Column>
          <div data-testid="above" style={{ blockSize: 1200 }}>Earlier messages</div>
          <ReasoningPanel block={block} open={open} />
          <p data-testid="answer">The answer is 42.</p>
          <div style={{ blockSize: 2400 }} />
        </Column>
      )
    }

    /** Scrolls the window so `element`'s top edge is `y` px from the top of the viewport. */
    function scrollElementTo(element: Element, y: number) {
      window.scrollBy(0, element.getBoundingClientRect().top - y)
      expect(element.getBoundingClientRect().top).toBeCloseTo(y, 0)
    }

    async function collapsed() {
      // At full the closed text stays in the page, hidden until found.
      await waitFor(() => expect(document.querySelector('[data-slot="reasoning-content"]')).toHaveAttribute('hidden', 'until-found'), { timeout: 10_000 })
      await frames(2)
    }

    it('given the reader below the panel (scrolled out of view above), when it collapses, should keep the answer where it was', async () => {
      const block = completedBlock(30)
      const { rerender } = render(<Page block={block} open />)
      const panel = slot('reasoning-panel')
      const answer = screen.getByTestId('answer')
      await frames(2)
      expect(slot('reasoning-content').getBoundingClientRect().height).toBeGreaterThan(300)
      // The panel's bottom edge 8 px above the viewport; the answer just below the top.
      scrollElementTo(panel, panel.getBoundingClientRect().top - panel.getBoundingClientRect().bottom - 8)
      await nextFrame()
      const before = answer.getBoundingClientRect().top
      expect(before).toBeGreaterThan(0)
      expect(before).toBeLessThan(100)

      // As the default open policy does when the answer starts.
      rerender(<Page block={block} open={false} />)
      await collapsed()

      expect(Math.abs(answer.getBoundingClientRect().top - before), 'px the answer moved').toBeLessThanOrEqual(2)
    })

    it('given the reader above the panel, when the trigger is clicked to collapse it, should not scroll the window', async () => {
      const block = completedBlock(30)
      function Uncontrolled() {
        return (
          <Column>
            <div data-testid="above" style={{ blockSize: 1200 }}>Earlier messages</div>
            <ReasoningPanel block={block} defaultOpen />
            <p data-testid="answer">The answer is 42.</p>
            <div style={{ blockSize: 2400 }} />
          </Column>
        )
      }
      render(<Uncontrolled />)
      await frames(2)
      const trigger = screen.getByRole('button', { name: /thought/i })
      scrollElementTo(trigger, window.innerHeight - 120)
      const scrollY = window.scrollY
      const above = screen.getByTestId('above').getBoundingClientRect().top

      await userEvent.click(trigger)
      await collapsed()

      expect(trigger).toHaveAttribute('aria-expanded', 'false')
      expect(window.scrollY).toBe(scrollY)
      expect(screen.getByTestId('above').getBoundingClientRect().top).toBe(above)
    })
  })

  describe('keyboard', () => {
    it('given a collapsed panel after another control, should take focus on Tab and toggle with Enter and Space, keeping focus and aria-expanded in step', async () => {
      render(
        <Column>
          <button type="button">Before</button>
          <ReasoningPanel block={completedBlock(3)} />
        </Column>,
      )
      const trigger = screen.getByRole('button', { name: /thought/i })
      expect(trigger).toHaveAttribute('aria-expanded', 'false')
      screen.getByRole('button', { name: 'Before' }).focus()

      await userEvent.tab()
      expect(trigger).toHaveFocus()

      await userEvent.keyboard('{Enter}')
      expect(trigger).toHaveAttribute('aria-expanded', 'true')
      expect(screen.getByText(/Step 0:/)).toBeInTheDocument()
      expect(trigger).toHaveFocus()

      await userEvent.keyboard('{Enter}')
      expect(trigger).toHaveAttribute('aria-expanded', 'false')
      expect(trigger).toHaveFocus()

      await userEvent.keyboard(' ')
      expect(trigger).toHaveAttribute('aria-expanded', 'true')
      expect(trigger).toHaveFocus()

      await userEvent.keyboard(' ')
      expect(trigger).toHaveAttribute('aria-expanded', 'false')
      expect(trigger).toHaveFocus()
      await waitFor(() => expect(screen.getByText(/Step 0:/)).not.toBeVisible())
    })
  })

  describe("the row's icon", () => {
    /** The colour `value` (a custom property of the skin) resolves to, here. */
    function colourOf(value: string): string {
      const probe = document.createElement('span')
      probe.style.color = value
      slot('reasoning-panel').append(probe)
      const colour = getComputedStyle(probe).color
      probe.remove()
      return colour
    }

    it('should spin (unless motion is reduced) in the accent colour while streaming, stop once complete, and take the danger colour when interrupted, not for the user\'s own stop', async () => {
      const store = streamingStore()
      const { rerender } = render(<ReasoningPanel block={store.getState().blocks[0]!} />)
      // No spin where the reader asked for reduced motion (the *-reduced-motion lanes).
      const spin = matchMedia('(prefers-reduced-motion: reduce)').matches ? 'none' : 'reasoning-spin'
      expect(getComputedStyle(slot('reasoning-icon')).animationName).toBe(spin)
      expect(getComputedStyle(slot('reasoning-icon')).color).toBe(colourOf('var(--reasoning-accent)'))
      feed(store, msgEnd('m1'), spanEnd('s1'))
      rerender(<ReasoningPanel block={store.getState().blocks[0]!} />)
      await waitFor(() => expect(getComputedStyle(slot('reasoning-icon')).animationName).toBe('none'))
      expect(getComputedStyle(slot('reasoning-icon')).color).not.toBe(colourOf('var(--reasoning-accent)'))

      for (const [reason, danger] of [['failed', true], ['stopped', false]] as const) {
        const ended = streamingStore()
        ended.streamEnded(undefined, reason)
        rerender(<ReasoningPanel block={ended.getState().blocks[0]!} />)
        const icon = slot('reasoning-icon')
        expect(icon).toHaveAttribute('data-end-reason', reason)
        expect(getComputedStyle(icon).animationName).toBe('none')
        expect(getComputedStyle(icon).color === colourOf('var(--reasoning-danger)')).toBe(danger)
      }
    })

    it('should be styled by its own status: no rule keys descendants on a status attribute, which would restyle every part of a long trace when its block ends', () => {
      // Style invalidation goes by attribute name: a rule such as `[data-status='streaming'] [data-slot='x']`
      // restyles every element with a data-slot under an element whose data-status changes (0.5 s at the end
      // of a 5 MB trace in bench/render/large.ts).
      const descendantOfState = /\[data-(?:status|end-reason)[^\]]*\](?:\[[^\]]*\]|:[\w-]+(?:\([^()]*\))?)*\s*[>~+]?\s+[[\w.*:]/
      const offending: string[] = []
      const visit = (rules: CSSRuleList) => {
        for (const rule of rules) {
          if (rule instanceof CSSStyleRule && descendantOfState.test(rule.selectorText)) offending.push(rule.selectorText)
          if ('cssRules' in rule && rule.cssRules instanceof CSSRuleList) visit(rule.cssRules)
        }
      }
      let checked = 0
      for (const sheet of document.styleSheets) {
        if (!Array.from(sheet.cssRules).some((r) => r.cssText.includes('reasoning-icon'))) continue
        checked++
        visit(sheet.cssRules)
      }
      expect(checked).toBeGreaterThan(0)
      expect(offending).toEqual([])
      // The pattern finds what it is for.
      expect(descendantOfState.test(":where([data-slot='reasoning-panel'][data-status='streaming'] [data-slot='reasoning-icon'])")).toBe(true)
      expect(descendantOfState.test(":where([data-slot='reasoning-icon'][data-status='interrupted']:not([data-end-reason='stopped']))")).toBe(false)
    })
  })

  describe('reduced motion', () => {
    it('given the shimmer runs by default, when prefers-reduced-motion is reduce, should stop the status and ThinkingIndicator animations', async () => {
      render(
        <Column>
          <ReasoningStream store={streamingStore()} />
          <ThinkingIndicator />
        </Column>,
      )
      const status = slot('reasoning-status')
      const label = slot('thinking-label')
      expect(status).toHaveAttribute('data-status', 'streaming')
      expect(getComputedStyle(status).animationName).toBe('reasoning-shimmer')
      expect(getComputedStyle(label).animationName).toBe('reasoning-shimmer')

      await emulate({ reducedMotion: 'reduce' })
      expect(matchMedia('(prefers-reduced-motion: reduce)').matches).toBe(true)

      expect(getComputedStyle(status).animationName).toBe('none')
      expect(getComputedStyle(label).animationName).toBe('none')
      expect(getComputedStyle(slot('reasoning-icon')).animationName).toBe('none')
      expect(getComputedStyle(slot('thinking-icon')).animationName).toBe('none')
    })

    /**
     * Opens a closed panel and returns the content's rendered height and full height two frames
     * later. The animation is 2 s here, not the default 0.2 s: a click through WebDriver on a
     * loaded machine can take longer than 0.2 s to come back (the control then saw the end).
     */
    async function heightsAfterOpening(): Promise<{ height: number; full: number }> {
      render(<Column><ReasoningPanel block={completedBlock(4)} animationDuration={2} /></Column>)
      await userEvent.click(screen.getByRole('button', { name: /thought/i }))
      await frames(2)
      const element = slot('reasoning-content')
      return { height: element.getBoundingClientRect().height, full: element.scrollHeight }
    }

    it('given no motion preference, when the panel opens, should animate its height (control for the next test)', async () => {
      const { height, full } = await heightsAfterOpening()
      expect(full).toBeGreaterThan(50)
      expect(height).toBeLessThan(full - 5)
    })

    it('given prefers-reduced-motion: reduce, when the panel opens, should reach its full height at once', async () => {
      await emulate({ reducedMotion: 'reduce' })
      const { height, full } = await heightsAfterOpening()
      expect(full).toBeGreaterThan(50)
      expect(height).toBeCloseTo(full, 0)
      expect(getComputedStyle(slot('reasoning-content')).opacity).toBe('1')
    })
  })

  describe('forced colours', () => {
    it('given forced-colors: active, should keep the streaming status and ThinkingIndicator text painted and laid out', async () => {
      render(
        <Column>
          <ReasoningStream store={streamingStore()} />
          <ThinkingIndicator />
        </Column>,
      )
      const status = slot('reasoning-status')
      const label = slot('thinking-label')
      const fill = (element: HTMLElement) => getComputedStyle(element).getPropertyValue('-webkit-text-fill-color')
      // Control: without forced colours the text is clipped to the (painted) gradient.
      expect(fill(status)).toBe('rgba(0, 0, 0, 0)')
      expect(fill(label)).toBe('rgba(0, 0, 0, 0)')

      await emulate({ forcedColors: 'active' })
      expect(matchMedia('(forced-colors: active)').matches).toBe(true)

      for (const element of [status, label]) {
        expect(fill(element)).not.toBe('rgba(0, 0, 0, 0)')
        expect(fill(element)).not.toBe('transparent')
        expect(getComputedStyle(element).backgroundImage).toBe('none')
        expect(element.textContent).not.toBe('')
        const box = element.getBoundingClientRect()
        expect(box.width).toBeGreaterThan(0)
        expect(box.height).toBeGreaterThan(0)
      }
    })
  })

  describe('accessibility tree', () => {
    it('given a collapsed panel, should keep the text out of sight and of the accessibility tree (hidden until found), and when open, should point aria-controls at the content', async () => {
      render(<Column><ReasoningPanel block={completedBlock(3)} /></Column>)
      const trigger = screen.getByRole('button', { name: /thought/i })
      expect(trigger).toHaveAttribute('aria-expanded', 'false')
      expect(screen.getByText(/Step 0:/)).not.toBeVisible()
      expect(slot('reasoning-content')).toHaveAttribute('hidden', 'until-found')
      expect(slot('reasoning-content').getBoundingClientRect().height).toBe(0)
      // (Out of Chromium's accessibility tree too: test/browser/panel-row.test.tsx checks it over CDP.)

      await userEvent.click(trigger)
      const id = trigger.getAttribute('aria-controls')
      expect(id).toBeTruthy()
      const controlled = document.getElementById(id!)
      expect(controlled).toBe(slot('reasoning-content'))
      expect(controlled).toContainElement(screen.getByText(/Step 0:/))
      expect(controlled).toContainElement(screen.getByRole('group', { name: 'Reasoning' }))

      await userEvent.click(trigger)
      expect(trigger).toHaveAttribute('aria-expanded', 'false')
      await waitFor(() => expect(document.getElementById(id!)).toHaveAttribute('hidden', 'until-found'), { timeout: 10_000 })
      expect(screen.getByText(/Step 0:/)).not.toBeVisible()
    })
  })
})
