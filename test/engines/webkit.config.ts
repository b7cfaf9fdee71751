/**
 * The browser lane in WebKitGTK: test/browser/** in MiniBrowser through the custom
 * provider in ./webkit-provider.ts (WebKitWebDriver under Xvfb).
 *
 *   npx vitest run --config test/engines/webkit.config.ts [--project webkit] [files]
 *
 * Same plugins, aliases and setup as the `browser` project in vitest.config.ts.
 * WebDriver classic has no run-time media emulation, so each media state is a
 * launch (one project each); `commands.emulateMedia` accepts the state the page
 * shows and otherwise fails with MEDIA_UNSUPPORTED, which test/helpers/engines.ts
 * reports as a named skip:
 *   webkit                  every file but the three longest; no motion preference, light
 *   webkit-stories          those three (every story, the XSS payloads, the huge traces), the same launch: a lane of
 *                           its own in `npm test` (`test:webkit:stories`), beside this one, so
 *                           that WebKit's serial hour-long half does not set the run's length
 *                           (with both cores busy it was 1,328 s whole, 2026-12-07)
 *   webkit-reduced-motion   the files that emulate reduced motion, in a reduce launch,
 *                           minus the tests that need another state first (controls
 *                           under no preference, forced colours): those are in `webkit`
 *   webkit-dark             the colour-scheme file, in a dark launch
 * Forced colours: WebKitGTK has no forced-colours mode to launch, so those tests are
 * skipped by name in every project.
 */
import { resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'
import { sourceAliases } from '../../scripts/source-aliases.mjs'
import { e2eProject } from '../e2e/project'
import { inOrder } from './in-order'
import { emulateMediaWebKit, webkit, type WebKitProviderOptions } from './webkit-provider'
import { browserOptimizeDeps, laneCacheDir } from '../helpers/lane-cache.mjs'

const root = resolve(import.meta.dirname, '../..')

/** The WebKit lane's three longest files, a lane of their own (see above). */
const WEBKIT_STORIES = ['test/browser/stories.test.tsx', 'test/browser/xss.test.tsx', 'test/browser/huge.test.tsx']

const project = (name: string, include: string[], launch: WebKitProviderOptions, testNamePattern?: RegExp, exclude: string[] = []): TestProjectInlineConfiguration => ({
  plugins: [react()],
  cacheDir: laneCacheDir,
  optimizeDeps: browserOptimizeDeps,
  resolve: { alias: sourceAliases },
  test: {
    name,
    include,
    ...(exclude.length > 0 && { exclude }),
    ...(testNamePattern && { testNamePattern }),
    setupFiles: [resolve(root, 'test/setup/dom.ts')],
    // Polls wait for what must happen, not for how soon (vitest.config.ts says why).
    expect: { poll: { timeout: 10_000 } },
    // WebDriver classic costs an HTTP round trip (and a frame switch) per action.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    browser: {
      enabled: true,
      headless: true,
      screenshotFailures: false,
      provider: webkit(launch),
      instances: [{ browser: 'webkit' }],
      commands: { emulateMedia: emulateMediaWebKit },
    },
  },
})

export default defineConfig({
  root,
  test: {
    // Every skip named and counted per project, after the default report.
    reporters: ['default', resolve(root, 'test/engines/skip-summary.ts')],
    projects: inOrder([
      project('webkit', ['test/browser/**/*.test.{ts,tsx}'], {}, undefined, WEBKIT_STORIES),
      project('webkit-stories', WEBKIT_STORIES, {}),
      project('webkit-reduced-motion', ['test/browser/a11y.test.tsx', 'test/browser/panel.test.tsx'], { reducedMotion: 'reduce' }, /^(?!.*(no motion preference|runs by default|forced))/),
      project('webkit-dark', ['test/browser/color-scheme.test.tsx'], { colorScheme: 'dark' }),
      // The demo scenario (test/e2e/**) in WebKit, after the browser lane's projects.
      e2eProject('webkit'),
    ]),
  },
})
