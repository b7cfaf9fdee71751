// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { HttpAgent } from '@ag-ui/client'
import type { Message, RunAgentInput } from '@ag-ui/core'
import { EventSchema } from '@ag-ui/core/schemas'
import { decode } from '@ag-ui/proto'
import { createParser } from 'eventsource-parser'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { continuityLine, SCRIPTED_AGENT_IDS, scriptedAgents, scripts } from '../../demo/server/agents'
import { createDemoServer, type DemoServer } from '../../demo/server/server'
import { DropConnection, type AgentContext, type DemoAgent, type DemoEvent } from '../../demo/server/types'

const PROTO = 'application/vnd.ag-ui.event+proto'

function inputOf(prompt: string, threadId = 'thread-1', runId = 'run-1'): RunAgentInput {
  return { threadId, runId, messages: [{ id: 'u1', role: 'user', content: prompt }], tools: [], context: [], state: {} }
}

/** What the spy agents saw, per run. */
interface SpyRecord {
  aborted?: boolean
  finished?: boolean
  turns?: number
  slept?: number
}

const spies: SpyRecord[] = []

/** Streams reasoning forever, as fast as backpressure allows; records how it ended. */
const endless: DemoAgent = {
  id: 'endless',
  name: 'Endless',
  description: 'test: never stops on its own',
  async *run(input, ctx) {
    const record: SpyRecord = { turns: ctx.thread.turns }
    spies.push(record)
    try {
      yield { type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId }
      yield { type: 'REASONING_MESSAGE_START', messageId: 'm', role: 'reasoning' }
      for (;;) {
        await ctx.sleep(0)
        yield { type: 'REASONING_MESSAGE_CONTENT', messageId: 'm', delta: 'x'.repeat(1000) }
      }
    } finally {
      record.finished = true
      record.aborted = ctx.signal.aborted
    }
  },
}

/** Reports the thread's turn count and how long a 2-second sleep took. */
const probe: DemoAgent = {
  id: 'probe',
  name: 'Probe',
  description: 'test: reports its context',
  async *run(input, ctx) {
    const started = Date.now()
    await ctx.sleep(2000)
    yield { type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId }
    yield { type: 'CUSTOM', name: 'context', value: { turns: ctx.thread.turns, slept: Date.now() - started, ids: [ctx.id('a'), ctx.id('a')] } }
    yield { type: 'RUN_FINISHED', threadId: input.threadId, runId: input.runId }
  },
}

const brokenMidway: DemoAgent = {
  id: 'broken-midway',
  name: 'Broken midway',
  description: 'test: throws after its first event',
  async *run(input) {
    yield { type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId }
    throw new Error('the model provider went away')
  },
}

const brokenEarly: DemoAgent = {
  id: 'broken-early',
  name: 'Broken early',
  description: 'test: throws before any event',
  // eslint-disable-next-line require-yield
  async *run() {
    throw new Error('no API key')
  },
}

const dropsEarly: DemoAgent = {
  id: 'drops-early',
  name: 'Drops early',
  description: 'test: drops the connection before any event',
  // eslint-disable-next-line require-yield
  async *run() {
    throw new DropConnection()
  },
}

let demo: DemoServer
let url: string
let port: number

beforeAll(async () => {
  demo = createDemoServer({ pace: 0, extraAgents: [endless, probe, brokenMidway, brokenEarly, dropsEarly] })
  ;({ url, port } = await demo.listen(0))
})

afterAll(async () => {
  await demo.close()
})

const post = (path: string, body: unknown, headers: Record<string, string> = {}, signal?: AbortSignal) =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...(signal && { signal }),
  })

async function sseEvents(response: Response): Promise<DemoEvent[]> {
  const events: DemoEvent[] = []
  const parser = createParser({ onEvent: (event) => events.push(JSON.parse(event.data) as DemoEvent) })
  parser.feed(await response.text())
  return events
}

async function protoEvents(response: Response): Promise<DemoEvent[]> {
  const bytes = new Uint8Array(await response.arrayBuffer())
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const events: DemoEvent[] = []
  for (let offset = 0; offset < bytes.length; ) {
    const length = view.getUint32(offset, false)
    events.push(decode(bytes.subarray(offset + 4, offset + 4 + length)) as unknown as DemoEvent)
    offset += 4 + length
  }
  return events
}

/** Events without timestamps, with ids (and encrypted values, which embed them) renamed in order of appearance. */
function normalize(events: readonly DemoEvent[]): Record<string, unknown>[] {
  const names = new Map<string, string>()
  const name = (value: string) => {
    if (!names.has(value)) names.set(value, `#${names.size}`)
    return names.get(value)!
  }
  return events.map(({ timestamp: _timestamp, ...event }) => {
    const out: Record<string, unknown> = { ...event }
    for (const key of ['messageId', 'toolCallId', 'entityId', 'encryptedValue']) {
      if (typeof out[key] === 'string') out[key] = name(out[key])
    }
    return out
  })
}

/** The events an agent yields when run directly (pace 0, fresh thread). */
async function direct(id: string, input: RunAgentInput): Promise<DemoEvent[]> {
  let n = 0
  const context: AgentContext = {
    sleep: async () => {},
    signal: new AbortController().signal,
    thread: { issued: [], turns: 0 },
    id: (prefix) => `${prefix}_${++n}`,
    now: () => Date.now(),
  }
  const events: DemoEvent[] = []
  for await (const event of scriptedAgents().find((a) => a.id === id)!.run(input, context)) events.push(event)
  return events
}

async function expectError(response: Response, status: number, code: string): Promise<string> {
  expect(response.status).toBe(status)
  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  const body = (await response.json()) as { error: { status: number; code: string; message: string } }
  expect(body.error).toMatchObject({ status, code })
  expect(body.error.message.length).toBeGreaterThan(10)
  return body.error.message
}

async function expectServing(): Promise<void> {
  const health = await fetch(`${url}/api/health`)
  expect(health.status).toBe(200)
  expect(await health.json()).toEqual({ ok: true })
}

/** A GET with the path sent exactly as written (fetch would normalise `..` away). */
function rawGet(path: string, target = port): Promise<{ status: number; body: string; type: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: target, path, method: 'GET' }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, type: res.headers['content-type'] }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('GET /api/agents', () => {
  it('should list the scripted agents in order, then the extra ones, as id, name and description', async () => {
    const response = await fetch(`${url}/api/agents`)
    expect(response.status).toBe(200)
    const body = (await response.json()) as { agents: { id: string; name: string; description: string }[] }
    expect(body.agents.map((a) => a.id)).toEqual([...SCRIPTED_AGENT_IDS, 'endless', 'probe', 'broken-midway', 'broken-early', 'drops-early'])
    expect(Object.keys(body.agents[0]!).sort()).toEqual(['description', 'id', 'name'])
    expect(demo.agents.map((a) => a.id)).toEqual(body.agents.map((a) => a.id))
  })

  it('should answer the health check', async () => {
    await expectServing()
  })
})

describe('POST /api/agents/:id', () => {
  it('given SSE, should stream exactly the events the agent yields, unbuffered', async () => {
    const input = inputOf('Is Rust worth learning?')
    const response = await post('/api/agents/reasoner', input, { accept: 'text/event-stream' })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/event-stream')
    expect(response.headers.get('cache-control')).toBe('no-cache')
    expect(response.headers.get('x-accel-buffering')).toBe('no')
    expect(response.headers.get('content-encoding')).toBeNull()
    const events = await sseEvents(response)
    for (const event of events) expect(EventSchema.safeParse(event).success).toBe(true)
    expect(normalize(events)).toEqual(normalize(await direct('reasoner', input)))
    expect(events[0]).toMatchObject({ type: 'RUN_STARTED', threadId: 'thread-1', runId: 'run-1' })
    expect(events.at(-1)).toMatchObject({ type: 'RUN_FINISHED' })
  })

  it('given a client that accepts protobuf, should send length-prefixed protobuf frames of the same events', async () => {
    const input = inputOf('Is Rust worth learning?', 'thread-proto')
    const response = await post('/api/agents/reasoner', input, { accept: PROTO })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe(PROTO)
    const events = await protoEvents(response)
    expect(normalize(events)).toEqual(normalize(await direct('reasoner', input)))
  })

  it.each(['private', 'agentic', 'structured', 'firehose'])('given %s over protobuf, should decode to the events the agent yields', async (id) => {
    const input = inputOf('Is Rust worth learning?', `thread-proto-${id}`)
    const response = await post(`/api/agents/${id}`, input, { accept: PROTO })
    expect(response.headers.get('content-type')).toBe(PROTO)
    expect(normalize(await protoEvents(response))).toEqual(normalize(await direct(id, input)))
  })

  it('given no Accept or */*, should answer readable SSE', async () => {
    for (const accept of [undefined, '*/*']) {
      const response = await post('/api/agents/agentic', inputOf('hi', `thread-accept-${accept}`), accept ? { accept } : {})
      expect(response.headers.get('content-type')).toBe('text/event-stream')
      expect((await sseEvents(response)).at(-1)).toMatchObject({ type: 'RUN_FINISHED' })
    }
  })

  it('given the legacy agent and a protobuf Accept, should still answer SSE (THINKING_* have no protobuf encoding)', async () => {
    const response = await post('/api/agents/legacy', inputOf('hi', 'thread-legacy'), { accept: PROTO })
    expect(response.headers.get('content-type')).toBe('text/event-stream')
    const events = await sseEvents(response)
    expect(events.find((e) => e.type === 'THINKING_START')).toMatchObject({ title: scripts.legacy('hi').title })
    expect(events.at(-1)).toMatchObject({ type: 'RUN_FINISHED' })
  })

  it('given the firehose, should deliver all 200 KB through backpressure', async () => {
    const response = await post('/api/agents/firehose', inputOf('go', 'thread-firehose'))
    const events = await sseEvents(response)
    const text = events.filter((e) => e.type === 'REASONING_MESSAGE_CONTENT').map((e) => e.delta).join('')
    expect(text).toBe(scripts.firehose('go').reasoning)
    expect(events.at(-1)).toMatchObject({ type: 'RUN_FINISHED' })
  })

  it('given an agent that throws mid-stream, should end the stream with RUN_ERROR', async () => {
    const response = await post('/api/agents/broken-midway', inputOf('hi'))
    expect(response.status).toBe(200)
    const events = await sseEvents(response)
    expect(events.map((e) => e.type)).toEqual(['RUN_STARTED', 'RUN_ERROR'])
    expect(events[1]).toMatchObject({ message: 'the model provider went away', code: 'agent-error' })
    expect(EventSchema.safeParse(events[1]).success).toBe(true)
  })

  it('given an agent that throws before its first event, should answer 500 as JSON', async () => {
    const message = await expectError(await post('/api/agents/broken-early', inputOf('hi')), 500, 'internal-error')
    expect(message).toContain('no API key')
    await expectServing()
  })

  it('given an agent that drops the connection before any event, should cut it and keep serving', async () => {
    await expect(post('/api/agents/drops-early', inputOf('hi'))).rejects.toThrow()
    await expectServing()
  })

  it('should count the turns of a thread, pass the pace on to sleep, and hand out unique ids', async () => {
    const turns = async (threadId: string) => {
      const events = await sseEvents(await post('/api/agents/probe', inputOf('hi', threadId)))
      return events.find((e) => e.type === 'CUSTOM')!.value as { turns: number; slept: number; ids: string[] }
    }
    const first = await turns('thread-turns')
    expect(first.turns).toBe(0)
    expect(first.slept).toBeLessThan(1000)
    expect(first.ids[0]).not.toBe(first.ids[1])
    expect((await turns('thread-turns')).turns).toBe(1)
    expect((await turns('thread-turns')).turns).toBe(2)
    expect((await turns('thread-other')).turns).toBe(0)
  })
})

describe('through @ag-ui/client', () => {
  it('given HttpAgent, should keep the encrypted reasoning and send it back: the next answer reports 1 of 1 matches', async () => {
    const agent = new HttpAgent({ url: `${url}/api/agents/reasoner`, threadId: 'thread-http-agent' })
    agent.messages = [{ id: 'u1', role: 'user', content: 'hi' }]
    await agent.runAgent()
    const reasoning = agent.messages.filter((m): m is Extract<Message, { role: 'reasoning' }> => m.role === 'reasoning')
    expect(reasoning.map((m) => m.content)).toEqual([scripts.reasoner('hi').summary, scripts.reasoner('hi').reasoning])
    expect(reasoning[1]!.encryptedValue).toMatch(/^enc_/)
    expect(agent.messages.at(-1)).toMatchObject({ role: 'assistant', content: scripts.reasoner('hi').answer })

    agent.messages = [...agent.messages, { id: 'u2', role: 'user', content: 'and then?' }]
    await agent.runAgent()
    const answer = agent.messages.at(-1)!
    const line = 'Round trip: I received 1 reasoning message with an encryptedValue; 1 of 1 matches what this server issued on this thread.'
    expect(answer).toMatchObject({ role: 'assistant', content: scripts.reasoner('and then?', line).answer })
    expect(continuityLine({ messages: agent.messages.slice(0, 4) }, { issued: [reasoning[1]!.encryptedValue!] })).toBe(line)
  })

  it('given the private agent, should round-trip its encrypted-only reasoning too', async () => {
    const agent = new HttpAgent({ url: `${url}/api/agents/private`, threadId: 'thread-private' })
    agent.messages = [{ id: 'u1', role: 'user', content: 'secret?' }]
    await agent.runAgent()
    expect(agent.messages.find((m) => m.role === 'reasoning')).toMatchObject({ content: '', encryptedValue: expect.stringMatching(/^enc_/) })
    agent.messages = [...agent.messages, { id: 'u2', role: 'user', content: 'and now?' }]
    await agent.runAgent()
    expect(String(agent.messages.at(-1)!.content)).toMatch(/^Round trip: I received 1 reasoning message with an encryptedValue; 1 of 1 matches/)
  })

  it.each(['agentic', 'structured', 'legacy', 'firehose'])('given %s, should pass the client’s event verification', async (id) => {
    const agent = new HttpAgent({ url: `${url}/api/agents/${id}`, threadId: `thread-client-${id}` })
    agent.messages = [{ id: 'u1', role: 'user', content: 'hi' }]
    await agent.runAgent()
    expect(agent.messages.at(-1)).toMatchObject({ role: 'assistant' })
  })
})

describe('the interrupted agent over fetch', () => {
  it('should deliver the partial reasoning, then make the body read fail', async () => {
    const response = await post('/api/agents/interrupted', inputOf('hi', 'thread-cut'))
    expect(response.status).toBe(200)
    const reader = response.body!.getReader()
    const decoder = new TextDecoder()
    let text = ''
    const read = async () => {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) return
        text += decoder.decode(value, { stream: true })
      }
    }
    await expect(read()).rejects.toThrow()
    const events: DemoEvent[] = []
    createParser({ onEvent: (e) => events.push(JSON.parse(e.data) as DemoEvent) }).feed(text)
    const partial = events.filter((e) => e.type === 'REASONING_MESSAGE_CONTENT').map((e) => e.delta).join('')
    expect(partial).toBe(scripts.interrupted('hi').partial)
    expect(events.some((e) => e.type === 'RUN_FINISHED' || e.type === 'RUN_ERROR')).toBe(false)
    await expectServing()
  })
})

describe('bad requests', () => {
  it('given malformed JSON, should answer 400 malformed-json', async () => {
    await expectError(await post('/api/agents/reasoner', '{"threadId": '), 400, 'malformed-json')
    await expectServing()
  })

  it('given a body that is not a RunAgentInput, should answer 400 invalid-input naming the fields', async () => {
    const message = await expectError(await post('/api/agents/reasoner', { threadId: 5, messages: [{ role: 'wizard' }] }), 400, 'invalid-input')
    expect(message).toContain('threadId')
    expect(message).toContain('runId')
    expect(message).toContain('messages.0')
    await expectError(await post('/api/agents/reasoner', '[]'), 400, 'invalid-input')
    await expectServing()
  })

  it('given an unknown agent, should answer 404 listing the known ones', async () => {
    const message = await expectError(await post('/api/agents/nope', inputOf('hi')), 404, 'unknown-agent')
    for (const id of SCRIPTED_AGENT_IDS) expect(message).toContain(id)
    await expectError(await fetch(`${url}/api/nothing`), 404, 'not-found')
    await expectServing()
  })

  it('given GET on the run route, should answer 405 with an allow header', async () => {
    const response = await fetch(`${url}/api/agents/reasoner`)
    expect(response.headers.get('allow')).toBe('POST')
    await expectError(response, 405, 'method-not-allowed')
    const del = await fetch(`${url}/api/agents`, { method: 'DELETE' })
    expect(del.headers.get('allow')).toBe('GET, HEAD')
    await expectError(del, 405, 'method-not-allowed')
    await expectServing()
  })

  it('given a body over 8 MiB, should answer 413 without reading it all, declared or streamed', async () => {
    const big = JSON.stringify({ ...inputOf('x'.repeat(9 * 1024 * 1024)) })
    await expectError(await post('/api/agents/reasoner', big), 413, 'body-too-large')
    const chunk = new TextEncoder().encode('x'.repeat(1024 * 1024))
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 9; i++) controller.enqueue(chunk)
        controller.close()
      },
    })
    const streamed = await fetch(`${url}/api/agents/reasoner`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit)
    await expectError(streamed, 413, 'body-too-large')
    await expectServing()
  })

  it('given a non-JSON content type, should answer 415', async () => {
    await expectError(await post('/api/agents/reasoner', JSON.stringify(inputOf('hi')), { 'content-type': 'text/plain' }), 415, 'unsupported-media-type')
    // JSON with a charset, or a +json type, is fine.
    const ok = await post('/api/agents/private', inputOf('hi', 'thread-charset'), { 'content-type': 'application/json; charset=utf-8' })
    expect(ok.status).toBe(200)
    await ok.text()
    await expectServing()
  })
})

describe('client disconnect', () => {
  it('given a client that aborts mid-stream, should abort the agent and stop iterating it', async () => {
    const before = spies.length
    const controller = new AbortController()
    const response = await post('/api/agents/endless', inputOf('hi', 'thread-abort'), {}, controller.signal)
    const reader = response.body!.getReader()
    let received = 0
    while (received < 100_000) received += (await reader.read()).value?.length ?? 0
    controller.abort()
    await vi.waitFor(() => expect(spies[before]?.finished).toBe(true), { timeout: 3000 })
    expect(spies[before]!.aborted).toBe(true)
    await expectServing()
  })

  it('given the real firehose and a client that aborts, should keep serving', async () => {
    const controller = new AbortController()
    const response = await post('/api/agents/firehose', inputOf('hi', 'thread-abort-2'), {}, controller.signal)
    await response.body!.getReader().read()
    controller.abort()
    await expectServing()
  })
})

describe('closing', () => {
  it('should abort running agents and resolve promptly', async () => {
    const other = createDemoServer({ pace: 0, extraAgents: [endless] })
    const { url: otherUrl } = await other.listen()
    const before = spies.length
    const response = await fetch(`${otherUrl}/api/agents/endless`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(inputOf('hi')) })
    const reader = response.body!.getReader()
    await reader.read()
    const rest = (async () => {
      for (;;) if ((await reader.read()).done) return 'ended'
    })().catch(() => 'cut')
    await other.close()
    expect(await rest).toBe('cut')
    await vi.waitFor(() => expect(spies[before]?.finished).toBe(true), { timeout: 3000 })
    expect(spies[before]!.aborted).toBe(true)
  })

  it('given a port in use, listen should reject with EADDRINUSE', async () => {
    const other = createDemoServer({ pace: 0 })
    await expect(other.listen(port)).rejects.toMatchObject({ code: 'EADDRINUSE' })
    await other.close()
  })
})

describe('static files', () => {
  let root: string
  let site: DemoServer
  let sitePort: number
  let siteUrl: string

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'reasoning-ui-demo-'))
    const dist = join(root, 'dist')
    mkdirSync(join(dist, 'assets'), { recursive: true })
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>demo</title>')
    writeFileSync(join(dist, 'assets', 'app-123.js'), 'console.log(1)')
    writeFileSync(join(dist, 'assets', 'app-123.css'), 'body{}')
    writeFileSync(join(dist, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
    writeFileSync(join(root, 'package.json'), '{"secret":true}')
    site = createDemoServer({ pace: 0, staticDir: dist })
    ;({ url: siteUrl, port: sitePort } = await site.listen())
  })

  afterAll(async () => {
    await site.close()
    rmSync(root, { recursive: true, force: true })
  })

  it('should serve index.html at / and files with their content types', async () => {
    const index = await fetch(`${siteUrl}/`)
    expect(index.status).toBe(200)
    expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(await index.text()).toContain('<title>demo</title>')
    const js = await fetch(`${siteUrl}/assets/app-123.js`)
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(js.headers.get('cache-control')).toContain('immutable')
    expect(await js.text()).toBe('console.log(1)')
    expect((await fetch(`${siteUrl}/assets/app-123.css`)).headers.get('content-type')).toBe('text/css; charset=utf-8')
    expect((await fetch(`${siteUrl}/logo.svg`)).headers.get('content-type')).toBe('image/svg+xml')
    expect((await fetch(`${siteUrl}/api/agents`)).status).toBe(200)
  })

  it('should answer 404 for missing files and path traversal, raw or encoded', async () => {
    expect((await fetch(`${siteUrl}/missing.js`)).status).toBe(404)
    // Only `/` falls back to index.html.
    expect((await fetch(`${siteUrl}/some/route`)).status).toBe(404)
    for (const path of ['/../package.json', '/%2e%2e/package.json', '/assets/../../package.json', '/..%2fpackage.json', '/%2e%2e%2fpackage.json', '/%00']) {
      const response = await rawGet(path, sitePort)
      expect(response.status, path).toBe(404)
      expect(response.body).not.toContain('secret')
    }
  })

  it('given a page that is not built, should answer 503 at / with what to do', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'reasoning-ui-unbuilt-'))
    const unbuilt = createDemoServer({ pace: 0, staticDir: empty })
    const { url: unbuiltUrl } = await unbuilt.listen()
    try {
      const response = await fetch(`${unbuiltUrl}/`)
      expect(response.status).toBe(503)
      expect(response.headers.get('content-type')).toMatch(/^text\/html/)
      expect(await response.text()).toContain('The demo page is not built: run `npm start` (it builds demo/dist first)')
      expect((await fetch(`${unbuiltUrl}/api/agents`)).status).toBe(200)
    } finally {
      await unbuilt.close()
      rmSync(empty, { recursive: true, force: true })
    }
  })

  it('given no staticDir, should serve the API only', async () => {
    await expectError(await fetch(`${url}/`), 404, 'not-found')
  })
})

describe('malformed HTTP', () => {
  it('should survive a garbage request line', async () => {
    const { connect } = await import('node:net')
    await new Promise<void>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => socket.end('NOT HTTP AT ALL\r\n\r\n'))
      socket.on('data', () => {})
      socket.on('close', () => resolve())
      socket.on('error', () => resolve())
    })
    await expectServing()
  })
})
