import type { Metadata } from 'next'
import type { ReactNode } from 'react'
// #region reasoning-ui
import 'reasoning-ui/styles.css'
// #endregion
import './app.css'

export const metadata: Metadata = { title: 'reasoning-ui · Next.js', icons: 'data:,' }

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  )
}
