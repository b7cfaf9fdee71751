import { fireEvent, render, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ReasoningStream, ReasoningTimeline } from 'reasoning-ui'
import { groupBySubagent } from '../../../src/react/styled/subagents'
import { content, feed, msgEnd, msgStart, run, runDone, span, spanEnd, testStore } from '../../helpers/events'

const inLane = (lane: string) => ({ subagentRunId: lane })
/** A block `id` with text `words`, by subagent `lane` (or the parent agent). */
const block = (id: string, words: string, lane?: string) => {
  const extra = lane === undefined ? {} : inLane(lane)
  return [span(id, extra), msgStart(`${id}1`, extra), content(`${id}1`, words, extra), msgEnd(`${id}1`, extra), spanEnd(id, extra)]
}

/** The parent plans; subagent "researcher" reads (with a nested "fetcher" and a tool call); the parent concludes. */
function nested() {
  const store = testStore()
  feed(store, run('r1'),
    block('plan', 'plan it'),
    { type: 'SUBAGENT_STARTED', subagentRunId: 'res', name: 'researcher' },
    block('read', 'read sources', 'res'),
    { type: 'SUBAGENT_STARTED', subagentRunId: 'fet', name: 'fetcher', parentSubagentRunId: 'res' },
    block('fetch', 'fetch pages', 'fet'),
    { type: 'TOOL_CALL_START', toolCallId: 'tc1', toolCallName: 'http_get', subagentRunId: 'fet' },
    { type: 'TOOL_CALL_END', toolCallId: 'tc1', subagentRunId: 'fet' },
    { type: 'SUBAGENT_FINISHED', subagentRunId: 'fet' },
    block('sum', 'summarise', 'res'),
    { type: 'SUBAGENT_FINISHED', subagentRunId: 'res' },
    block('end', 'conclude'),
    runDone('r1'))
  return store
}

const groups = (root: ParentNode) => [...root.querySelectorAll<HTMLElement>('[data-slot="reasoning-subagent-group"]')]
const panelIds = (root: ParentNode) => [...root.querySelectorAll('[data-slot="reasoning-panel"]')].map((p) => p.getAttribute('data-block-id') ?? p.textContent)

describe('groupBySubagent', () => {
  it('should nest items under their subagent and subagents under their parent, in order of first appearance', () => {
    const items = [{ id: 1 }, { id: 2, lane: 'b' }, { id: 3, lane: 'a' }, { id: 4, lane: 'b' }, { id: 5 }]
    const tree = groupBySubagent(items, (i) => i.lane, [
      { subagentRunId: 'a', status: 'finished' },
      { subagentRunId: 'b', parentSubagentRunId: 'a', status: 'running' },
    ])
    const shape = (nodes: typeof tree): unknown[] => nodes.map((n) => (n.kind === 'item' ? n.item.id : { [n.info.subagentRunId]: shape(n.children) }))
    // b's first item comes before a's, so a's group (holding b's) stands there.
    expect(shape(tree)).toEqual([1, { a: [{ b: [2, 4] }, 3] }, 5])
  })

  it('given a subagent never announced, or parents that loop, should still group everything once', () => {
    const items = [{ lane: 'x' }, { lane: 'p' }, { lane: 'q' }]
    const tree = groupBySubagent(items, (i) => i.lane, [
      { subagentRunId: 'p', parentSubagentRunId: 'q', status: 'running' },
      { subagentRunId: 'q', parentSubagentRunId: 'p', status: 'running' },
    ])
    const count = (nodes: typeof tree): number => nodes.reduce((n, node) => n + (node.kind === 'item' ? 1 : count(node.children)), 0)
    expect(count(tree)).toBe(3)
    expect(tree[0]).toMatchObject({ kind: 'subagent', info: { subagentRunId: 'x' } })
  })
})

describe('subagents in ReasoningStream', () => {
  it('should nest a subagent\'s blocks under its name, and a nested subagent under its parent', () => {
    const { container } = render(<ReasoningStream store={nested()} openPolicy="stay-closed" />)
    const [researcher, fetcher] = groups(container)
    expect(groups(container)).toHaveLength(2)
    expect(within(researcher!).getByRole('button', { name: 'Subagent researcher' })).toHaveAttribute('aria-expanded', 'true')
    expect(researcher).toContainElement(fetcher!)
    expect(fetcher!.querySelectorAll('[data-slot="reasoning-panel"]')).toHaveLength(1)
    // In the stream, in order: plan, the researcher's group (read, fetcher's group, sum), end.
    const top = [...container.firstElementChild!.children].map((c) => c.getAttribute('data-slot'))
    expect(top).toEqual(['reasoning-panel', 'reasoning-subagent-group', 'reasoning-panel'])
    expect(researcher!.querySelectorAll('[data-slot="reasoning-panel"]')).toHaveLength(3)
    // The group says whose it is: no badge repeats it on every panel.
    expect(container.querySelectorAll('[data-slot="reasoning-subagent"]')).toHaveLength(0)
    expect(panelIds(container)).toHaveLength(5)
  })

  it('should collapse a subagent\'s group, and open it again, from its button', () => {
    const { container } = render(<ReasoningStream store={nested()} />)
    const button = within(groups(container)[0]!).getAllByRole('button', { name: 'Subagent researcher' })[0]!
    fireEvent.click(button)
    expect(button).toHaveAttribute('aria-expanded', 'false')
    expect(groups(container)[0]!.querySelectorAll('[data-slot="reasoning-panel"]')).toHaveLength(0)
    expect(container.querySelectorAll('[data-slot="reasoning-panel"]')).toHaveLength(2)
    fireEvent.click(button)
    expect(groups(container)[0]!.querySelectorAll('[data-slot="reasoning-panel"]')).toHaveLength(3)
  })

  it('given no subagent, should render the blocks flat, with no group', () => {
    const store = testStore()
    feed(store, run('r1'), block('a', 'one'), block('b', 'two'), runDone('r1'))
    const { container } = render(<ReasoningStream store={store} />)
    expect(groups(container)).toHaveLength(0)
    expect(container.querySelectorAll('[data-slot="reasoning-panel"]')).toHaveLength(2)
  })

  it('given an unnamed subagent, should name its group by its run id', () => {
    const store = testStore()
    feed(store, run('r1'), block('a', 'one', 'sub-7'), runDone('r1'))
    const { container } = render(<ReasoningStream store={store} />)
    expect(within(container).getByRole('button', { name: 'Subagent sub-7' })).toBeInTheDocument()
  })
})

describe('subagents in ReasoningTimeline', () => {
  it('should nest a subagent\'s blocks and tool calls in its own list item, inside its parent\'s', () => {
    const { container } = render(<ReasoningTimeline store={nested()} />)
    const top = [...container.firstElementChild!.children].map((li) => li.getAttribute('data-kind'))
    expect(top).toEqual(['reasoning', 'subagent', 'reasoning'])
    const [researcher, fetcher] = groups(container)
    expect(researcher).toContainElement(fetcher!)
    const fetcherItems = [...fetcher!.querySelectorAll('[data-slot="reasoning-subagent-content"] > li')].map((li) => li.getAttribute('data-kind'))
    expect(fetcherItems).toEqual(['reasoning', 'tool-call'])
    expect(within(fetcher!).getByText('Called http_get')).toBeInTheDocument()
    // Every list item sits in a list.
    for (const li of container.querySelectorAll('li')) expect(li.parentElement?.tagName).toBe('OL')
  })
})
