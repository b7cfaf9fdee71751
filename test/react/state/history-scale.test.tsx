import { act, cleanup, render } from '@testing-library/react'
import fc from 'fast-check'
import { Profiler } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { defaultLabels, ReasoningProvider, ReasoningStream, ReasoningTimeline, type ReasoningLabels, type ReasoningState, type ReasoningStore } from 'reasoning-ui'
import { content, feed, msgEnd, msgStart, run, runDone, span, spanEnd, testStore, text } from '../../helpers/events'

/**
 * Issue 15, long histories: with hundreds of finished blocks on the page, a delta
 * to the streaming block must render that block's panel again and nothing else.
 * Renders are counted through the labels every finished row asks for when it
 * renders ("Thought for …" on a panel's status row, "Called …" on a tool call's),
 * so the count would be the history's size if every row rendered again.
 */

const TURNS = 250
/** Mounting 500 panels in jsdom takes seconds on a busy machine; nothing here is about time. */
const SLOW = 60_000

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
})
afterEach(() => {
  vi.useRealTimers()
})

/** Labels that count the finished rows' renders; one object for the whole test, as an app keeps its labels. */
function countingLabels() {
  const counts = { thoughtFor: 0, toolCall: 0 }
  const labels: Partial<ReasoningLabels> = {
    thoughtFor: (duration) => {
      counts.thoughtFor++
      return defaultLabels.thoughtFor(duration)
    },
    toolCall: (name) => {
      counts.toolCall++
      return defaultLabels.toolCall(name)
    },
  }
  return { counts, labels }
}

/** `TURNS` finished turns (a block, a tool call, a block, the answer), then a turn whose block streams. */
function longHistory(): ReasoningStore & { clock: { now: number } } {
  const store = testStore()
  const tick = (ms: number) => {
    store.clock.now += ms
  }
  const block = (id: string) => {
    feed(store, span(id), msgStart(`${id}-m`), content(`${id}-m`, `Thinking about ${id}.`))
    tick(2_000)
    feed(store, msgEnd(`${id}-m`), spanEnd(id))
  }
  for (let turn = 0; turn < TURNS; turn++) {
    feed(store, run(`run-${turn}`))
    block(`b${turn}a`)
    feed(store, { type: 'TOOL_CALL_START', toolCallId: `call-${turn}`, toolCallName: 'search' }, { type: 'TOOL_CALL_END', toolCallId: `call-${turn}` })
    block(`b${turn}b`)
    feed(store, text(`answer-${turn}`), runDone(`run-${turn}`))
  }
  feed(store, run(`run-${TURNS}`), span('live'), msgStart('live-m'), content('live-m', 'Streaming'))
  return store
}

const runIds = Array.from({ length: TURNS + 1 }, (_, turn) => `run-${turn}`)

describe('a long history', () => {
  it('given 500 finished blocks in a ReasoningStream, a delta should render only the streaming block\'s panel again', () => {
    const store = longHistory()
    const { counts, labels } = countingLabels()
    const { container } = render(<ReasoningStream store={store} labels={labels} />)
    expect(container.querySelectorAll('[data-slot="reasoning-panel"]')).toHaveLength(TURNS * 2 + 1)
    // Every finished panel asked for its "Thought for 2 seconds" once.
    expect(counts.thoughtFor).toBeGreaterThanOrEqual(TURNS * 2)
    counts.thoughtFor = 0
    act(() => feed(store, content('live-m', ' further')))
    expect(container.querySelector('[data-slot="reasoning-panel"][data-status="streaming"]')).toHaveTextContent('Streaming further')
    expect(counts.thoughtFor).toBe(0)
  }, SLOW)

  it('given one ReasoningTimeline per run (as a chat lays out its turns), a delta should render no finished row again', () => {
    const store = longHistory()
    const { counts, labels } = countingLabels()
    const { container } = render(<>{runIds.map((runId) => <ReasoningTimeline key={runId} store={store} runId={runId} labels={labels} />)}</>)
    expect(container.querySelectorAll('[data-slot="timeline-tool"]')).toHaveLength(TURNS)
    expect(counts.toolCall).toBeGreaterThanOrEqual(TURNS)
    counts.thoughtFor = 0
    counts.toolCall = 0
    act(() => feed(store, content('live-m', ' further')))
    expect(container.querySelector('[data-slot="reasoning-panel"][data-status="streaming"]')).toHaveTextContent('Streaming further')
    expect(counts).toEqual({ thoughtFor: 0, toolCall: 0 })
  }, SLOW)

  it('given one ReasoningTimeline per run on a shared store, a delta should render the live run\'s timeline and no other', () => {
    const store = longHistory()
    const rendered = new Set<string>()
    const onRender = (id: string) => {
      rendered.add(id)
    }
    render(
      <>
        {runIds.map((runId) => (
          <Profiler key={runId} id={runId} onRender={onRender}>
            <ReasoningTimeline store={store} runId={runId} />
          </Profiler>
        ))}
      </>,
    )
    rendered.clear()
    act(() => feed(store, content('live-m', ' further')))
    expect([...rendered]).toEqual([`run-${TURNS}`])
  }, SLOW)

  it('given one ReasoningTimeline per run, a new row in the live run should show there and leave the finished runs alone', () => {
    const store = longHistory()
    const { counts, labels } = countingLabels()
    const { container } = render(<>{runIds.map((runId) => <ReasoningTimeline key={runId} store={store} runId={runId} labels={labels} />)}</>)
    counts.thoughtFor = 0
    counts.toolCall = 0
    act(() => {
      feed(store, msgEnd('live-m'), spanEnd('live'), { type: 'TOOL_CALL_START', toolCallId: 'live-call', toolCallName: 'fetch' })
    })
    const live = container.querySelectorAll('[data-slot="reasoning-timeline"]')[TURNS]!
    expect(live.querySelectorAll('[data-slot="timeline-item"]')).toHaveLength(2)
    expect(live).toHaveTextContent('Calling fetch…')
    // The live block's own status row now says how long it thought; no other row rendered.
    expect(counts.toolCall).toBe(0)
    expect(counts.thoughtFor).toBeLessThanOrEqual(1)
  }, SLOW)

  it('given two ReasoningTimelines on a store, the first run\'s answer and tokens should show on its timeline alone', () => {
    const store = testStore()
    feed(store, run('r1'), span('a'), msgStart('a1'), content('a1', 'first'))
    const rendered: string[] = []
    const { container } = render(
      <>
        {['r1', 'r2'].map((runId) => (
          <Profiler key={runId} id={runId} onRender={(id) => rendered.push(id)}>
            <ReasoningTimeline store={store} runId={runId} animationDuration={0} />
          </Profiler>
        ))}
      </>,
    )
    const first = () => container.querySelectorAll('[data-slot="reasoning-timeline"]')[0]!
    expect(first().querySelector('[data-slot="reasoning-panel"]')).toHaveAttribute('data-state', 'open')
    rendered.length = 0
    act(() => feed(store, msgEnd('a1'), spanEnd('a')))
    expect(first().querySelector('[data-slot="reasoning-panel"]')).toHaveAttribute('data-state', 'open')
    rendered.length = 0
    // Only whether an answer follows its block changes: the same rows, another "answered".
    act(() => feed(store, { type: 'TEXT_MESSAGE_START', messageId: 'answer', role: 'assistant' }))
    expect(first().querySelector('[data-slot="reasoning-panel"]')).toHaveAttribute('data-state', 'closed')
    expect(rendered).not.toContain('r2')
    expect(rendered).toContain('r1')
    rendered.length = 0
    // Only its tokens change.
    act(() => feed(store, { type: 'TEXT_MESSAGE_END', messageId: 'answer' },
      { type: 'RUN_FINISHED', threadId: 't1', runId: 'r1', usage: [{ provider: 'openai', model: 'o4-mini', reasoningTokens: 512 }] }))
    expect(first().querySelector('[data-slot="reasoning-tokens"]')).toHaveTextContent('512 reasoning tokens')
    expect(rendered).toEqual(['r1'])
  })

  it('given timelines per run on a store, after every event they should show what the same timelines given the state show (property)', () => {
    // The store's timelines hear only of the runs whose blocks changed (timeline.tsx, hubOf);
    // timelines given the state compute every view. Random runs, blocks, deltas, tool calls,
    // answers and usage, in any order (out-of-order ones become diagnostics).
    const runs = ['r1', 'r2', 'r3'] as const
    const aRun = fc.constantFrom(...runs)
    const aBlock = fc.constantFrom('a', 'b', 'c', 'd')
    const step = fc.oneof(
      aRun.map((r) => [run(r)]),
      aRun.map((r) => [runDone(r)]),
      aRun.map((r) => [{ type: 'RUN_FINISHED', threadId: 't1', runId: r, usage: [{ provider: 'openai', model: 'o4-mini', reasoningTokens: 100 }] }]),
      aBlock.map((b) => [span(b), msgStart(`${b}-m`)]),
      fc.tuple(aBlock, fc.constantFrom('think ', 'more.\n\n', '# Plan\n', '`x`')).map(([b, delta]) => [content(`${b}-m`, delta)]),
      aBlock.map((b) => [msgEnd(`${b}-m`), spanEnd(b)]),
      fc.constantFrom('c1', 'c2').map((id) => [{ type: 'TOOL_CALL_START', toolCallId: id, toolCallName: 'search' }]),
      fc.constantFrom('c1', 'c2').map((id) => [{ type: 'TOOL_CALL_END', toolCallId: id }]),
      fc.constantFrom('x1', 'x2').map((id) => text(id)),
    )
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 30 }), (steps) => {
        const store = testStore()
        const now = () => store.clock.now
        const timelines = (input: { store: ReasoningStore } | { state: ReasoningState }) => (
          <ReasoningProvider now={now}>
            {[...runs, undefined].map((runId) => <ReasoningTimeline key={runId ?? 'latest'} {...input} runId={runId} animationDuration={0} />)}
          </ReasoningProvider>
        )
        // useId's ids count across roots.
        const html = (container: HTMLElement) => container.innerHTML.replace(/_r_[0-9a-z]+_/g, '_r_')
        const live = render(timelines({ store }))
        const given = render(timelines({ state: store.getState() }))
        try {
          for (const events of steps) {
            act(() => {
              store.clock.now += 700
              feed(store, ...events)
            })
            given.rerender(timelines({ state: store.getState() }))
            expect(html(live.container)).toBe(html(given.container))
          }
        } finally {
          cleanup()
        }
      }),
      { numRuns: 60 },
    )
  }, SLOW)

  it('given a ReasoningTimeline on a store, its live panel should still collapse when the answer starts and show the run\'s tokens when it ends', () => {
    const store = testStore()
    feed(store, run('r1'), span('a'), msgStart('a1'), content('a1', 'thinking'))
    const { container } = render(<ReasoningTimeline store={store} runId="r1" animationDuration={0} />)
    const panel = () => container.querySelector('[data-slot="reasoning-panel"]')!
    expect(panel()).toHaveAttribute('data-state', 'open')
    act(() => feed(store, msgEnd('a1'), spanEnd('a'), { type: 'TEXT_MESSAGE_START', messageId: 'answer', role: 'assistant' }))
    expect(panel()).toHaveAttribute('data-state', 'closed')
    act(() => feed(store, { type: 'TEXT_MESSAGE_END', messageId: 'answer' },
      { type: 'RUN_FINISHED', threadId: 't1', runId: 'r1', usage: [{ provider: 'openai', model: 'o4-mini', reasoningTokens: 768 }] }))
    expect(container.querySelector('[data-slot="reasoning-tokens"]')).toHaveTextContent('768 reasoning tokens')
  })
})
