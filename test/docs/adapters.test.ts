// The adapter samples of docs/adapters.md, run against recorded provider streams served by a
// stubbed fetch (and, for MEUP, a stubbed WebSocket). (test/docs/samples.test.ts checks that the
// docs show them verbatim.)
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { MockLanguageModelV4 } from 'ai/test'
import { simulateReadableStream } from 'ai'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createReasoningStore, type ReasoningStore } from 'reasoning-ui/core'
import { connectVercelAI, type AgUiEvent } from 'reasoning-ui/adapters'
import { recording, routedFetch, sseResponse } from './sse'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.resetModules()
})

/** Waits until the store's latest run has ended; gives its state. */
async function ended(store: ReasoningStore) {
  await vi.waitFor(() => {
    const runs = Object.values(store.getState().runs)
    expect(runs.length).toBeGreaterThan(0)
    expect(runs.every((r) => r.status !== 'running')).toBe(true)
  })
  return store.getState()
}

const texts = (store: ReasoningStore) => store.getState().blocks.flatMap((b) => b.messages.map((m) => m.text))

describe('docs/adapters.md', () => {
  it('the translator shape: should forward a recorded Responses stream as AG-UI events, closing the run', async () => {
    const { forward } = await import('./examples/adapters/translator')
    async function* provider() { yield* recording('openai-responses/summary-then-answer.json') }
    const sent: AgUiEvent[] = []
    const diagnostics = await forward(provider(), (e) => sent.push(e))
    expect(diagnostics).toEqual([])
    expect(sent[0]).toMatchObject({ type: 'RUN_STARTED', threadId: 'thread-1' })
    expect(sent.at(-1)).toMatchObject({ type: 'RUN_FINISHED' })
    expect(sent.some((e) => e.type === 'REASONING_MESSAGE_CONTENT')).toBe(true)
  })

  it('OpenAI Responses: should stream a response and show a stored Response object', async () => {
    const { fetch, calls } = routedFetch({
      '/api/responses': () => sseResponse(recording('openai-responses/summary-then-answer.json'), { named: true }),
      '/api/responses/once': () => Response.json(recording('openai-responses/response-object.json')),
    })
    vi.stubGlobal('fetch', fetch)
    const { showResponse, streamResponse } = await import('./examples/adapters/openai')
    const streamed = createReasoningStore({ flush: 'sync' })
    streamResponse(streamed, 'Is 2027 prime?')
    expect((await ended(streamed)).blocks.length).toBeGreaterThan(0)
    expect(texts(streamed).join('')).not.toBe('')
    expect(calls[0]!.init).toMatchObject({ method: 'POST', body: JSON.stringify({ input: 'Is 2027 prime?' }) })
    const once = createReasoningStore({ flush: 'sync' })
    await showResponse(once)
    expect(once.getState().blocks.length).toBeGreaterThan(0)
    expect(Object.values(once.getState().runs)[0]).toMatchObject({ status: 'finished' })
  })

  it('Anthropic: should send the request and fill the store with the thinking', async () => {
    const { fetch, calls } = routedFetch({
      '/api/claude': () => sseResponse(recording('anthropic/thinking-then-text.json'), { named: true }),
    })
    vi.stubGlobal('fetch', fetch)
    const { store } = await import('./examples/adapters/anthropic')
    await ended(store)
    expect(JSON.parse(String(calls[0]!.init!.body))).toMatchObject({ thinking: { type: 'enabled' }, stream: true })
    expect(texts(store).join('')).toContain('2027')
    expect(store.getState().blocks[0]?.messages[0]?.meta?.signature).toBeTruthy()
  })

  it('chat completions: should stream one completion and translate a non-streaming one', async () => {
    const { fetch, calls } = routedFetch({
      '/api/chat/completions': () => calls.length === 1
        ? sseResponse(recording('chat-completions/deepseek-reasoning-content.json'), { done: true })
        : Response.json(recording('chat-completions/deepseek-completion.json')),
    })
    vi.stubGlobal('fetch', fetch)
    const { once, store } = await import('./examples/adapters/chat-completions')
    await ended(store)
    expect(texts(store).join('')).not.toBe('')
    expect(calls.map((c) => JSON.parse(String(c.init!.body)).stream)).toEqual([true, false])
    expect(once.getState().blocks[0]?.status).toBe('complete')
    expect(texts(once).join('')).not.toBe('')
  })

  it('Gemini: should post the request with thoughts included and read the SSE body', async () => {
    // A real recording (test/fixtures/providers/recorded/gemini), as Gemini sends it.
    const body = readFileSync(join(import.meta.dirname, '../fixtures/providers/recorded/gemini/gemini-2.5-pro-thoughts.sse'), 'utf8')
    const { fetch, calls } = routedFetch({
      '/api/gemini/models/gemini-2.5-pro:streamGenerateContent?alt=sse': () => new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
    })
    vi.stubGlobal('fetch', fetch)
    const { store } = await import('./examples/adapters/gemini')
    await ended(store)
    expect(JSON.parse(String(calls[0]!.init!.body))).toMatchObject({ generationConfig: { thinkingConfig: { includeThoughts: true } } })
    expect(texts(store).join('')).toContain('Clarifying User Goals')
  })

  it('AWS Bedrock: should read the SDK\'s event stream into the store', async () => {
    // A real recording (test/fixtures/providers/recorded/bedrock), one event object a line, as the SDK yields them.
    const lines = readFileSync(join(import.meta.dirname, '../fixtures/providers/recorded/bedrock/claude-reasoning-signature.chunks.txt'), 'utf8')
    async function* stream() {
      for (const line of lines.split('\n')) if (line.trim() !== '') yield JSON.parse(line) as unknown
    }
    const { showConverseStream } = await import('./examples/adapters/bedrock')
    const { store } = showConverseStream(stream())
    await ended(store)
    expect(texts(store).join('')).toContain('Let me count the r')
    expect(store.getState().blocks[0]?.messages[0]?.meta?.signature).toBeTruthy()
  })

  it('Ollama: should post the request with think on and read the NDJSON body', async () => {
    // A real recording (test/fixtures/providers/recorded/ollama), as Ollama sends it.
    const body = readFileSync(join(import.meta.dirname, '../fixtures/providers/recorded/ollama/generate-gpt-oss-120b-thinking.ndjson'), 'utf8')
    const { fetch, calls } = routedFetch({
      'http://localhost:11434/api/chat': () => new Response(body, { headers: { 'content-type': 'application/x-ndjson' } }),
    })
    vi.stubGlobal('fetch', fetch)
    const { store } = await import('./examples/adapters/ollama')
    await ended(store)
    expect(JSON.parse(String(calls[0]!.init!.body))).toMatchObject({ think: true })
    expect(texts(store).join('')).toContain('Describe a rabbit in 3 words')
  })

  it('Vercel AI SDK: should post the messages and read the UI message stream', async () => {
    const { fetch, calls } = routedFetch({
      '/api/chat': () => sseResponse(recording('vercel-ai/anthropic-thinking-then-answer.json'), { done: true }),
    })
    vi.stubGlobal('fetch', fetch)
    const { send } = await import('./examples/adapters/vercel-ai')
    const store = createReasoningStore({ flush: 'sync' })
    send(store, [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Hi' }] }])
    await ended(store)
    expect(JSON.parse(String(calls[0]!.init!.body)).messages[0].id).toBe('u1')
    expect(texts(store).join('')).toContain('The user asks')
  })

  it('token usage (AI SDK route): should carry the run\'s reasoning tokens to the store', async () => {
    const { chat } = await import('./examples/adapters/ai-sdk-usage')
    const model = new MockLanguageModelV4({
      doStream: {
        stream: simulateReadableStream({
          chunks: [
            { type: 'stream-start', warnings: [] },
            { type: 'reasoning-start', id: 'r' },
            { type: 'reasoning-delta', id: 'r', delta: 'Counting legs.' },
            { type: 'reasoning-end', id: 'r' },
            { type: 'text-start', id: 't' },
            { type: 'text-delta', id: 't', delta: '8 rabbits.' },
            { type: 'text-end', id: 't' },
            {
              type: 'finish',
              finishReason: { unified: 'stop', raw: 'stop' },
              usage: {
                inputTokens: { total: 20, noCache: 20, cacheRead: undefined, cacheWrite: undefined },
                outputTokens: { total: 300, text: 44, reasoning: 256 },
              },
            },
          ],
        }),
      },
    })
    const store = createReasoningStore({ flush: 'sync' })
    connectVercelAI(chat(model, [{ role: 'user', content: 'How many rabbits?' }]), store)
    const state = await ended(store)
    expect(texts(store)).toEqual(['Counting legs.'])
    expect(Object.values(state.runs)[0]?.usage).toEqual([expect.objectContaining({ reasoningTokens: 256, outputTokens: 300 })])
  })

  it('Letta: should read the agent\'s step stream', async () => {
    const { fetch, calls } = routedFetch({
      '/api/letta/agents/agent-123/messages/stream': () => sseResponse(recording('letta/reasoning-and-answer.json')),
    })
    vi.stubGlobal('fetch', fetch)
    const { store } = await import('./examples/adapters/letta')
    await ended(store)
    expect(JSON.parse(String(calls[0]!.init!.body))).toMatchObject({ stream_tokens: true })
    expect(texts(store).join('')).not.toBe('')
  })

  it('MEUP: should read a transcript over HTTP and a live WebSocket', async () => {
    const envelopes = recording('meup/reasoning-and-answer.json')
    const { fetch } = routedFetch({
      '/api/pods/design-review/transcript': () => new Response(envelopes.map((e) => JSON.stringify(e)).join('\n') + '\n'),
    })
    vi.stubGlobal('fetch', fetch)
    /** A gateway that sends the recorded envelopes, then closes. */
    class Gateway {
      onmessage: ((message: { data: string }) => void) | null = null
      onclose: (() => void) | null = null
      constructor(readonly url: string) {
        setTimeout(() => {
          for (const e of envelopes) this.onmessage?.({ data: JSON.stringify(e) })
          this.onclose?.()
        })
      }
    }
    vi.stubGlobal('WebSocket', Gateway)
    const { live, store } = await import('./examples/adapters/meup')
    await ended(store)
    await ended(live)
    expect(texts(store).join('')).not.toBe('')
    expect(texts(live)).toEqual(texts(store))
    expect(live.getState().blocks[0]?.messages[0]?.kind).toBe('step')
  })
})
