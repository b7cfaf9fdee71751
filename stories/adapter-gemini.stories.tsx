/// <reference types="vite/client" />
import type { Meta, StoryObj } from '@storybook/react-vite'
import { ReasoningStream } from 'reasoning-ui'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { createGeminiTranslator } from 'reasoning-ui/adapters/gemini'
import thoughtsSse from '../test/fixtures/providers/recorded/gemini/gemini-2.5-pro-thoughts.sse?raw'
import hiddenChunks from '../test/fixtures/providers/recorded/gemini/gemini-3-pro-hidden-thoughts.chunks.txt?raw'
import vertexChunks from '../test/fixtures/providers/recorded/gemini/vertex-gemini-3-flash-thought-tool-calls.chunks.txt?raw'
import { settled } from './support/play'
import { StreamStory, translatePaced, type StreamStoryArgs } from './support/stream-story'
import { documents, eventArgTypes } from './support/scripted-store'
import { snippet } from './support/snippets'

/** The responses of a recording: an SSE body's `data:` payloads, or a chunk file's lines. */
const responses = (raw: string, sse: boolean): unknown[] =>
  (sse ? raw.split(/\r?\n\r?\n/).map((event) => event.replace(/^data: ?/, '')) : raw.split('\n')).filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as unknown)

/**
 * Real Gemini streams (test/fixtures/providers/recorded/gemini, see SOURCE.md there), dated as if
 * one response arrived every `stepMs` (Gemini dates none of them).
 */
const translated = (raw: string, sse: boolean, stepMs: number) => translatePaced(createGeminiTranslator, responses(raw, sse), stepMs)

const thoughtsEvents = translated(thoughtsSse, true, 700)
const hiddenEvents = translated(hiddenChunks, false, 2_000)
const toolEvents = translated(vertexChunks, false, 400)

/**
 * Gemini `streamGenerateContent` (the Gemini API and Vertex AI) translated by
 * `createGeminiTranslator` (`reasoning-ui/adapters/gemini`) into AG-UI events and rendered by
 * `ReasoningStream`. `args.events` holds the translated events.
 */
const meta = {
  title: 'Adapters/Gemini',
  component: documents<StreamStoryArgs>(ReasoningStream),
  render: (args) => <StreamStory {...args} />,
  args: { events: thoughtsEvents, live: false, visibility: 'full' },
  argTypes: eventArgTypes,
  parameters: snippet('adapter-gemini'),
} satisfies Meta<StreamStoryArgs>

export default meta
type Story = StoryObj<typeof meta>

/** gemini-2.5-pro with `includeThoughts`: its thought summaries as one titled block, then the answer. */
export const ThoughtSummaries: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: /Thought for/ }))
    await settled(canvasElement)
    await expect(canvasElement.querySelector('[data-slot="reasoning-text"]')).toHaveTextContent(/Clarifying User Goals/)
  },
}

/** Gemini 3 without `includeThoughts`: it reasoned (256 thought tokens) but showed nothing: the hidden-reasoning indicator, its signature kept, never shown. */
export const HiddenThoughts: Story = {
  args: { events: hiddenEvents },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Reasoning hidden by the provider')).toBeVisible()
    await expect(canvasElement.innerHTML).not.toContain('Eo0HCooHAb4')
  },
}

/** Vertex AI, gemini-3-flash: a thought summary, then four calls (the first signed, the others' arguments streamed). */
export const ThoughtThenToolCalls: Story = {
  args: { events: toolEvents },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(canvas.getByRole('button', { name: /Thought for/ })).toBeVisible(), { timeout: 10_000 })
    await settled(canvasElement)
  },
}
