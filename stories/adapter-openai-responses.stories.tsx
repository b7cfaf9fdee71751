import type { Meta, StoryObj } from '@storybook/react-vite'
import { ReasoningStream } from 'reasoning-ui'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { createOpenAIResponsesTranslator, translateOpenAIResponse } from 'reasoning-ui/adapters'
import agentic from '../test/fixtures/providers/openai-responses/agentic-reasoning-tool-reasoning.json'
import encrypted from '../test/fixtures/providers/openai-responses/encrypted-reasoning.json'
import openResponses from '../test/fixtures/providers/openai-responses/openresponses-reasoning-then-text.json'
import emptyReasoning from '../test/fixtures/providers/recorded/openai-responses/o3-mini-empty-reasoning-response.json'
import responseObject from '../test/fixtures/providers/openai-responses/response-object.json'
import summaryThenAnswer from '../test/fixtures/providers/openai-responses/summary-then-answer.json'
import cutByTokenLimit from '../test/fixtures/providers/openai-responses/token-limit-during-reasoning.json'
import { expectHiddenReasoning, settled } from './support/play'
import { StreamStory, translatePaced, type StreamStoryArgs } from './support/stream-story'
import { documents, eventArgTypes } from './support/scripted-store'
import { snippet } from './support/snippets'

const start = Date.UTC(2025, 7, 20, 14, 0, 0)

/**
 * What the OpenAI Responses adapter makes of a provider stream (the fixtures in
 * test/fixtures/providers/openai-responses), dated as if one provider event
 * arrived every `stepMs`: the stream carries no timestamps, the adapter's clock does.
 */
const translated = (events: readonly unknown[], stepMs: number) => translatePaced(createOpenAIResponsesTranslator, events, stepMs, start)

const summaryEvents = translated(summaryThenAnswer, 100)
const agenticEvents = translated(agentic, 60)
const encryptedEvents = translated(encrypted, 400)
const cutEvents = translated(cutByTokenLimit, 150)
const openResponsesEvents = translated(openResponses, 80)
const nonStreamingEvents = translateOpenAIResponse(responseObject)
const hiddenEvents = translateOpenAIResponse(emptyReasoning)

/** Never rendered: the encrypted reasoning the provider returns for the round trip. */
const encryptedContent = (encrypted as readonly { readonly item?: { readonly encrypted_content?: string } }[])
  .map((e) => e.item?.encrypted_content)
  .filter((v): v is string => v !== undefined)

/**
 * OpenAI Responses API and OpenResponses streams (reasoning items, summary
 * parts, raw reasoning text, encrypted content, function calls) translated by
 * `createOpenAIResponsesTranslator` into AG-UI events and rendered by
 * `ReasoningStream`. `args.events` holds the translated events.
 */
const meta = {
  title: 'Adapters/OpenAI Responses',
  component: documents<StreamStoryArgs>(ReasoningStream),
  render: (args) => <StreamStory {...args} />,
  args: { events: summaryEvents, live: false, visibility: 'full' },
  argTypes: eventArgTypes,
  parameters: snippet('adapter-openai-responses'),
} satisfies Meta<StreamStoryArgs>

export default meta
type Story = StoryObj<typeof meta>

async function openPanel(canvasElement: HTMLElement, name: RegExp): Promise<void> {
  const trigger = within(canvasElement).getByRole('button', { name })
  if (trigger.getAttribute('aria-expanded') === 'false') await userEvent.click(trigger)
  await settled(canvasElement)
}

/** A reasoning summary in two parts, then the answer: one block, collapsed once the answer started; opening it shows both parts. */
export const SummaryThenAnswer: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvasElement.querySelectorAll('[data-slot="reasoning-panel"]')).toHaveLength(1)
    await expect(canvas.getByRole('button', { name: /Thought for \d+ seconds/ })).toHaveAttribute('aria-expanded', 'false')
    await openPanel(canvasElement, /Thought for/)
    await expect(canvas.getByText(/only Monday 31 is a weekday, so the total is 21\./)).toBeVisible()
  },
}

/** The summary visibility level, kept open: a provider summary is what it shows. */
export const SummaryVisibility: Story = {
  args: { visibility: 'summary', openPolicy: 'stay-open' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: /Thought for/ })).toHaveAttribute('aria-expanded', 'true')
    await settled(canvasElement)
    await expect(canvasElement.querySelector('[data-slot="reasoning-summary"][data-source="provider"]')).toHaveTextContent(/so the total is 21\./)
  },
}

/** An agentic loop: reasoning, a function call, reasoning again, the answer. Each reasoning item is its own panel, in order. */
export const AgentLoop: Story = {
  args: { events: agenticEvents },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const panels = canvasElement.querySelectorAll('[data-slot="reasoning-panel"]')
    await expect(panels).toHaveLength(2)
    for (const trigger of canvas.getAllByRole('button', { name: /Thought for/ })) await userEvent.click(trigger)
    await settled(canvasElement)
    await expect(panels[0]).toHaveTextContent('so I will ask the lookup tool.')
    await expect(panels[1]).toHaveTextContent('which rounds to about 88,800 people.')
  },
}

/** `store: false` with `include: ["reasoning.encrypted_content"]` and no summary: a lock, never the encrypted content. */
export const EncryptedReasoning: Story = {
  args: { events: encryptedEvents },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Reasoning hidden by the provider')).toBeVisible()
    await expect(canvasElement.querySelector('[data-slot="reasoning-panel"]')).toHaveAttribute('data-encrypted')
    for (const value of encryptedContent) await expect(canvasElement.innerHTML).not.toContain(value)
  },
}

/**
 * A real o3-mini response (recorded by pydantic-ai) with no summary asked for and no encrypted
 * content: its reasoning item is empty and the usage counts 192 reasoning tokens. Shown as hidden
 * reasoning with the count, nothing to open, at every visibility level.
 */
export const HiddenReasoning: Story = {
  args: { events: hiddenEvents },
  play: async ({ canvasElement }) => expectHiddenReasoning(canvasElement, 192),
}

/** `max_output_tokens` reached while reasoning (`response.incomplete`): the block is interrupted, cut short by the provider (`data-end-reason="cut-short"`), and keeps its text. */
export const CutByTokenLimit: Story = {
  args: { events: cutEvents },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvasElement.querySelector('[data-slot="reasoning-panel"]')).toHaveAttribute('data-status', 'interrupted')
    await openPanel(canvasElement, /Reasoning cut short/)
    await expect(canvas.getByText(/write p = 2k, so 4k² = 2q² and/)).toBeVisible()
  },
}

/** OpenResponses `response.reasoning.delta` from an open model: raw reasoning text, then the answer. */
export const OpenResponsesReasoning: Story = {
  args: { events: openResponsesEvents },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await openPanel(canvasElement, /Thought for/)
    await expect(canvas.getByText(/Let me double-check: 13 × 12 = 130 \+ 26 = 156\./)).toBeVisible()
  },
}

/** A non-streaming `Response` object (`translateOpenAIResponse`): the reasoning item before the message, complete at once. */
export const NonStreamingResponse: Story = {
  args: { events: nonStreamingEvents },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvasElement.querySelector('[data-slot="reasoning-panel"]')).toHaveAttribute('data-status', 'complete')
    await openPanel(canvasElement, /Thought for/)
    await expect(canvas.getByText(/March 2025 starts on a Saturday/)).toBeVisible()
    await expect(canvasElement.innerHTML).not.toContain(responseObject.output[0]!.encrypted_content!)
  },
}

/** The summary stream replayed live: the panel opens while the model reasons and collapses when the answer starts. */
export const Live: Story = {
  args: { live: true, intervalMs: 15 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // Complete first ("Thought for …"), then collapsed once the answer starts.
    await waitFor(() => expect(canvas.getByRole('button', { name: /Thought for/ })).toHaveAttribute('aria-expanded', 'false'), { timeout: 10_000 })
    await settled(canvasElement)
  },
}
