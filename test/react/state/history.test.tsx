import { act, render } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  createReasoningStore, Reasoning, ReasoningDuration, ReasoningStatusLabel, ReasoningStream, ReasoningTimeline,
  defaultLabels, toReasoningMessages,
} from 'reasoning-ui'
import { content, encrypted, feed, msgEnd, msgStart, run, runDone, span, spanEnd, testStore, text } from '../../helpers/events'

/**
 * A conversation restored from saved history shows what it showed before the
 * reload: the same durations when they were saved, no made-up duration and no
 * live counter when they were not.
 */

const statuses = (root: ParentNode) => [...root.querySelectorAll('[data-slot="reasoning-status"]')].map((e) => e.textContent)

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
  vi.setSystemTime(1_000_000)
})
afterEach(() => {
  vi.useRealTimers()
})

/** A fresh store (after a reload), fed the saved messages as a snapshot. */
function restored(messages: unknown[]) {
  const store = createReasoningStore({ flush: 'sync' })
  store.dispatch({ type: 'MESSAGES_SNAPSHOT', messages: JSON.parse(JSON.stringify(messages)) })
  return store
}

describe('restored history in the components', () => {
  it('given a saved, timed conversation, should say "Thought for 12 seconds" after the reload, as before it', () => {
    const store = testStore()
    feed(store, run(), span('s1', { timestamp: 5_000 }), msgStart('m1'), content('m1', 'x'), msgEnd('m1'),
      spanEnd('s1', { timestamp: 17_000 }), text('a1'), runDone())
    const before = render(<ReasoningStream store={store} />)
    expect(statuses(before.container)).toEqual(['Thought for 12 seconds'])
    before.unmount()
    const after = render(<ReasoningStream store={restored(toReasoningMessages(store.getState()))} />)
    expect(statuses(after.container)).toEqual(['Thought for 12 seconds'])
    expect(after.container.querySelector('[data-slot="reasoning-panel"]')).toHaveAttribute('data-status', 'complete')
  })

  it('given reasoning saved without timing (an older store, another producer), should show labels.thought and no duration', () => {
    const store = restored([{ id: 'r1', role: 'reasoning', content: 'old thoughts' }, { id: 'a1', role: 'assistant', content: 'answer' }])
    const { container } = render(
      <>
        <ReasoningStream store={store} />
        <Reasoning block={store.getState().blocks[0]!}>
          <ReasoningStatusLabel data-testid="label" />
          <ReasoningDuration data-testid="duration" />
        </Reasoning>
      </>,
    )
    expect(statuses(container)).toEqual([defaultLabels.thought])
    expect(container.querySelector('[data-testid="label"]')).toHaveTextContent(defaultLabels.thought)
    expect(container.querySelector('[data-testid="duration"]')).toBeNull()
    expect(container.querySelector('time')).toBeNull()
    act(() => vi.advanceTimersByTime(5_000))
    expect(statuses(container)).toEqual([defaultLabels.thought])
    expect(container.querySelector('time')).toBeNull()
  })

  it('given a restored block whose saved timing is cleared, should not count the time since the page loaded', () => {
    const store = testStore()
    feed(store, run(), span('s1'), msgStart('m1'), content('m1', 'x'), msgEnd('m1'), spanEnd('s1'), runDone())
    const saved = toReasoningMessages(store.getState()).map((m) => {
      const { startedAt: _s, endedAt: _e, ...block } = m.metadata!.reasoningUi.block
      return { ...m, metadata: { reasoningUi: { ...m.metadata!.reasoningUi, block } } }
    })
    const { container } = render(<ReasoningTimeline store={restored(saved)} />)
    expect(statuses(container)).toEqual([defaultLabels.thought])
    act(() => vi.advanceTimersByTime(3_000))
    expect(statuses(container)).toEqual([defaultLabels.thought])
  })

  it('given a block interrupted before the reload, should stay interrupted, for its reason, with its duration, and never tick', () => {
    const store = testStore()
    feed(store, run(), span('s1', { timestamp: 1_000 }), msgStart('m1'), content('m1', 'half'))
    store.clock.now = 5_000
    store.streamEnded()
    const { container } = render(<ReasoningStream store={restored(toReasoningMessages(store.getState()))} />)
    expect(container.querySelector('[data-slot="reasoning-panel"]')).toHaveAttribute('data-status', 'interrupted')
    expect(container.querySelector('[data-slot="reasoning-panel"]')).toHaveAttribute('data-end-reason', 'disconnected')
    expect(statuses(container)).toEqual(['Connection lost after 4 seconds of thinking'])
    act(() => vi.advanceTimersByTime(3_000))
    expect(statuses(container)).toEqual(['Connection lost after 4 seconds of thinking'])
  })

  it('given a block saved while it streamed, should show it interrupted without a duration, not a live counter', () => {
    const store = testStore()
    feed(store, run(), span('s1'), msgStart('m1'), content('m1', 'still going'))
    const { container } = render(<ReasoningStream store={restored(toReasoningMessages(store.getState()))} />)
    expect(container.querySelector('[data-slot="reasoning-panel"]')).toHaveAttribute('data-status', 'interrupted')
    expect(statuses(container)).toEqual([defaultLabels.interrupted])
    act(() => vi.advanceTimersByTime(3_000))
    expect(statuses(container)).toEqual([defaultLabels.interrupted])
  })

  it('given a restored encrypted-only block, should show the lock with its saved duration and never the value', () => {
    const store = testStore()
    feed(store, run(), msgStart('r1', { timestamp: 1_000 }), msgEnd('r1', { timestamp: 7_000 }),
      encrypted('r1', 'OPAQUE-VALUE', { encryptedValueType: 'anthropic.redacted_thinking' }), runDone())
    const { container } = render(<ReasoningStream store={restored(toReasoningMessages(store.getState()))} />)
    expect(container.querySelector('[data-slot="encrypted-indicator"]')).toHaveTextContent('6 seconds')
    expect(container.innerHTML).not.toContain('OPAQUE-VALUE')
  })

  it('given restored history, should announce nothing: it was already complete when it mounted', () => {
    const store = testStore()
    feed(store, run(), span('s1', { timestamp: 5_000 }), spanEnd('s1', { timestamp: 17_000 }), runDone())
    const { container } = render(<ReasoningStream store={restored(toReasoningMessages(store.getState()))} />)
    act(() => vi.advanceTimersByTime(100))
    expect(container.querySelector('[data-slot="reasoning-announcer"]')).toHaveTextContent('')
  })
})
