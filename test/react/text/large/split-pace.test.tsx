/**
 * Re-splitting a long live text copies all of it (V8 joins the appended string before it can be
 * searched), so `StreamingText` spends at most a tenth of the time on it: after a split that took
 * T ms it waits 10 T (at most 100 ms) before the next, and shows the text as last split meanwhile.
 * Here a split is made to take 20 ms of a clock the test owns; nothing depends on real timing
 * except the wait's timer, which the test waits for.
 */
import { render, waitFor } from '@testing-library/react'
import { ReasoningPanel, ReasoningProvider } from 'reasoning-ui'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type * as ParagraphsModule from '../../../../src/react/text/paragraphs'
import { content, feed, msgEnd, msgStart, run, span, spanEnd, testStore } from '../../../helpers/events'
import { throughLargeDoor } from '../../../helpers/large-door'

throughLargeDoor()

/** What a split costs on the test's clock, ms (0: the clock stands still). */
let splitCost = 0
let clock = 1_000

vi.mock('../../../../src/react/text/paragraphs', async (original) => {
  const module = await original<typeof ParagraphsModule>()
  return {
    ...module,
    split: (...args: Parameters<typeof module.split>) => {
      clock += splitCost
      return module.split(...args)
    },
  }
})

afterEach(() => {
  splitCost = 0
  vi.restoreAllMocks()
})

function streamingPanel() {
  const store = testStore()
  feed(store, run(), span('s1'), msgStart('m1'))
  const ui = () => (
    <ReasoningProvider now={() => store.clock.now}>
      <ReasoningPanel block={store.getState().blocks[0]!} defaultOpen animationDuration={0} renderText={undefined} />
    </ReasoningProvider>
  )
  const result = render(ui())
  const text = () => result.container.querySelector('[data-slot="reasoning-text"]')?.textContent ?? ''
  return {
    text,
    push(delta: string) {
      feed(store, content('m1', delta))
      result.rerender(ui())
    },
    finish(delta: string) {
      feed(store, content('m1', delta), msgEnd('m1'), spanEnd('s1'))
      result.rerender(ui())
    },
  }
}

/** A paragraph long enough that its splits may wait (SPLIT_WAIT_CHARS, 128 K characters): shorter ones never do. */
const SECOND = 'Second' + ' word'.repeat(27_000)

describe('a live text whose split is slow', () => {
  it('should show the text as last split until its wait is over, then the latest, also when no more text comes', async () => {
    vi.spyOn(performance, 'now').mockImplementation(() => clock)
    const panel = streamingPanel()
    splitCost = 20
    panel.push('First paragraph.\n\n' + SECOND)
    // Its runs show a budget a frame (catch-up.ts); no split happens meanwhile (no new text).
    await waitFor(() => expect(panel.text()).toBe('First paragraph.' + SECOND))
    // Within 10 × 20 ms (capped at 100 ms) of that split: the new text waits.
    clock += 50
    panel.push(' and more')
    expect(panel.text()).toBe('First paragraph.' + SECOND)
    // Its time comes: the timer splits it without another delta.
    clock += 60
    await waitFor(() => expect(panel.text()).toBe('First paragraph.' + SECOND + ' and more'))
  })

  it('given the end of the text, should show all of it at once, whatever the last split cost', () => {
    vi.spyOn(performance, 'now').mockImplementation(() => clock)
    const panel = streamingPanel()
    splitCost = 20
    panel.push('First paragraph.\n\n' + SECOND)
    panel.finish(' and the end.')
    expect(panel.text()).toBe('First paragraph.' + SECOND + ' and the end.')
  })

  it('given a text shorter than SPLIT_WAIT_CHARS whose split was slow (a busy machine), should show every delta at once', () => {
    vi.spyOn(performance, 'now').mockImplementation(() => clock)
    const panel = streamingPanel()
    splitCost = 20
    panel.push('First paragraph.\n\nSecond')
    panel.push(' and more')
    expect(panel.text()).toBe('First paragraph.Second and more')
  })

  it('given splits that cost nothing (control), should show every delta at once', () => {
    vi.spyOn(performance, 'now').mockImplementation(() => clock)
    const panel = streamingPanel()
    panel.push('First paragraph.\n\n' + SECOND)
    panel.push(' and more')
    expect(panel.text()).toBe('First paragraph.' + SECOND + ' and more')
  })
})
