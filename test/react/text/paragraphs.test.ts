import v8 from 'node:v8'
import vm from 'node:vm'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { splitParagraphs, type Paragraphs } from 'reasoning-ui'
import { sliceOf, split, type Lineage } from '../../../src/react/text/paragraphs'

const tail = (p: Paragraphs) => p.text.slice(p.tailStart)

describe('splitParagraphs', () => {
  it('given text with blank lines, should finish every paragraph but the last', () => {
    const p = splitParagraphs('**Plan**\n\nFirst.\n\nSecond')
    expect(p.done).toEqual(['**Plan**', 'First.'])
    expect(tail(p)).toBe('Second')
  })

  it('given runs of blank lines, should drop the empty paragraphs', () => {
    expect(splitParagraphs('a\n\n\n\nb\n\n').done).toEqual(['a', 'b'])
  })

  it('given a fenced code block with a blank line inside, should keep it one paragraph', () => {
    const p = splitParagraphs('Try:\n\n```js\nconst a = 1\n\nconst b = 2\n```\n\nDone')
    expect(p.done).toEqual(['Try:', '```js\nconst a = 1\n\nconst b = 2\n```'])
    expect(tail(p)).toBe('Done')
  })

  it('given a fence still open while it streams, should keep everything after it in the tail', () => {
    const p = splitParagraphs('Try:\n\n```js\nconst a = 1\n\nconst b')
    expect(p.done).toEqual(['Try:'])
    expect(tail(p)).toBe('```js\nconst a = 1\n\nconst b')
  })

  it('given a ``` line inside a ~~~ block or a longer fence, should not take it for the end of the block', () => {
    expect(splitParagraphs('~~~md\n```\n\nstill code\n~~~\n\nDone').done).toEqual(['~~~md\n```\n\nstill code\n~~~'])
    expect(splitParagraphs('````\n```\n\nstill code\n````\n\nDone').done).toEqual(['````\n```\n\nstill code\n````'])
  })

  it('given inline code of three backticks, should not take it for a fence', () => {
    expect(splitParagraphs('```a``` is code\n\nNext\n\nLast').done).toEqual(['```a``` is code', 'Next'])
  })

  it('given an appended delta, should keep the finished paragraph strings of the previous split', () => {
    const first = splitParagraphs('One.\n\nTwo')
    const second = splitParagraphs('One.\n\nTwo and more', first)
    expect(second.done).toBe(first.done)
    const third = splitParagraphs('One.\n\nTwo and more.\n\nThree', second)
    expect(third.done[0]).toBe(first.done[0])
  })

  it('given a text that does not extend the previous one, should split from scratch', () => {
    const first = splitParagraphs('Old.\n\nText')
    expect(splitParagraphs('New.\n\nWords', first).done).toEqual(['New.'])
  })

  it('should split incrementally exactly as from scratch, however the text is cut into deltas', () => {
    const piece = fc.constantFrom('a', 'b ', '\n', '\n\n', '```', '~~~', '````', '**', 'x\n\ny', ' ')
    fc.assert(
      fc.property(fc.array(fc.array(piece, { maxLength: 6 }).map((p) => p.join('')), { maxLength: 30 }), (deltas) => {
        let text = ''
        let p = splitParagraphs('')
        for (const d of deltas) {
          text += d
          p = splitParagraphs(text, p)
        }
        const scratch = splitParagraphs(text)
        expect(p.done).toEqual(scratch.done)
        expect(tail(p)).toBe(tail(scratch))
        // Nothing is lost: every non-blank character is in a paragraph or the tail.
        const kept = [...p.done, tail(p)].join('').replace(/\s/g, '')
        expect(kept).toBe(text.replace(/\s/g, ''))
      }),
      { numRuns: 500 },
    )
  })
})

describe('the paragraphs a lineage shares', () => {
  const doneOf = (paragraphs: Lineage): string[] => paragraphs.log.slice(0, paragraphs.count)

  it('given a text that streams paragraph after paragraph, should append each to one log, not copy the ones before', () => {
    let text = 'First.\n\n'
    const first = split(text)
    let paragraphs = first
    for (let i = 0; i < 100; i++) {
      text += `Paragraph ${i}.\n\n`
      paragraphs = split(text, paragraphs)
    }
    expect(paragraphs.count).toBe(101)
    expect(paragraphs.log).toBe(first.log)
    // The first split still has its one paragraph, however many the log has since.
    expect(doneOf(first)).toEqual(['First.'])
  })

  it('given an earlier split continued again (a render React discarded, a second reader), should give every split its own paragraphs and change none before', () => {
    const piece = fc.constantFrom('a', 'b ', '\n', '\n\n', '```', '**', 'x\n\ny', ' ')
    const delta = fc.array(piece, { minLength: 1, maxLength: 6 }).map((p) => p.join(''))
    fc.assert(
      fc.property(fc.array(fc.tuple(delta, fc.nat()), { maxLength: 24 }), (steps) => {
        const splits = [{ text: '', paragraphs: split(''), done: [] as string[] }]
        for (const [more, pick] of steps) {
          const from = splits[pick % splits.length]!
          const text = from.text + more
          const paragraphs = split(text, from.paragraphs)
          expect(doneOf(paragraphs)).toEqual(doneOf(split(text)))
          splits.push({ text, paragraphs, done: doneOf(paragraphs) })
          for (const before of splits) expect(doneOf(before.paragraphs)).toEqual(before.done)
        }
      }),
      { numRuns: 300 },
    )
  })

  it('given markdown lists and code streamed in any deltas, should end each paragraph where a split of the whole text does (a blank line a list goes on across)', () => {
    // A line after a blank line may yet become a list item ("0" before its "."): until it can no
    // longer, the paragraph above stays open (found by markdown-defects.test.tsx's property:
    // "1. \n| a | 0 |\n|---|---|\n| 0 | a |\n\n0." streamed a character at a time split after the table).
    const piece = fc.constantFrom('1', '0', '12', '.', ')', '-', '+', '*', ' ', '\t', 'a', 'x.', '\n', '\n\n', '1. ', '- ', '    ', '| a |', '```')
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 30 }), fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 8 }), (pieces, sizes) => {
        const text = pieces.join('')
        let paragraphs = split('', undefined, undefined, true)
        for (let at = 0, i = 0; at < text.length; i++) {
          at = Math.min(text.length, at + sizes[i % sizes.length]!)
          paragraphs = split(text.slice(0, at), paragraphs, undefined, true)
          expect(doneOf(paragraphs), JSON.stringify(text.slice(0, at))).toEqual(doneOf(split(text.slice(0, at), undefined, undefined, true)))
        }
      }),
      { numRuns: 500 },
    )
  })

  it("given an app's paragraphs continued twice, should never change the paragraphs it holds", () => {
    const first = splitParagraphs('One.\n\nTwo')
    const second = splitParagraphs('One.\n\nTwo.\n\nThree', first)
    const again = splitParagraphs('One.\n\nTwo and.\n\nFour', first)
    const third = splitParagraphs('One.\n\nTwo.\n\nThree.\n\nFive', second)
    expect(first.done).toEqual(['One.'])
    expect(second.done).toEqual(['One.', 'Two.'])
    expect(again.done).toEqual(['One.', 'Two and.'])
    expect(third.done).toEqual(['One.', 'Two.', 'Three.'])
  })
})

describe('memory', () => {
  it('given a text that is a new string each update (as a store hands it over), the finished paragraphs should hold about their own size, not a copy of the whole text per update', () => {
    // A sliced string keeps its whole parent alive in V8; this counts what the paragraphs keep after a GC.
    v8.setFlagsFromString('--expose-gc')
    const gc = vm.runInNewContext('gc') as () => void
    const paragraph = 'The running total still holds after the change. '.repeat(10)
    let text = ''
    let split = splitParagraphs('')
    gc()
    const before = process.memoryUsage().heapUsed
    for (let i = 0; i < 1_000; i++) {
      text += `${paragraph}\n\n`
      // A reader flattens the grown text (any character access does): a new flat string per update.
      text.indexOf('\n\n', text.length - 10)
      split = splitParagraphs(text, split)
    }
    gc()
    const kept = process.memoryUsage().heapUsed - before
    const size = 1_000 * paragraph.length
    expect(split.done).toHaveLength(1_000)
    // The last text and the paragraphs: about 2 × 0.5 MB. Slices of each update's text kept about 250 MB.
    expect(kept).toBeLessThan(20 * size)
  })

  it('given a finished text, its paragraphs as slices of it (sliceOf) should hold little beside the text, where their own copies hold its size again', () => {
    v8.setFlagsFromString('--expose-gc')
    const gc = vm.runInNewContext('gc') as () => void
    const paragraph = 'The running total still holds after the change. '.repeat(10)
    // 4.8 MB: what the heap does beside (compiled code, caches: up to 300 KB) is small against it.
    const text = Array.from({ length: 10_000 }, (_, i) => `${paragraph}${i}`).join('\n\n')
    const { done } = splitParagraphs(text)
    expect(done).toHaveLength(9_999)
    // Compiled and warm before the measure.
    sliceOf('one\n\ntwo', ['one'])
    gc()
    const before = process.memoryUsage().heapUsed
    const sliced = sliceOf(text, done)
    gc()
    const grew = process.memoryUsage().heapUsed - before
    expect(sliced).toEqual(text.split('\n\n').slice(0, 9_999))
    // 9,999 slices are a few dozen bytes each; copies would be the text's size again (4.8 MB).
    expect(grew).toBeLessThan(0.2 * text.length)
  })

  it('given paragraphs not found in the text in order, should keep those as they are', () => {
    expect(sliceOf('one\n\ntwo', ['one', 'three', 'two'])).toEqual(['one', 'three', 'two'])
  })
})
