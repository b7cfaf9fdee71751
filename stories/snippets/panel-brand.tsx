import 'reasoning-ui/styles.css'
import type { CSSProperties } from 'react'
import { ReasoningPanel, type ReasoningBlock } from 'reasoning-ui'

/** Your brand: override the kit's --reasoning-* custom properties on any ancestor. */
const brand = {
  '--reasoning-font-family': 'Georgia, serif',
  '--reasoning-radius': '0.875rem',
  '--reasoning-surface': '#eef0ff',
  '--reasoning-accent': '#c2185b',
} as CSSProperties

export function BrandedThought({ block }: { block: ReasoningBlock }) {
  return (
    <div style={brand}>
      <ReasoningPanel block={block} visibility="full" />
    </div>
  )
}
