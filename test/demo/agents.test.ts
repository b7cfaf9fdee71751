// @vitest-environment node
import type { Message, RunAgentInput, TokenUsage } from '@ag-ui/core'
import { describe, expect, it } from 'vitest'
import {
  continuityLine,
  FIREHOSE_CHARS,
  FIREHOSE_DELTAS,
  FIREHOSE_PARAGRAPHS,
  firehoseReasoning,
  FIREHOSE_FIRST_TOKEN_MS,
  hiddenReasoningTokens,
  placeIn,
  SCRIPTED_AGENT_IDS,
  SCRIPTED_MODEL,
  shownReasoningTokens,
  scriptedAgents,
  scripts,
} from '../../demo/server/agents'
import { promptOf, quote, toDeltas } from '../../demo/server/text'
import { createThreadMemory, DropConnection, MAX_ISSUED_PER_THREAD, type DemoEvent, type ThreadMemory } from '../../demo/server/types'
import { expectValid, fakeContext, inputOf, scriptedAgent, stateOf } from './support'

const PROMPT = 'Should I take the train or fly from Paris to Berlin?'

interface Run {
  readonly events: DemoEvent[]
  readonly error?: unknown
  readonly sleeps: number[]
  readonly thread: ThreadMemory
}

async function run(id: string, input = inputOf(PROMPT), thread: ThreadMemory = createThreadMemory()): Promise<Run> {
  const context = fakeContext({ thread })
  const events: DemoEvent[] = []
  try {
    for await (const event of scriptedAgent(id).run(input, context)) events.push(event)
  } catch (error) {
    return { events, error, sleeps: context.sleeps, thread }
  }
  return { events, sleeps: context.sleeps, thread }
}

/** Runs framed by one RUN_STARTED (with the input's ids) and one RUN_FINISHED; every event dated. */
function expectRunFrame(events: readonly DemoEvent[], input: RunAgentInput, finished = true): void {
  expect(events[0]).toMatchObject({ type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId })
  expect(events.filter((e) => e.type === 'RUN_STARTED')).toHaveLength(1)
  expect(events.filter((e) => e.type === 'RUN_FINISHED')).toHaveLength(finished ? 1 : 0)
  if (finished) expect(events[events.length - 1]).toMatchObject({ type: 'RUN_FINISHED', threadId: input.threadId, runId: input.runId })
  for (const event of events) expect(typeof event.timestamp, JSON.stringify(event)).toBe('number')
  const times = events.map((e) => e.timestamp as number)
  expect(times).toEqual([...times].sort((a, b) => a - b))
}

/** The assistant's answer as the events carry it. */
function answerOf(events: readonly DemoEvent[]): string {
  return events.filter((e) => e.type === 'TEXT_MESSAGE_CONTENT').map((e) => e.delta as string).join('')
}

describe('the scripted agents', () => {
  it('should be the seven, in the documented order, with names and descriptions', () => {
    const agents = scriptedAgents()
    expect(agents.map((a) => a.id)).toEqual([...SCRIPTED_AGENT_IDS])
    for (const a of agents) {
      expect(a.name).not.toBe('')
      expect(a.description.length).toBeGreaterThan(20)
    }
    expect(agents.filter((a) => a.sseOnly).map((a) => a.id)).toEqual(['legacy'])
  })

  it.each(SCRIPTED_AGENT_IDS.filter((id) => id !== 'interrupted'))('given %s, should emit schema-valid events in a valid sequence, with unique ids', async (id) => {
    const input = inputOf(PROMPT)
    const { events, error } = await run(id, input)
    expect(error).toBeUndefined()
    expectValid(events)
    expectRunFrame(events, input)
    const state = stateOf(events)
    expect(state.diagnostics.map((d) => d.code)).toEqual(id === 'legacy' ? ['deprecated-event'] : [])
    expect(state.runs).toEqual([expect.objectContaining({ status: 'finished', runId: 'run-1', threadId: 'thread-1' })])
    expect(state.blocks.every((b) => b.status === 'complete')).toBe(true)
    const starts = events.filter((e) => e.type.endsWith('_START') && e.type !== 'RUN_STARTED').map((e) => `${e.type}:${String(e.messageId ?? e.toolCallId ?? '')}`)
    expect(new Set(starts).size).toBe(starts.length)
  })

  it('given a prompt, should put it in every script (quoted on one line) and survive an empty one', () => {
    for (const prompt of [PROMPT, '', 'two\n\n**lines**']) {
      const q = quote(prompt)
      expect(scripts.reasoner(prompt).reasoning).toContain(q)
      expect(scripts.private(prompt).answer).toContain(q)
      expect(scripts.agentic(prompt).reasoning).toContain(q)
      expect(scripts.interrupted(prompt).partial).toContain(q)
      expect(scripts.legacy(prompt).reasoning).toContain(q)
      expect(scripts.structured(prompt).steps[0]!.text).toContain(q)
      expect(scripts.firehose(prompt).answer).toContain(q)
    }
    expect(quote('')).toBe('(an empty message)')
    // A prompt can never make a heading line of its own.
    expect(quote('two\n\n**lines**')).toBe('“two **lines**”')
    expect(quote('x'.repeat(500)).length).toBeLessThan(150)
  })

  it('should stream deltas of a few words that add up to the text exactly', () => {
    const text = scripts.reasoner(PROMPT).reasoning
    const deltas = toDeltas(text)
    expect(deltas.join('')).toBe(text)
    expect(deltas.every((d) => d.trim().split(/\s+/).length <= 5)).toBe(true)
    expect(toDeltas('')).toEqual([])
    expect(toDeltas('  ').join('')).toBe('  ')
  })

  it('should take the prompt from the last user message, text parts joined', () => {
    expect(promptOf({ messages: [] })).toBe('')
    expect(
      promptOf({
        messages: [
          { id: 'a', role: 'user', content: 'first' },
          { id: 'b', role: 'assistant', content: 'reply' },
          { id: 'c', role: 'user', content: [{ type: 'text', text: 'second' }, { type: 'text', text: 'part' }] },
          { id: 'd', role: 'assistant', content: 'reply' },
        ],
      }),
    ).toBe('second part')
  })
})

describe('reasoner', () => {
  it('should stream a titled span: the summary message, then the raw reasoning with its encrypted value, then the answer', async () => {
    const { events, thread } = await run('reasoner')
    const script = scripts.reasoner(PROMPT)
    const state = stateOf(events)
    expect(state.blocks).toHaveLength(1)
    const block = state.blocks[0]!
    expect(block.title).toBe(script.title)
    expect(block.messages.map((m) => [m.kind, m.text])).toEqual([
      ['summary', script.summary],
      ['text', script.reasoning],
    ])
    expect(block.messages[1]!.headings).toEqual(['Reading the question', 'Checking the constraints', 'Comparing two approaches', 'Deciding'])
    expect(block.encrypted).toBe(true)
    const value = block.messages[1]!.encryptedValue!
    expect(value).toMatch(/^enc_[A-Za-z0-9+/=]+$/)
    expect(thread.issued).toEqual([value])
    expect(events.find((e) => e.type === 'REASONING_ENCRYPTED_VALUE')).toMatchObject({ subtype: 'message', entityId: block.messages[1]!.id })
    expect(state.timeline.map((e) => e.kind)).toEqual(['reasoning', 'text'])
    expect(answerOf(events)).toBe(script.answer)
    expect(script.answer).not.toMatch(/^Round trip/)
    // Multi-paragraph text with bold heading lines.
    expect(script.reasoning.split('\n\n').length).toBeGreaterThan(4)
  })

  it('given pace 1, should take 5–8 seconds with 15–40 ms between deltas', async () => {
    const { sleeps, events } = await run('reasoner')
    const total = sleeps.reduce((a, b) => a + b, 0)
    expect(total).toBeGreaterThanOrEqual(5000)
    expect(total).toBeLessThanOrEqual(8000)
    const deltas = events.filter((e) => e.type.endsWith('_CONTENT')).length
    expect(sleeps.filter((ms) => ms >= 15 && ms <= 40).length).toBeGreaterThanOrEqual(deltas)
  })

  it('given a follow-up carrying its encrypted value back, should open the answer with the round-trip line', async () => {
    const thread = createThreadMemory()
    const first = await run('reasoner', inputOf(PROMPT), thread)
    const state = stateOf(first.events)
    const raw = state.blocks[0]!.messages[1]!
    const history: Message[] = [
      { id: 'u1', role: 'user', content: PROMPT },
      { id: raw.id, role: 'reasoning', content: raw.text, encryptedValue: raw.encryptedValue! },
      { id: 'a1', role: 'assistant', content: 'answer' },
    ]
    const input = inputOf('And in winter?', { history })
    const line = continuityLine(input, thread)
    expect(line).toBe('Round trip: I received 1 reasoning message with an encryptedValue; 1 of 1 matches what this server issued on this thread.')
    const second = await run('reasoner', input, thread)
    expect(answerOf(second.events)).toBe(scripts.reasoner('And in winter?', line).answer)
    expect(answerOf(second.events).split('\n')[0]).toBe(line)
    expect(thread.issued).toHaveLength(2)
  })
})

describe('private', () => {
  it('should make an encrypted-only block, pause while thinking, then explain the round trip', async () => {
    const { events, sleeps, thread } = await run('private')
    const script = scripts.private(PROMPT)
    const state = stateOf(events)
    expect(state.blocks).toHaveLength(1)
    const block = state.blocks[0]!
    expect(block.encrypted).toBe(true)
    expect(block.messages.map((m) => m.text)).toEqual([''])
    expect(events.some((e) => e.type === 'REASONING_MESSAGE_CONTENT')).toBe(false)
    expect(thread.issued).toEqual([block.messages[0]!.encryptedValue])
    // The "thinking" pause comes in small sleeps so an abort is honoured.
    const startAt = events.findIndex((e) => e.type === 'REASONING_MESSAGE_START')
    const endAt = events.findIndex((e) => e.type === 'REASONING_MESSAGE_END')
    expect(endAt).toBe(startAt + 1)
    expect(sleeps.slice(0, 25).every((ms) => ms <= 100)).toBe(true)
    expect(sleeps.slice(0, 25).reduce((a, b) => a + b, 0)).toBe(script.thinkingMs)
    expect(script.thinkingMs).toBeGreaterThanOrEqual(2000)
    expect(answerOf(events)).toBe(script.answer)
    expect(script.answer).toMatch(/encrypted/)
    expect(script.answer).toMatch(/next/)
  })

  it('given a follow-up on the same thread that brings nothing back, should say so', async () => {
    const thread = createThreadMemory()
    await run('private', inputOf(PROMPT), thread)
    const { events } = await run('private', inputOf('again'), thread)
    expect(answerOf(events).split('\n')[0]).toBe('Round trip: I received no reasoning message with an encryptedValue, although this server issued one on this thread.')
  })
})

describe('agentic', () => {
  it.each([
    ['Weather in Oslo this weekend?', 'Oslo'],
    ['Should I cycle to work in São Paulo tomorrow?', 'São Paulo'],
    ['What is the forecast for Reykjavík?', 'Reykjavík'],
  ])('given a prompt that names a place (%s), should ask the tool about that place and answer about it', (prompt, place) => {
    const script = scripts.agentic(prompt)
    expect(placeIn(prompt)).toBe(place)
    expect(script.tool.args).toMatchObject({ city: place })
    expect(JSON.parse(script.tool.result)).toMatchObject({ city: place })
    expect(script.answer).toContain(`the forecast for ${place}`)
    expect(script.reasoning).toContain(`The user named ${place}`)
    expect(`${script.reasoning}${script.answer}`).not.toContain('Lisbon')
  })

  it('given a prompt that names no place, should fall back to the profile\'s city and say so', () => {
    expect(placeIn(PROMPT)).toBeUndefined()
    const script = scripts.agentic(PROMPT)
    expect(script.tool.args).toMatchObject({ city: 'Lisbon' })
    expect(script.reasoning).toContain('named no place')
  })

  it('should place reasoning, the tool call (with its streamed JSON arguments and result), more reasoning, then the answer', async () => {
    const { events } = await run('agentic')
    const script = scripts.agentic(PROMPT)
    const state = stateOf(events)
    expect(state.timeline.map((e) => e.kind)).toEqual(['reasoning', 'tool-call', 'reasoning', 'text'])
    expect(state.blocks.map((b) => [b.title, b.messages.map((m) => m.text)])).toEqual([
      [script.title, [script.reasoning]],
      [script.followUpTitle, [script.followUp]],
    ])
    const call = state.timeline[1]!
    expect(call).toMatchObject({ kind: 'tool-call', name: 'get_weather', status: 'complete' })
    const args = events.filter((e) => e.type === 'TOOL_CALL_ARGS')
    expect(args.length).toBeGreaterThan(1)
    expect(JSON.parse(args.map((e) => e.delta).join(''))).toEqual(script.tool.args)
    expect(events.find((e) => e.type === 'TOOL_CALL_RESULT')).toMatchObject({ role: 'tool', content: script.tool.result, toolCallId: call.id })
    expect(answerOf(events)).toBe(script.answer)
  })
})

describe('interrupted', () => {
  it('should stream part of its reasoning, then throw DropConnection; the block is interrupted and keeps exactly the partial text', async () => {
    const { events, error } = await run('interrupted')
    expect(error).toBeInstanceOf(DropConnection)
    expectValid(events)
    expectRunFrame(events, inputOf(PROMPT), false)
    const script = scripts.interrupted(PROMPT)
    const state = stateOf(events, new Error('x'))
    expect(state.blocks).toHaveLength(1)
    expect(state.blocks[0]).toMatchObject({ status: 'interrupted', title: script.title })
    expect(state.blocks[0]!.messages.map((m) => m.text)).toEqual([script.partial])
    expect(events.some((e) => e.type === 'RUN_ERROR' || e.type === 'TEXT_MESSAGE_START')).toBe(false)
    expect(script.partial.split('\n\n').length).toBeGreaterThanOrEqual(4)
  })
})

describe('legacy', () => {
  it('should use the retired THINKING_* events, whose title the store keeps, then answer', async () => {
    const { events } = await run('legacy')
    const script = scripts.legacy(PROMPT)
    expect(events.map((e) => e.type).filter((t) => t.startsWith('THINKING_'))).toEqual([
      'THINKING_START',
      'THINKING_TEXT_MESSAGE_START',
      ...toDeltas(script.reasoning).map(() => 'THINKING_TEXT_MESSAGE_CONTENT'),
      'THINKING_TEXT_MESSAGE_END',
      'THINKING_END',
    ])
    expect(events.find((e) => e.type === 'THINKING_START')).toMatchObject({ title: script.title })
    expect(events.some((e) => e.type.startsWith('REASONING_'))).toBe(false)
    const state = stateOf(events)
    expect(state.blocks.map((b) => [b.title, b.messages.map((m) => m.text)])).toEqual([[script.title, [script.reasoning]]])
    expect(answerOf(events)).toBe(script.answer)
  })
})

describe('structured', () => {
  it('should turn MEUP steps into step-kind messages of one titled span with the outcome, then answer', async () => {
    const { events } = await run('structured')
    const script = scripts.structured(PROMPT)
    const state = stateOf(events)
    expect(state.blocks).toHaveLength(1)
    const block = state.blocks[0]!
    expect(block.title).toBe(script.title)
    expect(block.messages.map((m) => [m.kind, m.meta?.stepType, m.meta?.title, m.text])).toEqual(
      script.steps.map((s) => ['step', s.type, s.title, s.text]),
    )
    expect(block.messages[1]!.meta?.confidence).toBe(0.6)
    expect(block.meta).toMatchObject({ source: script.source, conclusion: script.conclusion, confidence: script.confidence, keyFactors: script.keyFactors })
    expect(state.timeline.map((e) => e.kind)).toEqual(['reasoning', 'text'])
    expect(answerOf(events)).toBe(script.answer)
  })
})

describe('firehose', () => {
  it('should pause once before the first delta, then send at least 200,000 characters in about 2,000 deltas without pausing, then a short answer', async () => {
    const { events, sleeps } = await run('firehose')
    const script = scripts.firehose(PROMPT)
    const deltas = events.filter((e) => e.type === 'REASONING_MESSAGE_CONTENT')
    expect(deltas).toHaveLength(FIREHOSE_DELTAS)
    expect(FIREHOSE_DELTAS).toBeGreaterThanOrEqual(1900)
    expect(FIREHOSE_DELTAS).toBeLessThanOrEqual(2200)
    expect(FIREHOSE_CHARS).toBeGreaterThanOrEqual(200_000)
    // One time-to-first-token pause (in 100 ms slices) before the first delta, then only the answer is paced.
    const firstDelta = events.findIndex((e) => e.type === 'REASONING_MESSAGE_CONTENT')
    expect(events.slice(0, firstDelta).map((e) => e.type)).toContain('REASONING_START')
    expect(sleeps).toHaveLength(FIREHOSE_FIRST_TOKEN_MS / 100 + toDeltas(script.answer).length)
    const state = stateOf(events)
    const text = state.blocks[0]!.messages[0]!.text
    expect(text).toBe(firehoseReasoning())
    expect(text.length).toBe(FIREHOSE_CHARS)
    expect(text.endsWith(script.lastParagraph)).toBe(true)
    expect(script.lastParagraph).toMatch(new RegExp(`^Paragraph ${FIREHOSE_PARAGRAPHS} of ${FIREHOSE_PARAGRAPHS}:`))
    expect(state.blocks[0]!.title).toBe(script.title)
    expect(answerOf(events)).toBe(script.answer)
  })
})

describe('usage', () => {
  const finishedUsage = (events: readonly DemoEvent[]) => events.find((e) => e.type === 'RUN_FINISHED')?.usage as TokenUsage[] | undefined

  it.each([
    ['reasoner', () => { const s = scripts.reasoner(PROMPT); return shownReasoningTokens(s.summary, s.reasoning) }],
    ['private', () => hiddenReasoningTokens(scripts.private(PROMPT).thinkingMs)],
    ['agentic', () => { const s = scripts.agentic(PROMPT); return shownReasoningTokens(s.reasoning, s.followUp) }],
    ['firehose', () => Math.ceil(FIREHOSE_CHARS / 4)],
  ] as const)('%s should report its reasoning tokens on RUN_FINISHED, as part of its output tokens', async (id, expected) => {
    const input = inputOf(PROMPT)
    const { events } = await run(id, input)
    expectValid(events)
    const usage = finishedUsage(events)!
    expect(usage).toHaveLength(1)
    const [entry] = usage
    expect(entry).toMatchObject({ provider: 'reasoning-ui-demo', model: SCRIPTED_MODEL, reasoningTokens: expected() })
    // The protocol's accounting: reasoning is a part of the output, the total the sum of input and output.
    expect(entry!.outputTokens).toBe(entry!.reasoningTokens! + Math.ceil(answerOf(events).length / 4))
    expect(entry!.totalTokens).toBe(entry!.inputTokens! + entry!.outputTokens!)
    // A longer history costs more input.
    const { events: later } = await run(id, inputOf(PROMPT, { history: [{ id: 'old', role: 'user', content: 'x'.repeat(4_000) }] }))
    expect(finishedUsage(later)![0]!.inputTokens).toBeGreaterThanOrEqual(entry!.inputTokens! + 1_000)
  })

  it('should leave usage out where the producer would not have it: the retired THINKING_* producer, and a dropped stream', async () => {
    expect(finishedUsage((await run('legacy')).events)).toBeUndefined()
    expect((await run('interrupted')).events.some((e) => e.type === 'RUN_FINISHED')).toBe(false)
  })
})

describe('aborting', () => {
  it.each(SCRIPTED_AGENT_IDS.filter((id) => id !== 'interrupted'))('given an aborted signal, %s should stop without finishing the run', async (id) => {
    const controller = new AbortController()
    const events: DemoEvent[] = []
    for await (const event of scriptedAgent(id).run(inputOf(PROMPT), fakeContext({ signal: controller.signal }))) {
      events.push(event)
      if (events.length === 3) controller.abort()
    }
    expect(events.length).toBeLessThan(10)
    expect(events.some((e) => e.type === 'RUN_FINISHED')).toBe(false)
  })
})

describe('createThreadMemory', () => {
  it(`should remember the issued values in order, only the latest ${MAX_ISSUED_PER_THREAD} by default`, () => {
    const small = createThreadMemory(3)
    for (const value of ['a', 'b', 'c', 'd', 'e']) small.issue(value)
    expect(small.issued).toEqual(['c', 'd', 'e'])
    const thread = createThreadMemory()
    for (let i = 0; i < MAX_ISSUED_PER_THREAD + 10; i++) thread.issue(`v${i}`)
    expect(thread.issued).toHaveLength(MAX_ISSUED_PER_THREAD)
    expect(thread.issued[0]).toBe('v10')
  })
})

describe('continuityLine', () => {
  const reasoning = (id: string, encryptedValue?: string): Message => ({ id, role: 'reasoning', content: '', ...(encryptedValue !== undefined && { encryptedValue }) })
  const user: Message = { id: 'u', role: 'user', content: 'hi' }

  it('given a first turn (nothing received, nothing issued), should say nothing', () => {
    expect(continuityLine({ messages: [user] }, { issued: [] })).toBeUndefined()
    // Reasoning messages without a value (a summary) and empty values do not count.
    expect(continuityLine({ messages: [user, reasoning('r1'), reasoning('r2', '')] }, { issued: [] })).toBeUndefined()
  })

  it('given nothing received but values issued, should say none came back', () => {
    expect(continuityLine({ messages: [user] }, { issued: ['a'] })).toBe(
      'Round trip: I received no reasoning message with an encryptedValue, although this server issued one on this thread.',
    )
    expect(continuityLine({ messages: [user] }, { issued: ['a', 'b'] })).toBe(
      'Round trip: I received no reasoning message with an encryptedValue, although this server issued 2 on this thread.',
    )
  })

  it('given one message, should use the singular and count a match or a mismatch', () => {
    expect(continuityLine({ messages: [user, reasoning('r1', 'a')] }, { issued: ['a'] })).toBe(
      'Round trip: I received 1 reasoning message with an encryptedValue; 1 of 1 matches what this server issued on this thread.',
    )
    expect(continuityLine({ messages: [user, reasoning('r1', 'forged')] }, { issued: ['a'] })).toBe(
      'Round trip: I received 1 reasoning message with an encryptedValue; 0 of 1 matches what this server issued on this thread.',
    )
    // A value from another server (nothing issued on this thread) is still reported.
    expect(continuityLine({ messages: [reasoning('r1', 'x')] }, { issued: [] })).toBe(
      'Round trip: I received 1 reasoning message with an encryptedValue; 0 of 1 matches what this server issued on this thread.',
    )
  })

  it('given two messages, should use the plural', () => {
    expect(continuityLine({ messages: [reasoning('r1', 'a'), user, reasoning('r2', 'b')] }, { issued: ['a', 'b', 'c'] })).toBe(
      'Round trip: I received 2 reasoning messages with an encryptedValue; 2 of 2 match what this server issued on this thread.',
    )
    expect(continuityLine({ messages: [reasoning('r1', 'a'), reasoning('r2', 'zzz')] }, { issued: ['a'] })).toBe(
      'Round trip: I received 2 reasoning messages with an encryptedValue; 1 of 2 match what this server issued on this thread.',
    )
  })
})
