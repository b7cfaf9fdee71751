/**
 * The store keeps each reasoning message's last 32-64 KB beside its text (`TextEnd`), so the panel
 * reads a live text only near its end: V8 copies a string built by appends whole at the first read
 * of its content, and a panel that read its text at each frame copied megabytes at each frame.
 */
import v8 from 'node:v8'
import vm from 'node:vm'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { projectBlock } from '../../src/core/visibility'
import { hasNonSpace, hasNonSpaceIn, RECENT_KEEP, textEndOf } from '../../src/core/text-end'
import { content, feed, msgEnd, msgStart, run, span, spanEnd, testStore } from '../helpers/events'

const part = (store: ReturnType<typeof testStore>) => store.getState().blocks[0]!.messages[0]!

describe("a reasoning message's end", () => {
  it('given deltas of any size, should always be the end of its text: at least its last 32 KB (all of a shorter one), never more than 64 KB, one lineage throughout', () => {
    const delta = fc.oneof(
      fc.string({ maxLength: 50 }),
      fc.integer({ min: 1, max: 3 * RECENT_KEEP }).map((n) => 'ab \n'.repeat(Math.ceil(n / 4)).slice(0, n)),
    )
    fc.assert(
      fc.property(fc.array(delta, { minLength: 1, maxLength: 12 }), (deltas) => {
        const store = testStore()
        feed(store, run(), span('s1'), msgStart('m1'))
        const lineage = textEndOf(part(store))!.lineage
        let text = ''
        for (const d of deltas) {
          feed(store, content('m1', d))
          text += d
          const message = part(store)
          const end = textEndOf(message)!
          expect(message.text).toBe(text)
          expect(end.lineage).toBe(lineage)
          expect(text.slice(end.at)).toBe(end.recent)
          expect(end.recent.length).toBeGreaterThanOrEqual(Math.min(RECENT_KEEP, text.length))
          expect(end.recent.length).toBeLessThanOrEqual(2 * RECENT_KEEP)
        }
      }),
      { numRuns: 60 },
    )
  })

  it('given a snapshot that replaces the text, should start a new lineage whose end is where the new text ends', () => {
    const store = testStore()
    feed(store, run(), span('s1'), msgStart('m1'), content('m1', 'draft'), msgEnd('m1'), spanEnd('s1'))
    const before = textEndOf(part(store))!
    feed(store, { type: 'MESSAGES_SNAPSHOT', messages: [{ id: 'm1', role: 'reasoning', content: 'final words' }] })
    const after = textEndOf(part(store))!
    expect(part(store).text).toBe('final words')
    expect(after.lineage).not.toBe(before.lineage)
    expect(after).toMatchObject({ at: 'final words'.length, recent: '' })
  })

  it('should be invisible to an app: not a key, not serialised, not compared, not copied by a spread', () => {
    const store = testStore()
    feed(store, run(), span('s1'), msgStart('m1'), content('m1', 'Some thought.'))
    const message = part(store)
    expect(textEndOf(message)?.recent).toBe('Some thought.')
    expect(Object.keys(message)).not.toContain('recent')
    expect(JSON.stringify(message)).not.toContain('lineage')
    expect(message).toEqual({ ...message })
    expect(textEndOf({ ...message })).toBeUndefined()
  })

  it('given an end that no longer fits the text (a copy with other text), should not be used', () => {
    const store = testStore()
    feed(store, run(), span('s1'), msgStart('m1'), content('m1', 'Some thought.'))
    const message = part(store)
    expect(textEndOf(Object.assign(Object.create(Object.getPrototypeOf(message) as object), message, { text: 'x' }))).toBeUndefined()
  })

  it("should reach the panel's messages through the visibility projection", () => {
    const store = testStore()
    feed(store, run(), span('s1'), msgStart('m1'), content('m1', 'Some thought.'))
    const visible = projectBlock(store.getState().blocks[0]!, 'full')
    expect(textEndOf(visible.messages[0]!)).toBe(textEndOf(part(store)))
  })
})

describe('hasNonSpace', () => {
  it('should find text in the end, and before it when the end is blank', () => {
    expect(hasNonSpaceIn('ab   ', { lineage: {}, at: 2, recent: '   ' })).toBe(true)
    expect(hasNonSpaceIn('     ', { lineage: {}, at: 2, recent: '   ' })).toBe(false)
    expect(hasNonSpaceIn('   ', { lineage: {}, at: 0, recent: '   ' })).toBe(false)
    expect(hasNonSpaceIn(' a ', undefined)).toBe(true)
    // An end that does not fit the text is not read.
    expect(hasNonSpaceIn('   ', { lineage: {}, at: 0, recent: 'x' })).toBe(false)
    const store = testStore()
    feed(store, run(), span('s1'), msgStart('m1'), content('m1', 'Thought.'), content('m1', ' '.repeat(3 * RECENT_KEEP)))
    expect(textEndOf(part(store))!.recent.trim()).toBe('')
    expect(hasNonSpace(part(store))).toBe(true)
  })

  it('given an end that claims text the whole text does not have, should answer from the end alone (it never reads the rest when the end has some)', () => {
    // The text is blank; its end (which fits its length) says otherwise: the end is what was read.
    expect(hasNonSpaceIn('      ', { lineage: {}, at: 3, recent: ' a ' })).toBe(true)
  })
})

describe('a finished message', () => {
  it('should keep only the last 256 characters of its end (a history of finished messages holds its text about once), and the same lineage', () => {
    const store = testStore()
    const text = 'A thought. '.repeat(100)
    feed(store, run(), span('s1'), msgStart('m1'), content('m1', text))
    const live = textEndOf(part(store))!
    expect(live.recent.length).toBe(1_100)
    feed(store, msgEnd('m1'), spanEnd('s1'))
    expect(textEndOf(part(store))).toEqual({ lineage: live.lineage, at: 1_100 - 256, recent: text.slice(-256) })
  })
})

describe("a message's text, streamed in tiny deltas", () => {
  it('should hold about its own size: the chain of appended pieces V8 keeps until a read is joined by the store', () => {
    v8.setFlagsFromString('--expose-gc')
    const gc = vm.runInNewContext('gc') as () => void
    const store = testStore()
    feed(store, run(), span('s1'), msgStart('m1'))
    gc()
    const before = process.memoryUsage().heapUsed
    const letters = 'abcdefghijklmnopqrstuvwxyz '
    for (let i = 0; i < 400_000; i++) feed(store, content('m1', letters[i % letters.length]!))
    gc()
    const held = process.memoryUsage().heapUsed - before
    expect(part(store).text).toHaveLength(400_000)
    // One byte a character, the end (at most 64 KB) and the chain since the last join (at most the
    // text again in its pieces): under 3x. Never joined, the chain was 35 bytes a character (14 MB).
    expect(held).toBeLessThan(3 * 400_000)
  })
})
