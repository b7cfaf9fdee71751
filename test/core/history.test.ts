import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Message } from '@ag-ui/core'
import { MessageSchema, ReasoningMessageSchema, RunAgentInputSchema } from '@ag-ui/core/schemas'
import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import {
  createReasoningStore, getBlockDuration, projectBlock, selectBlocksBefore, toReasoningMessages, type ReasoningBlock, type ReasoningState,
} from '../../src/core/index'
import {
  chunk, codes, content, encrypted, feed, msgEnd, msgStart, run, runDone, span, spanEnd, testStore, text, ui,
} from '../helpers/events'

/**
 * Saving and restoring a conversation: `toReasoningMessages(state)` → JSON →
 * `MESSAGES_SNAPSHOT` into a fresh store gives the same blocks back.
 */

/** What a saved conversation must give back, block by block. */
function shape(block: ReasoningBlock) {
  return {
    id: block.id,
    status: block.status,
    startedAt: block.startedAt,
    endedAt: block.endedAt,
    title: block.title,
    meta: block.meta,
    encrypted: block.encrypted,
    encryptedValue: block.encryptedValue,
    encryptedValueType: block.encryptedValueType,
    subagentRunId: block.subagentRunId,
    messages: block.messages.map((m) => ({
      id: m.id,
      kind: m.kind,
      text: m.text,
      status: m.status,
      headings: m.headings,
      meta: m.meta,
      startedAt: m.startedAt,
      endedAt: m.endedAt,
      encryptedValue: m.encryptedValue,
      encryptedValueType: m.encryptedValueType,
    })),
  }
}

/** Saved anywhere (here: as JSON), then sent back as a snapshot into a fresh store. */
function restore(messages: unknown[], now = () => 9_999_999): ReasoningState {
  const store = createReasoningStore({ flush: 'sync', now })
  store.dispatch({ type: 'MESSAGES_SNAPSHOT', messages: JSON.parse(JSON.stringify(messages)) })
  return store.getState()
}

const roundTrip = (state: ReasoningState) => restore(toReasoningMessages(state))

describe('saving and restoring a conversation', () => {
  it('given a span with two timed messages, should restore one block with both, its timing and its messages\' timing', () => {
    const store = testStore()
    feed(store, run(), span('s1', { timestamp: 5_000 }), msgStart('m1', { timestamp: 5_100 }), content('m1', 'first'),
      msgEnd('m1', { timestamp: 9_000 }), msgStart('m2', { timestamp: 9_100 }), content('m2', 'second'),
      msgEnd('m2', { timestamp: 16_000 }), spanEnd('s1', { timestamp: 17_000 }), runDone())
    const restored = roundTrip(store.getState())
    expect(restored.blocks).toHaveLength(1)
    expect(shape(restored.blocks[0]!)).toEqual(shape(store.getState().blocks[0]!))
    expect(restored.blocks[0]).toMatchObject({ id: 's1', origin: 'snapshot', status: 'complete', startedAt: 5_000, endedAt: 17_000 })
    expect(restored.diagnostics).toEqual([])
  })

  it('given summaries, steps with their fields and explicit titles, should restore their kinds, fields and titles', () => {
    const store = testStore()
    feed(store, run(), span('s1', ui({ title: 'Planning' })),
      msgStart('sum', ui({ kind: 'summary' })), content('sum', 'The short version.'), msgEnd('sum'),
      msgStart('st', ui({ kind: 'step', stepType: 'hypothesis', title: 'Try rabbits' })), content('st', 'Suppose 8 rabbits.'),
      msgEnd('st', ui({ conclusion: 'It fits', confidence: 0.8, keyFactors: ['legs', 'heads'] })),
      spanEnd('s1', ui({ conclusion: '8 rabbits', confidence: 0.9, keyFactors: ['56 legs'] })), runDone())
    const before = store.getState().blocks[0]!
    const after = roundTrip(store.getState()).blocks[0]!
    expect(shape(after)).toEqual(shape(before))
    expect(after.title).toBe('Planning')
    expect(after.messages.map((m) => m.kind)).toEqual(['summary', 'step'])
    expect(after.messages[1]!.meta).toEqual({ kind: 'step', stepType: 'hypothesis', title: 'Try rabbits', conclusion: 'It fits', confidence: 0.8, keyFactors: ['legs', 'heads'] })
    // Runs are not restored: the restored store has none.
    expect(projectBlock(after, 'summary')).toEqual({ ...projectBlock(before, 'summary'), runId: undefined })
  })

  it('given a run cut off mid-span, should restore the block interrupted, not streaming, with its own end', () => {
    const store = testStore()
    feed(store, run(), span('s1'), msgStart('m1'), content('m1', 'half a thou'))
    store.clock.now = 4_000
    store.streamEnded()
    const before = store.getState().blocks[0]!
    expect(before).toMatchObject({ status: 'interrupted', startedAt: 1_000, endedAt: 4_000 })
    expect(shape(roundTrip(store.getState()).blocks[0]!)).toEqual(shape(before))
  })

  it('given a block saved while it streamed, should restore it interrupted, without an end or a duration', () => {
    const store = testStore()
    feed(store, run(), span('s1'), msgStart('m1'), content('m1', 'still going'))
    const after = roundTrip(store.getState()).blocks[0]!
    expect(after).toMatchObject({ status: 'interrupted', startedAt: 1_000 })
    expect(after.endedAt).toBeUndefined()
    expect(after.messages[0]).toMatchObject({ status: 'interrupted', text: 'still going' })
  })

  it('given encrypted values with their types, on messages and on a span, should restore them where they were', () => {
    const store = testStore()
    feed(store, run(), span('s1', { encryptedContent: 'span-blob' }), encrypted('s1', 'span-blob', { encryptedValueType: 'openai.reasoning' }),
      msgStart('m1'), content('m1', 'visible'), msgEnd('m1'), encrypted('m1', 'sig', { encryptedValueType: 'anthropic.signature' }),
      spanEnd('s1'), msgStart('r1'), msgEnd('r1'), encrypted('r1', 'redacted', { encryptedValueType: 'anthropic.redacted_thinking' }), runDone())
    const before = store.getState()
    const after = roundTrip(before)
    expect(after.blocks.map(shape)).toEqual(before.blocks.map(shape))
    expect(after.blocks[0]).toMatchObject({ encryptedValue: 'span-blob', encryptedValueType: 'openai.reasoning' })
    expect(after.blocks[0]!.messages.map((m) => m.id)).toEqual(['m1'])
  })

  it('given a span without messages, should restore it (a placeholder message stands for it)', () => {
    const store = testStore()
    feed(store, run(), span('s1', { timestamp: 1_000, ...ui({ title: 'Quiet' }) }), spanEnd('s1', { timestamp: 3_000 }), runDone())
    const saved = toReasoningMessages(store.getState())
    expect(saved).toEqual([{
      id: 's1', role: 'reasoning', content: '',
      metadata: { reasoningUi: { placeholder: true, block: { id: 's1', title: 'Quiet', startedAt: 1_000, endedAt: 3_000 } } },
    }])
    expect(restore(saved).blocks.map(shape)).toEqual(store.getState().blocks.map(shape))
  })

  it('given a subagent\'s span, should restore it under its subagent', () => {
    const store = testStore()
    feed(store, run(), span('s1', { subagentRunId: 'sa' }), msgStart('m1', { subagentRunId: 'sa' }), content('m1', 'x', { subagentRunId: 'sa' }),
      msgEnd('m1', { subagentRunId: 'sa' }), spanEnd('s1', { subagentRunId: 'sa' }), runDone())
    expect(roundTrip(store.getState()).blocks[0]).toMatchObject({ id: 's1', subagentRunId: 'sa' })
  })

  it("given several turns, should restore the snapshot's order: each turn's reasoning after its question, before its own answer", () => {
    const store = testStore()
    feed(store, run('r1'), span('s1'), msgStart('m1'), content('m1', 'one'), msgEnd('m1'), spanEnd('s1'), text('a1'), runDone('r1'),
      run('r2'), span('s2'), msgStart('m2'), content('m2', 'two'), msgEnd('m2'), spanEnd('s2'), text('a2'), runDone('r2'))
    const reasoning = toReasoningMessages(store.getState())
    const conversation = [
      { id: 'u1', role: 'user', content: 'q1' }, ...reasoning.slice(0, 1), { id: 'a1', role: 'assistant', content: 'answer' },
      { id: 'u2', role: 'user', content: 'q2' }, ...reasoning.slice(1), { id: 'a2', role: 'assistant', content: 'answer' },
    ]
    const restored = restore(conversation)
    expect(selectBlocksBefore(restored, 'a1').map((b) => b.id)).toEqual(['s1'])
    expect(selectBlocksBefore(restored, 'a2').map((b) => b.id)).toEqual(['s2'])
    expect(restored.timeline.map((e) => e.id)).toEqual(['u1', 's1', 'a1', 'u2', 's2', 'a2'])
  })

  it('given the saved messages, should give valid AG-UI messages that carry no reasoning text outside content', () => {
    const store = testStore()
    const secret = 'SECRET-RAW-TEXT'
    feed(store, run(), span('s1', ui({ title: 'Public title' })), msgStart('m1'), content('m1', `**Heading**\n${secret}`),
      msgEnd('m1', ui({ signature: 'sig' })), spanEnd('s1'), chunk('c1', `${secret} again`), runDone())
    const saved = toReasoningMessages(store.getState())
    for (const message of saved) {
      expect(ReasoningMessageSchema.safeParse(message).success).toBe(true)
      expect(MessageSchema.safeParse(message).success).toBe(true)
      expect(JSON.stringify(message.metadata)).not.toContain('SECRET')
      // Headings are derived from content again on restore: never copied.
      expect(JSON.stringify(message.metadata)).not.toContain('Heading')
    }
    expect(RunAgentInputSchema.safeParse({
      threadId: 't1', runId: 'r2', messages: saved, tools: [], context: [], state: {}, forwardedProps: {},
    }).success).toBe(true)
  })
})

describe('restoring messages without history', () => {
  it('given reasoning messages without metadata (older stores, other producers), should restore one untimed block per message', () => {
    const restored = restore([
      { id: 'u1', role: 'user', content: 'q' },
      { id: 'r1', role: 'reasoning', content: 'first' },
      { id: 'r2', role: 'reasoning', content: '', encryptedValue: 'blob' },
      { id: 'a1', role: 'assistant', content: 'answer' },
    ])
    expect(restored.blocks.map((b) => [b.id, b.origin, b.status, b.messages.map((m) => m.id)])).toEqual([
      ['r1', 'snapshot', 'complete', ['r1']],
      ['r2', 'snapshot', 'complete', ['r2']],
    ])
    expect(restored.blocks.every((b) => b.startedAt === undefined)).toBe(true)
    expect(restored.blocks[1]!.messages[0]!.encryptedValue).toBe('blob')
    expect(restored.diagnostics).toEqual([])
  })

  it('given malformed history, should report each bad field, keep the rest and never lose text', () => {
    const restored = restore([
      { id: 'm1', role: 'reasoning', content: 'kept', metadata: { reasoningUi: { startedAt: 'noon', status: 'paused', kind: 'step', block: { id: 's1', endedAt: [] } } } },
      { id: 'm2', role: 'reasoning', content: 'also kept', metadata: { reasoningUi: { block: { id: 42 } } } },
      { id: 'm3', role: 'reasoning', content: 'and this', metadata: { reasoningUi: 'nope' } },
      { id: 'm4', role: 'reasoning', content: 'this too', metadata: 7 },
    ])
    expect(restored.blocks.map((b) => [b.id, b.messages.map((m) => [m.id, m.text, m.kind])])).toEqual([
      ['s1', [['m1', 'kept', 'step']]],
      ['m2', [['m2', 'also kept', 'text']]],
      ['m3', [['m3', 'and this', 'text']]],
      ['m4', [['m4', 'this too', 'text']]],
    ])
    expect(restored.blocks[0]!.startedAt).toBeUndefined()
    expect(restored.blocks[0]!.endedAt).toBeUndefined()
    expect(restored.diagnostics.map((d) => d.code)).toEqual(Array(6).fill('malformed-field'))
    expect(restored.diagnostics.map((d) => d.message).join('\n')).toMatch(/startedAt[\s\S]*status[\s\S]*block\.endedAt[\s\S]*block\.id[\s\S]*must be an object[\s\S]*metadata must be an object/)
  })

  it('given history keys on events, should ignore them: events are timed by their timestamps', () => {
    const store = testStore()
    feed(store, run(), msgStart('m1', ui({ startedAt: 1, block: { id: 'elsewhere' }, kind: 'summary' })), msgEnd('m1'))
    expect(store.getState().blocks[0]).toMatchObject({ id: 'm1', startedAt: 1_000 })
    expect(store.getState().blocks[0]!.messages[0]!.meta).toEqual({ kind: 'summary' })
  })
})

describe('echoed into the store that made them', () => {
  it('given its own saved messages back in a snapshot, should reconcile by id: same blocks, same timing, no duplicates', () => {
    const store = testStore()
    feed(store, run(), span('s1'), msgStart('m1'), content('m1', 'a'), msgEnd('m1'), msgStart('m2'), content('m2', 'b'),
      msgEnd('m2'), spanEnd('s1'), text('a1'), runDone())
    store.clock.now = 50_000
    const before = store.getState()
    feed(store, { type: 'MESSAGES_SNAPSHOT', messages: [...toReasoningMessages(before), { id: 'a1', role: 'assistant', content: 'answer' }] })
    const after = store.getState()
    expect(after.blocks.map(shape)).toEqual(before.blocks.map(shape))
    expect(after.timeline.map((e) => e.id)).toEqual(['s1', 'a1'])
    expect(codes(store)).toEqual([])
  })

  it('given a saved message the store no longer has, should put it back into its block without extending the block', () => {
    const store = testStore()
    feed(store, run(), span('s1'), msgStart('m1'), msgEnd('m1'), msgStart('m2'), msgEnd('m2'), spanEnd('s1'), runDone())
    const saved = toReasoningMessages(store.getState())
    feed(store, { type: 'MESSAGES_SNAPSHOT', messages: saved.slice(0, 1) })
    expect(store.getState().blocks[0]!.messages.map((m) => m.id)).toEqual(['m1'])
    store.clock.now = 50_000
    feed(store, { type: 'MESSAGES_SNAPSHOT', messages: saved })
    expect(store.getState().blocks.map((b) => [b.id, b.messages.map((m) => m.id), b.endedAt])).toEqual([['s1', ['m1', 'm2'], 1_000]])
  })

  it('given a new message from another client after known ones, should place its block after them', () => {
    const store = testStore()
    feed(store, run(), msgStart('m1'), msgEnd('m1'), text('a1'), msgStart('m2'), msgEnd('m2'), runDone())
    const saved = toReasoningMessages(store.getState())
    const other = { id: 'x1', role: 'reasoning', content: 'from elsewhere' }
    feed(store, { type: 'MESSAGES_SNAPSHOT', messages: [saved[0], { id: 'a1', role: 'assistant', content: '' }, saved[1], other] })
    expect(store.getState().timeline.map((e) => e.id)).toEqual(['m1', 'a1', 'm2', 'x1'])
  })
})

// ---------------------------------------------------------------------------
// The property: any stream → saved → restored gives the same blocks.

const stepFields = fc.record(
  { stepType: fc.constantFrom('analysis', 'hypothesis'), conclusion: fc.string(), confidence: fc.double({ min: 0, max: 1, noNaN: true }), keyFactors: fc.array(fc.string(), { maxLength: 3 }) },
  { requiredKeys: [] },
)
const messageSpec = fc.record({
  kind: fc.constantFrom(undefined, 'text', 'summary', 'step'),
  title: fc.option(fc.string(), { nil: undefined }),
  step: fc.option(stepFields, { nil: undefined }),
  hidden: fc.boolean(),
  deltas: fc.array(fc.string({ unit: 'grapheme' }), { maxLength: 4 }),
  value: fc.option(fc.record({ value: fc.string(), type: fc.option(fc.string(), { nil: undefined }) }), { nil: undefined }),
  chunk: fc.boolean(),
})
const segmentSpec = fc.record({
  mode: fc.constantFrom('span', 'standalone'),
  title: fc.option(fc.string(), { nil: undefined }),
  outcome: fc.option(stepFields, { nil: undefined }),
  spanValue: fc.option(fc.record({ value: fc.string(), type: fc.option(fc.string(), { nil: undefined }) }), { nil: undefined }),
  sameId: fc.boolean(),
  messages: fc.array(messageSpec, { maxLength: 3 }),
  subagent: fc.boolean(),
  cut: fc.constantFrom('none', 'none', 'error', 'stream'),
  timestamps: fc.boolean(),
  answer: fc.boolean(),
})

type Segment = typeof segmentSpec extends fc.Arbitrary<infer T> ? T : never

function eventsOf(segments: Segment[]): (object | 'end of stream')[] {
  const events: (object | 'end of stream')[] = [run('r0')]
  let runs = 0
  let time = 100
  segments.forEach((seg, s) => {
    const lane = seg.subagent ? { subagentRunId: `sa${s}` } : {}
    const at = () => (seg.timestamps ? { timestamp: (time += 7) } : {})
    const spanId = `span${s}`
    const ids = seg.messages.map((_, m) => (seg.mode === 'span' && seg.sameId && m === 0 ? spanId : `m${s}-${m}`))
    if (seg.mode === 'span') {
      events.push(span(spanId, { ...lane, ...at(), ...(seg.title !== undefined && ui({ title: seg.title })) }))
      // A span shares its value with a message of its own id: only a span without one has a value of its own.
      if (seg.spanValue && !ids.includes(spanId)) {
        events.push(encrypted(spanId, seg.spanValue.value, seg.spanValue.type !== undefined ? { encryptedValueType: seg.spanValue.type } : {}))
      }
    }
    const list = seg.mode === 'span' ? seg.messages : seg.messages.slice(0, 1)
    list.forEach((m, i) => {
      const id = ids[i]!
      const meta = {
        ...(m.kind !== undefined && { kind: m.kind }), ...(m.title !== undefined && { title: m.title }),
        ...(m.kind === 'step' && m.step), ...(m.hidden && { hidden: true }),
      }
      const extra = { ...lane, ...(Object.keys(meta).length > 0 && ui(meta)) }
      if (m.chunk && seg.mode === 'standalone') {
        events.push(chunk(id, m.deltas[0] ?? 'x', { ...extra, ...at() }))
        m.deltas.slice(1).forEach((delta) => delta && events.push(chunk(id, delta, lane)))
      } else {
        events.push(msgStart(id, { ...extra, ...at() }))
        m.deltas.forEach((delta) => events.push(content(id, delta, lane)))
        if (!(seg.cut !== 'none' && i === list.length - 1)) events.push(msgEnd(id, { ...lane, ...at() }))
      }
      if (m.value) events.push(encrypted(id, m.value.value, m.value.type !== undefined ? { encryptedValueType: m.value.type } : {}))
    })
    if (seg.cut === 'error') {
      events.push({ type: 'RUN_ERROR', message: 'cut', ...at() }, run(`r${++runs}`))
      return
    }
    if (seg.cut === 'stream') {
      events.push('end of stream', run(`r${++runs}`))
      return
    }
    if (seg.mode === 'span') events.push(spanEnd(spanId, { ...lane, ...at(), ...(seg.outcome !== undefined && ui(seg.outcome)) }))
    if (seg.answer) events.push(...text(`a${s}`))
  })
  events.push(runDone(`r${runs}`))
  return events
}

describe('property: save and restore', () => {
  it('given any stream, the restored blocks equal the original ones, in order, and every saved message is valid AG-UI', () => {
    fc.assert(
      fc.property(fc.array(segmentSpec, { minLength: 1, maxLength: 5 }), (segments) => {
        let clock = 1_000
        const store = createReasoningStore({ flush: 'sync', now: () => (clock += 3) })
        for (const event of eventsOf(segments)) {
          if (event === 'end of stream') store.streamEnded()
          else store.dispatch(event)
        }
        const state = store.getState()
        const saved = toReasoningMessages(state)
        for (const message of saved) expect(MessageSchema.safeParse(message).success).toBe(true)
        expect(RunAgentInputSchema.safeParse({ threadId: 't', runId: 'next', messages: saved, tools: [], context: [], state: {}, forwardedProps: {} }).success).toBe(true)

        // The conversation as an app saves it: its answers, with each one's reasoning before it.
        const answers = state.timeline.filter((e) => e.kind === 'text')
        const conversation: Message[] = []
        let rest = saved
        for (const answer of answers) {
          const ids = new Set(selectBlocksBefore(state, answer.id).map((b) => b.id))
          conversation.push(...rest.filter((m) => ids.has(m.metadata!.reasoningUi.block.id)))
          rest = rest.filter((m) => !ids.has(m.metadata!.reasoningUi.block.id))
          conversation.push({ id: answer.id, role: 'assistant', content: 'answer' })
        }
        conversation.push(...rest)
        const restored = restore(conversation)

        expect(restored.diagnostics).toEqual([])
        expect(restored.blocks.map(shape)).toEqual(state.blocks.map(shape))
        expect(restored.timeline.map((e) => [e.kind, e.id])).toEqual(state.timeline.map((e) => [e.kind, e.id]))
        for (const block of state.blocks) {
          for (const level of ['none', 'summary', 'full'] as const) {
            const { runId: _a, ...before } = projectBlock(block, level)
            const { runId: _b, ...after } = projectBlock(restored.blocks.find((b) => b.id === block.id)!, level)
            expect(after).toEqual(before)
          }
        }
      }),
      { numRuns: 300 },
    )
  })
})

describe('the history example of docs/core.md', () => {
  const root = join(import.meta.dirname, '../..')

  it('should appear in docs/core.md verbatim', () => {
    const example = readFileSync(join(root, 'test/core/history-example.ts'), 'utf8')
    const region = example.split('// #region readme\n')[1]!.split('// #endregion')[0]!
    expect(readFileSync(join(root, 'docs/core.md'), 'utf8')).toContain('```ts\n' + region + '```')
  })

  it('should do what its comments say', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    const { live, saved, store } = await import('./history-example')
    log.mockRestore()
    const [block] = store.getState().blocks
    expect(block).toMatchObject({ id: 'span-1', status: 'complete', title: 'Counting legs', startedAt: 1_700_000_000_000, endedAt: 1_700_000_012_000 })
    expect(block!.messages.map((m) => `${m.id}:${m.kind}`)).toEqual(['m1:text', 's1:summary'])
    expect(getBlockDuration(block!)).toBe(12_000)
    expect(store.getState().blocks.map(shape)).toEqual(live.getState().blocks.map(shape))
    expect(store.getState().timeline.map((e) => e.id)).toEqual(['u1', 'span-1', 'a1'])
    expect(store.getState().diagnostics).toEqual([])
    expect((JSON.parse(saved) as { role: string }[]).map((m) => m.role)).toEqual(['user', 'reasoning', 'reasoning', 'assistant'])
  })
})
