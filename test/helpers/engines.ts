/**
 * What a browser engine under test cannot give, as named, counted skips.
 *
 * The browser tests run in Chromium (Playwright), Firefox (test/engines/firefox-provider.ts)
 * and possibly other engines. Where an engine lacks a signal a test needs (Chromium's CDP
 * accessibility tree, media emulation at run time), the test is skipped with the reason in
 * Vitest's report, never silently passed.
 */
import { TestRunner } from 'vitest'
import { commands, server } from 'vitest/browser'
import type { EmulatedMedia } from '../browser/commands'
import { MEDIA_UNSUPPORTED } from '../engines/firefox-media'

/** Signals some engines cannot give. */
export type EngineSignal = 'cdp'

/** Whether the engine running this test lacks `signal`. */
export function lacks(signal: EngineSignal): boolean {
  switch (signal) {
    case 'cdp':
      return server.provider !== 'playwright' || server.browser !== 'chromium'
  }
}

/** Skips the running test, with `reason` in the report. */
export function skipTest(reason: string): never {
  const test = TestRunner.getCurrentTest()
  if (!test) throw new Error(`skipTest outside a test: ${reason}`)
  test.context.skip(reason)
  throw new Error('unreachable: context.skip throws')
}

/** Skips the running test, naming the engine and the signal, when the engine lacks it. */
export function engineLacks(signal: EngineSignal, what: string): void {
  if (lacks(signal)) skipTest(`${server.browser} has no ${signal}: ${what}`)
}

/**
 * `commands.emulateMedia`, but where the engine cannot reach `media` at run time the test is
 * skipped with the engine's reason (another launch of that engine covers that state).
 */
export async function emulateMediaOrSkip(media: EmulatedMedia): Promise<void> {
  try {
    await commands.emulateMedia(media)
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    if (message.includes(MEDIA_UNSUPPORTED)) skipTest(`${server.browser}: ${message}`)
    throw error
  }
}
