import type { ReasoningStore } from '../store'

/** Stops feeding the store. Never ends the stream on the producer's side of things. */
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
  /** Request options for URLs (method, headers, body …). `Accept: text/event-stream` is added. */
  readonly init?: RequestInit
}

export type SourceOptions = SseOptions

export type { ReasoningStore }
