/**
 * The demo's AG-UI server: lists the agents, runs one per `POST
 * /api/agents/:id` and streams its events as SSE or length-prefixed protobuf
 * (content negotiation with `@ag-ui/encoder`), and serves the built page.
 * Node's `http` only: no framework, no compression, nothing buffered.
 *
 * Only the user's own browser may use it, since a run of a live agent spends
 * their API key: every request must be addressed to a loopback name, the host
 * given to `listen()` or one of `allowedHosts` (the `Host` header; against DNS
 * rebinding), and a run must be a JSON POST from the server's own page or from
 * a client that sends no `Origin` (against cross-site requests, which cannot
 * send a JSON content type without a CORS preflight this server never grants).
 */
import { createReadStream } from 'node:fs'
import { realpath, stat } from 'node:fs/promises'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { extname, resolve, sep } from 'node:path'
import type { Socket } from 'node:net'
import type { BaseEvent, RunAgentInput } from '@ag-ui/core'
import { RunAgentInputSchema } from '@ag-ui/core/schemas'
import { AGUI_MEDIA_TYPE, EventEncoder } from '@ag-ui/encoder'
import { scriptedAgents } from './agents'
import { describeError } from '../../src/adapters/json'
import { createThreadMemory, DropConnection, type AgentContext, type DemoAgent, type DemoEvent, type ThreadMemory } from './types'

export interface DemoServerOptions {
  /** The built page (`demo/dist`), served at `/`. Without it only the API is served. */
  readonly staticDir?: string
  /** Multiplies every `ctx.sleep`; `0` = no waiting. Default: `DEMO_PACE` from the environment, else 1. */
  readonly pace?: number
  /** Largest request body accepted, in bytes. Default 8 MiB. */
  readonly maxBodyBytes?: number
  /** Agents listed and served after the scripted ones (e.g. the provider-backed agents). */
  readonly extraAgents?: readonly DemoAgent[]
  /** One line per request and per problem. Default: silent. */
  readonly log?: (line: string) => void
  /** Threads remembered (oldest forgotten first). Default 1,000. */
  readonly maxThreads?: number
  /**
   * Host names requests may be addressed to (the `Host` header, port ignored,
   * case-insensitive) besides `localhost`, `127.0.0.1`, `[::1]` and the host
   * given to `listen()` when it is not a wildcard (`0.0.0.0`, `::`): e.g. the
   * machine's LAN name when listening on `0.0.0.0`. Any other `Host` gets 403
   * `forbidden-host`. Default: none.
   */
  readonly allowedHosts?: readonly string[]
}

export interface DemoServer {
  readonly server: Server
  /** Starts listening (default port 0 = any free port, host `127.0.0.1`); resolves with the URL to open. */
  listen(port?: number, host?: string): Promise<{ url: string; port: number }>
  /** Aborts running agents, closes every connection and stops listening. */
  close(): Promise<void>
  readonly agents: readonly DemoAgent[]
}

/** The body of every error answer. */
export interface ErrorBody {
  readonly error: { readonly status: number; readonly code: string; readonly message: string }
}

/** Whether the JSON text in `body` nests arrays and objects deeper than `limit` (brackets in strings do not count). */
export function nestsDeeperThan(body: Uint8Array, limit: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < body.length; i++) {
    const byte = body[i]!
    if (inString) {
      // A backslash escapes the next byte (a quote or another backslash); UTF-8's other bytes are never ASCII.
      if (byte === 0x5c) i++
      else if (byte === 0x22) inString = false
    } else if (byte === 0x22) inString = true
    else if (byte === 0x5b || byte === 0x7b) {
      if (++depth > limit) return true
    } else if (byte === 0x5d || byte === 0x7d) depth--
  }
  return false
}

/** The default `maxBodyBytes`: 8 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 8 * 1024 * 1024
/** Longest `threadId` and `runId` accepted, in characters; longer ones get 400 `invalid-input`. */
export const MAX_ID_LENGTH = 256
/**
 * Deepest nesting of arrays and objects a body may have, checked before it is parsed; deeper gets
 * 400 `too-deep`. A RunAgentInput needs a few levels (messages, their content parts, tool calls);
 * `state` and `forwardedProps` are the app's own and get the same limit. An 8 MB body nested all the
 * way down held the event loop for about 3 s in `JSON.parse` and 370 MiB.
 */
export const MAX_JSON_DEPTH = 64
const DEFAULT_MAX_THREADS = 1000
const MAX_ISSUES_SHOWN = 5
/** Host names always accepted: loopback. IPv6 addresses are kept without brackets. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '::1']
/** `listen()` hosts that mean every interface: they name no host a request could be addressed to. */
const WILDCARD_HOSTS = ['', '0.0.0.0', '::']

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
}

const NOT_BUILT_MESSAGE = 'The demo page is not built: run `npm start` (it builds demo/dist first).'
const NOT_BUILT = `<!doctype html>
<html lang="en">
<meta charset="utf-8">
<title>reasoning-ui demo: page not built</title>
<h1>The demo page is not built</h1>
<p>${NOT_BUILT_MESSAGE}</p>
<p>The API is up: <a href="/api/agents">/api/agents</a>.</p>
</html>
`

/** Ids unique within the process, across servers: `msg_1`, `tool_2`, … */
let idSequence = 0
const nextId = (prefix: string) => `${prefix}_${++idSequence}`

/** An HTTP error answered as JSON. */
class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message)
  }
}

function paceFromEnv(): number {
  const raw = process.env.DEMO_PACE
  if (raw === undefined || raw.trim() === '') return 1
  const pace = Number(raw)
  return Number.isFinite(pace) && pace >= 0 ? pace : 1
}

/** Creates the demo server (not listening yet). */
export function createDemoServer(options: DemoServerOptions = {}): DemoServer {
  const pace = options.pace ?? paceFromEnv()
  if (!Number.isFinite(pace) || pace < 0) throw new RangeError(`pace must be a finite number ≥ 0 (got ${pace})`)
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES
  const maxThreads = options.maxThreads ?? DEFAULT_MAX_THREADS
  const log = options.log ?? (() => {})
  const staticDir = options.staticDir !== undefined ? resolve(options.staticDir) : undefined
  const allowedHosts = new Set(LOOPBACK_HOSTS)
  for (const host of options.allowedHosts ?? []) {
    const name = hostName(host)
    if (name === undefined) throw new RangeError(`allowedHosts: '${host}' is not a host name.`)
    allowedHosts.add(name)
  }
  const agents: readonly DemoAgent[] = [...scriptedAgents(), ...(options.extraAgents ?? [])]
  const byId = new Map<string, DemoAgent>()
  for (const agent of agents) {
    if (byId.has(agent.id)) throw new Error(`Two demo agents share the id '${agent.id}'.`)
    byId.set(agent.id, agent)
  }
  const threads = new Map<string, ThreadMemory>()
  const running = new Set<AbortController>()
  const sockets = new Set<Socket>()

  /** A thread's memory; the most recently used threads are kept, the oldest forgotten past `maxThreads`. */
  const threadOf = (id: string): ThreadMemory => {
    let memory = threads.get(id)
    if (memory) threads.delete(id)
    else memory = createThreadMemory()
    threads.set(id, memory)
    while (threads.size > maxThreads) threads.delete(threads.keys().next().value!)
    return memory
  }

  const sleep = (signal: AbortSignal) => (ms: number) =>
    new Promise<void>((done) => {
      const wait = ms * pace
      if (signal.aborted || !(wait > 0)) return done()
      const timer = setTimeout(finish, wait)
      function finish() {
        clearTimeout(timer)
        signal.removeEventListener('abort', finish)
        done()
      }
      signal.addEventListener('abort', finish, { once: true })
    })

  const server = createServer((req, res) => {
    const started = Date.now()
    res.on('finish', () => log(`${req.method} ${req.url} ${res.statusCode} ${Date.now() - started}ms`))
    handle(req, res).catch((error: unknown) => fail(res, error))
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  // A malformed request line or headers: answer 400 if the socket still can, never crash.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (error.code !== 'ECONNRESET' && socket.writable && !socket.writableEnded) {
      socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
    } else socket.destroy()
  })

  /** Last resort: an error nobody handled. Answers 500 when nothing was sent yet, else cuts the response. */
  function fail(res: ServerResponse, error: unknown) {
    log(`error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
    if (!res.headersSent) sendError(res, new HttpError(500, 'internal-error', `The demo server failed: ${describeError(error)}`))
    else res.destroy()
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // A client gone mid-request (a reset while its body uploads) is an ordinary event: one line, no
    // stack, and never an unhandled 'error' (the body's reader stops quietly, see readInput).
    req.on('error', (error) => log(`${req.method} ${req.url}: the client went away (${error.message})`))
    res.on('error', (error) => log(`response error: ${error.message}`))
    const path = (req.url ?? '/').split('?')[0]!
    try {
      checkHost(req)
      if (path === '/api/health') {
        allow(req, ['GET', 'HEAD'])
        return sendJson(res, 200, { ok: true })
      }
      if (path === '/api/agents') {
        allow(req, ['GET', 'HEAD'])
        return sendJson(res, 200, { agents: agents.map(({ id, name, description }) => ({ id, name, description })) })
      }
      const run = /^\/api\/agents\/([^/]+)$/.exec(path)
      if (run) {
        allow(req, ['POST'])
        checkOrigin(req)
        const id = safeDecode(run[1]!)
        const agent = id !== undefined ? byId.get(id) : undefined
        if (!agent) throw new HttpError(404, 'unknown-agent', `There is no agent '${id ?? run[1]}'. Known agents: ${agents.map((a) => a.id).join(', ')}.`)
        const input = await readInput(req, res)
        if (!input) return
        return await stream(agent, input, req, res)
      }
      if (path.startsWith('/api/')) throw new HttpError(404, 'not-found', `No API route ${path}. Routes: GET /api/agents, POST /api/agents/:id, GET /api/health.`)
      allow(req, ['GET', 'HEAD'])
      return await serveStatic(path, req, res)
    } catch (error) {
      if (error instanceof HttpError) return sendError(res, error)
      throw error
    }
  }

  /** Throws 403 `forbidden-host` unless the request is addressed (`Host`) to a host this server answers for. */
  function checkHost(req: IncomingMessage): void {
    const host = req.headers.host
    const name = hostName(host ?? '')
    if (name !== undefined && allowedHosts.has(name)) return
    const shown = host === undefined ? 'no Host header' : `Host '${host}'`
    throw new HttpError(
      403,
      'forbidden-host',
      `This demo server does not answer requests addressed to ${shown}: only localhost, 127.0.0.1, [::1], the host it listens on, or a host listed in DEMO_ALLOWED_HOSTS (the allowedHosts option).`,
    )
  }

  /**
   * Reads and validates the `RunAgentInput` body. Answers the error itself and
   * returns undefined when the body is not acceptable; a body over the limit is
   * not read any further and its connection is closed.
   */
  async function readInput(req: IncomingMessage, res: ServerResponse): Promise<RunAgentInput | undefined> {
    const type = req.headers['content-type']
    if (type === undefined || !/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type.trim())) {
      const got = type === undefined ? 'the request has no content-type' : `not '${type}'`
      throw new HttpError(415, 'unsupported-media-type', `The body must be JSON (content-type: application/json), ${got}.`)
    }
    const tooLarge = () => {
      const error = new HttpError(413, 'body-too-large', `The body is larger than ${maxBodyBytes.toLocaleString('en-US')} bytes.`, { connection: 'close' })
      sendError(res, error)
      // Stop reading: what the client still sends is not wanted. Close once the answer is out.
      req.pause()
      res.once('finish', () => req.socket.destroySoon())
    }
    const declared = Number(req.headers['content-length'])
    if (Number.isFinite(declared) && declared > maxBodyBytes) {
      tooLarge()
      return undefined
    }
    const body = await new Promise<Buffer | undefined>((done) => {
      const chunks: Buffer[] = []
      let size = 0
      const onData = (chunk: Buffer) => {
        size += chunk.length
        if (size > maxBodyBytes) {
          cleanup()
          chunks.length = 0
          tooLarge()
          done(undefined)
          return
        }
        chunks.push(chunk)
      }
      const onEnd = () => {
        cleanup()
        done(Buffer.concat(chunks))
      }
      // The client went away mid-upload (the request's 'error', then its 'close'): nobody to answer.
      const onGone = () => {
        cleanup()
        done(undefined)
      }
      const cleanup = () => {
        req.off('data', onData)
        req.off('end', onEnd)
        req.off('error', onGone)
        req.off('close', onGone)
      }
      req.on('data', onData)
      req.on('end', onEnd)
      req.on('error', onGone)
      req.on('close', onGone)
    })
    if (!body) return undefined
    if (nestsDeeperThan(body, MAX_JSON_DEPTH)) {
      throw new HttpError(400, 'too-deep', `The body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep (state and forwardedProps included); it was not parsed.`)
    }
    let json: unknown
    try {
      json = JSON.parse(body.toString('utf8'))
    } catch (error) {
      throw new HttpError(400, 'malformed-json', `The body is not valid JSON: ${describeError(error)}`)
    }
    const parsed = RunAgentInputSchema.safeParse(json)
    if (!parsed.success) {
      const issues = parsed.error.issues
      const shown = issues.slice(0, MAX_ISSUES_SHOWN).map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(body)'}: ${issue.message}`)
      const more = issues.length > MAX_ISSUES_SHOWN ? ` (and ${issues.length - MAX_ISSUES_SHOWN} more)` : ''
      throw new HttpError(400, 'invalid-input', `The body is not a valid RunAgentInput: ${shown.join('; ')}${more}.`)
    }
    for (const field of ['threadId', 'runId'] as const) {
      const { length } = parsed.data[field]
      if (length > MAX_ID_LENGTH) throw new HttpError(400, 'invalid-input', `The body is not a valid RunAgentInput: ${field} is ${length.toLocaleString('en-US')} characters long, at most ${MAX_ID_LENGTH} are accepted.`)
    }
    return parsed.data as RunAgentInput
  }

  /** Runs `agent` and writes its events as they come, honouring backpressure; stops it when the client goes away. */
  async function stream(agent: DemoAgent, input: RunAgentInput, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const accept = req.headers.accept ?? ''
    // Protobuf only for a client that names it: `*/*` (a browser's or curl's default) gets readable SSE.
    const proto = !agent.sseOnly && accept.toLowerCase().includes(AGUI_MEDIA_TYPE)
    const encoder = new EventEncoder({ accept: proto ? accept : 'text/event-stream' })
    const binary = encoder.getContentType() === AGUI_MEDIA_TYPE
    const encode = (event: DemoEvent) => (binary ? encoder.encodeBinary(event as BaseEvent) : encoder.encodeSSE(event as BaseEvent))

    const controller = new AbortController()
    running.add(controller)
    const gone = () => {
      if (!res.writableFinished) controller.abort(new Error('client disconnected'))
    }
    res.on('close', gone)
    const thread = threadOf(input.threadId)
    const context: AgentContext = { sleep: sleep(controller.signal), signal: controller.signal, thread, id: nextId, now: () => Date.now() }
    const iterator = agent.run(input, context)[Symbol.asyncIterator]()
    let done = false
    let events = 0
    /** Settles once the last chunk written has left the response for the socket (see `closed` for a response gone first). */
    let flushed: Promise<void> = Promise.resolve()
    const closed = new Promise<void>((resolve) => res.once('close', () => resolve()))
    try {
      for (;;) {
        const next = await iterator.next()
        if (next.done) {
          done = true
          break
        }
        if (controller.signal.aborted) break
        const chunk = encode(next.value)
        if (!res.headersSent) writeStreamHead(res, encoder)
        events++
        let wrote = () => {}
        flushed = new Promise<void>((resolve) => (wrote = resolve))
        if (!res.write(chunk, () => wrote())) await drained(res, controller.signal)
        if (controller.signal.aborted) break
      }
      if (controller.signal.aborted) {
        log(`${agent.id}: client went away after ${events} events`)
        return
      }
      if (!res.headersSent) writeStreamHead(res, encoder)
      res.end()
    } catch (error) {
      done = true
      if (error instanceof DropConnection) {
        log(`${agent.id}: dropping the connection on purpose after ${events} events`)
        // No RUN_FINISHED, no RUN_ERROR, no last chunk: the client sees its body fail. What was
        // written goes out first, always: the response holds its writes (corked until the next tick),
        // and a socket ended before they reach it sent the client a cut before the response's head.
        await Promise.race([flushed, closed])
        // Ended, not destroyed: the socket still takes what the client sends, so its kernel never
        // answers with a reset, which would throw away on the client's side whatever it had not
        // read yet, the response's head among it (a "fetch failed, read ECONNRESET" seen with both
        // cores busy twice over). The client sees the body end without its last chunk, and closes.
        req.socket.end()
        return
      }
      if (controller.signal.aborted) return
      log(`${agent.id}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
      if (!res.headersSent) throw error
      res.end(encode({ type: 'RUN_ERROR', message: describeError(error), code: 'agent-error', timestamp: Date.now() }))
    } finally {
      running.delete(controller)
      res.off('close', gone)
      if (!done) {
        try {
          await iterator.return?.()
        } catch (error) {
          log(`${agent.id}: error while stopping: ${describeError(error)}`)
        }
      }
    }
  }

  async function serveStatic(path: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (staticDir === undefined) throw new HttpError(404, 'not-found', `Nothing at ${path}: this server has no page (no staticDir), only the API under /api.`)
    const decoded = safeDecode(path)
    // Reject any `..` segment outright (also encoded ones), then check the resolved path stays inside.
    if (decoded === undefined || decoded.includes('\0') || decoded.split(/[\\/]/).includes('..')) return notFound(res, path)
    const requested = resolve(staticDir, `.${decoded === '/' ? '/index.html' : decoded}`)
    if (!inside(requested, staticDir)) return notFound(res, path)
    // The same check on the real paths: a symbolic link inside staticDir must not lead out of it.
    const [file, root] = await Promise.all([realpath(requested).catch(() => undefined), realpath(staticDir).catch(() => undefined)])
    if (file !== undefined && (root === undefined || !inside(file, root))) return notFound(res, path)
    const info = file !== undefined ? await stat(file).catch(() => undefined) : undefined
    if (file === undefined || !info?.isFile()) {
      if (decoded === '/') {
        res.writeHead(503, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' })
        res.end(req.method === 'HEAD' ? undefined : NOT_BUILT)
        return
      }
      return notFound(res, path)
    }
    const hashed = decoded.startsWith('/assets/')
    res.writeHead(200, {
      'content-type': CONTENT_TYPES[extname(requested).toLowerCase()] ?? 'application/octet-stream',
      'content-length': info.size,
      // Vite's hashed assets never change; everything else (index.html) is checked each time.
      'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      'x-content-type-options': 'nosniff',
    })
    if (req.method === 'HEAD') return void res.end()
    await new Promise<void>((done) => {
      const read = createReadStream(file)
      read.on('error', (error) => {
        log(`static: ${describeError(error)}`)
        res.destroy()
        done()
      })
      res.on('close', () => {
        read.destroy()
        done()
      })
      read.pipe(res)
    })
  }

  return {
    server,
    agents,
    listen(port = 0, host = '127.0.0.1') {
      return new Promise((done, reject) => {
        const onError = (error: Error) => reject(error)
        server.once('error', onError)
        server.listen(port, host, () => {
          server.off('error', onError)
          const name = hostName(host)
          if (name !== undefined && !WILDCARD_HOSTS.includes(name)) allowedHosts.add(name)
          const address = server.address()
          const actual = typeof address === 'object' && address !== null ? address.port : port
          done({ url: `http://${urlHost(host)}:${actual}`, port: actual })
        })
      })
    },
    close() {
      for (const controller of running) controller.abort(new Error('the server is closing'))
      return new Promise((done) => {
        if (!server.listening) {
          for (const socket of sockets) socket.destroy()
          return done()
        }
        server.close(() => done())
        // Streams and keep-alive connections would hold close() open: cut them.
        for (const socket of sockets) socket.destroy()
      })
    },
  }
}

/** The stream's headers: the encoder's content type, and nothing in between may cache or buffer it. */
function writeStreamHead(res: ServerResponse, encoder: EventEncoder): void {
  res.writeHead(200, { 'content-type': encoder.getContentType(), 'cache-control': 'no-cache', 'x-accel-buffering': 'no' })
  res.flushHeaders()
}

/**
 * Throws 403 `forbidden-origin` when the request carries an `Origin` that is
 * not the server's own: the scheme (`http`, or `https` for a TLS proxy in
 * front), host and port the request was addressed to (its `Host` header). A
 * request without `Origin` (curl, Node) passes.
 */
function checkOrigin(req: IncomingMessage): void {
  const origin = req.headers.origin
  if (origin === undefined) return
  const sent = parseUrl(origin)
  const own = sent && (sent.protocol === 'http:' || sent.protocol === 'https:') ? parseUrl(`${sent.protocol}//${req.headers.host ?? ''}`) : undefined
  if (sent && own && sent.origin === own.origin) return
  throw new HttpError(403, 'forbidden-origin', `Runs are accepted only from this server's own page or from clients that send no Origin, not from '${origin}'.`)
}

function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text)
  } catch {
    return undefined
  }
}

/**
 * The name in a `Host` header or a host option (port dropped, lowercase, IPv6
 * without brackets), or undefined when it is not a plain `name[:port]`.
 */
function hostName(host: string): string | undefined {
  const text = host.trim()
  // A bare IPv6 address (as given to listen()): two colons or more, and no port.
  if (/^[0-9a-f:.]+$/i.test(text) && text.split(':').length > 2) return text.toLowerCase()
  const match = /^(?:\[([0-9a-f:.]+)\]|([\w.-]+))(?::\d{1,5})?$/i.exec(text)
  return match ? (match[1] ?? match[2]!).toLowerCase() : undefined
}

/** Whether `path` is `dir` or inside it (both absolute and resolved). */
function inside(path: string, dir: string): boolean {
  return path === dir || path.startsWith(dir.endsWith(sep) ? dir : dir + sep)
}

/** Throws 405 (with `allow`) unless the request's method is one of `methods`. */
function allow(req: IncomingMessage, methods: readonly string[]): void {
  if (methods.includes(req.method ?? '')) return
  throw new HttpError(405, 'method-not-allowed', `${req.method} is not allowed here; use ${methods.join(' or ')}.`, { allow: methods.join(', ') })
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Readonly<Record<string, string>> = {}): void {
  const text = JSON.stringify(body)
  res.writeHead(status, { ...headers, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), 'cache-control': 'no-cache' })
  res.end(res.req.method === 'HEAD' ? undefined : text)
}

function sendError(res: ServerResponse, error: HttpError): void {
  if (res.headersSent) return void res.destroy()
  const body: ErrorBody = { error: { status: error.status, code: error.code, message: error.message } }
  sendJson(res, error.status, body, error.headers)
}

function notFound(res: ServerResponse, path: string): void {
  sendError(res, new HttpError(404, 'not-found', `Nothing at ${path}.`))
}

/** Resolves once `res` can take more (or is gone, or the run was aborted). */
function drained(res: ServerResponse, signal: AbortSignal): Promise<void> {
  return new Promise((done) => {
    const finish = () => {
      res.off('drain', finish)
      res.off('close', finish)
      signal.removeEventListener('abort', finish)
      done()
    }
    res.on('drain', finish)
    res.on('close', finish)
    signal.addEventListener('abort', finish)
  })
}

function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text)
  } catch {
    return undefined
  }
}

/** The host part of a URL to print: a wildcard address becomes loopback, IPv6 gets brackets. */
function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1'
  if (host === '::') return '[::1]'
  return host.includes(':') ? `[${host}]` : host
}
