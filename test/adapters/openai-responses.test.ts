import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { createReasoningStore, isEncryptedOnly, selectStreamStatus, toReasoningMessages } from 'reasoning-ui/core'
import type { AgUiEvent, Translator } from 'reasoning-ui/adapters'
import {
  connectOpenAIResponses,
  createOpenAIResponsesTranslator,
  translateOpenAIResponse,
  translateOpenAIResponses,
} from '../../src/adapters/openai-responses'
import { cutText, expectChunkingInvariant, expectValidEvents, storeOf, summarize, translateChecked } from '../helpers/adapters'

type ProviderEvent = Record<string, unknown> & { readonly type: string }

/** A provider fixture (test/fixtures/providers/openai-responses, see SOURCE.md). */
function fixture<T = ProviderEvent[]>(name: string): T {
  return JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/providers/openai-responses', name), 'utf8')) as T
}

/** A deterministic clock: 10 ms per event. */
function clock(start = 1_000): () => number {
  let t = start
  return () => (t += 10)
}

const make = (): Translator<ProviderEvent> => createOpenAIResponsesTranslator({ now: clock() })

const DELTAS = new Set([
  'response.reasoning_summary_text.delta',
  'response.reasoning_text.delta',
  'response.reasoning.delta',
  'response.output_text.delta',
  'response.function_call_arguments.delta',
])

/** One delta event cut into several equivalent ones. */
function rechunk(event: ProviderEvent, cuts: readonly number[]): ProviderEvent[] {
  if (!DELTAS.has(event.type) || typeof event.delta !== 'string') return [event]
  return cutText(event.delta, cuts).map((delta) => ({ ...event, delta }))
}

/** The concatenated deltas of one kind of provider event for one item (what the fixture streamed). */
function streamed(events: readonly ProviderEvent[], type: string, itemId: string, key = 'summary_index', index = 0): string {
  return events
    .filter((e) => e.type === type && e.item_id === itemId && (e[key] ?? 0) === index)
    .map((e) => e.delta as string)
    .join('')
}

const types = (events: readonly AgUiEvent[]) => events.map((e) => e.type)
const argsOf = (events: readonly AgUiEvent[], toolCallId: string) =>
  events.filter((e) => e.type === 'TOOL_CALL_ARGS' && e.toolCallId === toolCallId).map((e) => e.delta).join('')

describe('OpenAI Responses adapter: fixtures', () => {
  it('given a response without reasoning, should emit no reasoning events and only the answer (backward compatible)', () => {
    const events = fixture('no-reasoning.json')
    const out = translateChecked(make, events)
    expect(types(out).filter((t) => t.startsWith('REASONING'))).toEqual([])
    expect(types(out)).toEqual(['RUN_STARTED', 'TEXT_MESSAGE_START', ...Array(6).fill('TEXT_MESSAGE_CONTENT'), 'TEXT_MESSAGE_END', 'RUN_FINISHED'])
    const state = storeOf(out).getState()
    expect(summarize(state)).toEqual({ blocks: [], timeline: ['text'], diagnostics: [] })
    expect(state.runs).toMatchObject([{ runId: 'resp_68a1000000000000000000000000000000000000000000a1', status: 'finished' }])
  })

  it('given a reasoning summary in two parts then the answer, should give one complete block of two summary messages before the text', () => {
    const events = fixture('summary-then-answer.json')
    const rs = 'rs_68a2000000000000000000000000000000000000000000c1'
    const out = translateChecked(make, events)
    const state = storeOf(out).getState()
    expect(summarize(state)).toEqual({
      blocks: [{
        status: 'complete',
        kinds: ['summary', 'summary'],
        text: [streamed(events, 'response.reasoning_summary_text.delta', rs, 'summary_index', 0), streamed(events, 'response.reasoning_summary_text.delta', rs, 'summary_index', 1)],
        title: 'Counting the weekdays',
        encrypted: false,
      }],
      timeline: ['reasoning', 'text'],
      diagnostics: [],
    })
    expect(state.blocks[0]!.id).toBe(rs)
    expect(state.blocks[0]!.messages.map((m) => m.id)).toEqual([`${rs}:summary:0`, `${rs}:summary:1`])
    expect(state.blocks[0]!.messages[1]!.text).toBe(
      '**Checking the extra days**\n\nFour full weeks hold 20 weekdays. Of the three extra days only Monday 31 is a weekday, so the total is 21.',
    )
    expect(selectStreamStatus(state)).toBe('complete')
  })

  it('given reasoning cut by max_output_tokens, should leave the block interrupted with the text it had', () => {
    const events = fixture('token-limit-during-reasoning.json')
    const rs = 'rs_68a3000000000000000000000000000000000000000000c1'
    const out = translateChecked(make, events)
    expect(out.at(-1)).toMatchObject({ type: 'RUN_ERROR', code: 'max_output_tokens' })
    const state = storeOf(out).getState()
    expect(summarize(state).blocks).toEqual([
      { status: 'interrupted', kinds: ['summary'], text: [streamed(events, 'response.reasoning_summary_text.delta', rs)], title: 'Planning the proof', encrypted: false },
    ])
    expect(state.blocks[0]!.messages[0]!.text).toMatch(/so 4k² = 2q² and$/)
    expect(state.runs[0]!.status).toBe('error')
  })

  it('given an agentic loop, should give each reasoning item its own block, in order, around the tool call', () => {
    const events = fixture('agentic-reasoning-tool-reasoning.json')
    const out = translateChecked(make, events)
    const state = storeOf(out).getState()
    expect(summarize(state)).toEqual({
      blocks: [
        { status: 'complete', kinds: ['summary'], text: [expect.stringContaining('so I will ask the lookup tool.')], title: 'Looking up the population', encrypted: false },
        { status: 'complete', kinds: ['summary'], text: [expect.stringContaining('about 88,800 people.')], title: 'Computing the share', encrypted: false },
      ],
      timeline: ['reasoning', 'tool-call', 'reasoning', 'text'],
      diagnostics: [],
    })
    expect(state.blocks.map((b) => b.id)).toEqual(['rs_68a4000000000000000000000000000000000000000000c1', 'rs_68a4000000000000000000000000000000000000000000c2'])
    // The tool call is known by its call id (what its output refers to), with the streamed arguments.
    expect(state.timeline[1]).toMatchObject({ kind: 'tool-call', id: 'call_Lk2vQ8yT0aPz4NcR1mWs7Ue3', name: 'get_population', status: 'complete' })
    expect(argsOf(out, 'call_Lk2vQ8yT0aPz4NcR1mWs7Ue3')).toBe('{"city":"Lyon","country":"FR"}')
    // The first block ended before the tool call started.
    const order = types(out)
    expect(order.indexOf('REASONING_END')).toBeLessThan(order.indexOf('TOOL_CALL_START'))
  })

  it('given encrypted reasoning without a summary, should give an encrypted-only block holding the final encrypted_content', () => {
    const events = fixture('encrypted-reasoning.json')
    const rs = 'rs_68a5000000000000000000000000000000000000000000c1'
    const done = 'gAAAAABoq1yZr4b8QmV0c1RfZW5jcnlwdGVkX3JlYXNvbmluZ19ibG9iX2Zvcl90aGVfcm91bmRfdHJpcA=='
    const out = translateChecked(make, events)
    expect(out.filter((e) => e.type === 'REASONING_ENCRYPTED_VALUE')).toEqual([
      expect.objectContaining({ subtype: 'message', entityId: rs, encryptedValue: done, encryptedValueType: 'openai.encrypted_content' }),
    ])
    const state = storeOf(out).getState()
    expect(summarize(state)).toEqual({
      blocks: [{ status: 'complete', kinds: [], text: [], title: undefined, encrypted: true }],
      timeline: ['reasoning', 'text'],
      diagnostics: [],
    })
    expect(isEncryptedOnly(state.blocks[0]!)).toBe(true)
    // The value survives for the round trip, under the reasoning item's id.
    expect(toReasoningMessages(state)).toEqual([expect.objectContaining({ id: rs, role: 'reasoning', content: '', encryptedValue: done })])
  })

  it('given a reasoning item with neither summary, text nor encrypted content (GitHub Copilot), should give a hidden block that survives the history', () => {
    const rs = 'rs_hidden'
    const events = [
      { type: 'response.created', response: { id: 'resp_h', status: 'in_progress', output: [] } },
      { type: 'response.output_item.added', output_index: 0, item: { id: rs, type: 'reasoning', summary: [] } },
      { type: 'response.output_item.done', output_index: 0, item: { id: rs, type: 'reasoning', summary: [] } },
      { type: 'response.output_item.added', output_index: 1, item: { id: 'msg_h', type: 'message', role: 'assistant', content: [] } },
      { type: 'response.output_text.delta', output_index: 1, item_id: 'msg_h', content_index: 0, delta: 'Four.' },
      { type: 'response.output_item.done', output_index: 1, item: { id: 'msg_h', type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Four.' }] } },
      { type: 'response.completed', response: { id: 'resp_h', status: 'completed', usage: { input_tokens: 5, output_tokens: 200, output_tokens_details: { reasoning_tokens: 192 } } } },
    ]
    const out = translateChecked(make, events)
    const state = storeOf(out).getState()
    expect(state.timeline.map((e) => e.kind)).toEqual(['reasoning', 'text'])
    expect(state.blocks.map(isEncryptedOnly)).toEqual([true])
    const restored = storeOf([{ type: 'MESSAGES_SNAPSHOT', messages: toReasoningMessages(state) } as AgUiEvent]).getState()
    expect(restored.blocks.map(isEncryptedOnly)).toEqual([true])
    // An item whose summary streamed is no hidden one, even when its .done leaves the summary out.
    const shown = translateChecked(make, [
      events[0]!,
      events[1]!,
      { type: 'response.reasoning_summary_text.delta', output_index: 0, item_id: rs, summary_index: 0, delta: 'Adding.' },
      events[2]!,
      ...events.slice(3),
    ])
    expect(storeOf(shown).getState().blocks.map((b) => [isEncryptedOnly(b), b.messages.map((m) => m.text)])).toEqual([[false, ['Adding.']]])
  })

  it('given OpenResponses response.reasoning.delta / .done, should give one text-kind block before the answer', () => {
    const events = fixture('openresponses-reasoning-then-text.json')
    const out = translateChecked(make, events)
    const state = storeOf(out).getState()
    expect(summarize(state)).toEqual({
      blocks: [{ status: 'complete', kinds: ['text'], text: [streamed(events, 'response.reasoning.delta', 'item_0002', 'content_index')], title: undefined, encrypted: false }],
      timeline: ['reasoning', 'text'],
      diagnostics: [],
    })
    expect(state.blocks[0]!.messages[0]!.id).toBe('item_0002:text:0')
    expect(state.blocks[0]!.messages[0]!.text).toBe('The user asks for 12 × 13. 12 × 13 = 12 × 10 + 12 × 3 = 120 + 36 = 156. Let me double-check: 13 × 12 = 130 + 26 = 156. Yes.')
  })

  it('given very long reasoning (200 KB in 4,000 deltas), should keep every character in one message', () => {
    const piece = 'The quick brown fox considers every option once more. '
    const deltas = Array.from({ length: 4_000 }, (_, i) => `${i}: ${piece}`)
    const rs = 'rs_long'
    const events: ProviderEvent[] = [
      { type: 'response.created', response: { id: 'resp_long', created_at: 1755700000, status: 'in_progress', output: [] } },
      { type: 'response.output_item.added', output_index: 0, item: { id: rs, type: 'reasoning', summary: [] } },
      ...deltas.map((delta) => ({ type: 'response.reasoning_text.delta', item_id: rs, output_index: 0, content_index: 0, delta })),
      { type: 'response.reasoning_text.done', item_id: rs, output_index: 0, content_index: 0, text: deltas.join('') },
      { type: 'response.output_item.done', output_index: 0, item: { id: rs, type: 'reasoning', summary: [], content: [{ type: 'reasoning_text', text: deltas.join('') }] } },
      { type: 'response.completed', response: { id: 'resp_long', status: 'completed', output: [] } },
    ]
    expect(deltas.join('').length).toBeGreaterThan(200_000)
    const out = translateChecked(make, events)
    const { blocks } = storeOf(out).getState()
    expect(blocks).toHaveLength(1)
    expect(blocks[0]!.status).toBe('complete')
    expect(blocks[0]!.messages).toHaveLength(1)
    expect(blocks[0]!.messages[0]!.text).toBe(deltas.join(''))
  })

  it('given each streaming fixture, should report nothing (unknown event types are ignored silently)', () => {
    for (const name of ['no-reasoning.json', 'summary-then-answer.json', 'token-limit-during-reasoning.json', 'agentic-reasoning-tool-reasoning.json', 'encrypted-reasoning.json', 'openresponses-reasoning-then-text.json']) {
      const t = make()
      for (const e of fixture(name)) t.push(e)
      t.end()
      expect(t.diagnostics, name).toEqual([])
    }
  })
})

describe('OpenAI Responses adapter: non-streaming Response objects', () => {
  it('given a Response with a summarised, encrypted reasoning item and a message, should give the reasoning first, dated created_at', () => {
    const out = translateOpenAIResponse(fixture<object>('response-object.json'), { now: clock() })
    expectValidEvents(out)
    expect(new Set(out.map((e) => e.timestamp))).toEqual(new Set([1755700600_000]))
    const state = storeOf(out).getState()
    expect(summarize(state)).toEqual({
      blocks: [{ status: 'complete', kinds: ['summary', 'summary'], text: [expect.stringMatching(/^\*\*Counting the weekdays\*\*/), expect.stringMatching(/^\*\*Checking the extra days\*\*/)], title: 'Counting the weekdays', encrypted: true }],
      timeline: ['reasoning', 'text'],
      diagnostics: [],
    })
    expect(state.runs).toMatchObject([{ runId: 'resp_68a7000000000000000000000000000000000000000000a7', status: 'finished' }])
    expect(toReasoningMessages(state)[0]).toEqual(expect.objectContaining({ id: 'rs_68a7000000000000000000000000000000000000000000c1', encryptedValue: 'gAAAAABoq7nonstreaming_encrypted_reasoning_value==' }))
  })

  it('given an OpenResponses Response with reasoning_text content, should give a text-kind block before the answer', () => {
    const out = translateOpenAIResponse(fixture<object>('openresponses-response-object.json'))
    expectValidEvents(out)
    expect(summarize(storeOf(out).getState())).toEqual({
      blocks: [{ status: 'complete', kinds: ['text'], text: [expect.stringMatching(/^The user asks for 12 × 13\./)], title: undefined, encrypted: false }],
      timeline: ['reasoning', 'text'],
      diagnostics: [],
    })
  })

  it('given a Response without reasoning, should emit no reasoning events', () => {
    const out = translateOpenAIResponse({
      id: 'resp_plain', object: 'response', created_at: 1755700000, status: 'completed',
      output: [{ id: 'msg_plain', type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Hello.', annotations: [] }] }],
    })
    expectValidEvents(out)
    expect(types(out)).toEqual(['RUN_STARTED', 'TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_END', 'RUN_FINISHED'])
  })

  it('given an incomplete Response ending in reasoning, should leave that block interrupted', () => {
    const out = translateOpenAIResponse({
      id: 'resp_cut', status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' },
      output: [{ id: 'rs_cut', type: 'reasoning', status: 'incomplete', summary: [{ type: 'summary_text', text: '**Starting**\n\nFirst I' }] }],
    })
    expectValidEvents(out)
    expect(summarize(storeOf(out).getState()).blocks).toEqual([{ status: 'interrupted', kinds: ['summary'], text: ['**Starting**\n\nFirst I'], title: 'Starting', encrypted: false }])
  })

  it('given something that is not a Response, should emit nothing; given one with an unreadable output, should end the run in error', () => {
    expect(translateOpenAIResponse(42)).toEqual([])
    expect(types(translateOpenAIResponse({ id: 'resp_x', output: 'nope' }))).toEqual(['RUN_STARTED', 'RUN_ERROR'])
  })
})

describe('OpenAI Responses adapter: chunking', () => {
  it.each([
    'summary-then-answer.json',
    'token-limit-during-reasoning.json',
    'agentic-reasoning-tool-reasoning.json',
    'openresponses-reasoning-then-text.json',
  ])('given %s re-cut at random, should end with the same blocks', (name) => {
    expectChunkingInvariant(make, fixture(name), rechunk)
  })
})

describe('OpenAI Responses adapter: .done events fill gaps, never duplicate', () => {
  it('given a stream that lost some deltas, should complete the text from the .done events exactly once', () => {
    const events = fixture('summary-then-answer.json')
    // The last deltas of the first summary part never arrived; its .done events carry the full text.
    const firstPartDeltas = events.filter((e) => e.type === 'response.reasoning_summary_text.delta' && e.summary_index === 0)
    const tailDropped = events.filter((e) => !firstPartDeltas.slice(-5).includes(e))
    const expected = summarize(storeOf(translateChecked(make, events)).getState())
    const t = make()
    const out = [...tailDropped.flatMap((e) => t.push(e)), ...t.end()]
    expectValidEvents(out)
    expect(summarize(storeOf(out).getState())).toEqual(expected)
    expect(t.diagnostics).toEqual([])
  })

  it('given only output_item events (a proxy that drops deltas), should still give every text once', () => {
    const events = fixture('agentic-reasoning-tool-reasoning.json').filter((e) => !e.type.endsWith('.delta') && !e.type.endsWith('text.done') && !e.type.includes('summary_part') && !e.type.endsWith('arguments.done'))
    const expected = summarize(storeOf(translateChecked(make, fixture('agentic-reasoning-tool-reasoning.json'))).getState())
    const out = translateChecked(make, events)
    expect(summarize(storeOf(out).getState())).toEqual(expected)
    expect(argsOf(out, 'call_Lk2vQ8yT0aPz4NcR1mWs7Ue3')).toBe('{"city":"Lyon","country":"FR"}')
  })

  it('given a .done text that contradicts the deltas, should keep the streamed text and report it', () => {
    const t = make()
    const out = [
      ...t.push({ type: 'response.output_item.added', output_index: 0, item: { id: 'rs_1', type: 'reasoning', summary: [] } }),
      ...t.push({ type: 'response.reasoning_summary_text.delta', item_id: 'rs_1', output_index: 0, summary_index: 0, delta: 'Streamed text' }),
      ...t.push({ type: 'response.reasoning_summary_text.done', item_id: 'rs_1', output_index: 0, summary_index: 0, text: 'Something else' }),
      ...t.push({ type: 'response.completed', response: { id: 'r', status: 'completed' } }),
      ...t.end(),
    ]
    expectValidEvents(out)
    expect(summarize(storeOf(out).getState()).blocks[0]!.text).toEqual(['Streamed text'])
    expect(t.diagnostics).toEqual([{ index: 2, message: expect.stringContaining("contradicts its deltas") }])
  })
})

describe('OpenAI Responses adapter: malformed and failing streams', () => {
  it('given malformed events among good ones, should report each, never throw, and keep translating', () => {
    const events = fixture('summary-then-answer.json')
    const rs = 'rs_68a2000000000000000000000000000000000000000000c1'
    const hostile = {
      get type(): string {
        throw new Error('no access')
      },
    }
    const bad: unknown[] = [
      { type: 'response.reasoning_summary_text.delta', output_index: 0, summary_index: 0, delta: 'no item id' },
      { type: 'response.reasoning_summary_text.delta', item_id: rs, output_index: 0, summary_index: 0, delta: 42 },
      // OpenAI's retired response.reasoning.delta carried an object delta.
      { type: 'response.reasoning.delta', item_id: rs, output_index: 0, content_index: 0, delta: { text: 'object delta' } },
      { type: 'response.reasoning_summary_text.delta', item_id: rs, output_index: 0, summary_index: -1, delta: 'bad index' },
      { type: 'response.output_item.added', output_index: 1, item: 'not an item' },
      null,
      'a string',
      { type: 42 },
      hostile,
    ]
    const at = events.findIndex((e) => e.type === 'response.reasoning_summary_text.delta') + 1
    const mixed = [...events.slice(0, at), ...bad, ...events.slice(at)]
    const t = createOpenAIResponsesTranslator({ now: clock() })
    const out: AgUiEvent[] = []
    expect(() => {
      for (const e of mixed) out.push(...t.push(e))
      out.push(...t.end())
    }).not.toThrow()
    expectValidEvents(out)
    expect(t.diagnostics.map((d) => d.index)).toEqual(bad.map((_, i) => at + i))
    expect(t.diagnostics[0]!.message).toContain('item_id')
    expect(t.diagnostics[1]!.message).toContain('delta must be a string')
    expect(summarize(storeOf(out).getState())).toEqual(summarize(storeOf(translateChecked(make, events)).getState()))
  })

  it('given unknown event types (also inherited names such as toString), should ignore them silently', () => {
    const t = make()
    const out = ['toString', '__proto__', 'constructor', 'hasOwnProperty', 'response.output_text.annotation.added', 'response.web_search_call.searching']
      .flatMap((type) => t.push({ type, item_id: 'x' }))
    expect([...out, ...t.end()]).toEqual([])
    expect(t.diagnostics).toEqual([])
  })

  it('given an error whose description throws, should still report it and not throw', () => {
    const t = createOpenAIResponsesTranslator()
    const event = {
      type: 'response.output_text.delta',
      get item_id(): string {
        throw { toString: () => { throw new Error('nope') } }
      },
    }
    expect(() => t.push(event)).not.toThrow()
    expect(t.diagnostics).toEqual([{ index: 0, message: expect.stringContaining('an unreadable error') }])
  })

  it('given a refusal, should show it as the answer text', () => {
    const out = translateChecked(make, [
      { type: 'response.output_item.added', output_index: 0, item: { id: 'msg_r', type: 'message', role: 'assistant', status: 'in_progress', content: [] } },
      { type: 'response.refusal.delta', item_id: 'msg_r', output_index: 0, content_index: 0, delta: "I can't help" },
      { type: 'response.refusal.done', item_id: 'msg_r', output_index: 0, content_index: 0, refusal: "I can't help with that." },
      { type: 'response.completed', response: { id: 'r', status: 'completed' } },
    ])
    expect(out.filter((e) => e.type === 'TEXT_MESSAGE_CONTENT').map((e) => e.delta).join('')).toBe("I can't help with that.")
  })

  it('given arguments for a function call that was never added, should report it and go on', () => {
    const t = make()
    t.push({ type: 'response.function_call_arguments.delta', item_id: 'fc_unknown', output_index: 0, delta: '{}' })
    expect(t.diagnostics).toEqual([{ index: 0, message: expect.stringContaining("'fc_unknown'") }])
  })

  it.each([
    ['an error event', { type: 'error', code: 'server_error', message: 'The server had an error.', param: null }, 'server_error'],
    ['response.failed', { type: 'response.failed', response: { id: 'r', status: 'failed', error: { code: 'rate_limit_exceeded', message: 'Slow down.' } } }, 'rate_limit_exceeded'],
    ['response.completed with status incomplete', { type: 'response.completed', response: { id: 'r', status: 'incomplete', incomplete_details: { reason: 'content_filter' } } }, 'content_filter'],
  ])('given %s during reasoning, should interrupt the block and keep its text', (_, failure, code) => {
    const events = fixture('summary-then-answer.json')
    const firstText = events.findIndex((e) => e.type === 'response.reasoning_summary_text.done')
    const out = translateChecked(make, [...events.slice(0, firstText - 3), failure as ProviderEvent])
    expect(out.at(-1)).toMatchObject({ type: 'RUN_ERROR', code })
    const [block] = storeOf(out).getState().blocks
    expect(block!.status).toBe('interrupted')
    expect(block!.messages[0]!.text.startsWith('**Counting the weekdays**')).toBe(true)
  })

  it('given a stream that stops before response.completed, should end with RUN_ERROR and interrupt what is open', () => {
    const events = fixture('summary-then-answer.json')
    const out = translateChecked(make, events.slice(0, 20))
    expect(out.at(-1)).toMatchObject({ type: 'RUN_ERROR', code: 'stream_ended' })
    expect(storeOf(out).getState().blocks[0]!.status).toBe('interrupted')
  })

  it('given an empty stream, should emit nothing', () => {
    expect(translateOpenAIResponses([])).toEqual([])
  })

  it('given runId and threadId options, should use them over the response id', () => {
    const out = translateOpenAIResponses(fixture('no-reasoning.json'), { runId: 'run-7', threadId: 'thread-7' })
    expect(out[0]).toMatchObject({ type: 'RUN_STARTED', runId: 'run-7', threadId: 'thread-7' })
    expect(out.at(-1)).toMatchObject({ type: 'RUN_FINISHED', runId: 'run-7', threadId: 'thread-7' })
  })
})

/** SSE as OpenAI sends it (`event:` + `data:` lines), with CRLF line ends and the `[DONE]` sentinel. */
function sse(events: readonly ProviderEvent[]): string {
  return events.map((e) => `event: ${e.type}\r\ndata: ${JSON.stringify(e)}\r\n\r\n`).join('') + 'data: [DONE]\r\n\r\n'
}

/** A fetch Response whose body arrives in the given pieces (cut through lines, CRLFs and multi-byte characters). */
function responseOf(body: string, pieces: number): Response {
  const bytes = new TextEncoder().encode(body)
  const size = Math.ceil(bytes.length / pieces)
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += size) controller.enqueue(bytes.slice(i, i + size))
      controller.close()
    },
  })
  return new Response(stream, { headers: { 'content-type': 'text/event-stream' } })
}

describe('connectOpenAIResponses', () => {
  it.each([
    ['split across many chunks', 'agentic-reasoning-tool-reasoning.json', 97],
    ['reasoning and answer text in the same chunk', 'openresponses-reasoning-then-text.json', 1],
  ])('given a real SSE Response %s (CRLF, [DONE]), should leave the store as translating the events does', async (_, name, pieces) => {
    const events = fixture(name)
    const store = createReasoningStore({ flush: 'sync' })
    connectOpenAIResponses(responseOf(sse(events), pieces), store)
    await vi.waitFor(() => expect(selectStreamStatus(store.getState())).toBe('complete'))
    expect(summarize(store.getState())).toEqual(summarize(storeOf(translateChecked(make, events)).getState()))
  })

  it('given a URL, should fetch it with the caller\'s init and translate the body', async () => {
    const events = fixture('summary-then-answer.json')
    const fetch = vi.fn(async () => responseOf(sse(events), 5))
    const store = createReasoningStore({ flush: 'sync' })
    connectOpenAIResponses('https://example.test/v1/responses', store, { fetch, init: { method: 'POST', body: '{}' } })
    await vi.waitFor(() => expect(selectStreamStatus(store.getState())).toBe('complete'))
    expect(fetch).toHaveBeenCalledWith('https://example.test/v1/responses', expect.objectContaining({ method: 'POST', body: '{}' }))
    expect(store.getState().blocks[0]!.messages.map((m) => m.kind)).toEqual(['summary', 'summary'])
  })

  it('given idleTimeoutMs and a provider that stalls mid-reasoning, should pass the option to the stream and interrupt the block', async () => {
    const head = new TextEncoder().encode(sse(fixture('summary-then-answer.json').slice(0, 25)).replace('data: [DONE]\r\n\r\n', ''))
    // The body sends its first events, then nothing, and never closes.
    const stalled = new Response(new ReadableStream<Uint8Array>({ start: (controller) => controller.enqueue(head) }), {
      headers: { 'content-type': 'text/event-stream' },
    })
    const store = createReasoningStore({ flush: 'sync' })
    connectOpenAIResponses(stalled, store, { idleTimeoutMs: 50 })
    await vi.waitFor(() => expect(store.getState().blocks[0]?.status).toBe('interrupted'))
    expect(store.getState().blocks[0]!.messages[0]!.text).not.toBe('')
    expect(store.getState().diagnostics).toContainEqual(expect.objectContaining({ code: 'transport', message: expect.stringContaining('idleTimeoutMs') }))
  })

  it('given a body cut during reasoning and a malformed event, should interrupt the block and report the event', async () => {
    const events = fixture('summary-then-answer.json').slice(0, 25)
    const bad = { type: 'response.reasoning_summary_text.delta', item_id: 'rs_x', summary_index: 0, delta: 7 } as ProviderEvent
    const store = createReasoningStore({ flush: 'sync' })
    connectOpenAIResponses(responseOf(sse([...events, bad]).replace('data: [DONE]\r\n\r\n', ''), 3), store)
    await vi.waitFor(() => expect(store.getState().blocks[0]?.status).toBe('interrupted'))
    expect(store.getState().diagnostics).toEqual([expect.objectContaining({ code: 'adapter', message: expect.stringContaining('Provider event #25') })])
  })
})

describe('OpenAI Responses adapter: usage', () => {
  it('given response.completed with usage, should carry it on RUN_FINISHED with the model, reasoning and cached tokens as parts', () => {
    const out = translateChecked(make, fixture('summary-then-answer.json'))
    expect(out.at(-1)).toMatchObject({
      type: 'RUN_FINISHED',
      usage: [{ model: 'o4-mini', inputTokens: 21, outputTokens: 412, totalTokens: 433, reasoningTokens: 384, cachedInputTokens: 0 }],
    })
  })

  it('given response.incomplete with usage (the token limit), should carry it on RUN_ERROR', () => {
    const out = translateChecked(make, [
      { type: 'response.created', response: { id: 'resp_1', model: 'o3' } },
      { type: 'response.incomplete', response: { id: 'resp_1', model: 'o3', status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' }, usage: { input_tokens: 9, output_tokens: 64, output_tokens_details: { reasoning_tokens: 64 } } } },
    ] as ProviderEvent[])
    expect(out.at(-1)).toMatchObject({ type: 'RUN_ERROR', usage: [{ model: 'o3', inputTokens: 9, outputTokens: 64, totalTokens: 73, reasoningTokens: 64 }] })
  })
})

describe('OpenAI Responses adapter: items are known by output_index (issue 11)', () => {
  const completed = { type: 'response.completed', response: { id: 'r', status: 'completed' } }
  const textDeltas = (events: readonly AgUiEvent[]) => events.filter((e) => e.type === 'TEXT_MESSAGE_CONTENT').map((e) => e.delta).join('')

  it('given a gateway that sends a new item_id on every event of an item (GitHub Copilot), should give one block and the answer once, under the first id', () => {
    let n = 0
    const id = () => `rot-${++n}`
    const answer = 'There are 3.'
    const t = make()
    const out = translateChecked(() => t, [
      { type: 'response.output_item.added', output_index: 0, item: { id: id(), type: 'reasoning', summary: [] } },
      { type: 'response.reasoning_summary_part.added', item_id: id(), output_index: 0, summary_index: 0, part: { type: 'summary_text', text: '' } },
      { type: 'response.reasoning_summary_text.delta', item_id: id(), output_index: 0, summary_index: 0, delta: '**Counting**' },
      { type: 'response.reasoning_summary_text.delta', item_id: id(), output_index: 0, summary_index: 0, delta: ' the letters' },
      { type: 'response.reasoning_summary_text.done', item_id: id(), output_index: 0, summary_index: 0, text: '**Counting** the letters' },
      { type: 'response.reasoning_summary_part.done', item_id: id(), output_index: 0, summary_index: 0, part: { type: 'summary_text', text: '**Counting** the letters' } },
      { type: 'response.output_item.done', output_index: 0, item: { id: id(), type: 'reasoning', summary: [{ type: 'summary_text', text: '**Counting** the letters' }] } },
      { type: 'response.output_item.added', output_index: 1, item: { id: id(), type: 'message', role: 'assistant', content: [] } },
      { type: 'response.output_text.delta', item_id: id(), output_index: 1, content_index: 0, delta: 'There are' },
      { type: 'response.output_text.delta', item_id: id(), output_index: 1, content_index: 0, delta: ' 3.' },
      { type: 'response.output_text.done', item_id: id(), output_index: 1, content_index: 0, text: answer },
      { type: 'response.output_item.done', output_index: 1, item: { id: id(), type: 'message', role: 'assistant', content: [{ type: 'output_text', text: answer }] } },
      completed,
    ] as ProviderEvent[])
    expect(t.diagnostics).toEqual([])
    const state = storeOf(out).getState()
    expect(summarize(state)).toEqual({
      blocks: [{ status: 'complete', kinds: ['summary'], text: ['**Counting** the letters'], title: undefined, encrypted: false }],
      timeline: ['reasoning', 'text'],
      diagnostics: [],
    })
    expect(state.blocks[0]!.id).toBe('rot-1')
    expect(textDeltas(out)).toBe(answer)
    expect(out.filter((e) => e.type === 'TEXT_MESSAGE_START')).toEqual([expect.objectContaining({ messageId: 'rot-8' })])
  })

  it('given function-call events with rotating ids, should give one tool call with its arguments once', () => {
    const t = make()
    const out = translateChecked(() => t, [
      { type: 'response.output_item.added', output_index: 0, item: { id: 'fc-a', type: 'function_call', call_id: 'call_1', name: 'lookup', arguments: '' } },
      { type: 'response.function_call_arguments.delta', item_id: 'fc-b', output_index: 0, delta: '{"q":' },
      { type: 'response.function_call_arguments.delta', item_id: 'fc-c', output_index: 0, delta: '"x"}' },
      { type: 'response.function_call_arguments.done', item_id: 'fc-d', output_index: 0, arguments: '{"q":"x"}' },
      { type: 'response.output_item.done', output_index: 0, item: { id: 'fc-e', type: 'function_call', call_id: 'call_1', name: 'lookup', arguments: '{"q":"x"}' } },
      completed,
    ] as ProviderEvent[])
    expect(t.diagnostics).toEqual([])
    expect(types(out).filter((type) => type.startsWith('TOOL_CALL'))).toEqual(['TOOL_CALL_START', 'TOOL_CALL_ARGS', 'TOOL_CALL_ARGS', 'TOOL_CALL_END'])
    expect(argsOf(out, 'call_1')).toBe('{"q":"x"}')
  })
})

describe('OpenAI Responses adapter: a reasoning item that ends late (issue 11)', () => {
  const rs = (extra: Record<string, unknown> = {}) => ({ id: 'rs_1', type: 'reasoning', summary: [], ...extra })
  const completed = { type: 'response.completed', response: { id: 'r', status: 'completed' } }

  it('given its .done events and output_item.done after the answer began, should keep its text and encrypted value in its block without closing the answer', () => {
    const t = make()
    const out = translateChecked(() => t, [
      { type: 'response.output_item.added', output_index: 0, item: rs() },
      { type: 'response.reasoning_summary_text.delta', item_id: 'rs_1', output_index: 0, summary_index: 0, delta: 'First half' },
      { type: 'response.output_item.added', output_index: 1, item: { id: 'msg_1', type: 'message', role: 'assistant', content: [] } },
      { type: 'response.output_text.delta', item_id: 'msg_1', output_index: 1, content_index: 0, delta: 'Answer' },
      { type: 'response.reasoning_summary_text.done', item_id: 'rs_1', output_index: 0, summary_index: 0, text: 'First half, second half.' },
      { type: 'response.reasoning_summary_part.done', item_id: 'rs_1', output_index: 0, summary_index: 0, part: { type: 'summary_text', text: 'First half, second half.' } },
      { type: 'response.output_item.done', output_index: 0, item: rs({ summary: [{ type: 'summary_text', text: 'First half, second half.' }], encrypted_content: 'gAAA-late==' }) },
      { type: 'response.output_text.delta', item_id: 'msg_1', output_index: 1, content_index: 0, delta: ' and more.' },
      { type: 'response.output_item.done', output_index: 1, item: { id: 'msg_1', type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Answer and more.' }] } },
      completed,
    ] as ProviderEvent[])
    expect(t.diagnostics).toEqual([])
    const state = storeOf(out).getState()
    expect(summarize(state)).toEqual({
      blocks: [{ status: 'complete', kinds: ['summary'], text: ['First half, second half.'], title: undefined, encrypted: true }],
      timeline: ['reasoning', 'text'],
      diagnostics: [],
    })
    expect(toReasoningMessages(state).map((m) => m.encryptedValue)).toContain('gAAA-late==')
    // The span is never reopened and the answer is one message, never closed before its last delta.
    expect(types(out).filter((type) => type === 'REASONING_START' || type.startsWith('TEXT_MESSAGE'))).toEqual([
      'REASONING_START', 'TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_END',
    ])
    expect(out.filter((e) => e.type === 'TEXT_MESSAGE_CONTENT').map((e) => e.delta).join('')).toBe('Answer and more.')
  })

  it('given a late output_item.done with a summary part that never streamed, during a tool call, should add it to the same block and leave the call open', () => {
    const t = make()
    const out = translateChecked(() => t, [
      { type: 'response.output_item.added', output_index: 0, item: rs() },
      { type: 'response.reasoning_summary_text.delta', item_id: 'rs_1', output_index: 0, summary_index: 0, delta: 'Look it up.' },
      { type: 'response.output_item.added', output_index: 1, item: { id: 'fc_1', type: 'function_call', call_id: 'call_1', name: 'search', arguments: '' } },
      { type: 'response.function_call_arguments.delta', item_id: 'fc_1', output_index: 1, delta: '{"q":' },
      { type: 'response.output_item.done', output_index: 0, item: rs({ summary: [{ type: 'summary_text', text: 'Look it up.' }, { type: 'summary_text', text: 'Then answer.' }] }) },
      { type: 'response.function_call_arguments.delta', item_id: 'fc_1', output_index: 1, delta: '"x"}' },
      { type: 'response.output_item.done', output_index: 1, item: { id: 'fc_1', type: 'function_call', call_id: 'call_1', name: 'search', arguments: '{"q":"x"}' } },
      completed,
    ] as ProviderEvent[])
    expect(t.diagnostics).toEqual([])
    const state = storeOf(out).getState()
    expect(summarize(state)).toEqual({
      blocks: [{ status: 'complete', kinds: ['summary', 'summary'], text: ['Look it up.', 'Then answer.'], title: undefined, encrypted: false }],
      timeline: ['reasoning', 'tool-call'],
      diagnostics: [],
    })
    expect(argsOf(out, 'call_1')).toBe('{"q":"x"}')
    expect(types(out).filter((type) => type.startsWith('TOOL_CALL'))).toEqual(['TOOL_CALL_START', 'TOOL_CALL_ARGS', 'TOOL_CALL_ARGS', 'TOOL_CALL_END'])
  })

  it('given a late raw reasoning delta after the answer began, should continue the same message', () => {
    const t = make()
    const out = translateChecked(() => t, [
      { type: 'response.output_item.added', output_index: 0, item: rs() },
      { type: 'response.reasoning_text.delta', item_id: 'rs_1', output_index: 0, content_index: 0, delta: 'Raw' },
      { type: 'response.output_item.added', output_index: 1, item: { id: 'msg_1', type: 'message', role: 'assistant', content: [] } },
      { type: 'response.output_text.delta', item_id: 'msg_1', output_index: 1, content_index: 0, delta: 'Answer.' },
      { type: 'response.reasoning_text.delta', item_id: 'rs_1', output_index: 0, content_index: 0, delta: ' thought.' },
      { type: 'response.reasoning_text.done', item_id: 'rs_1', output_index: 0, content_index: 0, text: 'Raw thought.' },
      { type: 'response.output_text.delta', item_id: 'msg_1', output_index: 1, content_index: 0, delta: ' Done.' },
      { type: 'response.output_item.done', output_index: 1, item: { id: 'msg_1', type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Answer. Done.' }] } },
      completed,
    ] as ProviderEvent[])
    expect(t.diagnostics).toEqual([])
    expect(summarize(storeOf(out).getState())).toEqual({
      blocks: [{ status: 'complete', kinds: ['text'], text: ['Raw thought.'], title: undefined, encrypted: false }],
      timeline: ['reasoning', 'text'],
      diagnostics: [],
    })
    expect(types(out).filter((type) => type === 'REASONING_START' || type.startsWith('TEXT_MESSAGE'))).toEqual([
      'REASONING_START', 'TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_END',
    ])
  })
})
