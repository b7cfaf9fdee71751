/**
 * The kit's tokenizer tries marked's setext-heading rule only where an underline line could
 * follow the text before the first blank line (markdown-parse.ts, `KitTokenizer`: the rule's
 * regular expression is slow in JavaScriptCore). That filter must never change a token: every
 * spec example, and random text built from what setext headings and their neighbours are made
 * of, lex to the same tokens with marked's own rule.
 */
import fc from 'fast-check'
import { Tokenizer } from 'marked'
import { afterEach, expect, it, vi } from 'vitest'
import { KitTokenizer, lex } from '../../../src/react/text/markdown-parse'
import commonmark from '../../fixtures/markdown-spec/commonmark-0.31.2.json'
import gfm from '../../fixtures/markdown-spec/gfm-0.29.json'
import cmarkGfm from '../../fixtures/markdown-spec/cmark-gfm-extensions.json'

afterEach(() => vi.restoreAllMocks())

/** `text`'s tokens with marked's own setext rule, then with the kit's filtered one. */
function bothWays(text: string) {
  const spy = vi.spyOn(KitTokenizer.prototype, 'lheading').mockImplementation(function (this: KitTokenizer, src: string) {
    return Tokenizer.prototype.lheading.call(this, src)
  })
  const stock = lex(text).tokens
  spy.mockRestore()
  return { stock, kit: lex(text).tokens }
}

it('should lex every spec example to the same tokens as marked does', () => {
  let headings = 0
  for (const { markdown } of [...commonmark, ...gfm, ...cmarkGfm] as { markdown: string }[]) {
    const { stock, kit } = bothWays(markdown)
    expect(kit, markdown).toEqual(stock)
    if (stock.some((t) => t.type === 'heading' && !t.raw.trimStart().startsWith('#'))) headings++
  }
  // The comparison met setext headings (control: the filter had something to let through).
  expect(headings).toBeGreaterThan(20)
})

it('should lex random text of underlines, blank lines and block starts to the same tokens as marked does', () => {
  const piece = fc.constantFrom('a', 'Title', ' ', '  ', '    ', '\t', '\n', '\n\n', '\n \n', '=', '===', '-', '---', '- ', '# ', '> ', '* ', '1. ', '```', '|', '| a |', '<div>', '\\', '*b*')
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 24 }), (pieces) => {
      const text = pieces.join('')
      const { stock, kit } = bothWays(text)
      expect(kit).toEqual(stock)
    }),
    { numRuns: 3_000 },
  )
})
