import { createParser } from 'eventsource-parser'
import type { ReasoningStore } from '../store'
import type { Disconnect, ResponseLike, SseOptions } from './types'

/** How JSON values are laid out in a response body. */
export type BodyFraming = 'sse' | 'ndjson' | 'json'

export interface BodyReader {
  readonly framing: BodyFraming
  /**
   * One JSON value: an SSE `data` field, an NDJSON line, or (`json`) the whole
   * body, or each element when the body is an array.
   */
  readonly onValue: (value: unknown) => void
  /** The body ended cleanly; called just before `store.streamEnded()`. */
  readonly onEnd?: () => void
}

const ACCEPT: Record<BodyFraming, string> = {
  sse: 'text/event-stream',
  ndjson: 'application/x-ndjson',
  json: 'application/json',
}

/**
 * Reads JSON values from a fetch `Response` (or a URL to fetch) into a store
 * through `reader`. Framing is handled by a real parser (`eventsource-parser`
 * for SSE: LF and CRLF, comments, multi-line data, split chunks). Values that
 * are not JSON become `transport` diagnostics; a failed or cut connection ends
 * the stream with the error. The returned function aborts the request.
 */
export function connectBody(
  input: ResponseLike | string | URL,
  store: ReasoningStore,
  options: SseOptions,
  reader: BodyReader,
): Disconnect {
  const controller = new AbortController()
  let active = true
  void (async () => {
    let response: ResponseLike
    if (typeof input === 'string' || input instanceof URL) {
      const fetcher = options.fetch ?? globalThis.fetch
      const headers = new Headers(options.init?.headers)
      if (!headers.has('accept')) headers.set('accept', ACCEPT[reader.framing])
      try {
        response = await fetcher(input, { ...options.init, headers, signal: controller.signal })
      } catch (error) {
        if (active) store.streamEnded(error)
        return
      }
    } else {
      response = input
    }
    if (!active) return
    await pump(response, store, controller.signal, () => active, reader)
  })()
  return () => {
    active = false
    controller.abort()
  }
}

async function pump(response: ResponseLike, store: ReasoningStore, signal: AbortSignal, isActive: () => boolean, reader: BodyReader) {
  if (!response.ok) {
    const reason = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`
    store.report('transport', `The event stream could not be opened: ${reason}.`)
    store.streamEnded(new Error(reason))
    return
  }
  if (!response.body) {
    store.streamEnded(new Error('The response has no body.'))
    return
  }
  let received = 0
  const parse = (data: string, what: string) => {
    received++
    try {
      return { value: JSON.parse(data) as unknown }
    } catch {
      store.report('transport', `${what} #${received} is not JSON and was skipped: ${JSON.stringify(data.slice(0, 80))}`)
      return undefined
    }
  }
  let feed: (text: string) => void
  let flush: () => void
  if (reader.framing === 'sse') {
    const parser = createParser({
      onEvent: (message) => {
        // `[DONE]` ends OpenAI-style streams; it carries no event.
        if (!message.data || message.data === '[DONE]') return
        const parsed = parse(message.data, 'SSE event')
        if (parsed) reader.onValue(parsed.value)
      },
      onError: (error) => store.report('transport', `Malformed SSE framing: ${error.message}`),
    })
    feed = (text) => parser.feed(text)
    // An event still missing its blank line at the end is discarded, as the SSE spec says.
    flush = () => {}
  } else if (reader.framing === 'ndjson') {
    let pending = ''
    const line = (raw: string) => {
      const trimmed = raw.trim()
      if (!trimmed) return
      const parsed = parse(trimmed, 'NDJSON line')
      if (parsed) reader.onValue(parsed.value)
    }
    feed = (text) => {
      pending += text
      const lines = pending.split('\n')
      pending = lines.pop()!
      lines.forEach(line)
    }
    flush = () => line(pending)
  } else {
    let whole = ''
    feed = (text) => {
      whole += text
    }
    flush = () => {
      const parsed = parse(whole, 'JSON body')
      if (!parsed) return
      if (Array.isArray(parsed.value)) parsed.value.forEach((v) => reader.onValue(v))
      else reader.onValue(parsed.value)
    }
  }
  const body = response.body.getReader()
  const onAbort = () => void body.cancel().catch(() => {})
  signal.addEventListener('abort', onAbort, { once: true })
  const decoder = new TextDecoder()
  try {
    for (;;) {
      const { done, value } = await body.read()
      if (!isActive()) return
      if (done) break
      feed(decoder.decode(value, { stream: true }))
    }
    feed(decoder.decode())
    flush()
    reader.onEnd?.()
    store.streamEnded()
  } catch (error) {
    if (isActive()) store.streamEnded(error)
  } finally {
    signal.removeEventListener('abort', onAbort)
  }
}
