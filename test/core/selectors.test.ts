import { describe, expect, it } from 'vitest'
import {
  getBlockDuration, headlineOf, isEncryptedOnly, projectBlock, selectActiveBlock, selectBlocksBefore, selectBlocksForRun,
  selectAnsweredBlockIds, selectStreamStatus, selectSummary,
} from '../../src/core/index'
import { blocksBefore } from '../../src/core/selectors'
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
