/**
 * Code blocks and tables scroll sideways only where they are wider than their box (markdown.tsx,
 * `data-fits`): one that fits neither clips nor scrolls, so it is no paint layer of its own; a wide
 * one scrolls; and when the panel's width changes, each is measured again, built and frozen groups'
 * included. In each engine.
 */
import { act, render, waitFor } from '@testing-library/react'
import type { CSSProperties } from 'react'
import { markdownText, ReasoningPanel, type ReasoningBlock, type RenderText, type WholeParagraphRenderer } from 'reasoning-ui'
import { beforeAll, describe, expect, it } from 'vitest'
import '../../src/styles/reasoning.css'
import { throughLargeDoor } from '../helpers/large-door'
import { kitRenderer, traitsOf } from '../../src/react/text/text'
import { addLargeTraits } from '../../src/react/text/large/kit'
import { frames } from '../helpers/dom'
import { content, feed, msgEnd, msgStart, run, span, spanEnd, testStore } from '../helpers/events'

// As passing the door does: the kit renderers' runs and DOM builders, in the traits the renderers below copy.
addLargeTraits()

beforeAll(async () => {
  await import('../../src/react/styled/motion-features')
})

function finishedBlock(text: string): ReasoningBlock {
  const store = testStore(1_000)
  feed(store, run(), span('s1'), msgStart('m1'), content('m1', text), msgEnd('m1'), spanEnd('s1'))
  return store.getState().blocks[0]!
}

/** A code block of one line of `chars` characters with no space in it. */
const code = (name: string, chars: number) => `\`\`\`${name}\n${'x'.repeat(chars)}\n\`\`\``
/**
 * A table of `columns` columns whose cells hold one word of `chars` characters: a cell never breaks
 * inside a word, so the words' widths and the cells' padding and borders make it wide.
 */
function table(columns: number, chars: number): string {
  const row = (cell: string) => `| ${Array.from({ length: columns }, () => cell).join(' | ')} |`
  return [row('h'.repeat(chars)), row('---'), row('c'.repeat(chars))].join('\n')
}

const TEXT = ['Short ones first.', code('short', 20), table(5, 4), 'Then wide ones.', code('wide', 200), table(40, 3)].join('\n\n')

function Panel({ block, width = 480, renderText }: { readonly block: ReasoningBlock; readonly width?: number; readonly renderText?: RenderText }) {
  return (
    <div style={{ inlineSize: width } as CSSProperties}>
      <ReasoningPanel block={block} visibility="full" defaultOpen renderText={renderText} />
    </div>
  )
}

/** The panel of `text`, and a way to change its width as a window resize would. */
function mount(text: string, renderText?: RenderText): (width: number) => void {
  const block = finishedBlock(text)
  const { rerender } = render(<Panel block={block} renderText={renderText} />)
  return (width) => rerender(<Panel block={block} width={width} renderText={renderText} />)
}

/** Markdown as the kit's renderer draws it without its DOM builder (as hydrated from server HTML): React renders its groups, which freeze. */
const staticMarkdown: WholeParagraphRenderer = kitRenderer(Object.assign((text: string, info: Parameters<RenderText>[1]) => markdownText(text, info), markdownText), { ...traitsOf(markdownText), build: undefined })

/** 300 paragraphs, every tenth a code block: five groups. */
const manyCodeBlocks = () => Array.from({ length: 300 }, (_, i) => (i % 10 === 5 ? `\`\`\`ts\nconst step${i} = ${i} * 2\n\`\`\`` : `Paragraph ${i}: carry the total forward.`)).join('\n\n')

const boxes = (slot: string) => [...document.querySelectorAll<HTMLElement>(`[data-slot="${slot}"]`)]
const scrollerOf = (box: HTMLElement) => (box.getAttribute('data-slot') === 'reasoning-code' ? box.querySelector('pre')! : box)

/** Whether `box` scrolls sideways: it has more than it shows, and its scroller moves. */
function scrolls(box: HTMLElement): boolean {
  const scroller = scrollerOf(box)
  scroller.scrollLeft = 30
  const moved = scroller.scrollLeft > 0
  scroller.scrollLeft = 0
  return moved && scroller.scrollWidth > scroller.clientWidth
}

describe('code blocks and tables sideways', () => {
  it('should scroll a wide one and leave one that fits unclipped and unscrolled, and measure them again when the width changes', async () => {
    const setWidth = mount(TEXT)
    const [shortCode, wideCode] = await waitFor(() => {
      const found = boxes('reasoning-code')
      expect(found).toHaveLength(2)
      return found as [HTMLElement, HTMLElement]
    })
    const [smallTable, wideTable] = boxes('reasoning-table') as [HTMLElement, HTMLElement]
    await waitFor(() => expect(shortCode).toHaveAttribute('data-fits'))
    expect(smallTable).toHaveAttribute('data-fits')
    // Fits: neither the frame nor the code clips or scrolls, and nothing reaches past the box.
    for (const box of [shortCode, smallTable]) {
      const scroller = scrollerOf(box)
      expect(getComputedStyle(box).overflowX).toBe('visible')
      expect(getComputedStyle(scroller).overflowX).toBe('visible')
      expect(scroller.scrollWidth).toBeLessThanOrEqual(scroller.clientWidth)
      // Nothing to scroll: no tab stop.
      expect(scroller).not.toHaveAttribute('tabindex')
    }
    // Wide: scrolls, as before, and a keyboard reaches it to scroll it.
    for (const box of [wideCode, wideTable]) {
      expect(box).not.toHaveAttribute('data-fits')
      expect(getComputedStyle(scrollerOf(box)).overflowX).toBe('auto')
      expect(scrolls(box)).toBe(true)
      expect(scrollerOf(box)).toHaveAttribute('tabindex', '0')
    }
    // Tab stops in the text, in order: each copy button, then the wide code, then the wide table.
    const copyOf = (box: HTMLElement) => box.querySelector('[data-slot="reasoning-code-copy"]')
    const tabStops = [...document.querySelectorAll('[data-slot="reasoning-text"] :is(button, [tabindex="0"])')]
    const expected = [copyOf(shortCode), copyOf(wideCode), scrollerOf(wideCode), wideTable]
    expect(tabStops).toHaveLength(expected.length)
    tabStops.forEach((stop, i) => expect(stop).toBe(expected[i]))

    // Narrower than the short ones: they scroll now.
    act(() => setWidth(120))
    await waitFor(() => expect(shortCode).not.toHaveAttribute('data-fits'))
    await waitFor(() => expect(smallTable).not.toHaveAttribute('data-fits'))
    expect(scrolls(shortCode)).toBe(true)
    expect(scrolls(smallTable)).toBe(true)
    expect(scrollerOf(shortCode)).toHaveAttribute('tabindex', '0')
    expect(smallTable).toHaveAttribute('tabindex', '0')

    // Wide enough for every one: none clips or scrolls.
    act(() => setWidth(2_400))
    await waitFor(() => {
      for (const box of [shortCode, smallTable, wideCode, wideTable]) expect(box).toHaveAttribute('data-fits')
    })
    await frames(2)
    for (const box of [shortCode, smallTable, wideCode, wideTable]) {
      expect(scrollerOf(box).scrollWidth).toBeLessThanOrEqual(scrollerOf(box).clientWidth)
      expect(scrollerOf(box)).not.toHaveAttribute('tabindex')
    }
  })

  it('should keep a cell\'s words and inline code whole at a phone\'s width and scroll the table instead', async () => {
    const setWidth = mount('| approach | queries per page | stale data |\n|---|---|---|\n| `loadOrdersFor` | 2 | never |')
    const box = await waitFor(() => {
      const found = boxes('reasoning-table')[0]
      expect(found).toHaveAttribute('data-fits')
      return found!
    })
    act(() => setWidth(160))
    await waitFor(() => expect(box).not.toHaveAttribute('data-fits'))
    /** How many lines `node`'s text takes. */
    const lines = (node: Node) => {
      const range = document.createRange()
      range.selectNodeContents(node)
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size
    }
    // One line each: "approach" is not split into "approac" and "h", nor the code.
    const [head, code] = [box.querySelector('th')!, box.querySelector('td code')!]
    expect([head.textContent, code.textContent]).toEqual(['approach', 'loadOrdersFor'])
    expect(lines(head)).toBe(1)
    expect(lines(code)).toBe(1)
    expect(scrolls(box)).toBe(true)
    expect(box).toHaveAttribute('tabindex', '0')
  })

  it('should keep focus on a box that has it when it comes to fit, and stop being a tab stop', async () => {
    const setWidth = mount(TEXT)
    const wide = await waitFor(() => {
      const found = boxes('reasoning-code')[1]
      expect(found).toBeDefined()
      expect(scrollerOf(found!)).toHaveAttribute('tabindex', '0')
      return scrollerOf(found!)
    })
    act(() => wide.focus())
    expect(document.activeElement).toBe(wide)
    act(() => setWidth(2_400))
    await waitFor(() => expect(wide.parentElement).toHaveAttribute('data-fits'))
    expect(document.activeElement).toBe(wide)
    expect(wide).toHaveAttribute('tabindex', '-1')
  })

  it('should measure again when a web font arrives, which changes what fits but not the text\'s width', async () => {
    mount(TEXT)
    const short = await waitFor(() => {
      const found = boxes('reasoning-code')[0]
      expect(found).toHaveAttribute('data-fits')
      return found!
    })
    // As a wider font would: the code grows, the text's box does not, so no resize is observed.
    const style = document.createElement('style')
    style.textContent = '[data-slot="reasoning-code"] pre { font-size: 48px }'
    document.head.append(style)
    try {
      await frames(3)
      expect(short).toHaveAttribute('data-fits')
      document.fonts.dispatchEvent(new Event('loadingdone'))
      await waitFor(() => expect(short).not.toHaveAttribute('data-fits'))
      expect(scrolls(short)).toBe(true)
    } finally {
      style.remove()
    }
  })

  it('should measure a box again when its panel, narrowed while closed, opens', async () => {
    const setWidth = mount(TEXT)
    await waitFor(() => expect(boxes('reasoning-code')[0]).toHaveAttribute('data-fits'))
    const trigger = document.querySelector<HTMLButtonElement>('[data-slot="reasoning-trigger"]')!
    act(() => trigger.click())
    await waitFor(() => expect(document.querySelector('[data-slot="reasoning-panel"]')).toHaveAttribute('data-state', 'closed'))
    await frames(3)
    act(() => setWidth(120))
    await frames(3)
    act(() => trigger.click())
    await waitFor(() => expect(document.querySelector('[data-slot="reasoning-panel"]')).toHaveAttribute('data-state', 'open'))
    const shown = boxes('reasoning-code')[0]!
    await waitFor(() => expect(shown).not.toHaveAttribute('data-fits'))
    expect(scrolls(shown)).toBe(true)
  })

  describe('past the door to the huge-trace machinery', () => {
    throughLargeDoor()
    it('should measure the code blocks of built groups again when the width changes', async () => {
      // The kit's markdown builds its finished paragraphs as DOM (text.tsx): all but the last here.
      const setWidth = mount(manyCodeBlocks())
      const code = () => boxes('reasoning-code')
      await waitFor(() => expect(code().every((box) => box.hasAttribute('data-fits'))).toBe(true))
      expect(code()).toHaveLength(30)
      act(() => setWidth(100))
      await waitFor(() => expect(code().filter((box) => box.hasAttribute('data-fits'))).toEqual([]))
      expect(scrolls(code()[0]!)).toBe(true)
      act(() => setWidth(480))
      await waitFor(() => expect(code().every((box) => box.hasAttribute('data-fits'))).toBe(true))
    })

    it('should measure the code blocks of frozen groups again when the width changes', { timeout: 60_000 }, async () => {
      // The first groups freeze once scrolled away (text.tsx).
      const setWidth = mount(manyCodeBlocks(), staticMarkdown)
      const body = document.querySelector<HTMLElement>('[data-slot="reasoning-body"]')!
      body.scrollTop = body.scrollHeight
      await waitFor(() => expect(document.querySelector('[data-frozen] [data-slot="reasoning-code"]')).not.toBeNull(), { timeout: 40_000, interval: 100 })
      const frozenCode = () => [...document.querySelectorAll<HTMLElement>('[data-frozen] [data-slot="reasoning-code"]')]
      // Hang guards as long as the freeze's: WebKit beside two other lanes, both cores busy, passed 10 s here (2026-12-07).
      const settles = { timeout: 40_000, interval: 100 }
      await waitFor(() => expect(frozenCode().every((box) => box.hasAttribute('data-fits'))).toBe(true), settles)
      act(() => setWidth(100))
      await waitFor(() => expect(frozenCode().filter((box) => box.hasAttribute('data-fits'))).toEqual([]), settles)
      expect(frozenCode().length).toBeGreaterThan(0)
      expect(scrolls(frozenCode()[0]!)).toBe(true)
    })
  })
})
