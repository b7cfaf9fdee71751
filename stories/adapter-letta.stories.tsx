import type { Meta, StoryObj } from '@storybook/react-vite'
import { ReasoningStream } from 'reasoning-ui'
import { translateLetta } from 'reasoning-ui/adapters'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import agentLoop from '../test/fixtures/providers/letta/agent-loop.json'
import hiddenReasoning from '../test/fixtures/providers/letta/hidden-reasoning.json'
import maxTokens from '../test/fixtures/providers/letta/max-tokens.json'
import { T0 } from './support/events'
import { settled } from './support/play'
import { StreamStory, type StreamStoryArgs } from './support/stream-story'
import { documents, eventArgTypes, openPolicyArgType } from './support/scripted-store'
import { snippet } from './support/snippets'

/**
 * The Letta fixtures (test/fixtures/providers/letta), dated `gap` ms apart from
 * T0 so the blocks show reading-pace durations; everything else is the fixture's.
 */
function paced(messages: readonly object[], gap: number): object[] {
  return messages.map((m, i) => ('date' in m ? { ...m, date: new Date(T0 + i * gap).toISOString() } : m))
}

/** What the Letta adapter makes of each fixture: plain AG-UI events, computed once. */
const agentLoopEvents = translateLetta(paced(agentLoop, 300))
const hiddenEvents = translateLetta(paced(hiddenReasoning, 1_500))
const maxTokensEvents = translateLetta(paced(maxTokens, 400))

const meta = {
  title: 'Adapters/Letta',
  component: documents<StreamStoryArgs>(ReasoningStream),
  render: (args) => <StreamStory {...args} />,
  args: { events: agentLoopEvents, live: false, visibility: 'full' },
  argTypes: { ...eventArgTypes, ...openPolicyArgType },
  parameters: snippet('adapter-letta'),
} satisfies Meta<StreamStoryArgs>

export default meta
type Story = StoryObj<typeof meta>

/**
 * A Letta agent loop through `translateLetta`: token-streamed reasoning, a tool
 * call, more reasoning, the answer. Each reasoning part is its own block (its
 * bold heading line is its title, shown under the `summary` level).
 */
export const AgentLoop: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const panels = canvasElement.querySelectorAll('[data-slot="reasoning-panel"]')
    await expect(panels).toHaveLength(2)
    for (const panel of panels) await expect(panel).toHaveAttribute('data-status', 'complete')
    const [first] = canvas.getAllByRole('button', { name: /^Thought for 3 seconds/ })
    await userEvent.click(first!)
    await settled(canvasElement)
    await expect(canvas.getByText(/check archival memory for their favourite city/)).toBeVisible()
  },
}

/** The same stream under `summary`, every block kept open: each shows its heading line as a title, never the raw reasoning. */
export const AgentLoopSummary: Story = {
  args: { visibility: 'summary', openPolicy: 'stay-open' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    for (const trigger of canvas.getAllByRole('button', { name: /^Thought for/ })) await expect(trigger).toHaveAttribute('aria-expanded', 'true')
    await settled(canvasElement)
    // Each title shows twice: as the block's title on its status row and as the one title listed in the open body.
    for (const title of ['Recalling the user', 'Planning the weekend']) {
      const shown = canvas.getAllByText(title)
      // The row's title sits in a <bdi> (its own direction) inside the title slot.
      await expect(shown.map((element) => element.closest<HTMLElement>('[data-slot]')?.dataset.slot)).toContain('reasoning-title')
      for (const element of shown) await expect(element).toBeVisible()
    }
    await expect(canvasElement).not.toHaveTextContent('check archival memory')
  },
}

/** The same stream replayed live: each block opens while Letta streams it and closes when the tool call or the answer starts. */
export const AgentLoopLive: Story = {
  args: { live: true, intervalMs: 15 },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelectorAll('[data-slot="reasoning-panel"][data-status="complete"]')).toHaveLength(2), { timeout: 10_000 })
    await settled(canvasElement)
  },
}

/**
 * `hidden_reasoning_message`s: `redacted` with provider data and `omitted`
 * without any. Both are encrypted-only blocks (the lock, never expandable); the
 * data is kept for the round trip and never reaches the DOM.
 */
export const HiddenReasoning: Story = {
  args: { events: hiddenEvents },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getAllByText('Reasoning hidden by the provider')).toHaveLength(2)
    for (const panel of canvasElement.querySelectorAll('[data-slot="reasoning-panel"]')) await expect(panel).toHaveAttribute('data-encrypted')
    await expect(canvasElement.innerHTML).not.toContain(hiddenReasoning[0]!.hidden_reasoning!)
    await expect(canvasElement.innerHTML).not.toContain('letta:hidden_reasoning:omitted')
  },
}

/** `stop_reason: max_tokens_exceeded` while reasoning: the block is interrupted and keeps its text. */
export const CutByTokenLimit: Story = {
  args: { events: maxTokensEvents },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const panel = canvasElement.querySelector('[data-slot="reasoning-panel"]')
    await expect(panel).toHaveAttribute('data-status', 'interrupted')
    const trigger = canvas.getByRole('button', { name: /^Reasoning (cut short|interrupted)/ })
    if (trigger.getAttribute('aria-expanded') === 'false') await userEvent.click(trigger)
    await settled(canvasElement)
    await expect(canvas.getByText(/children move before parents, then/)).toBeVisible()
  },
}
