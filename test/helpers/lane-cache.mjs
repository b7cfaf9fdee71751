// Where Vite keeps its optimised dependencies for the running lane of `npm test` (scripts/test.mjs
// sets TEST_LANE): a folder per lane, so that lanes side by side never write the same cache (a
// browser lane's page reloads when its dependencies' metadata changes under it). Unset (one lane
// run alone, an editor's runner), Vite's default.
import { resolve } from 'node:path';

const lane = process.env.TEST_LANE;

/** `cacheDir` for a Vitest project's Vite server. */
export const laneCacheDir = lane ? resolve(import.meta.dirname, '../../node_modules/.vite/lanes', lane.replace(/[^\w-]/g, '_')) : undefined;

/**
 * What a browser project's Vite server bundles at its start besides what its scan of the test
 * files finds: `vitest/browser` reaches `@vitest/browser/locators` only at run time, so every
 * browser project (eight in a run) bundled its dependencies a second time once tests had started,
 * and a dependency optimized mid-run may reload the test page (vitest-dev/vitest#10775).
 */
export const browserOptimizeDeps = { include: ['@vitest/browser/locators'] };
