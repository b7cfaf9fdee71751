import type { Meta, StoryObj } from '@storybook/react-vite'
import { ReasoningStream } from 'reasoning-ui'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { createAnthropicTranslator } from 'reasoning-ui/adapters'
import interleaved from '../test/fixtures/providers/anthropic/interleaved-server-tools.json'
import cutByTokenLimit from '../test/fixtures/providers/anthropic/max-tokens-while-thinking.json'
import redacted from '../test/fixtures/providers/anthropic/redacted-thinking.json'
import thinkingThenText from '../test/fixtures/providers/anthropic/thinking-then-text.json'
import { settled } from './support/play'
import { StreamStory, translatePaced, type StreamStoryArgs } from './support/stream-story'
import { documents, eventArgTypes } from './support/scripted-store'
import { snippet } from './support/snippets'

/**
 * What the Anthropic adapter makes of a recorded Messages stream (the fixtures
 * in test/fixtures/providers/anthropic), dated as if one provider event
 * arrived every `stepMs` (the API sends no timestamps; the adapter's clock does).
 */
const translated = (events: readonly unknown[], stepMs: number) => translatePaced(createAnthropicTranslator, events, stepMs)

const thinkingThenTextEvents = translated(thinkingThenText, 500)
const interleavedEvents = translated(interleaved, 400)
const redactedEvents = translated(redacted, 300)
const cutEvents = translated(cutByTokenLimit, 700)

interface RecordedEvent {
  readonly type: string
  readonly delta?: { readonly type: string; readonly signature?: string }
  readonly content_block?: { readonly type: string; readonly data?: string }
}
/** Never rendered: the thinking block's signature (kept for the round trip) and the redacted data. */
const signature = (thinkingThenText as readonly RecordedEvent[]).find((e) => e.delta?.type === 'signature_delta')!.delta!.signature!
const redactedData = (redacted as readonly RecordedEvent[]).find((e) => e.content_block?.type === 'redacted_thinking')!.content_block!.data!

/**
 * Anthropic Messages API streams (`thinking`, `redacted_thinking`, tool use)
 * translated by `createAnthropicTranslator` into AG-UI events and rendered by
 * `ReasoningStream`. `args.events` holds the translated events.
 */
const meta = {
  title: 'Adapters/Anthropic',
  component: documents<StreamStoryArgs>(ReasoningStream),
  render: (args) => <StreamStory {...args} />,
  args: { events: thinkingThenTextEvents, live: false, visibility: 'full' },
  argTypes: eventArgTypes,
  parameters: snippet('adapter-anthropic'),
} satisfies Meta<StreamStoryArgs>

export default meta
type Story = StoryObj<typeof meta>

/** Extended thinking, then the answer: one block with its duration; opening it shows the thinking, never the signature. */
export const ThinkingThenAnswer: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const trigger = canvas.getByRole('button', { name: /Thought for 5 seconds/ })
    await expect(trigger).toHaveAttribute('aria-expanded', 'false')
    await userEvent.click(trigger)
    await settled(canvasElement)
    await expect(canvas.getByText(/No divisor found, so 2027 is prime/)).toBeVisible()
    await expect(canvasElement.innerHTML).not.toContain(signature)
  },
}

/** Interleaved thinking around a web search (a server tool): each thinking block is its own panel, in order. */
export const InterleavedWithToolUse: Story = {
  args: { events: interleavedEvents },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvasElement.querySelectorAll('[data-slot="reasoning-panel"]')).toHaveLength(2)
    const [first, second] = canvas.getAllByRole('button', { name: /Thought for/ })
    await userEvent.click(first!)
    await userEvent.click(second!)
    await settled(canvasElement)
    const panels = canvasElement.querySelectorAll('[data-slot="reasoning-panel"]')
    await expect(panels[0]).toHaveTextContent('My training data may be stale; I should search.')
    await expect(panels[1]).toHaveTextContent('Statistics Iceland gives about 140,000')
  },
}

/** A `redacted_thinking` block (Claude 3.7 Sonnet): a lock, never its data, next to the readable thinking block. */
export const RedactedThinking: Story = {
  args: { events: redactedEvents },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Reasoning hidden by the provider')).toBeVisible()
    const panels = canvasElement.querySelectorAll('[data-slot="reasoning-panel"]')
    await expect(panels).toHaveLength(2)
    await expect(panels[1]).toHaveAttribute('data-encrypted')
    await expect(canvasElement.innerHTML).not.toContain(redactedData)
  },
}

/** `stop_reason: "max_tokens"` while thinking: the block is interrupted, cut short by the provider (`data-end-reason="cut-short"`), and keeps its text. */
export const CutByTokenLimit: Story = {
  args: { events: cutEvents },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const panel = canvasElement.querySelector('[data-slot="reasoning-panel"]')
    await expect(panel).toHaveAttribute('data-status', 'interrupted')
    await expect(panel).toHaveAttribute('data-end-reason', 'cut-short')
    const trigger = canvas.getByRole('button', { name: /Reasoning cut short/ })
    if (trigger.getAttribute('aria-expanded') === 'false') await userEvent.click(trigger)
    await settled(canvasElement)
    await expect(canvas.getByText(/gives n² \+ 2n \+ 1 = \(n \+ 1\)², which is/)).toBeVisible()
  },
}

/** The first stream replayed live: the panel opens while Claude thinks and collapses when the answer starts. */
export const Live: Story = {
  args: { live: true, intervalMs: 30 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(canvas.getByRole('button', { name: /Thought for 5 seconds/ })).toHaveAttribute('aria-expanded', 'false'), {
      timeout: 10_000,
    })
    await settled(canvasElement)
  },
}
