import { describe, expect, it, vi } from 'vitest'
import {
  getBlockDuration, headlineOf, isEncryptedOnly, projectBlock, selectActiveBlock, selectBlocksBefore, selectBlocksForRun,
  selectAnsweredBlockIds, selectStreamStatus, selectSummary,
} from '../../src/core/index'
import { blocksBefore, lastTitleOf } from '../../src/core/selectors'
import type { ReasoningBlock } from '../../src/core/model'
import fc from 'fast-check'
import v8 from 'node:v8'
import vm from 'node:vm'
import { chunk, content, encrypted, feed, msgEnd, msgStart, run, runDone, span, spanEnd, testStore, text, ui } from '../helpers/events'

const SECRET = 'RAW-SECRET-MARKER'

function richBlock() {
  const store = testStore()
  feed(store, run(), span('s', ui({ conclusion: 'Twelve chickens', confidence: 0.9 })),
    msgStart('sum', ui({ kind: 'summary' })), content('sum', 'We count legs.'), msgEnd('sum'),
    msgStart('raw'), content('raw', `**Setting up equations**\nc + r = 20 ${SECRET}\n**Solving**\nr = 8`), msgEnd('raw'),
    msgStart('sig', ui({ signature: 'SIG-MARKER' })), content('sig', 'x'), encrypted('sig', 'ENC-MARKER'), msgEnd('sig'),
    spanEnd('s'))
  return store.getState().blocks[0]!
}

describe('selectStreamStatus', () => {
  it('should follow a stream from idle to complete', () => {
    const store = testStore()
    expect(selectStreamStatus(store.getState())).toBe('idle')
    feed(store, run())
    expect(selectStreamStatus(store.getState())).toBe('reasoning')
    feed(store, msgStart('m'), content('m', 'x'))
    expect(selectStreamStatus(store.getState())).toBe('reasoning')
    feed(store, msgEnd('m'), { type: 'TEXT_MESSAGE_START', messageId: 'a', role: 'assistant' })
    expect(selectStreamStatus(store.getState())).toBe('answering')
    feed(store, { type: 'TEXT_MESSAGE_END', messageId: 'a' }, runDone())
    expect(selectStreamStatus(store.getState())).toBe('complete')
  })

  it('given a run error or a failed transport, should be error', () => {
    const a = testStore()
    feed(a, run(), { type: 'RUN_ERROR', message: 'x' })
    expect(selectStreamStatus(a.getState())).toBe('error')
    const b = testStore()
    feed(b, run(), chunk('c', 'x'))
    b.streamEnded(new Error('reset'))
    expect(selectStreamStatus(b.getState())).toBe('error')
  })
})

describe('block selectors', () => {
  it('selectActiveBlock should give the newest streaming block', () => {
    const store = testStore()
    feed(store, run(), msgStart('a'), msgEnd('a'), msgStart('b'))
    expect(selectActiveBlock(store.getState())?.id).toBe('b')
    feed(store, msgEnd('b'))
    expect(selectActiveBlock(store.getState())).toBeUndefined()
  })

  it('selectBlocksForRun should give the blocks of one run', () => {
    const store = testStore()
    feed(store, run('r1'), chunk('a', 'x'), runDone('r1'), run('r2'), chunk('b', 'y'), runDone('r2'))
    expect(selectBlocksForRun(store.getState(), 'r2').map((b) => b.id)).toEqual(['b'])
  })

  it('selectBlocksBefore should give the reasoning that led to one answer', () => {
    const store = testStore()
    feed(store, run(), chunk('r-a', 'x'), text('answer-1'), chunk('r-b', 'y'), chunk('r-c', 'z'), text('answer-2'))
    expect(selectBlocksBefore(store.getState(), 'answer-1').map((b) => b.id)).toEqual(['r-a'])
    expect(selectBlocksBefore(store.getState(), 'answer-2').map((b) => b.id)).toEqual(['r-b', 'r-c'])
    expect(selectBlocksBefore(store.getState(), 'unknown')).toEqual([])
  })

  it('selectBlocksBefore should count from the previous answer only, past other text messages, in block order', () => {
    const store = testStore()
    feed(store, run(), chunk('r-a', 'x'), text('answer-1'), chunk('r-b', 'y'),
      { type: 'TEXT_MESSAGE_START', messageId: 'note', role: 'user' }, { type: 'TEXT_MESSAGE_END', messageId: 'note' },
      chunk('r-c', 'z'), text('answer-2'))
    const state = store.getState()
    expect(selectBlocksBefore(state, 'note').map((b) => b.id)).toEqual(['r-b'])
    expect(selectBlocksBefore(state, 'answer-2').map((b) => b.id)).toEqual(['r-b', 'r-c'])
  })

  it('selectBlocksBefore should give the caller an array of its own; the components\' lookup one array per state and answer', () => {
    const store = testStore()
    feed(store, run(), chunk('r-a', 'x'), text('answer-1'))
    const state = store.getState()
    const mine = selectBlocksBefore(state, 'answer-1')
    mine.length = 0
    expect(selectBlocksBefore(state, 'answer-1').map((b) => b.id)).toEqual(['r-a'])
    // Shared by every stream of a chat that asks on the same state.
    expect(blocksBefore(state, 'answer-1')).toBe(blocksBefore(state, 'answer-1'))
    expect(blocksBefore(state, 'unknown')).toEqual([])
  })

  it('selectAnsweredBlockIds should name the blocks an assistant answer started after', () => {
    const store = testStore()
    feed(store, run(), span('a'), spanEnd('a'), text('t1'), span('b'), spanEnd('b'))
    expect([...selectAnsweredBlockIds(store.getState())]).toEqual(['a'])
    feed(store, text('t2'))
    expect(selectAnsweredBlockIds(store.getState())).toEqual(new Set(['a', 'b']))
    expect(selectAnsweredBlockIds(store.getState())).toBe(selectAnsweredBlockIds(store.getState()))
  })

  it('selectAnsweredBlockIds should give the same set while only reasoning text grows (a long history\'s deltas)', () => {
    const store = testStore()
    feed(store, run(), span('a'), spanEnd('a'), text('t1'), span('b'), msgStart('b1'), content('b1', 'one'))
    const before = store.getState()
    feed(store, content('b1', ' two'))
    expect(store.getState()).not.toBe(before)
    expect(selectAnsweredBlockIds(store.getState())).toBe(selectAnsweredBlockIds(before))
    feed(store, msgEnd('b1'), spanEnd('b'), text('t2'))
    expect(selectAnsweredBlockIds(store.getState())).toEqual(new Set(['a', 'b']))
  })

  it('getBlockDuration should count up while streaming and stop at the end', () => {
    const store = testStore(1_000)
    feed(store, run(), msgStart('m'))
    expect(getBlockDuration(store.getState().blocks[0]!, 4_000)).toBe(3_000)
    store.clock.now = 13_000
    feed(store, msgEnd('m'))
    expect(getBlockDuration(store.getState().blocks[0]!, 99_000)).toBe(12_000)
  })

  it('given reasoning marked hidden (nothing to send back), isEncryptedOnly should hold without a value; a non-boolean mark is a diagnostic', () => {
    const store = testStore()
    feed(store, run(), span('s'), msgStart('h', ui({ hidden: true })), msgEnd('h'), spanEnd('s'),
      span('t'), msgStart('x', ui({ hidden: 'yes' })), content('x', 'visible'), msgEnd('x'), spanEnd('t'))
    const [hidden, plain] = store.getState().blocks
    expect(hidden).toMatchObject({ encrypted: true })
    expect(isEncryptedOnly(hidden!)).toBe(true)
    expect(hidden!.messages[0]!.encryptedValue).toBeUndefined()
    expect(plain).toMatchObject({ encrypted: false })
    expect(store.getState().diagnostics.map((d) => d.code)).toEqual(['malformed-field'])
  })

  it('isEncryptedOnly should hold only for encrypted blocks without visible text', () => {
    const store = testStore()
    feed(store, run(), msgStart('hidden'), encrypted('hidden', 'e'), msgEnd('hidden'), msgStart('shown'), content('shown', 'hi'), encrypted('shown', 'e'), msgEnd('shown'))
    expect(store.getState().blocks.map(isEncryptedOnly)).toEqual([true, false])
  })
})

describe('selectSummary', () => {
  it('given provider summary messages, should use them and list the titles', () => {
    const summary = selectSummary(richBlock())
    expect(summary.source).toBe('provider')
    expect(summary.text).toBe('We count legs.')
    expect(summary.titles).toEqual(['Setting up equations', 'Solving'])
  })

  it('given only headings and step titles, should fall back to the titles', () => {
    const store = testStore()
    feed(store, run(), span('s'), msgStart('st', ui({ kind: 'step', title: 'Check the units' })), msgEnd('st'),
      msgStart('t'), content('t', '## Compare options\nbody'), msgEnd('t'), spanEnd('s'))
    expect(selectSummary(store.getState().blocks[0]!)).toEqual({ source: 'titles', titles: ['Check the units', 'Compare options'] })
  })

  it('given plain text, should say there is no summary', () => {
    const store = testStore()
    feed(store, run(), chunk('c', 'just thinking'), runDone())
    expect(selectSummary(store.getState().blocks[0]!)).toEqual({ source: 'none', titles: [] })
  })

  /** The titles as the summary defines them, worked out from scratch: the block's title, then each message's title and headings, each once. */
  const titlesFromScratch = (block: ReasoningBlock) => {
    const all = [block.meta?.title, ...block.messages.flatMap((m) => [m.meta?.title, ...m.headings])].map((t) => t?.trim()).filter((t): t is string => !!t)
    return [...new Set(all)]
  }

  it('given a text whose headings stream in, state after state, should give every state its own titles and its newest, old states read again included', () => {
    const store = testStore()
    feed(store, run(), span('s'), msgStart('m'))
    const states: ReasoningBlock[] = []
    // Headings that repeat, some in one delta, read at every state as a panel does at every frame.
    const sections = ['Plan', 'Check', 'Plan', 'Sum', 'Check', 'Plan', 'Verify', 'Sum', 'Done']
    sections.forEach((title, i) => {
      feed(store, content('m', `**${title}**\nbody ${i}\n\n${i % 3 === 0 ? `## Extra ${i}\nmore\n\n` : ''}`))
      const block = store.getState().blocks[0]!
      states.push(block)
      expect(lastTitleOf(selectSummary(block))).toBe(titlesFromScratch(block).at(-1))
    })
    feed(store, content('m', '**Last line as a heading**'), msgEnd('m'), spanEnd('s'))
    states.push(store.getState().blocks[0]!)
    // Every state's titles, the oldest read last (its headings' titles were taken over by later ones).
    for (const block of [...states].reverse()) {
      expect(selectSummary(block).titles).toEqual(titlesFromScratch(block))
      expect(lastTitleOf(selectSummary(block))).toBe(titlesFromScratch(block).at(-1))
    }
    expect(selectSummary(states.at(-1)!).titles).toEqual(['Plan', 'Extra 0', 'Check', 'Sum', 'Extra 3', 'Verify', 'Extra 6', 'Done', 'Last line as a heading'])
    // The newest while streaming: a repeated heading is no newer title (Plan came before Check).
    expect(headlineOf(projectBlock(states[4]!, 'full'))).toBe('Extra 3')
  })

  it('given a heading at every state of a long text, should read each heading once, not all of them at every state', () => {
    const store = testStore()
    feed(store, run(), span('s'), msgStart('m'))
    const trim = vi.spyOn(String.prototype, 'trim')
    let calls = 0
    for (let i = 0; i < 500; i++) {
      feed(store, content('m', `**Section ${i}**\nbody\n\n`))
      const block = store.getState().blocks[0]!
      trim.mockClear()
      expect(headlineOf(projectBlock(block, 'full'))).toBe(`Section ${i}`)
      calls += trim.mock.calls.length
    }
    trim.mockRestore()
    // Worked out from scratch at each state, 125,250 headings in all.
    expect(calls).toBeLessThan(3 * 500)
  })

  it('given a heading at every state of a long text, should keep no earlier copy of its headings alive', () => {
    v8.setFlagsFromString('--expose-gc')
    const gc = vm.runInNewContext('gc') as () => void
    const store = testStore()
    feed(store, run(), span('s'), msgStart('m'))
    gc()
    const before = process.memoryUsage().heapUsed
    for (let i = 0; i < 3_000; i++) {
      feed(store, content('m', `**Section ${i}**\nbody\n\n`))
      expect(headlineOf(projectBlock(store.getState().blocks[0]!, 'full'))).toBe(`Section ${i}`)
    }
    gc()
    const bytes = process.memoryUsage().heapUsed - before
    expect(store.getState().blocks[0]!.messages[0]!.headings).toHaveLength(3_000)
    // Each state's copy of the headings linked to the one before kept all of them: 3,000 arrays of
    // up to 3,000 headings, about 50 MB. The text, its headings and their titles: well under 2 MB.
    expect(bytes).toBeLessThan(4_000_000)
  })

  it('given any block of titled messages with repeats and white space, should give the titles and their newest as worked out from scratch', () => {
    const title = fc.constantFrom('A', 'B', ' A ', 'C', '', '  ', 'D')
    fc.assert(
      fc.property(fc.option(title, { nil: undefined }), fc.array(fc.record({ title: fc.option(title, { nil: undefined }), headings: fc.array(title, { maxLength: 5 }) }), { maxLength: 4 }), (own, messages) => {
        const block = {
          id: 'b', origin: 'stream', status: 'streaming', encrypted: false,
          ...(own !== undefined && { meta: { title: own } }),
          messages: messages.map((m, i) => ({ id: `m${i}`, kind: 'text', text: 'x', status: 'streaming', headings: m.headings, ...(m.title !== undefined && { meta: { title: m.title } }) })),
        } as unknown as ReasoningBlock
        const expected = titlesFromScratch(block)
        // The newest first, before the list is made (then from the list).
        expect(lastTitleOf(selectSummary(block))).toBe(expected.at(-1))
        expect(selectSummary(block).titles).toEqual(expected)
        expect(lastTitleOf(selectSummary(block))).toBe(expected.at(-1))
        expect(selectSummary(block).source).toBe(expected.length > 0 ? 'titles' : 'none')
      }),
      { numRuns: 500 },
    )
  })
})

describe('projectBlock (the privacy boundary)', () => {
  const serialised = (level: 'none' | 'summary' | 'full') => JSON.stringify(projectBlock(richBlock(), level))

  it('given "none", should keep no reasoning or summary text and not be expandable', () => {
    const visible = projectBlock(richBlock(), 'none')
    expect(visible).toMatchObject({ visibility: 'none', expandable: false, messages: [] })
    expect(visible.title).toBeUndefined()
    expect(visible.summary).toBeUndefined()
    for (const marker of [SECRET, 'We count legs', 'Setting up', 'Twelve chickens', 'ENC-MARKER', 'SIG-MARKER']) {
      expect(serialised('none')).not.toContain(marker)
    }
  })

  it('given "summary", should keep the summary and titles but no raw text', () => {
    const visible = projectBlock(richBlock(), 'summary')
    expect(visible.summary?.text).toBe('We count legs.')
    expect(visible.outcome).toEqual({ conclusion: 'Twelve chickens', confidence: 0.9 })
    expect(visible.messages).toEqual([])
    for (const marker of [SECRET, 'ENC-MARKER', 'SIG-MARKER']) expect(serialised('summary')).not.toContain(marker)
  })

  it('given "full", should keep the text but never encrypted values or signatures', () => {
    const visible = projectBlock(richBlock(), 'full')
    expect(visible.messages.map((m) => m.kind)).toEqual(['summary', 'text', 'text'])
    expect(serialised('full')).toContain(SECRET)
    for (const marker of ['ENC-MARKER', 'SIG-MARKER']) expect(serialised('full')).not.toContain(marker)
  })

  it('given an encrypted-only block, should never be expandable', () => {
    const store = testStore()
    feed(store, run(), span('s', { encryptedContent: 'E' }), spanEnd('s'))
    expect(projectBlock(store.getState().blocks[0]!, 'full')).toMatchObject({ encryptedOnly: true, expandable: false })
  })

  it('should count steps as the open panel lists them: at full structured steps, else headings; at summary the titles; none under "none"', () => {
    const block = richBlock()
    expect(projectBlock(block, 'full').steps).toBe(2)
    // The summary level shows the provider summary, which has no sections.
    expect(projectBlock(block, 'summary').steps).toBe(0)
    expect(projectBlock(block, 'none').steps).toBe(0)
    const store = testStore()
    feed(store, run(), span('s'), msgStart('a', ui({ kind: 'step', stepType: 'analysis', title: 'Read' })), msgEnd('a'),
      msgStart('b', ui({ kind: 'step', stepType: 'reflection', title: 'Check' })), msgEnd('b'), msgStart('c', ui({ kind: 'step' })), msgEnd('c'), spanEnd('s'))
    const steps = store.getState().blocks[0]!
    expect(projectBlock(steps, 'full').steps).toBe(3)
    // Two titled steps are the two bullets the summary lists.
    expect(projectBlock(steps, 'summary').steps).toBe(2)
    expect(projectBlock(steps, 'summary').summary?.titles).toEqual(['Read', 'Check'])
  })

  it('should give the row its headline: the latest section title while streaming, the block title once ended, none at "none"', () => {
    const store = testStore()
    feed(store, run(), span('s'), msgStart('m'), content('m', '**Counting legs**\n\nTwo each.\n\n**Checking the total**\n\n'))
    expect(headlineOf(projectBlock(store.getState().blocks[0]!, 'full'))).toBe('Checking the total')
    expect(headlineOf(projectBlock(store.getState().blocks[0]!, 'summary'))).toBe('Checking the total')
    expect(headlineOf(projectBlock(store.getState().blocks[0]!, 'none'))).toBeUndefined()
    feed(store, msgEnd('m'), spanEnd('s'))
    expect(headlineOf(projectBlock(store.getState().blocks[0]!, 'full'))).toBe('Counting legs')
    expect(headlineOf(projectBlock(store.getState().blocks[0]!, 'none'))).toBeUndefined()
  })

  it('should keep its identity while the block does', () => {
    const block = richBlock()
    expect(projectBlock(block, 'full')).toBe(projectBlock(block, 'full'))
  })
})
