/**
 * Setup for DOM tests (jsdom `unit` project and Chromium `browser` project):
 * jest-dom matchers on Vitest's `expect`, and unmount rendered trees after each
 * test so tests do not see each other's DOM.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
});
