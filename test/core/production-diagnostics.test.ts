// @vitest-environment node
/**
 * Diagnostic text is for development (issue 13): call sites build it only when
 * `process.env.NODE_ENV !== 'production'`, so an app's production bundle keeps the
 * codes and drops the sentences, as React does with its errors. These tests bundle
 * the core as an app's bundler does (esbuild, minified, NODE_ENV defined), check the
 * text of the two builds, and run the production one.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import { afterAll, describe, expect, it } from 'vitest'
import type * as Core from '../../src/core/index'

const root = resolve(import.meta.dirname, '../..')
const dir = mkdtempSync(join(tmpdir(), 'reasoning-ui-production-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** The core entry bundled for `mode` as the library build does (vite.config.ts), minified, its dynamic imports (body framing) left out. */
async function bundle(mode: 'production' | 'development', format: 'esm' | 'cjs' = 'esm'): Promise<string> {
  const result = await build({
    entryPoints: [join(root, 'src/core/index.ts')],
    bundle: true,
    minify: true,
    format,
    platform: 'neutral',
    write: false,
    external: ['@ag-ui/core', 'eventsource-parser'],
    define: { 'process.env.NODE_ENV': JSON.stringify(mode) },
    logLevel: 'silent',
    plugins: [
      {
        name: 'dynamic-imports-external',
        setup(b) {
          b.onResolve({ filter: /.*/ }, (args) => (args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined))
        },
      },
    ],
  })
  const [output] = result.outputFiles ?? []
  if (!output) throw new Error('esbuild wrote no output')
  return output.text
}

// Sentences from call sites all over the core (reducer, draft, store cap, snapshot metadata).
const SENTENCES = [
  'is a retired AG-UI event',
  'must follow its START event',
  'Diagnostics are capped at',
  'must be a non-negative integer',
  'that field was ignored',
  'must be one of streaming, complete, interrupted',
]
const CODES = ['deprecated-event', 'not-open', 'diagnostics-truncated', 'malformed-field', 'run-order', 'stream-truncated']

describe('diagnostic messages in production builds', () => {
  it('a development build has the sentences and the codes', async () => {
    const code = await bundle('development')
    for (const s of [...SENTENCES, ...CODES]) expect(code).toContain(s)
  })

  it('a production build has the codes and none of the sentences', async () => {
    const code = await bundle('production')
    for (const s of CODES) expect(code).toContain(s)
    for (const s of SENTENCES) expect(code).not.toContain(s)
    expect(code).not.toContain('process.env')
  })

  it('both builds run where no `process` exists (a page without a bundler): the build replaced every use', async () => {
    for (const mode of ['development', 'production'] as const) {
      const code = await bundle(mode, 'cjs')
      expect(code).not.toMatch(/\bprocess\b/)
      const module = { exports: {} as typeof Core }
      // Were there a free `process` left, it would be this function's parameter: undefined, as in a browser.
      new Function('process', 'module', 'exports', code)(undefined, module, module.exports)
      const store = module.exports.createReasoningStore({ flush: 'sync' })
      expect(() => {
        store.dispatch({ type: 'RUN_STARTED', threadId: 't', runId: 'r' })
        store.dispatch({ type: 'REASONING_MESSAGE_END', messageId: 'nope' })
        store.dispatch(42)
      }).not.toThrow()
      const [notOpen, invalid] = store.getState().diagnostics
      expect([notOpen?.code, invalid?.code]).toEqual(['not-open', 'invalid-event'])
      if (mode === 'production') expect([notOpen?.message, invalid?.message]).toEqual(['not-open', 'invalid-event'])
      else expect(notOpen?.message).toMatch(/nope/)
    }
  })

  it('a production build still reports each problem with its code and event index, the code as its message', async () => {
    const file = join(dir, 'core.production.mjs')
    writeFileSync(file, await bundle('production'))
    const core = (await import(pathToFileURL(file).href)) as typeof Core
    const store = core.createReasoningStore({ flush: 'sync' })
    store.dispatch({ type: 'RUN_STARTED', threadId: 't', runId: 'r' })
    store.dispatch({ type: 'THINKING_START' })
    store.dispatch({ type: 'REASONING_MESSAGE_END', messageId: 'nope' })
    store.dispatch({ type: 'REASONING_MESSAGE_START', messageId: 'm', role: 'reasoning', timestamp: -1 })
    store.dispatch({ type: 'REASONING_MESSAGE_CONTENT', messageId: 'm', delta: 'text is kept' })
    store.streamEnded(new Error('socket hang up'))
    const state = store.getState()
    expect(state.blocks.at(-1)?.messages.at(-1)?.text).toBe('text is kept')
    expect(state.diagnostics.map((d) => [d.code, d.message, d.eventIndex])).toEqual([
      ['deprecated-event', 'deprecated-event', 1],
      ['not-open', 'not-open', 2],
      ['malformed-field', 'malformed-field', 3],
      // The transport's own error text is the app's runtime information, not ours: it stays.
      ['transport', 'socket hang up', -1],
      ['stream-truncated', 'stream-truncated', -1],
    ])
  })
})
