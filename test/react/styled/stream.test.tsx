import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ReasoningProvider, ReasoningStream, ReasoningTimeline } from 'reasoning-ui'
import { content, feed, msgEnd, msgStart, run, runDone, span, spanEnd, testStore, text, ui } from '../../helpers/events'

const panels = (root: ParentNode = document) => [...root.querySelectorAll('[data-slot="reasoning-panel"]')] as HTMLElement[]
const toolCall = (id: string, name: string) => [
  { type: 'TOOL_CALL_START', toolCallId: id, toolCallName: name },
  { type: 'TOOL_CALL_ARGS', toolCallId: id, delta: '{}' },
  { type: 'TOOL_CALL_END', toolCallId: id },
]

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
})
afterEach(() => {
  vi.useRealTimers()
})

/** Two turns: r1 reasons twice around a tool call and answers; r2 reasons and answers. */
function conversation() {
  const store = testStore()
  feed(store, run('r1'), span('a'), msgStart('a1'), content('a1', 'first thought'), msgEnd('a1'), spanEnd('a'),
    toolCall('tc1', 'search'), span('b'), msgStart('b1'), content('b1', 'second thought'), msgEnd('b1'), spanEnd('b'),
    text('answer1'), runDone('r1'),
    run('r2'), span('c'), msgStart('c1'), content('c1', 'third thought'), msgEnd('c1'), spanEnd('c'), text('answer2'), runDone('r2'))
  return store
}

describe('ReasoningStream', () => {
  it('given a store, should render every block in order and follow new ones', () => {
    const store = testStore()
    feed(store, run(), span('a'), msgStart('a1'), content('a1', 'one'))
    const { container } = render(<ReasoningStream store={store} />)
    expect(panels(container)).toHaveLength(1)
    act(() => feed(store, msgEnd('a1'), spanEnd('a'), span('b'), msgStart('b1'), content('b1', 'two')))
    expect(panels(container).map((p) => p.getAttribute('data-status'))).toEqual(['complete', 'streaming'])
  })

  it('given a runId, should render only that run\'s blocks', () => {
    const { container } = render(<ReasoningStream store={conversation()} runId="r2" />)
    expect(panels(container)).toHaveLength(1)
    expect(container).not.toHaveTextContent('Called search')
  })

  it('given beforeMessageId, should render only the reasoning that led to that answer', () => {
    const store = conversation()
    const first = render(<ReasoningStream store={store} beforeMessageId="answer1" openPolicy="stay-open" />)
    expect(first.container).toHaveTextContent('first thought')
    expect(first.container).toHaveTextContent('second thought')
    expect(first.container).not.toHaveTextContent('third thought')
    first.unmount()
    const second = render(<ReasoningStream store={store} beforeMessageId="answer2" openPolicy="stay-open" />)
    expect(panels(second.container)).toHaveLength(1)
    expect(second.container).toHaveTextContent('third thought')
  })

  it('should collapse a block once the answer after it starts', () => {
    const store = testStore()
    feed(store, run(), span('a'), msgStart('a1'), content('a1', 'thinking'))
    const { container } = render(<ReasoningStream store={store} animationDuration={0} />)
    expect(panels(container)[0]).toHaveAttribute('data-state', 'open')
    act(() => feed(store, msgEnd('a1'), spanEnd('a'), { type: 'TEXT_MESSAGE_START', messageId: 'ans', role: 'assistant' }))
    expect(panels(container)[0]).toHaveAttribute('data-state', 'closed')
  })

  it('should show "Thinking…" while a run works before any block streams, and not after the answer', () => {
    const store = testStore()
    feed(store, run())
    const { container } = render(<ReasoningStream store={store} />)
    expect(container.querySelector('[data-slot="reasoning-pending"]')).toHaveTextContent('Thinking…')
    act(() => feed(store, span('a'), msgStart('a1'), content('a1', 'x')))
    expect(container.querySelector('[data-slot="reasoning-pending"]')).toBeNull()
    act(() => feed(store, msgEnd('a1'), spanEnd('a'), text('ans'), runDone()))
    expect(container.querySelector('[data-slot="reasoning-pending"]')).toBeNull()
  })

  it('should pass shared settings to every panel and name subagents', () => {
    const store = testStore()
    feed(store, run(), { type: 'SUBAGENT_STARTED', subagentRunId: 'sub1', name: 'researcher', parentRunId: 'r1' },
      span('a', { subagentRunId: 'sub1' }), msgStart('a1', { subagentRunId: 'sub1' }), content('a1', 'raw', { subagentRunId: 'sub1' }))
    const { container } = render(<ReasoningStream store={store} visibility="none" />)
    expect(panels(container)[0]).toHaveAttribute('data-visibility', 'none')
    expect(container).not.toHaveTextContent('raw')
  })
})

describe('ReasoningTimeline', () => {
  it('should list the latest run\'s blocks with the tool calls between them, in order', () => {
    const store = testStore()
    feed(store, run('r1'), span('a', ui({ title: 'Plan' })), msgStart('a1'), content('a1', 'x'))
    store.clock.now += 3_000
    feed(store, msgEnd('a1'), spanEnd('a'))
    feed(store, { type: 'TOOL_CALL_START', toolCallId: 'tc1', toolCallName: 'search' })
    store.clock.now += 2_000
    feed(store, { type: 'TOOL_CALL_END', toolCallId: 'tc1' }, span('b'), msgStart('b1'), content('b1', 'y'))
    const { container } = render(
      <ReasoningProvider now={() => store.clock.now}>
        <ReasoningTimeline store={store} />
      </ReasoningProvider>,
    )
    const items = [...container.querySelectorAll('[data-slot="timeline-item"]')]
    expect(items.map((i) => i.getAttribute('data-kind'))).toEqual(['reasoning', 'tool-call', 'reasoning'])
    expect(items[0]).toHaveTextContent('Thought for 3 seconds')
    expect(items[1]).toHaveTextContent('Called search')
    expect(items[1]).toHaveTextContent('2 seconds')
    expect(items[2]).toHaveAttribute('data-status', 'streaming')
    expect(screen.getByRole('list')).toBe(container.firstElementChild)
  })

  it('given a runId, should show only that run', () => {
    const { container } = render(<ReasoningTimeline store={conversation()} runId="r1" />)
    expect(container.querySelectorAll('[data-slot="timeline-item"]')).toHaveLength(3)
  })
})
