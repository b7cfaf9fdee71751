/**
 * Types of the Vitest browser commands that vitest.config.ts registers for the
 * `browser` project (they run in Node, on the Playwright page hosting the test
 * iframe). Call them as `commands.emulateMedia(...)` from 'vitest/browser'.
 */

/** Media features a test may emulate; `null` turns that emulation off. */
export interface EmulatedMedia {
  readonly reducedMotion?: 'reduce' | 'no-preference' | null
  readonly forcedColors?: 'active' | 'none' | null
  readonly colorScheme?: 'light' | 'dark' | null
}

declare module 'vitest/browser' {
  interface BrowserCommands {
    /** Playwright's `page.emulateMedia`: prefers-reduced-motion, forced-colors, prefers-color-scheme. */
    emulateMedia: (media: EmulatedMedia) => Promise<void>
  }
}
