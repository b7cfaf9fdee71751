/// <reference types="vite/client" />
import type { Meta, StoryObj } from '@storybook/react-vite'
import { ReasoningStream } from 'reasoning-ui'
import { expect, userEvent, within } from 'storybook/test'
import { createBedrockTranslator } from 'reasoning-ui/adapters/bedrock'
import redactedChunks from '../test/fixtures/providers/recorded/bedrock/claude-3-7-redacted-reasoning.chunks.txt?raw'
import signatureChunks from '../test/fixtures/providers/recorded/bedrock/claude-reasoning-signature.chunks.txt?raw'
import { settled } from './support/play'
import { StreamStory, translatePaced, type StreamStoryArgs } from './support/stream-story'
import { documents, eventArgTypes } from './support/scripted-store'
import { snippet } from './support/snippets'

/**
 * Real ConverseStream recordings (test/fixtures/providers/recorded/bedrock, see SOURCE.md there),
 * one SDK event a line, dated as if one arrived every `stepMs` (Bedrock dates none of them).
 */
const translated = (raw: string, stepMs: number) =>
  translatePaced(createBedrockTranslator, raw.split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as unknown), stepMs)

const signatureEvents = translated(signatureChunks, 250)
const redactedEvents = translated(redactedChunks, 400)

/**
 * AWS Bedrock ConverseStream (Claude on Bedrock) translated by `createBedrockTranslator`
 * (`reasoning-ui/adapters/bedrock`) into AG-UI events and rendered by `ReasoningStream`.
 * `args.events` holds the translated events.
 */
const meta = {
  title: 'Adapters/Bedrock',
  component: documents<StreamStoryArgs>(ReasoningStream),
  render: (args) => <StreamStory {...args} />,
  args: { events: signatureEvents, live: false, visibility: 'full' },
  argTypes: eventArgTypes,
  parameters: snippet('adapter-bedrock'),
} satisfies Meta<StreamStoryArgs>

export default meta
type Story = StoryObj<typeof meta>

/** Claude's reasoning text with its signature (kept for the round trip, never shown), then the answer. */
export const ReasoningWithSignature: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: /Thought for/ }))
    await settled(canvasElement)
    await expect(canvasElement.querySelector('[data-slot="reasoning-text"]')).toHaveTextContent(/Let me count the r/)
    await expect(canvasElement.innerHTML).not.toContain('Ep0CCkgICxAB')
  },
}

/** Two blocks of redacted reasoning only (`redactedContent`): the hidden-reasoning indicator, the values kept, never shown. */
export const RedactedReasoning: Story = {
  args: { events: redactedEvents },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getAllByText('Reasoning hidden by the provider').length).toBeGreaterThan(0)
    await expect(canvasElement.innerHTML).not.toContain('RXRrRUNrZ0lC')
  },
}
