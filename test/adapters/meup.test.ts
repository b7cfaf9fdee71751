import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import { createReasoningStore, type ReasoningState } from 'reasoning-ui/core'
import type { AgUiEvent } from 'reasoning-ui/adapters'
import { connectMeup, createMeupTranslator, translateMeup } from '../../src/adapters/meup'
import { expectValidEvents, storeOf, summarize, translateChecked } from '../helpers/adapters'
import adrExample from '../fixtures/providers/meup/adr-example.json'
import cut from '../fixtures/providers/meup/cut.json'
import interleaved from '../fixtures/providers/meup/interleaved.json'
import malformed from '../fixtures/providers/meup/malformed.json'
import noReasoning from '../fixtures/providers/meup/no-reasoning.json'
import reasoningAndAnswer from '../fixtures/providers/meup/reasoning-and-answer.json'
import severalSessions from '../fixtures/providers/meup/several-sessions.json'

/** A clock that ticks 100 ms per call, so durations are deterministic. */
const ticking = () => {
  let t = 0
  return () => (t += 100)
}
const make = () => createMeupTranslator({ now: ticking() })
const translate = (messages: readonly unknown[]) => translateChecked(make, messages)
const stateOf = (events: readonly AgUiEvent[]) => storeOf(events).getState()
const types = (events: readonly AgUiEvent[]) => events.map((e) => e.type)

function translateWith(t: ReturnType<typeof createMeupTranslator>, messages: readonly unknown[]): AgUiEvent[] {
  const out = messages.flatMap((m) => t.push(m))
  out.push(...t.end())
  expectValidEvents(out)
  return out
}

/** Each block's steps as `[stepType, title, text]`. */
const steps = (state: ReasoningState) =>
  state.blocks.map((b) => b.messages.map((m) => [m.meta?.stepType, m.meta?.title, m.text]))

describe('MEUP fixtures', () => {
  it("given the ADR's example flow, should make one titled span of step messages with the outcome, then the proposed tool call", () => {
    const t = make()
    const events = translateWith(t, adrExample)
    const state = stateOf(events)
    expect(summarize(state)).toEqual({
      blocks: [{
        status: 'complete', kinds: ['step', 'step'], title: 'Evaluating security implications of file write', encrypted: false,
        text: ['Result: File location requires elevated permissions', 'This operation could expose sensitive data if permissions are misconfigured'],
      }],
      timeline: ['reasoning', 'tool-call'],
      diagnostics: [],
    })
    const [block] = state.blocks
    expect(block!.id).toBe('r-789')
    // The participant is the span's source; the end carries conclusion, confidence and key factors.
    expect(block!.meta).toEqual({
      title: 'Evaluating security implications of file write',
      source: 'code-analyst',
      conclusion: 'File write should be denied due to security risks',
      confidence: 0.92,
      keyFactors: ['elevated_permissions', 'sensitive_location'],
    })
    expect(steps(state)).toEqual([[
      ['tool_call', 'scan_permissions', 'Result: File location requires elevated permissions'],
      ['reflection', undefined, 'This operation could expose sensitive data if permissions are misconfigured'],
    ]])
    expect(block!.messages.map((m) => m.kind)).toEqual(['step', 'step'])
    expect(state.timeline[1]).toMatchObject({ kind: 'tool-call', name: 'write_file', status: 'complete' })
    expect(t.sessions.get('r-789')).toEqual({ reasoningId: 'r-789', from: 'code-analyst', description: 'Evaluating security implications of file write', actions: ['r-789/action'], status: 'ended', steps: 2 })
  })

  it('given pod traffic without reasoning, should emit no reasoning events and nothing from uncorrelated chat or MCP', () => {
    const events = translate(noReasoning)
    expect(types(events)).toEqual(['RUN_STARTED', 'RUN_FINISHED'])
  })

  it('given reasoning and the correlated answer, should put the answer after the block and keep parent_message', () => {
    const t = make()
    const events = translateWith(t, reasoningAndAnswer)
    const state = stateOf(events)
    expect(summarize(state)).toEqual({
      blocks: [{
        status: 'complete', kinds: ['step', 'step'], title: 'Deciding whether to cache pricing responses', encrypted: false,
        text: [
          'Prices change at most once an hour, and the API allows 60 calls a minute.\n\nobservation: Peak traffic is 400 lookups a minute.',
          'A five-minute cache keeps us under the rate limit without showing stale prices for long.',
        ],
      }],
      timeline: ['reasoning', 'text'],
      diagnostics: [],
    })
    expect(state.blocks[0]!.messages.map((m) => m.meta)).toEqual([
      { kind: 'step', stepType: 'analysis' },
      { kind: 'step', stepType: 'hypothesis', confidence: 0.7 },
    ])
    expect(state.timeline[1]).toMatchObject({ kind: 'text', id: 'r-cache-1/chat', role: 'assistant', status: 'complete' })
    expect(events.find((e) => e.type === 'TEXT_MESSAGE_CONTENT')?.delta).toMatch(/^Yes: cache them for five minutes/)
    expect(t.sessions.get('r-cache-1')).toMatchObject({ parentMessage: 'msg-pricing-question', from: 'architect', actions: ['r-cache-1/chat'] })
  })

  it('given a stream that ends without reasoning/end, should leave the block interrupted with its steps', () => {
    const events = translate(cut)
    expect(summarize(stateOf(events)).blocks).toEqual([{
      status: 'interrupted', kinds: ['step', 'step'], title: 'Planning the release checklist', encrypted: false,
      text: ['Three services ship together; the database migration must run first.', 'Running the migration behind a feature flag would let us'],
    }])
    expect(events.at(-1)).toMatchObject({ type: 'RUN_ERROR', code: 'stream_ended', message: "The MEUP stream ended before reasoning/end for 'r-trip-7'." })
  })

  it('given two sessions each followed by its action, should keep them in order and follow the proposal to its response', () => {
    const t = make()
    const events = translateWith(t, severalSessions)
    const state = stateOf(events)
    expect(summarize(state)).toEqual({
      blocks: [
        { status: 'complete', kinds: ['step'], title: 'Finding the failing test', encrypted: false, text: ['Arguments: {"filter":"checkout"}\n\nResult: 1 failed: applies coupon twice'] },
        { status: 'complete', kinds: ['step'], title: 'Fixing the double coupon', encrypted: false, text: ['applyCoupon is nested in itself; one call is enough.'] },
      ],
      timeline: ['reasoning', 'tool-call', 'reasoning', 'text'],
      diagnostics: [],
    })
    // The proposal is the tool call; the request that fulfils it and the response to the request are its result.
    expect(state.timeline[1]).toMatchObject({ kind: 'tool-call', id: 'prop-1', name: 'read_file', resultMessageId: 'resp-1' })
    expect(events.filter((e) => e.type === 'TOOL_CALL_ARGS').map((e) => e.delta)).toEqual(['{"path":"src/checkout.ts"}'])
    expect(events.find((e) => e.type === 'TOOL_CALL_RESULT')).toMatchObject({ toolCallId: 'prop-1', content: 'total = applyCoupon(applyCoupon(cart))' })
    // An array correlation_id: the first session it names.
    expect(t.sessions.get('r-2')!.actions).toEqual(['r-2/chat'])
    expect(t.sessions.get('r-1')!.actions).toEqual(['prop-1'])
  })

  it('given two participants reasoning at the same time, should keep each one\'s steps in its own block', () => {
    const events = translate(interleaved)
    const state = stateOf(events)
    expect(state.blocks.map((b) => [b.id, b.meta?.source, b.status, b.messages.map((m) => m.text), b.meta?.conclusion])).toEqual([
      ['r-sec', 'security-reviewer', 'complete', ['Tokens are logged at debug level.'], 'Redact tokens before logging.'],
      ['r-perf', 'perf-reviewer', 'complete', ['The orders query scans the whole table.'], 'Add an index on orders.customer_id.'],
    ])
    expect(state.diagnostics).toEqual([])
    // Each step keeps the time it was sent: r-sec's step came third, before r-perf's.
    const [sec, perf] = state.blocks
    expect(sec!.messages[0]!.startedAt).toBeLessThan(perf!.messages[0]!.startedAt!)
  })

  it('given 200 KB of reasoning in 400 steps, should keep every character, step by step', () => {
    const thought = (i: number) => `Step ${i}: ${'weighing the shard budget against the retry cost; '.repeat(10)}`.slice(0, 500)
    const messages = [
      { kind: 'reasoning/start', from: 'planner', payload: { reasoning_id: 'r-long', description: 'A long analysis' } },
      ...Array.from({ length: 400 }, (_, i) => ({ kind: 'reasoning/step', from: 'planner', payload: { reasoning_id: 'r-long', type: 'analysis', content: { analysis: thought(i) } } })),
      { kind: 'reasoning/end', from: 'planner', payload: { reasoning_id: 'r-long', conclusion: 'Done.' } },
    ]
    const state = stateOf(translate(messages))
    const [block] = state.blocks
    expect(block!.messages).toHaveLength(400)
    expect(block!.messages.map((m) => m.text).join('')).toHaveLength(200_000)
    expect(block!.messages[399]!.text).toBe(thought(399))
    expect(block!.status).toBe('complete')
  })
})

describe('MEUP sessions', () => {
  const start = (id: string, from = 'agent') => ({ kind: 'reasoning/start', from, payload: { reasoning_id: id } })
  const step = (id: string, text: string, from = 'agent') => ({ kind: 'reasoning/step', from, payload: { reasoning_id: id, type: 'analysis', content: text } })
  const end = (id: string, conclusion = 'ok', from = 'agent') => ({ kind: 'reasoning/end', from, payload: { reasoning_id: id, conclusion } })
  const chat = (correlation: string, text: string) => ({ kind: 'chat', from: 'agent', correlation_id: correlation, payload: { text } })

  it('given only reasoning/end (an observer subscribed to conclusions), should make a block with just the outcome', () => {
    const state = stateOf(translate([end('r-only', 'Ship it.')]))
    expect(state.blocks.map((b) => [b.id, b.status, b.messages.length, b.meta])).toEqual([['r-only', 'complete', 0, { source: 'agent', conclusion: 'Ship it.' }]])
  })

  it('given steps without reasoning/start (a late joiner), should open the session at the first step', () => {
    const state = stateOf(translate([step('r-late', 'joined mid-way'), end('r-late')]))
    expect(summarize(state).blocks).toEqual([{ status: 'complete', kinds: ['step'], text: ['joined mid-way'], title: undefined, encrypted: false }])
  })

  it('given an action before reasoning/end, should close the block there and still give it the late outcome, silently (issue 11)', () => {
    const t = make()
    const events = translateWith(t, [start('r-1'), step('r-1', 'thinking'), chat('r-1', 'answer'), end('r-1', 'decided after all')])
    const state = stateOf(events)
    expect(state.blocks.map((b) => [b.id, b.status, b.meta?.conclusion])).toEqual([['r-1', 'complete', 'decided after all']])
    expect(summarize(state).timeline).toEqual(['reasoning', 'text'])
    expect(state.diagnostics).toEqual([])
    expect(t.sessions.get('r-1')!.status).toBe('ended')
    expect(t.diagnostics).toEqual([])
  })

  it('given a step after the action that closed its session, should add it to the same block, in order', () => {
    const t = make()
    const events = translateWith(t, [start('r-1'), step('r-1', 'thinking'), chat('r-1', 'answer'), step('r-1', 'checking the answer'), chat('r-1', 'confirmed')])
    const state = stateOf(events)
    expect(summarize(state)).toEqual({
      blocks: [{ status: 'complete', kinds: ['step', 'step'], text: ['thinking', 'checking the answer'], title: undefined, encrypted: false }],
      timeline: ['reasoning', 'text', 'text'],
      diagnostics: [],
    })
    expect(t.sessions.get('r-1')).toMatchObject({ status: 'closed', actions: ['r-1/chat', 'r-1/chat#2'] })
    expect(t.diagnostics).toEqual([])
  })

  it('given an action while an interleaved session holds steps, should land the held steps (and its held end) in it first', () => {
    const events = translate([start('r-a', 'a'), start('r-b', 'b'), step('r-a', 'a thinks', 'a'), end('r-a', 'a decided', 'a'), step('r-b', 'b thinks', 'b'), chat('r-b', 'b answers')])
    const state = stateOf(events)
    expect(state.blocks.map((b) => [b.id, b.messages.map((m) => m.text), b.meta?.conclusion, b.status])).toEqual([
      ['r-a', ['a thinks'], 'a decided', 'complete'],
      ['r-b', ['b thinks'], undefined, 'complete'],
    ])
    expect(state.diagnostics).toEqual([])
  })

  it('given a stream cut while a session holds steps behind an open one, should report the dropped steps', () => {
    const t = make()
    const events = translateWith(t, [start('r-a'), start('r-b'), step('r-a', 'held')])
    expect(stateOf(events).blocks.map((b) => b.status)).toEqual(['interrupted', 'interrupted'])
    expect(t.diagnostics.map((d) => d.message)).toEqual([
      "The stream ended with 1 message(s) of session 'r-a' held behind a session opened after it and never ended; they were dropped.",
    ])
  })

  it('given envelope ts, should take timing from it', () => {
    const ts = (s: number) => new Date(Date.UTC(2025, 7, 31, 12, 0, s)).toISOString()
    const state = stateOf(translate([
      { ...start('r-t'), ts: ts(0) },
      { ...step('r-t', 'x'), ts: ts(2) },
      { ...end('r-t'), ts: ts(5) },
    ]))
    const [block] = state.blocks
    expect(block!.endedAt! - block!.startedAt!).toBe(5_000)
    expect(block!.messages[0]!.startedAt).toBe(Date.parse(ts(2)))
  })

  it('given step content of every documented type, should render each as readable text without losing fields', () => {
    const state = stateOf(translate([
      start('r-c'),
      { kind: 'reasoning/step', from: 'agent', payload: { reasoning_id: 'r-c', type: 'tool_call', content: { tool: 'grep', arguments: { pattern: 'TODO' }, result: { matches: 3 } } } },
      { kind: 'reasoning/step', from: 'agent', payload: { reasoning_id: 'r-c', type: 'hypothesis', content: { hypothesis: 'It is the cache.', thought: 'secondary', title: 'Cache?', confidence: 2 } } },
      { kind: 'reasoning/step', from: 'agent', payload: { reasoning_id: 'r-c', type: 'analysis', content: ['a', 'b'] } },
      { kind: 'reasoning/step', from: 'agent', payload: { reasoning_id: 'r-c', type: 'reflection' } },
      end('r-c'),
    ]))
    expect(steps(state)).toEqual([[
      ['tool_call', 'grep', 'Arguments: {"pattern":"TODO"}\n\nResult: {"matches":3}'],
      ['hypothesis', 'Cache?', 'It is the cache.\n\nthought: secondary\n\nconfidence: 2'],
      ['analysis', undefined, '["a","b"]'],
      ['reflection', undefined, ''],
    ]])
  })

  it('property: however two participants\' messages interleave, each session ends with its own steps and outcome', () => {
    const a = [start('r-a', 'a'), step('r-a', 'a1', 'a'), step('r-a', 'a2', 'a'), end('r-a', 'A', 'a')]
    const b = [start('r-b', 'b'), step('r-b', 'b1', 'b'), end('r-b', 'B', 'b')]
    const byId = (state: ReasoningState) => Object.fromEntries(state.blocks.map((bl) => [bl.id, [bl.status, bl.messages.map((m) => m.text), bl.meta?.conclusion, bl.meta?.source]]))
    const expected = { 'r-a': ['complete', ['a1', 'a2'], 'A', 'a'], 'r-b': ['complete', ['b1'], 'B', 'b'] }
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: a.length + b.length, maxLength: a.length + b.length }), (picks) => {
        const queues = [a.slice(), b.slice()]
        const order = picks.map((fromA) => (queues[fromA ? 0 : 1]!.length > 0 ? queues[fromA ? 0 : 1]! : queues[fromA ? 1 : 0]!).shift()!)
        const t = make()
        const events = translateWith(t, order)
        const state = stateOf(events)
        expect(byId(state)).toEqual(expected)
        expect(state.diagnostics).toEqual([])
        expect(t.diagnostics).toEqual([])
      }),
      { numRuns: 100 },
    )
  })
})

describe('MEUP errors', () => {
  it('given malformed messages among good ones, should skip each with a diagnostic and translate the rest', () => {
    const t = make()
    const events = translateWith(t, malformed)
    expect(t.diagnostics).toEqual([
      { index: 0, message: 'A MEUP message must be a JSON object.' },
      { index: 1, message: "A MEUP message needs a string 'kind'." },
      { index: 2, message: "reasoning/start: 'payload' must be an object." },
      { index: 3, message: "reasoning/step needs a string 'payload.reasoning_id'." },
      { index: 5, message: "reasoning/start for 'r-ok', which this stream already has (reasoning_id must be unique)." },
      { index: 6, message: "reasoning/step for 'r-ok': 'type' must be a string; it was ignored." },
      { index: 9, message: "reasoning/end for 'r-ok': 'confidence' must be a number from 0 to 1; that field was ignored." },
      { index: 10, message: "reasoning/step for 'r-ok' after the session ended (reasoning/end)." },
    ])
    const state = stateOf(events)
    expect(summarize(state)).toEqual({
      // The step with a numeric type is kept (it has no content: an empty step), only its type is not.
      blocks: [{ status: 'complete', kinds: ['step', 'step'], text: ['', 'Plain string content is fine.'], title: 'Still working', encrypted: false }],
      timeline: ['reasoning'],
      diagnostics: [],
    })
    expect(state.blocks[0]!.meta).toEqual({ title: 'Still working', source: 'agent', conclusion: 'Done.' })
  })

  it('given a step whose type is not a string, should keep its text and report only the type', () => {
    const t = make()
    const events = translateWith(t, [
      { kind: 'reasoning/step', from: 'agent', payload: { reasoning_id: 'r-1', type: { name: 'analysis' }, content: { thought: 'Still readable.' } } },
      { kind: 'reasoning/end', from: 'agent', payload: { reasoning_id: 'r-1' } },
    ])
    expect(t.diagnostics.map((d) => d.message)).toEqual(["reasoning/step for 'r-1': 'type' must be a string; it was ignored."])
    const state = stateOf(events)
    expect(summarize(state).blocks).toEqual([{ status: 'complete', kinds: ['step'], text: ['Still readable.'], title: undefined, encrypted: false }])
    expect(state.blocks[0]!.messages[0]!.meta?.stepType).toBeUndefined()
  })

  it('given a hostile object whose getters throw, should report it and never throw', () => {
    const t = make()
    const hostile = new Proxy({}, { get: () => { throw new Error('boom') } })
    expect(() => t.push(hostile)).not.toThrow()
    expect(t.diagnostics).toEqual([{ index: 0, message: 'The MEUP message could not be translated: boom' }])
  })
})

describe('connectMeup', () => {
  const responseOf = (text: string, type: string, size = 29) => {
    const bytes = new TextEncoder().encode(text)
    return new Response(new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += size) controller.enqueue(bytes.slice(i, i + size))
        controller.close()
      },
    }), { headers: { 'content-type': type } })
  }
  const done = (store: ReturnType<typeof createReasoningStore>) =>
    vi.waitFor(() => expect(store.getState().runs[0]?.status).toMatch(/finished|error/))

  it('given an NDJSON body (the default framing), should end in the same state as translateMeup', async () => {
    const store = createReasoningStore({ flush: 'sync' })
    connectMeup(responseOf(severalSessions.map((m) => JSON.stringify(m)).join('\n'), 'application/x-ndjson'), store)
    await done(store)
    expect(summarize(store.getState())).toEqual(summarize(stateOf(translateMeup(severalSessions))))
  })

  it('given an SSE body with framing sse, and a malformed envelope, should translate it and report an adapter diagnostic', async () => {
    const store = createReasoningStore({ flush: 'sync' })
    const body = [{ kind: 42 }, ...adrExample].map((m) => `data: ${JSON.stringify(m)}\n\n`).join('')
    connectMeup(responseOf(body, 'text/event-stream'), store, { framing: 'sse' })
    await done(store)
    const state = store.getState()
    expect(summarize(state)).toMatchObject({ timeline: ['reasoning', 'tool-call'], diagnostics: ['adapter'] })
    expect(state.diagnostics[0]!.message).toBe("Provider event #0: A MEUP message needs a string 'kind'.")
    expect(state.runs[0]!.status).toBe('finished')
  })

  it('given a body cut mid-session, should leave the block interrupted', async () => {
    const store = createReasoningStore({ flush: 'sync' })
    connectMeup(responseOf(cut.map((m) => JSON.stringify(m)).join('\n'), 'application/x-ndjson'), store)
    await done(store)
    expect(store.getState().blocks.map((b) => b.status)).toEqual(['interrupted'])
  })
})
