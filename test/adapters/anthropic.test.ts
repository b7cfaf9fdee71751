import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { createReasoningStore, isEncryptedOnly, projectBlock, toReasoningMessages, type ReasoningStore } from 'reasoning-ui/core'
import type { AgUiEvent } from 'reasoning-ui/adapters'
import {
  ANTHROPIC_REDACTED_THINKING,
  connectAnthropic,
  createAnthropicTranslator,
  translateAnthropic,
  translateAnthropicMessage,
} from '../../src/adapters/anthropic'
import { cutText, expectChunkingInvariant, expectValidEvents, storeOf, summarize, translateChecked, wireFields } from '../helpers/adapters'

/** An Anthropic stream event as the fixtures hold it. */
interface StreamEvent {
  readonly type: string
  readonly index?: number
  readonly delta?: Readonly<Record<string, unknown>>
  readonly content_block?: Readonly<Record<string, unknown>>
  readonly [field: string]: unknown
}

const dir = join(import.meta.dirname, '../fixtures/providers/anthropic')
const fixture = <T = StreamEvent[]>(name: string): T => JSON.parse(readFileSync(join(dir, name), 'utf8')) as T

const make = () => createAnthropicTranslator({ now: () => 1_000 })
const translate = (events: readonly StreamEvent[]) => translateChecked<unknown>(make, events)
const stateOf = (events: readonly AgUiEvent[]) => storeOf(events).getState()

/** The concatenated `field` of the deltas of one type, e.g. all `thinking_delta.thinking` of block 0. */
const deltas = (events: readonly StreamEvent[], type: string, field: string, index?: number) =>
  events
    .filter((e) => e.type === 'content_block_delta' && e.delta?.type === type && (index === undefined || e.index === index))
    .map((e) => String(e.delta![field]))
    .join('')

/** The text the AG-UI events carry for one text message or tool call. */
const carried = (events: readonly AgUiEvent[], type: 'TEXT_MESSAGE_CONTENT' | 'TOOL_CALL_ARGS', id: string) =>
  events.filter((e) => e.type === type && (e.messageId === id || e.toolCallId === id)).map((e) => String(e.delta)).join('')

/** Re-cuts one provider event's streamed text (thinking, text, tool input) into several equivalent events. */
function rechunk(event: unknown, cuts: readonly number[]): unknown[] {
  const e = event as StreamEvent
  if (e.type !== 'content_block_delta' || !e.delta) return [event]
  const field = ({ thinking_delta: 'thinking', text_delta: 'text', input_json_delta: 'partial_json' } as Record<string, string>)[String(e.delta.type)]
  if (!field) return [event]
  return cutText(String(e.delta[field]), cuts).map((piece) => ({ ...e, delta: { ...e.delta, [field]: piece } }))
}

const streams = [
  'no-thinking.json',
  'thinking-then-text.json',
  'max-tokens-while-thinking.json',
  'interleaved-server-tools.json',
  'thinking-then-tool-use.json',
  'redacted-thinking.json',
  'error-while-thinking.json',
]

describe('Anthropic Messages stream → AG-UI', () => {
  it.each(streams)('given %s, should emit only schema-valid events and report nothing', (name) => {
    const t = make()
    const out = [...fixture(name).flatMap((e) => t.push(e)), ...t.end()]
    expectValidEvents(out)
    expect(t.diagnostics).toEqual([])
    expect(stateOf(out).diagnostics).toEqual([])
  })

  it('given no thinking at all, should emit no reasoning events (backward compatible)', () => {
    const events = fixture('no-thinking.json')
    const out = translate(events)
    expect(out.map((e) => e.type)).toEqual(['RUN_STARTED', 'TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_END', 'RUN_FINISHED'])
    expect(out[0]).toMatchObject({ runId: 'msg_01XFDUDYJgAACzvnptvVoYEL', threadId: 'thread' })
    expect(carried(out, 'TEXT_MESSAGE_CONTENT', 'msg_01XFDUDYJgAACzvnptvVoYEL:0')).toBe('Hello! How can I help you today?')
    expect(summarize(stateOf(out))).toEqual({ blocks: [], timeline: ['text'], diagnostics: [] })
  })

  it('given a thinking block then text, should give one complete block before the answer, with its title, text and signature', () => {
    const events = fixture('thinking-then-text.json')
    const out = translate(events)
    const state = stateOf(out)
    const thinking = deltas(events, 'thinking_delta', 'thinking')
    const signature = deltas(events, 'signature_delta', 'signature')
    expect(summarize(state)).toEqual({
      blocks: [{ status: 'complete', kinds: ['text'], text: [thinking], title: 'Checking whether 2027 is prime', encrypted: false }],
      timeline: ['reasoning', 'text'],
      diagnostics: [],
    })
    const block = state.blocks[0]!
    expect(block.id).toBe('msg_01ThinkAndAnswer7aQ2c:0')
    expect(block.messages[0]).toMatchObject({ id: 'msg_01ThinkAndAnswer7aQ2c:0', meta: { signature } })
    expect(carried(out, 'TEXT_MESSAGE_CONTENT', 'msg_01ThinkAndAnswer7aQ2c:1')).toBe(deltas(events, 'text_delta', 'text'))
    // The signature travels on REASONING_MESSAGE_END only, and no projection shows it.
    expect(out.filter((e) => JSON.stringify(e).includes(signature)).map((e) => e.type)).toEqual(['REASONING_MESSAGE_END'])
    for (const level of ['none', 'summary', 'full'] as const) expect(JSON.stringify(projectBlock(block, level))).not.toContain(signature)
    expect(toReasoningMessages(state).map(wireFields)).toEqual([{ id: 'msg_01ThinkAndAnswer7aQ2c:0', role: 'reasoning', content: thinking }])
  })

  it('given max_tokens while thinking, should leave the block interrupted with its text and end the run with an error', () => {
    const events = fixture('max-tokens-while-thinking.json')
    const out = translate(events)
    const state = stateOf(out)
    expect(summarize(state).blocks).toEqual([
      { status: 'interrupted', kinds: ['text'], text: [deltas(events, 'thinking_delta', 'thinking')], title: 'Planning the proof', encrypted: false },
    ])
    expect(out.at(-1)).toMatchObject({ type: 'RUN_ERROR', code: 'max_tokens' })
    expect(state.runs[0]).toMatchObject({ status: 'error' })
  })

  it('given max_tokens while writing the answer, should complete the reasoning and finish the run', () => {
    const events = fixture('thinking-then-text.json').map((e) =>
      e.type === 'message_delta' ? { ...e, delta: { stop_reason: 'max_tokens', stop_sequence: null } } : e,
    )
    const state = stateOf(translate(events))
    expect(summarize(state).blocks.map((b) => b.status)).toEqual(['complete'])
    expect(state.runs[0]).toMatchObject({ status: 'finished' })
  })

  it('given interleaved thinking between server tool uses, should give one block per thinking block, in order around the tool call', () => {
    const events = fixture('interleaved-server-tools.json')
    const out = translate(events)
    const state = stateOf(out)
    expect(summarize(state)).toEqual({
      blocks: [
        { status: 'complete', kinds: ['text'], text: [deltas(events, 'thinking_delta', 'thinking', 0)], title: 'Finding the current figure', encrypted: false },
        { status: 'complete', kinds: ['text'], text: [deltas(events, 'thinking_delta', 'thinking', 3)], title: 'Checking the source', encrypted: false },
      ],
      timeline: ['reasoning', 'tool-call', 'reasoning', 'text'],
      diagnostics: [],
    })
    expect(state.blocks.map((b) => b.id)).toEqual(['msg_01InterleavedSearch4kP:0', 'msg_01InterleavedSearch4kP:3'])
    expect(state.blocks.map((b) => b.messages[0]!.meta?.signature)).toEqual([
      deltas(events, 'signature_delta', 'signature', 0),
      deltas(events, 'signature_delta', 'signature', 3),
    ])
    const tool = 'srvtoolu_01WYG3ziw53XMcoyKL4XcZmE'
    expect(out.find((e) => e.type === 'TOOL_CALL_START')).toMatchObject({ toolCallId: tool, toolCallName: 'web_search', parentMessageId: 'msg_01InterleavedSearch4kP' })
    expect(carried(out, 'TOOL_CALL_ARGS', tool)).toBe('{"query": "Reykjavik population 2025"}')
    const result = out.find((e) => e.type === 'TOOL_CALL_RESULT')!
    expect(result).toMatchObject({ toolCallId: tool, messageId: 'msg_01InterleavedSearch4kP:2', role: 'tool' })
    expect(JSON.parse(String(result.content))).toEqual(events[events.findIndex((e) => e.content_block?.type === 'web_search_tool_result')]!.content_block!.content)
    expect(state.timeline[1]).toMatchObject({ kind: 'tool-call', id: tool, resultMessageId: 'msg_01InterleavedSearch4kP:2' })
  })

  it('given thinking, text and a client tool use, should order them reasoning → text → tool call with the streamed input', () => {
    const events = fixture('thinking-then-tool-use.json')
    const out = translate(events)
    expect(summarize(stateOf(out)).timeline).toEqual(['reasoning', 'text', 'tool-call'])
    expect(carried(out, 'TOOL_CALL_ARGS', 'toolu_01A09q90qw90lq917835lq9')).toBe('{"location": "Paris, France", "unit": "celsius"}')
    expect(JSON.parse(carried(out, 'TOOL_CALL_ARGS', 'toolu_01A09q90qw90lq917835lq9'))).toEqual({ location: 'Paris, France', unit: 'celsius' })
  })

  it('given a redacted_thinking block, should give an encrypted-only block that keeps the data for the round trip', () => {
    const events = fixture('redacted-thinking.json')
    const data = String(events.find((e) => e.content_block?.type === 'redacted_thinking')!.content_block!.data)
    const out = translate(events)
    const state = stateOf(out)
    expect(summarize(state)).toEqual({
      blocks: [
        { status: 'complete', kinds: ['text'], text: [deltas(events, 'thinking_delta', 'thinking')], title: undefined, encrypted: false },
        { status: 'complete', kinds: ['text'], text: [''], title: undefined, encrypted: true },
      ],
      timeline: ['reasoning', 'reasoning', 'text'],
      diagnostics: [],
    })
    const redacted = state.blocks[1]!
    expect(isEncryptedOnly(redacted)).toBe(true)
    expect(redacted.messages[0]).toMatchObject({ encryptedValue: data, encryptedValueType: ANTHROPIC_REDACTED_THINKING })
    expect(out.find((e) => e.type === 'REASONING_ENCRYPTED_VALUE')).toMatchObject({ subtype: 'message', entityId: 'msg_01RedactedThinking3xQ:1', encryptedValue: data })
    expect(wireFields(toReasoningMessages(state)[1]!)).toEqual({ id: 'msg_01RedactedThinking3xQ:1', role: 'reasoning', content: '', encryptedValue: data })
    for (const level of ['none', 'summary', 'full'] as const) expect(JSON.stringify(projectBlock(redacted, level))).not.toContain(data)
  })

  it('given an error event while thinking, should interrupt the block, keep its text and report the error on the run', () => {
    const events = fixture('error-while-thinking.json')
    const out = translate(events)
    const state = stateOf(out)
    expect(summarize(state).blocks).toEqual([
      { status: 'interrupted', kinds: ['text'], text: ['Let me compare the two options. Option A costs less up front but'], title: undefined, encrypted: false },
    ])
    expect(out.at(-1)).toMatchObject({ type: 'RUN_ERROR', message: 'Overloaded', code: 'overloaded_error' })
    expect(state.runs[0]).toMatchObject({ status: 'error', error: 'Overloaded' })
  })

  it('given very long thinking (200 KB in 4,000 deltas), should keep every character in one block', () => {
    const piece = 'Check the next case against every constraint. '
    const count = 4_000
    const events: StreamEvent[] = [
      { type: 'message_start', message: { id: 'msg_long', type: 'message', role: 'assistant', content: [] } },
      { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } },
      ...Array.from({ length: count }, (_, i) => ({ type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: `${i}:${piece}` } })),
      { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'sig-long' } },
      { type: 'content_block_stop', index: 0 },
      { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'Done.' } },
      { type: 'content_block_stop', index: 1 },
      { type: 'message_delta', delta: { stop_reason: 'end_turn' } },
      { type: 'message_stop' },
    ]
    const expected = deltas(events, 'thinking_delta', 'thinking')
    expect(expected.length).toBeGreaterThan(200_000)
    const state = stateOf(translate(events))
    expect(state.blocks).toHaveLength(1)
    expect(state.blocks[0]).toMatchObject({ status: 'complete' })
    expect(state.blocks[0]!.messages[0]!.text).toBe(expected)
    expect(state.blocks[0]!.messages[0]!.meta?.signature).toBe('sig-long')
  })

  it.each(streams)('given %s re-cut at random points, should end with the same blocks', (name) => {
    expectChunkingInvariant<unknown>(make, fixture(name), rechunk)
  })

  it('should date the end of a thinking block when the provider stopped it, not when the next block started', () => {
    let clock = 100
    const t = createAnthropicTranslator({ now: () => clock })
    const events = fixture('thinking-then-text.json')
    const out: AgUiEvent[] = []
    for (const e of events) {
      clock += 10
      out.push(...t.push(e))
    }
    const stopAt = 100 + 10 * (events.findIndex((e) => e.type === 'content_block_stop') + 1)
    expect(out.find((e) => e.type === 'REASONING_END')).toMatchObject({ timestamp: stopAt })
    expect(out.find((e) => e.type === 'TEXT_MESSAGE_START')!.timestamp).toBeGreaterThan(stopAt)
  })

  it('should take the thread and run ids from the options when given', () => {
    const out = translateAnthropic(fixture('no-thinking.json'), { threadId: 't-1', runId: 'r-1', now: () => 5 })
    expect(out[0]).toEqual({ type: 'RUN_STARTED', threadId: 't-1', runId: 'r-1', timestamp: 5 })
    expect(out.at(-1)).toMatchObject({ type: 'RUN_FINISHED', threadId: 't-1', runId: 'r-1' })
  })
})

describe('Anthropic stream cut short', () => {
  it('given a stream that ends inside a thinking block, should end with RUN_ERROR and leave the block interrupted', () => {
    const events = fixture('thinking-then-text.json')
    const cut = events.slice(0, events.findIndex((e) => e.delta?.type === 'signature_delta'))
    const out = translate(cut)
    expect(out.at(-1)).toMatchObject({ type: 'RUN_ERROR' })
    expect(summarize(stateOf(out)).blocks.map((b) => b.status)).toEqual(['interrupted'])
  })

  it('given a stream that ends right after a thinking block stopped, should keep that block complete', () => {
    const events = fixture('thinking-then-text.json')
    const out = translate(events.slice(0, events.findIndex((e) => e.type === 'content_block_stop') + 1))
    const state = stateOf(out)
    expect(summarize(state).blocks.map((b) => b.status)).toEqual(['complete'])
    expect(state.blocks[0]!.messages[0]!.meta?.signature).toBe(deltas(events, 'signature_delta', 'signature'))
    expect(state.runs[0]).toMatchObject({ status: 'error' })
  })
})

describe('Anthropic malformed and unknown events', () => {
  const events = fixture('interleaved-server-tools.json')
  const garbage: unknown[] = [
    null,
    42,
    'event: ping',
    { type: 7 },
    { type: 'content_block_start', content_block: { type: 'thinking' } },
    { type: 'content_block_start', index: 9, content_block: { type: 'tool_use', name: 'no_id' } },
    { type: 'content_block_start', index: 10, content_block: { type: 'redacted_thinking' } },
    { type: 'content_block_delta', index: 99, delta: { type: 'thinking_delta', thinking: 'orphan' } },
    { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 42 } },
    { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'text in a thinking block' } },
    { type: 'content_block_delta', index: 0, delta: 'nope' },
    { type: 'content_block_stop', index: 77 },
    { type: 'message_start', message: {} },
    { type: 'message_delta' },
    {
      get type(): string {
        throw new Error('hostile getter')
      },
    },
  ]

  it('given malformed events inside a stream, should skip each with a diagnostic, never throw, and end with the same blocks', () => {
    const clean = summarize(stateOf(translate(events))).blocks
    // Right after the first thinking block opened, so the bad deltas name an open block.
    const at = events.findIndex((e) => e.type === 'content_block_delta')
    const dirty = [...events.slice(0, at), ...garbage, ...events.slice(at)]
    const t = make()
    const out: AgUiEvent[] = []
    expect(() => {
      for (const e of dirty) out.push(...t.push(e))
      out.push(...t.end())
    }).not.toThrow()
    expectValidEvents(out)
    expect(summarize(stateOf(out)).blocks).toEqual(clean)
    expect(t.diagnostics).toHaveLength(garbage.length)
    expect(t.diagnostics.map((d) => d.index)).toEqual(garbage.map((_, i) => at + i))
    expect(t.diagnostics[14]!.message).toContain('hostile getter')
  })

  it('given unknown event, block and delta types, should ignore them silently', () => {
    const t = make()
    const extra = [
      { type: 'ping' },
      { type: 'future_event', payload: 1 },
      { type: 'content_block_start', index: 50, content_block: { type: 'future_block' } },
      { type: 'content_block_delta', index: 50, delta: { type: 'future_delta', x: 1 } },
      { type: 'content_block_stop', index: 50 },
    ]
    const out = [...[events[0]!, ...extra].flatMap((e) => t.push(e)), ...events.slice(1).flatMap((e) => t.push(e)), ...t.end()]
    expectValidEvents(out)
    expect(t.diagnostics).toEqual([])
    expect(summarize(stateOf(out)).blocks).toHaveLength(2)
  })
})

describe('Anthropic non-streaming Message', () => {
  const message = fixture<{ content: { type: string; thinking?: string; signature?: string; data?: string; input?: object }[] }>('message.json')

  it('should translate content[] in order: thinking (signed), redacted thinking, text, tool use', () => {
    const out = translateAnthropicMessage(message, { now: () => 1 })
    expectValidEvents(out)
    const state = stateOf(out)
    const [thinking, redacted, , tool] = message.content
    expect(summarize(state)).toEqual({
      blocks: [
        { status: 'complete', kinds: ['text'], text: [thinking!.thinking], title: 'Choosing a tool', encrypted: false },
        { status: 'complete', kinds: ['text'], text: [''], title: undefined, encrypted: true },
      ],
      timeline: ['reasoning', 'reasoning', 'text', 'tool-call'],
      diagnostics: [],
    })
    expect(state.blocks[0]!.messages[0]!.meta?.signature).toBe(thinking!.signature)
    expect(state.blocks[1]!.messages[0]).toMatchObject({ encryptedValue: redacted!.data, encryptedValueType: ANTHROPIC_REDACTED_THINKING })
    expect(carried(out, 'TEXT_MESSAGE_CONTENT', 'msg_01NonStreamingMessage5:2')).toBe('Let me check the forecast for Oslo.')
    expect(JSON.parse(carried(out, 'TOOL_CALL_ARGS', 'toolu_01NonStreamForecast8'))).toEqual(tool!.input)
    expect(state.runs[0]).toMatchObject({ status: 'finished', runId: 'msg_01NonStreamingMessage5' })
  })

  it('given a message cut by max_tokens while thinking, should leave the last block interrupted', () => {
    const cut = { ...message, content: [message.content[0]], stop_reason: 'max_tokens' }
    expect(summarize(stateOf(translateAnthropicMessage(cut))).blocks.map((b) => b.status)).toEqual(['interrupted'])
  })

  it('given an error response, should give a run that ends with RUN_ERROR', () => {
    const out = translateAnthropicMessage({ type: 'error', error: { type: 'invalid_request_error', message: 'max_tokens: too large' } })
    expectValidEvents(out)
    expect(out.map((e) => e.type)).toEqual(['RUN_STARTED', 'RUN_ERROR'])
    expect(out[1]).toMatchObject({ message: 'max_tokens: too large', code: 'invalid_request_error' })
  })

  it('given something that is not a message, should give no events and not throw', () => {
    for (const bad of [null, 'hi', 42, {}, { content: 'text' }]) expect(translateAnthropicMessage(bad)).toEqual([])
  })
})

describe('connectAnthropic', () => {
  /** The fixture as an Anthropic SSE body (`event:` names, CRLF framing), cut into chunks of `size` bytes. */
  function responseOf(events: readonly StreamEvent[], size: number): Response {
    const text = events.map((e) => `event: ${e.type}\r\ndata: ${JSON.stringify(e)}\r\n\r\n`).join('')
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

  it('given a real Response with a CRLF-framed SSE body split mid-event, should fill the store as the recorded translation does', async () => {
    const events = fixture('redacted-thinking.json')
    const store = createReasoningStore({ flush: 'sync' })
    connectAnthropic(responseOf(events, 37), store)
    await ended(store)
    expect(summarize(store.getState())).toEqual(summarize(stateOf(translateAnthropic(events))))
    expect(store.getState().runs[0]).toMatchObject({ status: 'finished', runId: 'msg_01RedactedThinking3xQ' })
    expect(store.getState().blocks[1]!.messages[0]!.encryptedValueType).toBe(ANTHROPIC_REDACTED_THINKING)
  })

  it('given a body that stops mid-thinking, should leave the block interrupted', async () => {
    const events = fixture('thinking-then-text.json')
    const store = createReasoningStore({ flush: 'sync' })
    connectAnthropic(responseOf(events.slice(0, 5), 64), store)
    await ended(store)
    expect(summarize(store.getState()).blocks.map((b) => b.status)).toEqual(['interrupted'])
  })

  it('given malformed events on the wire, should report them as adapter diagnostics and go on', async () => {
    const events = fixture('no-thinking.json')
    const store = createReasoningStore({ flush: 'sync' })
    connectAnthropic(responseOf([events[0]!, { type: 'content_block_delta', index: 3, delta: { type: 'text_delta', text: 'x' } }, ...events.slice(1)], 50), store)
    await ended(store)
    expect(summarize(store.getState())).toEqual({ blocks: [], timeline: ['text'], diagnostics: ['adapter'] })
    expect(store.getState().diagnostics[0]!.message).toContain('Provider event #1')
  })
})

describe('Anthropic adapter: usage', () => {
  it('given message_start and message_delta usage, should carry the latest counts, with the cache added into inputTokens as its parts', () => {
    const events = [
      { type: 'message_start', message: { id: 'msg_u', model: 'claude-sonnet-4-5', content: [], usage: { input_tokens: 10, cache_creation_input_tokens: 100, cache_read_input_tokens: 1000, output_tokens: 1 } } },
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hi.' } },
      { type: 'content_block_stop', index: 0 },
      { type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 412 } },
      { type: 'message_stop' },
    ]
    const out = translateChecked(make, events as unknown as StreamEvent[])
    // No reasoningTokens: this stream does not report how many of the output tokens were thinking.
    expect(out.at(-1)).toEqual(expect.objectContaining({
      type: 'RUN_FINISHED',
      usage: [{ model: 'claude-sonnet-4-5', inputTokens: 1110, outputTokens: 412, totalTokens: 1522, cachedInputTokens: 1000, cacheWriteInputTokens: 100 }],
    }))
  })

  it('given message_delta usage with null input and cache counts (MessageDeltaUsage allows null), should keep message_start\'s counts', () => {
    const events = [
      { type: 'message_start', message: { id: 'msg_n', model: 'claude-sonnet-4-5', content: [], usage: { input_tokens: 10, cache_creation_input_tokens: 100, cache_read_input_tokens: 1000, output_tokens: 1 } } },
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hi.' } },
      { type: 'content_block_stop', index: 0 },
      {
        type: 'message_delta',
        delta: { stop_reason: 'end_turn' },
        usage: { input_tokens: null, cache_creation_input_tokens: null, cache_read_input_tokens: null, output_tokens: 412, server_tool_use: null },
      },
      { type: 'message_stop' },
    ]
    const out = translateChecked(make, events as unknown as StreamEvent[])
    expect(out.at(-1)).toMatchObject({
      type: 'RUN_FINISHED',
      usage: [{ model: 'claude-sonnet-4-5', inputTokens: 1110, outputTokens: 412, totalTokens: 1522, cachedInputTokens: 1000, cacheWriteInputTokens: 100 }],
    })
  })

  it('given output_tokens_details.thinking_tokens (newer Claude responses, issue 41), should report them as reasoning tokens, a part of the output', () => {
    const events = [
      { type: 'message_start', message: { id: 'msg_t', model: 'claude-opus-4-6', content: [], usage: { input_tokens: 10, output_tokens: 1 } } },
      { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'Check the units.' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'sig' } },
      { type: 'content_block_stop', index: 0 },
      { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'Hi.' } },
      { type: 'content_block_stop', index: 1 },
      { type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 120, output_tokens_details: { thinking_tokens: 80 } } },
      { type: 'message_stop' },
    ]
    const out = translateChecked(make, events as unknown as StreamEvent[])
    expect(out.at(-1)).toMatchObject({ type: 'RUN_FINISHED', usage: [{ model: 'claude-opus-4-6', inputTokens: 10, outputTokens: 120, reasoningTokens: 80, totalTokens: 130 }] })
    // A whole message reads it too.
    const whole = translateAnthropicMessage({
      id: 'msg_w', type: 'message', role: 'assistant', model: 'claude-opus-4-6', content: [{ type: 'text', text: 'Hi' }], stop_reason: 'end_turn',
      usage: { input_tokens: 5, output_tokens: 70, output_tokens_details: { thinking_tokens: 60 } },
    })
    expect(whole.at(-1)).toMatchObject({ type: 'RUN_FINISHED', usage: [{ inputTokens: 5, outputTokens: 70, reasoningTokens: 60, totalTokens: 75 }] })
  })

  it('given a non-streaming message, should carry its usage', () => {
    const out = translateAnthropicMessage({ id: 'msg_n', type: 'message', role: 'assistant', model: 'claude-opus-4-1', content: [{ type: 'text', text: 'Hi' }], stop_reason: 'end_turn', usage: { input_tokens: 5, output_tokens: 7 } })
    expectValidEvents(out)
    expect(out.at(-1)).toMatchObject({ type: 'RUN_FINISHED', usage: [{ model: 'claude-opus-4-1', inputTokens: 5, outputTokens: 7, totalTokens: 12 }] })
  })
})

describe('Anthropic adapter: a thinking block that ends late (issue 11)', () => {
  it('given a text block that starts before the thinking block stops, should keep its last delta and signature on that block and leave the text open', () => {
    const t = make()
    const events = translateChecked<unknown>(() => t, [
      { type: 'message_start', message: { id: 'msg_late', model: 'claude', usage: { input_tokens: 1, output_tokens: 1 } } },
      { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'First half' } },
      { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'Answer' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: ', second half.' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'sig-late' } },
      { type: 'content_block_stop', index: 0 },
      { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: ' and more.' } },
      { type: 'content_block_stop', index: 1 },
      { type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 9 } },
      { type: 'message_stop' },
    ])
    expect(t.diagnostics).toEqual([])
    const state = stateOf(events)
    expect(summarize(state)).toEqual({
      blocks: [{ status: 'complete', kinds: ['text'], text: ['First half, second half.'], title: undefined, encrypted: false }],
      timeline: ['reasoning', 'text'],
      diagnostics: [],
    })
    expect(state.blocks[0]!.messages[0]!.meta?.signature).toBe('sig-late')
    expect(carried(events, 'TEXT_MESSAGE_CONTENT', 'msg_late:1')).toBe('Answer and more.')
    expect(events.filter((e) => e.type === 'TEXT_MESSAGE_START' || e.type === 'TEXT_MESSAGE_END').map((e) => e.type)).toEqual(['TEXT_MESSAGE_START', 'TEXT_MESSAGE_END'])
  })

  it('given only the signature after the answer streamed a while, should sign the block without stretching its duration', () => {
    let clock = 1_000
    const t = createAnthropicTranslator({ now: () => (clock += 1_000) })
    const events = translateChecked<unknown>(() => t, [
      { type: 'message_start', message: { id: 'msg_sig', model: 'claude' } },
      { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'Thinking.' } },
      { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'A long ' } },
      { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'answer.' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'sig-late' } },
      { type: 'content_block_stop', index: 0 },
      { type: 'content_block_stop', index: 1 },
      { type: 'message_delta', delta: { stop_reason: 'end_turn' } },
      { type: 'message_stop' },
    ])
    expect(t.diagnostics).toEqual([])
    const state = stateOf(events)
    expect(state.diagnostics).toEqual([])
    expect(state.blocks[0]!.messages[0]!.meta?.signature).toBe('sig-late')
    expect(state.blocks[0]).toMatchObject({ status: 'complete', endedAt: events.find((e) => e.type === 'REASONING_END')!.timestamp })
  })
})
