/**
 * Loads the recorded provider streams in test/fixtures/providers/recorded (see
 * SOURCE.md there): raw SSE bodies (`.sse`), NDJSON bodies (`.ndjson`), chunk files with one
 * JSON value a line (`.chunks.txt`), and JSON files (`.json`: an array of stream parts, or
 * one non-streaming response object).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

export type RecordedAdapter = 'openai-responses' | 'anthropic' | 'chat-completions' | 'vercel-ai' | 'letta' | 'ollama' | 'gemini' | 'bedrock'

export interface Recording {
  readonly adapter: RecordedAdapter
  /** The file name inside `recorded/<adapter>/`. */
  readonly file: string
  readonly format: 'sse' | 'chunks' | 'ndjson' | 'json'
  /** The file as it is on disk. */
  readonly raw: string
  /** True for a stream (SSE, chunk lines, a JSON array); false for one non-streaming response object. */
  readonly streaming: boolean
  /** The provider events in order (the parsed `data:` payloads, `[DONE]` left out), or `[response]` when not streaming. */
  readonly events: readonly Record<string, unknown>[]
  /** The SSE body ended with `data: [DONE]`. */
  readonly done: boolean
}

export const RECORDED_DIR = join(import.meta.dirname, '../fixtures/providers/recorded')

/** The `data:` payloads of an SSE body, in order (multi-line data joined with `\n`). */
export function sseData(body: string): string[] {
  const out: string[] = []
  for (const block of body.split(/\r?\n\r?\n/)) {
    const lines = block.split(/\r?\n/).filter((l) => l.startsWith('data:'))
    if (lines.length === 0) continue
    out.push(lines.map((l) => l.slice(5).replace(/^ /, '')).join('\n'))
  }
  return out
}

export function loadRecording(adapter: RecordedAdapter, file: string): Recording {
  const raw = readFileSync(join(RECORDED_DIR, adapter, file), 'utf8')
  if (file.endsWith('.sse')) {
    const data = sseData(raw)
    return {
      adapter,
      file,
      format: 'sse',
      raw,
      streaming: true,
      events: data.filter((d) => d !== '[DONE]').map((d) => JSON.parse(d) as Record<string, unknown>),
      done: data.includes('[DONE]'),
    }
  }
  if (file.endsWith('.chunks.txt') || file.endsWith('.ndjson')) {
    const events = raw
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as Record<string, unknown>)
    return { adapter, file, format: file.endsWith('.ndjson') ? 'ndjson' : 'chunks', raw, streaming: true, events, done: false }
  }
  const value = JSON.parse(raw) as unknown
  if (Array.isArray(value)) return { adapter, file, format: 'json', raw, streaming: true, events: value as Record<string, unknown>[], done: false }
  return { adapter, file, format: 'json', raw, streaming: false, events: [value as Record<string, unknown>], done: false }
}

/** Every recording for one adapter, by file name. */
export function recordings(adapter: RecordedAdapter): Recording[] {
  let files: string[]
  try {
    files = readdirSync(join(RECORDED_DIR, adapter))
  } catch {
    return []
  }
  return files
    .filter((f) => /\.(sse|json|ndjson|chunks\.txt)$/.test(f))
    .sort()
    .map((f) => loadRecording(adapter, f))
}

/** A recorded body (SSE by default) as a fetch `Response`, cut into pieces of `size` bytes. */
export function bodyResponse(body: string, contentType = 'text/event-stream', size = 97): Response {
  const bytes = new TextEncoder().encode(body)
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += size) controller.enqueue(bytes.slice(i, i + size))
      controller.close()
    },
  })
  return new Response(stream, { headers: { 'content-type': contentType } })
}
