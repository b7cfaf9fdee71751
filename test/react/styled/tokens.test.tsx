import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ReasoningPanel, ReasoningProvider, ReasoningStream, ReasoningTimeline, type Visibility } from 'reasoning-ui'
import { content, encrypted, feed, msgEnd, msgStart, run, span, spanEnd, testStore, text } from '../../helpers/events'

const tokenRows = (root: ParentNode) => [...root.querySelectorAll('[data-slot="reasoning-tokens"]')] as HTMLElement[]
const done = (runId: string, reasoningTokens?: number) => ({
  type: 'RUN_FINISHED', threadId: 't1', runId,
  ...(reasoningTokens !== undefined && { usage: [{ provider: 'openai', model: 'o4-mini', inputTokens: 50, outputTokens: reasoningTokens + 20, reasoningTokens }] }),
})
const block = (id: string, words: string) => [span(id), msgStart(`${id}1`), content(`${id}1`, words), msgEnd(`${id}1`), spanEnd(id)]
const toolCall = (id: string) => [
  { type: 'TOOL_CALL_START', toolCallId: id, toolCallName: 'search' },
  { type: 'TOOL_CALL_END', toolCallId: id },
]

/** r1: two blocks around a tool call, 768 reasoning tokens; r2: one block, no usage; r3: one block, 12,345 tokens. */
function threeRuns() {
  const store = testStore()
  feed(store,
    run('r1'), block('a', 'first'), toolCall('tc1'), block('b', 'pondering'), text('answer1'), done('r1', 768),
    run('r2'), block('c', 'third'), text('answer2'), done('r2'),
    run('r3'), block('d', 'fourth'), text('answer3'), done('r3', 12_345))
  return store
}

describe('reasoning tokens in the stream and the timeline', () => {
  it('should show each run\'s count once, after its last block, compact for the locale', () => {
    const { container } = render(<ReasoningStream store={threeRuns()} />)
    const panels = [...container.querySelectorAll('[data-slot="reasoning-panel"]')]
    expect(panels.map((p) => tokenRows(p).map((t) => t.textContent))).toEqual([
      [], ['768 reasoning tokens'], [], ['12K reasoning tokens'],
    ])
    // The exact count stays machine-readable.
    expect(tokenRows(container).map((t) => t.getAttribute('value'))).toEqual(['768', '12345'])
  })

  it.each<Visibility>(['none', 'summary', 'full'])('given visibility %s, should still show the count (it is not reasoning text)', (visibility) => {
    const { container } = render(<ReasoningStream store={threeRuns()} visibility={visibility} />)
    expect(tokenRows(container)).toHaveLength(2)
    if (visibility !== 'full') expect(container).not.toHaveTextContent('pondering')
  })

  it('given showTokens={false}, should show no count', () => {
    const { container } = render(<ReasoningStream store={threeRuns()} showTokens={false} />)
    expect(tokenRows(container)).toHaveLength(0)
  })

  it('given beforeMessageId, should show the count of a run whose last block is shown', () => {
    const { container } = render(<ReasoningStream store={threeRuns()} beforeMessageId="answer1" />)
    expect(tokenRows(container).map((t) => t.textContent)).toEqual(['768 reasoning tokens'])
  })

  it('given a run that answers twice, rendered one stream per answer, should show its count once, under the later answer', () => {
    const store = testStore()
    feed(store, run('r1'), block('a', 'plan'), text('a1'), toolCall('tc1'), block('b', 'check'), text('a2'), done('r1', 768))
    const first = render(<ReasoningStream store={store} beforeMessageId="a1" />)
    const second = render(<ReasoningStream store={store} beforeMessageId="a2" />)
    expect(tokenRows(first.container)).toHaveLength(0)
    expect(tokenRows(second.container).map((t) => t.textContent)).toEqual(['768 reasoning tokens'])
  })

  it('given a run still streaming, should show no count until its usage arrives', () => {
    const store = testStore()
    feed(store, run('r1'), span('a'), msgStart('a1'), content('a1', 'thinking'))
    const { container, rerender } = render(<ReasoningStream store={store} />)
    expect(tokenRows(container)).toHaveLength(0)
    feed(store, msgEnd('a1'), spanEnd('a'), done('r1', 1))
    rerender(<ReasoningStream store={store} />)
    expect(tokenRows(container).map((t) => t.textContent)).toEqual(['1 reasoning token'])
  })

  it('given an encrypted-only block, should show the count beside the lock', () => {
    const store = testStore()
    feed(store, run('r1'), span('a'), msgStart('a1'), encrypted('a1', 'opaque'), msgEnd('a1'), spanEnd('a'), done('r1', 2_048))
    const { container } = render(<ReasoningStream store={store} />)
    expect(container.querySelector('[data-slot="encrypted-indicator"]')).not.toBeNull()
    expect(tokenRows(container).map((t) => t.textContent)).toEqual(['2K reasoning tokens'])
    expect(container).not.toHaveTextContent('opaque')
  })

  it('given a count of 0 (a model that did not reason), should show nothing', () => {
    const store = testStore()
    feed(store, run('r1'), block('a', 'x'), done('r1', 0))
    const { container } = render(<ReasoningStream store={store} />)
    expect(tokenRows(container)).toHaveLength(0)
  })

  it('given labels and a locale, should use them', () => {
    const { container } = render(
      <ReasoningProvider locale="de" labels={{ reasoningTokens: (count, formatted) => `${formatted} Denk-Token${count === 1 ? '' : 's'}` }}>
        <ReasoningStream store={threeRuns()} />
      </ReasoningProvider>,
    )
    expect(tokenRows(container).map((t) => t.textContent)).toEqual(['768 Denk-Tokens', `${new Intl.NumberFormat('de', { notation: 'compact' }).format(12_345)} Denk-Tokens`])
  })

  it('should show the latest run\'s count in the timeline, after its last block', () => {
    const store = threeRuns()
    const { container } = render(<ReasoningTimeline store={store} runId="r1" />)
    const items = [...container.querySelectorAll('[data-slot="timeline-item"]')]
    expect(items.map((i) => i.getAttribute('data-kind'))).toEqual(['reasoning', 'tool-call', 'reasoning'])
    expect(items.map((i) => tokenRows(i).length)).toEqual([0, 0, 1])
    const latest = render(<ReasoningTimeline store={store} showTokens={false} />)
    expect(tokenRows(latest.container)).toHaveLength(0)
  })
})

describe('ReasoningPanel tokens', () => {
  it('given tokens, should show them in the header row, closed or open', () => {
    const store = testStore()
    feed(store, run('r1'), block('a', 'text'))
    const { container } = render(<ReasoningPanel block={store.getState().blocks[0]!} tokens={1_234_567} />)
    const header = container.querySelector('[data-slot="reasoning-trigger"], [data-slot="reasoning-header"]')!
    expect(tokenRows(header).map((t) => t.textContent)).toEqual(['1.2M reasoning tokens'])
  })

  it('given no tokens, should show none', () => {
    const store = testStore()
    feed(store, run('r1'), block('a', 'text'), done('r1', 5))
    const { container } = render(<ReasoningPanel block={store.getState().blocks[0]!} />)
    expect(tokenRows(container)).toHaveLength(0)
  })
})
