import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  ReasoningPanel,
  ReasoningProvider,
  ReasoningSummary,
  type ReasoningBlock,
  type ReasoningPanelProps,
  type RenderText,
} from 'reasoning-ui'
import { content, encrypted, feed, msgEnd, msgStart, run, span, spanEnd, testStore, ui } from '../../helpers/events'

type Store = ReturnType<typeof testStore>

/** A store with one streaming block `s1` holding message `m1` with `text`. */
function streaming(text = '**Checking units**\n\nFirst we convert.\n\nThen') {
  const store = testStore()
  feed(store, run(), span('s1'), msgStart('m1'), content('m1', text))
  return store
}

function complete(store: Store, afterMs = 12_000) {
  store.clock.now += afterMs
  feed(store, msgEnd('m1'), spanEnd('s1'))
}

const block = (store: Store, i = 0): ReasoningBlock => store.getState().blocks[i]!

/** Renders a panel that follows the store, with the store's clock as the provider clock. */
function renderPanel(store: Store, props: Partial<ReasoningPanelProps> = {}) {
  const ui = (extra: Partial<ReasoningPanelProps> = {}) => (
    <ReasoningProvider now={() => store.clock.now}>
      <ReasoningPanel block={block(store)} animationDuration={0} {...props} {...extra} />
    </ReasoningProvider>
  )
  const result = render(ui())
  return {
    ...result,
    update: (extra: Partial<ReasoningPanelProps> = {}) => result.rerender(ui(extra)),
    panel: () => result.container.querySelector('[data-slot="reasoning-panel"]') as HTMLElement,
  }
}

/** The panel's trigger (an open panel also has its Show all and Copy buttons). */
const trigger = () => document.querySelector<HTMLElement>('[data-slot="reasoning-trigger"]')!
const status = (root: HTMLElement) => root.querySelector('[data-slot="reasoning-status"]')?.textContent

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
})
afterEach(() => {
  vi.useRealTimers()
})

describe('visibility', () => {
  it('given full, should show the live text in an open panel while streaming', () => {
    const { panel } = renderPanel(streaming())
    expect(panel()).toHaveAttribute('data-state', 'open')
    expect(panel()).toHaveTextContent('First we convert.')
    expect(panel().querySelector('[data-slot="reasoning-heading"]')).toHaveTextContent('Checking units')
  })

  it('given summary, should show the titles but never the raw text', async () => {
    const store = streaming('**Checking units**\n\nSECRET raw line.\n\n')
    complete(store)
    const { panel } = renderPanel(store, { visibility: 'summary', defaultOpen: true })
    expect(panel()).toHaveAttribute('data-visibility', 'summary')
    expect(panel().querySelector('[data-slot="reasoning-summary-titles"]')).toHaveTextContent('Checking units')
    expect(document.body.innerHTML).not.toContain('SECRET')
  })

  it('given summary and a provider summary, should show it instead of the titles', () => {
    const store = testStore()
    feed(store, run(), span('s1'), msgStart('sum', ui({ kind: 'summary' })), content('sum', 'The model compared both options.'), msgEnd('sum'),
      msgStart('m1'), content('m1', '**Raw title**\n\nRAW text'), msgEnd('m1'), spanEnd('s1'))
    renderPanel(store, { visibility: 'summary', defaultOpen: true })
    const summary = document.querySelector('[data-slot="reasoning-summary"]')!
    expect(summary).toHaveAttribute('data-source', 'provider')
    expect(summary).toHaveTextContent('The model compared both options.')
    expect(document.body.innerHTML).not.toContain('RAW text')
  })

  it('given summary with no summary and no titles, should say so', () => {
    const store = streaming('just prose, no headings')
    complete(store)
    renderPanel(store, { visibility: 'summary', defaultOpen: true })
    expect(screen.getByText('No summary available')).toBeInTheDocument()
    expect(document.body.innerHTML).not.toContain('just prose')
  })

  it('given an app-wide none, a standalone ReasoningSummary should render nothing', () => {
    const store = streaming('**Visible title**\n\nraw')
    complete(store)
    const { container } = render(
      <ReasoningProvider visibility="none">
        <ReasoningSummary block={block(store)} />
      </ReasoningProvider>,
    )
    expect(container).toBeEmptyDOMElement()
    const shown = render(<ReasoningSummary block={block(store)} visibility="summary" />)
    expect(shown.container).toHaveTextContent('Visible title')
    expect(shown.container).not.toHaveTextContent('raw')
  })

  it('given full and a provider summary, should show the summary first, then the text', () => {
    const store = testStore()
    feed(store, run(), span('s1'), msgStart('sum', ui({ kind: 'summary' })), content('sum', 'Short summary.'), msgEnd('sum'),
      msgStart('m1'), content('m1', 'Long raw text.'), msgEnd('m1'), spanEnd('s1'))
    const { panel } = renderPanel(store, { defaultOpen: true })
    const text = panel().textContent!
    expect(text.indexOf('Short summary.')).toBeGreaterThan(-1)
    expect(text.indexOf('Short summary.')).toBeLessThan(text.indexOf('Long raw text.'))
  })

  it('given none, should render only the status row: no button, nothing expandable, no text or titles', () => {
    const { panel } = renderPanel(streaming('**Title here**\n\nraw words'), { visibility: 'none', defaultOpen: true })
    expect(screen.queryByRole('button')).toBeNull()
    expect(panel()).not.toHaveAttribute('data-expandable')
    expect(panel()).toHaveAttribute('data-state', 'closed')
    expect(status(panel())).toBe('Thinking…')
    expect(document.body.innerHTML).not.toContain('raw words')
    expect(document.body.innerHTML).not.toContain('Title here')
  })

  it('given an encrypted value, should never put it in the DOM at any level', () => {
    for (const visibility of ['none', 'summary', 'full'] as const) {
      const store = streaming('visible text')
      feed(store, encrypted('m1', 'ENC-VALUE-XYZ'))
      const { unmount } = renderPanel(store, { visibility, defaultOpen: true })
      expect(document.body.innerHTML).not.toContain('ENC-VALUE-XYZ')
      unmount()
    }
  })

  it('given an encrypted-only block, should show the lock indicator with the duration at every level and never open', async () => {
    for (const visibility of ['none', 'summary', 'full'] as const) {
      const store = testStore()
      feed(store, run(), span('s1'), msgStart('m1'), encrypted('m1', 'opaque'))
      complete(store, 4_000)
      const { panel, unmount } = renderPanel(store, { visibility, defaultOpen: true })
      expect(panel()).toHaveAttribute('data-encrypted-only')
      expect(panel()).toHaveAttribute('data-state', 'closed')
      expect(screen.queryByRole('button')).toBeNull()
      const indicator = panel().querySelector('[data-slot="encrypted-indicator"]')!
      expect(indicator).toHaveTextContent('Reasoning hidden by the provider')
      expect(indicator.querySelector('time')).toHaveTextContent('4 seconds')
      unmount()
    }
  })
})

describe('status row', () => {
  it('while streaming, should count seconds live: "Thinking · 7s"', () => {
    const store = streaming()
    const { panel } = renderPanel(store)
    expect(status(panel())).toBe('Thinking…')
    for (let i = 0; i < 7; i++) {
      store.clock.now += 1000
      act(() => vi.advanceTimersByTime(1000))
    }
    expect(status(panel())).toBe('Thinking · 7s')
  })

  it('should tick without re-rendering the reasoning text', () => {
    const store = streaming('Finished paragraph.\n\nLive tail')
    const renderText = vi.fn<RenderText>((t) => t)
    renderPanel(store, { renderText })
    const calls = renderText.mock.calls.length
    for (let i = 0; i < 3; i++) {
      store.clock.now += 1000
      act(() => vi.advanceTimersByTime(1000))
    }
    expect(renderText).toHaveBeenCalledTimes(calls)
  })

  it('when complete, should say "Thought for 12 seconds" from the block timestamps', () => {
    const store = streaming()
    complete(store, 12_000)
    store.clock.now += 3_600_000 // rendered an hour later: still the true duration
    const { panel } = renderPanel(store)
    expect(status(panel())).toBe('Thought for 12 seconds')
  })

  it('should word sub-second, one-second and minute durations', () => {
    const cases: [number, string][] = [
      [400, 'Thought for less than a second'],
      [1_000, 'Thought for 1 second'],
      [65_000, 'Thought for 1 minute, 5 seconds'],
    ]
    for (const [ms, label] of cases) {
      const store = streaming()
      complete(store, ms)
      const { panel, unmount } = renderPanel(store)
      expect(status(panel())).toBe(label)
      unmount()
    }
  })

  it('when interrupted, should say so with the duration and keep the text', () => {
    const store = streaming('Kept text.')
    store.clock.now += 4_000
    store.streamEnded(new Error('socket closed'))
    const { panel } = renderPanel(store, { defaultOpen: true })
    expect(panel()).toHaveAttribute('data-status', 'interrupted')
    expect(panel()).toHaveAttribute('data-end-reason', 'disconnected')
    expect(status(panel())).toBe('Connection lost after 4 seconds of thinking')
    expect(panel()).toHaveTextContent('Kept text.')
  })

  it('given German labels and locale, should use the right plural forms', () => {
    const labels = { thoughtFor: (d: string) => `${d} nachgedacht` }
    for (const [ms, label] of [[1_000, '1 Sekunde nachgedacht'], [12_000, '12 Sekunden nachgedacht']] as const) {
      const store = streaming()
      complete(store, ms)
      const { panel, unmount } = renderPanel(store, { locale: 'de', labels })
      expect(status(panel())).toBe(label)
      unmount()
    }
  })

  it('given a malformed locale, should fall back instead of crashing', () => {
    const store = streaming()
    complete(store)
    const { panel } = renderPanel(store, { locale: '!!not a locale' })
    expect(status(panel())).toMatch(/^Thought for 12/)
  })
})

describe('open policy', () => {
  it('should open while streaming and collapse a moment after completion', () => {
    const store = streaming()
    const { panel, update } = renderPanel(store)
    expect(panel()).toHaveAttribute('data-state', 'open')
    complete(store)
    update()
    expect(panel()).toHaveAttribute('data-state', 'open')
    act(() => vi.advanceTimersByTime(1_000))
    expect(panel()).toHaveAttribute('data-state', 'closed')
  })

  it('should collapse at once when the answer starts', () => {
    const store = streaming()
    const { panel, update } = renderPanel(store)
    complete(store)
    update({ answerStarted: true })
    expect(panel()).toHaveAttribute('data-state', 'closed')
  })

  it('given autoCollapse "answer", should stay open after completion until the answer starts', () => {
    const store = streaming()
    const { panel, update } = renderPanel(store, { openPolicy: { autoCollapse: 'answer' } })
    complete(store)
    update()
    act(() => vi.advanceTimersByTime(10_000))
    expect(panel()).toHaveAttribute('data-state', 'open')
    update({ answerStarted: true })
    expect(panel()).toHaveAttribute('data-state', 'closed')
  })

  it('given "stay-open", should never collapse, and open history too', () => {
    const store = streaming()
    const { panel, update } = renderPanel(store, { openPolicy: 'stay-open' })
    complete(store)
    update({ answerStarted: true })
    act(() => vi.advanceTimersByTime(10_000))
    expect(panel()).toHaveAttribute('data-state', 'open')
    const history = streaming()
    complete(history)
    const other = renderPanel(history, { openPolicy: 'stay-open' })
    expect(other.panel()).toHaveAttribute('data-state', 'open')
  })

  it('given "stay-closed", should not open while streaming', () => {
    const { panel } = renderPanel(streaming(), { openPolicy: 'stay-closed' })
    expect(panel()).toHaveAttribute('data-state', 'closed')
    expect(screen.getByText('First we convert.')).not.toBeVisible()
  })

  it('a manual toggle should win: collapsed by the user while streaming, it stays collapsed', () => {
    const store = streaming()
    const { panel, update } = renderPanel(store)
    fireEvent.click(trigger())
    expect(panel()).toHaveAttribute('data-state', 'closed')
    feed(store, content('m1', ' more'))
    update()
    expect(panel()).toHaveAttribute('data-state', 'closed')
  })

  it('a manual toggle should win: opened by the user after completion, it does not auto-collapse', async () => {
    const store = streaming()
    const { panel, update } = renderPanel(store)
    complete(store)
    update()
    fireEvent.click(trigger()) // closes before the delay
    fireEvent.click(trigger()) // and opens again
    act(() => vi.advanceTimersByTime(5_000))
    update({ answerStarted: true })
    expect(panel()).toHaveAttribute('data-state', 'open')
  })

  it('earlier blocks should not re-open when a new block streams', () => {
    const store = streaming()
    complete(store)
    feed(store, span('s2'), msgStart('m2'), content('m2', 'second block'))
    const view = (
      <ReasoningProvider now={() => store.clock.now}>
        {store.getState().blocks.map((b) => <ReasoningPanel key={b.id} block={b} animationDuration={0} />)}
      </ReasoningProvider>
    )
    const { container, rerender } = render(view)
    act(() => vi.advanceTimersByTime(2_000))
    feed(store, content('m2', ' grows'))
    rerender(
      <ReasoningProvider now={() => store.clock.now}>
        {store.getState().blocks.map((b) => <ReasoningPanel key={b.id} block={b} animationDuration={0} />)}
      </ReasoningProvider>,
    )
    const panels = container.querySelectorAll('[data-slot="reasoning-panel"]')
    expect(panels[0]).toHaveAttribute('data-state', 'closed')
    expect(panels[1]).toHaveAttribute('data-state', 'open')
  })

  it('controlled: should follow the open prop and report the user and the policy through onOpenChange', async () => {
    const store = streaming()
    const changes: boolean[] = []
    function Controlled({ blk }: { blk: ReasoningBlock }) {
      const [open, setOpen] = useState(true)
      return (
        <ReasoningPanel
          block={blk}
          open={open}
          animationDuration={0}
          onOpenChange={(next) => {
            changes.push(next)
            setOpen(next)
          }}
        />
      )
    }
    const { rerender, container } = render(<Controlled blk={block(store)} />)
    complete(store)
    rerender(<Controlled blk={block(store)} />)
    act(() => vi.advanceTimersByTime(1_000))
    expect(changes).toEqual([false]) // the policy's collapse, reported
    expect(container.firstElementChild).toHaveAttribute('data-state', 'closed')
    fireEvent.click(trigger())
    expect(changes).toEqual([false, true])
    expect(container.firstElementChild).toHaveAttribute('data-state', 'open')
  })

  it('controlled: a parent that ignores onOpenChange keeps the panel as it says', async () => {
    const onOpenChange = vi.fn()
    const { panel } = renderPanel(streaming(), { open: false, onOpenChange })
    fireEvent.click(trigger())
    expect(onOpenChange).toHaveBeenCalledWith(true)
    expect(panel()).toHaveAttribute('data-state', 'closed')
  })

  it('uncontrolled: defaultOpen should override the policy on mount', () => {
    const { panel } = renderPanel(streaming(), { defaultOpen: false })
    expect(panel()).toHaveAttribute('data-state', 'closed')
  })
})

describe('long traces', () => {
  it('appending deltas should not re-render finished paragraphs, only the live tail', () => {
    const store = streaming('First paragraph.\n\nSecond paragraph.\n\nTail')
    const renderText = vi.fn<RenderText>((t) => t)
    const { update } = renderPanel(store, { renderText })
    for (const delta of [' grows', ' and grows', '.\n\nA new one', ' streams']) {
      feed(store, content('m1', delta))
      update()
    }
    const rendered = (text: string) => renderText.mock.calls.filter(([t]) => t === text).length
    expect(rendered('First paragraph.')).toBe(1)
    expect(rendered('Second paragraph.')).toBe(1)
    expect(rendered('Tail grows and grows.')).toBeGreaterThanOrEqual(1)
    expect(renderText.mock.calls.at(-1)).toEqual(['A new one streams', { live: true, kind: 'text' }])
  })

  it('the text in the DOM should be exactly the delivered text, paragraph by paragraph', () => {
    const text = 'a\n\nb c\nd\n\n\n\n**Head**\n\ne'
    const store = streaming(text)
    const { panel } = renderPanel(store)
    const paragraphs = [...panel().querySelectorAll('[data-slot="reasoning-text"] > [data-slot="reasoning-group"] > *')].map((p) => p.textContent)
    // Markdown: the single newline in the second paragraph stays in the text (a soft line break, which
    // the stylesheet shows as a line break), the bold line is a heading.
    expect(paragraphs).toEqual(['a', 'b c\nd', 'Head', 'e'])
    expect(panel().querySelectorAll('[data-slot="reasoning-text"] > [data-slot="reasoning-group"] > *')[2]!.querySelector('[data-slot="reasoning-heading"]')).not.toBeNull()
  })

  it('should render reasoning text as text, never as HTML', () => {
    const store = streaming('<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>')
    const { panel } = renderPanel(store)
    expect(panel().querySelector('img, script')).toBeNull()
    expect(panel()).toHaveTextContent('<img src=x')
  })
})

describe('following the newest text', () => {
  /** The open panel's body, laid out by hand (jsdom lays nothing out): `height` of content in a 100 px box. */
  function laidOut(store: Store) {
    const view = renderPanel(store, { defaultOpen: true })
    const body = view.container.querySelector<HTMLElement>('[data-slot="reasoning-body"]')!
    const box = { height: 1_000, top: 0 }
    Object.defineProperty(body, 'scrollHeight', { configurable: true, get: () => box.height })
    Object.defineProperty(body, 'clientHeight', { configurable: true, get: () => 100 })
    Object.defineProperty(body, 'scrollTop', { configurable: true, get: () => box.top, set: (top: number) => (box.top = Math.max(0, Math.min(top, box.height - 100))) })
    const grow = (by: number) => {
      box.height += by
      feed(store, content('m1', ' more'))
      view.update()
    }
    return { body, box, grow }
  }

  it('given text that grew between the body\'s own scroll and that scroll\'s event, should keep following', () => {
    const { body, box, grow } = laidOut(streaming())
    grow(0)
    expect(box.top).toBe(900)
    // A commit the body is not part of (a live text catching up) grows the text before the event of
    // the body's own scroll comes: Firefox dispatches it after the frame's animation callbacks.
    box.height += 300
    fireEvent.scroll(body)
    grow(100)
    expect(box.top).toBe(1_300)
  })

  it('given the reader scrolling up, should hold still, and follow again once they are back at the bottom', () => {
    const { body, box, grow } = laidOut(streaming())
    grow(0)
    box.top = 500
    fireEvent.scroll(body)
    grow(100)
    expect(box.top).toBe(500)
    box.top = box.height - 100
    fireEvent.scroll(body)
    grow(100)
    expect(box.top).toBe(box.height - 100)
  })
})

describe('announcements', () => {
  const region = () => screen.getByRole('status')

  it('should announce "Thinking…" when streaming starts and "Thought for N seconds" at the end, never tokens', () => {
    const store = streaming('token one')
    const { update } = renderPanel(store)
    act(() => vi.advanceTimersByTime(0))
    expect(region()).toHaveTextContent('Thinking…')
    feed(store, content('m1', ' token two'))
    update()
    act(() => vi.advanceTimersByTime(0))
    expect(region()).toHaveTextContent(/^Thinking…$/)
    complete(store, 12_000)
    update()
    act(() => vi.advanceTimersByTime(0))
    expect(region()).toHaveTextContent(/^Thought for 12 seconds$/)
    expect(region()).toHaveAttribute('aria-live', 'polite')
  })

  it('should not announce history that was complete when it mounted', () => {
    const store = streaming()
    complete(store)
    renderPanel(store)
    act(() => vi.advanceTimersByTime(10))
    expect(region()).toHaveTextContent(/^$/)
  })

  it('should have exactly one live region per panel', () => {
    const { panel } = renderPanel(streaming())
    expect(within(panel()).getAllByRole('status')).toHaveLength(1)
    expect(panel().querySelectorAll('[aria-live]')).toHaveLength(1)
  })
})

describe('structured steps', () => {
  it('should show step type, title, text, confidence, key factors and conclusion under full', () => {
    const store = testStore()
    feed(store, run(), span('s1', ui({ conclusion: 'Use plan B', confidence: 0.8, keyFactors: ['cost', 'time'] })),
      msgStart('st1', ui({ kind: 'step', stepType: 'analysis', title: 'Compare costs' })), content('st1', 'B is cheaper.'), msgEnd('st1'),
      msgStart('st2', ui({ kind: 'step', stepType: 'hypothesis', title: 'Check timing' })), content('st2', 'B is faster.'), msgEnd('st2'),
      spanEnd('s1'))
    const { panel } = renderPanel(store, { defaultOpen: true })
    expect(panel().querySelector('[data-slot="reasoning-steps"]')).toHaveTextContent('2 steps')
    const steps = panel().querySelectorAll('[data-slot="reasoning-step"]')
    expect(steps).toHaveLength(2)
    expect(steps[0]).toHaveAttribute('data-step-type', 'analysis')
    expect(steps[0]).toHaveTextContent('Compare costs')
    expect(steps[0]).toHaveTextContent('B is cheaper.')
    const outcome = panel().querySelector('[data-slot="reasoning-outcome"]')!
    expect(outcome).toHaveTextContent('Use plan B')
    expect(outcome).toHaveTextContent('Confidence 80%')
    expect(outcome).toHaveTextContent('cost')
  })
})

describe('formatters', () => {
  it('should build the locale’s count and duration formatters when idle after mounting, not in the render that first shows a count', () => {
    // A locale no other test uses, so that no formatter for it exists yet.
    const locale = 'fr-CA'
    const store = streaming('**Checking units**\n\nFirst we convert.')
    const { panel, update } = renderPanel(store, { locale })
    expect(panel().querySelector('[data-slot="reasoning-steps"]')).toBeNull()
    // The page is idle (jsdom has no requestIdleCallback: a timer stands in), for as many idle slices as the warm-up takes.
    act(() => {
      for (let i = 0; i < 10; i++) vi.advanceTimersByTime(1)
    })
    // Count the formatters built from here on (a spy cannot stand in for a class that must still work).
    const Real = Intl.NumberFormat
    let built = 0
    Intl.NumberFormat = class extends Real {
      constructor(...args: ConstructorParameters<typeof Real>) {
        super(...args)
        built++
      }
    } as typeof Intl.NumberFormat
    try {
      feed(store, content('m1', '\n\n**Checking the total**\n\nThen we add.'))
      store.clock.now += 3_000
      update({ block: block(store) })
      expect(panel().querySelector('[data-slot="reasoning-steps"]')?.textContent).toMatch(/2/)
      expect(status(panel())).toMatch(/3/)
      expect(built).toBe(0)
    } finally {
      Intl.NumberFormat = Real
    }
  })
})
