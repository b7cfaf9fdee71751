/**
 * Megabyte traces: a commit's work must not grow with the text before it. Finished
 * paragraphs are memoised in groups (`data-slot="reasoning-group"`), a long paragraph
 * streams in runs (`data-slot="reasoning-run"`, RUN_CHARS), and a delta re-renders only
 * the live run; nothing is windowed, so every character stays in the DOM for
 * find-in-page, copy and screen readers.
 */
import { act, render, waitFor } from '@testing-library/react'
import { memo, Profiler, type ReactNode } from 'react'
import {
  markdownText, plainText, Reasoning, ReasoningPanel, ReasoningProvider, ReasoningStatusLabel, ReasoningText,
  type RenderText, type WholeParagraphRenderer,
} from 'reasoning-ui'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { RUN_CHARS } from '../../../../src/react/text/large'
import { kitRenderer, traitsOf } from '../../../../src/react/text/text'
import { addLargeTraits } from '../../../../src/react/text/large/kit'
import { useCopy } from '../../../../src/react/state/copy'
import type * as CopyModule from '../../../../src/react/state/copy'
import { content, feed, msgEnd, msgStart, run, span, spanEnd, testStore } from '../../../helpers/events'
import { throughLargeDoor } from '../../../helpers/large-door'

// As passing the door does: the kit renderers' runs and DOM builders, in the traits the renderers below copy.
addLargeTraits()

throughLargeDoor()

vi.mock('../../../../src/react/state/copy', async (original) => {
  const module = await original<typeof CopyModule>()
  return { ...module, useCopy: vi.fn(module.useCopy) }
})

/** Prose with no blank line at all: one endless paragraph, sentences with inline markup. */
function endless(chars: number): string {
  const sentences = [
    'I need to check whether the *total* still holds after the change.',
    'Let me verify that `sum()` matches the value from before.',
    'So the remaining work is mostly **arithmetic** and a quick estimate.',
    'Hmm, that contradicts what I assumed a moment ago.',
  ]
  let text = ''
  // Numbered, so that no two runs hold the same text.
  for (let i = 0; text.length < chars; i++) text += `${text === '' ? '' : ' '}Step ${i}: ${sentences[i % sentences.length]}`
  return text
}

/** Letters and digits only: what a reader sees, whatever markup the renderer drew. */
const letters = (text: string) => text.replace(/[^\p{L}\p{N}]+/gu, '')

function streamingPanel(renderText: RenderText | undefined, onRender?: (id: string) => void) {
  // A clock that stands still. A split slowed by a busy machine (1 ms or more) makes the updates
  // after it wait for a timer, up to 100 ms (SPLIT_SHARE in text.tsx), and these tests read the
  // text right after their updates: one, in a unit lane beside typecheck and lint, read all but the
  // last 5.6 KB. How long splits wait is split-pace.test.tsx's.
  vi.spyOn(performance, 'now').mockReturnValue(1_000)
  const store = testStore()
  feed(store, run(), span('s1'), msgStart('m1'))
  const ui = () => {
    const panel = (
      <ReasoningProvider now={() => store.clock.now}>
        <ReasoningPanel block={store.getState().blocks[0]!} defaultOpen animationDuration={0} renderText={renderText} />
      </ReasoningProvider>
    )
    return onRender ? <Profiler id="panel" onRender={(id) => onRender(id)}>{panel}</Profiler> : panel
  }
  const result = render(ui())
  return {
    container: result.container,
    push(delta: string) {
      feed(store, content('m1', delta))
      result.rerender(ui())
    },
    finish() {
      feed(store, msgEnd('m1'), spanEnd('s1'))
      result.rerender(ui())
    },
  }
}

/** A markdown renderer whose runs are counted, each by the text it was given. */
function countingMarkdown() {
  const traits = traitsOf(markdownText)!
  const runs = traits.runs!
  const calls: string[] = []
  const liveCalls: string[] = []
  // The kit's markdown with its runs counted: registered as one of the kit's renderers, which an app's cannot be.
  const renderer: WholeParagraphRenderer = kitRenderer(Object.assign((text: string, info: Parameters<RenderText>[1]) => markdownText(text, info), { paragraph: markdownText.paragraph }), {
    ...traits,
    build: undefined,
    runs: {
      ...runs,
      run: (text: string, live: boolean) => {
        ;(live ? liveCalls : calls).push(text)
        return runs.run(text, live)
      },
    },
  })
  return { renderer, calls, liveCalls }
}

afterEach(() => vi.restoreAllMocks())

describe('an endless paragraph', () => {
  it('given 40 KB with no blank line streamed in 400 deltas, should render each finished run once and only the last run per delta', () => {
    const text = endless(40_000)
    const { renderer, calls, liveCalls } = countingMarkdown()
    const panel = streamingPanel(renderer)
    for (let i = 0; i < text.length; i += 100) panel.push(text.slice(i, i + 100))
    const runs = [...panel.container.querySelectorAll('[data-slot="reasoning-run"]')]
    // Cut about every RUN_CHARS, at a sentence's end.
    expect(runs.length).toBeGreaterThanOrEqual(Math.floor(40_000 / (2 * RUN_CHARS)))
    const finished = runs.slice(0, -1).map((r) => r.textContent!)
    for (const piece of finished) expect(piece).toMatch(/[.!?]\s*$/)
    // Every finished run was rendered as a finished run exactly once: never redone as more came.
    expect(calls.map(letters)).toEqual(finished.map(letters))
    // And per delta one render of the live run at most: never the paragraph's earlier runs.
    expect(liveCalls.length).toBeLessThanOrEqual(400)
    for (const call of liveCalls) expect(call.length).toBeLessThan(3 * RUN_CHARS)
    expect(letters(panel.container.querySelector('[data-slot="reasoning-text"]')!.textContent!)).toBe(letters(text))
  }, 60_000)

  it('should show what the whole paragraph shows: the same text, the same emphasis and code, nothing cut inside a construct', () => {
    const text = endless(30_000)
    const panel = streamingPanel(undefined)
    for (let i = 0; i < text.length; i += 1_000) panel.push(text.slice(i, i + 1_000))
    panel.finish()
    const shown = panel.container.querySelector('[data-slot="reasoning-text"]')!
    const whole = render(<div>{markdownText(text, { live: false, kind: 'text' })}</div>).container
    expect(shown.querySelectorAll('[data-slot="reasoning-run"]').length).toBeGreaterThan(3)
    expect(letters(shown.textContent!)).toBe(letters(whole.textContent!))
    for (const tag of ['em', 'strong', 'code']) {
      expect([...shown.querySelectorAll(tag)].map((e) => e.textContent), tag).toEqual([...whole.querySelectorAll(tag)].map((e) => e.textContent))
    }
  })

  it('given an emphasis the text never closes, should never cut (the rest could still close it) and still show all the text', () => {
    const text = `Start with **an open strong. ${'That contradicts what I assumed a moment ago. '.repeat(300)}`
    const panel = streamingPanel(undefined)
    for (let i = 0; i < text.length; i += 500) panel.push(text.slice(i, i + 500))
    const shown = panel.container.querySelector('[data-slot="reasoning-text"]')!
    expect(shown.querySelectorAll('[data-slot="reasoning-run"]')).toHaveLength(0)
    expect(letters(shown.textContent!)).toBe(letters(text))
  })

  it('given emphasis opened and closed across sentences, should cut only where the text so far is closed: the markup is the whole paragraph\'s', () => {
    const text = `Start with *an emphasis. That goes on.* ${endless(20_000)}`
    const panel = streamingPanel(undefined)
    for (let i = 0; i < text.length; i += 500) panel.push(text.slice(i, i + 500))
    panel.finish()
    const shown = panel.container.querySelector('[data-slot="reasoning-text"]')!
    const whole = render(<div>{markdownText(text, { live: false, kind: 'text' })}</div>).container
    expect(shown.querySelectorAll('[data-slot="reasoning-run"]').length).toBeGreaterThan(1)
    for (const tag of ['em', 'strong', 'code']) {
      expect([...shown.querySelectorAll(tag)].map((e) => e.textContent), tag).toEqual([...whole.querySelectorAll(tag)].map((e) => e.textContent))
    }
    expect(letters(shown.textContent!)).toBe(letters(whole.textContent!))
  })

  it('with the plain renderer, should cut after white space and keep every character, in order', () => {
    const text = `${'x'.repeat(RUN_CHARS * 2 + 10)} ${endless(20_000)}`
    const panel = streamingPanel(plainText)
    for (let i = 0; i < text.length; i += 700) panel.push(text.slice(i, i + 700))
    const shown = panel.container.querySelector('[data-slot="reasoning-text"]')!
    expect(shown.querySelectorAll('[data-slot="reasoning-run"]').length).toBeGreaterThan(4)
    expect(shown.textContent).toBe(text)
  })

  it('should keep its runs when it ends: the last delta and the end render the last run only', () => {
    const text = endless(30_000)
    const { renderer, calls, liveCalls } = countingMarkdown()
    const panel = streamingPanel(renderer)
    for (let i = 0; i < text.length; i += 1_000) panel.push(text.slice(i, i + 1_000))
    const before = calls.length + liveCalls.length
    panel.finish()
    // The paragraph is now finished: the same component, the same cuts, its last run drawn again.
    expect(calls.length + liveCalls.length - before).toBeLessThanOrEqual(1)
    expect(panel.container.querySelector('[data-slot="reasoning-run"][data-live]')).toBeNull()
  })
})

describe('many paragraphs', () => {
  it('given 1,000 finished paragraphs, a delta should render only the live one, and every paragraph stays in the DOM', async () => {
    const paragraphs = Array.from({ length: 1_000 }, (_, i) => `Paragraph ${i} checks the running total once more.`)
    const renderText = vi.fn<RenderText>((t) => t)
    const panel = streamingPanel(renderText)
    panel.push(paragraphs.join('\n\n') + '\n\nThe tail')
    // A flood this size shows a budget per frame (render-catch-up.test.tsx): wait until it is all there.
    await waitFor(() => expect(panel.container.querySelectorAll('[data-slot="reasoning-paragraph"]')).toHaveLength(1_001))
    renderText.mockClear()
    for (const delta of [' grows', ' and', ' grows.']) panel.push(delta)
    expect(renderText.mock.calls.map(([t]) => t)).toEqual(['The tail grows', 'The tail grows and', 'The tail grows and grows.'])
    const shown = panel.container.querySelectorAll('[data-slot="reasoning-paragraph"]')
    expect(shown).toHaveLength(1_001)
    // In groups of at most 64, in order.
    const groups = panel.container.querySelectorAll('[data-slot="reasoning-text"] > [data-slot="reasoning-group"]')
    expect(groups).toHaveLength(Math.ceil(1_001 / 64))
    expect(shown[999]!.textContent).toBe(paragraphs[999])
  })

  it('given 2,600 paragraphs, should put the groups after the 16th in chunks of 16, move none as it grows, and render only the live paragraph per delta', async () => {
    const paragraphs = Array.from({ length: 2_600 }, (_, i) => `Paragraph ${i} checks the running total once more.`)
    const renderText = vi.fn<RenderText>((t) => t)
    const panel = streamingPanel(renderText)
    const text = () => panel.container.querySelector('[data-slot="reasoning-text"]')!
    const shown = () => [...panel.container.querySelectorAll('[data-slot="reasoning-paragraph"]')].map((p) => p.textContent)
    // 1,023 finished, the 1,024th live: the 16 groups of the text's own, no chunk yet.
    panel.push(paragraphs.slice(0, 1_023).join('\n\n') + '\n\nParagraph 1023 checks')
    await waitFor(() => expect(shown()).toHaveLength(1_024))
    expect(text().querySelectorAll(':scope > [data-slot="reasoning-group"]')).toHaveLength(16)
    expect(text().querySelector('[data-slot="reasoning-chunk"]')).toBeNull()
    const live = panel.container.querySelector('[data-slot="reasoning-paragraph"][data-live]')!
    const second = text().children[1]!
    // It finishes at the chunk boundary: it stays where it is, and the next one starts the first chunk.
    panel.push(' the running total once more.\n\nParagraph 1024')
    expect(live.isConnected).toBe(true)
    expect(live).not.toHaveAttribute('data-live')
    const chunk = text().querySelector(':scope > [data-slot="reasoning-chunk"]')!
    expect(chunk.querySelector('[data-live]')!.textContent).toBe('Paragraph 1024')
    panel.push(' checks the running total once more.\n\n' + paragraphs.slice(1_025).join('\n\n') + '\n\nThe tail')
    await waitFor(() => expect(shown()).toHaveLength(2_601))
    expect(shown()).toEqual([...paragraphs, 'The tail'])
    // 16 groups, then chunks of 16 groups (of 64 paragraphs): 1,024, 553 and the tail's group.
    const children = [...text().children]
    expect(children.map((c) => c.getAttribute('data-slot'))).toEqual([...Array<string>(16).fill('reasoning-group'), 'reasoning-chunk', 'reasoning-chunk'])
    expect(children[16]!.querySelectorAll(':scope > [data-slot="reasoning-group"]')).toHaveLength(16)
    expect(children[17]!.querySelectorAll(':scope > [data-slot="reasoning-group"]')).toHaveLength(Math.ceil(553 / 64))
    // Nothing was moved or mounted again: the same elements where they were.
    expect(children[1]).toBe(second)
    expect(children[16]).toBe(chunk)
    expect(live.isConnected).toBe(true)
    renderText.mockClear()
    for (const delta of [' grows', ' and', ' grows.']) panel.push(delta)
    expect(renderText.mock.calls.map(([t]) => t)).toEqual(['The tail grows', 'The tail grows and', 'The tail grows and grows.'])
  })

  it('should keep the live paragraph mounted as it finishes, also at a group boundary, with a renderer React draws finished paragraphs with', () => {
    // (The kit's own renderers build a finished paragraph's element anew, unless the reader is in it: built-groups.test.tsx.)
    const paragraphs = Array.from({ length: 63 }, (_, i) => `Paragraph ${i}.`)
    const panel = streamingPanel(Object.assign((text: string, info: Parameters<RenderText>[1]) => plainText(text, info)))
    panel.push(paragraphs.join('\n\n') + '\n\nThe sixty-fourth')
    const live = panel.container.querySelector('[data-slot="reasoning-paragraph"][data-live]')!
    panel.push(' paragraph.\n\nThe next')
    // The same element, now finished, in the same group.
    expect(live.isConnected).toBe(true)
    expect(live).not.toHaveAttribute('data-live')
    expect(live.textContent).toBe('The sixty-fourth paragraph.')
    expect(panel.container.querySelectorAll('[data-slot="reasoning-group"]')).toHaveLength(2)
  })
})

describe('the parts hear of a new block without the context changing', () => {
  it('given a memoised part, should still show the block as it changes', () => {
    const store = testStore()
    feed(store, run(), span('s1'), msgStart('m1'), content('m1', 'x'))
    const Label = memo(function Label() {
      return <ReasoningStatusLabel data-testid="label" />
    })
    const label = <Label />
    const ui = (children: ReactNode) => (
      <ReasoningProvider now={() => store.clock.now}>
        <Reasoning block={store.getState().blocks[0]!}>{children}</Reasoning>
      </ReasoningProvider>
    )
    const { getByTestId, rerender } = render(ui(label))
    expect(getByTestId('label')).toHaveTextContent('Thinking')
    act(() => {
      feed(store, msgEnd('m1'), spanEnd('s1'))
      rerender(ui(label))
    })
    expect(getByTestId('label')).not.toHaveTextContent('Thinking')
  })

  it('a delta should not re-render a code block in a finished paragraph (its labels come from a context that did not change)', () => {
    const store = testStore()
    feed(store, run(), span('s1'), msgStart('m1'), content('m1', '```js\nlet a = 1\n```\n\nTail'))
    const ui = () => (
      <Reasoning block={store.getState().blocks[0]!} defaultOpen renderText={markdownText}>
        <ReasoningText />
      </Reasoning>
    )
    const { rerender, container } = render(ui())
    expect(container.querySelector('[data-slot="reasoning-code-copy"]')).not.toBeNull()
    const before = vi.mocked(useCopy).mock.calls.length
    for (const delta of [' one', ' two', ' three']) {
      feed(store, content('m1', delta))
      rerender(ui())
    }
    expect(container).toHaveTextContent('Tail one two three')
    // Only code blocks call useCopy here: none rendered again.
    expect(vi.mocked(useCopy).mock.calls.length).toBe(before)
  })
})
