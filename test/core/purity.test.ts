import { readFileSync, readdirSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
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

/** Static imports (type-only ones too) between core files, relative ones only; `import()` is not a static edge. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  for (const file of files) {
    const source = readFileSync(file, 'utf8')
    const targets = [...source.matchAll(/^(?:import|export)\b[^'"]*?\bfrom\s*['"](\.[^'"]+)['"]/gm)].map((m) => {
      const base = join(dirname(file), m[1]!)
      return [`${base}.ts`, join(base, 'index.ts')].find((candidate) => files.includes(candidate)) ?? base
    })
    graph.set(file, targets)
  }
  return graph
}

function findCycle(graph: Map<string, string[]>): string[] | undefined {
  const state = new Map<string, 'visiting' | 'done'>()
  const path: string[] = []
  const visit = (file: string): string[] | undefined => {
    if (state.get(file) === 'done') return undefined
    if (state.get(file) === 'visiting') return [...path.slice(path.indexOf(file)), file]
    state.set(file, 'visiting')
    path.push(file)
    for (const next of graph.get(file) ?? []) {
      const cycle = visit(next)
      if (cycle) return cycle
    }
    path.pop()
    state.set(file, 'done')
    return undefined
  }
  for (const file of graph.keys()) {
    const cycle = visit(file)
    if (cycle) return cycle
  }
  return undefined
}

describe('src/core imports', () => {
  it('should have no import cycle, type-only imports included', () => {
    const cycle = findCycle(importGraph())
    expect(cycle?.map((f) => relative(root, f)).join(' → ')).toBeUndefined()
  })

  it('given a graph with a cycle, should find it (the check can fail)', () => {
    expect(findCycle(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']]]))).toEqual(['a', 'b', 'c', 'a'])
  })
})
