/**
 * A Vitest 4 browser provider running the browser tests in Firefox ESR, driven
 * by puppeteer-core over WebDriver BiDi (no driver download: the Debian
 * package's binary, as for Chromium).
 *
 * Why not the published providers: Playwright's Firefox is its own patched
 * build (and its BiDi mode calls `emulation.setMediaFeaturesOverride`, unknown
 * to Firefox 153); @vitest/browser-webdriverio needs geckodriver, which has no
 * offline install here.
 *
 * User events: the provider calls itself "preview", so Vitest's client uses
 * its in-page user-event (@testing-library/user-event, synthetic DOM events)
 * instead of provider commands: puppeteer cannot resolve the Playwright
 * locator selectors those commands receive. Keyboard, click and wheel events
 * are therefore untrusted here, a harness gap to keep in mind when reading a
 * Firefox result.
 *
 * Media: BiDi in Firefox 153 has no run-time media emulation, so the state is
 * chosen at launch with Firefox preferences (`media`), one project per state
 * (test/engines/firefox.config.ts). The `emulateMedia` command applies when the
 * page is already in the requested state and otherwise fails with
 * MEDIA_UNSUPPORTED in its message, which test/helpers/engines.ts turns into a
 * named, counted skip.
 */
import { mkdir } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { assertBrowserApiWrite, defineBrowserProvider, resolveScreenshotPath } from '@vitest/browser'
import puppeteer, { type Browser, type BrowserContext, type Frame, type KeyInput, type Page } from 'puppeteer-core'
import type { BrowserCommand, BrowserProvider, BrowserProviderOption, TestProject } from 'vitest/node'
import type { EmulatedMedia } from '../browser/commands'
import { firefoxPath } from '../helpers/engine-paths.mjs'
import { MEDIA_UNSUPPORTED } from './firefox-media'

export { firefoxPath }

/** The media state Firefox is launched in; an omitted feature is the engine's default. */
export interface FirefoxMedia {
  readonly reducedMotion?: 'reduce' | 'no-preference'
  readonly forcedColors?: 'active' | 'none'
  readonly colorScheme?: 'light' | 'dark'
}

export interface FirefoxProviderOptions {
  readonly media?: FirefoxMedia
}

/** The launch state with every feature spelled out (defaults: no preference, no forced colours, light). */
export function launchState(media: FirefoxMedia = {}): Required<FirefoxMedia> {
  return {
    reducedMotion: media.reducedMotion ?? 'no-preference',
    forcedColors: media.forcedColors ?? 'none',
    colorScheme: media.colorScheme ?? 'light',
  }
}

/**
 * Firefox preferences giving `media` (SOURCE: Firefox's modules/libpref/init/StaticPrefList.yaml):
 * ui.prefersReducedMotion 1 = reduce, 0 = no preference; browser.display.document_color_use
 * 2 = always the user's colours (forced-colors: active), 0 = the page's when high contrast is off;
 * layout.css.prefers-color-scheme.content-override 0 = dark, 1 = light.
 */
export function mediaPrefs(media: FirefoxMedia = {}): Record<string, number> {
  const state = launchState(media)
  return {
    'ui.prefersReducedMotion': state.reducedMotion === 'reduce' ? 1 : 0,
    'browser.display.document_color_use': state.forcedColors === 'active' ? 2 : 0,
    'layout.css.prefers-color-scheme.content-override': state.colorScheme === 'dark' ? 0 : 1,
  }
}

const features = { reducedMotion: 'prefers-reduced-motion', forcedColors: 'forced-colors', colorScheme: 'prefers-color-scheme' } as const

/**
 * `commands.emulateMedia` for this provider: each requested feature must be the launch state
 * (`null`, "no emulation", is the launch state); the page's own matchMedia confirms it.
 */
export const emulateMedia: BrowserCommand<[EmulatedMedia]> = async (context, media) => {
  const provider = context.provider as FirefoxProvider
  if (!(provider instanceof FirefoxProvider)) throw new Error('emulateMedia: not the Firefox provider')
  const state = launchState(provider.options.media)
  const frame = await provider.testFrame(context.sessionId)
  for (const key of Object.keys(features) as (keyof typeof features)[]) {
    const wanted = media[key]
    if (wanted === undefined || wanted === null) continue
    if (wanted !== state[key]) {
      throw new Error(
        `${MEDIA_UNSUPPORTED}: ${features[key]}: ${wanted} (Firefox has no run-time media emulation over BiDi; ` +
          `this launch is ${features[key]}: ${state[key]}, another Firefox project launches in ${wanted})`,
      )
    }
    const query = `(${features[key]}: ${wanted})`
    const matches = await frame.evaluate((q: string) => matchMedia(q).matches, query)
    if (!matches) throw new Error(`Firefox was launched for ${query} but the test page does not match it`)
  }
}

interface ScreenshotOptions {
  readonly path?: string
  readonly save?: boolean
  /** A CSS selector (Vitest's client turns an element into one for this provider). */
  readonly element?: string
}

/**
 * `page.screenshot` (Vitest's `__vitest_takeScreenshot`): the element, or the test frame's body,
 * captured by Firefox (puppeteer's ElementHandle.screenshot) and saved where Vitest resolves the path.
 */
const takeScreenshot: BrowserCommand<[string, ScreenshotOptions]> = async (context, name, options) => {
  if (!context.testPath) throw new Error('Cannot take a screenshot without a test path')
  const provider = context.provider as FirefoxProvider
  const path = resolveScreenshotPath(context.testPath, name, context.project.config, options.path)
  const frame = await provider.testFrame(context.sessionId)
  const selector = options.element ?? 'body'
  const element = await frame.$(selector)
  if (!element) throw new Error(`screenshot: no element matches ${selector}`)
  if (options.save) {
    assertBrowserApiWrite(context.project, path)
    await mkdir(dirname(path), { recursive: true })
  }
  const buffer = Buffer.from(await element.screenshot(options.save ? { path: path as `${string}.png` } : {}))
  return { buffer, path }
}

/** A trusted click (puppeteer over BiDi) on the element firefox-locators.ts selected. */
const click: BrowserCommand<[string, object?]> = async (context, selector) => {
  const provider = context.provider as FirefoxProvider
  const element = await (await provider.testFrame(context.sessionId)).$(selector)
  if (!element) throw new Error(`click: no element matches ${selector}`)
  await element.click()
}

/**
 * `userEvent.keyboard`'s text (user-event syntax: `{Enter}` presses a key, `{Shift>}` holds it,
 * `{/Shift}` releases it, any other character is typed) as puppeteer key presses.
 */
const keyboard: BrowserCommand<[string]> = async (context, text) => {
  const page = (context.provider as FirefoxProvider).page(context.sessionId)
  for (const [, release, key, hold, char] of text.matchAll(/\{(\/)?([^}>]+)(>)?\}|(.)/gsu)) {
    const name = (key ?? char) as KeyInput
    if (release) await page.keyboard.up(name)
    else if (hold) await page.keyboard.down(name)
    else await page.keyboard.press(name === ('Space' as KeyInput) ? ' ' : name)
  }
}

/** `userEvent.wheel`: the mouse over the element's centre, then `times` wheel turns. */
const wheel: BrowserCommand<[string, number, number, number]> = async (context, selector, deltaX, deltaY, times) => {
  const provider = context.provider as FirefoxProvider
  const element = await (await provider.testFrame(context.sessionId)).$(selector)
  if (!element) throw new Error(`wheel: no element matches ${selector}`)
  await element.hover()
  for (let turn = 0; turn < times; turn++) await provider.page(context.sessionId).mouse.wheel({ deltaX, deltaY })
}

export class FirefoxProvider implements BrowserProvider {
  /** "preview": see the file's comment (Vitest's in-page user-event). */
  readonly name = 'preview'
  readonly supportsParallelism = false
  readonly initScripts = [resolve(import.meta.dirname, 'firefox-locators.ts')]
  /** Where Vitest resolves @testing-library/user-event from for the in-page user events. */
  readonly distRoot = import.meta.dirname
  readonly options: FirefoxProviderOptions
  private browser: Promise<Browser> | undefined
  private readonly contexts = new Map<string, BrowserContext>()
  private readonly pages = new Map<string, Page>()

  constructor(project: TestProject, options: FirefoxProviderOptions) {
    this.options = options
    this.headless = project.config.browser.headless
    project.browser?.registerCommand('__vitest_takeScreenshot' as never, takeScreenshot as BrowserCommand)
    project.browser?.registerCommand('__vitest_click' as never, click as BrowserCommand)
    project.browser?.registerCommand('__vitest_firefox_keyboard' as never, keyboard as BrowserCommand)
    project.browser?.registerCommand('__vitest_firefox_wheel' as never, wheel as BrowserCommand)
  }

  private readonly headless: boolean

  private launch(): Promise<Browser> {
    this.browser ??= puppeteer.launch({
      browser: 'firefox',
      executablePath: firefoxPath,
      headless: this.headless,
      // Larger than Vitest's default test iframe (414 x 896), so the orchestrator does not scale
      // the iframe down: puppeteer's click coordinates do not account for that CSS scale.
      defaultViewport: { width: 1280, height: 1024 },
      extraPrefsFirefox: mediaPrefs(this.options.media),
    })
    return this.browser
  }

  page(sessionId: string): Page {
    const page = this.pages.get(sessionId)
    if (!page) throw new Error(`no Firefox page for session ${sessionId}`)
    return page
  }

  getCommandsContext(sessionId: string): Record<string, unknown> {
    return { page: this.page(sessionId), frame: () => this.testFrame(sessionId) }
  }

  /** The iframe Vitest runs the test file in (the orchestrator page hosts it). */
  async testFrame(sessionId: string): Promise<Frame> {
    const page = this.pages.get(sessionId)
    if (!page) throw new Error(`no Firefox page for session ${sessionId}`)
    for (let attempt = 0; attempt < 50; attempt++) {
      for (const frame of page.frames()) {
        if (frame === page.mainFrame()) continue
        const element = await frame.frameElement()
        const isTester = element && (await element.evaluate((e) => e.getAttribute('data-vitest') === 'true'))
        if (isTester) return frame
      }
      await new Promise((r) => setTimeout(r, 20))
    }
    throw new Error('no Vitest test iframe in the Firefox page')
  }

  async openPage(sessionId: string, url: string): Promise<void> {
    const browser = await this.launch()
    await this.pages.get(sessionId)?.close()
    let context = this.contexts.get(sessionId)
    if (!context) {
      context = await browser.createBrowserContext()
      this.contexts.set(sessionId, context)
    }
    const page = await context.newPage()
    this.pages.set(sessionId, page)
    await page.goto(url, { timeout: 0 })
  }

  async close(): Promise<void> {
    const browser = this.browser
    this.browser = undefined
    this.pages.clear()
    this.contexts.clear()
    await (await browser)?.close()
  }
}

/** The provider for `test.browser.provider`; `media` picks the launch state. */
export function firefox(options: FirefoxProviderOptions = {}): BrowserProviderOption<FirefoxProviderOptions> {
  return defineBrowserProvider({
    name: 'preview',
    supportedBrowser: ['firefox'],
    options,
    providerFactory: (project: TestProject) => new FirefoxProvider(project, options),
  })
}
