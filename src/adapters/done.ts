/**
 * `data: [DONE]`: OpenAI-style SSE streams (chat completions, the AI SDK UI
 * message stream) end with it, the producer's word that the stream is
 * complete. The SSE framing drops it (it is not JSON), so a translator could
 * not tell a finished stream from a body closed early; this watches the body
 * for that line and, at the end, pushes `'[DONE]'` to the translator before
 * `end()`.
 */
import type { Disconnect, ResponseLike } from '../core/sources/types'
import type { ReasoningStore } from '../core/store'
import { connectAdapter, type ProviderStreamOptions } from './connect'
import type { Translator } from './types'

/** The sentinel a translator receives (as a pushed value) when the stream said `[DONE]`. */
export const DONE = '[DONE]'

const DONE_LINE = /^data: ?\[DONE\]\s*$/

/** A copy of `response` whose body is read through a scan for the `[DONE]` line. */
function watch(response: ResponseLike, seen: () => void): ResponseLike {
  const body = response.body
  // A body read before is left for the reader to refuse.
  if (!body || body.locked) return response
  const decoder = new TextDecoder()
  /** The start of the current line: enough to tell it from `data: [DONE]`. */
  let line = ''
  const scan = (text: string, final: boolean) => {
    const lines = text.split(/[\r\n]/)
    lines.forEach((piece, i) => {
      // Longer than the sentinel line is not the sentinel: only its start is kept.
      line = (line + piece.slice(0, 16)).slice(0, 16)
      if (i === lines.length - 1 && !final) return
      if (DONE_LINE.test(line)) seen()
      line = ''
    })
  }
  return {
    ok: response.ok,
    status: response.status,
    ...(response.statusText !== undefined && { statusText: response.statusText }),
    ...(response.headers !== undefined && { headers: response.headers }),
    body: body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          controller.enqueue(chunk)
          scan(decoder.decode(chunk, { stream: true }), false)
        },
        flush() {
          scan(decoder.decode(), true)
        },
      }),
    ),
  }
}

/**
 * `connectAdapter` for an SSE format that ends with `data: [DONE]`: the
 * translator made by `make` receives `'[DONE]'` just before `end()` when the
 * body carried it.
 */
export function connectWatchingDone<O extends object>(
  make: (options: O) => Translator<unknown>,
  input: ResponseLike | string | URL,
  store: ReasoningStore,
  options: O & ProviderStreamOptions,
): Disconnect {
  let done = false
  const seen = () => {
    done = true
  }
  const watched = (o: O): Translator<unknown> => {
    const t = make(o)
    return {
      push: (event) => t.push(event),
      end: () => [...(done ? t.push(DONE) : []), ...t.end()],
      get diagnostics() {
        return t.diagnostics
      },
    }
  }
  if (typeof input !== 'string' && !(input instanceof URL)) return connectAdapter(watched, 'sse', watch(input, seen), store, options)
  const { fetch } = options
  const fetcher = (async (url: string | URL | Request, init?: RequestInit) =>
    watch(await (fetch ?? globalThis.fetch)(url, init), seen)) as unknown as typeof globalThis.fetch
  return connectAdapter(watched, 'sse', input, store, { ...options, fetch: fetcher })
}
