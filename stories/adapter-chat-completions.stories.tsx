import type { Meta, StoryObj } from '@storybook/react-vite'
import { ReasoningStream } from 'reasoning-ui'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { createChatCompletionsTranslator, translateChatCompletion } from 'reasoning-ui/adapters'
import deepseek from '../test/fixtures/providers/chat-completions/deepseek-reasoning-content.json'
import cutByLength from '../test/fixtures/providers/chat-completions/deepseek-length-while-reasoning.json'
import encryptedOnly from '../test/fixtures/providers/chat-completions/openrouter-encrypted-only.json'
import summaryAndEncrypted from '../test/fixtures/providers/chat-completions/openrouter-summary-encrypted-tool.json'
import interleavedTags from '../test/fixtures/providers/chat-completions/think-tags-interleaved.json'
import thinkTags from '../test/fixtures/providers/chat-completions/think-tags.json'
import hiddenCompletion from '../test/fixtures/providers/recorded/chat-completions/o3-mini-hidden-reasoning-completion.json'
import { expectHiddenReasoning, settled } from './support/play'
import { StreamStory, translatePaced, type StreamStoryArgs } from './support/stream-story'
import { documents, eventArgTypes } from './support/scripted-store'
import { snippet } from './support/snippets'

/**
 * What the chat completions adapter makes of a recorded stream (the fixtures in
 * test/fixtures/providers/chat-completions), dated as if one chunk arrived
 * every `stepMs` (chunks carry only their completion's `created` second).
 */
const translated = (events: readonly unknown[], stepMs: number) => translatePaced(createChatCompletionsTranslator, events, stepMs)

const deepseekEvents = translated(deepseek, 1_000)
const summaryEvents = translated(summaryAndEncrypted, 600)
const encryptedOnlyEvents = translated(encryptedOnly, 1_500)
const thinkTagsEvents = translated(thinkTags, 700)
const interleavedEvents = translated(interleavedTags, 800)
const cutEvents = translated(cutByLength, 900)
const hiddenEvents = translateChatCompletion(hiddenCompletion)

interface RecordedChunk {
  readonly choices: readonly { readonly delta: { readonly reasoning_details?: readonly { readonly data?: string }[] } }[]
}
/** Never rendered: OpenRouter's encrypted reasoning (kept for the round trip). */
const encryptedData = (chunks: readonly unknown[]) =>
  (chunks as readonly RecordedChunk[]).flatMap((c) => c.choices.flatMap((choice) => choice.delta.reasoning_details ?? [])).find((d) => d.data)!.data!

/**
 * OpenAI-compatible chat completions streams (DeepSeek `reasoning_content`,
 * vLLM / OpenRouter `reasoning`, OpenRouter `reasoning_details`, inline
 * `<think>` tags) translated by `createChatCompletionsTranslator` into AG-UI
 * events and rendered by `ReasoningStream`. `args.events` holds the translated events.
 */
const meta = {
  title: 'Adapters/Chat completions',
  component: documents<StreamStoryArgs>(ReasoningStream),
  render: (args) => <StreamStory {...args} />,
  args: { events: deepseekEvents, live: false, visibility: 'full' },
  argTypes: eventArgTypes,
  parameters: snippet('adapter-chat-completions'),
} satisfies Meta<StreamStoryArgs>

export default meta
type Story = StoryObj<typeof meta>

/** DeepSeek's `delta.reasoning_content` before the answer: one block with its duration. */
export const DeepSeekReasoningContent: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const trigger = canvas.getByRole('button', { name: /Thought for 5 seconds/ })
    await userEvent.click(trigger)
    await settled(canvasElement)
    await expect(canvas.getByText(/0\.80 is larger, so 9\.8 is larger\./)).toBeVisible()
  },
}

/** Inline `<think>…</think>` (Qwen3 via Ollama), tags split across chunks: the reasoning without its tags. */
export const ThinkTags: Story = {
  args: { events: thinkTagsEvents },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: /Thought for/ }))
    await settled(canvasElement)
    await expect(canvas.getByText(/Five, seven, five syllables\./)).toBeVisible()
    await expect(canvasElement).not.toHaveTextContent('think>')
  },
}

/** `<think>` twice in one completion, around a tool call (interleaved thinking kept inline): two panels, in order. */
export const InterleavedThinkTags: Story = {
  args: { events: interleavedEvents },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const triggers = canvas.getAllByRole('button', { name: /Thought for/ })
    await expect(triggers).toHaveLength(2)
    for (const trigger of triggers) await userEvent.click(trigger)
    await settled(canvasElement)
    const panels = canvasElement.querySelectorAll('[data-slot="reasoning-panel"]')
    await expect(panels[0]).toHaveTextContent('call get_time')
    await expect(panels[1]).toHaveTextContent('If the tool fails')
  },
}

/** OpenRouter `reasoning_details` from an OpenAI model, under `summary`, kept open: the provider summary, never the encrypted detail. */
export const OpenRouterSummary: Story = {
  args: { events: summaryEvents, visibility: 'summary', openPolicy: 'stay-open' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('button', { name: /Thought for/ })).toHaveAttribute('aria-expanded', 'true')
    await settled(canvasElement)
    await expect(canvasElement.querySelector('[data-slot="reasoning-summary"][data-source="provider"]')).toHaveTextContent(
      'The user asks where order 4411 is.',
    )
    await expect(canvasElement.innerHTML).not.toContain(encryptedData(summaryAndEncrypted))
  },
}

/** Only `reasoning.encrypted` (the provider hides its reasoning): the lock indicator with the duration, not expandable. */
export const EncryptedOnly: Story = {
  args: { events: encryptedOnlyEvents },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Reasoning hidden by the provider')).toBeVisible()
    await expect(canvasElement.querySelector('[data-slot="reasoning-panel"]')).toHaveAttribute('data-encrypted')
    await expect(canvasElement.innerHTML).not.toContain(encryptedData(encryptedOnly))
  },
}

/**
 * A real o3-mini chat completion (recorded by pydantic-ai): the answer only, and 64 reasoning
 * tokens in the usage. Shown as hidden reasoning before the answer, with the count, nothing to open.
 */
export const HiddenReasoning: Story = {
  args: { events: hiddenEvents },
  play: async ({ canvasElement }) => expectHiddenReasoning(canvasElement, 64),
}

/** `finish_reason: "length"` while reasoning: the block is interrupted, cut short by the provider (`data-end-reason="cut-short"`), and keeps its text. */
export const CutByLength: Story = {
  args: { events: cutEvents },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvasElement.querySelector('[data-slot="reasoning-panel"]')).toHaveAttribute('data-status', 'interrupted')
    const trigger = canvas.getByRole('button', { name: /Reasoning cut short/ })
    if (trigger.getAttribute('aria-expanded') === 'false') await userEvent.click(trigger)
    await settled(canvasElement)
    await expect(canvas.getByText(/Adding 2n \+ 1 gives/)).toBeVisible()
  },
}

/** The `<think>` stream replayed live: the panel opens while the model thinks and collapses when the answer starts. */
export const Live: Story = {
  args: { events: thinkTagsEvents, live: true, intervalMs: 30 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(canvas.getByRole('button', { name: /Thought for/ })).toHaveAttribute('aria-expanded', 'false'), { timeout: 10_000 })
    await settled(canvasElement)
  },
}
