import type { ReasoningStore } from '../store'
import { connectAgent } from './agent'
import { connectAsyncIterable } from './async-iterable'
import { connectObservable } from './observable'
import { connectBody } from './body'
import { connectSse } from './sse'
import type { AgentLike, Disconnect, ObservableLike, ReasoningSource, ResponseLike, SourceOptions } from './types'

const isObject = (value: unknown): value is Record<string | symbol, unknown> =>
  (typeof value === 'object' || typeof value === 'function') && value !== null

export const isAgentLike = (value: unknown): value is AgentLike =>
  isObject(value) && typeof value.subscribe === 'function' && typeof value.runAgent === 'function'

export const isObservableLike = (value: unknown): value is ObservableLike =>
  isObject(value) && typeof value.subscribe === 'function'

export const isResponseLike = (value: unknown): value is ResponseLike =>
  isObject(value) && typeof value.ok === 'boolean' && typeof value.status === 'number' && 'body' in value

const isAsyncIterable = (value: unknown): value is AsyncIterable<unknown> =>
  isObject(value) && typeof value[Symbol.asyncIterator] === 'function'

/**
 * Connects any supported source to a store and returns the function that
 * disconnects it: an `@ag-ui/client` agent, an Observable-like, an async
 * iterable, a fetch `Response` carrying SSE, or a URL to fetch.
 */
export function connectSource(source: ReasoningSource, store: ReasoningStore, options: SourceOptions = {}): Disconnect {
  if (typeof source === 'string' || source instanceof URL) return connectSse(source, store, options)
  if (isAgentLike(source)) return connectAgent(source, store)
  if (isResponseLike(source)) return connectSse(source, store, options)
  if (isObservableLike(source)) return connectObservable(source, store)
  if (isAsyncIterable(source)) return connectAsyncIterable(source, store)
  // The sentence in development; in production two words (docs/performance.md, "Size").
  store.report('transport', process.env.NODE_ENV !== 'production' ? 'The source is not an agent, Observable, async iterable, Response or URL; nothing was connected.' : 'unsupported source')
  return () => {}
}

export { connectAgent, connectAsyncIterable, connectBody, connectObservable, connectSse }
export type { AgentLike, Disconnect, ObservableLike, ReasoningSource, ResponseLike, SourceOptions }
export type { SseOptions } from './types'
export type { BodyFraming, BodyReader } from './body'
