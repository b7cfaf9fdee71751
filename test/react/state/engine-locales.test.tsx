/**
 * Locales as engines report them (issue 14). WebKit on a machine without a UTF-8 locale
 * reports `navigator.language` as "C" and its default format locale as `en-US-u-va-posix`;
 * `LANG` spells locales `C.UTF-8`, `POSIX`, `en_US.UTF-8`; WebKit's ICU gives `ar`
 * Arabic-Indic digits where CLDR (and the other engines) give Latin ones. Whatever of these
 * reaches the kit, as a prop, a provider's default or the runtime's, it formats the same way
 * in every engine: a POSIX name with no language as English, `ar` in Latin digits.
 */
import { render } from '@testing-library/react'
import { ReasoningPanel, ReasoningProvider, formatDuration, type ReasoningBlock } from 'reasoning-ui'
import { formattingLocale } from 'reasoning-ui/locales'
import { describe, expect, it } from 'vitest'
import { formatCount, formatTokenCount } from '../../../src/react/state/labels'
import { content, feed, msgEnd, msgStart, run, span, spanEnd, testStore } from '../../helpers/events'

const NO_LANGUAGE = ['C', 'POSIX', 'C.UTF-8', 'c.utf8', 'POSIX@euro', 'en-US-u-va-posix']

function block(): ReasoningBlock {
  const store = testStore(1_000)
  feed(store, run(), span('s1'), msgStart('m1'), content('m1', 'Step one.\n\n'), msgEnd('m1'))
  store.clock.now = 66_000
  feed(store, spanEnd('s1'))
  return store.getState().blocks[0]!
}

/** The header row's text: status ("Thought for 1 minute, 5 seconds") and the token count. */
function header(locale: string, via: 'prop' | 'provider'): string {
  const panel = <ReasoningPanel block={block()} tokens={12_345} {...(via === 'prop' && { locale })} />
  const { container, unmount } = render(via === 'provider' ? <ReasoningProvider locale={locale}>{panel}</ReasoningProvider> : panel)
  const text = [...container.querySelectorAll('[data-slot="reasoning-status"], [data-slot="reasoning-tokens"]')].map((e) => e.textContent).join(' | ')
  unmount()
  return text
}

describe('locales as engines and LANG spell them', () => {
  it('given a POSIX name with no language (C, POSIX, C.UTF-8) or WebKit’s en-US-u-va-posix, should format as English with Latin digits', () => {
    expect(formattingLocale('en-US-u-va-posix')).toBe('en-US-u-nu-latn')
    for (const locale of NO_LANGUAGE.slice(0, -1)) expect(formattingLocale(locale), locale).toBe('en-u-nu-latn')
    for (const locale of NO_LANGUAGE) {
      expect(formatCount(1234, locale), locale).toBe('1,234')
      expect(formatDuration(65_000, locale), locale).toBe('1 minute, 5 seconds')
      expect(formatTokenCount(12_345, locale), locale).toBe(formatTokenCount(12_345, 'en'))
    }
  })

  it('given a POSIX name with a language (en_US.UTF-8, de_DE.UTF-8@euro), should format in that language', () => {
    expect(formattingLocale('en_US.UTF-8')).toBe('en-US-u-nu-latn')
    expect(formattingLocale('de_DE.UTF-8@euro')).toBe('de-DE-u-nu-latn')
    expect(formatCount(1234, 'de_DE.UTF-8')).toBe(formatCount(1234, 'de-DE'))
  })

  it('given `ar`, should write Latin digits, as CLDR and Chromium and Firefox do', () => {
    expect(formattingLocale('ar')).toBe('ar-u-nu-latn')
    expect(formatCount(1234, 'ar')).toBe('1,234')
    expect(formatDuration(65_000, 'ar')).not.toMatch(/[٠-٩۰-۹]/u)
    expect(formatDuration(65_000, 'ar')).toMatch(/5/)
  })

  it.each(['prop', 'provider'] as const)('given one of them as the panel’s locale (%s), should show the row as in English, never throwing', (via) => {
    const english = header('en', via)
    expect(english).toContain('1 minute, 5 seconds')
    for (const locale of NO_LANGUAGE) expect(header(locale, via), locale).toBe(english)
    expect(header('ar', via)).not.toMatch(/[٠-٩]/u)
  })
})
