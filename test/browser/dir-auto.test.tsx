/**
 * Text of unknown direction, in real Chromium with the default skin: every
 * paragraph of reasoning takes the direction of its own text (`dir="auto"`),
 * so English on a right-to-left page ends "… next week?" and not
 * "?… next week", under the markdown renderer and the plain one alike.
 */
import { cleanup, render } from '@testing-library/react'
import { ReasoningPanel, plainText, type RenderText } from 'reasoning-ui'
import { afterEach, describe, expect, it } from 'vitest'
import '../../src/styles/reasoning.css'
import { content, feed, msgStart, run, span, testStore } from '../helpers/events'

afterEach(cleanup)

/** An open, streaming panel showing `text`, inside a page region of direction `dir`. */
function panel(text: string, dir: 'rtl' | 'ltr', renderText?: RenderText): HTMLElement {
  const store = testStore()
  // A trailing blank line finishes the last paragraph, as most of a trace is.
  feed(store, run(), span('s'), msgStart('m'), content('m', `${text}\n\n`))
  const { container } = render(
    <div dir={dir} style={{ inlineSize: '600px' }}>
      <ReasoningPanel block={store.getState().blocks[0]!} defaultOpen animationDuration={0} renderText={renderText} />
    </div>,
  )
  return container.querySelector<HTMLElement>('[data-slot="reasoning-text"]')!
}

/** The text node inside `within` that holds `text`. */
function textNode(within: HTMLElement, text: string): Text {
  const walker = document.createTreeWalker(within, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) if (node.nodeValue?.includes(text)) return node as Text
  throw new Error(`no text node with ${JSON.stringify(text)} in ${within.outerHTML}`)
}

/** Where the character at `offset` of `node` is drawn, from the left of the viewport. */
function leftOf(node: Text, offset: number): number {
  const range = document.createRange()
  range.setStart(node, offset)
  range.setEnd(node, offset + 1)
  return range.getBoundingClientRect().left
}

/** The last character of `text` is drawn right of its first: it reads left to right, its end on the right. */
function endsOnTheRight(within: HTMLElement, text: string): boolean {
  const node = textNode(within, text)
  const start = node.nodeValue!.indexOf(text)
  return leftOf(node, start + text.length - 1) > leftOf(node, start)
}

const QUESTION = 'And next week?'

describe('given English reasoning on a right-to-left page', () => {
  it.each([
    ['markdown (the default)', undefined],
    ['plain text', plainText],
  ] as const)('with the %s renderer, a paragraph ending in "?" should show the "?" at its right end', (_, renderText) => {
    const text = panel(QUESTION, 'rtl', renderText)
    expect(endsOnTheRight(text, QUESTION)).toBe(true)
  })

  it('list items, headings, quotes and table cells should read left to right too', () => {
    const text = panel(
      ['**Is it next week?**', '', '- Or the week after?', '1. Which day?', '', '> Can it wait?', '', '| When? | Who? |', '| --- | --- |', '| Monday? | Ana? |'].join('\n'),
      'rtl',
    )
    for (const question of ['Is it next week?', 'Or the week after?', 'Which day?', 'Can it wait?', 'When?', 'Monday?']) {
      expect(endsOnTheRight(text, question), question).toBe(true)
    }
  })
})

describe('given Arabic reasoning on a left-to-right page', () => {
  it('should read right to left: the question mark at the left end', () => {
    // An ASCII "?" (neutral; the Arabic one is a strong right-to-left character) goes where the paragraph direction puts it.
    const arabic = 'هل هذا صحيح?'
    const text = panel(arabic, 'ltr')
    expect(endsOnTheRight(text, arabic)).toBe(false)
  })
})
