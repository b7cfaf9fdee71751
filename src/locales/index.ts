/**
 * `reasoning-ui/locales`: a complete `ReasoningLabels` per language, for
 * `<ReasoningProvider labels={…} locale={…}>`. Import the one an app speaks
 * (`germanLabels`) and its bundle holds that language alone; `labelsFor` and
 * `localeLabels` pick by locale and so bring all seven (about 4 kB gzipped).
 */
import { localeTag } from '../core/wording'
import type { ReasoningLabels } from '../react/state/labels'
import { arabicLabels } from './ar'
import { germanLabels } from './de'
import { englishLabels } from './en'
import { spanishLabels } from './es'
import { frenchLabels } from './fr'
import { japaneseLabels } from './ja'
import { chineseLabels } from './zh'

export { arabicLabels, chineseLabels, englishLabels, frenchLabels, germanLabels, japaneseLabels, spanishLabels }
/** For a language of the app's own: its `stepType` label (`stepTypeWord`), and the tag its own `Intl` formatters should get to write numbers as the kit does (`formattingLocale`). */
export { formattingLocale, humanizeStepType, stepTypeKey, stepTypeWord } from '../core/wording'

/** The languages with labels here (BCP 47 language subtags). `zh` is Simplified Chinese. */
export type LabelsLanguage = 'en' | 'de' | 'fr' | 'es' | 'ja' | 'zh' | 'ar'

/** Every label set by language subtag. */
export const localeLabels: Readonly<Record<LabelsLanguage, ReasoningLabels>> = {
  en: englishLabels,
  de: germanLabels,
  fr: frenchLabels,
  es: spanishLabels,
  ja: japaneseLabels,
  zh: chineseLabels,
  ar: arabicLabels,
}

/**
 * The labels for a locale, chosen by its language subtag (`de-CH` → German,
 * `zh-Hant-TW` → Simplified Chinese), or for the first of several that has them
 * (`navigator.languages`). English when none has them, or for no locale at all; a
 * malformed tag is skipped, never thrown.
 */
export function labelsFor(locales?: string | readonly string[]): ReasoningLabels {
  for (const tag of typeof locales === 'string' ? [locales] : (locales ?? [])) {
    let language: string | undefined
    try {
      // POSIX names too (de_DE.UTF-8: what an engine may report from the OS's locale).
      language = new Intl.Locale(localeTag(tag)).language
    } catch {
      continue
    }
    if (language !== undefined && Object.hasOwn(localeLabels, language)) return localeLabels[language as LabelsLanguage]
  }
  return englishLabels
}

export type { ReasoningLabels }
export type { KnownStepType } from '../core/wording'
