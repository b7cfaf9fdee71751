/**
 * AI SDK UI messages as `useChat` sees them while a reply streams: a UI message
 * stream (chunks) read by `readUIMessageStream` of `ai` 7 (the code `useChat`
 * runs), one cloned snapshot of the message per update.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai'

const FIXTURES = join(import.meta.dirname, '../fixtures/providers')

/** The chunks of a recorded AI SDK 7 stream (`recorded/ai-sdk-7/<name>.json`). */
export const recordedChunks = (name: string): UIMessageChunk[] =>
  JSON.parse(readFileSync(join(FIXTURES, 'recorded/ai-sdk-7', `${name}.json`), 'utf8')) as UIMessageChunk[]

/** The parts of a project-written UI message stream fixture (`vercel-ai/<name>.json`). */
export const writtenChunks = (name: string): UIMessageChunk[] =>
  JSON.parse(readFileSync(join(FIXTURES, 'vercel-ai', `${name}.json`), 'utf8')) as UIMessageChunk[]

/** Every state of the message (id `id`, as useChat gives it) while `chunks` stream, in order (each a deep copy, as useChat hands out new objects). */
export async function messageSnapshots(chunks: readonly UIMessageChunk[], id = 'msg-1'): Promise<UIMessage[]> {
  const stream = new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk)
      controller.close()
    },
  })
  const out: UIMessage[] = []
  for await (const message of readUIMessageStream({ message: { id, role: 'assistant', parts: [] }, stream, terminateOnError: true })) out.push(structuredClone(message))
  return out
}
