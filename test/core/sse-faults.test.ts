// @vitest-environment node
/**
 * Faults (issue 6): `connectSse` against a real `node:http` server on port 0,
 * read with the real `fetch`. The server drops the connection (between events
 * and inside one), stalls, sends garbage, frames with LF, CRLF or CR only split
 * at every byte (inside multi-byte characters too), answers HTTP errors and
 * closes without RUN_FINISHED. Whatever happens: blocks end `interrupted` with
 * every character that arrived, `diagnostics` say what happened, nothing rejects
 * unhandled, and `disconnect()` aborts the request at any moment without throwing.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { connectSse, createReasoningStore, type ReasoningEndReason, type ReasoningState, type ReasoningStore, type SseOptions } from '../../src/core/index'

// ─── The server ──────────────────────────────────────────────────────────────

type Handler = (res: ServerResponse, req: IncomingMessage) => Promise<void> | void

interface Route {
  readonly url: string
  /** Resolves when the request reached the server. */
  readonly requested: Promise<void>
  /** Resolves when the response closed: `true` if before the handler finished it (the client went away, or the socket was cut). */
  readonly closed: Promise<boolean>
}

const handlers = new Map<string, (req: IncomingMessage, res: ServerResponse) => void>()
/** Responses the server has started and not yet closed: every test must leave none behind. */
const open = new Set<ServerResponse>()
const server = createServer((req, res) => {
  const handle = handlers.get(req.url ?? '')
  handlers.delete(req.url ?? '')
  if (handle) handle(req, res)
  else res.writeHead(410).end()
})
let origin = ''
let routes = 0

/** A one-request route served by `handler`. */
function route(handler: Handler): Route {
  const path = `/run/${++routes}`
  let requested!: () => void
  let closed!: (early: boolean) => void
  const result = {
    url: origin + path,
    requested: new Promise<void>((resolve) => (requested = resolve)),
    closed: new Promise<boolean>((resolve) => (closed = resolve)),
  }
  handlers.set(path, (req, res) => {
    requested()
    open.add(res)
    req.socket.setNoDelay(true)
    res.on('close', () => {
      open.delete(res)
      closed(!res.writableFinished)
    })
    // A write after the client went away fails: that is the client's right.
    void (async () => handler(res, req))().catch(() => {})
  })
  return result
}

const SSE_HEAD = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' }

/** Writes a chunk and resolves once it was handed to the socket (or the response is gone). */
function send(res: ServerResponse, chunk: string | Uint8Array): Promise<void> {
  return new Promise((resolve) => {
    if (res.destroyed) return resolve()
    res.once('close', resolve)
    res.write(chunk, () => resolve())
  })
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Cuts the connection the hard way: no terminating chunk, no FIN of the HTTP message. */
const drop = (res: ServerResponse) => void res.socket?.destroy()

// ─── The client ──────────────────────────────────────────────────────────────

interface Watched {
  readonly store: ReasoningStore
  /** Resolves with the error (if any) and the reason the first time the source ends the stream. */
  readonly ended: Promise<{ error: unknown; reason: ReasoningEndReason | undefined }>
  /** How often the source ended the stream (must never exceed 1). */
  readonly endings: () => number
}

/** A store (sync notifications) that tells when, how and how often its stream was ended. */
function watched(): Watched {
  const store = createReasoningStore({ flush: 'sync' })
  let endings = 0
  const end = store.streamEnded
  const ended = new Promise<{ error: unknown; reason: ReasoningEndReason | undefined }>((resolve) => {
    store.streamEnded = (error, reason) => {
      endings++
      end(error, reason)
      resolve({ error, reason })
    }
  })
  return { store, ended, endings: () => endings }
}

/** What the faults must preserve: per block its status and all its text; the run's status; diagnostic codes. */
const summary = (state: ReasoningState) => ({
  blocks: state.blocks.map((b) => ({ id: b.id, status: b.status, text: b.messages.map((m) => m.text).join('') })),
  run: state.runs[0]?.status,
})
const codes = (store: ReasoningStore) => store.getState().diagnostics.map((d) => d.code)
const messages = (store: ReasoningStore) => store.getState().diagnostics.map((d) => d.message)

/** The oracle: exactly the first `n` events dispatched, then the stream ended (with `error`). */
function expectedAfter(events: readonly object[], n: number, error?: unknown) {
  const store = createReasoningStore({ flush: 'sync' })
  events.slice(0, n).forEach((e) => store.dispatch(e))
  store.streamEnded(error)
  return summary(store.getState())
}

/** Runs `task` over `items`, `size` at a time (hundreds of connections, not thousands at once). */
async function inBatches<T, R>(items: readonly T[], size: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = []
  for (let i = 0; i < items.length; i += size) results.push(...await Promise.all(items.slice(i, i + size).map(task)))
  return results
}

// ─── Unhandled rejections, leaked connections ────────────────────────────────

const rejections: unknown[] = []
const onRejection = (reason: unknown) => void rejections.push(reason)

beforeAll(async () => {
  process.on('unhandledRejection', onRejection)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterEach(async () => {
  // Give late rejections (a read failing after the test was done with it) a chance to show.
  await pause(20)
  expect(rejections).toEqual([])
  // Every response the server started has closed: nothing keeps reading (or waiting) in the background.
  // Leftovers are cut anyway, so that one leak fails one test, not every test after it.
  const leaked = await vi.waitFor(() => {
    if (open.size > 0) throw new Error('still open')
  }).then(() => 0, () => open.size)
  for (const res of open) res.destroy()
  expect(leaked, 'responses still open after the test').toBe(0)
})

afterAll(async () => {
  process.off('unhandledRejection', onRejection)
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

// ─── Fixtures ────────────────────────────────────────────────────────────────

const RUN_STARTED = { type: 'RUN_STARTED', threadId: 't', runId: 'r' }
const RUN_FINISHED = { type: 'RUN_FINISHED', threadId: 't', runId: 'r' }
const content = (delta: string, messageId = 'm') => ({ type: 'REASONING_MESSAGE_CONTENT', messageId, delta })

/** Short, so that every byte of it can be a cut point; multi-byte characters of 2, 3 and 4 bytes. */
const SHORT = [
  RUN_STARTED,
  { type: 'REASONING_MESSAGE_START', messageId: 'm', role: 'reasoning' },
  content('é🧠'),
  content('✓ ok'),
  { type: 'REASONING_MESSAGE_END', messageId: 'm' },
  RUN_FINISHED,
]

const DELTAS = ['Café: ', '3 € — ', 'the 🧠 says ✓\n', 'done.']
const LONG = [
  RUN_STARTED,
  { type: 'REASONING_START', messageId: 's' },
  { type: 'REASONING_MESSAGE_START', messageId: 'm', role: 'reasoning' },
  ...DELTAS.map((d) => content(d)),
  { type: 'REASONING_MESSAGE_END', messageId: 'm' },
  { type: 'REASONING_END', messageId: 's' },
  RUN_FINISHED,
]
/** LONG up to and including its third delta: the run and the block open. */
const MID = 6
const MID_TEXT = DELTAS.slice(0, 3).join('')

const EOLS = { lf: '\n', crlf: '\r\n', cr: '\r' } as const
type Eol = keyof typeof EOLS

/**
 * One SSE frame per event, with a comment before it; the third event's JSON is
 * spread over two `data` lines (SSE joins them with a newline, which JSON allows between members).
 */
function frame(event: object, index: number, eol: Eol): string {
  const n = EOLS[eol]
  const json = JSON.stringify(event)
  const cut = json.indexOf(',') + 1
  const data = index === 2 ? `data: ${json.slice(0, cut)}${n}data: ${json.slice(cut)}` : `data: ${json}`
  return `: tick ${index}${n}${data}${n}${n}`
}

const utf8 = new TextEncoder()
const sse = (events: readonly object[], eol: Eol = 'lf') => events.map((e, i) => frame(e, i, eol)).join('')

/**
 * The body's bytes and, per event, the byte count after which the client has all
 * it needs to dispatch it: the CR of a CRLF blank line already ends it (a CR
 * alone is an end of line), so the last LF is not needed.
 */
function encoded(events: readonly object[], eol: Eol) {
  const ends: number[] = []
  let length = 0
  events.forEach((e, i) => {
    length += utf8.encode(frame(e, i, eol)).length
    ends.push(eol === 'crlf' ? length - 1 : length)
  })
  return { bytes: utf8.encode(sse(events, eol)), ends }
}

/** Streams `events` as SSE and keeps the response open until `until` resolves. */
const streamThen = (body: string | Uint8Array, then: (res: ServerResponse) => Promise<void> | void): Handler => async (res) => {
  res.writeHead(200, SSE_HEAD)
  await send(res, body)
  await then(res)
}

// ─── (d) Framing: LF, CRLF, CR only, split at every byte ─────────────────────

describe('framing split at every byte boundary', () => {
  it.each(Object.keys(EOLS) as Eol[])('given %s framing cut into two writes at every byte, should apply every event', async (eol) => {
    const { bytes } = encoded(SHORT, eol)
    const cuts = Array.from({ length: bytes.length - 1 }, (_, i) => i + 1)
    const expected = expectedAfter(SHORT, SHORT.length)
    const results = await inBatches(cuts, 100, async (at) => {
      const { store, ended } = watched()
      const { url } = route(async (res) => {
        res.writeHead(200, SSE_HEAD)
        await send(res, bytes.slice(0, at))
        // Long enough for the client to read the first part on its own.
        await pause(5)
        await send(res, bytes.slice(at))
        res.end()
      })
      connectSse(url, store)
      await ended
      return { at, ...summary(store.getState()), diagnostics: messages(store) }
    })
    expect(results).toEqual(cuts.map((at) => ({ at, ...expected, diagnostics: [] })))
  }, 60_000)

  it.each(Object.keys(EOLS) as Eol[])('given %s framing one byte per write, should apply every event', async (eol) => {
    const { bytes } = encoded(LONG, eol)
    const { store, ended } = watched()
    const { url } = route(async (res) => {
      res.writeHead(200, SSE_HEAD)
      for (let i = 0; i < bytes.length; i++) {
        await send(res, bytes.slice(i, i + 1))
        if (i % 8 === 0) await pause(0)
      }
      res.end()
    })
    connectSse(url, store)
    await ended
    expect(summary(store.getState())).toEqual(expectedAfter(LONG, LONG.length))
    expect(store.getState().diagnostics).toEqual([])
  })

  it.each(Object.keys(EOLS) as Eol[])('given %s framing and a stall right after an event, should apply that event without waiting for more bytes', async (eol) => {
    // The last event's blank line ends in CR for `cr`: a parser waiting to see whether an LF follows would hold it back.
    const { store } = watched()
    const { url, closed } = route(streamThen(sse(LONG.slice(0, MID), eol), () => pause(10_000)))
    const disconnect = connectSse(url, store)
    await vi.waitFor(() => expect(store.getState().blocks[0]?.messages[0]?.text).toBe(MID_TEXT))
    disconnect()
    expect(await closed).toBe(true)
  })
})

// ─── (a) dropped connections and (f) clean closes, at every byte ─────────────

describe('the connection ends early, at every byte', () => {
  it.each(Object.keys(EOLS) as Eol[])('given %s framing cut (socket destroyed, or a clean end) after every byte, should keep every event that arrived and say what happened', async (eol) => {
    const { bytes, ends } = encoded(SHORT, eol)
    const cases = Array.from({ length: bytes.length - 1 }, (_, i) => i + 1).flatMap((at) => [{ at, how: 'drop' as const }, { at, how: 'close' as const }])
    const decoder = new TextDecoder()
    const expected = cases.map(({ at, how }) => {
      const complete = ends.filter((end) => end <= at).length
      const lastEnd = complete === 0 ? 0 : ends[complete - 1]!
      // An unfinished event with data in it is discarded, and said so.
      const partial = /(^|[\r\n])data: [^\r\n]/.test(decoder.decode(bytes.slice(lastEnd, at)))
      // Truncated: the run had started and not finished.
      const truncated = complete > 0 && complete < SHORT.length
      return {
        at, how,
        ...expectedAfter(SHORT, complete, how === 'drop' ? new Error('cut') : undefined),
        codes: [...(partial ? ['transport'] : []), ...(how === 'drop' ? ['transport'] : []), ...(truncated ? ['stream-truncated'] : [])],
        failure: how === 'drop' ? `The connection broke after ${at} bytes: terminated (other side closed).` : undefined,
        partial,
      }
    })
    const results = await inBatches(cases, 100, async ({ at, how }) => {
      const { store, ended, endings } = watched()
      const { url } = route(async (res) => {
        res.writeHead(200, SSE_HEAD)
        await send(res, bytes.slice(0, at))
        if (how === 'drop') drop(res)
        else res.end()
      })
      connectSse(url, store)
      await ended
      expect(endings()).toBe(1)
      const state = store.getState()
      return {
        at, how, ...summary(state), codes: codes(store), failure: state.failure,
        partial: state.diagnostics.some((d) => /unfinished SSE event/.test(d.message)),
      }
    })
    expect(results).toEqual(expected)
  }, 60_000)

  it('given a drop mid-reasoning, should interrupt the run and the block with all their text and name the cut', async () => {
    const { store, ended } = watched()
    const { url } = route(streamThen(sse(LONG.slice(0, MID)), drop))
    connectSse(url, store)
    await ended
    const state = store.getState()
    expect(summary(state)).toEqual({ blocks: [{ id: 's', status: 'interrupted', text: MID_TEXT }], run: 'interrupted' })
    expect(state.failure).toMatch(/^The connection broke after \d+ bytes: terminated \(other side closed\)\.$/)
    expect(state.diagnostics.map((d) => [d.code, d.message])).toEqual([
      ['transport', `The stream failed: ${state.failure}`],
      ['stream-truncated', expect.stringMatching(/run 'r' had not finished.*interrupted, text kept/)],
    ])
  })

  it('given a drop in the middle of an event, should keep what came before and quote the discarded part', async () => {
    const { store, ended } = watched()
    const { url } = route(streamThen(sse(LONG.slice(0, MID)) + 'data: {"type":"REASONING_MESSAGE_CONTENT","messageId":"m","delta":"lo', drop))
    connectSse(url, store)
    await ended
    expect(summary(store.getState()).blocks).toEqual([{ id: 's', status: 'interrupted', text: MID_TEXT }])
    expect(messages(store)[0]).toBe(
      'The stream ended inside an unfinished SSE event; it was discarded: "{\\"type\\":\\"REASONING_MESSAGE_CONTENT\\",\\"messageId\\":\\"m\\",\\"delta\\":\\"lo"',
    )
    expect(codes(store)).toEqual(['transport', 'transport', 'stream-truncated'])
  })

  it('given a clean close without RUN_FINISHED, should interrupt what was open and say the stream was truncated', async () => {
    const { store, ended } = watched()
    const { url } = route(streamThen(sse(LONG.slice(0, MID)), (res) => void res.end()))
    connectSse(url, store)
    expect(await ended).toEqual({ error: undefined })
    const state = store.getState()
    expect(summary(state)).toEqual({ blocks: [{ id: 's', status: 'interrupted', text: MID_TEXT }], run: 'interrupted' })
    expect(state.failure).toBeUndefined()
    expect(state.diagnostics.map((d) => d.code)).toEqual(['stream-truncated'])
    expect(state.diagnostics[0]!.message).toMatch(/run 'r' had not finished.*'s' was open/)
  })
})

// ─── (b) stalls and the idle timeout ─────────────────────────────────────────

describe('stalls', () => {
  it('given a stall mid-reasoning and idleTimeoutMs, should abort the request, say so and interrupt the block', async () => {
    const { store, ended } = watched()
    const { url, closed } = route(streamThen(sse(LONG.slice(0, MID)), () => pause(10_000)))
    const started = Date.now()
    connectSse(url, store, { idleTimeoutMs: 150 })
    await ended
    expect(Date.now() - started).toBeGreaterThanOrEqual(140)
    expect(await closed).toBe(true)
    const state = store.getState()
    expect(summary(state)).toEqual({ blocks: [{ id: 's', status: 'interrupted', text: MID_TEXT }], run: 'interrupted' })
    expect(state.failure).toBe('No data for 0.15 s (idleTimeoutMs: 150); the request was aborted.')
    expect(codes(store)).toEqual(['transport', 'stream-truncated'])
  })

  it('given a stall in the middle of an event, should time out and quote the discarded part', async () => {
    const { store, ended } = watched()
    const { url, closed } = route(streamThen(sse(LONG.slice(0, MID)) + 'data: {"type":"REASONING_MESSAGE_CONT', () => pause(10_000)))
    connectSse(url, store, { idleTimeoutMs: 100 })
    await ended
    expect(await closed).toBe(true)
    expect(summary(store.getState()).blocks).toEqual([{ id: 's', status: 'interrupted', text: MID_TEXT }])
    expect(messages(store)[0]).toMatch(/^The stream ended inside an unfinished SSE event; it was discarded: "\{\\"type\\":\\"REASONING_MESSAGE_CONT"$/)
    expect(store.getState().failure).toMatch(/^No data for 0.1 s/)
  })

  it('given a server that never answers, should time out before the response headers too', async () => {
    const { store, ended } = watched()
    const { url, closed } = route(() => pause(10_000))
    connectSse(url, store, { idleTimeoutMs: 100 })
    await ended
    expect(await closed).toBe(true)
    expect(store.getState().failure).toBe('No data for 0.1 s (idleTimeoutMs: 100); the request was aborted.')
    expect(codes(store)).toEqual(['transport'])
  })

  it('given heartbeat comments through a long silence, should not time out, and should clear the timer at the end', async () => {
    const { store, ended } = watched()
    const { url } = route(async (res) => {
      res.writeHead(200, SSE_HEAD)
      await send(res, sse(LONG.slice(0, MID)))
      // The model thinks for 0.5 s without a token; the server keeps the line warm.
      for (let i = 0; i < 10; i++) {
        await pause(50)
        await send(res, i % 2 ? ': keep-alive\n\n' : ':\n')
      }
      await send(res, sse(LONG.slice(MID)))
      res.end()
    })
    connectSse(url, store, { idleTimeoutMs: 300 })
    await ended
    expect(summary(store.getState())).toEqual(expectedAfter(LONG, LONG.length))
    // A timer left behind would end the stream a second time or report a timeout now.
    const state = store.getState()
    await pause(400)
    expect(store.getState()).toBe(state)
    expect(state.diagnostics).toEqual([])
  })

  it('given a stall and no idleTimeoutMs (the default), should wait; disconnect() aborts it as the user\'s stop', async () => {
    const { store, endings } = watched()
    const { url, closed } = route(streamThen(sse(LONG.slice(0, MID)), () => pause(10_000)))
    const disconnect = connectSse(url, store)
    await vi.waitFor(() => expect(store.getState().blocks[0]?.messages[0]?.text).toBe(MID_TEXT))
    await pause(200)
    expect(store.getState().blocks[0]!.status).toBe('streaming')
    disconnect()
    expect(await closed).toBe(true)
    expect(endings()).toBe(1)
    expect(store.getState().blocks[0]!.endReason).toBe('stopped')
  })
})

// ─── (c) Garbage ─────────────────────────────────────────────────────────────

const JUNK = Uint8Array.from({ length: 64 }, (_, i) => [0x00, 0xff, 0xfe, 0xc3, 0x28, 0x80, 0xe2, 0x82, 0x07, 0x1b][i % 10]! ^ (i & 0x10))
const concat = (...parts: (string | Uint8Array)[]) => {
  const chunks = parts.map((p) => (typeof p === 'string' ? utf8.encode(p) : p))
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0))
  let at = 0
  for (const c of chunks) {
    out.set(c, at)
    at += c.length
  }
  return out
}
const MIB = 1 << 20

describe('garbage', () => {
  /** Each: what the server sends between two good events, and the diagnostics it must cause ([] = silently ignored). */
  const GARBAGE: [string, string | Uint8Array, [string, RegExp][]][] = [
    ['data that is not JSON', 'data: {oops\n\n', [['transport', /^SSE event #\d+ is not JSON and was skipped: "\{oops"$/]]],
    ['a line without a field', 'this line has no colon\n\n', [['transport', /^An SSE line with an unknown field was ignored: "this line has no colon"$/]]],
    ['an unknown field', 'bogus: value\n\n', [['transport', /^An SSE line with an unknown field was ignored: "bogus: value"$/]]],
    ['binary junk on a line of its own', concat(JUNK, '\n\n'), [['transport', /^An SSE line with an unknown field was ignored: "\\u0000\uFFFD/]]],
    ['binary junk as data', concat('data: ', JUNK, '\n\n'), [['transport', /is not JSON and was skipped: "\\u0000\uFFFD/]]],
    ['a JSON number', 'data: 42\n\n', [['invalid-event', /must be an object with a string 'type' \(got 42\)/]]],
    ['a JSON string', 'data: "RUN_STARTED"\n\n', [['invalid-event', /\(got RUN_STARTED\)/]]],
    ['JSON null', 'data: null\n\n', [['invalid-event', /\(got null\)/]]],
    ['a JSON array', 'data: [1,2]\n\n', [['invalid-event', /\(got \[1,2\]\)/]]],
    ['an object without a type', 'data: {"delta":"x"}\n\n', [['invalid-event', /\(got \{"delta":"x"\}\)/]]],
    // Unknown types are the protocol's future (AG-UI adds event types): the reducer ignores them silently.
    ['an event of an unknown type', 'data: {"type":"FROM_THE_FUTURE","messageId":"m"}\n\n', []],
    ['a retry that is not a number', 'retry: soon\n\n', [['transport', /^An SSE retry line with a value that is not a number was ignored: "retry: soon"$/]]],
    ['retry, id and event fields', 'retry: 10\nid: 7\nevent: other\n\n', []],
    ['comments', ':\n: hello\n:::\n\n', []],
    ['a blank line flood', '\n'.repeat(1000), []],
    ['an overlong line of data that is not JSON', `data: ${'x'.repeat(MIB)}\n\n`, [['transport', /^SSE event #\d+ is not JSON and was skipped: "x{100}…"$/]]],
    ['an overlong line without a field', `${'y'.repeat(MIB)}\n\n`, [['transport', /^An SSE line with an unknown field was ignored: "y{100}…"$/]]],
  ]

  it.each(GARBAGE)('given %s mid-reasoning, should keep going and say what was wrong', async (_name, junk, diagnostics) => {
    const { store, ended } = watched()
    const { url } = route(async (res) => {
      res.writeHead(200, SSE_HEAD)
      await send(res, sse(LONG.slice(0, MID)))
      await send(res, junk)
      await send(res, sse(LONG.slice(MID)))
      res.end()
    })
    connectSse(url, store)
    await ended
    expect(summary(store.getState())).toEqual(expectedAfter(LONG, LONG.length))
    const found = store.getState().diagnostics
    expect(found.map((d) => d.code)).toEqual(diagnostics.map(([code]) => code))
    found.forEach((d, i) => expect(d.message).toMatch(diagnostics[i]![1]))
    // A diagnostic quotes a little of the line, never a megabyte of it.
    for (const d of found) expect(d.message.length).toBeLessThan(300)
  })

  it('given all the garbage at once and then a clean close without RUN_FINISHED, should keep all the text, interrupted', async () => {
    const { store, ended } = watched()
    const { url } = route(async (res) => {
      res.writeHead(200, SSE_HEAD)
      await send(res, sse(LONG.slice(0, MID)))
      for (const [, junk] of GARBAGE) await send(res, junk)
      res.end()
    })
    connectSse(url, store)
    await ended
    expect(summary(store.getState())).toEqual({ blocks: [{ id: 's', status: 'interrupted', text: MID_TEXT }], run: 'interrupted' })
    expect(codes(store)).toEqual([...GARBAGE.flatMap(([, , d]) => d.map(([code]) => code)), 'stream-truncated'])
  })

  it('given an overlong event that is real, should apply it whole (the default limit is far above any real event)', async () => {
    const big = 'ü'.repeat(MIB)
    const { store, ended } = watched()
    const { url } = route(async (res) => {
      res.writeHead(200, SSE_HEAD)
      await send(res, sse([...LONG.slice(0, MID), content(big), ...LONG.slice(MID)]))
      res.end()
    })
    connectSse(url, store)
    await ended
    expect(store.getState().blocks[0]!.messages[0]!.text).toBe(MID_TEXT + big + DELTAS[3])
    expect(store.getState().diagnostics).toEqual([])
  })

  it('given an event longer than maxEventLength arriving whole, should skip it alone and say so', async () => {
    const { store, ended } = watched()
    const { url } = route(async (res) => {
      res.writeHead(200, SSE_HEAD)
      res.end(sse([...LONG.slice(0, MID), content('z'.repeat(20_000)), ...LONG.slice(MID)]))
    })
    connectSse(url, store, { maxEventLength: 5_000 })
    await ended
    expect(summary(store.getState())).toEqual(expectedAfter(LONG, LONG.length))
    expect(messages(store)).toEqual(['An SSE event longer than maxEventLength (5000 characters) was skipped, after SSE event #6.'])
  })

  it('given an event longer than maxEventLength, arriving in pieces, should skip it alone and say so', async () => {
    const { store, ended } = watched()
    const { url } = route(async (res) => {
      res.writeHead(200, SSE_HEAD)
      await send(res, sse(LONG.slice(0, MID)))
      await send(res, `data: {"type":"REASONING_MESSAGE_CONTENT","messageId":"m","delta":"`)
      for (let i = 0; i < 20; i++) {
        await send(res, 'z'.repeat(1000))
        await pause(5)
      }
      await send(res, '"}\n')
      await pause(5)
      await send(res, `\n${sse(LONG.slice(MID))}`)
      res.end()
    })
    connectSse(url, store, { maxEventLength: 5_000 })
    await ended
    expect(summary(store.getState())).toEqual(expectedAfter(LONG, LONG.length))
    expect(store.getState().diagnostics.map((d) => [d.code, d.message])).toEqual([
      ['transport', expect.stringMatching(/^An SSE event longer than maxEventLength \(5000 characters\) was skipped, after SSE event #6\.$/)],
    ])
  })
})

// ─── (e) HTTP errors ─────────────────────────────────────────────────────────

describe('HTTP errors', () => {
  const nothingArrived = { blocks: [], run: undefined }

  it('given a 500 with a JSON body, should fail with the status and what the body says', async () => {
    const { store, ended } = watched()
    const { url } = route((res) => {
      res.writeHead(500, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ error: { message: 'The model is overloaded.' } }))
    })
    connectSse(url, store)
    await ended
    expect(summary(store.getState())).toEqual(nothingArrived)
    expect(store.getState().failure).toBe('HTTP 500 Internal Server Error (application/json): "{\\"error\\":{\\"message\\":\\"The model is overloaded.\\"}}"')
    expect(codes(store)).toEqual(['transport'])
  })

  it('given a 404 HTML page, should fail with the status and the start of the page', async () => {
    const { store, ended } = watched()
    const { url } = route((res) => {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' })
      res.end(`<!doctype html>\n<html><body><h1>Not Found</h1>${'<p>padding</p>'.repeat(500)}</body></html>`)
    })
    connectSse(url, store)
    await ended
    expect(summary(store.getState())).toEqual(nothingArrived)
    expect(store.getState().failure).toMatch(/^HTTP 404 Not Found \(text\/html; charset=utf-8\): "<!doctype html> <html><body><h1>Not Found<\/h1>.{20,}…"$/)
    expect(codes(store)).toEqual(['transport'])
  })

  it('given an error whose body never ends, should still report at once and close the connection', async () => {
    const { store, ended } = watched()
    const { url, closed } = route(async (res) => {
      res.writeHead(503, { 'content-type': 'text/plain' })
      await send(res, 'upstream busy')
      // The body ends only when the client goes away: a client waiting for its end never reports.
      await new Promise((gone) => res.once('close', gone))
    })
    connectSse(url, store)
    await ended
    expect(store.getState().failure).toBe('HTTP 503 Service Unavailable (text/plain): "upstream busy"')
    expect(await closed).toBe(true)
  })

  it.each([
    ['application/json', '{"detail":"Use POST"}', /^Expected an event stream \(text\/event-stream\), got 200 OK with content-type application\/json: "\{\\"detail\\":\\"Use POST\\"\}"$/],
    ['text/html', '<html>the app shell</html>', /^Expected an event stream \(text\/event-stream\), got 200 OK with content-type text\/html: "<html>the app shell<\/html>"$/],
  ])('given a 200 with content-type %s, should fail and say what came instead', async (type, body, failure) => {
    const { store, ended } = watched()
    const { url, closed } = route(async (res) => {
      res.writeHead(200, { 'content-type': type })
      await send(res, body)
      // Then even something that would parse as SSE: it is still not what was asked for.
      await pause(50)
      await send(res, `\n\ndata: ${JSON.stringify(RUN_STARTED)}\n\n`)
      await pause(10_000)
    })
    connectSse(url, store)
    await ended
    expect(summary(store.getState())).toEqual(nothingArrived)
    expect(store.getState().failure).toMatch(failure)
    expect(codes(store)).toEqual(['transport'])
    expect(await closed).toBe(true)
  })

  it.each([
    ['text/event-stream; charset=utf-8', { 'content-type': 'text/event-stream; charset=utf-8' }],
    ['no content-type at all', {}],
  ])('given a 200 with %s, should read the stream', async (_name, headers) => {
    const { store, ended } = watched()
    const { url } = route(async (res) => {
      res.writeHead(200, headers)
      res.end(sse(LONG))
    })
    connectSse(url, store)
    await ended
    expect(summary(store.getState())).toEqual(expectedAfter(LONG, LONG.length))
    expect(store.getState().diagnostics).toEqual([])
  })

  it('given a refused connection, should fail with the reason', async () => {
    const closedServer = createServer()
    await new Promise<void>((resolve) => closedServer.listen(0, '127.0.0.1', resolve))
    const { port } = closedServer.address() as AddressInfo
    await new Promise((resolve) => closedServer.close(resolve))
    const { store, ended } = watched()
    connectSse(`http://127.0.0.1:${port}/run`, store)
    await ended
    expect(store.getState().failure).toMatch(/^The request failed: fetch failed \(.*ECONNREFUSED.*\)\.$/)
    expect(codes(store)).toEqual(['transport'])
  })
})

// ─── disconnect() and AbortSignal, at every phase ────────────────────────────

describe('disconnect() at every phase', () => {
  /** A fetch that records the signal it was given. */
  function recordingFetch() {
    const signals: AbortSignal[] = []
    const fetch: typeof globalThis.fetch = (input, init) => {
      if (init?.signal) signals.push(init.signal)
      return globalThis.fetch(input, init)
    }
    return { fetch, signals }
  }

  /**
   * Connects, waits for `phase`, disconnects (twice), and checks it stopped everything
   * quietly: the stream ends once, as `stopped`, without a failure. Returns the state
   * before and after the disconnect.
   */
  async function disconnectAt(handler: Handler, phase: (store: ReasoningStore, r: Route) => Promise<unknown>, options: SseOptions = {}) {
    const { store, ended, endings } = watched()
    const r = route(handler)
    const { fetch, signals } = recordingFetch()
    const disconnect = connectSse(r.url, store, { ...options, fetch })
    await phase(store, r)
    const before = store.getState()
    expect(disconnect()).toBeUndefined()
    expect(() => disconnect()).not.toThrow()
    expect(await ended).toEqual({ error: undefined, reason: 'stopped' })
    const state = store.getState()
    expect(state.failure).toBeUndefined()
    expect(signals).toHaveLength(1)
    expect(signals[0]!.aborted).toBe(true)
    expect(await r.closed).toBe(true)
    // Nothing more reaches the store: no events, no second end, no timeout.
    await pause(150)
    expect(store.getState()).toBe(state)
    expect(endings()).toBe(1)
    return { before, state }
  }

  /** Waits until the first message's text starts with `text`. */
  const reached = (text: string) => (store: ReasoningStore) =>
    vi.waitFor(() => expect(store.getState().blocks[0]?.messages[0]?.text.startsWith(text)).toBe(true))

  it('given a request still waiting for its response, should abort it', async () => {
    await disconnectAt(() => pause(10_000), (_store, r) => r.requested)
  })

  it('given a response with headers and no body yet, should abort it', async () => {
    let headersSent!: () => void
    const sent = new Promise<void>((resolve) => (headersSent = resolve))
    await disconnectAt(async (res) => {
      res.writeHead(200, SSE_HEAD)
      res.flushHeaders()
      headersSent()
      await pause(10_000)
    }, () => sent.then(() => pause(20)))
  })

  it('given a stream mid-reasoning that keeps sending, should abort it, stop the block and apply nothing more', async () => {
    const { before, state } = await disconnectAt(async (res) => {
      res.writeHead(200, SSE_HEAD)
      await send(res, sse(LONG.slice(0, MID)))
      for (let i = 0; i < 100; i++) {
        await pause(10)
        await send(res, `data: ${JSON.stringify(content('more'))}\n\n`)
      }
    }, reached(MID_TEXT))
    expect(before.blocks[0]!.status).toBe('streaming')
    expect(summary(state)).toEqual({ blocks: [{ id: 's', status: 'interrupted', text: before.blocks[0]!.messages[0]!.text }], run: 'interrupted' })
    expect(state.blocks[0]!.endReason).toBe('stopped')
    expect(state.runs[0]!.endReason).toBe('stopped')
  })

  it('given a stream in the middle of an event, should abort it without reporting the unfinished event', async () => {
    const { state } = await disconnectAt(
      streamThen(sse(LONG.slice(0, MID)) + 'data: {"type":"REASONING_MESS', () => pause(10_000)),
      (store) => reached(MID_TEXT)(store).then(() => pause(20)),
    )
    expect(state.diagnostics).toEqual([])
  })

  it('given a stall with idleTimeoutMs pending, should abort it and never time out', async () => {
    await disconnectAt(streamThen(sse(LONG.slice(0, MID)), () => pause(10_000)), reached(MID_TEXT), { idleTimeoutMs: 100 })
  })

  it('given an HTTP error whose body is still being read, should abort it', async () => {
    await disconnectAt(async (res) => {
      res.writeHead(500, { 'content-type': 'text/plain' })
      res.flushHeaders()
      await pause(10_000)
    }, (_store, r) => r.requested.then(() => pause(30)))
  })

  it('given a stream that already ended, should do nothing', async () => {
    const { store, ended } = watched()
    const { url } = route(async (res) => {
      res.writeHead(200, SSE_HEAD)
      res.end(sse(LONG))
    })
    const disconnect = connectSse(url, store, { idleTimeoutMs: 100 })
    await ended
    const state = store.getState()
    expect(() => disconnect()).not.toThrow()
    await pause(150)
    expect(store.getState()).toBe(state)
  })

  it('given a Response the caller fetched, disconnected before anything was read, should cancel its body', async () => {
    const { store, endings } = watched()
    const { url, closed } = route(streamThen(sse(LONG.slice(0, MID)), () => pause(10_000)))
    const response = await fetch(url)
    const disconnect = connectSse(response, store)
    disconnect()
    expect(await closed).toBe(true)
    // Cancelled by the source (and still referenced here: a collected Response is cancelled by undici on its own).
    expect(response.bodyUsed).toBe(true)
    await pause(50)
    expect(store.getState().blocks).toEqual([])
    // Ended as stopped, once, with nothing open to stop.
    expect(endings()).toBe(1)
  })

  it('given a Response the caller fetched, disconnected mid-reasoning, should cancel its body', async () => {
    const { store } = watched()
    const { url, closed } = route(streamThen(sse(LONG.slice(0, MID)), () => pause(10_000)))
    const disconnect = connectSse(await fetch(url), store)
    await reached(MID_TEXT)(store)
    disconnect()
    expect(await closed).toBe(true)
  })

  it('given a Response whose body is already being read, should fail the stream (not reject)', async () => {
    const { store, ended } = watched()
    const { url } = route(streamThen(sse(LONG.slice(0, MID)), () => pause(10_000)))
    const response = await fetch(url)
    const other = response.body!.getReader()
    connectSse(response, store)
    await ended
    expect(store.getState().failure).toMatch(/^The response body cannot be read \(was it read before\?\): .*locked/i)
    await other.cancel()
  })

  it('given init.signal aborted mid-reasoning, should abort the request and stop the block (the user\'s stop, no failure)', async () => {
    const { store, ended } = watched()
    const { url, closed } = route(streamThen(sse(LONG.slice(0, MID)), () => pause(10_000)))
    const controller = new AbortController()
    connectSse(url, store, { init: { signal: controller.signal } })
    await reached(MID_TEXT)(store)
    controller.abort()
    await ended
    expect(await closed).toBe(true)
    expect(await ended).toEqual({ error: undefined, reason: 'stopped' })
    expect(summary(store.getState())).toEqual({ blocks: [{ id: 's', status: 'interrupted', text: MID_TEXT }], run: 'interrupted' })
    expect(store.getState().blocks[0]!.endReason).toBe('stopped')
    expect(store.getState().failure).toBeUndefined()
    expect(codes(store)).toEqual([])
  })

  it('given init.signal already aborted, should not even send the request', async () => {
    const { store, ended } = watched()
    const r = route(() => pause(10_000))
    const { fetch, signals } = recordingFetch()
    connectSse(r.url, store, { fetch, init: { signal: AbortSignal.abort(new Error('user left')) } })
    await ended
    expect(signals).toEqual([])
    expect(await ended).toEqual({ error: undefined, reason: 'stopped' })
    expect(store.getState().failure).toBeUndefined()
  })

  it('given a store listener that throws while an event is applied, should end the stream with its error and close the connection', async () => {
    const { store, ended } = watched()
    const { url, closed } = route(streamThen(sse(LONG.slice(0, MID)), () => pause(10_000)))
    let thrown = false
    store.subscribe(() => {
      // On the event sent as two `data` lines: the parser still holds its data while the listener runs.
      if (thrown || !store.getState().blocks[0]?.messages.length) return
      thrown = true
      throw new Error('listener bug')
    })
    connectSse(url, store)
    await ended
    expect(await closed).toBe(true)
    expect(store.getState().failure).toBe('listener bug')
    expect(store.getState().blocks[0]!.status).toBe('interrupted')
    expect(codes(store)).toEqual(['transport', 'stream-truncated'])
  })
})
