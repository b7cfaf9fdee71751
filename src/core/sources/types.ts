import type { ReasoningStore } from '../store'

/**
 * The user's stop: stops feeding the store and, if the stream was still running, ends it
 * with `endReason` `stopped` (what was open becomes `interrupted`, its text kept, no
 * failure). Calling it again, or after the stream ended, changes nothing.
 */
export type Disconnect = () => void

/** What `@ag-ui/client`'s `AbstractAgent` offers: the subscriber API. */
export interface AgentLike {
  subscribe(subscriber: {
    onEvent?: (params: { event: unknown }) => void
    onRunFailed?: (params: { error: unknown }) => void
    onRunFinalized?: () => void
  }): { unsubscribe(): void }
  runAgent(...args: never[]): unknown
}

/** Anything with an RxJS-style `subscribe` (e.g. `agent.run(input)`, which yields raw events). */
export interface ObservableLike<T = unknown> {
  subscribe(observer: {
    next?: (value: T) => void
    error?: (error: unknown) => void
    complete?: () => void
  }): { unsubscribe(): void } | (() => void)
}

/** A fetch `Response` (or anything shaped like one) whose body carries AG-UI events as SSE. */
export interface ResponseLike {
  readonly ok: boolean
  readonly status: number
  readonly statusText?: string
  /** When present, its `Content-Type` is checked: an SSE body must be `text/event-stream` if it says anything. */
  readonly headers?: { get(name: string): string | null }
  readonly body: ReadableStream<Uint8Array> | null
}

/** Anything `useReasoningStream` and `connectSource` can read events from. */
export type ReasoningSource =
  | AgentLike
  | ObservableLike
  | AsyncIterable<unknown>
  | ResponseLike
  | string
  | URL

export interface SseOptions {
  /** The fetch to use for URLs. Default `globalThis.fetch`. */
  readonly fetch?: typeof globalThis.fetch
  /**
   * Request options for URLs (method, headers, body, signal …). `Accept: text/event-stream`
   * is added. Aborting `init.signal` is the user's stop: it aborts the request and ends
   * the stream with `endReason` `stopped` (what was open becomes `interrupted`, no failure).
   */
  readonly init?: RequestInit
  /**
   * Milliseconds without a single byte (event, comment or heartbeat), counted from the
   * request on, after which the request is aborted and the stream ends with a
   * `transport` diagnostic ("No data for N s"); what was open becomes `interrupted`.
   * Default: off (`undefined` or `0`). A reasoning model can think silently for
   * minutes, so set it only a few times above the heartbeat interval of a server that
   * sends SSE comments (`: ping`) while it waits.
   */
  readonly idleTimeoutMs?: number
  /**
   * The longest SSE event, in characters (UTF-16 code units), that is held while it
   * arrives; a longer one is skipped up to its end with a `transport` diagnostic, so a
   * server that never ends a line cannot exhaust memory. Default 16 Mi (16,777,216),
   * far above any real event.
   */
  readonly maxEventLength?: number
}

export type SourceOptions = SseOptions

export type { ReasoningStore }

/** How JSON values are laid out in a response body. */
export type BodyFraming = 'sse' | 'ndjson' | 'json'

/** What `connectBody` hands the values of a body to (an adapter's translator, or the store). */
export interface BodyReader {
  readonly framing: BodyFraming
  /**
   * One JSON value: an SSE `data` field, an NDJSON line, or (`json`) the whole
   * body, or each element when the body is an array.
   */
  readonly onValue: (value: unknown) => void
  /** SSE `data: [DONE]` arrived (OpenAI-style streams end with it), in order among the values. */
  readonly onDone?: () => void
  /** The body ended cleanly; called just before `store.streamEnded()`. */
  readonly onEnd?: () => void
}
