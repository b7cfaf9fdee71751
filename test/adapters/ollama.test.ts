/**
 * Ollama's native API (`/api/chat`, `/api/generate`, NDJSON). The objects here are in the shape
 * Ollama sends (see the real recordings in test/fixtures/providers/recorded/ollama, which
 * recorded.test.ts runs); each test builds only what its behaviour needs.
 */
import type { TokenUsage } from '@ag-ui/core'
import { describe, expect, it, vi } from 'vitest'
import { createReasoningStore, toReasoningMessages } from 'reasoning-ui/core'
import { connectOllama, createOllamaTranslator, translateOllama } from 'reasoning-ui/adapters/ollama'
import { cutText, expectChunkingInvariant, storeOf, summarize, translateChecked } from '../helpers/adapters'

type Chunk = Record<string, unknown>

const MODEL = 'qwen3:0.6b'
let clock = Date.parse('2026-10-03T14:11:06.000Z')
/** A chat chunk, dated 10 ms after the last. */
const chat = (message: Chunk, extra: Chunk = {}): Chunk => {
  clock += 10
  return { model: MODEL, created_at: new Date(clock).toISOString(), message: { role: 'assistant', content: '', ...message }, done: false, ...extra }
}
const done = (extra: Chunk = {}): Chunk => chat({}, { done: true, done_reason: 'stop', prompt_eval_count: 20, eval_count: 137, ...extra })

const types = (events: readonly { type: string }[]) => events.map((e) => e.type)

describe('createOllamaTranslator', () => {
  it('given /api/chat with thinking, should stream one reasoning block, then the answer, and finish with the counts as AG-UI usage', () => {
    const events = translateChecked(createOllamaTranslator, [
      chat({ thinking: 'Okay' }),
      chat({ thinking: ', the user asks' }),
      chat({ content: '2 + 3' }),
      chat({ content: ' = 5.' }),
      done(),
    ])
    const state = storeOf(events).getState()
    expect(summarize(state).blocks).toEqual([{ status: 'complete', kinds: ['text'], text: ['Okay, the user asks'], title: undefined, encrypted: false }])
    expect(events.filter((e) => e.type === 'TEXT_MESSAGE_CONTENT').map((e) => e.delta).join('')).toBe('2 + 3 = 5.')
    const last = events.at(-1) as { type: string; usage?: TokenUsage[] }
    expect(last.type).toBe('RUN_FINISHED')
    expect(last.usage).toEqual([{ provider: 'ollama', model: MODEL, inputTokens: 20, outputTokens: 137, totalTokens: 157 }])
  })

  it('should date each event by its object\'s created_at, so the block lasts as long as the model thought', () => {
    const start = clock + 10
    const events = translateChecked(createOllamaTranslator, [chat({ thinking: 'a' }), chat({ thinking: 'b' }), chat({ thinking: 'c' }), chat({ content: 'x' }), done()])
    const block = storeOf(events).getState().blocks[0]!
    expect(block.startedAt).toBe(start)
    // Its end is dated by the object that started the answer: three pieces of thinking, 30 ms.
    expect(block.endedAt).toBe(start + 30)
  })

  it('given /api/generate, should read `thinking` and `response` at the top of each object', () => {
    const generate = (fields: Chunk): Chunk => ({ model: 'gpt-oss:120b', created_at: '2025-08-23T11:02:35.981511874Z', response: '', done: false, ...fields })
    const events = translateChecked(createOllamaTranslator, [
      generate({}),
      generate({ thinking: 'User asks' }),
      generate({ thinking: ' for 3 words.' }),
      generate({ response: 'Fluffy, swift, gentle.' }),
      generate({ done: true, done_reason: 'stop', prompt_eval_count: 81, eval_count: 53 }),
    ])
    expect(summarize(storeOf(events).getState()).blocks.map((b) => b.text)).toEqual([['User asks for 3 words.']])
    expect(types(events).at(-1)).toBe('RUN_FINISHED')
  })

  it('given <think> in the answer (no `think` asked for, an older server), should read it as reasoning, whatever the chunking', () => {
    const pieces = ['<think>', '\n', 'Okay, a rabbit', ' in two sentences.', '\n', '</think>', '\n\n', 'Rabbits are', ' small.']
    const generate = (response: string): Chunk => ({ model: 'qwen3:8b', created_at: '2025-08-01T21:43:42.9872176Z', response, done: false })
    const stream = [...pieces.map(generate), { ...generate(''), done: true, done_reason: 'stop' }]
    const events = translateChecked(createOllamaTranslator, stream)
    expect(summarize(storeOf(events).getState()).blocks.map((b) => b.text)).toEqual([['Okay, a rabbit in two sentences.']])
    expect(events.filter((e) => e.type === 'TEXT_MESSAGE_CONTENT').map((e) => e.delta).join('')).toBe('Rabbits are small.')
    // Off: the tags are the answer's own text.
    const off = translateChecked(() => createOllamaTranslator({ thinkTags: false }), stream)
    expect(storeOf(off).getState().blocks).toEqual([])
    expect(off.filter((e) => e.type === 'TEXT_MESSAGE_CONTENT').map((e) => e.delta).join('')).toBe(pieces.join(''))
    expectChunkingInvariant(createOllamaTranslator, stream, (value, cuts) => {
      const chunk = value as Chunk
      return cutText(chunk.response as string, cuts).map((response) => ({ ...chunk, response }))
    })
  })

  it('given thinking re-cut anywhere, should end with the same block', () => {
    const stream = [chat({ thinking: 'The user wants me to read two files before answering.' }), chat({ content: 'Reading them now.' }), done()]
    expectChunkingInvariant(createOllamaTranslator, stream, (value, cuts) => {
      const chunk = value as Chunk
      const message = chunk.message as Chunk
      const key = typeof message.thinking === 'string' ? 'thinking' : 'content'
      return cutText(message[key] as string, cuts).map((piece) => ({ ...chunk, message: { ...message, [key]: piece } }))
    })
  })

  it('given tool calls (whole, arguments as an object), should close the reasoning and call each, with the arguments as JSON', () => {
    const events = translateChecked(createOllamaTranslator, [
      chat({ thinking: 'I need both files.' }),
      chat({
        tool_calls: [
          { id: 'call_trmym6vj', function: { index: 0, name: 'read_file_content', arguments: { file_name: 'A.java' } } },
          { function: { index: 1, name: 'read_file_content', arguments: { file_name: 'B.java' } } },
        ],
      }),
      done(),
    ])
    const starts = events.filter((e) => e.type === 'TOOL_CALL_START')
    expect(starts.map((e) => [e.toolCallId, e.toolCallName])).toEqual([
      ['call_trmym6vj', 'read_file_content'],
      ['ollama:tool:1', 'read_file_content'],
    ])
    expect(events.filter((e) => e.type === 'TOOL_CALL_ARGS').map((e) => e.delta)).toEqual(['{"file_name":"A.java"}', '{"file_name":"B.java"}'])
    // The reasoning ended before the first call.
    expect(types(events).indexOf('REASONING_END')).toBeLessThan(types(events).indexOf('TOOL_CALL_START'))
    expect(storeOf(events).getState().blocks).toHaveLength(1)
  })

  it('given thinking again after a tool call, should start a second block', () => {
    const events = translateChecked(createOllamaTranslator, [
      chat({ thinking: 'First.' }),
      chat({ tool_calls: [{ function: { name: 'lookup', arguments: {} } }] }),
      chat({ thinking: 'Second.' }),
      chat({ content: 'Done.' }),
      done(),
    ])
    expect(summarize(storeOf(events).getState()).blocks.map((b) => b.text)).toEqual([['First.'], ['Second.']])
  })

  it('given a stream: false response (one object), should translate it whole', () => {
    const response = {
      model: 'qwen3:latest',
      created_at: '2025-09-17T05:21:21.503148Z',
      message: { role: 'assistant', content: 'Hello! How can I help?', thinking: 'The user said hello.' },
      done_reason: 'stop',
      done: true,
      prompt_eval_count: 11,
      eval_count: 101,
    }
    const events = translateOllama([response])
    expect(summarize(storeOf(events).getState()).blocks.map((b) => b.text)).toEqual([['The user said hello.']])
    expect(types(events).at(-1)).toBe('RUN_FINISHED')
  })

  it('given done_reason length while it was still thinking, should end with RUN_ERROR, the block interrupted with its text', () => {
    const events = translateChecked(createOllamaTranslator, [chat({ thinking: 'Let me think about this carefully' }), done({ done_reason: 'length' })])
    const state = storeOf(events).getState()
    expect(types(events).at(-1)).toBe('RUN_ERROR')
    expect(state.blocks[0]).toMatchObject({ status: 'interrupted' })
    expect(state.blocks[0]!.messages[0]!.text).toBe('Let me think about this carefully')
    // Cut by the limit in the answer: the reasoning is whole, the run finished.
    const answered = translateChecked(createOllamaTranslator, [chat({ thinking: 'Short.' }), chat({ content: 'A long' }), done({ done_reason: 'length' })])
    expect(types(answered).at(-1)).toBe('RUN_FINISHED')
  })

  it('given a body that ends before its last object, should end with RUN_ERROR, the reasoning interrupted with its text', () => {
    const events = translateChecked(createOllamaTranslator, [chat({ thinking: 'Halfway through' })])
    expect(types(events).at(-1)).toBe('RUN_ERROR')
    expect(storeOf(events).getState().blocks[0]).toMatchObject({ status: 'interrupted' })
  })

  it('given an error object mid-stream, should end with its message', () => {
    const events = translateChecked(createOllamaTranslator, [chat({ thinking: 'Hmm' }), { error: "model 'no-such-model:latest' not found" }])
    expect(events.at(-1)).toMatchObject({ type: 'RUN_ERROR', message: "model 'no-such-model:latest' not found" })
  })

  it('given malformed objects, should skip them with a diagnostic and keep the text around them', () => {
    const t = createOllamaTranslator()
    const out = [
      ...t.push(chat({ thinking: 'Before.' })),
      ...t.push('not an object'),
      ...t.push({ model: MODEL, message: 'text', done: false }),
      ...t.push(chat({ tool_calls: 'lookup' })),
      ...t.push(chat({ tool_calls: [{ function: { arguments: {} } }] })),
      ...t.push(chat({ thinking: ' After.' })),
      ...t.push(done()),
      ...t.end(),
    ]
    expect(t.diagnostics.map((d) => d.index)).toEqual([1, 2, 3, 4])
    expect(summarize(storeOf(out).getState()).blocks.map((b) => b.text)).toEqual([['Before. After.']])
    expect(types(out).at(-1)).toBe('RUN_FINISHED')
  })

  it('should keep no reasoning value for the round trip (Ollama has none): the history holds the text', () => {
    const state = storeOf(translateChecked(createOllamaTranslator, [chat({ thinking: 'Plain thinking.' }), chat({ content: 'Answer.' }), done()])).getState()
    expect(toReasoningMessages(state).map((m) => [m.content, m.encryptedValue])).toEqual([['Plain thinking.', undefined]])
  })
})

describe('connectOllama', () => {
  it('should read an NDJSON body into the store, asking for NDJSON', async () => {
    const lines = [chat({ thinking: 'Thinking it over.' }), chat({ content: 'Done.' }), done()].map((c) => JSON.stringify(c)).join('\n') + '\n'
    const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(lines, { headers: { 'content-type': 'application/x-ndjson' } }))
    const store = createReasoningStore({ flush: 'sync' })
    connectOllama('http://localhost:11434/api/chat', store, { fetch, init: { method: 'POST', body: '{}' } })
    await vi.waitFor(() => expect(store.getState().runs.at(-1)?.status).toBe('finished'))
    expect(store.getState().blocks.map((b) => b.messages.map((m) => m.text))).toEqual([['Thinking it over.']])
    expect(new Headers(fetch.mock.calls[0]![1]?.headers).get('accept')).toContain('application/x-ndjson')
  })
})
