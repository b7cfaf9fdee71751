/**
 * The shadcn registry: registry.json, built by the shadcn CLI into the item JSON that
 * `shadcn add` installs. That the item installs offline into a fresh Tailwind v4 app and
 * renders is examples/shadcn-tailwind (the examples lane); this checks the registry itself:
 * valid for the CLI's own schemas, built from the source file unchanged, naming only exports
 * the library has and dependencies it declares, and never handing reasoning text to HTML.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import * as reasoningUi from 'reasoning-ui'
import { registryItemSchema, registrySchema } from 'shadcn/schema'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../..')
const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'))
const pkg = readJson(join(root, 'package.json')) as { peerDependencies: Record<string, string> }
const registry = registrySchema.parse(readJson(join(root, 'registry.json')))

describe('registry.json', () => {
  it('given the shadcn CLI schema, should be a valid registry whose items are valid items', () => {
    expect(registry.items.map((item) => item.name)).toEqual(['reasoning'])
    for (const item of registry.items) expect(() => registryItemSchema.parse(item)).not.toThrow()
  })

  it('should list reasoning-ui and only peers the library declares as dependencies, and no registry dependency (which would need the network)', () => {
    const [item] = registry.items
    expect(item?.dependencies?.[0]).toBe('reasoning-ui')
    for (const dependency of item?.dependencies?.slice(1) ?? []) expect(Object.keys(pkg.peerDependencies)).toContain(dependency)
    // Every peer a consumer must install is listed, react and react-dom aside (a React app has them).
    const peers = Object.keys(pkg.peerDependencies).filter((name) => name !== 'react' && name !== 'react-dom')
    expect([...(item?.dependencies ?? [])].sort()).toEqual(['reasoning-ui', ...peers].sort())
    expect(item?.registryDependencies ?? []).toEqual([])
  })
})

describe('the item source (registry/reasoning-ui/reasoning.tsx)', () => {
  const source = readFileSync(join(root, 'registry/reasoning-ui/reasoning.tsx'), 'utf8')

  it('should import only React, reasoning-ui and the app\'s cn helper', () => {
    const imports = [...source.matchAll(/^import .* from '([^']+)'$/gm)].map((match) => match[1])
    expect(imports.sort()).toEqual(['@/lib/utils', 'react', 'reasoning-ui'])
  })

  it('should use only what reasoning-ui exports', () => {
    const used = new Set([...source.matchAll(/ReasoningPrimitive\.(\w+)/g)].map((match) => match[1] ?? ''))
    expect(used.size).toBeGreaterThan(5)
    for (const name of used) expect(reasoningUi, `reasoning-ui has no export ${name}`).toHaveProperty(name)
  })

  it('should never put text into the page as HTML', () => {
    expect(source).not.toMatch(/dangerouslySetInnerHTML|innerHTML|outerHTML|insertAdjacentHTML/)
  })
})

describe('shadcn build', () => {
  let out = ''
  beforeAll(() => {
    out = mkdtempSync(join(tmpdir(), 'reasoning-ui-registry-'))
    execFileSync(join(root, 'node_modules/.bin/shadcn'), ['build', 'registry.json', '--output', out], { cwd: root, stdio: 'pipe' })
  }, 60_000)
  afterAll(() => rmSync(out, { recursive: true, force: true }))

  it('given registry.json, should write the item with the source file inlined unchanged', () => {
    const item = registryItemSchema.parse(readJson(join(out, 'reasoning.json')))
    expect(item.type).toBe('registry:ui')
    expect(item.files).toHaveLength(1)
    expect(item.files?.[0]?.path).toBe('registry/reasoning-ui/reasoning.tsx')
    expect(item.files?.[0]?.content).toBe(readFileSync(join(root, 'registry/reasoning-ui/reasoning.tsx'), 'utf8'))
    // The open animation the component's classes name, with its keyframes, for the app's stylesheet.
    expect(item.cssVars?.theme?.['--animate-reasoning-in']).toMatch(/^reasoning-in /)
    expect(item.css).toHaveProperty('@keyframes reasoning-in')
    expect(item.files?.[0]?.content).toContain('animate-reasoning-in')
  })
})
