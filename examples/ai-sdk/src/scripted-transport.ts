/**
 * A ChatTransport that needs no server and no API key: it answers every message
 * with the same scripted reply, a stream of AI SDK 7 UI message chunks (the
 * `UIMessageChunk`s a real `/api/chat` route sends with
 * `toUIMessageStreamResponse()`), paced like a model. The chunks follow what
 * `@ai-sdk/anthropic` emits for interleaved thinking: per-step part ids, the
 * thinking signature as an empty delta with provider metadata, a tool call whose
 * input streams, its output, a second step that thinks again and answers.
 *
 * In your app this file is `new DefaultChatTransport({ api: '/api/chat' })`.
 */
import type { ChatTransport, UIMessage, UIMessageChunk } from 'ai'

/** Milliseconds between chunks. */
const PACE = 90

const words = (text: string) => text.split(/(?<= )/)

function reasoning(id: string, text: string, signature: string): UIMessageChunk[] {
  return [
    { type: 'reasoning-start', id },
    ...words(text).map((delta): UIMessageChunk => ({ type: 'reasoning-delta', id, delta })),
    { type: 'reasoning-delta', id, delta: '', providerMetadata: { anthropic: { signature } } },
    { type: 'reasoning-end', id },
  ]
}

function weather(toolCallId: string, city: string, celsius: number): UIMessageChunk[] {
  return [
    { type: 'tool-input-start', toolCallId, toolName: 'getWeather' },
    { type: 'tool-input-delta', toolCallId, inputTextDelta: '{"city":' },
    { type: 'tool-input-delta', toolCallId, inputTextDelta: JSON.stringify(city) + '}' },
    { type: 'tool-input-available', toolCallId, toolName: 'getWeather', input: { city } },
    { type: 'tool-output-available', toolCallId, output: { city, celsius } },
  ]
}

export const SCRIPT: readonly UIMessageChunk[] = [
  { type: 'start' },
  { type: 'start-step' },
  ...reasoning(
    '0',
    '**Comparing two cities**\n\nThe question needs the current temperature in both Oslo and Lisbon. Neither is something I can know without looking it up, so I will call the weather tool once for each city and compare the two readings.',
    'EqQBCkYIBxgCKkBscripted-signature-1',
  ),
  ...weather('toolu_01', 'Oslo', 4),
  ...weather('toolu_02', 'Lisbon', 19),
  { type: 'finish-step' },
  { type: 'start-step' },
  ...reasoning(
    '0',
    '**Reading the results**\n\nOslo reports 4 °C and Lisbon 19 °C, so Lisbon is warmer, by 15 degrees.',
    'EqQBCkYIBxgCKkBscripted-signature-2',
  ),
  { type: 'text-start', id: '1' },
  ...words('Lisbon is warmer right now: 19 °C, against 4 °C in Oslo.').map((delta): UIMessageChunk => ({ type: 'text-delta', id: '1', delta })),
  { type: 'text-end', id: '1' },
  { type: 'finish-step' },
  { type: 'finish', finishReason: 'stop' },
]

const sleep = (ms: number, signal: AbortSignal | undefined) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener('abort', () => {
      clearTimeout(timer)
      resolve()
    }, { once: true })
  })

export class ScriptedChatTransport implements ChatTransport<UIMessage> {
  async sendMessages({ abortSignal }: Parameters<ChatTransport<UIMessage>['sendMessages']>[0]): Promise<ReadableStream<UIMessageChunk>> {
    let next = 0
    return new ReadableStream<UIMessageChunk>({
      async pull(controller) {
        await sleep(PACE, abortSignal)
        const chunk = SCRIPT[next++]
        if (chunk === undefined || abortSignal?.aborted) controller.close()
        else controller.enqueue(chunk)
      },
    })
  }

  async reconnectToStream(): Promise<ReadableStream<UIMessageChunk> | null> {
    return null
  }
}
