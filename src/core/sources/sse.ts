import { createParser } from 'eventsource-parser'
import type { ReasoningStore } from '../store'
import type { Disconnect, ResponseLike, SseOptions } from './types'

/**
 * Feeds a store from Server-Sent Events carrying one JSON AG-UI event per `data`
 * field — a fetch `Response`, or a URL to fetch. Framing (LF and CRLF, comments,
 * multi-line data, split chunks) is handled by `eventsource-parser`.
 * Data that is not JSON becomes a diagnostic; a failed or cut connection ends
 * the stream with the error. Disconnecting aborts the request or cancels the body.
 */
export function connectSse(input: ResponseLike | string | URL, store: ReasoningStore, options: SseOptions = {}): Disconnect {
  const controller = new AbortController()
  let active = true
  void (async () => {
    let response: ResponseLike
    if (typeof input === 'string' || input instanceof URL) {
      const fetcher = options.fetch ?? globalThis.fetch
      const headers = new Headers(options.init?.headers)
      if (!headers.has('accept')) headers.set('accept', 'text/event-stream')
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
    await readSse(response, store, controller.signal, () => active)
  })()
  return () => {
    active = false
    controller.abort()
  }
}

async function readSse(response: ResponseLike, store: ReasoningStore, signal: AbortSignal, isActive: () => boolean) {
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
  const parser = createParser({
    onEvent: (message) => {
      received++
      if (!message.data) return
      let event: unknown
      try {
        event = JSON.parse(message.data)
      } catch {
        store.report('transport', `SSE event #${received} is not JSON and was skipped: ${JSON.stringify(message.data.slice(0, 80))}`)
        return
      }
      store.dispatch(event)
    },
    onError: (error) => store.report('transport', `Malformed SSE framing: ${error.message}`),
  })
  const reader = response.body.getReader()
  const onAbort = () => void reader.cancel().catch(() => {})
  signal.addEventListener('abort', onAbort, { once: true })
  const decoder = new TextDecoder()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (!isActive()) return
      if (done) break
      parser.feed(decoder.decode(value, { stream: true }))
    }
    // An event still missing its blank line at the end is discarded, as the SSE spec says.
    parser.feed(decoder.decode())
    store.streamEnded()
  } catch (error) {
    if (isActive()) store.streamEnded(error)
  } finally {
    signal.removeEventListener('abort', onAbort)
  }
}
