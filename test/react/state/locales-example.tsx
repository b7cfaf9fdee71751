// docs/locales.md's example, compiled and run by locales-example.test.tsx.
// #region readme
import type { ReactNode } from 'react'
import { ReasoningProvider } from 'reasoning-ui'
import { germanLabels, labelsFor } from 'reasoning-ui/locales'

/** German everywhere (only the German labels are bundled). */
export function German({ children }: { children: ReactNode }) {
  return <ReasoningProvider locale="de" labels={germanLabels}>{children}</ReasoningProvider>
}

/** The reader's language, by language subtag, English when the kit has none of theirs (all seven bundled). */
export function ReadersLanguage({ children }: { children: ReactNode }) {
  return <ReasoningProvider locale={navigator.language} labels={labelsFor(navigator.languages)}>{children}</ReasoningProvider>
}
// #endregion
