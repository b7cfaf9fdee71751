import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { createReasoningStore, isEncryptedOnly, selectStreamStatus, toReasoningMessages } from 'reasoning-ui/core'
import { DONE, translateAll, type AgUiEvent, type Translator } from 'reasoning-ui/adapters'
import { connectVercelAI, createVercelAITranslator, translateVercelAI } from '../../src/adapters/vercel-ai'
import { cutText, expectChunkingInvariant, expectValidEvents, storeOf, summarize, translateChecked } from '../helpers/adapters'

type Part = Record<string, unknown> & { readonly type: string }

/** A UI message stream fixture (test/fixtures/providers/vercel-ai, see SOURCE.md). */
function fixture(name: string): Part[] {
  return JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/providers/vercel-ai', name), 'utf8')) as Part[]
}

function clock(start = 1_000): () => number {
  let t = start
  return () => (t += 10)
}

const make = (): Translator<Part> => createVercelAITranslator({ now: clock() })

/** One delta part cut into several equivalent ones. */
function rechunk(part: Part, cuts: readonly number[]): Part[] {
  const key = part.type === 'tool-input-delta' ? 'inputTextDelta' : part.type.endsWith('-delta') ? 'delta' : undefined
  const value = key === undefined ? undefined : part[key]
  if (key === undefined || typeof value !== 'string' || value === '') return [part]
  return cutText(value, cuts).map((piece) => ({ ...part, [key]: piece }))
}

/** The text a fixture streams for one part id (the first such part, or the `n`th). */
function streamed(parts: readonly Part[], id: string, n = 0): string {
  let seen = -1
  let out = ''
  for (const p of parts) {
    if (p.type === 'reasoning-start' && p.id === id) seen++
    if (seen === n && p.type === 'reasoning-delta' && p.id === id) out += p.delta as string
    if (seen === n && p.type === 'reasoning-end' && p.id === id) break
  }
  return out
}

const types = (events: readonly AgUiEvent[]) => events.map((e) => e.type)

describe('Vercel AI SDK adapter: fixtures', () => {
  it('given a stream without reasoning, should emit no reasoning events (backward compatible)', () => {
    const out = translateChecked(make, fixture('no-reasoning.json'))
    expect(types(out).filter((t) => t.startsWith('REASONING'))).toEqual([])
    expect(summarize(storeOf(out).getState())).toEqual({ blocks: [], timeline: ['text'], diagnostics: [] })
  })

  it('given Anthropic thinking with a signature then the answer, should give a complete text block before the answer, signature kept out of the text', () => {
    const parts = fixture('anthropic-thinking-then-answer.json')
    const out = translateChecked(make, parts)
    const state = storeOf(out).getState()
    expect(summarize(state)).toEqual({
      blocks: [{ status: 'complete', kinds: ['text'], text: [streamed(parts, '0')], title: undefined, encrypted: false }],
      timeline: ['reasoning', 'text'],
      diagnostics: [],
    })
    const message = state.blocks[0]!.messages[0]!
    expect(message.text).toMatch(/^The user asks at what temperature water boils/)
    expect(message.meta?.signature).toBe('EqQBCkYIBxgCKkBsig-anthropic-thinking-signature-for-the-round-trip-3c9d0f')
    // Part ids are per-step indices: scoped by the message id so another turn in the same store cannot collide.
    expect(message.id).toBe('msg-V2m9qfX3:0')
    expect(state.timeline[1]).toMatchObject({ kind: 'text', id: 'msg-V2m9qfX3:1' })
    expect(state.runs).toMatchObject([{ runId: 'msg-V2m9qfX3', status: 'finished' }])
  })

  it('given thinking cut by the token limit (finishReason "length"), should leave the block interrupted with its text', () => {
    const parts = fixture('token-limit-during-reasoning.json')
    const out = translateChecked(make, parts)
    expect(out.at(-1)).toMatchObject({ type: 'RUN_ERROR', code: 'length' })
    expect(summarize(storeOf(out).getState())).toEqual({
      blocks: [{ status: 'interrupted', kinds: ['text'], text: [streamed(parts, '0')], title: undefined, encrypted: false }],
      timeline: ['reasoning'],
      diagnostics: [],
    })
  })

  it('given OpenAI reasoning over two steps with a tool call, should give one block per reasoning item (summary parts together), in order', () => {
    const parts = fixture('openai-agentic-reasoning-tool-reasoning.json')
    const rs1 = 'rs_68b1000000000000000000000000000000000000000000c1'
    const rs2 = 'rs_68b1000000000000000000000000000000000000000000c2'
    const out = translateChecked(make, parts)
    const state = storeOf(out).getState()
    expect(summarize(state)).toEqual({
      blocks: [
        { status: 'complete', kinds: ['summary', 'summary'], text: [streamed(parts, `${rs1}:0`), streamed(parts, `${rs1}:1`)], title: 'Looking up the population', encrypted: true },
        { status: 'complete', kinds: ['summary'], text: [streamed(parts, `${rs2}:0`)], title: 'Computing the share', encrypted: true },
      ],
      timeline: ['reasoning', 'tool-call', 'reasoning', 'text'],
      diagnostics: [],
    })
    expect(state.blocks.map((b) => b.id)).toEqual([rs1, rs2])
    expect(state.blocks[0]!.messages.map((m) => m.id)).toEqual([`${rs1}:0`, `${rs1}:1`])
    expect(state.timeline[1]).toMatchObject({ kind: 'tool-call', id: 'call_Lk2vQ8yT0aPz4NcR1mWs7Ue3', name: 'getPopulation', status: 'complete', resultMessageId: 'call_Lk2vQ8yT0aPz4NcR1mWs7Ue3:result' })
    const args = out.filter((e) => e.type === 'TOOL_CALL_ARGS').map((e) => e.delta).join('')
    expect(args).toBe('{"city":"Lyon","country":"FR"}')
    expect(out.find((e) => e.type === 'TOOL_CALL_RESULT')).toMatchObject({ content: '{"city":"Lyon","population":522250}' })
    // Each item's encrypted content, once, on its block.
    expect(out.filter((e) => e.type === 'REASONING_ENCRYPTED_VALUE').map((e) => [e.entityId, e.encryptedValue, e.encryptedValueType])).toEqual([
      [rs1, 'gAAAAABosdk-encrypted-reasoning-item-one==', 'openai.encrypted_content'],
      [rs2, 'gAAAAABosdk-encrypted-reasoning-item-two==', 'openai.encrypted_content'],
    ])
    expect(toReasoningMessages(state).filter((m) => m.encryptedValue !== undefined).map((m) => m.id)).toEqual([rs1, rs2])
  })

  it('given OpenAI encrypted reasoning without a summary, should give an encrypted-only block', () => {
    const out = translateChecked(make, fixture('openai-encrypted-reasoning.json'))
    const state = storeOf(out).getState()
    expect(summarize(state)).toEqual({
      blocks: [{ status: 'complete', kinds: ['summary'], text: [''], title: undefined, encrypted: true }],
      timeline: ['reasoning', 'text'],
      diagnostics: [],
    })
    expect(isEncryptedOnly(state.blocks[0]!)).toBe(true)
    expect(state.blocks[0]!.encryptedValue).toBe('gAAAAABosdk-encrypted-only-reasoning-value-4b1e==')
  })

  it('given Anthropic redacted thinking, should give an encrypted-only block typed anthropic.redacted_thinking, then the visible thinking', () => {
    const parts = fixture('anthropic-redacted-thinking.json')
    const out = translateChecked(make, parts)
    const state = storeOf(out).getState()
    expect(summarize(state)).toEqual({
      blocks: [
        { status: 'complete', kinds: [], text: [], title: undefined, encrypted: true },
        { status: 'complete', kinds: ['text'], text: [streamed(parts, '1')], title: undefined, encrypted: false },
      ],
      timeline: ['reasoning', 'reasoning', 'text'],
      diagnostics: [],
    })
    const [redacted, visible] = state.blocks
    expect(isEncryptedOnly(redacted!)).toBe(true)
    expect(redacted).toMatchObject({ encryptedValue: expect.stringMatching(/^EmwKAhgBEgy3/), encryptedValueType: 'anthropic.redacted_thinking' })
    expect(visible!.messages[0]!.meta?.signature).toBe('EqQBCkYIBxgCKkB-second-block-signature-7a1c')
    expect(toReasoningMessages(state)[0]).toMatchObject({ id: redacted!.id, content: '', encryptedValue: redacted!.encryptedValue })
  })

  it('given Anthropic interleaved thinking between tool uses, should give each step its own block, with the reused part ids kept apart', () => {
    const parts = fixture('anthropic-interleaved-tools.json')
    const out = translateChecked(make, parts)
    const state = storeOf(out).getState()
    expect(summarize(state)).toEqual({
      blocks: [
        { status: 'complete', kinds: ['text'], text: [streamed(parts, '0', 0)], title: undefined, encrypted: false },
        { status: 'complete', kinds: ['text'], text: [streamed(parts, '0', 1)], title: undefined, encrypted: false },
      ],
      timeline: ['reasoning', 'tool-call', 'reasoning', 'text'],
      diagnostics: [],
    })
    expect(state.blocks.map((b) => b.id)).toEqual(['msg-I5nTl3vE:0', 'msg-I5nTl3vE:0:2'])
    expect(state.blocks.map((b) => b.messages[0]!.meta?.signature)).toEqual(['EqQBCkYIBxgCKkB-step-one-signature-0b2d', 'EqQBCkYIBxgCKkB-step-two-signature-5e8f'])
    const order = types(out)
    expect(order.indexOf('REASONING_END')).toBeLessThan(order.indexOf('TOOL_CALL_START'))
  })

  it('given very long reasoning (200 KB in 4,000 deltas), should keep every character in one message', () => {
    const deltas = Array.from({ length: 4_000 }, (_, i) => `${i}: weighing one more consideration before deciding. `)
    const parts: Part[] = [
      { type: 'start' },
      { type: 'start-step' },
      { type: 'reasoning-start', id: 'r' },
      ...deltas.map((delta) => ({ type: 'reasoning-delta', id: 'r', delta })),
      { type: 'reasoning-end', id: 'r' },
      { type: 'finish-step' },
      { type: 'finish' },
    ]
    expect(deltas.join('').length).toBeGreaterThan(200_000)
    const { blocks } = storeOf(translateChecked(make, parts)).getState()
    expect(blocks).toHaveLength(1)
    expect(blocks[0]!.status).toBe('complete')
    expect(blocks[0]!.messages[0]!.text).toBe(deltas.join(''))
  })

  it('given each fixture, should report nothing', () => {
    for (const name of ['no-reasoning.json', 'anthropic-thinking-then-answer.json', 'token-limit-during-reasoning.json', 'openai-agentic-reasoning-tool-reasoning.json', 'openai-encrypted-reasoning.json', 'anthropic-redacted-thinking.json', 'anthropic-interleaved-tools.json']) {
      const t = make()
      for (const p of fixture(name)) t.push(p)
      t.end()
      expect(t.diagnostics, name).toEqual([])
    }
  })
})

describe('Vercel AI SDK adapter: chunking', () => {
  it.each([
    'anthropic-thinking-then-answer.json',
    'token-limit-during-reasoning.json',
    'openai-agentic-reasoning-tool-reasoning.json',
    'anthropic-interleaved-tools.json',
  ])('given %s re-cut at random, should end with the same blocks', (name) => {
    expectChunkingInvariant(make, fixture(name), rechunk)
  })
})

describe('Vercel AI SDK adapter: malformed and failing streams', () => {
  it('given malformed parts among good ones, should report each, never throw, and keep translating', () => {
    const parts = fixture('anthropic-thinking-then-answer.json')
    const bad: unknown[] = [
      { type: 'reasoning-delta', delta: 'no id' },
      { type: 'reasoning-delta', id: '0', delta: 42 },
      { type: 'reasoning-end', id: 'never-started' },
      { type: 'tool-input-delta', toolCallId: 'unknown', inputTextDelta: '{' },
      { type: 'text-end', id: 'never-started' },
      { type: 'tool-input-start', toolCallId: 'x' },
      undefined,
      [],
      { type: null },
    ]
    const at = parts.findIndex((p) => p.type === 'reasoning-delta') + 1
    const mixed = [...parts.slice(0, at), ...bad, ...parts.slice(at)]
    const t = createVercelAITranslator({ now: clock() })
    const out: AgUiEvent[] = []
    expect(() => {
      for (const p of mixed) out.push(...t.push(p))
      out.push(...t.end())
    }).not.toThrow()
    expectValidEvents(out)
    expect(t.diagnostics.map((d) => d.index)).toEqual(bad.map((_, i) => at + i))
    expect(t.diagnostics[0]!.message).toContain('reasoning-delta.id')
    expect(t.diagnostics[1]!.message).toContain('delta must be a string')
    expect(summarize(storeOf(out).getState())).toEqual(summarize(storeOf(translateChecked(make, parts)).getState()))
  })

  it('given unknown part types (also inherited names such as toString), should ignore them silently', () => {
    const t = make()
    const out = ['toString', '__proto__', 'constructor', 'data-weather', 'source-url', 'message-metadata', 'reasoning-file']
      .flatMap((type) => t.push({ type, id: 'x' }))
    expect([...out, ...t.end()]).toEqual([])
    expect(t.diagnostics).toEqual([])
  })

  it('given a reasoning delta whose start was lost, should still keep its text', () => {
    const out = translateChecked(make, [{ type: 'reasoning-delta', id: 'r', delta: 'orphan text' }, { type: 'finish' }])
    expect(summarize(storeOf(out).getState()).blocks).toEqual([{ status: 'complete', kinds: ['text'], text: ['orphan text'], title: undefined, encrypted: false }])
  })

  it.each([
    ['an error part', { type: 'error', errorText: 'Overloaded' }, 'error'],
    ['an abort part', { type: 'abort', reason: 'user cancelled' }, 'abort'],
    ['finishReason "content-filter"', { type: 'finish', finishReason: 'content-filter' }, 'content-filter'],
  ])('given %s during reasoning, should interrupt the block and keep its text', (_, failure, code) => {
    const parts = fixture('anthropic-thinking-then-answer.json')
    const cut = parts.findIndex((p) => p.type === 'reasoning-end') - 5
    const out = translateChecked(make, [...parts.slice(0, cut), failure as Part])
    expect(out.at(-1)).toMatchObject({ type: 'RUN_ERROR', code })
    const [block] = storeOf(out).getState().blocks
    expect(block!.status).toBe('interrupted')
    expect(block!.messages[0]!.text).toMatch(/^The user asks at what temperature/)
  })

  it('given a stream that stops before its finish part, should end with RUN_ERROR and keep the encrypted value', () => {
    const parts = fixture('openai-agentic-reasoning-tool-reasoning.json')
    const out = translateChecked(make, parts.slice(0, parts.findIndex((p) => p.type === 'tool-input-start')))
    expect(out.at(-1)).toMatchObject({ type: 'RUN_ERROR', code: 'stream_ended' })
    const [block] = storeOf(out).getState().blocks
    expect(block).toMatchObject({ status: 'interrupted', encryptedValue: 'gAAAAABosdk-encrypted-reasoning-item-one==' })
  })

  it('given a non-streamed tool call (only tool-input-available), should send its input as one arguments delta', () => {
    const out = translateChecked(make, [
      { type: 'start' },
      { type: 'tool-input-available', toolCallId: 'call_1', toolName: 'search', input: { q: 'lyon' } },
      { type: 'tool-output-available', toolCallId: 'call_1', output: 'found', preliminary: true },
      { type: 'tool-output-available', toolCallId: 'call_1', output: 'found it' },
      { type: 'finish' },
    ])
    expect(types(out)).toEqual(['RUN_STARTED', 'TOOL_CALL_START', 'TOOL_CALL_ARGS', 'TOOL_CALL_END', 'TOOL_CALL_RESULT', 'RUN_FINISHED'])
    expect(out[2]).toMatchObject({ delta: '{"q":"lyon"}' })
    expect(out[4]).toMatchObject({ content: 'found it' })
  })

  it('given summaryProviders: [], should treat OpenAI reasoning as raw text', () => {
    const out = translateVercelAI(fixture('openai-agentic-reasoning-tool-reasoning.json'), { summaryProviders: [] })
    expect(storeOf(out).getState().blocks.flatMap((b) => b.messages.map((m) => m.kind))).toEqual(['text', 'text', 'text'])
  })

  it('given an empty stream, should emit nothing', () => {
    expect(translateVercelAI([])).toEqual([])
  })
})

describe('Vercel AI SDK adapter: a part that ends late (@ai-sdk/langchain)', () => {
  const openai = (extra: Record<string, unknown> = {}) => ({ openai: { itemId: 'rs_1', ...extra } })

  it('given reasoning-end with the encrypted content after tool-input-start, should accept it silently and keep the value on that block for the round trip', () => {
    const t = make()
    const out = translateChecked(() => t, [
      { type: 'start', messageId: 'msg_1' },
      { type: 'start-step' },
      { type: 'reasoning-start', id: 'rs_1:0', providerMetadata: openai() },
      { type: 'reasoning-delta', id: 'rs_1:0', delta: 'Look it up.' },
      { type: 'tool-input-start', toolCallId: 'call_1', toolName: 'search' },
      { type: 'reasoning-end', id: 'rs_1:0', providerMetadata: openai({ reasoningEncryptedContent: 'gAAA-late==' }) },
      { type: 'tool-input-delta', toolCallId: 'call_1', inputTextDelta: '{"q":"x"}' },
      { type: 'tool-input-available', toolCallId: 'call_1', toolName: 'search', input: { q: 'x' } },
      { type: 'finish-step' },
      { type: 'finish' },
    ])
    expect(t.diagnostics).toEqual([])
    const state = storeOf(out).getState()
    expect(summarize(state)).toEqual({
      blocks: [{ status: 'complete', kinds: ['summary'], text: ['Look it up.'], title: undefined, encrypted: true }],
      timeline: ['reasoning', 'tool-call'],
      diagnostics: [],
    })
    expect(toReasoningMessages(state).map((m) => m.encryptedValue)).toContain('gAAA-late==')
    expect(out.filter((e) => e.type === 'TOOL_CALL_ARGS').map((e) => e.delta)).toEqual(['{"q":"x"}'])
  })

  it('given a last reasoning-delta and the signed reasoning-end after the answer began, should append to the same block and sign it', () => {
    const t = make()
    const out = translateChecked(() => t, [
      { type: 'start', messageId: 'msg_2' },
      { type: 'reasoning-start', id: 'r' },
      { type: 'reasoning-delta', id: 'r', delta: 'First half' },
      { type: 'text-start', id: 't' },
      { type: 'reasoning-delta', id: 'r', delta: ', second half.' },
      { type: 'reasoning-end', id: 'r', providerMetadata: { anthropic: { signature: 'sig-late' } } },
      { type: 'text-delta', id: 't', delta: 'Answer.' },
      { type: 'text-end', id: 't' },
      { type: 'finish' },
    ])
    expect(t.diagnostics).toEqual([])
    const state = storeOf(out).getState()
    expect(summarize(state)).toEqual({
      blocks: [{ status: 'complete', kinds: ['text'], text: ['First half, second half.'], title: undefined, encrypted: false }],
      timeline: ['reasoning', 'text'],
      diagnostics: [],
    })
    expect(state.blocks[0]!.messages[0]!.meta?.signature).toBe('sig-late')
    expect(out.filter((e) => e.type === 'TEXT_MESSAGE_CONTENT').map((e) => e.delta)).toEqual(['Answer.'])
  })

  it('given a last reasoning-delta after the answer began and no reasoning-end, should end the block again at once, not leave it streaming until the run ends', () => {
    const t = make()
    const parts: Part[] = [
      { type: 'start', messageId: 'msg_4' },
      { type: 'reasoning-start', id: 'r' },
      { type: 'reasoning-delta', id: 'r', delta: 'First half' },
      { type: 'text-start', id: 't' },
      { type: 'reasoning-delta', id: 'r', delta: ', second half.' },
      { type: 'text-delta', id: 't', delta: 'Answer' },
    ]
    const live = parts.flatMap((p) => t.push(p))
    expectValidEvents(live)
    const late = live.filter((e) => e.type === 'REASONING_MESSAGE_END').at(-1)!.timestamp
    const state = storeOf(live).getState()
    expect(state.blocks.map((b) => [b.status, b.messages[0]!.text])).toEqual([['complete', 'First half, second half.']])
    expect(state.blocks[0]!.endedAt).toBe(late)
    const out = [...live, ...t.push({ type: 'text-delta', id: 't', delta: ' goes on.' }), ...t.push({ type: 'finish' }), ...t.end()]
    expectValidEvents(out)
    const after = storeOf(out).getState()
    expect(t.diagnostics).toEqual([])
    expect(after.diagnostics).toEqual([])
    // The end is the late delta's, not the run's.
    expect(after.blocks[0]!.endedAt).toBe(late)
    expect(out.filter((e) => e.type === 'TEXT_MESSAGE_START')).toHaveLength(1)
  })

  const signed = { anthropic: { signature: 'sig-late' } }
  it.each<[string, Part[]]>([
    ['the signed reasoning-end', [{ type: 'reasoning-end', id: 'r', providerMetadata: signed }]],
    // @ai-sdk/anthropic sends a signature_delta as an empty reasoning-delta with the signature.
    ['an empty reasoning-delta with the signature, then the reasoning-end', [
      { type: 'reasoning-delta', id: 'r', delta: '', providerMetadata: signed },
      { type: 'reasoning-end', id: 'r' },
    ]],
  ])('given only %s after the answer streamed a while, should sign the block without stretching its duration', (_, late) => {
    const t = make()
    const out = translateChecked(() => t, [
      { type: 'start', messageId: 'msg_5' },
      { type: 'reasoning-start', id: 'r' },
      { type: 'reasoning-delta', id: 'r', delta: 'Thinking.' },
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: 'A long ' },
      { type: 'text-delta', id: 't', delta: 'answer.' },
      ...late,
      { type: 'text-end', id: 't' },
      { type: 'finish' },
    ])
    expect(t.diagnostics).toEqual([])
    const state = storeOf(out).getState()
    expect(state.diagnostics).toEqual([])
    expect(state.blocks[0]!.messages[0]!.meta?.signature).toBe('sig-late')
    expect(state.blocks[0]!.endedAt).toBe(out.find((e) => e.type === 'REASONING_END')!.timestamp)
  })

  it('given redacted data on a reasoning-end after start-step, should give the encrypted-only block its value', () => {
    const t = make()
    const out = translateChecked(() => t, [
      { type: 'start', messageId: 'msg_3' },
      { type: 'reasoning-start', id: 'r' },
      { type: 'start-step' },
      { type: 'reasoning-end', id: 'r', providerMetadata: { anthropic: { redactedData: 'redacted==' } } },
      { type: 'finish' },
    ])
    expect(t.diagnostics).toEqual([])
    const state = storeOf(out).getState()
    expect(state.diagnostics).toEqual([])
    expect(state.blocks).toHaveLength(1)
    expect(state.blocks[0]!.messages[0]).toMatchObject({ encryptedValue: 'redacted==', encryptedValueType: 'anthropic.redacted_thinking' })
  })

  it('given reasoning-end for a part that never started, should still report it', () => {
    const t = make()
    translateChecked(() => t, [{ type: 'start' }, { type: 'reasoning-end', id: 'ghost' }, { type: 'finish' }])
    expect(t.diagnostics.map((d) => d.message)).toEqual(["reasoning-end for 'ghost', which never started"])
  })
})

/** SSE as the AI SDK sends it (`data:` lines), with CRLF line ends and the `[DONE]` sentinel. */
function sse(parts: readonly Part[]): string {
  return parts.map((p) => `data: ${JSON.stringify(p)}\r\n\r\n`).join('') + 'data: [DONE]\r\n\r\n'
}

function responseOf(body: string, pieces: number): Response {
  const bytes = new TextEncoder().encode(body)
  const size = Math.ceil(bytes.length / pieces)
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += size) controller.enqueue(bytes.slice(i, i + size))
      controller.close()
    },
  })
  return new Response(stream, { headers: { 'content-type': 'text/event-stream', 'x-vercel-ai-ui-message-stream': 'v1' } })
}

describe('connectVercelAI', () => {
  it.each([
    ['split across many chunks', 'openai-agentic-reasoning-tool-reasoning.json', 83],
    ['reasoning and answer text in the same chunk', 'anthropic-thinking-then-answer.json', 1],
  ])('given a real SSE Response %s (CRLF, [DONE]), should leave the store as translating the parts does', async (_, name, pieces) => {
    const parts = fixture(name)
    const store = createReasoningStore({ flush: 'sync' })
    connectVercelAI(responseOf(sse(parts), pieces), store)
    await vi.waitFor(() => expect(selectStreamStatus(store.getState())).toBe('complete'))
    expect(summarize(store.getState())).toEqual(summarize(storeOf(translateChecked(make, parts)).getState()))
  })

  it('given two turns in one store, should keep each turn\'s reasoning apart although the SDK reuses part ids', async () => {
    const store = createReasoningStore({ flush: 'sync' })
    const first = fixture('anthropic-thinking-then-answer.json')
    const second = first.map((p) => (p.type === 'start' ? { ...p, messageId: 'msg-second' } : p))
    connectVercelAI(responseOf(sse(first), 4), store)
    await vi.waitFor(() => expect(store.getState().runs[0]?.status).toBe('finished'))
    connectVercelAI(responseOf(sse(second), 4), store)
    await vi.waitFor(() => expect(store.getState().runs[1]?.status).toBe('finished'))
    const { blocks, diagnostics } = store.getState()
    expect(blocks.map((b) => [b.id, b.messages[0]!.text === streamed(first, '0')])).toEqual([['msg-V2m9qfX3:0', true], ['msg-second:0', true]])
    expect(diagnostics).toEqual([])
  })
})

describe('Vercel AI SDK adapter: usage and [DONE]', () => {
  it('given usage in the finish part\'s message metadata (AI SDK 6 LanguageModelUsage), should carry it on RUN_FINISHED', () => {
    const out = translateChecked(make, [
      { type: 'start', messageId: 'm' },
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: 'Hi' },
      { type: 'text-end', id: 't' },
      {
        type: 'finish',
        messageMetadata: {
          model: 'gpt-5',
          totalUsage: { inputTokens: 50, outputTokens: 300, totalTokens: 350, inputTokenDetails: { cacheReadTokens: 20, cacheWriteTokens: 5 }, outputTokenDetails: { reasoningTokens: 256 } },
        },
      },
    ])
    expect(out.at(-1)).toMatchObject({
      type: 'RUN_FINISHED',
      usage: [{ model: 'gpt-5', inputTokens: 50, outputTokens: 300, totalTokens: 350, reasoningTokens: 256, cachedInputTokens: 20, cacheWriteInputTokens: 5 }],
    })
  })

  /** Two steps (a tool call, then the answer), each followed by the message-metadata part its finish-step's metadata gives. */
  const steps = (first: Record<string, unknown>, second: Record<string, unknown>, finish: Record<string, unknown> = {}): Part[] => [
    { type: 'start', messageId: 'm' },
    { type: 'start-step' },
    { type: 'tool-input-available', toolCallId: 'c', toolName: 'search', input: {} },
    { type: 'finish-step' },
    { type: 'message-metadata', messageMetadata: first },
    { type: 'start-step' },
    { type: 'text-start', id: 't' },
    { type: 'text-delta', id: 't', delta: 'Hi' },
    { type: 'text-end', id: 't' },
    { type: 'finish-step' },
    { type: 'message-metadata', messageMetadata: second },
    { type: 'finish', ...(Object.keys(finish).length > 0 && { messageMetadata: finish }) },
  ]
  const step1 = { inputTokens: 100, outputTokens: 20, totalTokens: 120, outputTokenDetails: { reasoningTokens: 10 } }
  const step2 = { inputTokens: 130, outputTokens: 5, totalTokens: 135 }

  it('given per-step usage (a finish-step\'s usage) over two steps, should add the steps up', () => {
    const out = translateChecked(make, steps({ usage: step1 }, { usage: step2 }))
    expect(out.at(-1)).toMatchObject({ type: 'RUN_FINISHED', usage: [{ inputTokens: 230, outputTokens: 25, totalTokens: 255, reasoningTokens: 10 }] })
  })

  it('given a step\'s usage repeated within the step, should count it once', () => {
    const parts = steps({ usage: step1 }, { usage: step2 })
    const out = translateChecked(make, [...parts.slice(0, 5), parts[4]!, ...parts.slice(5)])
    expect(out.at(-1)).toMatchObject({ type: 'RUN_FINISHED', usage: [{ inputTokens: 230, outputTokens: 25, totalTokens: 255 }] })
  })

  it('given per-step usage and then totalUsage on the finish part, should carry the total alone', () => {
    const total = { inputTokens: 230, outputTokens: 25, totalTokens: 255, outputTokenDetails: { reasoningTokens: 10 } }
    const out = translateChecked(make, steps({ usage: step1 }, { usage: step2 }, { totalUsage: total }))
    expect(out.at(-1)).toMatchObject({ type: 'RUN_FINISHED', usage: [{ inputTokens: 230, outputTokens: 25, totalTokens: 255, reasoningTokens: 10 }] })
    // totalUsage is preferred to a step's usage reported beside it.
    const both = translateChecked(make, steps({ usage: step1 }, { usage: step2 }, { usage: step2, totalUsage: total }))
    expect(both.at(-1)).toMatchObject({ usage: [{ inputTokens: 230, outputTokens: 25, totalTokens: 255 }] })
  })

  it('given usage in a message-metadata part (AI SDK 5 usage) before an error, should carry it on RUN_ERROR, bad counts left out', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const out = translateChecked(make, [
      { type: 'start', messageId: 'm' },
      { type: 'message-metadata', messageMetadata: { usage: { inputTokens: 8, outputTokens: -3, reasoningTokens: 2 } } },
      { type: 'error', errorText: 'boom' },
    ])
    warn.mockRestore()
    expect(out.at(-1)).toMatchObject({ type: 'RUN_ERROR', usage: [{ inputTokens: 8, reasoningTokens: 2 }] })
    expect((out.at(-1)!.usage as object[])[0]).not.toHaveProperty('outputTokens')
  })

  it('given a stream without a finish part that ends with [DONE], should finish cleanly', async () => {
    const parts: Part[] = [{ type: 'start', messageId: 'm' }, { type: 'reasoning-start', id: 'r' }, { type: 'reasoning-delta', id: 'r', delta: 'Hm.' }, { type: 'reasoning-end', id: 'r' }]
    expect(translateVercelAI([...parts, DONE]).at(-1)).toMatchObject({ type: 'RUN_FINISHED' })
    expect(translateVercelAI(parts).at(-1)).toMatchObject({ type: 'RUN_ERROR' })
    // A value that is the JSON string "[DONE]" is no clean end, only a malformed part.
    const t = createVercelAITranslator()
    expect(translateAll(t, [...parts, '[DONE]']).at(-1)).toMatchObject({ type: 'RUN_ERROR' })
    expect(t.diagnostics).toHaveLength(1)
    const store = createReasoningStore({ flush: 'sync' })
    connectVercelAI(responseOf(sse(parts), 3), store)
    await vi.waitFor(() => expect(store.getState().runs[0]?.status).toMatch(/finished|error|interrupted/))
    expect(store.getState().runs[0]?.status).toBe('finished')
    expect(store.getState().blocks.map((b) => b.status)).toEqual(['complete'])
  })
})
