import 'reasoning-ui/styles.css'
import type { ReactNode } from 'react'
import { ReasoningProvider } from 'reasoning-ui'

/** App-wide defaults for every reasoning component below (each prop of a component still wins). */
export function App({ children }: { children: ReactNode }) {
  return (
    <ReasoningProvider visibility="summary" openPolicy="auto">
      {children}
    </ReasoningProvider>
  )
}
