/**
 * A Vitest 4 browser provider for WebKitGTK: MiniBrowser driven by webdriverio
 * over WebDriver classic against WebKitWebDriver, on an Xvfb display.
 *
 * Why custom: Vitest's published webdriverio provider only knows chrome, firefox,
 * edge and safari (it sets `browserName`, which WebKitWebDriver refuses), and the
 * preview provider fakes input with synthetic events. Here every action is a real
 * WebDriver action inside the test iframe (test/engines/webkit-locators.ts hands
 * over one CSS selector per action).
 *
 * Processes, locale and launch-time media (one launch per state, since WebDriver
 * classic cannot emulate media at run time): ./webkit-launch.ts, shared with the
 * e2e harness.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { defineBrowserProvider, parseKeyDef, resolveScreenshotPath } from '@vitest/browser'
import type { BrowserCommand, BrowserProvider, BrowserProviderOption, TestProject } from 'vitest/node'
import { PNG } from 'pngjs'
import { launchWebKit, type WebKitLaunchOptions, type WebKitSession } from './webkit-launch'

export { miniBrowserPath, webkitDriverPath } from './webkit-launch'

export type WebKitProviderOptions = WebKitLaunchOptions

/**
 * The words test/helpers/engines.ts looks for to turn an emulateMedia failure into a named
 * skip; equal to MEDIA_UNSUPPORTED in test/engines/firefox-media.ts (not imported, so this
 * file stands alone while that one is another lane's).
 */
export const MEDIA_UNSUPPORTED = 'media emulation unsupported in this engine at run time'

/**
 * A named error for what WebKitGTK over WebDriver classic cannot do while the page is open.
 * Media errors carry MEDIA_UNSUPPORTED, which test/helpers/engines.ts turns into a named skip.
 */
export class UnsupportedInEngineError extends Error {
  override name = 'UnsupportedInEngineError'
  constructor(what: string, kind: 'media' | 'input') {
    super(kind === 'media'
      ? `${what}: ${MEDIA_UNSUPPORTED} (WebKitGTK over WebDriver classic has no media emulation; the state is set at launch, see webkit.config.ts)`
      : `${what} is unsupported in this engine at run time (WebKitGTK over WebDriver classic)`)
  }
}

/** The W3C WebDriver code points of the named keys the tests press (WebDriver spec, "Keyboard actions"). */
const WEBDRIVER_KEYS: Record<string, string> = {
  Enter: '\uE007', Tab: '\uE004', Escape: '\uE00C', Backspace: '\uE003', Delete: '\uE017',
  Shift: '\uE008', Control: '\uE009', Alt: '\uE00A', Meta: '\uE03D', Space: ' ',
  ArrowLeft: '\uE012', ArrowUp: '\uE013', ArrowRight: '\uE014', ArrowDown: '\uE015',
  Home: '\uE011', End: '\uE010', PageUp: '\uE00E', PageDown: '\uE00F',
}
const webdriverKey = (key: string) => WEBDRIVER_KEYS[key] ?? key

export class WebKitBrowserProvider implements BrowserProvider {
  readonly name = 'webkit'
  readonly supportsParallelism = false
  readonly initScripts = [resolve(import.meta.dirname, 'webkit-locators.ts')]
  browser: WebdriverIO.Browser | null = null
  private session: WebKitSession | undefined
  private opening: Promise<WebdriverIO.Browser> | undefined
  private closing = false

  constructor(readonly project: TestProject, readonly options: WebKitProviderOptions) {
    for (const [name, command] of Object.entries(commands)) project.browser!.registerCommand(name as never, command as unknown as BrowserCommand)
  }

  get reducedMotion(): 'reduce' | 'no-preference' {
    return this.options.reducedMotion ?? 'no-preference'
  }

  getCommandsContext() {
    return { browser: this.browser }
  }

  /**
   * Runs `action` with WebDriver's current browsing context set to the test iframe.
   * It stays there afterwards: WebKitWebDriver focuses the frame it switches to, and
   * switching back to the top page would take focus from the test's document (no
   * :focus, no :focus-visible). Each call starts from the top page, since the test
   * iframe is replaced per file.
   */
  async inTestFrame<T>(action: (browser: WebdriverIO.Browser) => Promise<T>): Promise<T> {
    const browser = this.browser
    if (!browser) throw new Error('The WebKit browser is not open.')
    await browser.switchFrame(null)
    const iframe = await browser.findElement('css selector', 'iframe[data-vitest]')
    // switchFrame (classic path) = switchToFrame without wdio's deprecation notice per call.
    await browser.switchFrame(iframe as unknown as WebdriverIO.Element)
    return action(browser)
  }

  private async openBrowser(): Promise<WebdriverIO.Browser> {
    this.session = await launchWebKit(this.options)
    return this.session.browser
  }

  async openPage(_sessionId: string, url: string): Promise<void> {
    if (this.closing) throw new Error('[vitest] The WebKit provider was closed.')
    this.opening ??= this.openBrowser()
    this.browser = await this.opening
    await this.browser.url(url)
  }

  async close(): Promise<void> {
    this.closing = true
    this.browser = null
    await this.session?.close()
    this.session = undefined
  }
}

type Context = Parameters<BrowserCommand<[]>>[0]
const providerOf = (context: Context) => context.provider as unknown as WebKitBrowserProvider

/** The W3C WebDriver web element identifier key. */
const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf'

/** Sends one W3C action sequence (key, pointer or wheel source). */
async function perform(browser: WebdriverIO.Browser, source: object): Promise<void> {
  await browser.performActions([source as never])
  await browser.releaseActions()
}

async function elementId(browser: WebdriverIO.Browser, selector: string): Promise<string> {
  const ref = await browser.findElement('css selector', selector) as Record<string, string>
  const id = ref[ELEMENT_KEY] ?? ref.ELEMENT
  if (!id) throw new Error(`WebKitWebDriver found no element for ${selector}: ${JSON.stringify(ref)}`)
  return id
}

async function clickTimes(context: Context, selector: string, times: number): Promise<void> {
  await providerOf(context).inTestFrame(async (browser) => {
    const id = await elementId(browser, selector)
    if (times === 1) return void await browser.elementClick(id)
    const origin = { [ELEMENT_KEY]: id }
    const actions: object[] = [{ type: 'pointerMove', duration: 0, origin, x: 0, y: 0 }]
    for (let i = 0; i < times; i++) actions.push({ type: 'pointerDown', button: 0 }, { type: 'pointerUp', button: 0 })
    await perform(browser, { type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions })
  })
}

/** Focuses the test iframe's document so key actions reach it, as Vitest's own providers do. */
const focusFrame = (browser: WebdriverIO.Browser) => browser.execute(() => {
  if (!document.hasFocus()) window.focus()
})

const commands = {
  __vitest_click: (context: Context, selector: string) => clickTimes(context, selector, 1),
  __vitest_dblClick: (context: Context, selector: string) => clickTimes(context, selector, 2),
  __vitest_tripleClick: (context: Context, selector: string) => clickTimes(context, selector, 3),
  __vitest_hover: (context: Context, selector: string) => providerOf(context).inTestFrame(async (browser) => {
    const origin = { [ELEMENT_KEY]: await elementId(browser, selector) }
    await perform(browser, { type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions: [{ type: 'pointerMove', duration: 0, origin, x: 0, y: 0 }] })
  }),
  __vitest_wheel: (context: Context, selector: string, { delta, times }: { delta: { x?: number, y?: number }, times: number }) =>
    providerOf(context).inTestFrame(async (browser) => {
      const origin = { [ELEMENT_KEY]: await elementId(browser, selector) }
      const actions = Array.from({ length: times }, () => ({ type: 'scroll', x: 0, y: 0, deltaX: delta.x ?? 0, deltaY: delta.y ?? 0, duration: 0, origin }))
      await perform(browser, { type: 'wheel', id: 'wheel', actions })
    }),
  __vitest_clear: (context: Context, selector: string) => providerOf(context).inTestFrame(async (browser) => {
    await browser.elementClear(await elementId(browser, selector))
  }),
  // Value APIs, not key-by-key: WebKitWebDriver dropped repeated letters typed one key at a time (issue 14).
  __vitest_fill: (context: Context, selector: string, text: string) => providerOf(context).inTestFrame(async (browser) => {
    const id = await elementId(browser, selector)
    await browser.elementClear(id)
    await browser.elementSendKeys(id, text)
  }),
  __vitest_tab: (context: Context, options: { shift?: boolean } = {}) => providerOf(context).inTestFrame(async (browser) => {
    await focusFrame(browser)
    const keys = options.shift ? [WEBDRIVER_KEYS.Shift!, WEBDRIVER_KEYS.Tab!] : [WEBDRIVER_KEYS.Tab!]
    await perform(browser, { type: 'key', id: 'keyboard', actions: [...keys.map(value => ({ type: 'keyDown', value })), ...keys.reverse().map(value => ({ type: 'keyUp', value }))] })
  }),
  __vitest_keyboard: (context: Context, text: string, state: { unreleased: string[] }) => providerOf(context).inTestFrame(async (browser) => {
    await focusFrame(browser)
    const pressed = new Set(state.unreleased)
    const actions: object[] = []
    for (const { releasePrevious, releaseSelf, repeat, keyDef } of parseKeyDef(text)) {
      const key = keyDef.key!
      if (key === 'selectall') throw new UnsupportedInEngineError('userEvent.keyboard("{selectall}")', 'input')
      if (pressed.has(key)) {
        actions.push({ type: 'keyUp', value: webdriverKey(key) })
        pressed.delete(key)
      }
      if (releasePrevious) continue
      for (let i = 0; i < repeat; i++) actions.push({ type: 'keyDown', value: webdriverKey(key) })
      if (releaseSelf) actions.push({ type: 'keyUp', value: webdriverKey(key) })
      else pressed.add(key)
    }
    // Keys held across calls are not released by releaseActions: send without it.
    if (actions.length) await browser.performActions([{ type: 'key', id: 'keyboard', actions } as never])
    return { unreleased: [...pressed] }
  }),
  __vitest_cleanup: async (context: Context, state: { unreleased?: string[] }) => {
    if (!state.unreleased?.length || !providerOf(context).browser) return
    await providerOf(context).browser!.releaseActions()
  },
  __vitest_takeScreenshot: async (context: Context, name: string, options: { path?: string, element?: string, save?: boolean } = {}) => {
    if (!context.testPath) throw new Error('A screenshot needs a running test file.')
    const path = resolveScreenshotPath(context.testPath, name, context.project.config, options.path)
    const buffer = await providerOf(context).inTestFrame(async (browser) => {
      const page = Buffer.from(await browser.takeScreenshot(), 'base64')
      return options.element ? cropToElement(browser, page, options.element) : page
    })
    if (options.save !== false) {
      mkdirSync(dirname(path), { recursive: true })
      writeFileSync(path, buffer)
    }
    return { buffer, path }
  },
}

/**
 * The part of a viewport capture that shows `selector` (in the test iframe, where the browser is
 * switched to). Not WebDriver's element screenshot: WebKitWebDriver returns it all black for an
 * element inside an iframe (every story capture was, seen side by side in test-results/engines/).
 * Leaves the browser switched into the test iframe again.
 */
async function cropToElement(browser: WebdriverIO.Browser, capture: Buffer, selector: string): Promise<Buffer> {
  const box = await browser.execute((sel: string) => {
    const r = document.querySelector(sel)!.getBoundingClientRect()
    return { x: r.x, y: r.y, width: r.width, height: r.height }
  }, selector)
  await browser.switchFrame(null)
  const frame = await browser.execute(() => {
    const iframe = document.querySelector<HTMLIFrameElement>('iframe[data-vitest]')!
    const r = iframe.getBoundingClientRect()
    // The orchestrator may scale the iframe (a CSS transform): its drawn size over its own.
    return { x: r.x + iframe.clientLeft, y: r.y + iframe.clientTop, scale: r.width / iframe.offsetWidth, dpr: devicePixelRatio }
  })
  await browser.switchFrame(await browser.findElement('css selector', 'iframe[data-vitest]') as unknown as WebdriverIO.Element)
  const image = PNG.sync.read(capture)
  const px = (v: number) => Math.round(v * frame.dpr)
  const left = Math.max(0, px(frame.x + box.x * frame.scale))
  const top = Math.max(0, px(frame.y + box.y * frame.scale))
  const width = Math.min(image.width - left, px(box.width * frame.scale))
  const height = Math.min(image.height - top, px(box.height * frame.scale))
  if (width <= 0 || height <= 0) throw new Error(`screenshot: ${selector} is outside the viewport`)
  const out = new PNG({ width, height })
  PNG.bitblt(image, out, left, top, width, height, 0, 0)
  return PNG.sync.write(out)
}

/** The media a page shows, read with matchMedia in the test iframe. */
export interface EngineMedia {
  readonly reducedMotion: 'reduce' | 'no-preference'
  readonly forcedColors: 'active' | 'none'
  readonly colorScheme: 'light' | 'dark'
}

/**
 * `commands.emulateMedia` for WebKit: WebDriver classic has no media emulation, so
 * a requested state is accepted when the page already shows it (set at launch:
 * reduced motion through GTK settings; light scheme; no forced colours) and
 * `null` (back to the launch state) is accepted; anything else throws
 * UnsupportedInEngineError naming the feature.
 */
export const emulateMediaWebKit: BrowserCommand<[{ reducedMotion?: string | null, forcedColors?: string | null, colorScheme?: string | null }]> = async (context, media) => {
  const actual = await providerOf(context).inTestFrame(browser => browser.execute(() => ({
    reducedMotion: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'reduce' : 'no-preference',
    forcedColors: matchMedia('(forced-colors: active)').matches ? 'active' : 'none',
    colorScheme: matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light',
  }))) as EngineMedia
  for (const feature of ['reducedMotion', 'forcedColors', 'colorScheme'] as const) {
    const wanted = media[feature]
    if (wanted == null || wanted === actual[feature]) continue
    throw new UnsupportedInEngineError(`emulateMedia({ ${feature}: '${wanted}' }) (the page shows '${actual[feature]}')`, 'media')
  }
}

export function webkit(options: WebKitProviderOptions = {}): BrowserProviderOption<WebKitProviderOptions> {
  return defineBrowserProvider({
    name: 'webkit',
    supportedBrowser: ['webkit'],
    options,
    providerFactory: project => new WebKitBrowserProvider(project, options),
  })
}
