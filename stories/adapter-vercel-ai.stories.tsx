import type { Meta, StoryObj } from '@storybook/react-vite'
import { ReasoningStream } from 'reasoning-ui'
import { expect, userEvent, within } from 'storybook/test'
import { createVercelAITranslator } from 'reasoning-ui/adapters'
import interleaved from '../test/fixtures/providers/vercel-ai/anthropic-interleaved-tools.json'
import redacted from '../test/fixtures/providers/vercel-ai/anthropic-redacted-thinking.json'
import thinkingThenAnswer from '../test/fixtures/providers/vercel-ai/anthropic-thinking-then-answer.json'
import openaiAgentic from '../test/fixtures/providers/vercel-ai/openai-agentic-reasoning-tool-reasoning.json'
import cutByTokenLimit from '../test/fixtures/providers/vercel-ai/token-limit-during-reasoning.json'
import { settled } from './support/play'
import { StreamStory, translatePaced, type StreamStoryArgs } from './support/stream-story'
import { documents, eventArgTypes } from './support/scripted-store'
import { snippet } from './support/snippets'

const start = Date.UTC(2025, 7, 21, 9, 30, 0)

/**
 * What the Vercel AI SDK adapter makes of a UI message stream (the fixtures in
 * test/fixtures/providers/vercel-ai), dated as if one part arrived every
 * `stepMs`: the stream carries no timestamps, the adapter's clock does.
 */
const translated = (events: readonly unknown[], stepMs: number) => translatePaced(createVercelAITranslator, events, stepMs, start)

const thinkingEvents = translated(thinkingThenAnswer, 150)
const openaiEvents = translated(openaiAgentic, 60)
const redactedEvents = translated(redacted, 200)
const interleavedEvents = translated(interleaved, 120)
const cutEvents = translated(cutByTokenLimit, 90)

interface Part {
  readonly providerMetadata?: Readonly<Record<string, Readonly<Record<string, unknown>>>>
}
/** Never rendered: signatures, redacted data and encrypted reasoning, kept only for the round trip. */
const secretsOf = (parts: readonly Part[]) =>
  parts.flatMap((p) => Object.values(p.providerMetadata ?? {}).flatMap((m) => [m.signature, m.redactedData, m.reasoningEncryptedContent]))
    .filter((v): v is string => typeof v === 'string')

/**
 * AI SDK UI message streams (`reasoning-start` / `-delta` / `-end` with
 * `providerMetadata`, text and tool parts, steps) translated by
 * `createVercelAITranslator` into AG-UI events and rendered by
 * `ReasoningStream`. `args.events` holds the translated events.
 */
const meta = {
  title: 'Adapters/Vercel AI SDK',
  component: documents<StreamStoryArgs>(ReasoningStream),
  render: (args) => <StreamStory {...args} />,
  args: { events: thinkingEvents, live: false, visibility: 'full' },
  argTypes: eventArgTypes,
  parameters: snippet('adapter-vercel-ai'),
} satisfies Meta<StreamStoryArgs>

export default meta
type Story = StoryObj<typeof meta>

async function openAll(canvasElement: HTMLElement, name: RegExp): Promise<void> {
  for (const trigger of within(canvasElement).getAllByRole('button', { name })) {
    if (trigger.getAttribute('aria-expanded') === 'false') await userEvent.click(trigger)
  }
  await settled(canvasElement)
}

/** Claude's extended thinking through `streamText(...).toUIMessageStreamResponse()`: the thinking, never its signature. */
export const AnthropicThinking: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('button', { name: /Thought for \d+ seconds/ })).toHaveAttribute('aria-expanded', 'false')
    await openAll(canvasElement, /Thought for/)
    await expect(canvas.getByText(/water boils near 84 °C at that pressure\./)).toBeVisible()
    for (const secret of secretsOf(thinkingThenAnswer)) await expect(canvasElement.innerHTML).not.toContain(secret)
  },
}

/** OpenAI reasoning over two steps around a tool call: one panel per reasoning item, its summary parts together. */
export const OpenAIAgentLoop: Story = {
  args: { events: openaiEvents },
  play: async ({ canvasElement }) => {
    const panels = canvasElement.querySelectorAll('[data-slot="reasoning-panel"]')
    await expect(panels).toHaveLength(2)
    await openAll(canvasElement, /Thought for/)
    await expect(panels[0]).toHaveTextContent('I will call it with Lyon, FR.')
    await expect(panels[1]).toHaveTextContent('about 88,800 people.')
    for (const secret of secretsOf(openaiAgentic)) await expect(canvasElement.innerHTML).not.toContain(secret)
  },
}

/** Anthropic `redactedData`: a lock for the redacted block, then the readable thinking. */
export const RedactedThinking: Story = {
  args: { events: redactedEvents },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const panels = canvasElement.querySelectorAll('[data-slot="reasoning-panel"]')
    await expect(panels).toHaveLength(2)
    await expect(panels[0]).toHaveAttribute('data-encrypted')
    await expect(canvas.getByText('Reasoning hidden by the provider')).toBeVisible()
    for (const secret of secretsOf(redacted)) await expect(canvasElement.innerHTML).not.toContain(secret)
  },
}

/** Interleaved thinking between tool uses over two steps: each step's thinking is its own panel, in order. */
export const InterleavedWithTools: Story = {
  args: { events: interleavedEvents },
  play: async ({ canvasElement }) => {
    const panels = canvasElement.querySelectorAll('[data-slot="reasoning-panel"]')
    await expect(panels).toHaveLength(2)
    await openAll(canvasElement, /Thought for/)
    await expect(panels[0]).toHaveTextContent('so I will call the weather tool.')
    await expect(panels[1]).toHaveTextContent('a waterproof, insulated jacket is the right call.')
  },
}

/** `finishReason: "length"` while thinking: the block is interrupted, cut short by the provider (`data-end-reason="cut-short"`), and keeps its text. */
export const CutByTokenLimit: Story = {
  args: { events: cutEvents },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvasElement.querySelector('[data-slot="reasoning-panel"]')).toHaveAttribute('data-status', 'interrupted')
    await openAll(canvasElement, /Reasoning cut short/)
    await expect(canvas.getByText(/\+ 13 = 41, \+ 17 = 58$/)).toBeVisible()
  },
}
