import { describe, expect, it } from 'vitest'
import { formatCount, formatDuration, formatPercent, formatTokenCount } from '../../../src/react/state/labels'

/** Whether every digit of `text` is one of `digits`, and there is at least one. */
const writtenIn = (text: string, digits: string) => /\p{Nd}/u.test(text) && [...text].every((c) => !/\p{Nd}/u.test(c) || digits.includes(c))

const LATIN = '0123456789'
const ARABIC_INDIC = '٠١٢٣٤٥٦٧٨٩'
const PERSIAN = '۰۱۲۳۴۵۶۷۸۹'
const DEVANAGARI = '०१२३४५६७८९'

describe('numbers in one numbering system per locale, whatever the engine', () => {
  it('given `ar`, should write Latin digits (CLDR’s default), in counts, percentages, token counts and durations', () => {
    expect(formatCount(1234, 'ar')).toBe('1,234')
    expect(writtenIn(formatPercent(0.82, 'ar'), LATIN)).toBe(true)
    expect(writtenIn(formatTokenCount(12_345, 'ar'), LATIN)).toBe(true)
    expect(writtenIn(formatDuration(65_000, 'ar'), LATIN)).toBe(true)
    expect(writtenIn(formatDuration(4_000, 'ar', 'narrow'), LATIN)).toBe(true)
  })

  it('given `ar-u-nu-arab` or `ar-EG`, should write Arabic-Indic digits everywhere', () => {
    for (const locale of ['ar-u-nu-arab', 'ar-EG']) {
      expect(formatCount(1234, locale)).toBe('١٬٢٣٤')
      expect(writtenIn(formatPercent(0.82, locale), ARABIC_INDIC)).toBe(true)
      expect(writtenIn(formatTokenCount(12_345, locale), ARABIC_INDIC)).toBe(true)
      expect(writtenIn(formatDuration(3_725_000, locale), ARABIC_INDIC)).toBe(true)
    }
  })

  it('given `fa`, should write Persian digits; given `ne`, Devanagari', () => {
    expect(formatCount(1234, 'fa')).toBe('۱٬۲۳۴')
    expect(writtenIn(formatDuration(12_000, 'fa'), PERSIAN)).toBe(true)
    expect(writtenIn(formatCount(1234, 'ne'), DEVANAGARI)).toBe(true)
  })

  it('given a POSIX locale, should still group digits as English does', () => {
    expect(formatCount(1234, 'en-US-u-va-posix')).toBe('1,234')
  })

  it('given no locale, should format in the runtime’s language without throwing', () => {
    expect(formatCount(1234)).toMatch(/\p{Nd}/u)
    expect(formatDuration(12_000)).toMatch(/\p{Nd}/u)
  })
})
