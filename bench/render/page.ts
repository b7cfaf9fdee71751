/**
 * Builds a benchmark page and serves it on 127.0.0.1: bench/render's (run.ts, the
 * contenders side by side, and large.ts, megabyte traces) and bench/history's.
 */
import { readFileSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { extname, join, resolve, sep } from 'node:path'
import { build } from 'vite'

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

