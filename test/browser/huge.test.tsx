/**
 * Huge input in each real browser engine (issue 6, "Hardening"; issue 14): a 5 MB single delta, one
 * million one-character deltas and 10,000 blocks, each fed through a store
 * (the default per-frame notifications) into the kit's components. Each test
 * asserts behaviour only: it completes, every character / panel is there, and
 * the page still answers a click. The longest task (PerformanceObserver
 * `longtask`) and the JS heap are measured and logged, never asserted.
 */
import { act, render, waitFor } from '@testing-library/react'
import { ReasoningPanel, ReasoningStream, createReasoningStore, useReasoningStore, type ReasoningStore } from 'reasoning-ui'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { page, server, type Locator } from 'vitest/browser'
import '../../src/styles/reasoning.css'
import { throughLargeDoor } from '../helpers/large-door'
import { content, msgEnd, msgStart, run, runDone, span, spanEnd } from '../helpers/events'

/** The longest task seen while a test ran, and how many tasks were long (over 50 ms). */
interface TaskWatch {
  longest: number
  count: number
  stop: () => void
}

function watchLongTasks(): TaskWatch {
  const watch: TaskWatch = { longest: 0, count: 0, stop: () => {} }
  if (!PerformanceObserver.supportedEntryTypes?.includes('longtask')) return watch
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      watch.count++
      watch.longest = Math.max(watch.longest, entry.duration)
    }
  })
  observer.observe({ type: 'longtask' })
  watch.stop = () => {
    for (const entry of observer.takeRecords()) {
      watch.count++
      watch.longest = Math.max(watch.longest, entry.duration)
    }
    observer.disconnect()
  }
  return watch
}

/** Chromium's non-standard heap size, in MB, where the page exposes it. */
function heapMB(): number | undefined {
  const memory = (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory
  return memory ? Math.round(memory.usedJSHeapSize / 1e5) / 10 : undefined
}

/** One line per test on the console, for the CI log and the issue. */
function reportRun(name: string, watch: TaskWatch, started: number, extra: Record<string, unknown> = {}): void {
  watch.stop()
  console.log(`[huge] ${name}: ${JSON.stringify({
    totalMs: Math.round(performance.now() - started),
    longestTaskMs: Math.round(watch.longest),
    longTasks: watch.count,
    heapMB: heapMB() ?? 'n/a',
    ...extra,
  })}`)
}

/** Yields a macrotask, so the browser can render and take input (what a network stream does between chunks). */
const yieldTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/** The gaps between animation frames over `ms` milliseconds: what scrolling and typing feel like meanwhile. */
async function frameGaps(ms: number): Promise<{ readonly frames: number; readonly longestFrameMs: number }> {
  const times: number[] = []
  const end = performance.now() + ms
  while (performance.now() < end) times.push(await new Promise<number>((resolve) => requestAnimationFrame(resolve)))
  const gaps = times.slice(1).map((t, i) => t - times[i]!)
  return { frames: times.length, longestFrameMs: Math.round(Math.max(0, ...gaps)) }
}

/** `count` paragraphs of plain prose (no markdown), about `size` characters each, ending in a unique marker. */
function prose(count: number, size: number): string[] {
  const sentence = 'The running total must still satisfy the constraint, so carry the remainder forward. '
  const body = sentence.repeat(Math.ceil(size / sentence.length)).slice(0, size - 12)
  return Array.from({ length: count }, (_, i) => `${body}[${String(i).padStart(8, '0')}]`)
}

/** The store's first block as a bare ReasoningPanel (what an app placing panels itself renders). */
function FirstPanel({ store }: { readonly store: ReasoningStore }) {
  const { blocks } = useReasoningStore(store)
  return blocks[0] ? <ReasoningPanel block={blocks[0]} data-testid="panel" /> : null
}

/** A bare panel whose block's text arrived in one delta, still streaming; the render's container. */
function streamedInOneDelta(text: string): HTMLElement {
  const store = createReasoningStore()
  const { container } = render(<FirstPanel store={store} />)
  act(() => {
    store.dispatch(run())
    store.dispatch(span('s1'))
    store.dispatch(msgStart('m1'))
    store.dispatch(content('m1', text))
  })
  return container
}

function slot(name: string, within: ParentNode = document): HTMLElement {
  const element = within.querySelector<HTMLElement>(`[data-slot="${name}"]`)
  if (!element) throw new Error(`no [data-slot="${name}"] in the document`)
  return element
}

/** How long a click took: through Playwright (locating the trigger included), and in the page from input to toggle. */
interface ClickTiming {
  readonly clickMs: number
  readonly inputToToggleMs: number
}

/**
 * A click on `trigger` goes through Chromium's input pipeline and toggles
 * `panel`. Triggers are located by test id and role, and by the start of their
 * name only: it (and the panel's text) ticks every second while a block streams, and an
 * open panel has more buttons (Show all, Copy).
 */
/** A stream's or panel's trigger, whatever its block's state (the name goes on with the duration and the title). */
const triggerName = /^(Thinking|Thought for)/

async function expectToggles(panel: HTMLElement, trigger: Locator): Promise<ClickTiming> {
  const before = panel.getAttribute('data-state')
  const after = before === 'open' ? 'closed' : 'open'
  let input: number | undefined
  let toggled: number | undefined
  const onInput = () => {
    input ??= performance.now()
  }
  document.addEventListener('pointerdown', onInput, { capture: true })
  const observer = new MutationObserver(() => {
    if (panel.getAttribute('data-state') === after) toggled ??= performance.now()
  })
  observer.observe(panel, { attributes: true, attributeFilter: ['data-state'] })
  const clicked = performance.now()
  try {
    await trigger.click()
    await waitFor(() => expect(panel).toHaveAttribute('data-state', after), { timeout: 60_000 })
  } finally {
    observer.disconnect()
    document.removeEventListener('pointerdown', onInput, { capture: true })
  }
  return {
    clickMs: Math.round(performance.now() - clicked),
    inputToToggleMs: input !== undefined && toggled !== undefined ? Math.round(toggled - input) : -1,
  }
}

let watch: TaskWatch
let started: number
beforeEach(() => {
  watch = watchLongTasks()
  started = performance.now()
})
afterEach(() => {
  watch.stop()
})

describe('huge input', () => {
  it('given a text long enough for chunks, should lay out the same with their containment and without it', async () => {
    // 16 groups of 64 paragraphs sit in the text, each 16 after them in a chunk (text.tsx): 2,200 paragraphs make two chunks.
    // Still streaming: the panel stays open.
    const container = streamedInOneDelta(prose(2_200, 90).join('\n\n'))
    const panel = await waitFor(() => slot('reasoning-panel', container))
    const text = await waitFor(() => {
      const found = slot('reasoning-text', panel)
      expect(found.querySelectorAll(':scope > [data-slot="reasoning-chunk"]')).toHaveLength(2)
      // A burst shows in steps: all of it first.
      expect(found.querySelectorAll('[data-slot="reasoning-paragraph"]')).toHaveLength(2_200)
      return found
      // A hang guard: WebKit, both cores busy, three other lanes beside it, had shown one chunk of two after 20 s (2026-12-07).
    }, { timeout: 60_000 })
    expect(getComputedStyle(slot('reasoning-chunk', text)).contain).toMatch(/content|paint/)
    const rects = async (contain: string): Promise<string[]> => {
      const style = document.createElement('style')
      style.textContent = `[data-slot='reasoning-chunk'] { contain: ${contain} !important }`
      document.head.append(style)
      try {
        await new Promise<number>((resolve) => requestAnimationFrame(resolve))
        // Relative to the text: the panel follows its end, and may scroll between the readings.
        const origin = text.getBoundingClientRect()
        return [text, ...text.querySelectorAll('[data-slot="reasoning-chunk"], [data-slot="reasoning-group"], [data-slot="reasoning-paragraph"]')].map((el) => {
          const r = el.getBoundingClientRect()
          const round = (n: number) => Math.round(n * 100) / 100
          return `${el.getAttribute('data-slot')} ${round(r.x - origin.x)},${round(r.y - origin.y)} ${round(r.width)}×${round(r.height)}`
        })
      } finally {
        style.remove()
      }
    }
    const contained = await rects('content')
    expect(contained.length).toBe(1 + text.querySelectorAll('[data-slot="reasoning-chunk"], [data-slot="reasoning-group"]').length + 2_200)
    expect(contained).toEqual(await rects('none'))
    // Control: size containment would change it (a chunk of no size).
    expect(await rects('size layout style')).not.toEqual(contained)
  }, 120_000)

  it('given one 5 MB delta, should render all of it in the open panel and still toggle on a click', async () => {
    const paragraphs = prose(10_000, 520)
    const text = paragraphs.join('\n\n')
    expect(text.length).toBeGreaterThan(5_000_000)
    const container = streamedInOneDelta(text)
    const panel = await waitFor(() => slot('reasoning-panel', container), { timeout: 20_000 })
    // Hang guards, not timings: WebKit runs the markdown parser's regular expressions slower than
    // the others (docs/performance.md, "Markdown in WebKit"), so its 10,000 paragraphs can take
    // longer than 20 s to show on a busy 2-core machine; the guard is 200 s.
    await waitFor(() => expect(slot('reasoning-text', panel).textContent.length).toBe(text.length - 2 * (paragraphs.length - 1)), { timeout: 200_000 })
    expect(slot('reasoning-text', panel).textContent).toBe(paragraphs.join(''))
    expect(panel).toHaveAttribute('data-state', 'open')
    // A second of the open, still streaming panel: its live counter and spinner keep frames coming.
    const idle = await frameGaps(1_000)
    const click = await expectToggles(panel, page.getByTestId('panel').getByRole('button', { name: triggerName }))
    reportRun('5 MB single delta', watch, started, { chars: text.length, paragraphs: paragraphs.length, ...idle, ...click })
  }, 250_000)

  it('given one million one-character deltas, should end with every character shown, and a click mid-stream should win', async () => {
    const paragraphs = prose(2_500, 420)
    const text = paragraphs.join('\n\n')
    const total = 1_000_000
    expect(text.length).toBeGreaterThanOrEqual(total)
    const store = createReasoningStore()
    const { container } = render(<ReasoningStream store={store} data-testid="stream" />)
    act(() => {
      store.dispatch(run())
      store.dispatch(span('s1'))
      store.dispatch(msgStart('m1'))
      // An empty block has nothing to open; the first character makes it open while it streams.
      store.dispatch(content('m1', text[0]!))
    })
    const panel = await waitFor(() => slot('reasoning-panel', container))
    await waitFor(() => expect(panel).toHaveAttribute('data-state', 'open'))
    let sent = 1
    let clicked = false
    // The stream runs on its own, a batch of deltas per task, as a fast network delivers them. Its
    // last character waits for the click to be answered: over Firefox's protocol, with both cores
    // busy and three other lanes, the click took longer than the stream's second half (2026-12-07),
    // and in WebKit, both cores busy, the whole test took more than 60 s: its hang guard is 180 s.
    const streaming = (async () => {
      while (sent < total) {
        const end = Math.min(clicked ? total : total - 1, sent + 5_000)
        for (; sent < end; sent++) store.dispatch(content('m1', text[sent]!))
        await yieldTask()
      }
    })()
    // Halfway, the reader closes the panel: the click must land while deltas keep arriving.
    await waitFor(() => expect(sent).toBeGreaterThan(total / 2), { timeout: 30_000, interval: 20 })
    const click = await expectToggles(panel, page.getByTestId('stream').getByRole('button', { name: triggerName }))
    const sentAtClick = sent
    clicked = true
    await streaming
    expect(sentAtClick, 'the click was answered before the stream ended').toBeLessThan(total)
    act(() => {
      store.dispatch(msgEnd('m1'))
      store.dispatch(spanEnd('s1'))
      store.dispatch(runDone())
    })
    await waitFor(() => expect(panel).toHaveAttribute('data-status', 'complete'))
    // The user's choice held through the rest of the stream; open it again to read the end.
    expect(panel).toHaveAttribute('data-state', 'closed')
    await expectToggles(panel, page.getByTestId('stream').getByRole('button', { name: triggerName }))
    const expected = text.slice(0, total)
    const shown = expected.split('\n\n').join('')
    await waitFor(() => expect(slot('reasoning-text', panel).textContent.length).toBe(shown.length), { timeout: 60_000 })
    expect(slot('reasoning-text', panel).textContent).toBe(shown)
    expect(store.getState().blocks[0]!.messages[0]!.text).toBe(expected)
    reportRun('1,000,000 one-character deltas', watch, started, { deltas: total, sentAtClick, ...click })
  }, 180_000)

  /**
   * 10,000 in Chromium. Firefox and WebKit mount the same panels at a cost Chromium does not
   * have (measured in this lane, 500 panels per frame, React's development build): Firefox
   * about 7 ms a panel, flat, so 10,000 take ~130 s; WebKitGTK's frame grows with the panels
   * already mounted (0.7 s for the first 500, 2.7 s for the fifth; plain DOM of the same size
   * stays at 0.25 s), so 10,000 run past 300 s. They mount 2,500, the same behaviour at a size
   * their lane can finish; long histories are issue 15's (windowing), not a test budget's.
   */
  const HUGE_BLOCKS = server.browser === 'chromium' ? 10_000 : 2_500
  it(`given ${HUGE_BLOCKS.toLocaleString('en')} blocks streamed one after another (10,000 in Chromium), should show them all and still toggle one on a click`, async () => {
    const blocks = HUGE_BLOCKS
    const store = createReasoningStore()
    const { container } = render(<ReasoningStream store={store} data-testid="stream" />)
    act(() => store.dispatch(run()))
    for (let i = 0; i < blocks; i++) {
      store.dispatch(span(`s${i}`))
      store.dispatch(msgStart(`m${i}`))
      store.dispatch(content(`m${i}`, `Thought number ${i}: check the case and move on.`))
      store.dispatch(msgEnd(`m${i}`))
      store.dispatch(spanEnd(`s${i}`))
      if (i % 500 === 499) await yieldTask()
    }
    act(() => store.dispatch(runDone()))
    await waitFor(() => expect(container.querySelectorAll('[data-slot="reasoning-panel"]')).toHaveLength(blocks), { timeout: 30_000 })
    const panels = container.querySelectorAll<HTMLElement>('[data-slot="reasoning-panel"]')
    const last = panels[blocks - 1]!
    // Complete before it ever rendered, so it is closed (and no auto-collapse can race the click).
    await waitFor(() => expect(last).toHaveAttribute('data-status', 'complete'))
    expect(last).toHaveAttribute('data-state', 'closed')
    // Closed panels' Show all and Copy are hidden (until found), so the last button is the last
    // panel's trigger (no name filter: naming 10,000 buttons would be the test's slowest part).
    const click = await expectToggles(last, page.getByTestId('stream').getByRole('button').last())
    expect(slot('reasoning-text', last)).toHaveTextContent(`Thought number ${blocks - 1}: check the case and move on.`)
    reportRun(`${blocks.toLocaleString('en')} blocks`, watch, started, { blocks, ...click })
    // Nothing here is about time: alone, on a slow 2-core machine, this takes 51-53 s (as at the
    // build of 2026-11-27), 85 s with the examples beside it in `npm test` (2026-12-01), and past
    // 120 s with a busy loop on one core as well. The limit only ends a hung run.
  }, 300_000)

  describe('past the door to the huge-trace machinery', () => {
    throughLargeDoor()
    it('given one paragraph of 12,000 characters, should show it in runs that go on at the next line with no gap, as a line break would', async () => {
      const [paragraph] = prose(1, 12_000)
      const container = streamedInOneDelta(paragraph!)
      const panel = await waitFor(() => slot('reasoning-panel', container))
      const runs = await waitFor(() => {
        const found = [...panel.querySelectorAll<HTMLElement>('[data-slot="reasoning-run"]')]
        expect(found.length).toBeGreaterThanOrEqual(3)
        return found
      })
      expect(slot('reasoning-text', panel).textContent).toBe(paragraph)
      const lineHeight = parseFloat(getComputedStyle(runs[0]!.firstElementChild!).lineHeight)
      for (const [i, runElement] of runs.entries()) {
        for (const child of runElement.children) expect(getComputedStyle(child).marginBlockEnd, `run ${i}`).toBe('0px')
        const next = runs[i + 1]
        if (!next) continue
        // The next run's first line sits one line below this run's last, not a paragraph's gap below.
        const gap = next.getBoundingClientRect().top - runElement.getBoundingClientRect().bottom
        expect(Math.abs(gap), `between runs ${i} and ${i + 1}`).toBeLessThan(lineHeight / 4)
      }
    })
  })
})
