import { describe, expect, it, vi } from 'vitest'
import { createReasoningStore, isEncryptedOnly, toReasoningMessages } from 'reasoning-ui/core'
import type { AgUiEvent } from 'reasoning-ui/adapters'
import { connectLetta, createLettaTranslator, translateLetta } from '../../src/adapters/letta'
import { cutText, expectChunkingInvariant, expectValidEvents, storeOf, summarize, translateChecked, wireFields } from '../helpers/adapters'
import agentLoop from '../fixtures/providers/letta/agent-loop.json'
import hiddenReasoning from '../fixtures/providers/letta/hidden-reasoning.json'
import lettaResponse from '../fixtures/providers/letta/letta-response.json'
import malformed from '../fixtures/providers/letta/malformed.json'
import maxTokens from '../fixtures/providers/letta/max-tokens.json'
import noReasoning from '../fixtures/providers/letta/no-reasoning.json'
import reasoningAndAnswer from '../fixtures/providers/letta/reasoning-and-answer.json'

type Letta = Record<string, unknown>

const make = () => createLettaTranslator({ threadId: 'thread-1' })
const translate = (messages: readonly unknown[]) => translateChecked(make, messages)
const stateOf = (events: readonly AgUiEvent[]) => storeOf(events).getState()
const types = (events: readonly AgUiEvent[]) => events.map((e) => e.type)
/** The text of every text message, by id, assembled from the events. */
const answers = (events: readonly AgUiEvent[]) => {
  const out: Record<string, string> = {}
  for (const e of events) if (e.type === 'TEXT_MESSAGE_CONTENT') out[e.messageId as string] = (out[e.messageId as string] ?? '') + String(e.delta)
  return out
}
const ms = (iso: string) => Date.parse(iso)

const STEP = 'message-7f3a9c2e-51b4-4d8a-b6e0-2a9c4f1d8e73'

describe('Letta fixtures', () => {
  it('given an answer without reasoning, should emit no reasoning events, only the run and the text', () => {
    const events = translate(noReasoning)
    expect(types(events).filter((t) => t.startsWith('REASONING'))).toEqual([])
    expect(types(events)).toEqual(['RUN_STARTED', 'TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_END', 'RUN_FINISHED'])
    expect(Object.values(answers(events))).toEqual(['Hello! How can I help you today?'])
    expect(summarize(stateOf(events))).toEqual({ blocks: [], timeline: ['text'], diagnostics: [] })
  })

  it('given reasoning and the answer of one step (one Letta id), should make a complete block, then the text, without an id collision', () => {
    const events = translate(reasoningAndAnswer)
    const state = stateOf(events)
    expect(summarize(state)).toEqual({
      blocks: [{ status: 'complete', kinds: ['text'], text: ['The user asks for 15% of 80. 10% is 8 and 5% is 4, so 15% is 12.'], title: undefined, encrypted: false }],
      timeline: ['reasoning', 'text'],
      diagnostics: [],
    })
    const [block] = state.blocks
    expect(block!.id).toBe(`${STEP}/reasoning`)
    expect(state.timeline[1]).toMatchObject({ kind: 'text', id: `${STEP}/assistant`, role: 'assistant', status: 'complete' })
    // `source` on the start, the Anthropic-style signature on the end: both in metadata.reasoningUi.
    expect(block!.messages[0]!.meta).toEqual({ source: 'reasoner_model', signature: 'EqQBCkYIBxgCKkDvS1gq3mQ9Yh8sig' })
    // Timing from Letta's `date`: from the reasoning to the answer.
    expect(block!.startedAt).toBe(ms(reasoningAndAnswer[0]!.date!))
    expect(block!.endedAt).toBe(ms(reasoningAndAnswer[1]!.date!))
    expect(events.find((e) => e.type === 'RUN_STARTED')).toMatchObject({ threadId: 'thread-1', runId: 'run-5d1c2b7e-8a4f-4e0b-9d2a-1f6c3e9b7a40' })
    expect(answers(events)).toEqual({ [`${STEP}/assistant`]: '15% of 80 is 12.' })
  })

  it('given a whole non-streaming LettaResponse, should translate its messages and its stop reason', () => {
    const events = translate([lettaResponse])
    expect(summarize(stateOf(events))).toEqual({
      blocks: [{ status: 'complete', kinds: ['text'], text: ['User greeted me. Reply warmly and ask what they need.'], title: undefined, encrypted: false }],
      timeline: ['reasoning', 'text'],
      diagnostics: [],
    })
    expect(stateOf(events).blocks[0]!.messages[0]!.meta).toEqual({ source: 'non_reasoner_model' })
    expect(types(events).at(-1)).toBe('RUN_FINISHED')
  })

  it('given reasoning cut by stop_reason max_tokens_exceeded, should leave the block interrupted with all its text', () => {
    const events = translate(maxTokens)
    const text = maxTokens.flatMap((m) => ('reasoning' in m ? [m.reasoning] : [])).join('')
    expect(summarize(stateOf(events)).blocks).toEqual([{ status: 'interrupted', kinds: ['text'], text: [text], title: undefined, encrypted: false }])
    expect(events.at(-1)).toMatchObject({ type: 'RUN_ERROR', code: 'max_tokens_exceeded', message: 'The model reached its output token limit.' })
    expect(types(events)).not.toContain('REASONING_MESSAGE_END')
  })

  it("given the brief's spelling stop_reason max_tokens, should interrupt as well", () => {
    const messages = [...maxTokens.slice(0, -2), { message_type: 'stop_reason', stop_reason: 'max_tokens' }]
    expect(summarize(stateOf(translate(messages))).blocks[0]!.status).toBe('interrupted')
  })

  it('given a token limit while answering, should keep the reasoning complete and interrupt the answer', () => {
    const messages = [...reasoningAndAnswer.slice(0, 2), { message_type: 'stop_reason', stop_reason: 'max_tokens_exceeded' }]
    const state = stateOf(translate(messages))
    expect(state.blocks[0]!.status).toBe('complete')
    expect(state.timeline[1]).toMatchObject({ kind: 'text', status: 'interrupted' })
  })

  it('given an agent loop, should make one block per reasoning part, in order around the tool call, with titles from the headings', () => {
    const events = translate(agentLoop)
    const state = stateOf(events)
    expect(summarize(state)).toEqual({
      blocks: [
        {
          status: 'complete', kinds: ['text'], title: 'Recalling the user', encrypted: false,
          text: ['**Recalling the user**\n\nThe user wants a weekend plan. I should check archival memory for their favourite city before suggesting anything.'],
        },
        {
          status: 'complete', kinds: ['text'], title: 'Planning the weekend', encrypted: false,
          text: ['**Planning the weekend**\n\nMemory says Lisbon and tram 28. A two-day plan: Alfama and the tram on Saturday, Belém on Sunday.'],
        },
      ],
      timeline: ['reasoning', 'tool-call', 'reasoning', 'text'],
      diagnostics: [],
    })
    expect(state.timeline[1]).toMatchObject({ kind: 'tool-call', id: 'call_Qm4x7Z', name: 'archival_memory_search', status: 'complete', resultMessageId: 'message-6e7f8091-a2b3-4c4d-9e5f-60718293a4b5/tool_return' })
    const args = events.filter((e) => e.type === 'TOOL_CALL_ARGS').map((e) => e.delta).join('')
    expect(JSON.parse(args)).toEqual({ query: "user's favourite city" })
    expect(events.find((e) => e.type === 'TOOL_CALL_RESULT')).toMatchObject({ toolCallId: 'call_Qm4x7Z', content: expect.stringContaining('Lisbon') })
    expect(Object.values(answers(events))).toEqual(['How about Lisbon? Saturday: Alfama and a ride on tram 28. Sunday: Belém and its pastries.'])
  })

  it('given hidden reasoning, should make encrypted-only blocks: the redacted data as the value, only the hidden mark when omitted', () => {
    const events = translate(hiddenReasoning)
    const state = stateOf(events)
    expect(summarize(state)).toEqual({
      blocks: [
        { status: 'complete', kinds: ['text'], text: [''], title: undefined, encrypted: true },
        { status: 'complete', kinds: ['text'], text: [''], title: undefined, encrypted: true },
      ],
      timeline: ['reasoning', 'tool-call', 'reasoning', 'text'],
      diagnostics: [],
    })
    expect(state.blocks.every(isEncryptedOnly)).toBe(true)
    const [redacted, omitted] = state.blocks.map((b) => b.messages[0]!)
    expect(redacted).toMatchObject({ encryptedValue: hiddenReasoning[0]!.hidden_reasoning, encryptedValueType: 'letta.hidden_reasoning' })
    // Nothing to send back, so no value is made up: the message is only marked hidden.
    expect(omitted!.encryptedValue).toBeUndefined()
    expect(omitted!.meta).toMatchObject({ hidden: true })
    // The lock shows for as long as the block is open: the value comes with the start, not at the end.
    const start = types(events).indexOf('REASONING_MESSAGE_START')
    expect(types(events).slice(start, start + 2)).toEqual(['REASONING_MESSAGE_START', 'REASONING_ENCRYPTED_VALUE'])
    // Redacted data survives the round trip.
    expect(wireFields(toReasoningMessages(state)[0]!)).toEqual({ id: redacted!.id, role: 'reasoning', content: '', encryptedValue: hiddenReasoning[0]!.hidden_reasoning })
  })

  it('given redacted data in several chunks, should send the whole data as the value when the part ends', () => {
    const first = hiddenReasoning[0]!
    const data = first.hidden_reasoning!
    const messages = [
      { ...first, hidden_reasoning: data.slice(0, 20) },
      { ...first, hidden_reasoning: data.slice(20) },
      ...hiddenReasoning.slice(1),
    ]
    expect(stateOf(translate(messages)).blocks[0]!.messages[0]!.encryptedValue).toBe(data)
  })

  it('given 200 KB of reasoning in 2,000 token chunks, should keep every character in one block', () => {
    const paragraph = 'Checking the invariant for every shard: the merge keeps order, the retry is idempotent, the budget holds. '
    const text = paragraph.repeat(Math.ceil(200_000 / paragraph.length)).slice(0, 200_000)
    const pieces = cutText(text, Array.from({ length: 1_999 }, (_, i) => (i + 1) * 100))
    const first = maxTokens[0]!
    const messages = [...pieces.map((reasoning) => ({ ...first, reasoning })), { message_type: 'stop_reason', stop_reason: 'end_turn' }]
    const events = translate(messages)
    expect(pieces).toHaveLength(2_000)
    expect(summarize(stateOf(events)).blocks).toEqual([{ status: 'complete', kinds: ['text'], text: [text], title: undefined, encrypted: false }])
  })
})

describe('Letta chunking', () => {
  /** Splits a reasoning or assistant message into token chunks with the same id and otid; the signature stays on the last one. */
  const rechunk = (message: unknown, cuts: readonly number[]): unknown[] => {
    const m = message as Letta
    if (m.message_type === 'reasoning_message' && typeof m.reasoning === 'string') {
      const pieces = cutText(m.reasoning, cuts)
      return pieces.map((reasoning, i) => ({ ...m, reasoning, signature: i === pieces.length - 1 ? m.signature : null }))
    }
    if (m.message_type === 'assistant_message') {
      const text = typeof m.content === 'string' ? m.content : (m.content as { text: string }[]).map((p) => p.text).join('')
      return cutText(text, cuts).map((piece) => ({ ...m, content: typeof m.content === 'string' ? piece : [{ type: 'text', text: piece }] }))
    }
    return [m]
  }

  it.each([
    ['agent-loop', agentLoop],
    ['reasoning-and-answer', reasoningAndAnswer],
    ['max-tokens', maxTokens],
    ['hidden-reasoning', hiddenReasoning],
  ])('given %s re-cut at random token boundaries, should end with the same blocks', (_name, messages) => {
    expectChunkingInvariant<unknown>(make, messages, rechunk)
  })
})

describe('Letta parts and ids', () => {
  const base = { date: '2025-10-03T09:40:00.000000+00:00', run_id: 'run-x', step_id: 'step-x' }
  const reasoning = (id: string, otid: string | undefined, text: string) => ({ ...base, message_type: 'reasoning_message', id, ...(otid !== undefined && { otid }), reasoning: text })
  const call = (id: string, otid: string | undefined) => ({
    ...base, message_type: 'tool_call_message', id, ...(otid !== undefined && { otid }), tool_call: { name: 'search', arguments: '{}', tool_call_id: 'call-1' },
  })
  const end = { message_type: 'stop_reason', stop_reason: 'end_turn' }

  it('given reasoning, a tool call, then reasoning again under the same Letta id and new otids, should make two blocks', () => {
    const state = stateOf(translate([reasoning('m1', 'o0', 'before'), call('m1', 'o1'), reasoning('m1', 'o2', 'after'), end]))
    expect(state.blocks.map((b) => [b.id, b.messages[0]!.text])).toEqual([['m1/reasoning', 'before'], ['m1/reasoning#2', 'after']])
    expect(state.diagnostics).toEqual([])
  })

  it('given the same without otids, should still tell the parts apart by what came between them', () => {
    const state = stateOf(translate([reasoning('m1', undefined, 'before'), call('m1', undefined), reasoning('m1', undefined, 'after'), end]))
    expect(state.blocks.map((b) => b.id)).toEqual(['m1/reasoning', 'm1/reasoning#2'])
  })

  it('given two reasoning parts back to back with different otids, should make two blocks', () => {
    const state = stateOf(translate([reasoning('m1', 'o0', 'first'), reasoning('m1', 'o1', 'second'), end]))
    expect(state.blocks.map((b) => b.messages[0]!.text)).toEqual(['first', 'second'])
  })

  it('given a last reasoning chunk (with its signature) after the answer began, should continue the same message and leave the answer open (issue 11)', () => {
    const assistant = (text: string) => ({ ...base, message_type: 'assistant_message', id: 'm1', otid: 'o1', content: text })
    const t = make()
    const events = translateAllWith(t, [
      reasoning('m1', 'o0', 'First half'),
      assistant('Answer'),
      { ...reasoning('m1', 'o0', ', second half.'), signature: 'sig-late' },
      assistant(' and more.'),
      end,
    ])
    expect(t.diagnostics).toEqual([])
    const state = stateOf(events)
    expect(summarize(state)).toEqual({
      blocks: [{ status: 'complete', kinds: ['text'], text: ['First half, second half.'], title: undefined, encrypted: false }],
      timeline: ['reasoning', 'text'],
      diagnostics: [],
    })
    expect(state.blocks[0]!.id).toBe('m1/reasoning')
    expect(state.blocks[0]!.messages[0]!.meta?.signature).toBe('sig-late')
    expect(answers(events)).toEqual({ 'm1/assistant': 'Answer and more.' })
    expect(types(events).filter((type) => type.startsWith('TEXT_MESSAGE_START') || type === 'TEXT_MESSAGE_END')).toEqual(['TEXT_MESSAGE_START', 'TEXT_MESSAGE_END'])
  })

  it('given a last reasoning chunk with only its signature after the answer streamed a while, should sign the block without stretching its duration', () => {
    const at = (second: number) => ({ date: `2025-10-03T09:40:0${second}.000000+00:00` })
    const assistant = (text: string, second: number) => ({ ...base, ...at(second), message_type: 'assistant_message', id: 'm1', otid: 'o1', content: text })
    const t = make()
    const events = translateAllWith(t, [
      { ...reasoning('m1', 'o0', 'Thinking.'), ...at(0) },
      assistant('A long ', 2),
      assistant('answer.', 6),
      { ...reasoning('m1', 'o0', ''), ...at(8), signature: 'sig-late' },
      { ...reasoning('m1', 'o0', ''), ...at(9) },
      assistant(' Done.', 9),
      end,
    ])
    expect(t.diagnostics).toEqual([])
    const state = stateOf(events)
    expect(state.diagnostics).toEqual([])
    expect(state.blocks[0]!.messages[0]!.meta?.signature).toBe('sig-late')
    expect(state.blocks[0]).toMatchObject({ status: 'complete', endedAt: ms(at(2).date) })
    // A chunk that brings nothing new sends nothing.
    expect(events.filter((e) => e.type === 'REASONING_MESSAGE_START')).toHaveLength(2)
  })

  it('given a last hidden reasoning chunk after a tool call began, should add its data to the same encrypted-only block', () => {
    const hidden = (data: string) => ({ ...base, message_type: 'hidden_reasoning_message', id: 'm1', otid: 'o0', state: 'redacted', hidden_reasoning: data })
    const t = make()
    const state = stateOf(translateAllWith(t, [hidden('abc'), call('m1', 'o1'), hidden('def'), end]))
    expect(t.diagnostics).toEqual([])
    expect(state.blocks.map((b) => [b.id, b.messages[0]!.encryptedValue])).toEqual([['m1/hidden_reasoning', 'abcdef']])
    expect(state.diagnostics).toEqual([])
  })

  it("should expose each part's Letta identifiers, which AG-UI has no field for, in `origins`", () => {
    const t = make()
    translateAllWith(t, reasoningAndAnswer)
    expect(t.origins.get(`${STEP}/reasoning`)).toEqual({
      messageType: 'reasoning_message', id: STEP, date: reasoningAndAnswer[0]!.date, otid: 'otid-7f3a9c2e-0', stepId: 'step-2c8d', seqId: 1,
      runId: 'run-5d1c2b7e-8a4f-4e0b-9d2a-1f6c3e9b7a40',
    })
    expect(t.origins.get(`${STEP}/assistant`)).toMatchObject({ messageType: 'assistant_message', otid: 'otid-7f3a9c2e-1', seqId: 2 })
  })

  it('should put the Letta identifiers in the metadata of the events that open each part', () => {
    const events = translateChecked(make, reasoningAndAnswer)
    const start = events.find((e) => e.type === 'REASONING_MESSAGE_START')!
    expect(start.metadata).toMatchObject({
      letta: { messageType: 'reasoning_message', id: STEP, otid: 'otid-7f3a9c2e-0', stepId: 'step-2c8d', seqId: 1 },
    })
    const text = events.find((e) => e.type === 'TEXT_MESSAGE_START')!
    expect(text.metadata).toMatchObject({ letta: { messageType: 'assistant_message', otid: 'otid-7f3a9c2e-1' } })
  })

  it('given a runId option, should use it instead of the run_id of the messages', () => {
    const events = translateChecked(() => createLettaTranslator({ runId: 'mine' }), noReasoning)
    expect(events[0]).toMatchObject({ type: 'RUN_STARTED', runId: 'mine' })
    expect(events.at(-1)).toMatchObject({ type: 'RUN_FINISHED', runId: 'mine' })
  })

  it('given messages without a date, should stamp events with the clock of the options', () => {
    const events = translateChecked(() => createLettaTranslator({ now: () => 42 }), [{ message_type: 'reasoning_message', id: 'm', reasoning: 'x' }, end])
    expect(events.every((e) => e.timestamp === 42)).toBe(true)
  })
})

/** Pushes everything and ends, for tests that look at the translator afterwards. */
function translateAllWith(t: ReturnType<typeof createLettaTranslator>, messages: readonly unknown[]): AgUiEvent[] {
  const out = messages.flatMap((m) => t.push(m))
  out.push(...t.end())
  expectValidEvents(out)
  return out
}

describe('Letta errors', () => {
  it('given malformed messages among good ones, should skip each with a diagnostic and translate the rest', () => {
    const t = make()
    const events = translateAllWith(t, malformed)
    expect(t.diagnostics.map((d) => d.index)).toEqual([0, 1, 2, 3, 5])
    expect(t.diagnostics.map((d) => d.message)).toEqual([
      'A Letta message must be a JSON object.',
      "A Letta message needs a string 'message_type'.",
      "reasoning_message 'message-a0b1c2d3-e4f5-4a6b-8c7d-8e9f0a1b2c3d' has no string 'reasoning'.",
      "hidden_reasoning_message 'message-a0b1c2d3-e4f5-4a6b-8c7d-8e9f0a1b2c3d' has no 'state' ('redacted' or 'omitted').",
      "tool_return_message 'message-a0b1c2d3-e4f5-4a6b-8c7d-8e9f0a1b2c3d' answers tool call 'call_never_made', which this stream never made.",
    ])
    expect(summarize(stateOf(events))).toEqual({
      blocks: [{ status: 'complete', kinds: ['text'], text: ['Still fine after the noise.'], title: undefined, encrypted: false }],
      timeline: ['reasoning', 'text'],
      diagnostics: [],
    })
  })

  it('given a hostile object whose getters throw, should report it and never throw', () => {
    const t = make()
    const hostile = new Proxy({}, { get: () => { throw new Error('boom') }, has: () => true })
    expect(() => t.push(hostile)).not.toThrow()
    expect(t.diagnostics).toEqual([{ index: 0, message: 'The Letta message could not be translated: boom' }])
    expect(() => t.push(null)).not.toThrow()
    expect(() => t.push([1, 2])).not.toThrow()
    expect(t.diagnostics).toHaveLength(3)
  })

  it('given a stream cut before its stop_reason, should end with RUN_ERROR and leave the reasoning interrupted', () => {
    const events = translate(agentLoop.slice(0, 5))
    expect(events.at(-1)).toMatchObject({ type: 'RUN_ERROR', code: 'stream_ended' })
    const text = agentLoop.slice(0, 5).map((m) => m.reasoning).join('')
    expect(text).toMatch(/^\*\*Recalling the user\*\*\n\nThe user wants/)
    expect(summarize(stateOf(events)).blocks).toEqual([{ status: 'interrupted', kinds: ['text'], text: [text], title: 'Recalling the user', encrypted: false }])
  })

  it('given an error_message, should end the run with its message and type', () => {
    const events = translate([maxTokens[0], { message_type: 'error_message', error_type: 'internal_error', message: 'The agent crashed.', run_id: 'run-1' }])
    expect(events.at(-1)).toMatchObject({ type: 'RUN_ERROR', message: 'The agent crashed.', code: 'internal_error' })
    expect(stateOf(events).blocks[0]!.status).toBe('interrupted')
  })

  it('given messages after the stop reason (usage, a late chunk), should emit nothing more', () => {
    const t = make()
    const events = translateAllWith(t, [...reasoningAndAnswer, reasoningAndAnswer[0]])
    expect(types(events).at(-1)).toBe('RUN_FINISHED')
    expect(t.diagnostics).toEqual([])
  })
})

describe('connectLetta', () => {
  const sse = (messages: readonly unknown[]) => [...messages.map((m) => `data: ${JSON.stringify(m)}\r\n\r\n`), 'data: [DONE]\r\n\r\n'].join('')
  /** A Response whose body arrives in `size`-byte pieces (cutting SSE events and UTF-8 sequences). */
  const responseOf = (text: string, size = 37) => {
    const bytes = new TextEncoder().encode(text)
    return new Response(new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += size) controller.enqueue(bytes.slice(i, i + size))
        controller.close()
      },
    }), { headers: { 'content-type': 'text/event-stream' } })
  }

  it('given a Letta SSE body (CRLF, split anywhere, ending with [DONE]), should end in the same state as translateLetta', async () => {
    const store = createReasoningStore({ flush: 'sync' })
    connectLetta(responseOf(sse(agentLoop)), store)
    await vi.waitFor(() => expect(store.getState().runs[0]?.status).toBe('finished'))
    expect(summarize(store.getState())).toEqual(summarize(stateOf(translateLetta(agentLoop))))
  })

  it('given a malformed message and a body cut mid-reasoning, should report an adapter diagnostic and leave the block interrupted', async () => {
    const store = createReasoningStore({ flush: 'sync' })
    connectLetta(responseOf(sse([{ message_type: 'reasoning_message', id: 'm' }, ...maxTokens.slice(0, 3)]).replace(/data: \[DONE\]\r\n\r\n$/, '')), store)
    await vi.waitFor(() => expect(store.getState().runs[0]?.status).toBe('error'))
    const state = store.getState()
    expect(state.blocks.map((b) => b.status)).toEqual(['interrupted'])
    expect(state.diagnostics.map((d) => [d.code, d.message])).toEqual([['adapter', "Provider event #0: reasoning_message 'm' has no string 'reasoning'."]])
  })
})

describe('Letta adapter: usage and the run\'s end', () => {
  it('given usage_statistics after stop_reason, should wait for them and carry them on RUN_FINISHED', () => {
    const t = make()
    const events = agentLoop as unknown[]
    const stop = events.findIndex((m) => (m as { message_type?: string }).message_type === 'stop_reason')
    const beforeUsage = events.slice(0, stop + 1).flatMap((m) => t.push(m))
    expect(beforeUsage.map((e) => e.type)).not.toContain('RUN_FINISHED')
    const out = [...beforeUsage, ...events.slice(stop + 1).flatMap((m) => t.push(m))]
    expectValidEvents(out)
    expect(out.at(-1)).toMatchObject({ type: 'RUN_FINISHED', usage: [{ inputTokens: 1904, outputTokens: 188, totalTokens: 2092, reasoningTokens: 96 }] })
    expect(t.end()).toEqual([])
  })

  it('given max_tokens_exceeded then usage, should carry the usage on RUN_ERROR', () => {
    const out = translateChecked(make, maxTokens as unknown[])
    expect(out.at(-1)).toMatchObject({ type: 'RUN_ERROR', code: 'max_tokens_exceeded', usage: [{ inputTokens: 512, outputTokens: 1024, totalTokens: 1536, reasoningTokens: 1024 }] })
  })

  it('given a stop_reason and no usage, should finish when the stream ends', () => {
    const out = translateChecked(make, (agentLoop as unknown[]).slice(0, -1))
    expect(out.at(-1)).toMatchObject({ type: 'RUN_FINISHED' })
    expect(out.at(-1)).not.toHaveProperty('usage')
  })

  it('given a whole LettaResponse, should carry its usage', () => {
    expect(translateLetta([lettaResponse]).at(-1)).toMatchObject({ type: 'RUN_FINISHED', usage: [{ inputTokens: 1800, outputTokens: 30, totalTokens: 1830 }] })
  })

  it('given assistant content parts where one is not text, should keep the text of the others', () => {
    const out = translateChecked(make, [
      { message_type: 'assistant_message', id: 'm1', content: [{ type: 'text', text: 'Kept ' }, { type: 'text', text: null }, { type: 'image', source: {} }, { type: 'text', text: 'all.' }] },
      { message_type: 'stop_reason', stop_reason: 'end_turn' },
    ])
    expect(out.filter((e) => e.type === 'TEXT_MESSAGE_CONTENT').map((e) => e.delta).join('')).toBe('Kept all.')
  })
})
