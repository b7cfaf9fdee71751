/**
 * Three Vitest projects:
 *   unit       jsdom: what renders (test/react/**, and the .tsx files of test/core and test/docs)
 *   unit-node  Node: the rest of test/core, test/adapters, test/demo, test/docs, test/registry
 *              (no DOM to build per file: 85 s → 42 s for these 43 files on a 2-core machine)
 *   browser    real Chromium via Playwright; test/browser/**
 *   storybook  every story (play functions included) in the same Chromium
 *   e2e        Node: the demo server on a free port, the built demo page driven
 *              in Chromium by playwright-core; test/e2e/**
 *   (Firefox and WebKit: test/engines/firefox.config.ts and webkit.config.ts, the
 *   browser lane and the e2e scenario in each; npm run test:firefox / test:webkit)
 *
 * Chromium is the system binary (Debian package), never a Playwright download:
 * CHROMIUM_PATH overrides the default /usr/bin/chromium.
 */
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import type { BrowserCommands } from 'vitest/browser';
import type { BrowserCommand, BrowserConfigOptions } from 'vitest/node';
import { sourceAliases } from './scripts/source-aliases.mjs';
import { e2eProject } from './test/e2e/project';
import { chromiumArgs, chromiumPath } from './test/helpers/chromium.mjs';
import { browserOptimizeDeps, laneCacheDir } from './test/helpers/lane-cache.mjs';

const root = import.meta.dirname;

/** A fresh object per project: Vitest mutates `instances` while resolving. */
const browser = (contextOptions?: { reducedMotion: 'reduce' }) =>
  ({
    enabled: true,
    headless: true,
    screenshotFailures: false,
    provider: playwright({
      launchOptions: {
        executablePath: chromiumPath,
        args: chromiumArgs,
      },
      ...(contextOptions && { contextOptions }),
    }),
    instances: [{ browser: 'chromium' }],
  }) satisfies BrowserConfigOptions;

const domSetup = resolve(root, 'test/setup/dom.ts');
const webStreams = resolve(root, 'test/setup/web-streams.ts');
const waitLonger = resolve(root, 'test/setup/wait-for.ts');

/**
 * Commands the `browser` tests call through `commands` from 'vitest/browser'
 * (types: test/browser/commands.d.ts). They run here in Node with the
 * Playwright page; media emulation is per page, so it reaches the test iframe.
 */
const emulateMedia: BrowserCommand<Parameters<BrowserCommands['emulateMedia']>> = async (context, media) => {
  if (context.provider.name !== 'playwright') throw new Error('emulateMedia needs the playwright browser provider.');
  await context.page.emulateMedia({ ...media });
};

/** The unit tests that render nothing: `.ts` files outside test/react (their `.tsx` siblings run in jsdom). */
const nodeTests = ['test/core/**/*.test.ts', 'test/adapters/**/*.test.ts', 'test/demo/**/*.test.ts', 'test/docs/**/*.test.ts', 'test/registry/**/*.test.ts']

/** Tests and docs examples import the package by name, as users do; it resolves to the source. */
const alias = sourceAliases;

export default defineConfig({
  test: {
    // Every skip named and counted per project, after the default report.
    reporters: ['default', resolve(root, 'test/engines/skip-summary.ts')],
    projects: [
      {
        plugins: [react()],
        cacheDir: laneCacheDir,
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'jsdom',
          // Each file in a VM context of one worker thread, not a process of its own: a fresh jsdom
          // and module graph per file as before, without a process and an environment set up for
          // each (alone on 2 cores: 230 → 143 s of CPU, 124 → 80 s; docs/development.md, "Test
          // lanes"). unit-node stays in forks: in VM contexts six of its tests failed (SSE faults
          // against a real server, the demo page's build), for a saving of about 18 s of CPU.
          pool: 'vmThreads',
          // Vitest's default is one worker fewer than the cores: one on a 2-core CI machine, where
          // the run then kept 64% of the two cores busy (277 s). Two workers: 186 s, every test the same.
          maxWorkers: Math.max(2, availableParallelism() - 1),
          // A test asserts what happens, not how soon: the property tests over random markdown take
          // 4 s here and went past Vitest's 5 s default on a loaded 2-core machine. Hung ones still end.
          testTimeout: 30_000,
          include: ['test/react/**/*.test.{ts,tsx}', ...nodeTests.map((glob) => glob.replace(/\.ts$/, '.tsx'))],
          // web-streams first: the VM context lacks Node's web streams (test/setup/web-streams.ts).
          setupFiles: [webStreams, waitLonger, domSetup],
        },
      },
      {
        plugins: [react()],
        cacheDir: laneCacheDir,
        resolve: { alias },
        test: {
          name: 'unit-node',
          // No DOM: jsdom's environment cost about a second of CPU per file (docs/development.md, "Test lanes").
          environment: 'node',
          maxWorkers: Math.max(2, availableParallelism() - 1),
          testTimeout: 30_000,
          include: nodeTests,
          setupFiles: [waitLonger],
        },
      },
      {
        plugins: [react()],
        cacheDir: laneCacheDir,
        optimizeDeps: browserOptimizeDeps,
        resolve: { alias },
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.{ts,tsx}'],
          setupFiles: [domSetup],
          // A poll waits for what must happen, not for how soon: Vitest's 1 s default timed out on a
          // frozen-groups poll in WebKit with the two cores busy (80 paragraphs, 50 shown after 1 s).
          expect: { poll: { timeout: 10_000 } },
          browser: { ...browser(), commands: { emulateMedia } },
        },
      },
      {
        // Stories (and their globs) come from .storybook/main.ts. Reduced motion makes
        // axe (run right after each play function) deterministic: a live story's panel
        // collapsing on its own is never caught half-faded. Animation is tested in `browser`.
        plugins: [react(), storybookTest({ configDir: resolve(root, '.storybook') })],
        cacheDir: laneCacheDir,
        optimizeDeps: browserOptimizeDeps,
        test: {
          name: 'storybook',
          browser: browser({ reducedMotion: 'reduce' }),
        },
      },
      e2eProject('chromium'),
    ],
  },
});
