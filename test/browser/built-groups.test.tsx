/**
 * Built groups in each real engine (issue 15, the heap while a long text streams; unit tests in
 * test/react/text/large/built-groups.test.tsx): the kit's renderers build a finished paragraph's DOM outside
 * React. A reader must see no difference from what React renders: the same elements in the same
 * places, laid out alike, code blocks measured alike (`data-fits`), all of the text, and a code
 * block's copy button that copies on a real click.
 */
import { render } from '@testing-library/react'
import type { CSSProperties } from 'react'
import { markdownText, ReasoningPanel, type RenderText } from 'reasoning-ui'
import { afterEach, describe, expect, it } from 'vitest'
import { userEvent } from 'vitest/browser'
import '../../src/styles/reasoning.css'
import { throughLargeDoor } from '../helpers/large-door'
import { content, feed, msgEnd, msgStart, run, span, spanEnd, testStore } from '../helpers/events'

/** `count` markdown paragraphs: code blocks (some wider than the panel), lists, a table, prose. */
const paragraphs = (count: number) =>
  Array.from({ length: count }, (_, i) => {
    if (i % 10 === 5) return `\`\`\`ts\nconst step${i} = ${i} * 2${i % 20 === 5 ? ' // ' + 'a comment that runs far past the side of a narrow panel '.repeat(2) : ''}\n\`\`\``
    if (i % 10 === 7) return `- item ${i} with \`code\`\n- and *another*`
    if (i === 33) return '| case | heads | legs |\n| --- | ---: | ---: |\n| chickens | 10 | 24 |'
    return `Paragraph ${i}: the **running total** still holds after \`change ${i}\`, so carry it forward.`
  })

/** The same renderer as an app's copy of it: no DOM builder, never frozen (the kit knows only its own renderers), React renders its groups. */
const reactOnly: RenderText = Object.assign((text: string, info: Parameters<RenderText>[1]) => markdownText(text, info), markdownText)

/** Two finished panels of the same text side by side, each 420 px wide: built, and rendered by React. */
function mountBoth(text: string) {
  const mount = (renderText: RenderText) => {
    const store = testStore(1_000)
    feed(store, run(), span('s1'), msgStart('m1'), content('m1', text), msgEnd('m1'), spanEnd('s1'))
    return <ReasoningPanel block={store.getState().blocks[0]!} defaultOpen animationDuration={0} renderText={renderText} />
  }
  const { container } = render(
    <div style={{ display: 'flex', gap: 20 } as CSSProperties}>
      <div style={{ inlineSize: 420 } as CSSProperties}>{mount(markdownText)}</div>
      <div style={{ inlineSize: 420 } as CSSProperties}>{mount(reactOnly)}</div>
    </div>,
  )
  const [built, react] = Array.from(container.querySelectorAll<HTMLElement>('[data-slot="reasoning-body"]'))
  return { built: built!, react: react! }
}

/** Each element's box in `body`'s content, in document order, with its tag. */
function boxes(body: HTMLElement): string[] {
  const origin = body.getBoundingClientRect()
  return Array.from(body.querySelectorAll('[data-slot="reasoning-text"] *'), (element) => {
    const r = element.getBoundingClientRect()
    return [element.tagName, ...[r.left - origin.left, r.top - origin.top + body.scrollTop, r.width, r.height].map((v) => Math.round(v))].join(' ')
  })
}

const SLOW = { timeout: 60_000 }
const clipboard = Object.getOwnPropertyDescriptor(navigator, 'clipboard')

afterEach(() => {
  if (clipboard) Object.defineProperty(navigator, 'clipboard', clipboard)
  else Reflect.deleteProperty(navigator, 'clipboard')
})

describe('built groups', () => {
  throughLargeDoor()
  it('should show what React renders: the same elements, laid out in the same places, measured alike, all of the text', SLOW, async () => {
    const { built, react } = mountBoth(paragraphs(150).join('\n\n'))
    // After the code blocks and the table are measured (`data-fits`), in the frame after the commit.
    await expect.poll(() => built.querySelectorAll('[data-fits]').length).toBeGreaterThan(0)
    await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()))
    const html = (body: HTMLElement) => body.querySelector('[data-slot="reasoning-text"]')!.innerHTML
    expect(html(built)).toBe(html(react))
    // Wide code blocks scroll (a tab stop), the others fit.
    expect(built.querySelectorAll('[data-slot="reasoning-code"][data-fits]').length).toBeGreaterThan(0)
    expect(built.querySelectorAll('[data-slot="reasoning-code"]:not([data-fits]) pre[tabindex="0"]').length).toBeGreaterThan(0)
    const a = boxes(built)
    expect(a.length).toBeGreaterThan(600)
    expect(a).toEqual(boxes(react))
    expect(built.scrollHeight).toBe(react.scrollHeight)
    expect(built.textContent).toBe(react.textContent)
    // What the reader selects and copies there: the text as shown.
    const range = document.createRange()
    range.selectNodeContents(built.querySelector('[data-slot="reasoning-paragraph"]')!)
    expect(range.toString()).toBe('Paragraph 0: the running total still holds after change 0, so carry it forward.')
  })

  it('should copy a built code block\'s code on a real click (React renders its paragraph and clicks its twin), and say "Copied"', SLOW, async () => {
    const written: string[] = []
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: (text: string) => (written.push(text), Promise.resolve()) },
    })
    const { built } = mountBoth(paragraphs(150).join('\n\n'))
    const button = built.querySelectorAll<HTMLButtonElement>('[data-slot="reasoning-code-copy"]')[1]!
    expect(button).toHaveTextContent('Copy code')
    // WebKit's driver does not scroll a nested scroller to click.
    button.scrollIntoView({ block: 'center' })
    await userEvent.click(button)
    await expect.poll(() => written).toEqual(['const step15 = 15 * 2'])
    // React renders that paragraph now, in its place, and its twin of the button was clicked.
    const twin = () => built.querySelectorAll<HTMLButtonElement>('[data-slot="reasoning-code-copy"]')[1]!
    await expect.poll(() => twin().textContent).toBe('Copied')
    expect(twin()).toHaveAttribute('data-copied', '')
    expect(built.querySelectorAll('[data-slot="reasoning-code-copy"]')).toHaveLength(15)
  })
})
