/**
 * The e2e project for one engine: the demo scenario (test/e2e/**) in Node, driving the
 * engine through test/e2e/engines.ts. Chromium's is in vitest.config.ts (`e2e`), Firefox's
 * and WebKit's in test/engines/{firefox,webkit}.config.ts, so each engine runs alone with
 * `npm run test:firefox` / `npm run test:webkit`.
 */
import { resolve } from 'node:path'
import type { TestProjectInlineConfiguration } from 'vitest/config'
import type { EngineName } from './engines'

const root = resolve(import.meta.dirname, '../..')

export function e2eProject(engine: EngineName): TestProjectInlineConfiguration {
  return {
    // One server and one browser per file, files one after another: timings of a
    // page streaming at a realistic pace must not compete with a second page.
    test: {
      name: engine === 'chromium' ? 'e2e' : `e2e-${engine}`,
      root,
      environment: 'node',
      include: ['test/e2e/**/*.test.ts'],
      // `npm start` itself is engine-free: checked once, in the Chromium project.
      ...(engine !== 'chromium' && { exclude: ['test/e2e/start.test.ts'] }),
      globalSetup: [resolve(root, 'test/e2e/build-demo.ts')],
      provide: { engine },
      fileParallelism: false,
      // WebDriver classic costs an HTTP round trip per query.
      testTimeout: engine === 'webkit' ? 120_000 : 60_000,
      hookTimeout: 60_000,
      // Polls wait for a state the stream reaches (not a timing): allow for a loaded machine.
      expect: { poll: { timeout: 10_000 } },
    },
  }
}
