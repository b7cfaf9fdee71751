import { describe, expect, it } from 'vitest'
import { defaultWords, formattingLocale, humanizeStepType, stepTypeKey, stepTypeWord } from '../../src/core/wording'

describe('step types', () => {
  it.each([
    ['TOOL_CALL', 'tool_call'],
    ['tool_call', 'tool_call'],
    ['toolCall', 'tool_call'],
    ['ToolCall', 'tool_call'],
    ['tool-call', 'tool_call'],
    [' tool call ', 'tool_call'],
    ['HTTPRequest', 'http_request'],
    ['--analysis--', 'analysis'],
  ])('given %j, stepTypeKey should give %j', (type, key) => {
    expect(stepTypeKey(type)).toBe(key)
  })

  it('should word the known types in English (AG-UI and MEUP spellings alike)', () => {
    expect(defaultWords.stepType('TOOL_CALL')).toBe('Tool call')
    expect(defaultWords.stepType('tool_call')).toBe('Tool call')
    expect(defaultWords.stepType('ANALYSIS')).toBe('Analysis')
    expect(defaultWords.stepType('hypothesis')).toBe('Hypothesis')
    expect(defaultWords.stepType('Reflection')).toBe('Reflection')
    expect(defaultWords.stepType('PLANNING')).toBe('Planning')
    expect(defaultWords.stepType('verification')).toBe('Verification')
  })

  it('should humanise an unknown type, whatever its spelling', () => {
    expect(humanizeStepType('SOME_TYPE')).toBe('Some type')
    expect(defaultWords.stepType('SOME_TYPE')).toBe('Some type')
    expect(defaultWords.stepType('someType')).toBe('Some type')
    expect(defaultWords.stepType('some-type')).toBe('Some type')
    expect(defaultWords.stepType('x')).toBe('X')
  })

  it('given a type named like an Object.prototype member, should humanise it, never return the member', () => {
    const words = { tool_call: 'T', tool_result: 'R', analysis: 'A', hypothesis: 'H', reflection: 'Re', planning: 'P', search: 'S', verification: 'V', observation: 'O', decision: 'D', evaluation: 'E' }
    expect(stepTypeWord('constructor', words)).toBe('Constructor')
    expect(stepTypeWord('__proto__', words)).toBe('Proto')
    expect(stepTypeWord('toString', words)).toBe('To string')
  })
})

describe('formattingLocale (one numbering system per locale)', () => {
  it.each([
    // CLDR's defaults, pinned: Latin for `ar` (since CLDR 42) and most languages…
    ['ar', 'ar-u-nu-latn'],
    ['en-US', 'en-US-u-nu-latn'],
    ['de', 'de-u-nu-latn'],
    ['ja', 'ja-u-nu-latn'],
    ['zh-Hant-TW', 'zh-Hant-TW-u-nu-latn'],
    ['hi', 'hi-u-nu-latn'],
    ['ur', 'ur-u-nu-latn'],
    // …native digits where CLDR says so, by language, region or script.
    ['ar-EG', 'ar-EG-u-nu-arab'],
    ['ar-SA', 'ar-SA-u-nu-arab'],
    ['ar-MA', 'ar-MA-u-nu-latn'],
    ['fa', 'fa-u-nu-arabext'],
    ['ps', 'ps-u-nu-arabext'],
    ['ur-IN', 'ur-IN-u-nu-arabext'],
    ['ne', 'ne-u-nu-deva'],
    ['mr', 'mr-u-nu-deva'],
    ['bn', 'bn-u-nu-beng'],
    ['as', 'as-u-nu-beng'],
    ['my', 'my-u-nu-mymr'],
    ['dz', 'dz-u-nu-tibt'],
    ['sd', 'sd-u-nu-arab'],
    ['sd-Deva', 'sd-Deva-u-nu-latn'],
    ['pa', 'pa-u-nu-latn'],
    ['pa-PK', 'pa-PK-u-nu-arabext'],
    ['pa-Arab', 'pa-Arab-u-nu-arabext'],
    ['ff-Adlm', 'ff-Adlm-u-nu-adlm'],
  ])('given %j, should pin %j', (locale, tag) => {
    expect(formattingLocale(locale)).toBe(tag)
  })

  it('should honour an explicit -u-nu- and drop keywords that change nothing about numbers', () => {
    expect(formattingLocale('ar-u-nu-arab')).toBe('ar-u-nu-arab')
    expect(formattingLocale('en-u-nu-arab')).toBe('en-u-nu-arab')
    expect(formattingLocale('th-TH-u-ca-buddhist-nu-thai')).toBe('th-TH-u-nu-thai')
    expect(formattingLocale('de-u-co-phonebk')).toBe('de-u-nu-latn')
  })

  it('given a POSIX or undetermined locale (WebKit without a UTF-8 locale reports `en-US-u-va-posix`), should format like its language', () => {
    expect(formattingLocale('en-US-u-va-posix')).toBe('en-US-u-nu-latn')
    expect(new Intl.NumberFormat(formattingLocale('en-US-u-va-posix')).format(1234)).toBe('1,234')
    expect(formattingLocale('und')).toBe('en-u-nu-latn')
  })

  it('given no locale, should spell out the runtime default with its numbering system', () => {
    expect(formattingLocale()).toMatch(/^[a-z]{2,3}(-[A-Za-z0-9]+)*-u-nu-[a-z]+$/)
    expect(formattingLocale()).not.toMatch(/posix/)
  })

  it('given a malformed locale, should throw a RangeError, as the formatters would', () => {
    expect(() => formattingLocale('not a locale')).toThrow(RangeError)
  })
})
