import { describe, expect, it } from 'vitest'
import { headingsOf, scanHeadings, type HeadingScan } from '../../src/core/headings'

describe('scanHeadings', () => {
  const text = '**One**\nsome text\n## Two\nmore\n**Three**'

  it('while streaming, counts complete lines only; once ended, the whole text', () => {
    expect(scanHeadings(text, true).headings).toEqual(['One', 'Two'])
    expect(scanHeadings(text, false).headings).toEqual(headingsOf(text))
  })

  it('grown a delta at a time, ends with the headings of the whole text', () => {
    let scan: HeadingScan | undefined
    for (let i = 1; i <= text.length; i++) scan = scanHeadings(text.slice(0, i), true, scan)
    expect(scanHeadings(text, false, scan).headings).toEqual(['One', 'Two', 'Three'])
  })

  it('rescans when the text does not continue the previous one, or the previous one had ended', () => {
    const before = scanHeadings('**Old**\n', true)
    expect(scanHeadings('## New\nx\n', true, before).headings).toEqual(['New'])
    const ended = scanHeadings('**A**', false)
    expect(scanHeadings('**A** went on\n## B\n', true, ended).headings).toEqual(['B'])
  })
})
