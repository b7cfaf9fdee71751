/// <reference types="vite/client" />
import type { Meta, StoryObj } from '@storybook/react-vite'
import { ReasoningStream } from 'reasoning-ui'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { translateOllama } from 'reasoning-ui/adapters/ollama'
import gptOss from '../test/fixtures/providers/recorded/ollama/generate-gpt-oss-120b-thinking.ndjson?raw'
import qwenTags from '../test/fixtures/providers/recorded/ollama/generate-qwen3-8b-think-tags.ndjson?raw'
import { settled } from './support/play'
import { StreamStory, type StreamStoryArgs } from './support/stream-story'
import { documents, eventArgTypes } from './support/scripted-store'
import { snippet } from './support/snippets'

/**
 * Real Ollama streams (test/fixtures/providers/recorded/ollama, see SOURCE.md there), translated
 * whole: every object is dated (`created_at`), so the blocks last as long as the model thought.
 */
const translated = (ndjson: string) => translateOllama(ndjson.split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as unknown))

const thinkingEvents = translated(gptOss)
const tagsEvents = translated(qwenTags)

/**
 * Ollama's native API (`/api/chat`, `/api/generate`, NDJSON) translated by
 * `createOllamaTranslator` (`reasoning-ui/adapters/ollama`) into AG-UI events and rendered by
 * `ReasoningStream`. `args.events` holds the translated events.
 */
const meta = {
  title: 'Adapters/Ollama',
  component: documents<StreamStoryArgs>(ReasoningStream),
  render: (args) => <StreamStory {...args} />,
  args: { events: thinkingEvents, live: false, visibility: 'full' },
  argTypes: eventArgTypes,
  parameters: snippet('adapter-ollama'),
} satisfies Meta<StreamStoryArgs>

export default meta
type Story = StoryObj<typeof meta>

/** gpt-oss:120b with thinking on (`thinking` beside `response`): one block, then the answer. */
export const Thinking: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: /Thought for/ }))
    await settled(canvasElement)
    await expect(canvas.getByText(/Provide 3 words like "fluffy, quick, timid"/)).toBeVisible()
  },
}

/** qwen3:8b without `think`: its reasoning inline in `<think>` tags, shown without them. */
export const ThinkTags: Story = {
  args: { events: tagsEvents },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: /Thought for/ }))
    await settled(canvasElement)
    await expect(canvasElement.querySelector('[data-slot="reasoning-text"]')).toHaveTextContent(/rabbit/)
    await expect(canvasElement).not.toHaveTextContent('think>')
  },
}

/** The thinking stream replayed live: the panel opens while the model thinks and collapses when the answer starts. */
export const Live: Story = {
  args: { events: thinkingEvents, live: true, intervalMs: 30 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(canvas.getByRole('button', { name: /Thought for/ })).toHaveAttribute('aria-expanded', 'false'), { timeout: 10_000 })
    await settled(canvasElement)
  },
}
