/**
 * Builds a benchmark page and serves it on 127.0.0.1: bench/render's (run.ts, the
 * contenders side by side, large.ts, megabyte traces, and anatomy.ts, their long tasks taken
 * apart; `withBenchPage` also launches their Chromium) and bench/history's.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { extname, join, resolve, sep } from 'node:path'
import { chromium, type Browser, type BrowserContext } from 'playwright-core'
import { build } from 'vite'
import { chromiumArgs, chromiumPath } from '../../test/helpers/chromium.mjs'

const here = import.meta.dirname

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
}

/** Serves the built page; nothing outside `dir`. */
export function serve(dir: string): Promise<Server> {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname)
    const file = resolve(dir, `.${path === '/' ? '/index.html' : path}`)
    if (!file.startsWith(dir + sep) || !statSync(file, { throwIfNoEntry: false })?.isFile()) {
      response.writeHead(404).end()
      return
    }
    response.writeHead(200, { 'content-type': MIME[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file))
  })
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)))
}

/** Builds the page whose Vite config is `configFile` (default: bench/render's) into `outDir`. */
export async function buildPage(outDir: string, configFile = join(here, 'vite.config.ts')): Promise<void> {
  // React and the kit pick their production code from NODE_ENV.
  process.env.NODE_ENV = 'production'
  await build({
    configFile,
    mode: 'production',
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  })
}

/** bench/render's page, built and served, and a Chromium to open it in (see `withBenchPage`). */
export interface BenchPage {
  /** Where the page is served. */
  readonly origin: string
  readonly browser: Browser
  /** A context with the benches' viewport, 1280 × 800. */
  readonly context: BrowserContext
  /** The folder the page was built into, for a bench's own files; removed afterwards. */
  readonly dir: string
}

/**
 * Builds the page into a temporary folder (`reasoning-ui-bench-<name>-…`), serves it, launches
 * Chromium, runs `body`, and then takes all of it down, whether `body` succeeded or not.
 */
export async function withBenchPage<T>(name: string, body: (page: BenchPage) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), `reasoning-ui-bench-${name}-`))
  let server: Server | undefined
  let browser: Browser | undefined
  try {
    await buildPage(dir)
    server = await serve(dir)
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    return await body({ origin, browser, context, dir })
  } finally {
    await browser?.close()
    server?.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
