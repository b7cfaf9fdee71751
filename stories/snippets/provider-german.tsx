import 'reasoning-ui/styles.css'
import type { ReactNode } from 'react'
import { ReasoningProvider } from 'reasoning-ui'
import { germanLabels } from 'reasoning-ui/locales'

/** German labels; durations and plurals from Intl ("12 Sekunden lang nachgedacht"). */
export function App({ children }: { children: ReactNode }) {
  return (
    <ReasoningProvider locale="de" labels={germanLabels} visibility="full">
      {children}
    </ReasoningProvider>
  )
}
