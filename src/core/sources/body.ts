import type { ReasoningEndReason } from '../model'
import type { ReasoningStore } from '../store'
import type * as Framers from './framers'
import type { Framer } from './framers'
import type * as Reading from './reading'
import { reasonOf } from './quote'
import type { BodyFraming, BodyReader, Disconnect, ResponseLike, SseOptions } from './types'

export type { BodyFraming, BodyReader }


const ACCEPT: Record<BodyFraming, string> = {
  sse: 'text/event-stream',
  ndjson: 'application/x-ndjson',
  json: 'application/json',
}

/** Default `maxEventLength`: above any real event (a whole conversation's MESSAGES_SNAPSHOT), yet bounded. */
const MAX_EVENT_LENGTH = 16 * 1024 * 1024

/** Timers take 32-bit delays; a longer one would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1

const noop = () => {}

/** What reads a response and frames its body (the SSE parser's), once their load has begun (see `run`). */
let modules: Promise<[typeof Reading, typeof Framers]> | undefined

/**
 * Rethrows where the app's error reporting sees it (as the store's batched
 * notifications do), never as an unhandled rejection.
 */
const surface = (error: unknown) => queueMicrotask(() => {
  throw error
})

/**
 * Reads JSON values from a fetch `Response` (or a URL to fetch) into a store
 * through `reader`. Framing is handled by a real parser (`eventsource-parser`
 * for SSE: LF, CRLF and CR line ends, comments, multi-line data, split
 * chunks). Values that are not JSON and malformed lines become `transport`
 * diagnostics; an HTTP error, a wrong content type, a failed or cut
 * connection, an `idleTimeoutMs` without data or an aborted `init.signal` end
 * the stream with the error, once (`endReason` `disconnected`); an aborted `init.signal`
 * ends it as `stopped`. The returned function aborts the request (or cancels the body)
 * and ends the stream as `stopped`.
 */
export function connectBody(
  input: ResponseLike | string | URL,
  store: ReasoningStore,
  options: SseOptions,
  reader: BodyReader,
): Disconnect {
  const { idleTimeoutMs = 0, maxEventLength = MAX_EVENT_LENGTH } = options
  const url = typeof input === 'string' || input instanceof URL ? input : undefined
  // A Response handed in belongs to the caller's own request; `init` is for URLs.
  const external = url === undefined ? undefined : (options.init?.signal ?? undefined)
  const controller = new AbortController()
  /** `running` until the stream ends (the store hears of it once) or the caller disconnects (it does not). */
  let phase: 'running' | 'ended' | 'disconnected' = 'running'
  let response: ResponseLike | undefined = url === undefined ? (input as ResponseLike) : undefined
  let body: ReadableStreamDefaultReader<Uint8Array> | undefined
  let framer: Framer | undefined
  let idle: ReturnType<typeof setTimeout> | undefined

  /** Stops the request and whatever waits on it. */
  const release = () => {
    clearTimeout(idle)
    external?.removeEventListener('abort', onExternalAbort)
    controller.abort()
    // A Response handed in is not tied to our controller: cancel its body directly.
    if (body) body.cancel().catch(noop)
    else if (response?.body && !response.body.locked) response.body.cancel().catch(noop)
  }

  /** Ends the stream once: the store marks what is open `interrupted` for `reason` (and records `error`, if any). */
  const end = (error?: unknown, reason?: ReasoningEndReason) => {
    if (phase !== 'running') return
    phase = 'ended'
    release()
    try {
      framer?.discard()
    } finally {
      store.streamEnded(error, reason)
    }
  }

  /** `end` from a timer or an event listener, where nobody could catch what a store listener throws. */
  const endFromCallback = (error: unknown, reason?: ReasoningEndReason) => {
    try {
      end(error, reason)
    } catch (thrown) {
      surface(thrown)
    }
  }

  /** The caller's own signal fired: the user's stop, no failure. */
  const onExternalAbort = () => endFromCallback(undefined, 'stopped')

  const idleMs = idleTimeoutMs > 0 && idleTimeoutMs <= MAX_TIMER_MS ? idleTimeoutMs : undefined
  /** What the idle clock waits for: the server's bytes, or (once the response is in) the framing's chunk. */
  let waitingFor: 'data' | 'reader' = 'data'
  /** Bytes arrived (or the request went out): the idle clock starts over. */
  const touch = () => {
    if (idleMs === undefined) return
    clearTimeout(idle)
    idle = setTimeout(() => {
      const what = waitingFor === 'reader' ? `The ${reader.framing.toUpperCase()} reader did not load within` : 'No data for'
      endFromCallback(new Error(`${what} ${idleMs / 1000} s (idleTimeoutMs: ${idleMs}); the request was aborted.`))
    }, idleMs)
  }

  const run = async () => {
    if (phase !== 'running') return
    // The framing (and the SSE parser) and what reads the response load on first use, alongside
    // the request: an app that never reads a body does not ship them in its first bundle.
    const loading = (modules ??= Promise.all([import('./reading'), import('./framers')]))
    // A chunk that failed to load is forgotten at once, so the next connection tries again
    // (offline, the request and the chunk fail together; this one may end before it awaits).
    loading.catch(() => {
      if (modules === loading) modules = undefined
    })
    if (external?.aborted) return onExternalAbort()
    external?.addEventListener('abort', onExternalAbort, { once: true })
    touch()
    if (url !== undefined) {
      const fetcher = options.fetch ?? globalThis.fetch
      const headers = new Headers(options.init?.headers)
      if (!headers.has('accept')) headers.set('accept', ACCEPT[reader.framing])
      let fetched: ResponseLike
      try {
        fetched = await fetcher(url, { ...options.init, headers, signal: controller.signal })
      } catch (error) {
        return end(new Error(`The request failed: ${reasonOf(error)}.`, { cause: error }))
      }
      response = fetched
      // Disconnected (or timed out) while the response was on its way: the abort may have come too late for it.
      if (phase !== 'running') return release()
      touch()
    }
    const current = response!
    // Locked at once (as before the reading loaded lazily): a body read twice fails (reading.ts
    // says so), and a disconnect while the reading loads cancels it through `body`.
    let locked: unknown
    try {
      body = current.body?.getReader()
    } catch (error) {
      locked = error
    }
    waitingFor = 'reader'
    let reading: typeof Reading
    let framing: typeof Framers
    try {
      ;[reading, framing] = await loading
    } catch (error) {
      return end(new Error(`The ${reader.framing.toUpperCase()} reader could not be loaded: ${reasonOf(error)}`, { cause: error }))
    }
    // Disconnected (or timed out) while it loaded: `body` was cancelled then.
    if (phase !== 'running') return
    // The load's time does not count against the server.
    waitingFor = 'data'
    touch()
    await reading.readResponse(current, body, locked, {
      reader,
      running: () => phase === 'running',
      report: (message) => {
        if (phase !== 'disconnected') store.report('transport', message)
      },
      maxEventLength,
      end,
      touch,
      framer: (context) => (framer = framing.createFramer(reader.framing, context)),
    })
  }

  run().catch((error: unknown) => {
    // Not the transport: a store listener (`flush: 'sync'`) or `reader` threw.
    // The parser may be mid-chunk, so the stream cannot go on: end it with that
    // error. What the parser holds is no unfinished event then: nothing to discard.
    if (phase === 'running') {
      framer = undefined
      try {
        return end(error)
      } catch (thrown) {
        error = thrown
      }
    }
    surface(error)
  })

  return () => {
    if (phase !== 'running') return
    phase = 'disconnected'
    release()
    store.streamEnded(undefined, 'stopped')
  }
}
