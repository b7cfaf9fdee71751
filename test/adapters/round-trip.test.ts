/**
 * The AG-UI round trip of reasoning (the .NET AG-UI PR "Support reasoning events in
 * AGUI", microsoft/agent-framework#4953): a server streams reasoning with its
 * encrypted value, the app sends the reasoning back with the next run as
 * `role: "reasoning"` messages (`toReasoningMessages`), and the next run's
 * `MESSAGES_SNAPSHOT` carrying them reconciles without loss. Without the
 * reasoning messages a .NET server answered the second request with 400; with
 * them stripped of `encryptedValue`, a zero-data-retention provider loses its
 * state.
 */
import type { Message, ReasoningMessage, RunAgentInput } from '@ag-ui/core'
import { MessageSchema, MessagesSnapshotEventSchema, ReasoningMessageSchema, RunAgentInputSchema } from '@ag-ui/core/schemas'
import { describe, expect, it } from 'vitest'
import {
  createReasoningStore, isEncryptedOnly, selectBlocksBefore, toReasoningMessages, type ReasoningBlock, type ReasoningState, type ReasoningStore,
} from 'reasoning-ui/core'
import { EventWriter } from 'reasoning-ui/adapters'
import type { AgUiEvent } from 'reasoning-ui/adapters'
import { expectValidEvents, wireFields } from '../helpers/adapters'

const THREAD = 'thread-7c1f'
const T0 = Date.UTC(2026, 0, 15, 9, 30, 0)

// Opaque provider state, as ProtectedData / encrypted_content: base64-ish with `+`, `/`, `=` and a long tail.
const ENCRYPTED_1 = `gAAAAABo9xQ1${'Zk3+q/Vb9='.repeat(40)}Xy8-end`
const ENCRYPTED_2 = `EqQBCkYIBxgCKkD/${'r0und+trip/'.repeat(30)}==`
const ENCRYPTED_3 = `gAAAAABo9xR2${'t/urn+2='.repeat(25)}`

/**
 * Turn 1 as the .NET server streams it (the PR's outbound path): GUIDs for the
 * span and for the reasoning message (no link between them or to the text
 * message), `REASONING_ENCRYPTED_VALUE` inline right after the content delta,
 * and for reasoning that is only protected data, the lifecycle with the value
 * and no content delta.
 */
const turn1: AgUiEvent[] = [
  { type: 'RUN_STARTED', threadId: THREAD, runId: 'run-1' },
  { type: 'REASONING_START', messageId: '5f0c8a1e-2b7d-4c39-9a61-0d3e4f5a6b7c' },
  { type: 'REASONING_MESSAGE_START', messageId: 'b2d4e6f8-1a3c-4e5f-8a7b-9c0d1e2f3a4b', role: 'reasoning' },
  { type: 'REASONING_MESSAGE_CONTENT', messageId: 'b2d4e6f8-1a3c-4e5f-8a7b-9c0d1e2f3a4b', delta: '**Solving the heads/legs problem**\n\n20 heads, 56 legs: c + r = 20 and 2c + 4r = 56, so r = 8, c = 12.' },
  { type: 'REASONING_ENCRYPTED_VALUE', subtype: 'message', entityId: 'b2d4e6f8-1a3c-4e5f-8a7b-9c0d1e2f3a4b', encryptedValue: ENCRYPTED_1 },
  { type: 'REASONING_MESSAGE_END', messageId: 'b2d4e6f8-1a3c-4e5f-8a7b-9c0d1e2f3a4b' },
  { type: 'REASONING_END', messageId: '5f0c8a1e-2b7d-4c39-9a61-0d3e4f5a6b7c' },
  { type: 'REASONING_START', messageId: '0e9d8c7b-6a59-4483-b2a1-f0e9d8c7b6a5' },
  { type: 'REASONING_MESSAGE_START', messageId: '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d', role: 'reasoning' },
  { type: 'REASONING_ENCRYPTED_VALUE', subtype: 'message', entityId: '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d', encryptedValue: ENCRYPTED_2 },
  { type: 'REASONING_MESSAGE_END', messageId: '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d' },
  { type: 'REASONING_END', messageId: '0e9d8c7b-6a59-4483-b2a1-f0e9d8c7b6a5' },
  { type: 'TEXT_MESSAGE_START', messageId: 'answer-1', role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: 'answer-1', delta: 'There are 12 chickens and 8 rabbits.' },
  { type: 'TEXT_MESSAGE_END', messageId: 'answer-1' },
  { type: 'RUN_FINISHED', threadId: THREAD, runId: 'run-1' },
].map((e, i) => ({ ...e, timestamp: T0 + i * 250 }))

const user1: Message = { id: 'user-1', role: 'user', content: 'A farmer has chickens and rabbits: 20 heads and 56 legs. How many of each?' }
const assistant1: Message = { id: 'answer-1', role: 'assistant', content: 'There are 12 chickens and 8 rabbits.' }
const user2: Message = { id: 'user-2', role: 'user', content: 'And if there were 60 legs?' }

const storeWith = (events: readonly AgUiEvent[]): ReasoningStore => {
  const store = createReasoningStore({ flush: 'sync' })
  for (const e of events) store.dispatch(e)
  return store
}

/**
 * What an app sends with its next run: its own transcript, with the reasoning
 * that led to each answer placed just before that answer.
 */
function nextRunInput(state: ReasoningState, transcript: readonly Message[], runId: string): RunAgentInput {
  const reasoning = toReasoningMessages(state)
  const messages = transcript.flatMap((message): Message[] => {
    if (message.role !== 'assistant') return [message]
    const ids = new Set(selectBlocksBefore(state, message.id).flatMap((b) => [b.id, ...b.messages.map((m) => m.id)]))
    return [...reasoning.filter((r) => ids.has(r.id)), message]
  })
  return { threadId: THREAD, runId, messages, tools: [], context: [], state: {}, forwardedProps: {} }
}

/** A block without its timing (see the known bug below). */
const untimed = ({ startedAt: _s, endedAt: _e, messages, ...block }: ReasoningBlock) => ({
  ...block,
  messages: messages.map(({ startedAt: _ms, endedAt: _me, ...message }) => message),
})

const reasoningOf = (messages: readonly Message[]) => messages.filter((m): m is ReasoningMessage => m.role === 'reasoning')

describe('AG-UI round trip of reasoning', () => {
  it("given turn 1 in the .NET server's wire shapes, should be valid events and give two blocks, one encrypted-only", () => {
    expectValidEvents(turn1)
    const state = storeWith(turn1).getState()
    expect(state.diagnostics).toEqual([])
    expect(state.blocks.map((b) => [b.id, b.status, b.encrypted, isEncryptedOnly(b)])).toEqual([
      ['5f0c8a1e-2b7d-4c39-9a61-0d3e4f5a6b7c', 'complete', true, false],
      ['0e9d8c7b-6a59-4483-b2a1-f0e9d8c7b6a5', 'complete', true, true],
    ])
  })

  it('should build the next run\'s messages with role "reasoning" and every encryptedValue intact, valid for @ag-ui/core', () => {
    const state = storeWith(turn1).getState()
    const input = nextRunInput(state, [user1, assistant1, user2], 'run-2')

    expect(input.messages.map((m) => [m.role, m.id])).toEqual([
      ['user', 'user-1'],
      ['reasoning', 'b2d4e6f8-1a3c-4e5f-8a7b-9c0d1e2f3a4b'],
      ['reasoning', '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d'],
      ['assistant', 'answer-1'],
      ['user', 'user-2'],
    ])
    // The request payload shape the PR's AGUIReasoningMessage reads: id, role, content, encryptedValue
    // (plus the history the kit restores from, in metadata, which that reader ignores).
    expect(reasoningOf(input.messages).map(wireFields)).toEqual([
      { id: 'b2d4e6f8-1a3c-4e5f-8a7b-9c0d1e2f3a4b', role: 'reasoning', content: '**Solving the heads/legs problem**\n\n20 heads, 56 legs: c + r = 20 and 2c + 4r = 56, so r = 8, c = 12.', encryptedValue: ENCRYPTED_1 },
      { id: '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d', role: 'reasoning', content: '', encryptedValue: ENCRYPTED_2 },
    ])
    for (const message of reasoningOf(input.messages)) {
      expect(message.metadata).toMatchObject({ reasoningUi: { block: { id: expect.any(String) } } })
      expect(ReasoningMessageSchema.parse(message)).toEqual(message)
      expect(MessageSchema.parse(message)).toEqual(message)
    }
    // The schema keeps the reasoning messages as they are.
    expect(reasoningOf(RunAgentInputSchema.parse(input).messages)).toEqual(reasoningOf(input.messages))
    // On the wire (JSON), byte for byte.
    const wire = JSON.parse(JSON.stringify(input)) as RunAgentInput
    expect(wire).toEqual(input)
    expect(reasoningOf(wire.messages).map((m) => m.encryptedValue)).toEqual([ENCRYPTED_1, ENCRYPTED_2])
  })

  it("given turn 2's MESSAGES_SNAPSHOT carrying those messages, should reconcile without loss and add turn 2's reasoning", () => {
    const store = storeWith(turn1)
    const before = store.getState()
    const input = nextRunInput(before, [user1, assistant1, user2], 'run-2')
    const turn1Reasoning = toReasoningMessages(before)

    // Turn 2: the server echoes the conversation it was sent, then reasons again and answers.
    const turn2: AgUiEvent[] = [
      { type: 'RUN_STARTED', threadId: THREAD, runId: 'run-2', input },
      { type: 'MESSAGES_SNAPSHOT', messages: input.messages },
      { type: 'REASONING_START', messageId: 'c3d5e7f9-2b4d-4f6a-8b9c-0d1e2f3a4b5c' },
      { type: 'REASONING_MESSAGE_START', messageId: 'd4e6f8a0-3c5e-4a7b-9cad-1e2f3a4b5c6d', role: 'reasoning' },
      { type: 'REASONING_MESSAGE_CONTENT', messageId: 'd4e6f8a0-3c5e-4a7b-9cad-1e2f3a4b5c6d', delta: 'With 60 legs: 2c + 4r = 60, c + r = 20, so r = 10, c = 10.' },
      { type: 'REASONING_ENCRYPTED_VALUE', subtype: 'message', entityId: 'd4e6f8a0-3c5e-4a7b-9cad-1e2f3a4b5c6d', encryptedValue: ENCRYPTED_3 },
      { type: 'REASONING_MESSAGE_END', messageId: 'd4e6f8a0-3c5e-4a7b-9cad-1e2f3a4b5c6d' },
      { type: 'REASONING_END', messageId: 'c3d5e7f9-2b4d-4f6a-8b9c-0d1e2f3a4b5c' },
      { type: 'TEXT_MESSAGE_START', messageId: 'answer-2', role: 'assistant' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'answer-2', delta: '10 chickens and 10 rabbits.' },
      { type: 'TEXT_MESSAGE_END', messageId: 'answer-2' },
      { type: 'RUN_FINISHED', threadId: THREAD, runId: 'run-2' },
    ].map((e, i) => ({ ...e, timestamp: T0 + 60_000 + i * 250 }))
    expectValidEvents(turn2)
    expect(MessagesSnapshotEventSchema.safeParse(turn2[1]).success).toBe(true)
    for (const e of turn2) store.dispatch(e)

    const after = store.getState()
    expect(after.diagnostics).toEqual([])
    // Turn 1's blocks are the same blocks: same ids, text, encrypted values, titles and status.
    expect(after.blocks.slice(0, 2).map(untimed)).toEqual(before.blocks.map(untimed))
    expect(after.blocks.map((b) => [b.runId, b.status, isEncryptedOnly(b)])).toEqual([['run-1', 'complete', false], ['run-1', 'complete', true], ['run-2', 'complete', false]])
    // Turn 3 gets back everything: turn 1's messages unchanged, then turn 2's.
    const turn2Reasoning = toReasoningMessages(after)
    expect(turn2Reasoning.slice(0, 2)).toEqual(turn1Reasoning)
    expect(wireFields(turn2Reasoning[2]!)).toEqual({ id: 'd4e6f8a0-3c5e-4a7b-9cad-1e2f3a4b5c6d', role: 'reasoning', content: 'With 60 legs: 2c + 4r = 60, c + r = 20, so r = 10, c = 10.', encryptedValue: ENCRYPTED_3 })
    const assistant2: Message = { id: 'answer-2', role: 'assistant', content: '10 chickens and 10 rabbits.' }
    const input3 = nextRunInput(after, [user1, assistant1, user2, assistant2], 'run-3')
    expect(RunAgentInputSchema.safeParse(input3).success).toBe(true)
    expect(input3.messages.map((m) => m.id)).toEqual([
      'user-1', 'b2d4e6f8-1a3c-4e5f-8a7b-9c0d1e2f3a4b', '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d', 'answer-1',
      'user-2', 'd4e6f8a0-3c5e-4a7b-9cad-1e2f3a4b5c6d', 'answer-2',
    ])
  })

  /** A snapshot restates history: turn 1's "Thought for N seconds" must not grow by the time until turn 2. */
  it("given turn 2's snapshot, should keep turn 1's timing", () => {
    const store = storeWith(turn1)
    const before = store.getState()
    const input = nextRunInput(before, [user1, assistant1, user2], 'run-2')
    store.dispatch({ type: 'RUN_STARTED', threadId: THREAD, runId: 'run-2', timestamp: T0 + 60_000 })
    store.dispatch({ type: 'MESSAGES_SNAPSHOT', messages: input.messages, timestamp: T0 + 60_000 })
    expect(store.getState().blocks.map((b) => [b.startedAt, b.endedAt])).toEqual(before.blocks.map((b) => [b.startedAt, b.endedAt]))
  })

  it('given only the snapshot (a client that reloaded between turns), should restore the reasoning messages with their encrypted values', () => {
    const input = nextRunInput(storeWith(turn1).getState(), [user1, assistant1, user2], 'run-2')
    const fresh = storeWith([
      { type: 'RUN_STARTED', threadId: THREAD, runId: 'run-2' },
      { type: 'MESSAGES_SNAPSHOT', messages: input.messages },
    ])
    const state = fresh.getState()
    expect(state.diagnostics).toEqual([])
    expect(toReasoningMessages(state)).toEqual(reasoningOf(input.messages))
    expect(state.blocks.map((b) => [b.origin, b.status, isEncryptedOnly(b)])).toEqual([['snapshot', 'complete', false], ['snapshot', 'complete', true]])
  })

  it('given turn 1 in the chunk shorthand the PR also reads (REASONING_MESSAGE_CHUNK), should send back the same messages', () => {
    const chunked: AgUiEvent[] = [
      { type: 'RUN_STARTED', threadId: THREAD, runId: 'run-1' },
      { type: 'REASONING_MESSAGE_CHUNK', messageId: 'b2d4e6f8-1a3c-4e5f-8a7b-9c0d1e2f3a4b', delta: '**Solving the heads/legs problem**\n\n20 heads, 56 legs: ' },
      { type: 'REASONING_MESSAGE_CHUNK', messageId: 'b2d4e6f8-1a3c-4e5f-8a7b-9c0d1e2f3a4b', delta: 'c + r = 20 and 2c + 4r = 56, so r = 8, c = 12.' },
      { type: 'REASONING_ENCRYPTED_VALUE', subtype: 'message', entityId: 'b2d4e6f8-1a3c-4e5f-8a7b-9c0d1e2f3a4b', encryptedValue: ENCRYPTED_1 },
      { type: 'REASONING_MESSAGE_CHUNK', messageId: '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d', delta: '' },
      { type: 'REASONING_ENCRYPTED_VALUE', subtype: 'message', entityId: '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d', encryptedValue: ENCRYPTED_2 },
      ...turn1.slice(12),
    ]
    expectValidEvents(chunked)
    const fromChunks = toReasoningMessages(storeWith(chunked).getState())
    // The same wire fields; the history differs (the chunks make standalone blocks, without the spans' ids).
    expect(fromChunks.map(wireFields)).toEqual(toReasoningMessages(storeWith(turn1).getState()).map(wireFields))
  })

  it('given turn 1 written by an adapter (EventWriter), should round-trip the same way', () => {
    const writer = new EventWriter({ threadId: THREAD, runId: 'run-1', now: () => T0 })
    writer.startMessage('w-msg', 'w-span')
    writer.appendMessage('w-msg', 'Reasoning from an adapter.')
    writer.encrypted('w-msg', ENCRYPTED_1, 'openai.encrypted_content')
    writer.endBlock('w-span')
    writer.startText('answer-1')
    writer.appendText('answer-1', 'There are 12 chickens and 8 rabbits.')
    writer.finish()
    const events = writer.take()
    expectValidEvents(events)
    const store = storeWith(events)
    const input = nextRunInput(store.getState(), [user1, assistant1, user2], 'run-2')
    expect(reasoningOf(input.messages).map(wireFields)).toEqual([{ id: 'w-msg', role: 'reasoning', content: 'Reasoning from an adapter.', encryptedValue: ENCRYPTED_1 }])
    store.dispatch({ type: 'RUN_STARTED', threadId: THREAD, runId: 'run-2' })
    store.dispatch({ type: 'MESSAGES_SNAPSHOT', messages: input.messages })
    expect(toReasoningMessages(store.getState())).toEqual(reasoningOf(input.messages))
    expect(store.getState().blocks[0]!.messages[0]!.encryptedValueType).toBe('openai.encrypted_content')
  })
})
