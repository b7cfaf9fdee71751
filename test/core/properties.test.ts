import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  createReasoningStore, projectBlock, selectStreamStatus, selectSummary, toReasoningMessages,
} from '../../src/core/index'
import { EVENT_TYPES } from '../helpers/hostile'

/** Events that look almost right: known types with a small id space and wrong-typed fields mixed in. */
const nearlyValidEvent = fc.record(
  {
    type: fc.constantFrom(...EVENT_TYPES),
    messageId: fc.oneof(fc.constantFrom('a', 'b', 'c', ''), fc.anything()),
    delta: fc.oneof(fc.string(), fc.anything()),
    role: fc.constantFrom('reasoning', 'assistant', 'user', 42),
    subagentRunId: fc.constantFrom('s1', 's2', null, 7),
    timestamp: fc.oneof(fc.integer(), fc.double(), fc.string()),
    entityId: fc.constantFrom('a', 'b', 'tc'),
    subtype: fc.constantFrom('message', 'tool-call', 'x'),
    encryptedValue: fc.oneof(fc.string(), fc.anything()),
    toolCallId: fc.constantFrom('tc', 'td'),
    messages: fc.array(fc.record({ id: fc.constantFrom('a', 'b', 'z'), role: fc.constantFrom('reasoning', 'assistant'), content: fc.anything() }, { requiredKeys: [] })),
    metadata: fc.anything(),
    title: fc.anything(),
  },
  { requiredKeys: ['type'] },
)

const anyInput = fc.oneof({ weight: 4, arbitrary: nearlyValidEvent }, { weight: 1, arbitrary: fc.anything() })

describe('properties', () => {
  it('given any sequence of values, valid or not, nothing the store offers ever throws', () => {
    fc.assert(
      fc.property(fc.array(anyInput, { maxLength: 60 }), fc.boolean(), (events, ended) => {
        const store = createReasoningStore({ flush: 'sync' })
        store.subscribe(() => store.getState())
        for (const event of events) store.dispatch(event)
        if (ended) store.streamEnded(new Error('cut'))
        const state = store.getState()
        toReasoningMessages(state)
        selectStreamStatus(state)
        for (const block of state.blocks) {
          selectSummary(block)
          for (const level of ['none', 'summary', 'full'] as const) projectBlock(block, level)
          expect(['streaming', 'complete', 'interrupted']).toContain(block.status)
        }
        if (ended) expect(state.blocks.every((b) => b.status !== 'streaming')).toBe(true)
      }),
      { numRuns: 400 },
    )
  })

  /** A well-formed stream: segments of spans with interleaved messages, chunk streams and standalone messages. */
  const deltas = (minLength: number) => fc.array(fc.string({ unit: 'grapheme', minLength }), { minLength: 1, maxLength: 6 })
  const segment = fc.oneof(
    fc.record({ mode: fc.constant('span' as const), messages: fc.array(deltas(0), { minLength: 0, maxLength: 3 }), order: fc.array(fc.nat(), { maxLength: 30 }) }),
    fc.record({ mode: fc.constant('chunk' as const), messages: fc.tuple(deltas(1)), idless: fc.boolean() }),
    fc.record({ mode: fc.constant('standalone' as const), messages: fc.tuple(deltas(0)) }),
  )
  const wellFormed = fc.record({
    segments: fc.array(segment, { minLength: 1, maxLength: 5 }),
    answerBetween: fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
  })

  it('given well-formed streams, every delta lands exactly once, in order, and every block completes', () => {
    fc.assert(
      fc.property(wellFormed, ({ segments, answerBetween }) => {
        const events: object[] = [{ type: 'RUN_STARTED', threadId: 't', runId: 'r' }]
        const expected = new Map<string, string>()
        const blockOrder: string[] = []
        segments.forEach((seg, s) => {
          const ids = seg.messages.map((_, m) => `m${s}-${m}`)
          seg.messages.forEach((d, m) => expected.set(ids[m]!, d.join('')))
          if (seg.mode === 'span') {
            blockOrder.push(`span${s}`)
            events.push({ type: 'REASONING_START', messageId: `span${s}` })
            // Interleave the messages' content while keeping each message's own order.
            const cursors = seg.messages.map(() => 0)
            ids.forEach((id) => events.push({ type: 'REASONING_MESSAGE_START', messageId: id, role: 'reasoning' }))
            let pick = 0
            const remaining = () => seg.messages.some((d, m) => cursors[m]! < d.length)
            while (remaining()) {
              const open = seg.messages.map((d, m) => (cursors[m]! < d.length ? m : -1)).filter((m) => m >= 0)
              const m = open[(seg.order[pick++] ?? 0) % open.length]!
              events.push({ type: 'REASONING_MESSAGE_CONTENT', messageId: ids[m], delta: seg.messages[m]![cursors[m]!++] })
            }
            ids.forEach((id) => events.push({ type: 'REASONING_MESSAGE_END', messageId: id }))
            events.push({ type: 'REASONING_END', messageId: `span${s}` })
          } else if (seg.mode === 'chunk') {
            blockOrder.push(ids[0]!)
            seg.messages[0].forEach((delta, i) => events.push({
              type: 'REASONING_MESSAGE_CHUNK', delta, ...((i === 0 || !seg.idless) && { messageId: ids[0] }),
            }))
          } else {
            blockOrder.push(ids[0]!)
            events.push({ type: 'REASONING_MESSAGE_START', messageId: ids[0], role: 'reasoning' })
            seg.messages[0].forEach((delta) => events.push({ type: 'REASONING_MESSAGE_CONTENT', messageId: ids[0], delta }))
            events.push({ type: 'REASONING_MESSAGE_END', messageId: ids[0] })
          }
          if (answerBetween[s]) {
            events.push({ type: 'TEXT_MESSAGE_START', messageId: `a${s}`, role: 'assistant' },
              { type: 'TEXT_MESSAGE_CONTENT', messageId: `a${s}`, delta: 'answer' }, { type: 'TEXT_MESSAGE_END', messageId: `a${s}` })
          }
        })
        events.push({ type: 'RUN_FINISHED', threadId: 't', runId: 'r' })

        const store = createReasoningStore({ flush: 'sync' })
        for (const event of events) store.dispatch(event)
        const state = store.getState()
        expect(state.diagnostics).toEqual([])
        expect(state.blocks.map((b) => b.id)).toEqual(blockOrder)
        expect(state.blocks.every((b) => b.status === 'complete')).toBe(true)
        // Placeholders stand for blocks (here: spans without messages), not for messages.
        const messages = toReasoningMessages(state).filter((m) => m.metadata?.reasoningUi?.placeholder !== true)
        const actual = new Map(messages.map((m) => [m.id, m.content]))
        expect(actual).toEqual(expected)
      }),
      { numRuns: 300 },
    )
  })

  it('given the same well-formed events delivered with state reads at random points, should end in the same state', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { minLength: 1, maxLength: 40 }), fc.array(fc.boolean(), { maxLength: 40 }), (parts, reads) => {
        const build = (readAt: boolean[]) => {
          // One clock for both builds: the messages carry their timing.
          const store = createReasoningStore({ flush: 'sync', now: () => 0 })
          store.dispatch({ type: 'RUN_STARTED', threadId: 't', runId: 'r' })
          store.dispatch({ type: 'REASONING_MESSAGE_START', messageId: 'm', role: 'reasoning' })
          parts.forEach((delta, i) => {
            store.dispatch({ type: 'REASONING_MESSAGE_CONTENT', messageId: 'm', delta })
            if (readAt[i]) store.getState()
          })
          return toReasoningMessages(store.getState())
        }
        expect(build(reads)).toEqual(build([]))
      }),
    )
  })
})
