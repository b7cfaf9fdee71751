import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { splitParagraphs, type Paragraphs } from 'reasoning-ui'

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
    const piece = fc.constantFrom('a', 'b ', '\n', '\n\n', '```', '**', 'x\n\ny', ' ')
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
