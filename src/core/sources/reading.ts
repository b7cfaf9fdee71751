import type { Framer, FramerContext } from './framers'
import { quote, reasonOf } from './quote'
import type { BodyReader, ResponseLike } from './types'

/**
 * What reads a response once it is in (its status and content type, an error's first bytes, the
 * body through the framing): loaded by `connectBody` with `import()` alongside the request and the
 * framing, so that an app that never reads a body does not ship it in its first bundle.
 */

/** What `connectBody` lends the reading: its stream's state and ends. */
export interface Session {
  readonly reader: BodyReader
  readonly maxEventLength: number
  /** The stream is still running: neither ended nor disconnected. */
  running(): boolean
  /** A `transport` diagnostic (none after a disconnect). */
  report(message: string): void
  /** Ends the stream, once (see `connectBody`). */
  end(error?: unknown): void
  /** Bytes arrived: the idle clock starts over. */
  touch(): void
  /** Makes the framer (which `connectBody` discards when the stream ends). */
  framer(context: FramerContext): Framer
}

/** How long an HTTP error's body gets to show its first bytes for the diagnostic: the status alone must not wait on it. */
const EXCERPT_WAIT_MS = 250

/** `promise`, or `undefined` once `ms` have passed. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms)
  })
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer))
}

/** The first bytes of an error's body, whitespace folded, for the diagnostic; `''` if none come soon. */
async function excerptOf(body: ReadableStreamDefaultReader<Uint8Array> | undefined): Promise<string> {
  if (body === undefined) return ''
  const chunk = await within(body.read(), EXCERPT_WAIT_MS).catch(() => undefined)
  if (!chunk || chunk.done) return ''
  return new TextDecoder().decode(chunk.value).replace(/\s+/g, ' ').trim()
}

/**
 * Reads `response` (its body locked by `connectBody` as `body`, or not lockable: `locked`, the
 * error) into the session's reader: an HTTP error or a wrong content type ends the stream with
 * the status and the body's first bytes; else the body's text goes through the framing until it
 * ends, breaks or the session stops running.
 */
export async function readResponse(
  response: ResponseLike,
  body: ReadableStreamDefaultReader<Uint8Array> | undefined,
  locked: unknown,
  session: Session,
): Promise<void> {
  const { reader, end } = session
  const status = `${response.status}${response.statusText ? ` ${response.statusText}` : ''}`
  const type = response.headers?.get('content-type') ?? undefined
  const wrongType = reader.framing === 'sse' && type !== undefined && !/^\s*text\/event-stream\s*(;|$)/i.test(type)
  if (!response.ok || wrongType) {
    const what = response.ok
      ? `Expected an event stream (text/event-stream), got ${status} with content-type ${type}`
      : `HTTP ${status}${type ? ` (${type})` : ''}`
    const excerpt = await excerptOf(body)
    return end(new Error(excerpt ? `${what}: ${quote(excerpt)}` : what))
  }
  if (!response.body) return end(new Error('The response has no body.'))
  if (body === undefined) return end(new Error(`The response body cannot be read (was it read before?): ${reasonOf(locked)}`))
  const framer = session.framer({
    // A listener may disconnect in the middle of a chunk: nothing after that reaches the store.
    value: (value) => {
      if (session.running()) reader.onValue(value)
    },
    done: () => {
      if (session.running()) reader.onDone?.()
    },
    report: session.report,
    maxEventLength: session.maxEventLength,
  })
  const decoder = new TextDecoder()
  let bytes = 0
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>
    try {
      chunk = await body.read()
    } catch (error) {
      return end(new Error(`The connection broke after ${bytes} bytes: ${reasonOf(error)}.`, { cause: error }))
    }
    if (!session.running()) return
    if (chunk.done) break
    bytes += chunk.value.byteLength
    session.touch()
    framer.feed(decoder.decode(chunk.value, { stream: true }))
  }
  framer.feed(decoder.decode())
  framer.flush()
  if (!session.running()) return
  reader.onEnd?.()
  end()
}
