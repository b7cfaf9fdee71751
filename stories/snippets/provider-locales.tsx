import 'reasoning-ui/styles.css'
import type { ReactNode } from 'react'
import { ReasoningProvider } from 'reasoning-ui'
import { labelsFor } from 'reasoning-ui/locales'

/** The user's language (en, de, fr, es, ja, zh, ar; English otherwise). */
export function App({ locale, children }: { locale: string; children: ReactNode }) {
  return (
    <ReasoningProvider locale={locale} labels={labelsFor(locale)} visibility="full">
      {children}
    </ReasoningProvider>
  )
}
