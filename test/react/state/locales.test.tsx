import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { defaultLabels, ReasoningPanel, ReasoningProvider, formatDuration, type ReasoningLabels } from 'reasoning-ui'
import {
  arabicLabels,
  chineseLabels,
  englishLabels,
  formattingLocale,
  frenchLabels,
  germanLabels,
  japaneseLabels,
  labelsFor,
  localeLabels,
  spanishLabels,
  stepTypeWord,
  type KnownStepType,
} from 'reasoning-ui/locales'
import { content, feed, msgEnd, msgStart, run, span, spanEnd, testStore, ui } from '../../helpers/events'

const KNOWN_STEP_TYPES = ['tool_call', 'tool_result', 'analysis', 'hypothesis', 'reflection', 'planning', 'search', 'verification', 'observation', 'decision', 'evaluation']

/** Every value of a label set as text: strings as they are, functions called with sample arguments. */
function texts(labels: ReasoningLabels, locale: string): [string, string][] {
  const duration = formatDuration(12_000, locale)
  return Object.entries(labels).flatMap(([key, value]: [string, unknown]): [string, string][] => {
    if (typeof value === 'string') return [[key, value]]
    if (typeof value !== 'function') return [[key, String(value)]]
    const f = value as (...args: unknown[]) => string
    if (key === 'steps' || key === 'reasoningTokens') return [0, 1, 2, 5, 1234].map((n) => [`${key}(${n})`, f(n, String(n))])
    if (key === 'stepType') return KNOWN_STEP_TYPES.map((t) => [`${key}(${t})`, f(t)])
    if (key === 'confidence') return [[key, f('82%')]]
    if (['toolCall', 'toolCallRunning', 'toolCallInterrupted', 'subagent'].includes(key)) return [[key, f('get_weather')]]
    return [[key, f(duration)]]
  })
}

const locales = Object.entries(localeLabels)

describe('reasoning-ui/locales', () => {
  it('should ship en, de, fr, es, ja, zh and ar, each by its own name too', () => {
    expect(Object.keys(localeLabels).sort()).toEqual(['ar', 'de', 'en', 'es', 'fr', 'ja', 'zh'])
    expect(localeLabels).toEqual({
      en: englishLabels, de: germanLabels, fr: frenchLabels, es: spanishLabels, ja: japaneseLabels, zh: chineseLabels, ar: arabicLabels,
    })
    // English is the kit's defaults (compared by what they say: the entry may be a build of the same source).
    expect(texts(englishLabels, 'en')).toEqual(texts(defaultLabels, 'en'))
  })

  it.each(locales)('%s should have every label the kit has, no more', (_locale, labels) => {
    expect(Object.keys(labels).sort()).toEqual(Object.keys(defaultLabels).sort())
    for (const key of Object.keys(defaultLabels) as (keyof ReasoningLabels)[]) {
      expect(typeof labels[key], key).toBe(typeof defaultLabels[key])
    }
  })

  it.each(locales)('%s should give non-empty words, never "undefined", "NaN" or "[object", and put every number and name it is given in them', (locale, labels) => {
    for (const [key, text] of texts(labels, locale)) {
      expect(text.trim(), key).not.toBe('')
      expect(text, key).not.toMatch(/undefined|NaN|\[object|null/)
    }
    expect(labels.steps(1234, '1,234')).toContain('1,234')
    expect(labels.reasoningTokens(1234, '1.2K')).toContain('1.2K')
    expect(labels.confidence('82%')).toContain('82%')
    expect(labels.thoughtFor('12 s')).toContain('12 s')
    expect(labels.toolCall('get_weather')).toContain('get_weather')
    expect(labels.subagent('researcher')).toContain('researcher')
  })

  /** Step types whose word is the English one (the same word in both languages). */
  const cognates: Readonly<Record<string, readonly string[]>> = { fr: ['observation'] }

  it.each(locales.filter(([l]) => l !== 'en'))('%s should translate every known step type, in any spelling', (locale, labels) => {
    const words = KNOWN_STEP_TYPES.map((type) => labels.stepType(type))
    expect(new Set(words).size).toBe(KNOWN_STEP_TYPES.length)
    for (const type of KNOWN_STEP_TYPES) {
      const word = labels.stepType(type)
      if (!cognates[locale]?.includes(type)) expect(word, type).not.toBe(defaultLabels.stepType(type))
      expect(labels.stepType(type.toUpperCase()), type).toBe(word)
    }
    // An unknown type is humanised, as in English.
    expect(labels.stepType('CUSTOM_PROBE')).toBe('Custom probe')
  })

  it('should say a count in the singular and the plural where the language has them', () => {
    expect(germanLabels.steps(1, '1')).toBe('1 Schritt')
    expect(germanLabels.steps(2, '2')).toBe('2 Schritte')
    expect(frenchLabels.steps(0, '0')).toBe('0 étape')
    expect(frenchLabels.steps(1, '1')).toBe('1 étape')
    expect(frenchLabels.steps(2, '2')).toBe('2 étapes')
    expect(spanishLabels.reasoningTokens(1, '1')).toBe('1 token de razonamiento')
    expect(spanishLabels.reasoningTokens(3, '3')).toBe('3 tokens de razonamiento')
    expect(japaneseLabels.steps(3, '3')).toBe('3 ステップ')
  })

  describe('labelsFor', () => {
    it('should choose by language subtag', () => {
      expect(labelsFor('de')).toBe(germanLabels)
      expect(labelsFor('de-CH')).toBe(germanLabels)
      expect(labelsFor('fr-CA')).toBe(frenchLabels)
      expect(labelsFor('es-419')).toBe(spanishLabels)
      expect(labelsFor('ja-JP')).toBe(japaneseLabels)
      expect(labelsFor('zh-Hans-CN')).toBe(chineseLabels)
      expect(labelsFor('ar-EG')).toBe(arabicLabels)
      expect(labelsFor('EN-gb')).toBe(englishLabels)
    })

    it('given a POSIX locale name (what an engine may report from the OS), should choose by its language', () => {
      expect(labelsFor('de_DE.UTF-8')).toBe(germanLabels)
      expect(labelsFor('fr_CA')).toBe(frenchLabels)
      expect(labelsFor('ar_EG.UTF-8@latin')).toBe(arabicLabels)
      expect(labelsFor(['C', 'ja_JP.UTF-8'])).toBe(japaneseLabels)
    })

    it('given several locales (navigator.languages), should take the first it has', () => {
      expect(labelsFor(['ko-KR', 'fr-FR', 'de'])).toBe(frenchLabels)
    })

    it('should fall back to English: no locale, an unknown language, a malformed tag, a name of Object.prototype', () => {
      expect(labelsFor()).toBe(englishLabels)
      expect(labelsFor([])).toBe(englishLabels)
      expect(labelsFor('ko')).toBe(englishLabels)
      expect(labelsFor('not a locale')).toBe(englishLabels)
      expect(labelsFor(['not a locale', 'es'])).toBe(spanishLabels)
      expect(labelsFor('constructor')).toBe(englishLabels)
    })
  })
})

describe('a language of the app’s own', () => {
  it('should build its stepType label with stepTypeWord and format its numbers with formattingLocale', () => {
    const dutch: Record<KnownStepType, string> = {
      tool_call: 'Toolaanroep', tool_result: 'Toolresultaat', analysis: 'Analyse', hypothesis: 'Hypothese', reflection: 'Reflectie', planning: 'Planning',
      search: 'Zoeken', verification: 'Verificatie', observation: 'Observatie', decision: 'Beslissing', evaluation: 'Evaluatie',
    }
    const labels: ReasoningLabels = { ...englishLabels, stepType: (type) => stepTypeWord(type, dutch) }
    expect(labels.stepType('TOOL_CALL')).toBe('Toolaanroep')
    expect(labels.stepType('customProbe')).toBe('Custom probe')
    expect(new Intl.NumberFormat(formattingLocale('ar')).format(1234)).toBe('1,234')
  })
})

describe('a panel in German (reasoning-ui/locales through the provider)', () => {
  it('should word the status, the steps, their types and the outcome in German', () => {
    const store = testStore()
    feed(
      store,
      run(),
      span('s1', ui({ conclusion: 'Plan B nehmen', confidence: 0.8, keyFactors: ['Kosten'] })),
      msgStart('st1', ui({ kind: 'step', stepType: 'ANALYSIS', title: 'Kosten vergleichen' })), content('st1', 'B ist billiger.'), msgEnd('st1'),
      msgStart('st2', ui({ kind: 'step', stepType: 'tool_call', title: 'Fahrplan abrufen' })), content('st2', 'B ist schneller.'), msgEnd('st2'),
    )
    store.clock.now += 12_000
    feed(store, spanEnd('s1'))
    render(
      <ReasoningProvider locale="de" labels={germanLabels} now={() => store.clock.now}>
        <ReasoningPanel block={store.getState().blocks[0]!} animationDuration={0} defaultOpen />
      </ReasoningProvider>,
    )
    const trigger = screen.getByRole('button', { name: /^12 Sekunden lang nachgedacht/ })
    expect(trigger).toHaveAttribute('aria-expanded', 'true')
    const panel = trigger.closest('[data-slot="reasoning-panel"]') as HTMLElement
    expect(panel.querySelector('[data-slot="reasoning-steps"]')).toHaveTextContent('2 Schritte')
    const outcome = panel.querySelector('[data-slot="reasoning-outcome"]') as HTMLElement
    expect(outcome).toHaveTextContent('Schlussfolgerung')
    expect(outcome).toHaveTextContent(/Konfidenz 80\s%/)
    expect(within(outcome).getByText('Ausschlaggebende Faktoren')).toBeInTheDocument()
    expect(panel).not.toHaveTextContent(/Thought|Conclusion|Confidence|Key factors/)
  })

  it('should show each step’s type in German once the panel names it by `labels.stepType`', () => {
    const store = testStore()
    feed(store, run(), span('s1'), msgStart('st1', ui({ kind: 'step', stepType: 'TOOL_CALL', title: 'Fahrplan abrufen' })), content('st1', 'x'), msgEnd('st1'), spanEnd('s1'))
    render(
      <ReasoningProvider locale="de" labels={germanLabels}>
        <ReasoningPanel block={store.getState().blocks[0]!} animationDuration={0} defaultOpen />
      </ReasoningProvider>,
    )
    const type = document.querySelector('[data-slot="reasoning-step-type"]')
    expect(type).toHaveTextContent('Werkzeugaufruf')
  })
})
