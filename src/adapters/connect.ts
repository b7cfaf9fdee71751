import { connectBody, type BodyFraming } from '../core/sources/body'
import type { Disconnect, ResponseLike, SseOptions } from '../core/sources/types'
import type { ReasoningStore } from '../core/store'
import { DONE } from './done'
import type { AgUiEvent, Translator } from './types'

/** All provider events at once (a recorded stream, a non-streaming response's parts): the AG-UI events, ended. */
export function translateAll<P>(translator: Translator<P>, events: Iterable<P>): AgUiEvent[] {
  const out: AgUiEvent[] = []
  for (const event of events) out.push(...translator.push(event))
  out.push(...translator.end())
  return out
}

/** Dispatches what a translator makes of `event` to `store`, and reports what it skipped. */
export function feedTranslator<P>(translator: Translator<P>, store: ReasoningStore, event: P): void {
  const before = translator.diagnostics.length
  for (const e of translator.push(event)) store.dispatch(e)
  reportFrom(translator, store, before)
}

function reportFrom(translator: Translator<unknown>, store: ReasoningStore, from: number): void {
  for (const d of translator.diagnostics.slice(from)) store.report('adapter', `Provider event #${d.index}: ${d.message}`)
}

export interface ProviderStreamOptions extends SseOptions {
  /** How the provider frames its events. Default `'sse'`. */
  readonly framing?: BodyFraming
}

/** How a format reads its stream, beyond the caller's options. */
interface StreamFormat {
  /** Push `DONE` (`./done`) to the translator where the SSE stream says `data: [DONE]`; otherwise it is dropped. */
  readonly done?: boolean
}

/**
 * Reads a provider's stream from a fetch `Response` (or a URL to fetch, with
 * `init` for the method, headers and body) through `translator` into `store`:
 * each provider event becomes AG-UI events, skipped events become `adapter`
 * diagnostics, and the end of the body ends the translator (a stream cut short
 * leaves its reasoning interrupted). Returns the function that aborts.
 */
export function connectProviderStream<P>(
  input: ResponseLike | string | URL,
  store: ReasoningStore,
  translator: Translator<P>,
  options: ProviderStreamOptions = {},
): Disconnect {
  return readProviderStream(input, store, translator, options, {})
}

function readProviderStream<P>(
  input: ResponseLike | string | URL,
  store: ReasoningStore,
  translator: Translator<P>,
  options: ProviderStreamOptions,
  format: StreamFormat,
): Disconnect {
  const { framing = 'sse', ...sse } = options
  let ended = false
  const end = () => {
    if (ended) return
    ended = true
    const before = translator.diagnostics.length
    for (const e of translator.end()) store.dispatch(e)
    reportFrom(translator, store, before)
  }
  const disconnect = connectBody(input, store, sse, {
    framing,
    onValue: (value) => feedTranslator(translator, store, value as P),
    ...(format.done && { onDone: () => feedTranslator(translator, store, DONE as P) }),
    onEnd: end,
  })
  return disconnect
}

/**
 * An adapter's `connect…`: splits `options` into the stream's (`framing`,
 * `fetch`, `init`, `idleTimeoutMs`, `maxEventLength`) and the translator's, then
 * `connectProviderStream`.
 */
export function connectAdapter<O extends object>(
  make: (options: O) => Translator<unknown>,
  framing: ProviderStreamOptions['framing'],
  input: ResponseLike | string | URL,
  store: ReasoningStore,
  options: O & ProviderStreamOptions,
  format: StreamFormat = {},
): Disconnect {
  const { framing: chosen = framing, fetch, init, idleTimeoutMs, maxEventLength, ...translator } = options
  return readProviderStream(input, store, make(translator as unknown as O), {
    ...(chosen !== undefined && { framing: chosen }),
    ...(fetch !== undefined && { fetch }),
    ...(init !== undefined && { init }),
    ...(idleTimeoutMs !== undefined && { idleTimeoutMs }),
    ...(maxEventLength !== undefined && { maxEventLength }),
  }, format)
}
