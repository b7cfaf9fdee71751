/**
 * The demo page, built where it is missing: `npx tsx demo/server/main.ts` on a checkout with no
 * demo/dist builds it on its first start, as `npm start` does before starting the server, and the
 * e2e lanes build theirs the same way (test/e2e/build-demo.ts).
 */
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'

const root = resolve(import.meta.dirname, '../..')

/** Builds the demo page into `outDir` with the Vite config `npm start` uses (Vite is a dev dependency: loaded only here). */
export async function buildPage(outDir: string): Promise<void> {
  const { build } = await import('vite')
  // A test runner's NODE_ENV=test would make Vite bundle React's development build: the page must be the one `npm start` serves.
  const nodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    await build({
      configFile: resolve(root, 'demo/vite.config.ts'),
      logLevel: 'warn',
      mode: 'production',
      build: { outDir, emptyOutDir: true, sourcemap: false },
    })
  } finally {
    process.env.NODE_ENV = nodeEnv
  }
}

/** Builds the page into `dir` unless it is there (its `index.html`), saying so first: a first start takes a few seconds more. */
export async function ensurePage(dir: string, log: (line: string) => void, build: (outDir: string) => Promise<void> = buildPage): Promise<void> {
  if (existsSync(resolve(dir, 'index.html'))) return
  log('reasoning-ui demo: the page is not built yet (demo/dist); building it once…')
  await build(dir)
}
