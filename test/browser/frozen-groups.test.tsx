/**
 * Frozen groups in each real engine (issue 15, the markdown heap; unit tests in
 * test/react/frozen-groups.test.tsx): once a finished group of paragraphs is off screen and the page
 * is idle, React lets go of it and the group keeps a copy of its DOM. A reader must see no
 * difference: the same elements in the same places, all of the text, and a code block's copy
 * button that still copies on a real click.
 */
import { render } from '@testing-library/react'
import type { CSSProperties } from 'react'
import { ReasoningPanel } from 'reasoning-ui'
import { afterEach, describe, expect, it } from 'vitest'
import { userEvent } from 'vitest/browser'
import '../../src/styles/reasoning.css'
import { content, feed, msgEnd, msgStart, run, span, spanEnd, testStore } from '../helpers/events'

/** `count` markdown paragraphs; every tenth a code block. */
const paragraphs = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    i % 10 === 5 ? `\`\`\`ts\nconst step${i} = ${i} * 2\n\`\`\`` : `Paragraph ${i}: the **running total** still holds after \`change ${i}\`, so carry it forward.`,
  )

/** A finished panel of 300 markdown paragraphs (five groups of up to 64), open, its body scrolled to the end. */
function mount() {
  const store = testStore(1_000)
  feed(store, run(), span('s1'), msgStart('m1'), content('m1', paragraphs(300).join('\n\n')), msgEnd('m1'), spanEnd('s1'))
  render(
    <div style={{ inlineSize: 480 } as CSSProperties}>
      <ReasoningPanel block={store.getState().blocks[0]!} defaultOpen animationDuration={0} />
    </div>,
  )
  const body = document.querySelector<HTMLElement>('[data-slot="reasoning-body"]')!
  const groups = () => Array.from(body.querySelectorAll<HTMLElement>('[data-slot="reasoning-group"]'))
  const frozen = () => groups().map((g) => g.hasAttribute('data-frozen'))
  /** Each paragraph's box, relative to the body's content. */
  const boxes = () => {
    const origin = body.getBoundingClientRect()
    return Array.from(body.querySelectorAll('[data-slot="reasoning-paragraph"]'), (p) => {
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
  it('should freeze the groups scrolled away, with the same elements in the same places and all of the text', SLOW, async () => {
    const view = mount()
    view.body.scrollTop = view.body.scrollHeight
    const html = view.groups().map((g) => g.innerHTML)
    const boxes = view.boxes()
    const text = view.body.textContent
    expect(text).toContain('Paragraph 0: the running total still holds after change 0, so carry it forward.')
    await expect.poll(() => view.frozen(), FREEZE).toEqual([true, true, true, false, false])
    expect(view.groups().map((g) => g.innerHTML)).toEqual(html)
    expect(view.boxes()).toEqual(boxes)
    expect(view.body.textContent).toBe(text)
    // What the reader selects and copies there: the text as shown.
    const range = document.createRange()
    range.selectNodeContents(view.groups()[0]!.querySelector('[data-slot="reasoning-paragraph"]')!)
    expect(range.toString()).toBe('Paragraph 0: the running total still holds after change 0, so carry it forward.')
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
