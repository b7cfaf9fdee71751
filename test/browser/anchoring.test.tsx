/**
 * A panel scrolled off above the reader collapses at once; the browser's scroll anchoring
 * is what keeps the text under the reader still. WebKit has no scroll anchoring
 * (`CSS.supports('overflow-anchor', 'auto')` is false) and a page may turn it off
 * (`overflow-anchor: none` on its scroller), so there the panel scrolls its scroller by
 * the height it lost. Chromium honours `overflow-anchor: none`, which gives this test the
 * anchoring-less case in Chromium; with anchoring on, the panel must not add its own
 * scroll on top of the browser's.
 */
import { render, screen, waitFor } from '@testing-library/react'
import type { CSSProperties, ReactNode } from 'react'
import { ReasoningPanel, type ReasoningBlock } from 'reasoning-ui'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { frames, nextFrame } from '../helpers/dom'
import '../../src/styles/reasoning.css'
import { content, feed, msgEnd, msgStart, run, span, spanEnd, testStore } from '../helpers/events'

beforeAll(async () => {
  // As in panel.test.tsx: the animated panel a reader sees once framer-motion's features have loaded.
  await import('../../src/react/styled/motion-features')
})

afterEach(() => {
  document.documentElement.style.removeProperty('overflow-anchor')
  window.scrollTo(0, 0)
})

const paragraph = (i: number) =>
  `Step ${i}: check that the running total still satisfies the constraint, then carry the remainder to the next case.\n\n`

/** One completed block with `paragraphs` paragraphs of text. */
function completedBlock(paragraphs: number): ReasoningBlock {
  const store = testStore(Date.now())
  feed(store, run(), span('s1'), msgStart('m1'))
  for (let i = 0; i < paragraphs; i++) store.dispatch(content('m1', paragraph(i)))
  feed(store, msgEnd('m1'), spanEnd('s1'))
  const block = store.getState().blocks[0]
  if (!block || block.status !== 'complete') throw new Error('test setup: expected one complete block')
  return block
}

/** Resolves once the next frame has rendered: a task queued from its animation-frame callback. */
const afterFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))

type Scroller = 'window' | 'element'
type Anchoring = 'auto' | 'none'

function Chat({ block, open, scroller, anchoring }: { block: ReasoningBlock; open: boolean; scroller: Scroller; anchoring: Anchoring }) {
  const column: CSSProperties = { inlineSize: 360 }
  const box: CSSProperties =
    scroller === 'element' ? { ...column, blockSize: 500, overflowY: 'auto', overflowAnchor: anchoring, marginBlockStart: 40 } : column
  const children: ReactNode = (
    <>
      <div style={{ blockSize: 1200 }}>Earlier messages</div>
      <ReasoningPanel block={block} open={open} />
      <p data-testid="answer">The answer is 42.</p>
      <div style={{ blockSize: 2400 }} />
    </>
  )
  return (
    <div data-testid="scroller" style={box}>
      {children}
    </div>
  )
}

describe('collapsing above the reader, with and without scroll anchoring', () => {
  const cases: [Scroller, Anchoring][] = [
    ['window', 'none'],
    ['element', 'none'],
    ['window', 'auto'],
    ['element', 'auto'],
  ]
  for (const [scroller, anchoring] of cases) {
    it(`given the ${scroller === 'window' ? 'page' : 'scroll container'} with overflow-anchor: ${anchoring}, when a panel above the view collapses, should keep the answer within 1 px of where it was`, async () => {
      if (scroller === 'window') document.documentElement.style.setProperty('overflow-anchor', anchoring)
      const block = completedBlock(30)
      const { rerender } = render(<Chat block={block} open scroller={scroller} anchoring={anchoring} />)
      await frames(2)
      const panel = document.querySelector<HTMLElement>('[data-slot="reasoning-panel"]')
      if (!panel) throw new Error('no panel')
      const answer = screen.getByTestId('answer')
      const box = scroller === 'window' ? null : screen.getByTestId('scroller')
      const lost = document.querySelector('[data-slot="reasoning-content"]')?.getBoundingClientRect().height ?? 0
      expect(lost, 'px of content the collapse removes').toBeGreaterThan(300)
      // The panel's bottom edge 8 px above the top of the view: the answer just below it.
      const top = box ? box.getBoundingClientRect().top : 0
      const by = panel.getBoundingClientRect().bottom - top + 8
      if (box) box.scrollTop += by
      else window.scrollBy(0, by)
      await nextFrame()
      const before = answer.getBoundingClientRect().top - top
      expect(before).toBeGreaterThan(0)
      expect(before).toBeLessThan(100)

      // As the default open policy does when the answer starts. Read at every frame until the
      // panel has settled: a page that jumps and comes back a frame later has still jumped.
      rerender(<Chat block={block} open={false} scroller={scroller} anchoring={anchoring} />)
      const moved: number[] = []
      const closed = () => document.querySelector('[data-slot="reasoning-content"]')?.getAttribute('hidden') === 'until-found'
      for (let i = 0; i < 120 && (!closed() || moved.length < 4); i++) {
        // After the frame has rendered (its layout, resize observations and paint), not in its
        // animation-frame callbacks, which run before them.
        await afterFrame()
        moved.push(Math.round(answer.getBoundingClientRect().top - top - before))
      }
      expect(closed(), 'the panel closed').toBe(true)

      expect(Math.max(...moved.map(Math.abs)), `px the answer moved, frame by frame: ${moved.join(' ')}`).toBeLessThanOrEqual(1)
    })
  }

  it('given the reader above the panel, when it collapses, should not scroll', async () => {
    document.documentElement.style.setProperty('overflow-anchor', 'none')
    const block = completedBlock(30)
    const { rerender } = render(<Chat block={block} open scroller="window" anchoring="none" />)
    await frames(2)
    window.scrollBy(0, 1000)
    await nextFrame()
    const scrollY = window.scrollY
    rerender(<Chat block={block} open={false} scroller="window" anchoring="none" />)
    await waitFor(() => expect(document.querySelector('[data-slot="reasoning-content"]')).toHaveAttribute('hidden', 'until-found'), { timeout: 10_000 })
    await frames(2)
    expect(window.scrollY).toBe(scrollY)
  })
})
