/**
 * Setup for DOM tests (jsdom `unit` project and Chromium `browser` project):
 * jest-dom matchers on Vitest's `expect`, and unmount rendered trees after each
 * test so tests do not see each other's DOM. `waitFor` waits up to 10 s, not 1: what a
 * test waits for (a flood that catches up a budget a frame, a freeze once the page is idle)
 * takes longer on a loaded 2-core machine, and a test asserts what happens, not how soon.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';

// The markdown parser loads with import() on first use (see loadMarkdown): tests render with it
// there. Imported once the test file is (in a hook), so that the file's module mocks apply to the kit.
beforeAll(async () => {
  const { loadMarkdown } = await import('reasoning-ui');
  await loadMarkdown();
});

configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
});
