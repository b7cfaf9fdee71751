import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import { createReasoningStore, isEncryptedOnly, projectBlock, toReasoningMessages, type ReasoningStore } from 'reasoning-ui/core'
import { DONE, type AgUiEvent } from 'reasoning-ui/adapters'
import {
  connectChatCompletions,
  COPILOT_REASONING_OPAQUE,
  createChatCompletionsTranslator,
  OPENROUTER_ENCRYPTED_REASONING,
  translateChatCompletion,
  translateChatCompletions,
  type ChatCompletionsOptions,
} from '../../src/adapters/chat-completions'
import { ThinkTagParser } from '../../src/adapters/think-tags'
import { cutText, expectChunkingInvariant, expectValidEvents, storeOf, summarize, translateChecked, wireFields } from '../helpers/adapters'

interface Detail {
  readonly type: string
  readonly text?: string
  readonly summary?: string
  readonly data?: string
  readonly signature?: string
  readonly index?: number
}
interface ToolCallDelta {
  readonly index?: number
  readonly id?: string
  readonly function?: { readonly name?: string; readonly arguments?: string }
}
interface Delta {
  readonly content?: string | null
  readonly reasoning?: string | null
  readonly reasoning_content?: string | null
  readonly reasoning_details?: readonly Detail[]
  readonly tool_calls?: readonly ToolCallDelta[]
  readonly [field: string]: unknown
}
/** A `chat.completion.chunk` as the fixtures hold it. */
interface Chunk {
  readonly id?: string
  readonly choices?: readonly { readonly index: number; readonly delta: Delta; readonly finish_reason: string | null; readonly [field: string]: unknown }[]
  readonly [field: string]: unknown
}

const dir = join(import.meta.dirname, '../fixtures/providers/chat-completions')
const fixture = <T = Chunk[]>(name: string): T => JSON.parse(readFileSync(join(dir, name), 'utf8')) as T

const make = (options: ChatCompletionsOptions = {}) => () => createChatCompletionsTranslator({ now: () => 1_000, ...options })
const translate = (chunks: readonly unknown[], options?: ChatCompletionsOptions) => translateChecked<unknown>(make(options), chunks)
const stateOf = (events: readonly AgUiEvent[]) => storeOf(events).getState()

const deltasOf = (chunks: readonly Chunk[]) => chunks.flatMap((c) => c.choices?.map((choice) => choice.delta) ?? [])
/** Every string of one delta field, joined. */
const joined = (chunks: readonly Chunk[], field: 'content' | 'reasoning' | 'reasoning_content') =>
  deltasOf(chunks).map((d) => d[field] ?? '').join('')
/** The answer text the AG-UI events carry, per text message, in order. */
const answers = (events: readonly AgUiEvent[]) => {
  const texts = new Map<string, string>()
  for (const e of events) if (e.type === 'TEXT_MESSAGE_CONTENT') texts.set(String(e.messageId), (texts.get(String(e.messageId)) ?? '') + String(e.delta))
  return [...texts.values()]
}
const toolArgs = (events: readonly AgUiEvent[], id: string) =>
  events.filter((e) => e.type === 'TOOL_CALL_ARGS' && e.toolCallId === id).map((e) => String(e.delta)).join('')

/**
 * Re-cuts one chunk into several equivalent ones: every streamed string
 * (reasoning, reasoning_content, a reasoning detail's text or summary together
 * with OpenRouter's `reasoning` mirror, content, tool arguments) at the cuts,
 * in the order the translator reads them; the finish reason stays on the last.
 */
function rechunk(chunk: unknown, cuts: readonly number[]): unknown[] {
  const c = chunk as Chunk
  const choice = c.choices?.[0]
  if (!choice) return [chunk]
  const { delta, finish_reason: finish } = choice
  const deltas: Delta[] = []
  const details = delta.reasoning_details ?? []
  const mirrored = details.length === 1 && (details[0]!.text || details[0]!.summary)
  if (mirrored) {
    const detail = details[0]!
    const field = detail.text ? 'text' : 'summary'
    for (const piece of cutText(detail[field]!, cuts)) {
      deltas.push({ ...(delta.reasoning ? { reasoning: piece } : {}), reasoning_details: [{ ...detail, [field]: piece }] })
    }
  } else {
    for (const field of ['reasoning', 'reasoning_content'] as const) {
      const value = delta[field]
      if (value) for (const piece of cutText(value, cuts)) deltas.push({ [field]: piece })
    }
    if (details.length > 0) deltas.push({ reasoning_details: details })
  }
  if (delta.content) for (const piece of cutText(delta.content, cuts)) deltas.push({ content: piece })
  for (const call of delta.tool_calls ?? []) {
    const args = call.function?.arguments ?? ''
    cutText(args, cuts).forEach((piece, i) =>
      deltas.push({ tool_calls: [i === 0 ? { ...call, function: { ...call.function, arguments: piece } } : { index: call.index, function: { arguments: piece } }] }),
    )
  }
  if (deltas.length === 0) return [chunk]
  return deltas.map((d, i) => ({ ...c, choices: [{ ...choice, delta: d, finish_reason: i === deltas.length - 1 ? finish : null }] }))
}

const streams = [
  'no-reasoning.json',
  'deepseek-reasoning-content.json',
  'deepseek-length-while-reasoning.json',
  'vllm-reasoning.json',
  'openrouter-reasoning-details.json',
  'openrouter-summary-encrypted-tool.json',
  'openrouter-encrypted-only.json',
  'think-tags.json',
  'think-tags-interleaved.json',
]

describe('chat completions stream → AG-UI', () => {
  it.each(streams)('given %s, should emit only schema-valid events and report nothing', (name) => {
    const t = make()()
    const out = [...fixture(name).flatMap((c) => t.push(c)), ...t.end()]
    expectValidEvents(out)
    expect(t.diagnostics).toEqual([])
    expect(stateOf(out).diagnostics).toEqual([])
  })

  describe('reasoning the usage counts but no chunk shows (OpenAI o-series, Azure gpt-5-mini)', () => {
    const usage = (reasoning: number) => ({ prompt_tokens: 10, completion_tokens: 549, total_tokens: 559, completion_tokens_details: { reasoning_tokens: reasoning } })
    const completion = (reasoning: number, message: Record<string, unknown> = { role: 'assistant', content: 'Hello there!' }) => ({
      id: 'chatcmpl-hidden',
      object: 'chat.completion',
      model: 'gpt-5-mini',
      choices: [{ index: 0, message, finish_reason: 'stop' }],
      usage: usage(reasoning),
    })
    const stream = [
      { id: 'chatcmpl-s', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { role: 'assistant', content: 'Here' }, finish_reason: null }] },
      { id: 'chatcmpl-s', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: ' it is.' }, finish_reason: null }] },
      { id: 'chatcmpl-s', object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] },
      { id: 'chatcmpl-s', object: 'chat.completion.chunk', choices: [], usage: usage(704) },
    ]

    it('given a whole completion, should show one hidden block before the answer, from the request to the answer, that survives the history', () => {
      let now = 1_000
      const t = createChatCompletionsTranslator({ now: () => now })
      now = 4_000
      const out = [...t.push(completion(512)), ...t.end()]
      expectValidEvents(out)
      const state = stateOf(out)
      expect(state.timeline.map((e) => e.kind)).toEqual(['reasoning', 'text'])
      const block = state.blocks[0]!
      expect(isEncryptedOnly(block)).toBe(true)
      expect(block).toMatchObject({ status: 'complete', startedAt: 1_000, endedAt: 4_000 })
      expect(block.messages.map((m) => m.text)).toEqual([''])
      // Shown as hidden at every level, never expandable.
      for (const level of ['none', 'summary', 'full'] as const) expect(projectBlock(block, level)).toMatchObject({ encryptedOnly: true, expandable: false })
      expect(state.runs.at(-1)?.usage).toEqual([expect.objectContaining({ reasoningTokens: 512 })])
      const restored = storeOf([{ type: 'MESSAGES_SNAPSHOT', messages: toReasoningMessages(state) } as AgUiEvent]).getState()
      expect(restored.blocks.map(isEncryptedOnly)).toEqual([true])
    })

    it('given a stream whose usage comes last, should show the hidden block after the answer (only the usage says the model reasoned)', () => {
      const out = translate(stream)
      const state = stateOf(out)
      expect(answers(out)).toEqual(['Here it is.'])
      expect(state.timeline.map((e) => e.kind)).toEqual(['text', 'reasoning'])
      expect(state.blocks.map(isEncryptedOnly)).toEqual([true])
      expect(out.at(-1)).toMatchObject({ type: 'RUN_FINISHED' })
    })

    it('given reasoning the chunks did show, no reasoning tokens, or a tool call first, should add no hidden block (and put one before the call)', () => {
      expect(stateOf(translate([completion(512, { role: 'assistant', reasoning_content: 'Think.', content: 'Hi' })])).blocks.map((b) => b.messages.map((m) => m.text))).toEqual([['Think.']])
      expect(stateOf(translate([completion(0)])).blocks).toEqual([])
      expect(stateOf(translate(stream.map((c) => (c.usage ? { ...c, usage: usage(0) } : c)))).blocks).toEqual([])
      const call = completion(64, { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'lookup', arguments: '{}' } }] })
      expect(stateOf(translate([call])).timeline.map((e) => e.kind)).toEqual(['reasoning', 'tool-call'])
    })
  })

  it('given no reasoning at all, should emit no reasoning events (backward compatible)', () => {
    const chunks = fixture('no-reasoning.json')
    const out = translate(chunks)
    expect(out.some((e) => e.type.startsWith('REASONING'))).toBe(false)
    expect(answers(out)).toEqual(['Hello! How can I help you today?'])
    expect(out[0]).toMatchObject({ type: 'RUN_STARTED', runId: 'chatcmpl-B9MBs8CjcvOU2jLn4n570S5qMJKcT' })
    expect(out.find((e) => e.type === 'TEXT_MESSAGE_START')).toMatchObject({ messageId: 'chatcmpl-B9MBs8CjcvOU2jLn4n570S5qMJKcT', role: 'assistant' })
    expect(summarize(stateOf(out))).toEqual({ blocks: [], timeline: ['text'], diagnostics: [] })
  })

  it('given DeepSeek reasoning_content then content, should give one complete block before the answer', () => {
    const chunks = fixture('deepseek-reasoning-content.json')
    const out = translate(chunks)
    const state = stateOf(out)
    expect(summarize(state)).toEqual({
      blocks: [{ status: 'complete', kinds: ['text'], text: [joined(chunks, 'reasoning_content')], title: undefined, encrypted: false }],
      timeline: ['reasoning', 'text'],
      diagnostics: [],
    })
    expect(answers(out)).toEqual([joined(chunks, 'content')])
    expect(state.blocks[0]!.id).toBe('5f0a6c2e-3b1d-4d8a-9a57-2f6c1b7e9d31:reasoning:1')
    expect(toReasoningMessages(state).map(wireFields)).toEqual([
      { id: '5f0a6c2e-3b1d-4d8a-9a57-2f6c1b7e9d31:reasoning:1:text:0', role: 'reasoning', content: joined(chunks, 'reasoning_content') },
    ])
  })

  it('given finish_reason length while reasoning, should leave the block interrupted with its text', () => {
    const chunks = fixture('deepseek-length-while-reasoning.json')
    const out = translate(chunks)
    const state = stateOf(out)
    expect(summarize(state).blocks).toEqual([
      { status: 'interrupted', kinds: ['text'], text: [joined(chunks, 'reasoning_content')], title: undefined, encrypted: false },
    ])
    expect(out.at(-1)).toMatchObject({ type: 'RUN_ERROR', code: 'length' })
    expect(state.runs[0]).toMatchObject({ status: 'error' })
  })

  it('given finish_reason length while answering, should complete the reasoning and finish the run', () => {
    const chunks = fixture('deepseek-reasoning-content.json').map((c) =>
      c.choices?.[0]?.finish_reason === 'stop' ? { ...c, choices: [{ ...c.choices[0], finish_reason: 'length' }] } : c,
    )
    const state = stateOf(translate(chunks))
    expect(summarize(state).blocks.map((b) => b.status)).toEqual(['complete'])
    expect(state.runs[0]).toMatchObject({ status: 'finished' })
  })

  it('given vLLM delta.reasoning with the answer starting in the same chunk, should put each part on its side, reasoning first', () => {
    const chunks = fixture('vllm-reasoning.json')
    const both = chunks.find((c) => c.choices?.[0]?.delta.reasoning && c.choices[0].delta.content)
    expect(both).toBeDefined()
    const out = translate(chunks)
    expect(summarize(stateOf(out))).toEqual({
      blocks: [{ status: 'complete', kinds: ['text'], text: [joined(chunks, 'reasoning')], title: undefined, encrypted: false }],
      timeline: ['reasoning', 'text'],
      diagnostics: [],
    })
    expect(answers(out)).toEqual(['The capital of Australia is Canberra.'])
  })

  it('given OpenRouter reasoning mirrored in reasoning_details, should take the text once and keep the signature', () => {
    const chunks = fixture('openrouter-reasoning-details.json')
    const out = translate(chunks)
    const state = stateOf(out)
    expect(summarize(state)).toEqual({
      blocks: [{ status: 'complete', kinds: ['text'], text: [joined(chunks, 'reasoning')], title: 'Planning the trip', encrypted: false }],
      timeline: ['reasoning', 'text'],
      diagnostics: [],
    })
    const signature = deltasOf(chunks).flatMap((d) => d.reasoning_details ?? []).find((d) => d.signature)!.signature!
    expect(state.blocks[0]!.messages[0]!.meta?.signature).toBe(signature)
    expect(out.filter((e) => JSON.stringify(e).includes(signature)).map((e) => e.type)).toEqual(['REASONING_MESSAGE_END'])
    expect(answers(out)).toEqual(['Take the train: about 3 hours from Santa Apolónia to Campanhã.'])
  })

  it('given OpenRouter summaries and an encrypted detail before a tool call, should give summary messages, the encrypted value and the call', () => {
    const chunks = fixture('openrouter-summary-encrypted-tool.json')
    const details = deltasOf(chunks).flatMap((d) => d.reasoning_details ?? [])
    const summary = (index: number) => details.filter((d) => d.type === 'reasoning.summary' && d.index === index).map((d) => d.summary).join('')
    const data = details.find((d) => d.type === 'reasoning.encrypted')!.data!
    const out = translate(chunks)
    const state = stateOf(out)
    expect(summarize(state)).toEqual({
      blocks: [{ status: 'complete', kinds: ['summary', 'summary', 'text'], text: [summary(0), summary(1), ''], title: 'Looking up the order', encrypted: true }],
      timeline: ['reasoning', 'tool-call'],
      diagnostics: [],
    })
    expect(isEncryptedOnly(state.blocks[0]!)).toBe(false)
    expect(state.blocks[0]!.messages[2]).toMatchObject({ encryptedValue: data, encryptedValueType: OPENROUTER_ENCRYPTED_REASONING })
    expect(out.find((e) => e.type === 'TOOL_CALL_START')).toMatchObject({ toolCallId: 'call_Kx3sQ9vN2mLp8RtY', toolCallName: 'get_order_status' })
    expect(toolArgs(out, 'call_Kx3sQ9vN2mLp8RtY')).toBe('{"order_id": "4411"}')
    for (const level of ['none', 'summary', 'full'] as const) expect(JSON.stringify(projectBlock(state.blocks[0]!, level))).not.toContain(data)
    expect(projectBlock(state.blocks[0]!, 'summary')).toMatchObject({ summary: { source: 'provider' } })
  })

  it('given only an encrypted reasoning detail, should give an encrypted-only block that keeps the value', () => {
    const chunks = fixture('openrouter-encrypted-only.json')
    const data = deltasOf(chunks).flatMap((d) => d.reasoning_details ?? [])[0]!.data!
    const out = translate(chunks)
    const state = stateOf(out)
    expect(summarize(state)).toEqual({
      blocks: [{ status: 'complete', kinds: ['text'], text: [''], title: undefined, encrypted: true }],
      timeline: ['reasoning', 'text'],
      diagnostics: [],
    })
    expect(isEncryptedOnly(state.blocks[0]!)).toBe(true)
    expect(toReasoningMessages(state).map(wireFields)).toEqual([{ id: 'gen-1740500001-Hn2Jk8Lm4Pq6Rs0Tu1Vw:reasoning:1:encrypted:0', role: 'reasoning', content: '', encryptedValue: data }])
  })

  it('given <think> tags split across chunks, should give the reasoning without the tags and the answer after them', () => {
    const out = translate(fixture('think-tags.json'))
    expect(summarize(stateOf(out))).toEqual({
      blocks: [{
        status: 'complete', kinds: ['text'],
        text: ['Okay, the user wants a haiku about autumn. Five, seven, five syllables. Maple leaves, cold wind…'],
        title: undefined, encrypted: false,
      }],
      timeline: ['reasoning', 'text'],
      diagnostics: [],
    })
    expect(answers(out)).toEqual(['Crimson maples fall,\ncold wind hums through empty boughs —\nautumn breathes, then sleeps.'])
  })

  it('given text before <think> and a second <think> after a tool call, should keep everything in stream order', () => {
    const out = translate(fixture('think-tags-interleaved.json'))
    expect(summarize(stateOf(out))).toEqual({
      blocks: [
        { status: 'complete', kinds: ['text'], text: ['The user asks for the time in Tokyo; call get_time.'], title: undefined, encrypted: false },
        { status: 'complete', kinds: ['text'], text: ['If the tool fails, answer from the UTC offset (+9).'], title: undefined, encrypted: false },
      ],
      timeline: ['text', 'reasoning', 'tool-call', 'reasoning', 'text'],
      diagnostics: [],
    })
    expect(answers(out)).toEqual(['Let me check.', "I'm checking the time in Tokyo now."])
    expect(toolArgs(out, 'call_01time')).toBe('{"tz": "Asia/Tokyo"}')
  })

  it('given thinkTags: false, should leave <think> in the answer', () => {
    const chunks = fixture('think-tags.json')
    const out = translate(chunks, { thinkTags: false })
    expect(out.some((e) => e.type.startsWith('REASONING'))).toBe(false)
    expect(answers(out)).toEqual([joined(chunks, 'content')])
  })

  it('given very long reasoning (200 KB in 4,000 deltas), by field and by <think> tags, should keep every character', () => {
    const pieces = Array.from({ length: 4_000 }, (_, i) => `${i}: check the next case against every constraint. `)
    const expected = pieces.join('')
    expect(expected.length).toBeGreaterThan(200_000)
    const chunk = (delta: Delta, finish: string | null = null): Chunk => ({ id: 'long', choices: [{ index: 0, delta, finish_reason: finish }] })
    const byField = [...pieces.map((p) => chunk({ reasoning_content: p })), chunk({ content: 'Done.' }, 'stop')]
    const byTags = [chunk({ content: '<think>' }), ...pieces.map((p) => chunk({ content: p })), chunk({ content: '</think>Done.' }, 'stop')]
    // Whitespace next to a tag is dropped.
    for (const [chunks, text] of [[byField, expected], [byTags, expected.trimEnd()]] as const) {
      const out = translate(chunks)
      const { blocks } = summarize(stateOf(out))
      expect(blocks).toHaveLength(1)
      expect(blocks[0]).toMatchObject({ status: 'complete', kinds: ['text'] })
      // Compared as a boolean: a failing 200 KB diff helps nobody.
      expect(blocks[0]!.text[0] === text, `text of ${blocks[0]!.text[0]!.length} characters, expected ${text.length}`).toBe(true)
      expect(answers(out)).toEqual(['Done.'])
    }
  })

  it.each(streams)('given %s re-cut at random points (inside <think> tags too), should end with the same blocks', (name) => {
    expectChunkingInvariant<unknown>(make(), fixture(name), rechunk)
  })

  it('should let a tool call whose name comes late keep the arguments sent before it', () => {
    const chunk = (delta: Delta, finish: string | null = null): Chunk => ({ id: 'c1', choices: [{ index: 0, delta, finish_reason: finish }] })
    const t = createChatCompletionsTranslator()
    const out = [
      ...t.push(chunk({ tool_calls: [{ index: 0, id: 'call_late', function: { arguments: '{"a":' } }] })),
      ...t.push(chunk({ tool_calls: [{ index: 0, function: { name: 'late', arguments: ' 1}' } }] })),
      ...t.push(chunk({}, 'tool_calls')),
      ...t.end(),
    ]
    expectValidEvents(out)
    expect(out.find((e) => e.type === 'TOOL_CALL_START')).toMatchObject({ toolCallId: 'call_late', toolCallName: 'late', parentMessageId: 'c1' })
    expect(toolArgs(out, 'call_late')).toBe('{"a": 1}')
    expect(t.diagnostics).toEqual([])
  })
})

describe('ThinkTagParser', () => {
  const parse = (pieces: readonly string[]) => {
    const out: { kind: string; text: string }[] = []
    const parser = new ThinkTagParser((kind, text) => {
      const last = out.at(-1)
      if (last?.kind === kind) last.text += text
      else out.push({ kind, text })
    })
    for (const p of pieces) parser.feed(p)
    parser.flush()
    return out
  }

  it.each([
    ['<think>\nplan\n</think>\n\nanswer', [{ kind: 'reasoning', text: 'plan' }, { kind: 'text', text: 'answer' }]],
    ['before <think>plan</think> after', [{ kind: 'text', text: 'before' }, { kind: 'reasoning', text: 'plan' }, { kind: 'text', text: 'after' }]],
    ['a < b and <thinking> is not a tag', [{ kind: 'text', text: 'a < b and <thinking> is not a tag' }]],
    ['ends with <thi', [{ kind: 'text', text: 'ends with <thi' }]],
    ['  keeps its edges\n', [{ kind: 'text', text: '  keeps its edges\n' }]],
    ['<think>\n\n</think>\n\nonly an empty thought', [{ kind: 'text', text: 'only an empty thought' }]],
    ['<think>never closed, cut </thi', [{ kind: 'reasoning', text: 'never closed, cut </thi' }]],
    ['x<think>a</think>y<think>b</think>z', [
      { kind: 'text', text: 'x' }, { kind: 'reasoning', text: 'a' }, { kind: 'text', text: 'y' }, { kind: 'reasoning', text: 'b' }, { kind: 'text', text: 'z' },
    ]],
  ])('given %j, should split it the same way however it is chunked', (input, expected) => {
    expect(parse([input])).toEqual(expected)
    for (let i = 1; i < input.length; i++) expect(parse([input.slice(0, i), input.slice(i)])).toEqual(expected)
    expect(parse([...input])).toEqual(expected)
  })

  it('given random text around the tags cut anywhere, should give what the whole text gives', () => {
    const word = fc.constantFrom('<think>', '</think>', '<', '<th', '>', ' ', '\n', 'a', 'bc', 'think', '</', '<thi')
    fc.assert(
      fc.property(fc.array(word, { maxLength: 30 }), fc.array(fc.nat(200), { maxLength: 8 }), (words, cuts) => {
        const input = words.join('')
        expect(parse(cutText(input, cuts))).toEqual(parse([input]))
      }),
      { numRuns: 300 },
    )
  })
})

describe('chat completions malformed and unknown chunks', () => {
  const chunks = fixture('deepseek-reasoning-content.json')
  const garbage: unknown[] = [
    null,
    'data: nope',
    { choices: 'x' },
    { choices: [7] },
    { choices: [{ index: 0, delta: 5 }] },
    { choices: [{ index: 0, delta: { reasoning_content: 42 } }] },
    { choices: [{ index: 0, delta: { reasoning_details: 'x' } }] },
    { choices: [{ index: 0, delta: { reasoning_details: [null] } }] },
    { choices: [{ index: 0, delta: { reasoning_details: [{ type: 'reasoning.encrypted' }] } }] },
    { choices: [{ index: 0, delta: { content: { parts: [] } } }] },
    { choices: [{ index: 0, delta: { tool_calls: 'x' } }] },
    {
      get choices(): unknown {
        throw new Error('hostile getter')
      },
    },
  ]

  it('given malformed chunks inside a stream, should skip each with a diagnostic, never throw, and end with the same blocks', () => {
    const clean = summarize(stateOf(translate(chunks)))
    const at = 3
    const dirty = [...chunks.slice(0, at), ...garbage, ...chunks.slice(at)]
    const t = make()()
    const out: AgUiEvent[] = []
    expect(() => {
      for (const c of dirty) out.push(...t.push(c))
      out.push(...t.end())
    }).not.toThrow()
    expectValidEvents(out)
    expect(summarize(stateOf(out))).toEqual(clean)
    expect(t.diagnostics.map((d) => d.index)).toEqual(garbage.map((_, i) => at + i))
    expect(t.diagnostics.at(-1)!.message).toContain('hostile getter')
  })

  it('given chunks without choices, other choices, unknown details and fields, should ignore them silently', () => {
    const t = make()()
    const extra = [
      { id: 'x', choices: [], usage: { prompt_tokens: 1 } },
      { id: 'x', object: 'chat.completion.chunk' },
      { id: 'x', choices: [{ index: 1, delta: { content: 'second choice' }, finish_reason: null }] },
      { id: 'x', choices: [{ index: 0, delta: { reasoning_details: [{ type: 'reasoning.future', x: 1 }], audio: {} }, finish_reason: null }] },
    ]
    const out = [...[...chunks.slice(0, 2), ...extra, ...chunks.slice(2)].flatMap((c) => t.push(c)), ...t.end()]
    expect(t.diagnostics).toEqual([])
    expect(summarize(stateOf(out))).toEqual(summarize(stateOf(translate(chunks))))
  })

  it('given an error chunk while reasoning (OpenRouter mid-stream error), should interrupt the block and report the error', () => {
    const cut = chunks.slice(0, 4)
    const out = translate([...cut, { error: { message: 'Provider returned error', code: 502 } }])
    expect(out.at(-1)).toMatchObject({ type: 'RUN_ERROR', message: 'Provider returned error', code: '502' })
    expect(summarize(stateOf(out)).blocks.map((b) => b.status)).toEqual(['interrupted'])
  })

  it('given a stream that ends without a finish_reason, should end with RUN_ERROR and leave the reasoning interrupted', () => {
    const out = translate(chunks.slice(0, 4))
    expect(out.at(-1)).toMatchObject({ type: 'RUN_ERROR' })
    expect(summarize(stateOf(out)).blocks.map((b) => b.status)).toEqual(['interrupted'])
  })
})

describe('chat completions: content as an array of typed parts (Mistral)', () => {
  const chunk = (content: unknown, finish: string | null = null) => ({ id: 'cmpl-m', model: 'magistral-medium-latest', choices: [{ index: 0, delta: { content }, finish_reason: finish }] })
  const thinking = (text: string) => ({ type: 'thinking', thinking: [{ type: 'text', text }] })

  it('given thinking parts then text parts, should give the reasoning as a block and every character of the answer', () => {
    const t = make()()
    const out = translateChecked(() => t, [
      { id: 'cmpl-m', choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] },
      chunk([thinking('17 + 374: ')]),
      chunk([thinking('7 + 4 = 11, carry 1.')]),
      chunk([thinking(' Done.'), { type: 'text', text: '3' }]),
      chunk('91'),
      chunk('', 'stop'),
    ])
    expect(t.diagnostics).toEqual([])
    expect(summarize(stateOf(out)).blocks).toEqual([
      { status: 'complete', kinds: ['text'], text: ['17 + 374: 7 + 4 = 11, carry 1. Done.'], title: undefined, encrypted: false },
    ])
    expect(answers(out)).toEqual(['391'])
  })

  it('given <think> inside text parts, should parse it as it does in string content', () => {
    const out = translate([chunk([{ type: 'text', text: '<think>hm' }]), chunk([{ type: 'text', text: 'm</think>Yes.' }]), chunk([], 'stop')])
    expect(summarize(stateOf(out)).blocks.map((b) => b.text)).toEqual([['hmm']])
    expect(answers(out)).toEqual(['Yes.'])
  })

  it('given unknown part types, should keep the text beside them and report each type once', () => {
    const t = make()()
    const out = translateChecked(() => t, [
      chunk([{ type: 'reference', reference_ids: [1] }, { type: 'text', text: 'Paris' }]),
      chunk([{ type: 'reference', reference_ids: [2] }, { type: 'text', text: ' it is.' }, 7]),
      chunk([{ type: 'image_url', image_url: { url: 'https://x' } }], 'stop'),
    ])
    expect(answers(out)).toEqual(['Paris it is.'])
    expect(t.diagnostics.map((d) => d.index)).toEqual([0, 1, 2])
    expect(t.diagnostics.map((d) => d.message).join(' ')).toMatch(/reference.*not typed objects.*image_url/)
  })

  it('given a non-streaming completion whose message.content is an array, should give reasoning and answer', () => {
    const out = translateChatCompletion({
      id: 'cmpl-m2',
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content: [thinking('Small sum.'), { type: 'text', text: '391' }] }, finish_reason: 'stop' }],
    })
    expectValidEvents(out)
    expect(summarize(stateOf(out)).blocks.map((b) => b.text)).toEqual([['Small sum.']])
    expect(answers(out)).toEqual(['391'])
  })
})

describe('chat completions: what counts as a clean end', () => {
  const chunks = fixture('deepseek-reasoning-content.json')
  /** The stream without any finish_reason (some gateways never send one). */
  const unfinished = chunks.map((c) => ({ ...c, choices: c.choices?.map((choice) => ({ ...choice, finish_reason: null })) }))
  const usageOnly = { id: chunks[0]!.id, object: 'chat.completion.chunk', choices: [], usage: { prompt_tokens: 12, completion_tokens: 40, total_tokens: 52 } }

  it('given no finish_reason but a last usage-only chunk (Snowflake Cortex), should finish cleanly with the blocks complete', () => {
    const out = translate([...unfinished, usageOnly])
    expect(out.at(-1)).toMatchObject({ type: 'RUN_FINISHED' })
    expect(summarize(stateOf(out)).blocks.map((b) => b.status)).toEqual(['complete'])
  })

  it('given no finish_reason but the [DONE] sentinel, should finish cleanly', () => {
    const out = translate([...unfinished, DONE])
    expect(out.at(-1)).toMatchObject({ type: 'RUN_FINISHED' })
    expect(summarize(stateOf(out)).blocks.map((b) => b.status)).toEqual(['complete'])
  })

  it('given the JSON string "[DONE]" as a value (NDJSON, a recording), should not take it for the sentinel', async () => {
    expect(translate([...unfinished, '[DONE]']).at(-1)).toMatchObject({ type: 'RUN_ERROR' })
    const body = [...unfinished.map((c) => JSON.stringify(c)), '"[DONE]"'].join('\n')
    const store = createReasoningStore({ flush: 'sync' })
    connectChatCompletions(new Response(body), store, { framing: 'ndjson' })
    await vi.waitFor(() => expect(store.getState().runs[0]?.status).toMatch(/finished|error|interrupted/))
    expect(store.getState().runs[0]?.status).toBe('error')
    expect(store.getState().diagnostics.map((d) => d.code)).toEqual(['adapter'])
  })

  it('given a usage-only chunk in the middle of the stream and no end, should still end with RUN_ERROR', () => {
    const out = translate([...unfinished.slice(0, 3), usageOnly, ...unfinished.slice(3, 5)])
    expect(out.at(-1)).toMatchObject({ type: 'RUN_ERROR' })
  })

  it('given an SSE body that ends with [DONE] but no finish_reason, should finish the run in the store', async () => {
    const body = [...unfinished.map((c) => `data: ${JSON.stringify(c)}\n\n`), 'data: [DONE]\n\n'].join('')
    const store = createReasoningStore({ flush: 'sync' })
    connectChatCompletions(new Response(body, { headers: { 'content-type': 'text/event-stream' } }), store)
    await vi.waitFor(() => expect(store.getState().runs[0]?.status).toMatch(/finished|error|interrupted/))
    expect(store.getState().runs[0]?.status).toBe('finished')
    expect(store.getState().blocks.map((b) => b.status)).toEqual(['complete'])
  })
})

describe('chat completions: usage (AG-UI TokenUsage on the run\'s end)', () => {
  /** The DeepSeek stream without the usage its finish chunk carries. */
  const chunks = fixture('deepseek-reasoning-content.json').map(({ usage: _usage, ...c }) => c as Chunk)
  const openai = { prompt_tokens: 30, completion_tokens: 200, total_tokens: 230, prompt_tokens_details: { cached_tokens: 10 }, completion_tokens_details: { reasoning_tokens: 150 } }

  it('given OpenAI\'s usage-only chunk after the finish_reason, should carry it on RUN_FINISHED (reasoning and cached tokens as parts)', () => {
    const t = make()()
    const finishOut = chunks.flatMap((c) => t.push({ ...c, model: 'o4-mini' }))
    expect(finishOut.map((e) => e.type)).not.toContain('RUN_FINISHED')
    const out = [...finishOut, ...t.push({ id: chunks[0]!.id, model: 'o4-mini', choices: [], usage: openai }), ...t.end()]
    expectValidEvents(out)
    expect(out.filter((e) => e.type === 'RUN_FINISHED')).toHaveLength(1)
    expect(out.at(-1)).toMatchObject({
      type: 'RUN_FINISHED',
      usage: [{ model: 'o4-mini', inputTokens: 30, outputTokens: 200, totalTokens: 230, reasoningTokens: 150, cachedInputTokens: 10 }],
    })
  })

  it('given usage on the finish chunk (DeepSeek), should finish at once with it, cache hits and a top-level reasoning_tokens read too', () => {
    const t = make()()
    const last = chunks.at(-1)!
    const usage = { prompt_tokens: 20, completion_tokens: 90, total_tokens: 110, prompt_cache_hit_tokens: 16, prompt_cache_miss_tokens: 4, reasoning_tokens: 70 }
    const out = [...chunks.slice(0, -1).flatMap((c) => t.push(c)), ...t.push({ ...last, usage })]
    expect(out.at(-1)).toMatchObject({ type: 'RUN_FINISHED', usage: [{ inputTokens: 20, outputTokens: 90, totalTokens: 110, reasoningTokens: 70, cachedInputTokens: 16 }] })
  })

  it('given usage on a run cut by the token limit while reasoning, should carry it on RUN_ERROR', () => {
    const out = translate([...fixture('deepseek-length-while-reasoning.json'), { id: 'x', choices: [], usage: { prompt_tokens: 5, completion_tokens: 64 } }])
    expect(out.at(-1)).toMatchObject({ type: 'RUN_ERROR', code: 'length', usage: [{ inputTokens: 5, outputTokens: 64, totalTokens: 69 }] })
  })

  it('given counts that are not counts (negative, fractional, strings), should leave them out and keep the events valid', () => {
    const out = translate([...chunks, { id: 'x', choices: [], usage: { prompt_tokens: -1, completion_tokens: 2.5, total_tokens: '7', completion_tokens_details: { reasoning_tokens: 3 } } }])
    expect(out.at(-1)).toMatchObject({ type: 'RUN_FINISHED', usage: [{ reasoningTokens: 3 }] })
    expect((out.at(-1)!.usage as object[])[0]).not.toHaveProperty('inputTokens')
  })

  it('given no usage at all, should emit no usage field', () => {
    expect(translate(chunks).at(-1)).not.toHaveProperty('usage')
  })

  it('given the recorded DeepSeek finish chunk with its usage, should report it with the model', () => {
    const usage = fixture('deepseek-reasoning-content.json').at(-1)!.usage as Record<string, number> & { completion_tokens_details: { reasoning_tokens: number } }
    expect(translate(fixture('deepseek-reasoning-content.json')).at(-1)).toMatchObject({
      usage: [{ model: 'deepseek-reasoner', inputTokens: usage.prompt_tokens, outputTokens: usage.completion_tokens, totalTokens: usage.total_tokens, reasoningTokens: usage.completion_tokens_details.reasoning_tokens }],
    })
  })

  it('given reasoning tokens counted beside completion_tokens (xAI: the total only adds up with them), should add them into outputTokens', () => {
    const usage = { prompt_tokens: 291, completion_tokens: 26, total_tokens: 513, prompt_tokens_details: { cached_tokens: 290 }, completion_tokens_details: { reasoning_tokens: 196 } }
    expect(translate([...chunks, { id: 'x', choices: [], usage }]).at(-1)).toMatchObject({
      usage: [{ inputTokens: 291, outputTokens: 222, totalTokens: 513, reasoningTokens: 196, cachedInputTokens: 290 }],
    })
  })

  it('given reasoning tokens counted beside completion_tokens (OpenAI-compatible, more reasoning than output), should add them in', () => {
    const usage = { prompt_tokens: 43, completion_tokens: 10, total_tokens: 53, completion_tokens_details: { reasoning_tokens: 11 } }
    expect(translate([...chunks, { id: 'x', choices: [], usage }]).at(-1)).toMatchObject({ usage: [{ inputTokens: 43, outputTokens: 21, totalTokens: 64, reasoningTokens: 11 }] })
  })

  it('given an error chunk that carries the usage (OpenRouter), should put it on RUN_ERROR', () => {
    const out = translate([...chunks.slice(0, 4), { id: 'x', error: { code: 400, message: 'Token limit reached' }, usage: { prompt_tokens: 43, completion_tokens: 10 } }])
    expect(out.at(-1)).toMatchObject({ type: 'RUN_ERROR', usage: [{ inputTokens: 43, outputTokens: 10, totalTokens: 53 }] })
  })

  it('given a URL whose SSE body ends with [DONE] and no finish_reason, should finish the run', async () => {
    const unfinished = chunks.map((c) => ({ ...c, choices: c.choices?.map((choice) => ({ ...choice, finish_reason: null })) }))
    const body = [...unfinished.map((c) => `data: ${JSON.stringify(c)}\r\n\r\n`), 'data: [DONE]\r\n\r\n'].join('')
    const store = createReasoningStore({ flush: 'sync' })
    const fetch = vi.fn(async () => new Response(body, { headers: { 'content-type': 'text/event-stream' } }))
    connectChatCompletions('/api/chat', store, { fetch })
    await vi.waitFor(() => expect(store.getState().runs[0]?.status).toMatch(/finished|error|interrupted/))
    expect(store.getState().runs[0]?.status).toBe('finished')
    expect(fetch).toHaveBeenCalledOnce()
  })
})

describe('chat completions non-streaming', () => {
  it('given a DeepSeek completion, should give the reasoning_content block then the answer', () => {
    const completion = fixture<{ choices: { message: { content: string; reasoning_content: string } }[] }>('deepseek-completion.json')
    const out = translateChatCompletion(completion)
    expectValidEvents(out)
    const { message } = completion.choices[0]!
    expect(summarize(stateOf(out))).toEqual({
      blocks: [{ status: 'complete', kinds: ['text'], text: [message.reasoning_content], title: undefined, encrypted: false }],
      timeline: ['reasoning', 'text'],
      diagnostics: [],
    })
    expect(answers(out)).toEqual([message.content])
  })

  it('given an OpenRouter completion, should take reasoning_details once (signature, encrypted value) before the answer and the tool call', () => {
    const completion = fixture<{ choices: { message: { reasoning: string; reasoning_details: Detail[] } }[] }>('openrouter-completion.json')
    const { reasoning, reasoning_details: details } = completion.choices[0]!.message
    const out = translateChatCompletion(completion)
    expectValidEvents(out)
    const state = stateOf(out)
    expect(summarize(state)).toEqual({
      blocks: [{ status: 'complete', kinds: ['text', 'text'], text: [reasoning, ''], title: 'Choosing a tool', encrypted: true }],
      timeline: ['reasoning', 'text', 'tool-call'],
      diagnostics: [],
    })
    expect(state.blocks[0]!.messages[0]!.meta?.signature).toBe(details[0]!.signature)
    expect(state.blocks[0]!.messages[1]!.encryptedValue).toBe(details[1]!.data)
    expect(JSON.parse(toolArgs(out, 'toolu_vrtx_01Forecast9'))).toEqual({ city: 'Oslo', day: 'tomorrow' })
  })

  it('given <think> in a completion\'s content, should split it into reasoning and answer', () => {
    const out = translateChatCompletion(fixture('think-completion.json'))
    expect(summarize(stateOf(out)).blocks).toEqual([
      { status: 'complete', kinds: ['text'], text: ['The user says hi. Greet them back briefly.'], title: undefined, encrypted: false },
    ])
    expect(answers(out)).toEqual(['Hello! How can I help you today?'])
  })

  it('given a completion whose finish_reason is empty (Snowflake Cortex), should still finish: a whole response is complete', () => {
    const out = translateChatCompletion({ id: 'c', choices: [{ index: 0, finish_reason: '', message: { role: 'assistant', content: 'Sure!' } }], usage: { prompt_tokens: 3, completion_tokens: 2 } })
    expectValidEvents(out)
    expect(out.at(-1)).toMatchObject({ type: 'RUN_FINISHED', usage: [{ inputTokens: 3, outputTokens: 2, totalTokens: 5 }] })
    expect(answers(out)).toEqual(['Sure!'])
  })

  it('given something that is not a completion, should give no events and not throw', () => {
    for (const bad of [null, 'hi', 42, {}, { choices: 'x' }]) expect(translateChatCompletion(bad)).toEqual([])
  })

  it('given an error body, should give a run that ends with RUN_ERROR', () => {
    const out = translateChatCompletion({ error: { message: 'Insufficient Balance', type: 'unknown_error', code: 'invalid_request_error' } })
    expectValidEvents(out)
    expect(out.map((e) => e.type)).toEqual(['RUN_STARTED', 'RUN_ERROR'])
  })
})

describe('connectChatCompletions', () => {
  /** The chunks as an SSE body with CRLF framing, a keep-alive comment and `[DONE]`, cut into pieces of `size` bytes. */
  function responseOf(chunks: readonly unknown[], size: number, done = true): Response {
    const text = [': OPENROUTER PROCESSING\r\n\r\n', ...chunks.map((c) => `data: ${JSON.stringify(c)}\r\n\r\n`), done ? 'data: [DONE]\r\n\r\n' : ''].join('')
    const bytes = new TextEncoder().encode(text)
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += size) controller.enqueue(bytes.slice(i, i + size))
        controller.close()
      },
    })
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } })
  }

  const ended = (store: ReasoningStore) => vi.waitFor(() => expect(store.getState().runs[0]?.status).toMatch(/finished|error|interrupted/))

  it('given a real Response with a CRLF-framed SSE body split mid-chunk and [DONE], should fill the store as the recorded translation does', async () => {
    const chunks = fixture('think-tags.json')
    const store = createReasoningStore({ flush: 'sync' })
    connectChatCompletions(responseOf(chunks, 29), store)
    await ended(store)
    expect(summarize(store.getState())).toEqual(summarize(stateOf(translateChatCompletions(chunks))))
    expect(store.getState().runs[0]).toMatchObject({ status: 'finished', runId: 'chatcmpl-412' })
    expect(store.getState().diagnostics).toEqual([])
  })

  it('given thinkTags: false and OpenRouter details, should pass the option through and keep the encrypted value', async () => {
    const chunks = fixture('openrouter-summary-encrypted-tool.json')
    const store = createReasoningStore({ flush: 'sync' })
    connectChatCompletions(responseOf(chunks, 101), store, { thinkTags: false, threadId: 'thread-7' })
    await ended(store)
    expect(summarize(store.getState()).blocks).toEqual(summarize(stateOf(translateChatCompletions(chunks))).blocks)
    expect(store.getState().runs[0]).toMatchObject({ threadId: 'thread-7' })
    expect(store.getState().blocks[0]!.encrypted).toBe(true)
  })

  it('given a body cut mid-reasoning, should leave the block interrupted', async () => {
    const chunks = fixture('deepseek-reasoning-content.json')
    const store = createReasoningStore({ flush: 'sync' })
    connectChatCompletions(responseOf(chunks.slice(0, 4), 40, false), store)
    await ended(store)
    expect(summarize(store.getState()).blocks.map((b) => b.status)).toEqual(['interrupted'])
  })
})

/** A translator whose clock moves a second per reading, so that a stretched duration shows. */
const ticking = () => {
  let clock = 0
  return createChatCompletionsTranslator({ now: () => (clock += 1_000) })
}

describe('chat completions: a signature that comes late (issue 11)', () => {
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({ id: 'gen-late', choices: [{ index: 0, delta, finish_reason: finish }] })

  it('given an OpenRouter signature-only reasoning detail after the answer began, should sign the stretch it ends, with no new block and one answer', () => {
    const t = ticking()
    const events = translateChecked<unknown>(() => t, [
      chunk({ reasoning_details: [{ type: 'reasoning.text', text: 'Thinking.', format: 'anthropic-claude-v1', index: 0 }] }),
      chunk({ content: 'Answer' }),
      chunk({ reasoning_details: [{ type: 'reasoning.text', text: '', signature: 'sig-late', format: 'anthropic-claude-v1', index: 0 }] }),
      chunk({ content: ' and more.' }, 'stop'),
    ])
    expect(t.diagnostics).toEqual([])
    const state = stateOf(events)
    expect(summarize(state)).toEqual({
      blocks: [{ status: 'complete', kinds: ['text'], text: ['Thinking.'], title: undefined, encrypted: false }],
      timeline: ['reasoning', 'text'],
      diagnostics: [],
    })
    expect(state.blocks[0]!.messages[0]!.meta?.signature).toBe('sig-late')
    expect(answers(events)).toEqual(['Answer and more.'])
    // Signing adds no thinking time: the block ends when the answer began.
    expect(state.blocks[0]!.endedAt).toBe(events.find((e) => e.type === 'REASONING_END')!.timestamp)
  })

  it.each([
    ['an encrypted', { type: 'reasoning.encrypted', data: 'enc-late', format: 'anthropic-claude-v1', index: 0 }, { kinds: ['text', 'text'], text: ['Thinking.', ''], encrypted: true }],
    ['a summary', { type: 'reasoning.summary', summary: 'A summary.', format: 'openai-responses-v1', index: 0 }, { kinds: ['text', 'summary'], text: ['Thinking.', 'A summary.'], encrypted: false }],
  ])('given %s reasoning detail after the answer began, should add it to the stretch that ended, with no new block and one answer', (_, detail, block) => {
    const t = ticking()
    const events = translateChecked<unknown>(() => t, [
      chunk({ reasoning: 'Thinking.' }),
      chunk({ content: 'Answer' }),
      chunk({ reasoning_details: [detail] }),
      chunk({ content: ' and more.' }, 'stop'),
    ])
    expect(t.diagnostics).toEqual([])
    const state = stateOf(events)
    expect(summarize(state)).toEqual({ blocks: [{ status: 'complete', title: undefined, ...block }], timeline: ['reasoning', 'text'], diagnostics: [] })
    expect(answers(events)).toEqual(['Answer and more.'])
    expect(events.filter((e) => e.type === 'TEXT_MESSAGE_START')).toHaveLength(1)
    if (block.encrypted) {
      expect(state.blocks[0]!.messages[1]).toMatchObject({ encryptedValue: 'enc-late', encryptedValueType: OPENROUTER_ENCRYPTED_REASONING })
      // A value adds no thinking time either.
      expect(state.blocks[0]!.endedAt).toBe(events.find((e) => e.type === 'REASONING_END')!.timestamp)
    }
  })
})

describe("chat completions: GitHub Copilot's reasoning_text and reasoning_opaque (issue 41)", () => {
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({ id: 'copilot-1', choices: [{ index: 0, delta, finish_reason: finish }] })

  it('given reasoning_text, then the answer whose first chunk carries reasoning_opaque, should give one block with the text and the value, sent back by toReasoningMessages', () => {
    const t = make()()
    const events = translateChecked<unknown>(() => t, [
      chunk({ role: 'assistant', content: null, reasoning_text: '**Reading the files**\n\nThe config comes first.' }),
      chunk({ content: null, reasoning_text: ' Then the tests.' }),
      chunk({ content: 'The answer.', reasoning_opaque: 'opaque-1' }, 'stop'),
    ])
    expect(t.diagnostics).toEqual([])
    const state = stateOf(events)
    expect(summarize(state).blocks).toEqual([
      { status: 'complete', kinds: ['text', 'text'], text: ['**Reading the files**\n\nThe config comes first. Then the tests.', ''], title: 'Reading the files', encrypted: true },
    ])
    expect(state.blocks[0]!.messages[1]).toMatchObject({ encryptedValue: 'opaque-1', encryptedValueType: COPILOT_REASONING_OPAQUE })
    expect(answers(events)).toEqual(['The answer.'])
    expect(toReasoningMessages(state).map((m) => m.encryptedValue)).toContain('opaque-1')
  })

  it('given reasoning_opaque with the tool call that ends the reasoning, should keep it on that block, before the tool call', () => {
    const events = translateChecked<unknown>(make(), [
      chunk({ reasoning_text: 'I should read the file.' }),
      chunk({ tool_calls: [{ index: 0, id: 'call_1', function: { name: 'read_file', arguments: '{}' } }], reasoning_opaque: 'opaque-tool' }, 'tool_calls'),
    ])
    const state = stateOf(events)
    expect(state.blocks).toHaveLength(1)
    expect(state.blocks[0]!.messages.map((m) => m.encryptedValue)).toEqual([undefined, 'opaque-tool'])
    const order = events.map((e) => e.type).filter((type) => type === 'REASONING_END' || type === 'TOOL_CALL_START' || type === 'REASONING_ENCRYPTED_VALUE')
    expect(order).toEqual(['REASONING_ENCRYPTED_VALUE', 'REASONING_END', 'TOOL_CALL_START'])
  })

  it('given reasoning_opaque after the answer began, should add it to the stretch that ended, dated at its end: no new block, one answer', () => {
    const t = ticking()
    const events = translateChecked<unknown>(() => t, [
      chunk({ reasoning_text: 'Thinking.' }),
      chunk({ content: 'Answer' }),
      chunk({ content: ' and more.', reasoning_opaque: 'opaque-late' }, 'stop'),
    ])
    expect(t.diagnostics).toEqual([])
    const state = stateOf(events)
    expect(state.blocks).toHaveLength(1)
    expect(state.blocks[0]!.messages[1]).toMatchObject({ encryptedValue: 'opaque-late', encryptedValueType: COPILOT_REASONING_OPAQUE })
    expect(answers(events)).toEqual(['Answer and more.'])
    expect(state.blocks[0]!.endedAt).toBe(events.find((e) => e.type === 'REASONING_END')!.timestamp)
  })

  it('given only reasoning_opaque (no reasoning text), should give an encrypted-only block', () => {
    const events = translateChecked<unknown>(make(), [
      chunk({ tool_calls: [{ index: 0, id: 'call_1', function: { name: 'read_file', arguments: '{}' } }], reasoning_opaque: 'opaque-only' }, 'tool_calls'),
    ])
    const state = stateOf(events)
    expect(state.blocks).toHaveLength(1)
    expect(isEncryptedOnly(state.blocks[0]!)).toBe(true)
    expect(state.blocks[0]!.messages[0]!.encryptedValue).toBe('opaque-only')
  })

  it('given a whole completion (translateChatCompletion) with message.reasoning_text and reasoning_opaque, should read them as a stream', () => {
    const events = translateChatCompletion({
      id: 'chatcmpl-generate',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Hello from API', reasoning_text: 'Greeting back.', reasoning_opaque: 'opaque-token' }, finish_reason: 'stop' }],
    })
    expectValidEvents(events)
    const state = stateOf(events)
    expect(summarize(state).blocks).toEqual([{ status: 'complete', kinds: ['text', 'text'], text: ['Greeting back.', ''], title: undefined, encrypted: true }])
    expect(state.blocks[0]!.messages[1]!.encryptedValue).toBe('opaque-token')
    expect(answers(events)).toEqual(['Hello from API'])
  })

  it('given a delta field whose name says reasoning that the adapter does not read, should report it once, never in silence', () => {
    const t = make()()
    translateChecked<unknown>(() => t, [chunk({ thinking: 'Hidden?' }), chunk({ thinking: 'Still.', reasoning_summary: 'x' }), chunk({ content: 'Done.' }, 'stop')])
    expect(t.diagnostics.map((d) => d.message)).toEqual(['delta.thinking is not read (reported once)', 'delta.reasoning_summary is not read (reported once)'])
  })

  it('given reasoning_opaque that is not a string, should say so and keep the rest', () => {
    const t = make()()
    const events = translateChecked<unknown>(() => t, [chunk({ reasoning_text: 'Thinking.', reasoning_opaque: 42 }), chunk({ content: 'Done.' }, 'stop')])
    expect(t.diagnostics.map((d) => d.message)).toEqual(['delta.reasoning_opaque must be a string'])
    expect(summarize(stateOf(events)).blocks[0]!.text).toEqual(['Thinking.'])
  })
})

describe('chat completions: refusals', () => {
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({ id: 'chatcmpl-r', choices: [{ index: 0, delta, finish_reason: finish }] })

  it('given delta.refusal (OpenAI), should give the refusal as the answer, in order with any content', () => {
    const t = make()()
    const out = translateChecked<unknown>(() => t, [
      chunk({ role: 'assistant', content: null, refusal: null }),
      chunk({ reasoning: 'The request is harmful.' }),
      chunk({ refusal: "I'm sorry, " }),
      chunk({ refusal: "I can't help with that." }, 'stop'),
    ])
    expect(t.diagnostics).toEqual([])
    expect(answers(out)).toEqual(["I'm sorry, I can't help with that."])
    expect(summarize(stateOf(out))).toMatchObject({ timeline: ['reasoning', 'text'], diagnostics: [] })
  })

  it('given a non-streaming completion with message.refusal, or refusal content parts, should give the refusal as the answer', () => {
    const completion = (message: Record<string, unknown>) => ({ id: 'chatcmpl-r', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: 'stop' }] })
    expect(answers(translateChatCompletion(completion({ content: null, refusal: 'No.' })))).toEqual(['No.'])
    const t = make()()
    const out = translateChecked<unknown>(() => t, [chunk({ content: [{ type: 'text', text: 'Well: ' }, { type: 'refusal', refusal: 'no.' }] }, 'stop')])
    expect(answers(out)).toEqual(['Well: no.'])
    expect(t.diagnostics).toEqual([])
  })
})
