import { describe, expect, it } from 'vitest'
import { toReasoningMessages } from '../../src/core/index'
import {
  chunk, codes, content, encrypted, feed, msgEnd, msgStart, run, runDone, span, spanEnd, testStore, text, ui,
} from '../helpers/events'

const blocks = (store: ReturnType<typeof testStore>) => store.getState().blocks
const only = (store: ReturnType<typeof testStore>) => {
  expect(blocks(store)).toHaveLength(1)
  return blocks(store)[0]!
}

describe('spans (REASONING_START … REASONING_END)', () => {
  it('given a span with two messages, when it ends, should give one complete block holding both messages in order', () => {
    const store = testStore()
    feed(store, run(), span('s1'), msgStart('m1'), content('m1', 'first'), msgEnd('m1'),
      msgStart('m2'), content('m2', 'sec'), content('m2', 'ond'), msgEnd('m2'), spanEnd('s1'))
    const block = only(store)
    expect(block).toMatchObject({ id: 's1', origin: 'span', status: 'complete', runId: 'r1' })
    expect(block.messages.map((m) => [m.id, m.text, m.status])).toEqual([
      ['m1', 'first', 'complete'],
      ['m2', 'second', 'complete'],
    ])
    expect(codes(store)).toEqual([])
  })

  it('given an open span, when messages are still streaming, should report the block as streaming', () => {
    const store = testStore()
    feed(store, run(), span('s1'), msgStart('m1'), content('m1', 'thinking'))
    expect(only(store).status).toBe('streaming')
    expect(only(store).messages[0]!.status).toBe('streaming')
  })

  it('given an open message, when its span ends, should close the message as complete', () => {
    const store = testStore()
    feed(store, run(), span('s1'), msgStart('m1'), content('m1', 'x'), spanEnd('s1'))
    expect(only(store).status).toBe('complete')
    expect(only(store).messages[0]!.status).toBe('complete')
  })

  it('given a span id equal to its message id, should keep one block with one message', () => {
    const store = testStore()
    feed(store, run(), span('same'), msgStart('same'), content('same', 'hi'), msgEnd('same'), spanEnd('same'))
    expect(only(store).messages.map((m) => m.id)).toEqual(['same'])
    expect(toReasoningMessages(store.getState())).toMatchObject([{ id: 'same', role: 'reasoning', content: 'hi' }])
  })

  it('given REASONING_START with the proposal\'s encryptedContent, should make the block encrypted and encrypted-only', () => {
    const store = testStore()
    feed(store, run(), span('s1', { encryptedContent: 'opaque' }), spanEnd('s1'))
    expect(only(store)).toMatchObject({ encrypted: true, encryptedValue: 'opaque', status: 'complete' })
    expect(toReasoningMessages(store.getState())).toMatchObject([{ id: 's1', role: 'reasoning', content: '', encryptedValue: 'opaque' }])
  })

  it('given a span that is already open, when it starts again, should record duplicate-start and change nothing', () => {
    const store = testStore()
    feed(store, run(), span('s1'))
    const before = store.getState().blocks
    feed(store, span('s1'))
    expect(codes(store)).toEqual(['duplicate-start'])
    expect(store.getState().blocks).toBe(before)
  })

  it('given REASONING_END for a span that never started, should record not-open', () => {
    const store = testStore()
    feed(store, run(), spanEnd('ghost'))
    expect(codes(store)).toEqual(['not-open'])
    expect(blocks(store)).toEqual([])
  })
})

describe('standalone reasoning messages', () => {
  it('given a message outside any span, should open a block with the message id that completes when the message ends', () => {
    const store = testStore()
    feed(store, run(), msgStart('m1'), content('m1', 'alone'))
    expect(only(store)).toMatchObject({ id: 'm1', origin: 'message', status: 'streaming' })
    feed(store, msgEnd('m1'))
    expect(only(store).status).toBe('complete')
  })

  it('given a completed standalone message, when it starts again, should reopen the block and append', () => {
    const store = testStore()
    feed(store, run(), msgStart('m1'), content('m1', 'one'), msgEnd('m1'), msgStart('m1'))
    expect(only(store).status).toBe('streaming')
    feed(store, content('m1', ' two'), msgEnd('m1'))
    expect(only(store)).toMatchObject({ status: 'complete' })
    expect(only(store).messages[0]!.text).toBe('one two')
  })

  it('given role "assistant" (the draft proposal), should accept the message and record legacy-role', () => {
    const store = testStore()
    feed(store, run(), msgStart('m1', { role: 'assistant' }), content('m1', 'ok'), msgEnd('m1'))
    expect(only(store).messages[0]!.text).toBe('ok')
    expect(codes(store)).toEqual(['legacy-role'])
  })

  it('given an empty delta, should change nothing and keep the same state object', () => {
    const store = testStore()
    feed(store, run(), msgStart('m1'), content('m1', 'x'))
    const before = store.getState()
    feed(store, content('m1', ''))
    expect(store.getState()).toBe(before)
    expect(codes(store)).toEqual([])
  })

  it('given a message in a subagent lane, should not add it to the parent\'s open span', () => {
    const store = testStore()
    feed(store, run(), span('s1'), msgStart('sub-m', { subagentRunId: 'sa1' }), content('sub-m', 'delegated', { subagentRunId: 'sa1' }))
    expect(blocks(store).map((b) => [b.id, b.subagentRunId])).toEqual([['s1', undefined], ['sub-m', 'sa1']])
  })
})

describe('REASONING_MESSAGE_CHUNK', () => {
  it('given chunks without ids after an opener, should assemble one message', () => {
    const store = testStore()
    feed(store, run(), chunk('c1', 'a'), chunk(undefined, 'b'), chunk(undefined, 'c'))
    expect(only(store).messages[0]!.text).toBe('abc')
    expect(only(store).status).toBe('streaming')
  })

  it.each([
    ['a text message event', { type: 'TEXT_MESSAGE_START', messageId: 't1', role: 'assistant' }],
    ['a tool call', { type: 'TOOL_CALL_START', toolCallId: 'tc1', toolCallName: 'search' }],
    ['a step', { type: 'STEP_STARTED', stepName: 'plan' }],
    ['a state snapshot', { type: 'STATE_SNAPSHOT', snapshot: {} }],
    ['a custom event', { type: 'CUSTOM', name: 'x', value: 1 }],
    ['an explicit reasoning event', { type: 'REASONING_START', messageId: 's9' }],
    ['a new chunk id', { type: 'REASONING_MESSAGE_CHUNK', messageId: 'c2', delta: 'next' }],
    ['an empty-delta chunk', { type: 'REASONING_MESSAGE_CHUNK', delta: '' }],
    ['the run end', { type: 'RUN_FINISHED', threadId: 't1', runId: 'r1' }],
  ])('given an open chunk stream, when %s arrives, should complete the chunk message', (_what, event) => {
    const store = testStore()
    feed(store, run(), chunk('c1', 'thinking'), event)
    const block = blocks(store).find((b) => b.id === 'c1')!
    expect(block.status).toBe('complete')
    expect(block.messages[0]!.status).toBe('complete')
  })

  it.each([
    ['RAW', { type: 'RAW', event: { heartbeat: true } }],
    ['ACTIVITY_SNAPSHOT', { type: 'ACTIVITY_SNAPSHOT', messageId: 'a1', activityType: 'x', content: {} }],
    ['ACTIVITY_DELTA', { type: 'ACTIVITY_DELTA', messageId: 'a1', activityType: 'x', patch: [] }],
    ['REASONING_ENCRYPTED_VALUE', { type: 'REASONING_ENCRYPTED_VALUE', subtype: 'message', entityId: 'c1', encryptedValue: 'e' }],
    ['an unknown event', { type: 'FUTURE_EVENT' }],
  ])('given an open chunk stream, when %s arrives, should keep the stream open for id-less chunks', (_what, event) => {
    const store = testStore()
    feed(store, run(), chunk('c1', 'half '), event, chunk(undefined, 'and half'))
    expect(only(store).messages[0]!.text).toBe('half and half')
    expect(only(store).status).toBe('streaming')
    expect(codes(store)).toEqual([])
  })

  it('given a text event of another subagent, should not close the parent\'s chunk stream', () => {
    const store = testStore()
    feed(store, run(), chunk('c1', 'a'), { type: 'TEXT_MESSAGE_START', messageId: 't', role: 'assistant', subagentRunId: 'sa1' }, chunk(undefined, 'b'))
    expect(only(store).messages[0]!.text).toBe('ab')
  })

  it('given a closed chunk message, when a later chunk carries its id, should reopen it and append', () => {
    const store = testStore()
    feed(store, run(), chunk('c1', 'one'), chunk(undefined, ''), chunk('c1', ' two'))
    expect(only(store).status).toBe('streaming')
    expect(only(store).messages[0]!.text).toBe('one two')
  })

  it('given a first chunk without an id, should record chunk-missing-id and keep its text', () => {
    const store = testStore()
    feed(store, run(), chunk(undefined, 'lost?'))
    expect(codes(store)).toEqual(['chunk-missing-id'])
    expect(only(store).messages[0]!.text).toBe('lost?')
  })

  it('given a chunk stream inside a span, should add the chunk message to the span', () => {
    const store = testStore()
    feed(store, run(), span('s1'), chunk('c1', 'x'), chunk(undefined, 'y'), spanEnd('s1'))
    expect(only(store)).toMatchObject({ id: 's1', status: 'complete' })
    expect(only(store).messages.map((m) => m.text)).toEqual(['xy'])
  })
})

describe('REASONING_ENCRYPTED_VALUE', () => {
  it('given a value for an existing message, should attach it and mark the block encrypted', () => {
    const store = testStore()
    feed(store, run(), msgStart('m1'), content('m1', 'visible'), encrypted('m1', 'blob', { encryptedValueType: 'anthropic.signature' }))
    expect(only(store).messages[0]).toMatchObject({ encryptedValue: 'blob', encryptedValueType: 'anthropic.signature' })
    expect(only(store).encrypted).toBe(true)
  })

  it('given a value after the message ended, should still attach it', () => {
    const store = testStore()
    feed(store, run(), msgStart('m1'), content('m1', 'x'), msgEnd('m1'), encrypted('m1', 'late'))
    expect(toReasoningMessages(store.getState())).toMatchObject([{ id: 'm1', role: 'reasoning', content: 'x', encryptedValue: 'late' }])
  })

  it('given a value for an entity not seen yet, should keep it and attach it when the message appears', () => {
    const store = testStore()
    feed(store, run(), encrypted('m1', 'early'))
    expect(blocks(store)).toEqual([])
    feed(store, msgStart('m1'), msgEnd('m1'))
    expect(only(store).messages[0]!.encryptedValue).toBe('early')
    expect(codes(store)).toEqual([])
  })

  it('given a value for a tool call, should attach it to the tool call and not to reasoning', () => {
    const store = testStore()
    feed(store, run(), { type: 'TOOL_CALL_START', toolCallId: 'tc1', toolCallName: 'search' },
      { type: 'REASONING_ENCRYPTED_VALUE', subtype: 'tool-call', entityId: 'tc1', encryptedValue: 'sealed' })
    expect(store.getState().timeline).toEqual([expect.objectContaining({ kind: 'tool-call', id: 'tc1', encryptedValue: 'sealed' })])
    expect(blocks(store)).toEqual([])
  })

  it('given a block with an encrypted value and no text, should be encrypted-only', () => {
    const store = testStore()
    feed(store, run(), span('s1'), msgStart('m1'), encrypted('m1', 'zdr'), msgEnd('m1'), spanEnd('s1'))
    expect(only(store)).toMatchObject({ encrypted: true, status: 'complete' })
    expect(only(store).messages[0]!.text).toBe('')
  })

  it('given a bad subtype, should record malformed-field and ignore it', () => {
    const store = testStore()
    feed(store, run(), msgStart('m1'), encrypted('m1', 'x', { subtype: 'span' }))
    expect(codes(store)).toEqual(['malformed-field'])
    expect(only(store).encrypted).toBe(false)
  })
})

describe('legacy THINKING_* events', () => {
  it('given a THINKING_* sequence with a title, should build the same block with deterministic ids and keep the title', () => {
    const store = testStore()
    feed(store, run(), { type: 'THINKING_START', title: 'Working' }, { type: 'THINKING_TEXT_MESSAGE_START' },
      { type: 'THINKING_TEXT_MESSAGE_CONTENT', delta: 'Let me check.' }, { type: 'THINKING_TEXT_MESSAGE_END' }, { type: 'THINKING_END' })
    expect(only(store)).toMatchObject({ id: 'thinking-1', title: 'Working', status: 'complete' })
    expect(only(store).messages.map((m) => [m.id, m.text])).toEqual([['thinking-1-message-1', 'Let me check.']])
    expect(codes(store)).toEqual(['deprecated-event'])
  })

  it('given two THINKING spans, should number them in order', () => {
    const store = testStore()
    feed(store, run(), { type: 'THINKING_START' }, { type: 'THINKING_END' }, { type: 'THINKING_START' }, { type: 'THINKING_END' })
    expect(blocks(store).map((b) => b.id)).toEqual(['thinking-1', 'thinking-2'])
  })
})

describe('metadata.reasoningUi', () => {
  it('given kind, title and step fields, should carry them onto the block and messages', () => {
    const store = testStore()
    feed(store, run(), span('s1', ui({ title: 'Planning the trip' })),
      msgStart('sum', ui({ kind: 'summary' })), content('sum', 'Short version'), msgEnd('sum'),
      msgStart('st', ui({ kind: 'step', stepType: 'hypothesis', title: 'Maybe trains' })), msgEnd('st'),
      spanEnd('s1', ui({ conclusion: 'Take the train', confidence: 0.8, keyFactors: ['price', 'time'] })))
    const block = only(store)
    expect(block.title).toBe('Planning the trip')
    expect(block.meta).toMatchObject({ conclusion: 'Take the train', confidence: 0.8, keyFactors: ['price', 'time'] })
    expect(block.messages.map((m) => m.kind)).toEqual(['summary', 'step'])
    expect(block.messages[1]!.meta).toMatchObject({ stepType: 'hypothesis', title: 'Maybe trains' })
  })

  it('given wrong-typed fields, should drop only those fields with a diagnostic each', () => {
    const store = testStore()
    feed(store, run(), span('s1', ui({ title: 42, kind: 'poem', confidence: 'high', stepType: 'analysis' })))
    expect(codes(store)).toEqual(['malformed-field', 'malformed-field', 'malformed-field'])
    expect(only(store).meta).toEqual({ stepType: 'analysis' })
  })
})

describe('titles', () => {
  it('given text that opens with a bold heading line, should use it as the block title', () => {
    const store = testStore()
    feed(store, run(), msgStart('m1'), content('m1', '**Solving'), content('m1', ' the problem**\n\nFirst, '))
    expect(only(store).title).toBe('Solving the problem')
  })

  it('given an explicit title, should prefer it over headings in the text', () => {
    const store = testStore()
    feed(store, run(), span('s1', ui({ title: 'Explicit' })), msgStart('m1'), content('m1', '**Heading**\nbody'))
    expect(only(store).title).toBe('Explicit')
  })

  it('given a finished message whose last line is a heading with no newline, should still find it', () => {
    const store = testStore()
    feed(store, run(), msgStart('m1'), content('m1', '**Only a title**'))
    expect(only(store).title).toBeUndefined()
    feed(store, msgEnd('m1'))
    expect(only(store).title).toBe('Only a title')
  })

  it('given headings arriving after a state was read, should leave the headings of every state read before as they were', () => {
    const store = testStore()
    const seen: (readonly string[])[] = []
    const read = () => seen.push(blocks(store)[0]!.messages[0]!.headings)
    feed(store, run(), msgStart('m1'), content('m1', '# A\n'))
    read()
    // Two in one delta, then one more before the next read: the array a state holds is never extended.
    feed(store, content('m1', '# B\ntext\n# C\n'), content('m1', '# D\n'))
    read()
    read()
    feed(store, content('m1', '# E\n'))
    read()
    feed(store, content('m1', '# F\n# G'), msgEnd('m1'))
    read()
    feed(store, msgStart('m2'), content('m2', '# other\n'))
    read()
    expect(seen.map((h) => h.length)).toEqual([1, 4, 4, 5, 7, 7])
    expect(seen[4]).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G'])
    expect(seen[0]).toEqual(['A'])
  })

  it('given a line with bold words in prose, should not treat it as a heading', () => {
    const store = testStore()
    feed(store, run(), msgStart('m1'), content('m1', '**a** and **b**\nplain\n'), msgEnd('m1'))
    expect(only(store).title).toBeUndefined()
  })
})

describe('text messages and tool calls', () => {
  it('given reasoning, a tool call and an answer, should record them in the timeline in order', () => {
    const store = testStore()
    feed(store, run(), span('s1'), spanEnd('s1'),
      { type: 'TOOL_CALL_START', toolCallId: 'tc1', toolCallName: 'lookup' }, { type: 'TOOL_CALL_ARGS', toolCallId: 'tc1', delta: '{}' },
      { type: 'TOOL_CALL_END', toolCallId: 'tc1' }, { type: 'TOOL_CALL_RESULT', messageId: 'res1', toolCallId: 'tc1', content: 'ok' },
      span('s2'), spanEnd('s2'), text('a1'))
    expect(store.getState().timeline.map((e) => [e.kind, e.id, 'status' in e ? e.status : '-'])).toEqual([
      ['reasoning', 's1', '-'],
      ['tool-call', 'tc1', 'complete'],
      ['reasoning', 's2', '-'],
      ['text', 'a1', 'complete'],
    ])
    expect(store.getState().timeline[1]).toMatchObject({ name: 'lookup', resultMessageId: 'res1' })
  })

  it('given a text message reusing a reasoning message id, should record id-collision and leave the reasoning text alone', () => {
    const store = testStore()
    feed(store, run(), msgStart('dup'), content('dup', 'reasoning'), msgEnd('dup'), text('dup', 'ANSWER'))
    expect(only(store).messages[0]!.text).toBe('reasoning')
    expect(codes(store)).toEqual(['id-collision'])
  })

  it('given text deltas, should not produce a new state (answers do not re-render reasoning)', () => {
    const store = testStore()
    feed(store, run(), { type: 'TEXT_MESSAGE_START', messageId: 'a', role: 'assistant' })
    const before = store.getState()
    feed(store, { type: 'TEXT_MESSAGE_CONTENT', messageId: 'a', delta: 'hello' })
    expect(store.getState()).toBe(before)
  })

  it('given a TEXT_MESSAGE_CHUNK that changes role mid-stream, should record chunk-conflict', () => {
    const store = testStore()
    feed(store, run(), { type: 'TEXT_MESSAGE_CHUNK', messageId: 'x', role: 'user', delta: 'a' },
      { type: 'TEXT_MESSAGE_CHUNK', messageId: 'x', role: 'assistant', delta: 'b' })
    expect(codes(store)).toEqual(['chunk-conflict'])
  })
})

describe('MESSAGES_SNAPSHOT', () => {
  const snapshot = (...messages: object[]) => ({ type: 'MESSAGES_SNAPSHOT', messages })

  it('given reasoning messages already streamed, should replace their text by id without duplicates', () => {
    const store = testStore()
    feed(store, run(), span('s1'), msgStart('m1'), content('m1', 'draft'), msgEnd('m1'), spanEnd('s1'),
      snapshot({ id: 'm1', role: 'reasoning', content: 'final' }))
    expect(only(store).messages.map((m) => [m.id, m.text])).toEqual([['m1', 'final']])
  })

  it('given a snapshot with reasoning, should drop reasoning it omits', () => {
    const store = testStore()
    feed(store, run(), msgStart('gone'), msgEnd('gone'), msgStart('kept'), msgEnd('kept'),
      snapshot({ id: 'kept', role: 'reasoning', content: 'k' }))
    expect(blocks(store).map((b) => b.id)).toEqual(['kept'])
    expect(store.getState().timeline.map((e) => e.id)).toEqual(['kept'])
  })

  it('given a snapshot without reasoning, should leave reasoning untouched', () => {
    const store = testStore()
    feed(store, run(), msgStart('m1'), content('m1', 'x'), msgEnd('m1'))
    const before = blocks(store)
    feed(store, snapshot({ id: 'u1', role: 'user', content: 'hi' }))
    expect(blocks(store)).toBe(before)
  })

  it('given new reasoning messages (history), should add complete blocks with their encrypted values', () => {
    const store = testStore()
    feed(store, snapshot({ id: 'u1', role: 'user', content: 'q' }, { id: 'r1', role: 'reasoning', content: 'old thoughts', encryptedValue: 'ev' },
      { id: 'a1', role: 'assistant', content: 'answer' }))
    expect(only(store)).toMatchObject({ id: 'r1', origin: 'snapshot', status: 'complete', encrypted: true })
    expect(store.getState().timeline.map((e) => e.id)).toEqual(['u1', 'r1', 'a1'])
  })

  it('given a streaming reasoning message, when a snapshot carries it, should complete it', () => {
    const store = testStore()
    feed(store, run(), msgStart('m1'), content('m1', 'par'), snapshot({ id: 'm1', role: 'reasoning', content: 'partial, done' }))
    expect(only(store)).toMatchObject({ status: 'complete' })
  })
})

describe('runs, errors and stream ends', () => {
  it('given chunk-mode reasoning open at RUN_FINISHED, should close it as complete without a diagnostic', () => {
    const store = testStore()
    feed(store, run(), chunk('c1', 'x'), runDone())
    expect(only(store).status).toBe('complete')
    expect(codes(store)).toEqual([])
    expect(store.getState().runs).toEqual([expect.objectContaining({ runId: 'r1', status: 'finished', outcome: 'success' })])
  })

  it('given an explicitly started message open at RUN_FINISHED, should mark it interrupted with a diagnostic and keep its text', () => {
    const store = testStore()
    feed(store, run(), span('s1'), msgStart('m1'), content('m1', 'half a thou'), runDone())
    expect(only(store).status).toBe('interrupted')
    expect(only(store).messages[0]).toMatchObject({ status: 'interrupted', text: 'half a thou' })
    expect(codes(store)).toEqual(['open-at-finish'])
  })

  it('given RUN_ERROR, should interrupt everything open, chunk streams included', () => {
    const store = testStore()
    feed(store, run(), span('s1'), msgStart('m1'), content('m1', 'a'), chunk('c1', 'b', { subagentRunId: 'sa' }),
      { type: 'RUN_ERROR', message: 'boom' })
    expect(blocks(store).map((b) => b.status)).toEqual(['interrupted', 'interrupted'])
    expect(store.getState().runs[0]).toMatchObject({ status: 'error', error: 'boom' })
  })

  it('given streamEnded while reasoning, should interrupt open blocks, keep the text and mark the run interrupted', () => {
    const store = testStore()
    feed(store, run(), msgStart('m1'), content('m1', 'cut off'))
    store.streamEnded(new Error('socket hang up'))
    expect(only(store)).toMatchObject({ status: 'interrupted' })
    expect(only(store).messages[0]!.text).toBe('cut off')
    expect(store.getState().runs[0]).toMatchObject({ status: 'interrupted', error: 'socket hang up' })
    expect(store.getState().failure).toBe('socket hang up')
    expect(codes(store)).toEqual(['transport', 'stream-truncated'])
  })

  it('given streamEnded after a clean run, should change nothing', () => {
    const store = testStore()
    feed(store, run(), msgStart('m1'), msgEnd('m1'), runDone())
    const before = store.getState()
    store.streamEnded()
    expect(store.getState()).toBe(before)
  })

  it('given RUN_ERROR and then a new run, should start the new run cleanly', () => {
    const store = testStore()
    feed(store, run('a'), { type: 'RUN_ERROR', message: 'x' }, run('b'), chunk('c', 'ok'), runDone('b'))
    expect(store.getState().runs.map((r) => [r.runId, r.status])).toEqual([['a', 'error'], ['b', 'finished']])
    expect(only(store)).toMatchObject({ runId: 'b', status: 'complete' })
    expect(codes(store)).toEqual([])
  })

  it('given a nested RUN_STARTED, should record run-order and keep the first run', () => {
    const store = testStore()
    feed(store, run('a'), run('b'))
    expect(codes(store)).toEqual(['run-order'])
    expect(store.getState().runs.map((r) => r.runId)).toEqual(['a'])
  })

  it('given events before RUN_STARTED, should apply them and record run-order once', () => {
    const store = testStore()
    feed(store, msgStart('m1'), content('m1', 'early'), msgEnd('m1'))
    expect(only(store).messages[0]!.text).toBe('early')
    expect(codes(store)).toEqual(['run-order'])
  })

  it('given subagent events, should record subagents and interrupt a subagent\'s open reasoning on SUBAGENT_ERROR', () => {
    const store = testStore()
    feed(store, run(), { type: 'SUBAGENT_STARTED', subagentRunId: 'sa', name: 'researcher' },
      msgStart('m1', { subagentRunId: 'sa' }), content('m1', 'digging', { subagentRunId: 'sa' }),
      { type: 'SUBAGENT_ERROR', subagentRunId: 'sa', message: 'failed' })
    expect(only(store)).toMatchObject({ status: 'interrupted', subagentRunId: 'sa' })
    expect(store.getState().subagents).toEqual([{ subagentRunId: 'sa', name: 'researcher', status: 'error' }])
  })
})

describe('timing', () => {
  it('given integer timestamps, should time blocks from them', () => {
    const store = testStore()
    feed(store, run(), span('s1', { timestamp: 5_000 }), msgStart('m1', { timestamp: 5_100 }), msgEnd('m1', { timestamp: 9_000 }),
      spanEnd('s1', { timestamp: 17_000 }))
    expect(only(store)).toMatchObject({ startedAt: 5_000, endedAt: 17_000 })
    expect(only(store).messages[0]).toMatchObject({ startedAt: 5_100, endedAt: 9_000 })
  })

  it('given a chunk stream closed by a later event, should end the block at that event\'s timestamp', () => {
    const store = testStore(999_999)
    feed(store, run(), chunk('c1', 'x', { timestamp: 1_000 }), chunk(undefined, 'y', { timestamp: 2_000 }),
      { type: 'TEXT_MESSAGE_START', messageId: 'a', role: 'assistant', timestamp: 7_000 },
      { type: 'TEXT_MESSAGE_END', messageId: 'a', timestamp: 8_000 }, { ...runDone(), timestamp: 9_000 })
    expect(only(store)).toMatchObject({ startedAt: 1_000, endedAt: 7_000 })
  })

  it('given no timestamps, should time blocks from the store clock', () => {
    const store = testStore(100)
    feed(store, run(), msgStart('m1'))
    store.clock.now = 2_600
    feed(store, msgEnd('m1'))
    expect(only(store)).toMatchObject({ startedAt: 100, endedAt: 2_600 })
  })

  it('given a float timestamp, should record malformed-field and use the clock', () => {
    const store = testStore(42)
    feed(store, run(), msgStart('m1', { timestamp: 1.5 }))
    expect(only(store).startedAt).toBe(42)
    expect(codes(store)).toEqual(['malformed-field'])
  })
})

describe('malformed input', () => {
  it.each([
    ['null', null],
    ['a number', 7],
    ['a string', 'REASONING_START'],
    ['an array', [1, 2]],
    ['an object without type', { messageId: 'x' }],
    ['a non-string type', { type: 5 }],
  ])('given %s, should record invalid-event and change nothing else', (_what, input) => {
    const store = testStore()
    feed(store, run())
    const blocksBefore = store.getState().blocks
    expect(() => store.dispatch(input)).not.toThrow()
    expect(codes(store)).toEqual(['invalid-event'])
    expect(store.getState().blocks).toBe(blocksBefore)
  })

  it('given an event whose getters throw, should record invalid-event and not throw', () => {
    const store = testStore()
    const hostile = { get type(): string { throw new Error('gotcha') } }
    expect(() => store.dispatch(hostile)).not.toThrow()
    expect(codes(store)).toEqual(['invalid-event'])
  })

  it('given content for an unknown id, should record not-open and keep the text in a block of its own', () => {
    const store = testStore()
    feed(store, run(), span('s1'), content('orphan', 'kept'))
    expect(codes(store)).toEqual(['not-open'])
    expect(blocks(store).map((b) => [b.id, b.messages.map((m) => m.text)])).toEqual([['s1', []], ['orphan', ['kept']]])
  })

  it('given content without a messageId, should record missing-id and keep the text', () => {
    const store = testStore()
    feed(store, run(), { type: 'REASONING_MESSAGE_CONTENT', delta: 'nameless' })
    expect(codes(store)).toEqual(['missing-id'])
    expect(only(store).messages[0]!.text).toBe('nameless')
  })

  it('given a non-string delta, should record malformed-field and ignore the event', () => {
    const store = testStore()
    feed(store, run(), msgStart('m1'), content('m1', 'ok'), { type: 'REASONING_MESSAGE_CONTENT', messageId: 'm1', delta: 42 })
    expect(only(store).messages[0]!.text).toBe('ok')
    expect(codes(store)).toEqual(['malformed-field'])
  })

  it('given END without START and a duplicate START, should record each', () => {
    const store = testStore()
    feed(store, run(), msgEnd('nope'), msgStart('m1'), msgStart('m1'))
    expect(codes(store)).toEqual(['not-open', 'duplicate-start'])
  })

  it('given an unknown event type, should ignore it silently', () => {
    const store = testStore()
    feed(store, run())
    const before = store.getState()
    feed(store, { type: 'FUTURE_EVENT', anything: true })
    expect(store.getState()).toBe(before)
  })

  it('given more diagnostics than the cap, should keep the cap and count the rest', () => {
    const store = testStore()
    for (let i = 0; i < 600; i++) store.dispatch(null)
    const diagnostics = store.getState().diagnostics
    expect(diagnostics).toHaveLength(500)
    expect(diagnostics[499]).toMatchObject({ code: 'diagnostics-truncated' })
    expect(diagnostics[499]!.message).toContain('101 more')
  })

  it('given diagnostics, should report the index of the offending event', () => {
    const store = testStore()
    feed(store, run(), span('s1'))
    store.dispatch(null)
    expect(store.getState().diagnostics[0]!.eventIndex).toBe(2)
  })
})

describe('identity', () => {
  it('given a delta to one block, should keep the other blocks and their messages identical', () => {
    const store = testStore()
    feed(store, run(), msgStart('a'), content('a', 'x'), msgEnd('a'), msgStart('b'), content('b', 'y'))
    const [a1, b1] = store.getState().blocks
    feed(store, content('b', 'z'))
    const [a2, b2] = store.getState().blocks
    expect(a2).toBe(a1)
    expect(b2).not.toBe(b1)
    expect(b2!.messages[0]!.text).toBe('yz')
    expect(store.getState().timeline).toBe(store.getState().timeline)
  })

  it('given a delta, should keep unchanged messages of the same block identical', () => {
    const store = testStore()
    feed(store, run(), span('s'), msgStart('m1'), content('m1', 'done'), msgEnd('m1'), msgStart('m2'), content('m2', 'a'))
    const first = store.getState().blocks[0]!.messages[0]
    feed(store, content('m2', 'b'))
    expect(store.getState().blocks[0]!.messages[0]).toBe(first)
  })
})
