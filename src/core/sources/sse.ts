import type { ReasoningStore } from '../store'
import { connectBody } from './body'
import type { Disconnect, ResponseLike, SseOptions } from './types'

/**
 * Feeds a store from Server-Sent Events carrying one JSON AG-UI event per `data`
 * field — a fetch `Response`, or a URL to fetch. Framing (LF and CRLF, comments,
 * multi-line data, split chunks) is handled by `eventsource-parser`.
 * Data that is not JSON becomes a diagnostic; a failed or cut connection ends
 * the stream with the error. Disconnecting aborts the request or cancels the body.
 */
export function connectSse(input: ResponseLike | string | URL, store: ReasoningStore, options: SseOptions = {}): Disconnect {
  return connectBody(input, store, options, { framing: 'sse', onValue: (event) => store.dispatch(event) })
}
