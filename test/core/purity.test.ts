import { readFileSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

/** The core must run anywhere: no React, no DOM. (The lint rule says the same; this cannot be switched off by a comment.) */
const root = join(import.meta.dirname, '../../src/core')
const files = (readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts')).map((f) => join(root, f))

describe('src/core', () => {
  it.each(files.map((f) => [relative(root, f), f]))('%s should import neither React nor the DOM nor the React layer', (_name, file) => {
    const source = readFileSync(file, 'utf8')
    const imports = [...source.matchAll(/(?:import|export)[^'"]*from\s*['"]([^'"]+)['"]/g)].map((m) => m[1]!)
    for (const specifier of imports) {
      expect(specifier).not.toMatch(/^(react|react-dom)(\/|$)|^@radix-ui\/|^framer-motion/)
      expect(specifier).not.toMatch(/\.\.\/(\.\.\/)*react/)
    }
    expect(source).not.toMatch(/\b(window|document|navigator|HTMLElement)\./)
  })
})
