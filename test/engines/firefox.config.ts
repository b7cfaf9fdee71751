/**
 * The browser tests (test/browser/**) in Firefox ESR, through the puppeteer-core
 * provider in ./firefox-provider.ts:
 *
 *   npx vitest run --config test/engines/firefox.config.ts            (every Firefox project)
 *   npx vitest run --config test/engines/firefox.config.ts --project firefox
 *
 * Firefox cannot switch media features at run time over BiDi, so each state is a
 * launch of its own: `firefox` (no preference, no forced colours, light) runs every
 * file, and a test asking for another state is skipped there with the reason
 * (test/helpers/engines.ts); `firefox-reduced-motion`, `firefox-forced-colors` and
 * `firefox-dark` run the tests that ask for their state (matched by name below).
 * A test needing two states at once (dark then light) is skipped in every launch.
 */
import { resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import type { TestProjectInlineConfiguration } from 'vitest/config'
import { sourceAliases } from '../../scripts/source-aliases.mjs'
import { e2eProject } from '../e2e/project'
import { inOrder } from './in-order'
import { emulateMedia, firefox, type FirefoxMedia } from './firefox-provider'
import { browserOptimizeDeps, laneCacheDir } from '../helpers/lane-cache.mjs'

const root = resolve(import.meta.dirname, '../..')
const file = (name: string) => `test/browser/${name}.test.tsx`

function project(name: string, include: string[], media?: FirefoxMedia, testNamePattern?: RegExp): TestProjectInlineConfiguration {
  return {
    plugins: [react()],
    cacheDir: laneCacheDir,
    optimizeDeps: browserOptimizeDeps,
    resolve: { alias: sourceAliases },
    test: {
      name,
      root,
      include,
      ...(testNamePattern && { testNamePattern }),
      setupFiles: [resolve(root, 'test/setup/dom.ts')],
      // Polls wait for what must happen, not for how soon (vitest.config.ts says why).
      expect: { poll: { timeout: 10_000 } },
      // One Firefox page runs the files one after another: 2 cores, and timings must not compete.
      fileParallelism: false,
      browser: {
        enabled: true,
        headless: true,
        screenshotFailures: false,
        provider: firefox(media ? { media } : {}),
        instances: [{ browser: 'firefox' }],
        commands: { emulateMedia },
      },
    },
  }
}

export default defineConfig({
  test: {
    // Every skip named and counted per project, after the default report.
    reporters: ['default', resolve(root, 'test/engines/skip-summary.ts')],
    projects: inOrder([
      project('firefox', ['test/browser/**/*.test.{ts,tsx}']),
      project(
        'firefox-reduced-motion',
        [file('a11y'), file('panel')],
        { reducedMotion: 'reduce' },
        // Not "when prefers-reduced-motion is reduce": it checks the default state first, then switches.
        /axe on every story|given reduce,|prefers-reduced-motion: reduce, when/,
      ),
      // a11y's "forced-colors: active" tests and forced-colours-contrast's; not panel's, which checks
      // the default state first, then switches.
      project('firefox-forced-colors', [file('a11y'), file('forced-colours-contrast')], { forcedColors: 'active' }, /^forced-colors: active |^forced colours: /),
      project('firefox-dark', [file('color-scheme')], { colorScheme: 'dark' }, /OS in dark|on a page following a dark OS/),
      // The demo scenario (test/e2e/**) in Firefox, after the browser lane's projects.
      e2eProject('firefox'),
    ]),
  },
})
