/**
 * Frozen groups in each real engine (issue 15, the markdown heap; unit tests in
 * test/react/text/large/frozen-groups.test.tsx): once a finished group of paragraphs is off screen and the page
 * is idle, React lets go of it and the group keeps a copy of its DOM. A reader must see no
 * difference: the same elements in the same places, all of the text, and a code block's copy
 * button that still copies on a real click. These are the groups React renders (an app's own static
 * renderer's, `staticMarkdown` here, and those hydrated from server HTML): the kit's own renderers'
 * groups are built as DOM from the start (test/browser/built-groups.test.tsx).
 */
import { act, render } from '@testing-library/react'
import type { CSSProperties } from 'react'
import { ReasoningPanel, createReasoningStore, markdownText, useReasoningStore, type RenderText, type WholeParagraphRenderer } from 'reasoning-ui'
import { afterEach, describe, expect, it } from 'vitest'
import { userEvent } from 'vitest/browser'
import '../../src/styles/reasoning.css'
import { throughLargeDoor } from '../helpers/large-door'
import { kitRenderer, traitsOf } from '../../src/react/text/text'
import { addLargeTraits } from '../../src/react/text/large/kit'
import { content, feed, msgEnd, msgStart, run, span, spanEnd, testStore } from '../helpers/events'

// As passing the door does: the kit renderers' runs and DOM builders, in the traits the renderers below copy.
addLargeTraits()

/** `count` markdown paragraphs; every tenth a code block. */
const paragraphs = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    i % 10 === 5 ? `\`\`\`ts\nconst step${i} = ${i} * 2\n\`\`\`` : `Paragraph ${i}: the **running total** still holds after \`change ${i}\`, so carry it forward.`,
  )

/** Markdown as the kit's renderer draws it without its DOM builder (as hydrated from server HTML): React renders its groups. */
const staticMarkdown: WholeParagraphRenderer = kitRenderer(Object.assign((text: string, info: Parameters<RenderText>[1]) => markdownText(text, info), markdownText), { ...traitsOf(markdownText), build: undefined })

/** A finished panel of 300 markdown paragraphs (five groups of up to 64), open, its body scrolled to the end. */
function mount(text = paragraphs(300).join('\n\n')) {
  const store = testStore(1_000)
  feed(store, run(), span('s1'), msgStart('m1'), content('m1', text), msgEnd('m1'), spanEnd('s1'))
  render(
    <div style={{ inlineSize: 480 } as CSSProperties}>
      <ReasoningPanel block={store.getState().blocks[0]!} defaultOpen animationDuration={0} renderText={staticMarkdown} />
    </div>,
  )
  const body = document.querySelector<HTMLElement>('[data-slot="reasoning-body"]')!
  const groups = () => Array.from(body.querySelectorAll<HTMLElement>('[data-slot="reasoning-group"]'))
  const frozen = () => groups().map((g) => g.hasAttribute('data-frozen'))
  /** Each paragraph's (or run's) box, relative to the body's content. */
  const boxes = (of = 'reasoning-paragraph') => {
    const origin = body.getBoundingClientRect()
    return Array.from(body.querySelectorAll(`[data-slot="${of}"]`), (p) => {
      const r = p.getBoundingClientRect()
      return [r.left - origin.left, r.top - origin.top + body.scrollTop, r.width, r.height].map((v) => Math.round(v * 10) / 10)
    })
  }
  return { body, groups, frozen, boxes }
}

/** Freezing waits for idle periods, which a machine running three browsers' lanes at once has few of. */
const FREEZE = { timeout: 40_000, interval: 100 }
const SLOW = { timeout: 60_000 }
const clipboard = Object.getOwnPropertyDescriptor(navigator, 'clipboard')

afterEach(() => {
  if (clipboard) Object.defineProperty(navigator, 'clipboard', clipboard)
  else Reflect.deleteProperty(navigator, 'clipboard')
})

describe('frozen groups', () => {
  throughLargeDoor()
  it('should freeze the groups scrolled away, with the same elements in the same places and all of the text', SLOW, async () => {
    const view = mount()
    view.body.scrollTop = view.body.scrollHeight
    // After the code blocks are measured (`data-fits`, markdown.tsx), in the frame after the commit.
    await expect.poll(() => view.groups().map((g) => g.innerHTML).join('')).toContain('data-fits')
    const html = view.groups().map((g) => g.innerHTML)
    const boxes = view.boxes()
    const text = view.body.textContent
    expect(text).toContain('Paragraph 0: the running total still holds after change 0, so carry it forward.')
    // Every group of the finished text freezes but those on screen or within half a screen of it
    // (at the end: the last, 44 paragraphs, and whatever of the fourth is that near).
    const near = view.groups().map((g) => {
      const { top, bottom } = g.getBoundingClientRect()
      return bottom > -innerHeight / 2 && top < innerHeight * 1.5
    })
    expect(near.slice(0, 3)).toEqual([false, false, false])
    expect(near[4]).toBe(true)
    await expect.poll(() => view.frozen(), FREEZE).toEqual(near.map((n) => !n))
    expect(view.groups().map((g) => g.innerHTML)).toEqual(html)
    expect(view.boxes()).toEqual(boxes)
    expect(view.body.textContent).toBe(text)
    // What the reader selects and copies there: the text as shown.
    const range = document.createRange()
    range.selectNodeContents(view.groups()[0]!.querySelector('[data-slot="reasoning-paragraph"]')!)
    expect(range.toString()).toBe('Paragraph 0: the running total still holds after change 0, so carry it forward.')
  })

  it('should not freeze a group before its code blocks are measured, so no copy keeps a box unmeasured', SLOW, async () => {
    // The frame that measures the boxes (markdown.tsx `measureBoxes`) held back: a copy made before
    // it would keep its boxes as rendered, and nothing measures a copy until the width changes.
    const held: FrameRequestCallback[] = []
    const frame = window.requestAnimationFrame
    window.requestAnimationFrame = (callback) => (callback.name === 'measureBoxes' ? held.push(callback) : frame.call(window, callback))
    try {
      const view = mount()
      view.body.scrollTop = view.body.scrollHeight
      await expect.poll(() => view.body.textContent).toContain('Paragraph 299:')
      // Idle periods in which, but for the measure to come, the groups scrolled away would freeze.
      for (let i = 0; i < 5; i++) await new Promise((idle) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(idle, { timeout: 1_000 }) : setTimeout(idle, 200)))
      expect(held.length).toBeGreaterThan(0)
      expect(view.frozen()).not.toContain(true)
    } finally {
      window.requestAnimationFrame = frame
    }
    for (const callback of held.splice(0)) frame.call(window, callback)
    const code = () => Array.from(document.querySelectorAll<HTMLElement>('[data-frozen] [data-slot="reasoning-code"]'))
    await expect.poll(() => code().length, FREEZE).toBeGreaterThan(0)
    expect(code().filter((box) => !box.hasAttribute('data-fits'))).toEqual([])
  })

  it('should freeze the groups of runs of an endless paragraph scrolled away, with each run in its place and all of the text', SLOW, async () => {
    // About 190 KB with no line break: 46 runs of at least 4,000 characters, in groups of 16, 16 and 14.
    const sentences = Array.from({ length: 3_000 }, (_, i) => `Step ${i} keeps the **running total** in \`range ${i}\` as it was.`)
    const view = mount(sentences.join(' '))
    const runGroups = () => Array.from(view.body.querySelectorAll<HTMLElement>('[data-slot="reasoning-paragraph"] [data-slot="reasoning-group"]'))
    expect(runGroups()).toHaveLength(3)
    view.body.scrollTop = view.body.scrollHeight
    const boxes = view.boxes('reasoning-run')
    const text = view.body.textContent
    // Those on screen or within half a screen of it stay React's (the last, in most engines' frames;
    // the last run after it is 4,000 characters on its own).
    const near = runGroups().map((g) => {
      const { top, bottom } = g.getBoundingClientRect()
      return bottom > -innerHeight / 2 && top < innerHeight * 1.5
    })
    expect(near.slice(0, 2)).toEqual([false, false])
    await expect.poll(() => runGroups().map((g) => g.hasAttribute('data-frozen')), FREEZE).toEqual(near.map((n) => !n))
    expect(view.boxes('reasoning-run')).toEqual(boxes)
    expect(view.body.textContent).toBe(text)
    const steps = Array.from(text!.matchAll(/Step (\d+) keeps the running total in range \1 as it was\./g), (m) => Number(m[1]))
    expect(steps).toEqual(sentences.map((_, i) => i))
  })

  it('should freeze groups of a live text while its panel follows it to the end at each commit', SLOW, async () => {
    // The scroll area scrolls to its end at every commit of a live text, and each scroll is an event:
    // taken for a reader's, it kept every group React's while a text streamed (none of 488 groups
    // froze during a paced 5 MB trace).
    const store = createReasoningStore()
    function Live() {
      const { blocks } = useReasoningStore(store)
      return blocks[0] ? <ReasoningPanel block={blocks[0]} defaultOpen animationDuration={0} renderText={staticMarkdown} /> : null
    }
    render(
      <div style={{ inlineSize: 480 } as CSSProperties}>
        <Live />
      </div>,
    )
    let fed = 80
    act(() => {
      for (const event of [run(), span('s1'), msgStart('m1'), content('m1', `${paragraphs(fed).join('\n\n')}\n\n`)]) store.dispatch(event)
    })
    const body = () => document.querySelector<HTMLElement>('[data-slot="reasoning-body"]')!
    const groups = () => Array.from(body().querySelectorAll<HTMLElement>('[data-slot="reasoning-group"]'))
    await expect.poll(() => body().querySelectorAll('[data-slot="reasoning-paragraph"]').length).toBe(fed)
    // The reader selected words in the first paragraph: its group waits (listening for scrolls) and
    // stays React's, as the selection needs; the groups after it must not wait for the scrolls
    // that follow the text.
    const range = document.createRange()
    range.selectNodeContents(body().querySelector('strong')!)
    document.getSelection()!.addRange(range)
    let scrolls = 0
    const counted = (): void => void scrolls++
    document.addEventListener('scroll', counted, { capture: true, passive: true })
    // Four paragraphs every 40 ms until the second and third groups froze, or the test's time is up.
    const timer = setInterval(() => {
      store.dispatch(content('m1', `${paragraphs(fed + 4).slice(fed).join('\n\n')}\n\n`))
      fed += 4
    }, 40)
    try {
      await expect.poll(() => groups().slice(0, 3).map((g) => g.hasAttribute('data-frozen')), FREEZE).toEqual([false, true, true])
      // It followed its text meanwhile, scrolling again and again (how often depends on the
      // machine's frames: 24 times for 204 paragraphs in WebKit beside CI's other lanes), and the
      // text is still live.
      expect(scrolls).toBeGreaterThanOrEqual(5)
      await expect.poll(() => body().scrollHeight - body().scrollTop - body().clientHeight).toBeLessThanOrEqual(1)
      expect(store.getState().blocks[0]!.status).toBe('streaming')
      expect(document.getSelection()!.toString()).toBe('running total')
    } finally {
      clearInterval(timer)
      document.removeEventListener('scroll', counted, true)
      document.getSelection()!.removeAllRanges()
    }
    // Every paragraph fed is there, in order, once the text ends.
    act(() => store.dispatch(msgEnd('m1')))
    await expect.poll(() => body().querySelectorAll('[data-slot="reasoning-paragraph"]').length).toBe(fed)
    const prose = (texts: readonly (string | null)[]) => texts.filter((_, i) => i % 10 !== 5)
    const shown = Array.from(body().querySelectorAll('[data-slot="reasoning-paragraph"]'), (p) => p.textContent)
    expect(prose(shown)).toEqual(prose(paragraphs(fed)).map((p) => p!.replace(/\*\*|`/g, '')))
  })

  it('should copy a frozen code block\'s code on a real click, and say "Copied"', SLOW, async () => {
    const written: string[] = []
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: (text: string) => (written.push(text), Promise.resolve()) },
    })
    const view = mount()
    view.body.scrollTop = view.body.scrollHeight
    await expect.poll(() => view.frozen()[0], FREEZE).toBe(true)
    const button = view.groups()[0]!.querySelectorAll<HTMLButtonElement>('[data-slot="reasoning-code-copy"]')[1]!
    expect(button).toHaveTextContent('Copy code')
    // The reader scrolls back to it (WebKit's driver does not scroll a nested scroller to click).
    button.scrollIntoView({ block: 'center' })
    expect(view.frozen()[0]).toBe(true)
    await userEvent.click(button)
    await expect.poll(() => written).toEqual(['const step15 = 15 * 2'])
    expect(view.groups()[0]).not.toHaveAttribute('data-frozen')
    await expect.poll(() => view.groups()[0]!.querySelectorAll('[data-slot="reasoning-code-copy"]')[1]!.textContent).toBe('Copied')
  })
})
