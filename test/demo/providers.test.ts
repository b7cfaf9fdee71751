// @vitest-environment node
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Message, Tool } from '@ag-ui/core'
import { describe, expect, it } from 'vitest'
import { toReasoningMessages } from 'reasoning-ui/core'
import { buildAnthropicRequest, buildGeminiRequest, buildOllamaRequest, buildOpenAIRequest, ollamaAgents, ollamaBase, providerAgents } from '../../demo/server/providers'
import { createThreadMemory, type DemoAgent, type DemoEvent } from '../../demo/server/types'
import { summarize } from '../helpers/adapters'
import { collect, expectValid, fakeContext, runInput, stateOf } from './support'

// --- Helpers

type ProviderEvent = Record<string, unknown> & { readonly type: string }

/** A provider fixture (test/fixtures/providers/<format>/<name>, see each folder's SOURCE.md). */
const fixture = (format: 'openai-responses' | 'anthropic', name: string): ProviderEvent[] =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/providers', format, name), 'utf8')) as ProviderEvent[]

/** As OpenAI sends it: `event:` + `data:` lines, CRLF, the `[DONE]` sentinel. */
const openaiSse = (events: readonly ProviderEvent[]) =>
  events.map((e) => `event: ${e.type}\r\ndata: ${JSON.stringify(e)}\r\n\r\n`).join('') + 'data: [DONE]\r\n\r\n'

/** As Anthropic sends it: `event:` + `data:` lines, LF. */
const anthropicSse = (events: readonly ProviderEvent[]) => events.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join('')

/** Awkward chunk sizes (bytes): cuts inside CRLF, field names, JSON and multi-byte characters. */
const CUTS = [1, 7, 2, 13, 3, 29, 5, 64]

function chunks(text: string): Uint8Array[] {
  const bytes = new TextEncoder().encode(text)
  const out: Uint8Array[] = []
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const size = CUTS[i % CUTS.length]!
    out.push(bytes.slice(at, at + size))
    at += size
  }
  return out
}

/** A streaming 200 response whose body delivers `text` in awkward chunks, one per pull. */
function sseResponse(text: string): Response {
  const parts = chunks(text)
  let i = 0
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < parts.length) controller.enqueue(parts[i++]!)
      else controller.close()
    },
  })
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } })
}

/** A body the test feeds by hand (never closes on its own); `cancelled` tells whether the reader cancelled it. */
function manualResponse() {
  let controller!: ReadableStreamDefaultController<Uint8Array>
  const state = { cancelled: false }
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c
    },
    cancel() {
      state.cancelled = true
    },
  })
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    send: (text: string) => controller.enqueue(new TextEncoder().encode(text)),
    close: () => controller.close(),
    fail: (error: Error) => controller.error(error),
    state,
  }
}

interface Call {
  readonly url: string
  readonly init: RequestInit
}

/** A fetch that records its calls and answers with `respond()`. */
function fakeFetch(respond: (init: RequestInit) => Response | Promise<Response>) {
  const calls: Call[] = []
  const fetchImpl = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} })
    return respond(init ?? {})
  }) as typeof fetch
  return { fetchImpl, calls }
}

const bodyOf = (call: Call | undefined): unknown => JSON.parse(String(call?.init.body))
const headersOf = (call: Call | undefined) => new Headers(call?.init.headers)

const types = (events: readonly DemoEvent[]) => events.map((e) => e.type)
const answer = (events: readonly DemoEvent[]) => events.filter((e) => e.type === 'TEXT_MESSAGE_CONTENT').map((e) => String(e.delta)).join('')

const OPENAI_KEY = 'sk-test-openai-0123456789abcdef'
const ANTHROPIC_KEY = 'sk-ant-test-0123456789abcdef'

function agentOf(env: Record<string, string | undefined>, fetchImpl: typeof fetch, id: string): DemoAgent {
  const found = providerAgents(env, fetchImpl).find((a) => a.id === id)
  if (!found) throw new Error(`no ${id} agent`)
  return found
}

const user = (id: string, content: string): Message => ({ id, role: 'user', content })

// --- A realistic multi-turn transcript

const weatherTool: Tool = {
  name: 'get_weather',
  description: 'Current weather for a city.',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
}

const THINKING_1 = 'The user wants the weather in Paris; call get_weather.'
const THINKING_2 = '18 °C and cloudy; answer briefly.'

const transcript: Message[] = [
  { id: 'sys', role: 'system', content: 'You are a concise assistant.' },
  { id: 'dev', role: 'developer', content: 'Use metric units.' },
  user('u1', 'What is the weather in Paris?'),
  { id: 'think_1', role: 'reasoning', content: THINKING_1 },
  { id: 'enc_1', role: 'reasoning', content: '', encryptedValue: 'ENC-ONE' },
  {
    id: 'a1',
    role: 'assistant',
    content: "I'll look that up.",
    toolCalls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }],
  },
  { id: 't1', role: 'tool', toolCallId: 'call_1', content: '{"temp_c":18,"sky":"cloudy"}' },
  { id: 'think_2', role: 'reasoning', content: THINKING_2 },
  { id: 'a2', role: 'assistant', content: '18 °C and cloudy.' },
  {
    id: 'u2',
    role: 'user',
    content: [
      { type: 'text', text: 'And tomorrow?' },
      { type: 'image', source: { type: 'url', value: 'https://example.com/sky.png' } },
      { type: 'text', text: 'Keep it short.' },
    ],
  },
]

describe('providerAgents', () => {
  const noFetch = (async () => {
    throw new Error('not called')
  }) as typeof fetch

  it('given no API key (or blank ones), should list no live agent', () => {
    expect(providerAgents({}, noFetch)).toEqual([])
    expect(providerAgents({ OPENAI_API_KEY: '', ANTHROPIC_API_KEY: '  ' }, noFetch)).toEqual([])
  })

  it('given OPENAI_API_KEY, should list the OpenAI agent, live, with the default model', () => {
    const agents = providerAgents({ OPENAI_API_KEY: OPENAI_KEY }, noFetch)
    expect(agents.map((a) => a.id)).toEqual(['openai'])
    expect(agents[0]!.name).toBe('OpenAI (live)')
    expect(agents[0]!.description).toMatch(/^Live: gpt-5-mini /)
    expect(agents[0]!.description).not.toContain(OPENAI_KEY)
  })

  it('given ANTHROPIC_API_KEY, should list the Anthropic agent, live, with the default model', () => {
    const agents = providerAgents({ ANTHROPIC_API_KEY: ANTHROPIC_KEY }, noFetch)
    expect(agents.map((a) => a.id)).toEqual(['anthropic'])
    expect(agents[0]!.name).toBe('Anthropic (live)')
    expect(agents[0]!.description).toMatch(/^Live: claude-sonnet-4-5 /)
  })

  it('given both keys, should list both agents', () => {
    expect(providerAgents({ OPENAI_API_KEY: OPENAI_KEY, ANTHROPIC_API_KEY: ANTHROPIC_KEY }, noFetch).map((a) => a.id)).toEqual(['openai', 'anthropic'])
  })

  it('given OPENAI_MODEL and OPENAI_BASE_URL, should name the model and POST to that base URL', async () => {
    const { fetchImpl, calls } = fakeFetch(() => sseResponse(openaiSse(fixture('openai-responses', 'no-reasoning.json'))))
    const env = { OPENAI_API_KEY: OPENAI_KEY, OPENAI_MODEL: 'o4-mini', OPENAI_BASE_URL: 'https://proxy.example/openai/v1/' }
    const agent = agentOf(env, fetchImpl, 'openai')
    expect(agent.description).toMatch(/^Live: o4-mini /)
    await collect(agent.run(runInput([user('u1', 'Hi')]), fakeContext()))
    expect(calls.map((c) => c.url)).toEqual(['https://proxy.example/openai/v1/responses'])
    expect(bodyOf(calls[0])).toMatchObject({ model: 'o4-mini' })
  })

  it('given ANTHROPIC_MODEL and ANTHROPIC_BASE_URL, should name the model and POST to that base URL', async () => {
    const { fetchImpl, calls } = fakeFetch(() => sseResponse(anthropicSse(fixture('anthropic', 'no-thinking.json'))))
    const env = { ANTHROPIC_API_KEY: ANTHROPIC_KEY, ANTHROPIC_MODEL: 'claude-opus-4-1', ANTHROPIC_BASE_URL: 'http://localhost:9000' }
    const agent = agentOf(env, fetchImpl, 'anthropic')
    expect(agent.description).toMatch(/^Live: claude-opus-4-1 /)
    await collect(agent.run(runInput([user('u1', 'Hi')]), fakeContext()))
    expect(calls.map((c) => c.url)).toEqual(['http://localhost:9000/v1/messages'])
    expect(bodyOf(calls[0])).toMatchObject({ model: 'claude-opus-4-1' })
  })
})

describe('buildOpenAIRequest', () => {
  it('given a multi-turn transcript, should POST /responses with the messages in order, encrypted reasoning only, and no reasoning text', () => {
    const request = buildOpenAIRequest(runInput(transcript, { tools: [weatherTool] }), { model: 'gpt-5-mini' })
    expect(request).toEqual({
      path: '/responses',
      body: {
        model: 'gpt-5-mini',
        input: [
          { role: 'system', content: 'You are a concise assistant.' },
          { role: 'developer', content: 'Use metric units.' },
          { role: 'user', content: 'What is the weather in Paris?' },
          { type: 'reasoning', encrypted_content: 'ENC-ONE', summary: [] },
          { role: 'assistant', content: "I'll look that up." },
          { type: 'function_call', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
          { type: 'function_call_output', call_id: 'call_1', output: '{"temp_c":18,"sky":"cloudy"}' },
          { role: 'assistant', content: '18 °C and cloudy.' },
          { role: 'user', content: [{ type: 'input_text', text: 'And tomorrow?' }, { type: 'input_text', text: 'Keep it short.' }] },
        ],
        tools: [{ type: 'function', name: 'get_weather', description: 'Current weather for a city.', parameters: weatherTool.parameters, strict: false }],
        stream: true,
        store: false,
        reasoning: { effort: 'medium', summary: 'auto' },
        include: ['reasoning.encrypted_content'],
      },
    })
    const json = JSON.stringify(request.body)
    expect(json).not.toContain(THINKING_1)
    expect(json).not.toContain(THINKING_2)
  })

  it('given an effort and a keepEncrypted filter, should use the effort and send back only the values kept', () => {
    const { body } = buildOpenAIRequest(runInput(transcript, { tools: [weatherTool] }), { model: 'o3', effort: 'high', keepEncrypted: (v) => v !== 'ENC-ONE' })
    expect(body.reasoning).toEqual({ effort: 'high', summary: 'auto' })
    expect(body.input.some((item) => 'type' in item && item.type === 'reasoning')).toBe(false)
  })

  it('given reasoning not directly followed by assistant output, should drop it (the API requires the following item)', () => {
    const { body } = buildOpenAIRequest(
      runInput([
        user('u1', 'One'),
        { id: 'r_late', role: 'reasoning', content: '', encryptedValue: 'ENC-BEFORE-USER' },
        user('u2', 'Two'),
        { id: 'r_first', role: 'reasoning', content: '', encryptedValue: 'ENC-SHADOWED' },
        { id: 'r_second', role: 'reasoning', content: '', encryptedValue: 'ENC-KEPT' },
        { id: 'a1', role: 'assistant', content: 'Done.' },
        { id: 'r_last', role: 'reasoning', content: '', encryptedValue: 'ENC-AT-THE-END' },
      ]),
      { model: 'gpt-5-mini' },
    )
    expect(body.input).toEqual([
      { role: 'user', content: 'One' },
      { role: 'user', content: 'Two' },
      { type: 'reasoning', encrypted_content: 'ENC-KEPT', summary: [] },
      { role: 'assistant', content: 'Done.' },
    ])
  })

  it('given undeclared tools, pending calls, failed tools, context and media-only messages, should keep the request valid', () => {
    const { body } = buildOpenAIRequest(
      runInput(
        [
          user('u1', 'Plan my day.'),
          {
            id: 'a1',
            role: 'assistant',
            toolCalls: [
              { id: 'call_s', type: 'function', function: { name: 'scripted_search', arguments: '{"q":"day"}' } },
              { id: 'call_w', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } },
            ],
          },
          { id: 't_s', role: 'tool', toolCallId: 'call_s', content: 'three meetings' },
          { id: 't_w', role: 'tool', toolCallId: 'call_w', content: '', error: 'timeout' },
          { id: 't_orphan', role: 'tool', toolCallId: 'call_nobody', content: 'lost' },
          { id: 'u2', role: 'user', content: [{ type: 'image', source: { type: 'url', value: 'https://example.com/a.png' } }] },
          { id: 'a2', role: 'assistant', toolCalls: [{ id: 'call_pending', type: 'function', function: { name: 'get_weather', arguments: '{}' } }] },
          { id: 'act', role: 'activity', activityType: 'progress', content: { step: 1 } },
        ],
        { tools: [weatherTool], context: [{ description: 'User locale', value: 'nb-NO' }] },
      ),
      { model: 'gpt-5-mini' },
    )
    expect(body.instructions).toBe('Context from the application:\n\nUser locale:\nnb-NO')
    expect(body.input).toEqual([
      { role: 'user', content: 'Plan my day.' },
      { role: 'assistant', content: '[Called tool scripted_search with {"q":"day"}]' },
      { type: 'function_call', call_id: 'call_w', name: 'get_weather', arguments: '{"city":"Oslo"}' },
      { role: 'user', content: '[Result of tool scripted_search: three meetings]' },
      { type: 'function_call_output', call_id: 'call_w', output: 'Error: timeout' },
    ])
  })
})

describe('buildAnthropicRequest', () => {
  const signatures: Record<string, { text: string; signature: string }> = { think_1: { text: THINKING_1, signature: 'SIG-ONE' } }
  const signatureOf = (m: { id: string; content: string }) => (signatures[m.id]?.text === m.content ? signatures[m.id]!.signature : undefined)

  it('given a multi-turn transcript, should POST /v1/messages with thinking on, system joined, turns merged and alternating', () => {
    const request = buildAnthropicRequest(runInput(transcript, { tools: [weatherTool] }), { model: 'claude-sonnet-4-5', signatureOf })
    expect(request).toEqual({
      path: '/v1/messages',
      body: {
        model: 'claude-sonnet-4-5',
        max_tokens: 8192,
        system: 'You are a concise assistant.\n\nUse metric units.',
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'What is the weather in Paris?' }] },
          {
            role: 'assistant',
            content: [
              { type: 'thinking', thinking: THINKING_1, signature: 'SIG-ONE' },
              { type: 'redacted_thinking', data: 'ENC-ONE' },
              { type: 'text', text: "I'll look that up." },
              { type: 'tool_use', id: 'call_1', name: 'get_weather', input: { city: 'Paris' } },
            ],
          },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_1', content: '{"temp_c":18,"sky":"cloudy"}' }] },
          { role: 'assistant', content: [{ type: 'text', text: '18 °C and cloudy.' }] },
          { role: 'user', content: [{ type: 'text', text: 'And tomorrow?' }, { type: 'text', text: 'Keep it short.' }] },
        ],
        tools: [{ name: 'get_weather', description: 'Current weather for a city.', input_schema: weatherTool.parameters }],
        stream: true,
        thinking: { type: 'enabled', budget_tokens: 2048 },
      },
    })
    // The unsigned thinking (think_2) never goes back.
    expect(JSON.stringify(request.body)).not.toContain(THINKING_2)
  })

  it('given no signatures and no kept encrypted values, should send no reasoning at all', () => {
    const { body } = buildAnthropicRequest(runInput(transcript, { tools: [weatherTool] }), { model: 'm', keepEncrypted: () => false })
    expect(body.messages.flatMap((m) => m.content).filter((b) => b.type === 'thinking' || b.type === 'redacted_thinking')).toEqual([])
    expect(body.thinking).toEqual({ type: 'enabled', budget_tokens: 2048 })
  })

  it('given budget and max tokens too small, should raise them to what the API accepts', () => {
    expect(buildAnthropicRequest(runInput([user('u', 'x')]), { model: 'm', budgetTokens: 500, maxTokens: 1000 }).body).toMatchObject({
      max_tokens: 2048,
      thinking: { type: 'enabled', budget_tokens: 1024 },
    })
    expect(buildAnthropicRequest(runInput([user('u', 'x')]), { model: 'm', budgetTokens: 4000, maxTokens: 16000 }).body).toMatchObject({
      max_tokens: 16000,
      thinking: { type: 'enabled', budget_tokens: 4000 },
    })
  })

  const loop = (reasoning: Message[]): Message[] => [
    user('u1', 'Weather in Oslo?'),
    ...reasoning,
    { id: 'a1', role: 'assistant', toolCalls: [{ id: 'toolu_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } }] },
    { id: 't1', role: 'tool', toolCallId: 'toolu_1', content: '3 °C' },
  ]

  it('given a tool-use loop whose assistant turn starts with thinking, should keep thinking on', () => {
    const { body } = buildAnthropicRequest(runInput(loop([{ id: 'r', role: 'reasoning', content: '', encryptedValue: 'REDACTED' }]), { tools: [weatherTool] }), { model: 'm' })
    expect(body.thinking).toEqual({ type: 'enabled', budget_tokens: 2048 })
    expect(body.messages[1]!.content[0]).toEqual({ type: 'redacted_thinking', data: 'REDACTED' })
  })

  it('given a tool-use loop without sendable thinking, should turn thinking off for this request (the API would refuse it)', () => {
    const { body } = buildAnthropicRequest(runInput(loop([{ id: 'r', role: 'reasoning', content: 'unsigned thoughts' }]), { tools: [weatherTool] }), { model: 'm' })
    expect(body).not.toHaveProperty('thinking')
    expect(body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Weather in Oslo?' }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Oslo' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: '3 °C' }] },
    ])
  })

  it('given odd tool ids, failed tools, undeclared tools, thinking alone in a turn and results after text, should keep the request valid', () => {
    const { body } = buildAnthropicRequest(
      runInput(
        [
          user('u1', 'Go.'),
          { id: 'r_alone', role: 'reasoning', content: '', encryptedValue: 'ALONE' },
          user('u2', 'Still there?'),
          {
            id: 'a1',
            role: 'assistant',
            content: 'Checking.',
            toolCalls: [
              { id: 'call:1/x', type: 'function', function: { name: 'get_weather', arguments: 'not json' } },
              { id: 'call_s', type: 'function', function: { name: 'scripted_search', arguments: '{"q":"x"}' } },
            ],
          },
          { id: 'r_after', role: 'reasoning', content: '', encryptedValue: 'AFTER' },
          user('u3', 'Interjection.'),
          { id: 't1', role: 'tool', toolCallId: 'call:1/x', content: 'oops', error: 'city required' },
          { id: 't2', role: 'tool', toolCallId: 'call_s', content: 'nothing' },
        ],
        { tools: [weatherTool] },
      ),
      { model: 'm' },
    )
    expect(body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Go.' }, { type: 'text', text: 'Still there?' }] },
      {
        role: 'assistant',
        content: [
          { type: 'redacted_thinking', data: 'AFTER' },
          { type: 'text', text: 'Checking.' },
          { type: 'tool_use', id: 'call_1_x', name: 'get_weather', input: {} },
          { type: 'text', text: '[Called tool scripted_search with {"q":"x"}]' },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'call_1_x', content: 'oops\n\nError: city required', is_error: true },
          { type: 'text', text: 'Interjection.' },
          { type: 'text', text: '[Result of tool scripted_search: nothing]' },
        ],
      },
    ])
    expect(body.thinking).toBeDefined()
  })
})

describe('OpenAI live agent on recorded streams', () => {
  const env = { OPENAI_API_KEY: OPENAI_KEY }

  it('given a summarised reasoning stream cut at awkward boundaries, should POST the right request and yield valid events that build the blocks', async () => {
    const events = fixture('openai-responses', 'summary-then-answer.json')
    const { fetchImpl, calls } = fakeFetch(() => sseResponse(openaiSse(events)))
    const context = fakeContext()
    const out = await collect(agentOf(env, fetchImpl, 'openai').run(runInput([user('u1', 'How many weekdays are in March 2025?')]), context))

    expect(calls).toHaveLength(1)
    expect(calls[0]!.url).toBe('https://api.openai.com/v1/responses')
    expect(calls[0]!.init.method).toBe('POST')
    expect(calls[0]!.init.signal).toBe(context.signal)
    const headers = headersOf(calls[0])
    expect(headers.get('authorization')).toBe(`Bearer ${OPENAI_KEY}`)
    expect(headers.get('content-type')).toBe('application/json')
    expect(bodyOf(calls[0])).toEqual({
      model: 'gpt-5-mini',
      input: [{ role: 'user', content: 'How many weekdays are in March 2025?' }],
      stream: true,
      store: false,
      reasoning: { effort: 'medium', summary: 'auto' },
      include: ['reasoning.encrypted_content'],
    })

    expectValid(out)
    expect(out[0]).toMatchObject({ type: 'RUN_STARTED', threadId: 'thread-1', runId: 'run-1' })
    expect(out.at(-1)).toMatchObject({ type: 'RUN_FINISHED', threadId: 'thread-1', runId: 'run-1' })
    const state = stateOf(out)
    expect(summarize(state)).toEqual({
      blocks: [{
        status: 'complete',
        kinds: ['summary', 'summary'],
        text: [
          '**Counting the weekdays**\n\nMarch 2025 starts on a Saturday and has 31 days: four full weeks, then Saturday 29, Sunday 30 and Monday 31.',
          '**Checking the extra days**\n\nFour full weeks hold 20 weekdays. Of the three extra days only Monday 31 is a weekday, so the total is 21.',
        ],
        title: 'Counting the weekdays',
        encrypted: false,
      }],
      timeline: ['reasoning', 'text'],
      diagnostics: [],
    })
    expect(answer(out)).toBe('March 2025 has 21 weekdays.')
    expect(context.thread.issued).toEqual([])
  })

  it('given reasoning, a tool call, reasoning again and the answer, should yield the blocks in output order', async () => {
    const { fetchImpl } = fakeFetch(() => sseResponse(openaiSse(fixture('openai-responses', 'agentic-reasoning-tool-reasoning.json'))))
    const out = await collect(agentOf(env, fetchImpl, 'openai').run(runInput([user('u1', 'Go')]), fakeContext()))
    expectValid(out)
    const state = stateOf(out)
    expect(state.blocks.map((b) => b.status)).toEqual(['complete', 'complete'])
    expect(state.timeline.map((e) => e.kind)).toEqual(['reasoning', 'tool-call', 'reasoning', 'text'])
    expect(out.at(-1)!.type).toBe('RUN_FINISHED')
  })

  it('given encrypted reasoning, should push the final value into the thread and send it back on the next turn (only values it issued)', async () => {
    const events = fixture('openai-responses', 'encrypted-reasoning.json')
    const next = fixture('openai-responses', 'no-reasoning.json')
    let turn = 0
    const { fetchImpl, calls } = fakeFetch(() => sseResponse(openaiSse(turn++ === 0 ? events : next)))
    const agent = agentOf(env, fetchImpl, 'openai')
    const thread = createThreadMemory()
    const first = await collect(agent.run(runInput([user('u1', 'Is 2027 prime?')]), fakeContext({ thread })))

    expectValid(first)
    // The final value (on `output_item.done`), not the placeholder on `.added`.
    const done = events.find((e) => e.type === 'response.output_item.done' && (e.item as { type?: string }).type === 'reasoning')
    const value = (done!.item as { encrypted_content: string }).encrypted_content
    expect(value).not.toContain('placeholder')
    expect(thread.issued).toEqual([value])
    const state = stateOf(first)
    expect(summarize(state).blocks).toEqual([{ status: 'complete', kinds: [], text: [], title: undefined, encrypted: true }])
    expect(answer(first)).toBe('Yes: 2,027 is a prime number.')

    // What a client sends back: its reasoning messages (toReasoningMessages), the answer, a new question.
    const reasoning = toReasoningMessages(state)
    // (Each message also carries the history the kit restores from: metadata.reasoningUi.)
    expect(reasoning).toMatchObject([{ id: 'rs_68a5000000000000000000000000000000000000000000c1', role: 'reasoning', content: '', encryptedValue: value }])
    expect(reasoning).toHaveLength(1)
    await collect(agent.run(runInput([
      user('u1', 'Is 2027 prime?'),
      { id: 'scripted', role: 'reasoning', content: '', encryptedValue: 'made-up-by-a-scripted-agent' },
      ...reasoning,
      { id: 'msg_68a5000000000000000000000000000000000000000000b5', role: 'assistant', content: 'Yes: 2,027 is a prime number.' },
      user('u2', 'And 2029?'),
    ], { runId: 'run-2' }), fakeContext({ thread })))
    expect((bodyOf(calls[1]) as { input: unknown }).input).toEqual([
      { role: 'user', content: 'Is 2027 prime?' },
      { type: 'reasoning', encrypted_content: value, summary: [] },
      { role: 'assistant', content: 'Yes: 2,027 is a prime number.' },
      { role: 'user', content: 'And 2029?' },
    ])
  })

  it('given the token limit during reasoning, should end with RUN_ERROR and the reasoning interrupted', async () => {
    const { fetchImpl } = fakeFetch(() => sseResponse(openaiSse(fixture('openai-responses', 'token-limit-during-reasoning.json'))))
    const out = await collect(agentOf(env, fetchImpl, 'openai').run(runInput([user('u1', 'Go')]), fakeContext()))
    expectValid(out)
    expect(out.at(-1)).toMatchObject({ type: 'RUN_ERROR', code: 'max_output_tokens' })
    expect(stateOf(out).blocks.map((b) => b.status)).toEqual(['interrupted'])
  })
})

describe('Anthropic live agent on recorded streams', () => {
  const env = { ANTHROPIC_API_KEY: ANTHROPIC_KEY }
  const thinkingOf = (events: readonly ProviderEvent[]) =>
    events.flatMap((e) => {
      const delta = e.delta as { type?: string; thinking?: string } | undefined
      return e.type === 'content_block_delta' && delta?.type === 'thinking_delta' ? [delta.thinking!] : []
    }).join('')

  it('given thinking with multi-byte text cut at awkward boundaries, should POST the right request and yield valid events that build the blocks', async () => {
    const events = fixture('anthropic', 'thinking-then-text.json')
    const { fetchImpl, calls } = fakeFetch(() => sseResponse(anthropicSse(events)))
    const context = fakeContext()
    const out = await collect(agentOf(env, fetchImpl, 'anthropic').run(runInput([user('u1', 'Is 2027 prime?')]), context))

    expect(calls[0]!.url).toBe('https://api.anthropic.com/v1/messages')
    const headers = headersOf(calls[0])
    expect(headers.get('x-api-key')).toBe(ANTHROPIC_KEY)
    expect(headers.get('anthropic-version')).toBe('2023-06-01')
    expect(headers.get('content-type')).toBe('application/json')
    expect(headers.has('authorization')).toBe(false)
    expect(bodyOf(calls[0])).toEqual({
      model: 'claude-sonnet-4-5',
      max_tokens: 8192,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Is 2027 prime?' }] }],
      stream: true,
      thinking: { type: 'enabled', budget_tokens: 2048 },
    })

    expectValid(out)
    expect(out[0]).toMatchObject({ type: 'RUN_STARTED', threadId: 'thread-1', runId: 'run-1' })
    expect(out.at(-1)).toMatchObject({ type: 'RUN_FINISHED', threadId: 'thread-1', runId: 'run-1' })
    expect(summarize(stateOf(out))).toEqual({
      blocks: [{ status: 'complete', kinds: ['text'], text: [thinkingOf(events)], title: 'Checking whether 2027 is prime', encrypted: false }],
      timeline: ['reasoning', 'text'],
      diagnostics: [],
    })
    expect(answer(out)).toBe('Yes — **2027 is prime**. It is not divisible by any prime up to 43, the largest prime below √2027 ≈ 45.')
  })

  it('given redacted thinking, should push its data into the thread and show an encrypted-only block', async () => {
    const events = fixture('anthropic', 'redacted-thinking.json')
    const { fetchImpl } = fakeFetch(() => sseResponse(anthropicSse(events)))
    const context = fakeContext()
    const out = await collect(agentOf(env, fetchImpl, 'anthropic').run(runInput([user('u1', 'Go')]), context))
    expectValid(out)
    const data = (events.find((e) => (e.content_block as { type?: string } | undefined)?.type === 'redacted_thinking')!.content_block as { data: string }).data
    expect(context.thread.issued).toEqual([data])
    expect(summarize(stateOf(out)).blocks).toEqual([
      { status: 'complete', kinds: ['text'], text: [thinkingOf(events)], title: undefined, encrypted: false },
      { status: 'complete', kinds: ['text'], text: [''], title: undefined, encrypted: true },
    ])
    expect(answer(out)).toBe('Here is the answer, based on my full reasoning.')
  })

  it('given thinking then a tool call, should send the signed thinking back in the tool-use loop (thinking stays on)', async () => {
    const events = fixture('anthropic', 'thinking-then-tool-use.json')
    let turn = 0
    const { fetchImpl, calls } = fakeFetch(() => sseResponse(anthropicSse(turn++ === 0 ? events : fixture('anthropic', 'no-thinking.json'))))
    const agent = agentOf(env, fetchImpl, 'anthropic')
    const thread = createThreadMemory()
    const tools = [{ name: 'get_weather', description: 'Weather for a location.', parameters: { type: 'object' } }]
    const first = await collect(agent.run(runInput([user('u1', 'Weather in Paris?')], { tools }), fakeContext({ thread })))

    expectValid(first)
    const state = stateOf(first)
    expect(state.timeline.map((e) => e.kind)).toEqual(['reasoning', 'text', 'tool-call'])
    expect(first.at(-1)!.type).toBe('RUN_FINISHED')
    const args = first.filter((e) => e.type === 'TOOL_CALL_ARGS').map((e) => String(e.delta)).join('')
    expect(JSON.parse(args)).toEqual({ location: 'Paris, France', unit: 'celsius' })

    const reasoning = toReasoningMessages(state)
    const thinking = thinkingOf(events)
    expect(reasoning).toMatchObject([{ id: 'msg_01ToolUseAfterThinking2:0', role: 'reasoning', content: thinking }])
    expect(reasoning).toHaveLength(1)
    const continuation = (reasoningMessages: Message[]) => runInput([
      user('u1', 'Weather in Paris?'),
      ...reasoningMessages,
      {
        id: 'msg_01ToolUseAfterThinking2:1',
        role: 'assistant',
        content: "I'll look up the current weather in Paris.",
        toolCalls: [{ id: 'toolu_01A09q90qw90lq917835lq9', type: 'function', function: { name: 'get_weather', arguments: args } }],
      },
      { id: 'result_1', role: 'tool', toolCallId: 'toolu_01A09q90qw90lq917835lq9', content: '15 °C, clear' },
    ], { tools, runId: 'run-2' })

    await collect(agent.run(continuation(reasoning), fakeContext({ thread })))
    const body = bodyOf(calls[1]) as { messages: unknown[]; thinking?: unknown }
    expect(body.thinking).toEqual({ type: 'enabled', budget_tokens: 2048 })
    expect(body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking, signature: 'EqQBCkgIAxABGAIiQJ3n8Xb0Vv2Lk7qP1c5r9mWd4hT6gQz8yN3s0aF7kJ2uE5oR1tY9wL4pD6xC3vB8nM0zQ1sA2dF5gH7jK9lE' },
          { type: 'text', text: "I'll look up the current weather in Paris." },
          { type: 'tool_use', id: 'toolu_01A09q90qw90lq917835lq9', name: 'get_weather', input: { location: 'Paris, France', unit: 'celsius' } },
        ],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_01A09q90qw90lq917835lq9', content: '15 °C, clear' }] },
    ])

    // Thinking text that is not what the model wrote cannot carry the signature: thinking goes off instead.
    await collect(agent.run(continuation([{ ...reasoning[0]!, content: `${thinking} (edited)` }]), fakeContext({ thread })))
    const edited = bodyOf(calls[2]) as { messages: { content: { type: string }[] }[]; thinking?: unknown }
    expect(edited.thinking).toBeUndefined()
    expect(edited.messages[1]!.content.map((b) => b.type)).toEqual(['text', 'tool_use'])
  })

  it('given an error event while thinking, should end with RUN_ERROR and the thinking interrupted', async () => {
    const { fetchImpl } = fakeFetch(() => sseResponse(anthropicSse(fixture('anthropic', 'error-while-thinking.json'))))
    const out = await collect(agentOf(env, fetchImpl, 'anthropic').run(runInput([user('u1', 'Go')]), fakeContext()))
    expectValid(out)
    expect(out.at(-1)).toMatchObject({ type: 'RUN_ERROR', message: 'Overloaded' })
    expect(stateOf(out).blocks.map((b) => b.status)).toEqual(['interrupted'])
  })
})

describe('live agents: failures', () => {
  const both = { OPENAI_API_KEY: OPENAI_KEY, ANTHROPIC_API_KEY: ANTHROPIC_KEY }

  it.each([
    ['openai', OPENAI_KEY, { error: { message: `Incorrect API key provided: sk-test-***********cdef. Echo: ${OPENAI_KEY}`, type: 'invalid_request_error', code: 'invalid_api_key' } }, 'Incorrect API key provided'],
    ['anthropic', ANTHROPIC_KEY, { type: 'error', error: { type: 'authentication_error', message: `invalid x-api-key ${ANTHROPIC_KEY}` } }, 'invalid x-api-key'],
  ])('given HTTP 401 from %s, should yield RUN_STARTED then RUN_ERROR naming the status and the provider message, never the key', async (id, key, error, said) => {
    const { fetchImpl } = fakeFetch(() => new Response(JSON.stringify(error), { status: 401, statusText: 'Unauthorized', headers: { 'content-type': 'application/json' } }))
    const out = await collect(agentOf(both, fetchImpl, id).run(runInput([user('u1', 'Hi')]), fakeContext()))
    expectValid(out)
    expect(types(out)).toEqual(['RUN_STARTED', 'RUN_ERROR'])
    expect(out[0]).toMatchObject({ threadId: 'thread-1', runId: 'run-1' })
    expect(out[1]).toMatchObject({ code: 'http_401' })
    const message = String(out[1]!.message)
    expect(message).toContain('401')
    expect(message).toContain(said)
    expect(message).not.toContain(key)
    expect(message).not.toContain('sk-')
    expect(JSON.stringify(out)).not.toContain(key)
  })

  it.each([
    ['openai', OPENAI_KEY, (key: string) => openaiSse([...fixture('openai-responses', 'summary-then-answer.json').slice(0, 4), { type: 'error', code: `bad_key_${key}`, message: `Invalid key ${key}`, param: null }])],
    ['anthropic', ANTHROPIC_KEY, (key: string) => anthropicSse([...fixture('anthropic', 'thinking-then-text.json').slice(0, 3), { type: 'error', error: { type: `authentication_error ${key}`, message: `invalid x-api-key ${key}` } }])],
  ])('given an in-stream error event from %s that quotes the key, should scrub it from RUN_ERROR (message and code)', async (id, key, stream) => {
    const { fetchImpl } = fakeFetch(() => sseResponse(stream(key)))
    const out = await collect(agentOf(both, fetchImpl, id).run(runInput([user('u1', 'Hi')]), fakeContext()))
    expectValid(out)
    const error = out.at(-1)!
    expect(error.type).toBe('RUN_ERROR')
    expect(String(error.message)).toMatch(/^(Invalid key|invalid x-api-key) \[redacted\]$/)
    expect(String(error.code)).toContain('[redacted]')
    expect(JSON.stringify(out)).not.toContain(key)
  })

  it('given an error body that is not JSON, should still report the status', async () => {
    const { fetchImpl } = fakeFetch(() => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }))
    const out = await collect(agentOf(both, fetchImpl, 'openai').run(runInput([user('u1', 'Hi')]), fakeContext()))
    expect(types(out)).toEqual(['RUN_STARTED', 'RUN_ERROR'])
    expect(out[1]!.message).toBe('OpenAI answered HTTP 502 Bad Gateway: <html>Bad gateway</html>')
  })

  it.each(['openai', 'anthropic'])('given fetch rejecting (%s), should yield RUN_STARTED then RUN_ERROR with the network error', async (id) => {
    const fetchImpl = (async () => {
      throw new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:443') })
    }) as typeof fetch
    const out = await collect(agentOf(both, fetchImpl, id).run(runInput([user('u1', 'Hi')]), fakeContext()))
    expectValid(out)
    expect(types(out)).toEqual(['RUN_STARTED', 'RUN_ERROR'])
    expect(out[1]).toMatchObject({ code: 'network_error' })
    expect(String(out[1]!.message)).toMatch(/^Could not reach (OpenAI|Anthropic) at https:\/\/.*: fetch failed \(connect ECONNREFUSED 127\.0\.0\.1:443\)$/)
  })

  it('given a body that ends before the response completed, should end with RUN_ERROR and leave the reasoning interrupted', async () => {
    const events = fixture('openai-responses', 'summary-then-answer.json').slice(0, 20)
    const { fetchImpl } = fakeFetch(() => sseResponse(openaiSse(events).replace('data: [DONE]\r\n\r\n', '')))
    const out = await collect(agentOf(both, fetchImpl, 'openai').run(runInput([user('u1', 'Hi')]), fakeContext()))
    expectValid(out)
    expect(out.at(-1)).toMatchObject({ type: 'RUN_ERROR', code: 'stream_ended' })
    expect(stateOf(out).blocks.map((b) => b.status)).toEqual(['interrupted'])
  })

  it.each([
    ['openai', ''],
    ['anthropic', ''],
    ['openai', ': keep-alive\n\ndata: not json\n\n'],
  ])('given a 200 body with no provider events (%s, %j), should still yield RUN_STARTED then RUN_ERROR', async (id, text) => {
    const { fetchImpl } = fakeFetch(() => sseResponse(text))
    const out = await collect(agentOf(both, fetchImpl, id).run(runInput([user('u1', 'Hi')]), fakeContext()))
    expectValid(out)
    expect(types(out)).toEqual(['RUN_STARTED', 'RUN_ERROR'])
  })

  it('given the connection failing mid-stream, should end with RUN_ERROR saying so', async () => {
    const manual = manualResponse()
    const { fetchImpl } = fakeFetch(() => manual.response)
    const events = fixture('anthropic', 'thinking-then-text.json')
    const run = agentOf(both, fetchImpl, 'anthropic').run(runInput([user('u1', 'Hi')]), fakeContext())[Symbol.asyncIterator]()
    manual.send(anthropicSse(events.slice(0, 5)))
    const out: DemoEvent[] = []
    for (;;) {
      const step = await run.next()
      if (step.done) break
      out.push(step.value)
      if (step.value.type === 'REASONING_MESSAGE_CONTENT') manual.fail(new TypeError('terminated'))
    }
    expectValid(out)
    expect(out.at(-1)).toMatchObject({ type: 'RUN_ERROR', code: 'network_error', message: 'The connection to Anthropic failed mid-stream: terminated' })
    expect(stateOf(out).blocks.map((b) => b.status)).toEqual(['interrupted'])
  })
})

describe('live agents: streaming and aborting', () => {
  const env = { OPENAI_API_KEY: OPENAI_KEY }

  it('should yield events as the body arrives, not when it ends', async () => {
    const manual = manualResponse()
    const { fetchImpl } = fakeFetch(() => manual.response)
    const events = fixture('openai-responses', 'summary-then-answer.json')
    const run = agentOf(env, fetchImpl, 'openai').run(runInput([user('u1', 'Hi')]), fakeContext())[Symbol.asyncIterator]()
    manual.send(openaiSse(events.slice(0, 6)))
    const early: string[] = []
    while (!early.includes('REASONING_MESSAGE_CONTENT')) {
      const step = await run.next()
      expect(step.done).toBe(false)
      early.push(step.value!.type)
    }
    expect(early.slice(0, 4)).toEqual(['RUN_STARTED', 'REASONING_START', 'REASONING_MESSAGE_START', 'REASONING_MESSAGE_CONTENT'])
    manual.send(openaiSse(events.slice(6)))
    manual.close()
    const rest: DemoEvent[] = []
    for (let step = await run.next(); !step.done; step = await run.next()) rest.push(step.value)
    expect(rest.at(-1)!.type).toBe('RUN_FINISHED')
  })

  it('given the signal aborting mid-stream, should stop without a further event and cancel the body', async () => {
    const manual = manualResponse()
    const { fetchImpl } = fakeFetch(() => manual.response)
    const controller = new AbortController()
    const run = agentOf(env, fetchImpl, 'openai').run(runInput([user('u1', 'Hi')]), fakeContext({ signal: controller.signal }))[Symbol.asyncIterator]()
    manual.send(openaiSse(fixture('openai-responses', 'summary-then-answer.json').slice(0, 6)))
    expect((await run.next()).value).toMatchObject({ type: 'RUN_STARTED' })
    controller.abort()
    const after: DemoEvent[] = []
    for (let step = await run.next(); !step.done; step = await run.next()) after.push(step.value)
    expect(after.filter((e) => e.type.startsWith('RUN_'))).toEqual([])
    expect(manual.state.cancelled).toBe(true)
  })

  it('given the signal aborting while fetch is pending, should stop without events', async () => {
    const controller = new AbortController()
    const fetchImpl = ((_url: string, init?: RequestInit) =>
      new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('This operation was aborted', 'AbortError')))
      })) as typeof fetch
    const pending = collect(agentOf(env, fetchImpl, 'openai').run(runInput([user('u1', 'Hi')]), fakeContext({ signal: controller.signal })))
    controller.abort()
    expect(await pending).toEqual([])
  })

  it('given the consumer stopping early, should cancel the provider body', async () => {
    const manual = manualResponse()
    const { fetchImpl } = fakeFetch(() => manual.response)
    const run = agentOf(env, fetchImpl, 'openai').run(runInput([user('u1', 'Hi')]), fakeContext())[Symbol.asyncIterator]()
    manual.send(openaiSse(fixture('openai-responses', 'summary-then-answer.json').slice(0, 6)))
    await run.next()
    await run.return?.()
    expect(manual.state.cancelled).toBe(true)
  })
})

// --- Ollama (a local server's models, no key)

/** A real Ollama stream (test/fixtures/providers/recorded/ollama, see SOURCE.md there), as Ollama sends it. */
const ollamaRecording = readFileSync(join(import.meta.dirname, '../fixtures/providers/recorded/ollama/generate-gpt-oss-120b-thinking.ndjson'), 'utf8')
const tags = (...names: string[]) => Response.json({ models: names.map((name) => ({ name, model: name, size: 1 })) })

describe('ollamaAgents', () => {
  it('should find the server as Ollama does: OLLAMA_HOST (host, host:port or URL; 0.0.0.0 is this machine), else its default port', () => {
    expect(ollamaBase({})).toBe('http://127.0.0.1:11434')
    expect(ollamaBase({ OLLAMA_HOST: '0.0.0.0' })).toBe('http://127.0.0.1:11434')
    expect(ollamaBase({ OLLAMA_HOST: 'gpu-box:8080' })).toBe('http://gpu-box:8080')
    expect(ollamaBase({ OLLAMA_HOST: 'https://ollama.example/base/' })).toBe('https://ollama.example/base')
  })

  it('given a server with models, should list one live agent per model, and none when no server answers', async () => {
    const { fetchImpl, calls } = fakeFetch(() => tags('qwen3:8b', 'gpt-oss:20b'))
    const agents = await ollamaAgents({ OLLAMA_HOST: 'gpu-box:8080' }, fetchImpl)
    expect(calls.map((c) => c.url)).toEqual(['http://gpu-box:8080/api/tags'])
    expect(agents.map((a) => [a.id, a.name])).toEqual([
      ['ollama-qwen3-8b', 'qwen3:8b (Ollama)'],
      ['ollama-gpt-oss-20b', 'gpt-oss:20b (Ollama)'],
    ])
    const lines: string[] = []
    const down = (async () => {
      throw new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:11434') })
    }) as typeof fetch
    // Unset: quietly none (most machines have no Ollama); set: one line that says why.
    expect(await ollamaAgents({}, down, (line) => lines.push(line))).toEqual([])
    expect(lines).toEqual([])
    expect(await ollamaAgents({ OLLAMA_HOST: 'localhost:11434' }, down, (line) => lines.push(line))).toEqual([])
    expect(lines).toEqual(['Ollama at http://localhost:11434 did not list its models (fetch failed (connect ECONNREFUSED 127.0.0.1:11434)); no Ollama models listed.'])
  })

  it('should POST /api/chat with thinking on and stream the model\'s thinking through the Ollama adapter', async () => {
    let turn = 0
    const { fetchImpl, calls } = fakeFetch(() => (turn++ === 0 ? tags('gpt-oss:120b') : new Response(ollamaRecording, { headers: { 'content-type': 'application/x-ndjson' } })))
    const [agent] = await ollamaAgents({}, fetchImpl)
    const out = await collect(agent!.run(runInput([user('u1', 'Describe a rabbit in 3 words')]), fakeContext()))
    expect(calls[1]!.url).toBe('http://127.0.0.1:11434/api/chat')
    expect(headersOf(calls[1]).get('accept')).toBe('application/x-ndjson')
    expect(bodyOf(calls[1])).toEqual({ model: 'gpt-oss:120b', messages: [{ role: 'user', content: 'Describe a rabbit in 3 words' }], stream: true, think: true })
    expectValid(out)
    const thinking = ollamaRecording.trim().split('\n').map((l) => (JSON.parse(l) as { thinking?: string }).thinking ?? '').join('')
    expect(summarize(stateOf(out)).blocks).toEqual([{ status: 'complete', kinds: ['text'], text: [thinking], title: undefined, encrypted: false }])
    expect(answer(out)).toBe('Fluffy, swift, gentle.')
    expect(out.at(-1)).toMatchObject({ type: 'RUN_FINISHED', usage: [{ provider: 'ollama', model: 'gpt-oss:120b', inputTokens: 81, outputTokens: 53 }] })
  })
})

describe('buildOllamaRequest', () => {
  it('given a multi-turn transcript, should send text, tool calls with object arguments and results by tool name, and no reasoning', () => {
    const request = buildOllamaRequest(runInput(transcript, { tools: [weatherTool] }), { model: 'qwen3:8b' })
    expect(request).toEqual({
      path: '/api/chat',
      body: {
        model: 'qwen3:8b',
        messages: [
          { role: 'system', content: 'You are a concise assistant.' },
          { role: 'system', content: 'Use metric units.' },
          { role: 'user', content: 'What is the weather in Paris?' },
          { role: 'assistant', content: "I'll look that up.", tool_calls: [{ function: { name: 'get_weather', arguments: { city: 'Paris' } } }] },
          { role: 'tool', content: '{"temp_c":18,"sky":"cloudy"}', tool_name: 'get_weather' },
          { role: 'assistant', content: '18 °C and cloudy.' },
          { role: 'user', content: 'And tomorrow?\n\nKeep it short.' },
        ],
        tools: [{ type: 'function', function: { name: 'get_weather', description: weatherTool.description, parameters: weatherTool.parameters } }],
        stream: true,
        think: true,
      },
    })
    expect(JSON.stringify(request)).not.toContain(THINKING_1)
  })
})

// --- Gemini (GEMINI_API_KEY)

const GEMINI_KEY = 'AIzaSyTest0123456789abcdef'
/** A real Gemini stream (test/fixtures/providers/recorded/gemini, see SOURCE.md there), the SSE body as Gemini sent it. */
const geminiRecording = readFileSync(join(import.meta.dirname, '../fixtures/providers/recorded/gemini/gemini-2.5-pro-thoughts.sse'), 'utf8')

describe('Gemini live agent', () => {
  it('given GEMINI_API_KEY, should list it and stream the recorded thoughts through the Gemini adapter, the key in a header only', async () => {
    const { fetchImpl, calls } = fakeFetch(() => sseResponse(geminiRecording))
    const agent = agentOf({ GEMINI_API_KEY: GEMINI_KEY }, fetchImpl, 'gemini')
    expect(agent.description).toMatch(/^Live: gemini-2\.5-flash /)
    const out = await collect(agent.run(runInput([user('u1', 'How do I cross the street?')]), fakeContext()))
    expect(calls[0]!.url).toBe('https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse')
    expect(headersOf(calls[0]).get('x-goog-api-key')).toBe(GEMINI_KEY)
    expect(calls[0]!.url).not.toContain(GEMINI_KEY)
    expect(bodyOf(calls[0])).toEqual({ contents: [{ role: 'user', parts: [{ text: 'How do I cross the street?' }] }], generationConfig: { thinkingConfig: { includeThoughts: true } } })
    expectValid(out)
    const thoughts = geminiRecording.split(/\r?\n\r?\n/).filter((e) => e.startsWith('data:')).flatMap((e) => {
      const parts = ((JSON.parse(e.slice(5)) as { candidates: { content: { parts: { text?: string; thought?: boolean }[] } }[] }).candidates[0]!.content.parts)
      return parts.filter((p) => p.thought).map((p) => p.text ?? '')
    }).join('')
    expect(summarize(stateOf(out)).blocks.map((b) => b.text)).toEqual([[thoughts]])
    expect(out.at(-1)).toMatchObject({ type: 'RUN_FINISHED', usage: [{ provider: 'google', model: 'gemini-2.5-pro', inputTokens: 34, reasoningTokens: 787 }] })
  })
})

describe('buildGeminiRequest', () => {
  it('given a multi-turn transcript, should send turns, calls with their results, the signature it issued on the model turn it led to, and no thought text', () => {
    const request = buildGeminiRequest(runInput(transcript, { tools: [weatherTool] }), { model: 'gemini-2.5-flash', keepSignature: (v) => v === 'ENC-ONE' })
    expect(request).toEqual({
      path: '/models/gemini-2.5-flash:streamGenerateContent?alt=sse',
      body: {
        contents: [
          { role: 'user', parts: [{ text: 'What is the weather in Paris?' }] },
          { role: 'model', parts: [{ text: "I'll look that up.", thoughtSignature: 'ENC-ONE' }, { functionCall: { name: 'get_weather', args: { city: 'Paris' } } }] },
          { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { output: '{"temp_c":18,"sky":"cloudy"}' } } }] },
          { role: 'model', parts: [{ text: '18 °C and cloudy.' }] },
          { role: 'user', parts: [{ text: 'And tomorrow?' }, { text: 'Keep it short.' }] },
        ],
        systemInstruction: { parts: [{ text: 'You are a concise assistant.\n\nUse metric units.' }] },
        tools: [{ functionDeclarations: [{ name: 'get_weather', description: weatherTool.description, parameters: weatherTool.parameters }] }],
        generationConfig: { thinkingConfig: { includeThoughts: true } },
      },
    })
    expect(JSON.stringify(request)).not.toContain(THINKING_1)
  })
})

