// @vitest-environment node
/**
 * The AI SDK converter's diagnostic text is for development, like the core's
 * (issue 13; test/core/production-diagnostics.test.ts): an app's production bundle
 * keeps the codes and drops the sentences. The entry is bundled as an app's bundler
 * does (esbuild, minified, NODE_ENV defined), its text checked, and the production
 * build run on malformed messages.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import { afterAll, describe, expect, it } from 'vitest'
import type * as AiSdk from '../../src/ai-sdk/index'

const root = resolve(import.meta.dirname, '../..')
const dir = mkdtempSync(join(tmpdir(), 'reasoning-ui-ai-sdk-production-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

async function bundle(mode: 'production' | 'development'): Promise<string> {
  const result = await build({
    entryPoints: [join(root, 'src/ai-sdk/index.ts')],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
    define: { 'process.env.NODE_ENV': JSON.stringify(mode) },
    logLevel: 'silent',
  })
  const [output] = result.outputFiles ?? []
  if (!output) throw new Error('esbuild wrote no output')
  return output.text
}

// A sentence from each kind of call site: the message, a part, a reasoning part's fields, a tool part.
const SENTENCES = ['nothing was shown', 'is not an object with a string type', 'could not be read', 'has no toolCallId', 'has no tool name', 'has an unknown state', "is neither 'streaming' nor 'done'", 'create one with createUIMessageTracker']
const CODES = ['invalid-event', 'missing-id', 'malformed-field', 'adapter']

describe('AI SDK converter diagnostics in production builds', () => {
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

  it('a production build reports each problem with its code (as its message) and part index, keeping the text', async () => {
    const file = join(dir, 'ai-sdk.production.mjs')
    writeFileSync(file, await bundle('production'))
    const aiSdk = (await import(pathToFileURL(file).href)) as typeof AiSdk
    const state = aiSdk.uiMessageToReasoning({
      id: 'm',
      role: 'assistant',
      parts: [null, { type: 'reasoning', text: 'kept', state: 'later' }, { type: 'tool-x', state: 'input-available' }],
    } as never)
    expect(state.blocks[0]!.messages[0]!.text).toBe('kept')
    expect(state.diagnostics.map((d) => [d.code, d.message, d.eventIndex])).toEqual([
      ['invalid-event', 'invalid-event', 0],
      ['malformed-field', 'malformed-field', 1],
      ['missing-id', 'missing-id', 2],
    ])
  })
})
