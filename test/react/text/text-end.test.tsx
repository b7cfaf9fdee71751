/**
 * A live text from the store is read only near its end (`TextEnd`): the paragraph split, the live
 * paragraph's runs and its last run read the end the store keeps, never all of the text (a read of
 * a text built by appends copies it whole: megabytes a frame at the end of a long trace).
 *
 * The "lying" end: an end whose characters differ from the text's own at the same places. What
 * shows, or how the text splits, then tells which of the two was read.
 */
import { render, waitFor } from '@testing-library/react'
import fc from 'fast-check'
import { ReasoningPanel, ReasoningProvider } from 'reasoning-ui'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { textEndOf, type TextEnd } from '../../../src/core/text-end'
import { split, tailWith, type Lineage } from '../../../src/react/text/paragraphs'
import { StreamingText } from '../../../src/react/text/text'
import { throughLargeDoor } from '../../helpers/large-door'
import { content, feed, msgEnd, msgStart, run, span, spanEnd, testStore } from '../../helpers/events'

/** A split's finished paragraphs: the first `count` of its log (see `Lineage`). */
const doneOf = (paragraphs: Lineage): readonly string[] => paragraphs.log.slice(0, paragraphs.count)

describe('split with the end of the text', () => {
  it('given a text that extends the last split in the same lineage, should read only its end', () => {
    const lineage = {}
    const head = 'word '.repeat(20_000)
    const first = split(head, undefined, { lineage, at: 0, recent: head })
    expect(doneOf(first)).toEqual([])
    // The text goes on with "ab  cd"; its end claims "ab\n\ncd". A split that reads the end finds the break.
    const text = `${head}ab  cd`
    const second = split(text, first, { lineage, at: head.length - 100, recent: `${head.slice(-100)}ab\n\ncd` })
    expect(doneOf(second)).toHaveLength(1)
    expect(doneOf(second)[0]!.endsWith('word ab')).toBe(true)
    expect(second.origin).toBe(lineage)
    expect(tailWith(second, { lineage, at: head.length - 100, recent: `${head.slice(-100)}ab\n\ncd` }).tail).toBe('cd')
  })

  it('given an end of another lineage (the text was replaced), should split the text afresh, reading all of it', () => {
    const first = split('Old.\n\nText', undefined, { lineage: {}, at: 0, recent: 'Old.\n\nText' })
    const lineage = {}
    const next = split('New.\n\nWords and more', first, { lineage, at: 0, recent: 'New.\n\nWords and more' })
    expect(doneOf(next)).toEqual(['New.'])
    expect(next.origin).toBe(lineage)
  })

  it('given an endless paragraph, should not search what it searched before', () => {
    const lineage = {}
    const text = 'word '.repeat(20_000)
    const first = split(text, undefined, { lineage, at: 0, recent: text })
    // A break in the old text (a lie: that text was searched and had none) is not found again.
    const lie = `${text.slice(0, 1_000)}\n\n${text.slice(1_002)}more`
    const next = split(lie, first, { lineage, at: text.length - 50, recent: `${text.slice(-50)}more` })
    expect(doneOf(next)).toEqual([])
    expect(next.tailStart).toBe(0)
  })

  it('should split as from scratch, however the store received the deltas (ends that fold included)', () => {
    const piece = fc.constantFrom('a', 'b ', '\n', '\n\n', '```', '~~~', '**', 'x\n\ny', ' ', 'long '.repeat(9_000))
    fc.assert(
      fc.property(fc.array(fc.array(piece, { maxLength: 6 }).map((p) => p.join('')), { maxLength: 24 }), (deltas) => {
        const store = testStore()
        feed(store, run(), span('s1'), msgStart('m1'))
        let paragraphs = split('', undefined, textEndOf(store.getState().blocks[0]!.messages[0]!))
        for (const delta of deltas) {
          feed(store, content('m1', delta))
          const message = store.getState().blocks[0]!.messages[0]!
          paragraphs = split(message.text, paragraphs, textEndOf(message))
          const scratch = split(message.text)
          expect(doneOf(paragraphs)).toEqual(doneOf(scratch))
          expect(tailWith(paragraphs, textEndOf(message)).tail).toBe(message.text.slice(scratch.tailStart))
        }
      }),
      { numRuns: 120 },
    )
  })
})

/** How long a test waits for a long paragraph's runs to catch up, a budget a frame (a loaded CI machine's frames are slow). */
const CAUGHT_UP = { timeout: 10_000 }

describe('a long live paragraph with the end of its text', () => {
  // Runs are the huge-trace machinery's (text/large/).
  throughLargeDoor()
  const shown = (container: HTMLElement) => container.querySelector('[data-slot="reasoning-text"], div')?.textContent ?? ''

  it('should cut its runs and show its last run from the end, never from all of its text', async () => {
    const lineage = {}
    const head = 'The sum holds. '.repeat(2_000)
    const ui = (text: string, end: TextEnd) => <StreamingText text={text} end={end} live kind="text" render={undefined} />
    const { container, rerender } = render(ui(head, { lineage, at: 0, recent: head }))
    // Mounted with 30,000 characters, it shows them a budget a frame (see `useCatchUp`).
    await waitFor(() => expect(container.querySelectorAll('[data-slot="reasoning-run"]').length).toBeGreaterThan(5), CAUGHT_UP)
    // The text goes on with "and more"; its end claims "AND MORE": the last run shows the end's.
    const text = `${head}and more`
    rerender(ui(text, { lineage, at: head.length - 20_000, recent: `${head.slice(-20_000)}AND MORE` }))
    const runs = container.querySelectorAll('[data-slot="reasoning-run"]')
    expect(runs[runs.length - 1]!.textContent!.endsWith('AND MORE')).toBe(true)
    expect(shown(container)).toContain('The sum holds.')
  })

  afterEach(() => vi.restoreAllMocks())

  it('given the store, should show every character of a long paragraph streamed in deltas of any size, and of the text once it ends', async () => {
    // A clock that stands still: no split waits for its share of the time (see split-pace.test.tsx).
    vi.spyOn(performance, 'now').mockReturnValue(1_000)
    const store = testStore()
    feed(store, run(), span('s1'), msgStart('m1'))
    const sentence = 'A check of the totals, then the units. '
    let expected = ''
    const ui = () => (
      <ReasoningProvider now={() => store.clock.now}>
        <ReasoningPanel block={store.getState().blocks[0]!} defaultOpen animationDuration={0} />
      </ReasoningProvider>
    )
    const { container, rerender } = render(ui())
    const text = () => container.querySelector('[data-slot="reasoning-text"]')?.textContent ?? ''
    for (const size of [10, 5_000, 70_000, 3, 40_000, 1]) {
      const delta = sentence.repeat(Math.ceil(size / sentence.length)).slice(0, size)
      feed(store, content('m1', delta))
      expected += delta
      rerender(ui())
      // A large delta shows a budget a frame (see `useCatchUp`), oldest first: what shows is always the start of the text.
      expect(expected.startsWith(text())).toBe(true)
      await waitFor(() => expect(text()).toBe(expected), CAUGHT_UP)
    }
    feed(store, msgEnd('m1'), spanEnd('s1'))
    rerender(ui())
    expect(text()).toBe(expected)
  })
})
