/**
 * ReasoningToolCall: one tool call as the timeline draws it, alone or as a disclosure
 * of the app's own details (arguments, result).
 */
import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ReasoningProvider, ReasoningTimeline, ReasoningToolCall, type TimelineToolCall } from 'reasoning-ui'
import { germanLabels } from 'reasoning-ui/locales'
import { feed, run, testStore } from '../../helpers/events'

function calls(finish: boolean): TimelineToolCall[] {
  const store = testStore(1_000)
  feed(store, run(), { type: 'TOOL_CALL_START', toolCallId: 'tc1', toolCallName: 'search' }, { type: 'TOOL_CALL_ARGS', toolCallId: 'tc1', delta: '{"q":"oslo"}' })
  store.clock.now += 3_000
  if (finish) feed(store, { type: 'TOOL_CALL_END', toolCallId: 'tc1' })
  return store.getState().timeline.filter((e): e is TimelineToolCall => e.kind === 'tool-call')
}

describe('ReasoningToolCall', () => {
  it('without children, should be a plain row: icon, words, duration, no button', () => {
    const [call] = calls(true)
    const { container } = render(<ReasoningToolCall call={call!} />)
    expect(container.querySelector('[data-slot="timeline-tool"]')).toHaveAttribute('data-status', 'complete')
    expect(container.querySelector('[data-slot="timeline-tool-call"]')).toHaveTextContent('Called search')
    expect(container.querySelector('[data-slot="timeline-duration"]')).toHaveTextContent('3 seconds')
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('with children, should be a disclosure: a button with aria-expanded that shows and hides them', () => {
    const [call] = calls(true)
    render(
      <ReasoningToolCall call={call!}>
        <pre>{'{"q":"oslo"}'}</pre>
      </ReasoningToolCall>,
    )
    const button = screen.getByRole('button', { name: /Called search/ })
    expect(button).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByText('{"q":"oslo"}')).toBeNull()
    fireEvent.click(button)
    expect(button).toHaveAttribute('aria-expanded', 'true')
    const body = screen.getByText('{"q":"oslo"}').closest('[data-slot="timeline-tool-body"]')!
    expect(button).toHaveAttribute('aria-controls', body.id)
    expect(button.closest('[data-slot="timeline-tool"]')).toHaveAttribute('data-state', 'open')
    fireEvent.click(button)
    expect(screen.queryByText('{"q":"oslo"}')).toBeNull()
  })

  it('should word a running call in the provider\'s language', () => {
    const [call] = calls(false)
    render(
      <ReasoningProvider labels={germanLabels} locale="de">
        <ReasoningToolCall call={call!} />
      </ReasoningProvider>,
    )
    expect(screen.getByText('search wird aufgerufen…')).toBeInTheDocument()
  })

  it('is what the timeline draws for each call', () => {
    const store = testStore(1_000)
    feed(store, run(), { type: 'TOOL_CALL_START', toolCallId: 'tc1', toolCallName: 'search' }, { type: 'TOOL_CALL_END', toolCallId: 'tc1' })
    const { container } = render(<ReasoningTimeline store={store} />)
    expect(container.querySelector('[data-slot="timeline-item"] > [data-slot="timeline-tool"] > [data-slot="timeline-tool-call"]')).toHaveTextContent('Called search')
  })
})
