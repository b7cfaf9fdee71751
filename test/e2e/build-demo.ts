/**
 * Global setup of the e2e project: builds the demo page once, with the same
 * Vite config `npm start` uses, into test-results/demo-dist (so a running
 * `npm start` keeps its own demo/dist), and hands the folder to the tests.
 */
import { resolve } from 'node:path'
import type { TestProject } from 'vitest/node'
import { buildPage } from '../../demo/server/build-page'

declare module 'vitest' {
  export interface ProvidedContext {
    demoDist: string
  }
}

const root = resolve(import.meta.dirname, '../..')

export default async function setup(project: TestProject): Promise<void> {
  // One folder per e2e project: npm test builds for the three engines' e2e at once.
  const outDir = resolve(root, 'test-results/demo-dist', project.name)
  await buildPage(outDir)
  project.provide('demoDist', outDir)
}
