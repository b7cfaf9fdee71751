/**
 * Global setup of the e2e project: builds the demo page once, with the same
 * Vite config `npm start` uses, into test-results/demo-dist (so a running
 * `npm start` keeps its own demo/dist), and hands the folder to the tests.
 */
import { resolve } from 'node:path'
import { build } from 'vite'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    demoDist: string
  }
}

const root = resolve(import.meta.dirname, '../..')

export default async function setup(project: TestProject): Promise<void> {
  // One folder per e2e project: npm test builds for the three engines' e2e at once.
  const outDir = resolve(root, 'test-results/demo-dist', project.name)
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development
  // build: the page under test must be the one `npm start` serves.
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
  project.provide('demoDist', outDir)
}
