import type { Meta, StoryObj } from '@storybook/react-vite'
import { EncryptedReasoningIndicator, ThinkingIndicator } from 'reasoning-ui'
import { expect, within } from 'storybook/test'
import { runStarted } from './support/events'
import { completeEvents, encryptedOnlyEvents, encryptedStreamingEvents, opaqueReasoning } from './support/reasoning-scripts'
import { documents, eventArgTypes, ScriptedStream, type EventArgs } from './support/scripted-store'
import { snippet } from './support/snippets'

interface IndicatorStoryArgs extends EventArgs {
  /** The text (default: the `thinking` / `encrypted` label). */
  readonly label?: string
  /** ThinkingIndicator: animate. Default: while the stream is reasoning. */
  readonly active?: boolean
}

/** "Thinking…" while the stream is reasoning; the same words, still, once it is not. */
function ThinkingStory({ events, live, intervalMs, label, active }: IndicatorStoryArgs) {
  return (
    <ScriptedStream events={events} live={live} {...(intervalMs !== undefined && { intervalMs })}>
      {(_state, status) => <ThinkingIndicator active={active ?? status === 'reasoning'} {...(label !== undefined && { label })} />}
    </ScriptedStream>
  )
}

/** The lock indicator for each block of the stream. */
function EncryptedStory({ events, live, intervalMs, label }: IndicatorStoryArgs) {
  return (
    <ScriptedStream events={events} live={live} {...(intervalMs !== undefined && { intervalMs })}>
      {(state) =>
        state.blocks.map((block) => (
          <EncryptedReasoningIndicator key={block.id} block={block} {...(label !== undefined && { label })} />
        ))
      }
    </ScriptedStream>
  )
}

const meta = {
  title: 'Components/Indicators',
  component: documents<IndicatorStoryArgs>(ThinkingIndicator),
  subcomponents: { EncryptedReasoningIndicator },
  render: (args) => <ThinkingStory {...args} />,
  args: { events: [runStarted()], live: false },
  // `label` and `active` are the components' props: their rows and descriptions come from their doc comments.
  argTypes: eventArgTypes,
  // Indicators never show reasoning text and take no visibility (checked in test/browser/stories.test.tsx).
  parameters: { ...snippet('indicator-thinking'), privacy: { rawText: false, visibility: false } },
} satisfies Meta<IndicatorStoryArgs>

export default meta
type Story = StoryObj<typeof meta>

/** ThinkingIndicator while a run is reasoning: the shimmering "Thinking…" (still under reduced motion). */
export const Thinking: Story = {
  play: async ({ canvasElement }) => {
    const indicator = canvasElement.querySelector('[data-slot="thinking-indicator"]')
    await expect(indicator).toHaveAttribute('data-active')
    await expect(indicator).toHaveTextContent('Thinking…')
  },
}

/** ThinkingIndicator after the run completed: `active={false}`, no animation. */
export const ThinkingInactive: Story = {
  args: { events: completeEvents },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="thinking-indicator"]')).not.toHaveAttribute('data-active')
  },
}

/** EncryptedReasoningIndicator for a finished block the provider kept encrypted: lock, label, how long it thought (as every row says it). */
export const Encrypted: Story = {
  args: { events: encryptedOnlyEvents },
  parameters: snippet('indicator-encrypted'),
  render: (args) => <EncryptedStory {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Reasoning hidden by the provider')).toBeVisible()
    await expect(canvas.getByText('Thought for 6 seconds')).toHaveAttribute('datetime', 'PT6S')
    await expect(canvasElement.innerHTML).not.toContain(opaqueReasoning)
  },
}

/** EncryptedReasoningIndicator while the hidden reasoning goes on: a live, narrow counter, as every streaming row has it. */
export const EncryptedStreaming: Story = {
  args: { events: encryptedStreamingEvents },
  parameters: snippet('indicator-encrypted'),
  render: (args) => <EncryptedStory {...args} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Thinking · 4s')).toBeVisible()
  },
}
