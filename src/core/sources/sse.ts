import type { ReasoningStore } from '../store'
import { connectBody } from './body'
import type { Disconnect, ResponseLike, SseOptions } from './types'

/**
 * Feeds a store from Server-Sent Events carrying one JSON AG-UI event per `data`
 * field — a fetch `Response`, or a URL to fetch. Framing (LF, CRLF and CR line
 * ends, comments, multi-line data, split chunks) is handled by `eventsource-parser`.
 * Data that is not JSON and malformed lines become `transport` diagnostics. An
 * HTTP error, a content type other than `text/event-stream`, a failed or cut
 * connection or `idleTimeoutMs` without a byte end the stream with the error: what
 * was open becomes `interrupted` (`endReason` `disconnected`), its text kept.
 * There is no reconnection. Disconnecting, or aborting `init.signal`, is the user's
 * stop: it aborts the request or cancels the body and ends the stream as `stopped`.
 */
export function connectSse(input: ResponseLike | string | URL, store: ReasoningStore, options: SseOptions = {}): Disconnect {
  return connectBody(input, store, options, { framing: 'sse', onValue: (event) => store.dispatch(event) })
}
