/**
 * The demo starts as a new user starts it (issue 43): `npx tsx demo/server/main.ts` on a
 * checkout with no demo/dist builds the page on its first start instead of serving "not built".
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildPage, ensurePage } from '../../demo/server/build-page'

const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'demo-page-'))
  dirs.push(dir)
  return dir
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('ensurePage', () => {
  it('given a built page, should leave it as it is and say nothing', async () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'index.html'), '<!doctype html>')
    const build = vi.fn(async () => undefined)
    const log = vi.fn()
    await ensurePage(dir, log, build)
    expect(build).not.toHaveBeenCalled()
    expect(log).not.toHaveBeenCalled()
  })

  it('given no built page, should say so and build it into that folder', async () => {
    const dir = join(tempDir(), 'dist')
    const build = vi.fn(async () => undefined)
    const log = vi.fn()
    await ensurePage(dir, log, build)
    expect(build).toHaveBeenCalledWith(dir)
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/not built yet.*building it/))
  })

  it('given a build that fails, should fail with its error (main.ts reports it and exits)', async () => {
    await expect(ensurePage(join(tempDir(), 'dist'), () => undefined, () => Promise.reject(new Error('no vite')))).rejects.toThrow('no vite')
  })
})

describe('buildPage', () => {
  it('should build the page `npm start` serves: an index.html whose script is the production bundle', async () => {
    const dir = join(tempDir(), 'dist')
    await buildPage(dir)
    const html = readFileSync(join(dir, 'index.html'), 'utf8')
    const script = /<script type="module"[^>]*src="\/?([^"]+)"/.exec(html)?.[1]
    expect(script).toBeDefined()
    expect(existsSync(join(dir, script!))).toBe(true)
    // React's production build: no development warnings bundled.
    expect(readFileSync(join(dir, script!), 'utf8')).not.toContain('Each child in a list should have a unique')
  }, 120_000)
})
