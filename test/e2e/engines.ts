/**
 * The e2e driver's primitives (./driver.ts `Backend`) in each engine, every one a
 * system binary from Debian's packages, never a download:
 *
 *   chromium  playwright-core, Debian's chromium (CHROMIUM_PATH)
 *   firefox   puppeteer-core over WebDriver BiDi, Debian's firefox-esr (FIREFOX_PATH)
 *   webkit    webdriverio over WebDriver classic: WebKitWebDriver and MiniBrowser
 *             under Xvfb (test/engines/webkit-launch.ts)
 *
 * One browser per test file (`launchEngine`), one fresh page per scenario step
 * (`Engine.newPage`): a new context in Chromium and Firefox; in WebKit, whose
 * WebDriver session is one window, the same window taken back to about:blank
 * (the demo keeps no storage, so nothing carries over).
 */
import { writeFileSync } from 'node:fs'
import { chromium, type ElementHandle } from 'playwright-core'
import puppeteer, { type ElementHandle as PuppeteerElement, type KeyInput } from 'puppeteer-core'
import { launchWebKit } from '../engines/webkit-launch'
import { chromiumArgs, chromiumPath } from '../helpers/chromium.mjs'
import { firefoxPath } from '../helpers/engine-paths.mjs'
import type { Backend, Key } from './driver'

export type EngineName = Backend['engine']
export const ENGINES: readonly EngineName[] = ['chromium', 'firefox', 'webkit']

export interface Engine {
  readonly name: EngineName
  /** A fresh page of `width` × `height` CSS pixels. */
  newPage(width: number, height: number): Promise<Backend>
  close(): Promise<void>
}

export async function launchEngine(name: EngineName): Promise<Engine> {
  switch (name) {
    case 'chromium':
      return launchChromium()
    case 'firefox':
      return launchFirefox()
    case 'webkit':
      return launchWebKitEngine()
  }
}

/** A page expression wrapped so that it is evaluated as an expression (a string `evaluate` argument). */
const asExpression = (expression: string) => `(async () => (${expression}))()`

async function launchChromium(): Promise<Engine> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
  return {
    name: 'chromium',
    async newPage(width, height) {
      const context = await browser.newContext({ viewport: { width, height } })
      const page = await context.newPage()
      const element = async (expression: string) => {
        const handle = (await page.evaluateHandle(asExpression(expression))).asElement() as ElementHandle<HTMLElement> | null
        if (!handle) throw new Error(`not an element: ${expression}`)
        return handle
      }
      return {
        engine: 'chromium',
        goto: async (url) => void (await page.goto(url)),
        evaluate: (expression) => page.evaluate(asExpression(expression)),
        click: async (expression) => (await element(expression)).click(),
        fill: async (expression, text) => (await element(expression)).fill(text),
        async wheel(expression, deltaY, times) {
          await (await element(expression)).hover()
          for (let i = 0; i < times; i++) await page.mouse.wheel(0, deltaY)
        },
        type: (text) => page.keyboard.type(text),
        press: (key) => page.keyboard.press(key),
        setViewport: async (w, h) => (await page.setViewportSize({ width: w, height: h }), false),
        screenshot: async (path) => void (await page.screenshot({ path })),
        close: () => context.close(),
      }
    },
    close: () => browser.close(),
  }
}

/** Puppeteer's key names: the space bar is ' '. */
const puppeteerKey = (key: Key): KeyInput => (key === 'Space' ? ' ' : key)

async function launchFirefox(): Promise<Engine> {
  const browser = await puppeteer.launch({ browser: 'firefox', executablePath: firefoxPath, headless: true })
  return {
    name: 'firefox',
    async newPage(width, height) {
      const context = await browser.createBrowserContext()
      const page = await context.newPage()
      await page.setViewport({ width, height })
      const element = async (expression: string) => {
        const handle = (await page.evaluateHandle(asExpression(expression))).asElement() as PuppeteerElement<HTMLElement> | null
        if (!handle) throw new Error(`not an element: ${expression}`)
        return handle
      }
      return {
        engine: 'firefox',
        goto: async (url) => void (await page.goto(url)),
        evaluate: (expression) => page.evaluate(asExpression(expression)),
        click: async (expression) => (await element(expression)).click(),
        async fill(expression, text) {
          const field = await element(expression)
          // Select what is there, so that typing replaces it, as Playwright's fill does.
          await field.evaluate((el) => {
            ;(el as HTMLInputElement).focus()
            ;(el as HTMLInputElement).select()
          })
          if (text === '') await page.keyboard.press('Backspace')
          else await field.type(text)
        },
        async wheel(expression, deltaY, times) {
          await (await element(expression)).hover()
          for (let i = 0; i < times; i++) await page.mouse.wheel({ deltaY })
        },
        type: (text) => page.keyboard.type(text),
        press: (key) => page.keyboard.press(puppeteerKey(key)),
        setViewport: async (w, h) => (await page.setViewport({ width: w, height: h }), false),
        screenshot: async (path) => void (await page.screenshot({ path: path as `${string}.png` })),
        close: () => context.close(),
      }
    },
    close: () => browser.close(),
  }
}

/** The W3C WebDriver code points of the keys the scenario presses. */
const WEBDRIVER_KEYS: Record<Key, string> = { Enter: '\uE007', Tab: '\uE004', Escape: '\uE00C', Space: ' ' }
const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf'

async function launchWebKitEngine(): Promise<Engine> {
  const session = await launchWebKit()
  const browser = session.browser
  /** The window's outer size minus its inner size: MiniBrowser's own toolbar and frame. */
  let chrome: { width: number; height: number } | undefined
  /**
   * A viewport narrower than MiniBrowser's window can be (GTK gives it a minimum width, 447 px
   * here): the page runs in an iframe of that size instead, a real viewport for its media
   * queries and layout. WebDriver's current browsing context is then that iframe.
   */
  let framed: { width: number; height: number } | undefined
  const elementId = async (expression: string): Promise<string> => {
    const ref = (await browser.execute(`return ${expression}`)) as Record<string, string> | null
    const id = ref?.[ELEMENT_KEY]
    if (!id) throw new Error(`not an element: ${expression}`)
    return id
  }
  const inner = async () => (await browser.execute('return [innerWidth, innerHeight]')) as [number, number]
  const resizeWindow = async (width: number, height: number) => {
    const before = await inner()
    if (!chrome) {
      const rect = await browser.getWindowRect()
      chrome = { width: rect.width - before[0], height: rect.height - before[1] }
    }
    await browser.setWindowRect(0, 0, width + chrome.width, height + chrome.height)
    // GTK resizes the window asynchronously: WebKitWebDriver can answer before the page's
    // viewport has its new size (CI once read the previous test's 900 × 500). Wait until it
    // is the size asked for, or has moved and settled (GTK's minimum width stops it short).
    const same = (a: readonly number[], b: readonly number[]) => a[0] === b[0] && a[1] === b[1]
    let size = await inner()
    for (let tries = 0; tries < 40 && !same(size, [width, height]); tries++) {
      await new Promise((wait) => setTimeout(wait, 50))
      const next = await inner()
      if (same(next, size) && !same(next, before)) break
      size = next
    }
    return size
  }
  const goto = async (url: string) => {
    await browser.switchFrame(null)
    if (!framed) return void (await browser.url(url))
    const { width, height } = framed
    // A host document of the page's own origin (WebKitWebDriver calls a field in a cross-origin
    // iframe "not focusable"): the server's small health answer, its body replaced.
    await browser.url(new URL('/api/health', url).href)
    await browser.execute(
      (src: string, w: number, h: number) =>
        new Promise<void>((loaded) => {
          document.body.replaceChildren()
          document.body.style.margin = '0'
          const frame = document.createElement('iframe')
          frame.id = 'e2e-viewport'
          frame.style.cssText = `border: 0; display: block; width: ${w}px; height: ${h}px`
          frame.addEventListener('load', () => loaded(), { once: true })
          frame.src = src
          document.body.append(frame)
        }),
      url,
      width,
      height,
    )
    await browser.switchFrame(await browser.findElement('css selector', '#e2e-viewport') as unknown as WebdriverIO.Element)
  }
  return {
    name: 'webkit',
    async newPage(width, height) {
      framed = undefined
      await browser.switchFrame(null)
      await browser.url('about:blank')
      const [w, h] = await resizeWindow(width, height)
      if (w !== width || h !== height) throw new Error(`WebKit viewport is ${w} × ${h}, not ${width} × ${height}`)
      return {
        engine: 'webkit',
        goto,
        // WebDriver runs the script as a function body and awaits a returned promise.
        evaluate: (expression) => browser.execute(`return ${asExpression(expression)}`),
        click: async (expression) => browser.elementClick(await elementId(expression)),
        // Element value APIs, not key-by-key: WebKitWebDriver dropped repeated letters typed one key at a time.
        async fill(expression, text) {
          const id = await elementId(expression)
          // In an iframe, WebKitWebDriver finds the field "not focusable" until script focuses it.
          await browser.execute(`${expression}.focus()`)
          await browser.elementClear(id)
          if (text !== '') await browser.elementSendKeys(id, text)
        },
        async type(text) {
          await browser.elementSendKeys(await elementId('document.activeElement'), text)
        },
        async wheel(expression, deltaY, times) {
          const origin = { [ELEMENT_KEY]: await elementId(expression) }
          const actions = Array.from({ length: times }, () => ({ type: 'scroll', x: 0, y: 0, deltaX: 0, deltaY, duration: 0, origin }))
          await browser.performActions([{ type: 'wheel', id: 'wheel', actions } as never])
          await browser.releaseActions()
        },
        async press(key) {
          const value = WEBDRIVER_KEYS[key]
          await browser.performActions([{ type: 'key', id: 'keyboard', actions: [{ type: 'keyDown', value }, { type: 'keyUp', value }] }])
          await browser.releaseActions()
        },
        async setViewport(width, height) {
          const url = (await browser.execute('return location.href')) as string
          await browser.switchFrame(null)
          const [w, h] = await resizeWindow(width, height)
          const fits = w === width && h === height
          if (fits && !framed) return false
          framed = fits ? undefined : { width, height }
          await goto(url)
          return true
        },
        async screenshot(path) {
          if (!framed) return writeFileSync(path, Buffer.from(await browser.takeScreenshot(), 'base64'))
          await browser.switchFrame(null)
          const frame = await browser.findElement('css selector', '#e2e-viewport') as Record<string, string>
          writeFileSync(path, Buffer.from(await browser.takeElementScreenshot(frame[ELEMENT_KEY]!), 'base64'))
          await browser.switchFrame(frame as unknown as WebdriverIO.Element)
        },
        close: async () => {
          framed = undefined
          await browser.switchFrame(null)
          await browser.url('about:blank')
        },
      }
    },
    close: () => session.close(),
  }
}
