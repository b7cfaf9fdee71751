import type { Meta, StoryObj } from '@storybook/react-vite'
import { ReasoningSummary, type ReasoningSummaryProps } from 'reasoning-ui'
import { expect, waitFor, within } from 'storybook/test'
import { noSummaryEvents, providerSummaryEvents, titlesOnlyEvents } from './support/reasoning-scripts'
import { documents, eventArgTypes, ScriptedStream, type EventArgs } from './support/scripted-store'
import { snippet } from './support/snippets'

type SummaryStoryArgs = EventArgs & Pick<ReasoningSummaryProps, 'labels'>

/** One summary per block. A standalone summary projects its block to the `summary` level, so it takes no `visibility`. */
function SummaryStory({ events, live, intervalMs, labels }: SummaryStoryArgs) {
  return (
    <ScriptedStream events={events} live={live} {...(intervalMs !== undefined && { intervalMs })}>
      {(state) => state.blocks.map((block) => <ReasoningSummary key={block.id} block={block} labels={labels} />)}
    </ScriptedStream>
  )
}

const meta = {
  title: 'Components/ReasoningSummary',
  component: documents<SummaryStoryArgs>(ReasoningSummary),
  render: (args) => <SummaryStory {...args} />,
  args: { events: providerSummaryEvents, live: false },
  argTypes: eventArgTypes,
  // Never shows raw reasoning; takes no visibility (a standalone summary is the `summary` level). Checked in test/browser/stories.test.tsx.
  parameters: { ...snippet('summary'), privacy: { rawText: false, visibility: false } },
} satisfies Meta<SummaryStoryArgs>

export default meta
type Story = StoryObj<typeof meta>

const raw = 'Two trains leave stations'

/** The provider's own summary (a `kind: 'summary'` reasoning message) wins over titles. */
export const ProviderSummary: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText(/together they close the gap at 150 km\/h/)).toBeVisible()
    await expect(canvasElement.querySelector('[data-slot="reasoning-summary"]')).toHaveAttribute('data-source', 'provider')
    await expect(canvasElement).not.toHaveTextContent(raw)
  },
}

/** No provider summary: the span title and the bold heading lines of the text, as a list. */
export const TitlesOnly: Story = {
  args: { events: titlesOnlyEvents },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const items = canvas.getAllByRole('listitem').map((li) => li.textContent)
    await expect(items).toEqual(['Meeting time of two trains', 'Reading the question', 'Setting up the equation', 'Checking the units'])
    await expect(canvasElement).not.toHaveTextContent(raw)
  },
}

/** Neither a summary nor titles: "No summary available". */
export const NoSummary: Story = {
  args: { events: noSummaryEvents },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No summary available')).toBeVisible()
    await expect(canvasElement).not.toHaveTextContent('synonym')
  },
}

/** The provider summary streaming in, live. */
export const StreamingProviderSummary: Story = {
  args: { live: true, intervalMs: 12 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(canvas.getByText(/160 km from the first station\./)).toBeVisible(), { timeout: 10_000 })
    await expect(canvasElement).not.toHaveTextContent(raw)
  },
}
