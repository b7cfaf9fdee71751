import type { Meta, StoryObj } from '@storybook/react-vite'
import {
  Reasoning,
  ReasoningContent,
  ReasoningDuration,
  ReasoningStatusLabel,
  ReasoningText,
  ReasoningTrigger,
  type ReasoningProps,
} from 'reasoning-ui'
import { expect, userEvent, within } from 'storybook/test'
import { completeEvents, streamingEvents } from './support/reasoning-scripts'
import { documents, type EventArgs, eventArgTypes, ScriptedStream } from './support/scripted-store'
import './support/headless.css'
import { snippet } from './support/snippets'

type PartsStoryArgs = EventArgs & Pick<ReasoningProps, 'visibility' | 'openPolicy' | 'defaultOpen'>

/**
 * The headless parts composed by hand and styled with plain classes (see
 * stories/support/headless.css): none of the kit's skin applies, since the
 * parts carry state attributes but no `data-slot`.
 */
function HandComposed({ events, live, intervalMs, ...props }: PartsStoryArgs) {
  return (
    <ScriptedStream events={events} live={live} {...(intervalMs !== undefined && { intervalMs })}>
      {(state) =>
        state.blocks.map((block) => (
          <Reasoning key={block.id} block={block} className="hl-card" {...props}>
            <ReasoningTrigger className="hl-trigger">
              <span className="hl-dot" aria-hidden="true" />
              <ReasoningStatusLabel className="hl-status" />
              <span className="hl-caret" aria-hidden="true">
                ›
              </span>
            </ReasoningTrigger>
            <ReasoningContent className="hl-content">
              <ReasoningText className="hl-text" />
              <p className="hl-footer">
                Reasoned for <ReasoningDuration />
              </p>
            </ReasoningContent>
          </Reasoning>
        ))
      }
    </ScriptedStream>
  )
}

const meta = {
  title: 'Headless/Parts',
  component: documents<PartsStoryArgs>(Reasoning),
  subcomponents: { ReasoningTrigger, ReasoningContent, ReasoningStatusLabel, ReasoningDuration, ReasoningText },
  render: (args) => <HandComposed {...args} />,
  args: { events: completeEvents, live: false, visibility: 'full' },
  argTypes: eventArgTypes,
  parameters: snippet('parts'),
} satisfies Meta<PartsStoryArgs>

export default meta
type Story = StoryObj<typeof meta>

/** Reasoning + ReasoningTrigger + ReasoningContent + ReasoningStatusLabel + ReasoningDuration + ReasoningText, by hand. */
export const ComposedByHand: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const trigger = canvas.getByRole('button', { name: /Thought for 12 seconds/ })
    await expect(trigger).toHaveClass('hl-trigger')
    await expect(trigger).not.toHaveAttribute('data-slot')
    await userEvent.click(trigger)
    await expect(trigger).toHaveAttribute('aria-expanded', 'true')
    await expect(await canvas.findByText(/Two trains leave stations/)).toBeVisible()
    await expect(canvas.getByText('12 seconds')).toHaveAttribute('datetime', 'PT12S')
  },
}

/** The same parts while the block streams: open by the default policy, live label. */
export const ComposedStreaming: Story = {
  args: { events: streamingEvents },
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: /Thinking · 7s/ })
    await expect(trigger).toHaveAttribute('aria-expanded', 'true')
    await expect(trigger).toHaveAttribute('data-status', 'streaming')
  },
}
