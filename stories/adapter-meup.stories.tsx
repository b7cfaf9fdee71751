import type { Meta, StoryObj } from '@storybook/react-vite'
import { ReasoningTimeline } from 'reasoning-ui'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { translateMeup } from 'reasoning-ui/adapters'
import adrExample from '../test/fixtures/providers/meup/adr-example.json'
import cut from '../test/fixtures/providers/meup/cut.json'
import interleaved from '../test/fixtures/providers/meup/interleaved.json'
import severalSessions from '../test/fixtures/providers/meup/several-sessions.json'
import { T0 } from './support/events'
import { settled } from './support/play'
import { TimelineStory, type TimelineStoryArgs } from './support/stream-story'
import { documents, eventArgTypes, openPolicyArgType } from './support/scripted-store'
import { snippet } from './support/snippets'

/**
 * MEUP envelopes carry no time (the ADR's shape has no `ts`): the adapter stamps
 * them with its clock, here one that moves `gap` ms per message from T0.
 */
const clock = (gap: number) => {
  let t = T0 - gap
  return () => (t += gap)
}

/** What the MEUP adapter makes of each fixture (test/fixtures/providers/meup): plain AG-UI events, computed once. */
const adrEvents = translateMeup(adrExample, { now: clock(1_500) })
const severalEvents = translateMeup(severalSessions, { now: clock(1_200) })
const interleavedEvents = translateMeup(interleaved, { now: clock(1_000) })
const cutEvents = translateMeup(cut, { now: clock(2_000) })

const meta = {
  title: 'Adapters/MEUP',
  component: documents<TimelineStoryArgs>(ReasoningTimeline),
  render: (args) => <TimelineStory {...args} />,
  args: { events: adrEvents, live: false, visibility: 'full' },
  argTypes: { ...eventArgTypes, ...openPolicyArgType },
  parameters: snippet('adapter-meup'),
} satisfies Meta<TimelineStoryArgs>

export default meta
type Story = StoryObj<typeof meta>

/**
 * ADR-t8k's example flow through `translateMeup`: `reasoning/start` (the
 * description is the title), a `tool_call` and a `reflection` step,
 * `reasoning/end` with conclusion, confidence and key factors, then the
 * correlated `write_file` proposal as a tool call.
 */
export const AdrExample: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const items = canvas.getAllByRole('listitem')
    await expect(items.map((li) => li.dataset.kind)).toEqual(['reasoning', 'tool-call'])
    await expect(canvas.getByText('Called write_file')).toBeVisible()
    const block = canvas.getByRole('button', { name: /^Thought for 5 seconds/ })
    await expect(block).toHaveTextContent('2 steps')
    await userEvent.click(block)
    await settled(canvasElement)
    // The step type in words (labels.stepType), never as the wire spells it.
    await expect(canvas.getByText('Tool call')).toBeVisible()
    await expect(canvas.queryByText(/tool_call|TOOL_CALL/)).toBeNull()
    await expect(canvas.getByText('scan_permissions')).toBeVisible()
    await expect(canvas.getByText('File write should be denied due to security risks')).toBeVisible()
    await expect(canvas.getByRole('meter', { name: 'Confidence 92%' })).toBeInTheDocument()
  },
}

/** Two sessions of one agent, each followed by its action: a tool call (proposal → request → response) and the chat answer. */
export const SeveralSessions: Story = {
  args: { events: severalEvents },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getAllByRole('listitem').map((li) => li.dataset.kind)).toEqual(['reasoning', 'tool-call', 'reasoning'])
    await expect(canvas.getByText('Called read_file')).toBeVisible()
  },
}

/** Two participants reasoning at once: each block keeps its own steps and outcome. */
export const Interleaved: Story = {
  args: { events: interleavedEvents, openPolicy: 'stay-open' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await settled(canvasElement)
    await expect(canvas.getByText('Tokens are logged at debug level.')).toBeVisible()
    await expect(canvas.getByText('Add an index on orders.customer_id.')).toBeVisible()
  },
}

/** A stream that ends before `reasoning/end`: the block is interrupted and keeps its steps. */
export const Cut: Story = {
  args: { events: cutEvents },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="reasoning-panel"]')).toHaveAttribute('data-status', 'interrupted')
  },
}

/** The ADR example replayed live: the block opens while the agent reasons, then the proposal follows. */
export const Live: Story = {
  args: { live: true, intervalMs: 20 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(canvas.getAllByRole('listitem')).toHaveLength(2), { timeout: 10_000 })
    await waitFor(() => expect(canvas.getByText('Called write_file')).toBeVisible(), { timeout: 10_000 })
    await settled(canvasElement)
  },
}
