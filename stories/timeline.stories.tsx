import type { Meta, StoryObj } from '@storybook/react-vite'
import { ReasoningTimeline } from 'reasoning-ui'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { agentLoopEvents } from './support/reasoning-scripts'
import { settled } from './support/play'
import { TimelineStory, type TimelineStoryArgs } from './support/stream-story'
import { documents, eventArgTypes, openPolicyArgType } from './support/scripted-store'
import { snippet } from './support/snippets'

const meta = {
  title: 'Components/ReasoningTimeline',
  component: documents<TimelineStoryArgs>(ReasoningTimeline),
  render: (args) => <TimelineStory {...args} />,
  args: { events: agentLoopEvents, live: false, visibility: 'full' },
  argTypes: { ...eventArgTypes, ...openPolicyArgType },
  parameters: snippet('timeline'),
} satisfies Meta<TimelineStoryArgs>

export default meta
type Story = StoryObj<typeof meta>

/**
 * An agentic loop: structured steps (analysis, hypothesis), a tool call, more
 * reasoning, another tool call, and a reflection with its conclusion,
 * confidence and key factors. Opening the first block shows its steps.
 */
export const AgentLoop: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const items = canvas.getAllByRole('listitem')
    await expect(items.map((li) => li.dataset.kind)).toEqual(['reasoning', 'tool-call', 'reasoning', 'tool-call', 'reasoning'])
    await expect(canvas.getByText('Called get_departures')).toBeVisible()
    const first = canvas.getByRole('button', { name: /Thought for 6 seconds/ })
    await expect(first).toHaveTextContent('2 steps')
    await userEvent.click(first)
    await settled(canvasElement)
    // Inside the opened block (its first step's title may also be the block's title on the status row).
    const body = within(first.closest<HTMLElement>('[data-slot="reasoning-panel"]')!.querySelector<HTMLElement>('[data-slot="reasoning-content"]')!)
    await expect(body.getByText('What the user needs')).toBeVisible()
    // Step types in words, not as the wire spells them.
    await expect(body.getByText('Analysis')).toBeVisible()
    await expect(body.queryByText('analysis')).toBeNull()
    await expect(body.getByText('Meeting at 10:00')).toBeVisible()
    await expect(canvas.getByRole('meter', { name: 'Confidence 80%' })).toBeInTheDocument()
  },
}

/**
 * The block-level outcome (conclusion, confidence, key factors from `REASONING_END`), under `summary`,
 * every block open (`openPolicy="stay-open"`): no raw text.
 */
export const OutcomeUnderSummary: Story = {
  args: { visibility: 'summary', openPolicy: 'stay-open' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('button', { name: /Thought for 3 seconds/ })).toHaveAttribute('aria-expanded', 'true')
    await settled(canvasElement)
    await expect(canvas.getByText('Take the 7:40 train.')).toBeVisible()
    await expect(canvas.getByText('Take the earlier train')).toBeVisible()
    await expect(canvasElement).not.toHaveTextContent('With a 9-minute walk')
  },
}

/** The same run replayed live: tool calls show "Calling …" while they run, each block opens while it streams. */
export const Live: Story = {
  args: { live: true, intervalMs: 15 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(canvas.getAllByRole('listitem')).toHaveLength(5), { timeout: 10_000 })
    await waitFor(() => expect(canvas.getByRole('button', { name: /Thought for 3 seconds/ })).toBeVisible(), { timeout: 10_000 })
    await expect(canvas.getByText('Called walking_time')).toBeVisible()
    await settled(canvasElement)
  },
}
