/**
 * The e2e scenario's view of a browser page, the same in every engine.
 *
 * The demo scenario (test/e2e/demo.test.ts) runs in Chromium, Firefox and WebKit,
 * and no one automation library drives all three here: Playwright needs its own
 * patched Firefox and WebKit builds (not installable offline), puppeteer-core
 * drives Debian's Firefox over WebDriver BiDi but not WebKit, and WebKitGTK speaks
 * WebDriver classic only. So the scenario is written against this small,
 * Playwright-shaped surface (locators of CSS and ARIA-role steps, resolved in the
 * page; real input from the engine's own automation), and test/e2e/engines.ts
 * implements the few primitives per engine.
 *
 * Like Playwright's, single-element operations wait for the locator to match
 * (up to `ACTION_TIMEOUT_MS`) and are strict: more than one match is an error.
 */

/** One step of a locator: CSS below the previous matches, the nth match, or elements of an ARIA role with a name. */
export type Step =
  | { readonly css: string }
  | { readonly nth: number }
  | { readonly role: Role; readonly name?: string }

/** The roles the scenario looks up, each with the elements that have it natively or explicitly. */
export const ROLE_SELECTORS = {
  button: 'button, [role="button"], input[type="button"], input[type="submit"]',
  radio: 'input[type="radio"], [role="radio"]',
  textbox: 'textarea, input:not([type]), input[type="text"], input[type="search"], [role="textbox"]',
  combobox: 'select, [role="combobox"]',
  alert: '[role="alert"]',
} as const
export type Role = keyof typeof ROLE_SELECTORS

/** Keys the scenario presses (named as Playwright and the W3C key values name them). */
export type Key = 'Enter' | 'Tab' | 'Space' | 'Escape'

export interface Box {
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
}

/**
 * What each engine provides. `expression` arguments are JavaScript expressions evaluated
 * in the page (a returned promise is awaited; the result must be JSON-serialisable);
 * `element` expressions evaluate to one element.
 */
export interface Backend {
  readonly engine: 'chromium' | 'firefox' | 'webkit'
  goto(url: string): Promise<void>
  evaluate(expression: string): Promise<unknown>
  /** A trusted click at the element's centre, scrolled into view first. */
  click(element: string): Promise<void>
  /** Replaces the text of a text field, as typing does (React sees input events). */
  fill(element: string, text: string): Promise<void>
  /** Trusted wheel turns (`deltaY` px each) with the pointer over the element's centre. */
  wheel(element: string, deltaY: number, times: number): Promise<void>
  /** Types into the focused element. */
  type(text: string): Promise<void>
  press(key: Key): Promise<void>
  /**
   * Resizes the viewport. Resolves `true` when the engine had to load the page again to do it
   * (WebKit below its window's minimum width: the page moves into an iframe of that size).
   */
  setViewport(width: number, height: number): Promise<boolean>
  screenshot(path: string): Promise<void>
  close(): Promise<void>
}

export const ACTION_TIMEOUT_MS = 15_000

/**
 * Installed in the page (once per document, by `Page.goto` and `Page.setViewportSize`) before any locator is resolved: resolves steps to
 * elements, and names an element the way the scenario's roles need (aria-label, aria-labelledby,
 * its labels, else its text).
 */
export function e2eLibrary(roles: Record<string, string>): void {
  const w = window as unknown as { __e2e?: unknown }
  const text = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim()
  const accessibleName = (el: Element): string => {
    const label = el.getAttribute('aria-label')
    if (label) return label.trim()
    const by = el.getAttribute('aria-labelledby')
    if (by) return by.split(/\s+/).map((id) => { const ref = document.getElementById(id); return ref ? text(ref) : '' }).join(' ').trim()
    const labels = (el as HTMLInputElement).labels
    // A label's own words: the text of a control inside it (a select's options) is not its name.
    const own = (label: Element) => {
      const copy = label.cloneNode(true) as Element
      for (const control of copy.querySelectorAll('select, textarea, input')) control.remove()
      return text(copy)
    }
    if (labels && labels.length > 0) return [...labels].map(own).join(' ').trim()
    return text(el)
  }
  const hidden = (el: Element) => Boolean(el.closest('[hidden], [aria-hidden="true"]')) || getComputedStyle(el).visibility === 'hidden'
  type S = { css?: string; nth?: number; role?: string; name?: string }
  const all = (steps: S[]): Element[] => {
    let scope: (Element | Document)[] = [document]
    for (const step of steps) {
      if (step.nth !== undefined) {
        const pick = step.nth < 0 ? scope[scope.length + step.nth] : scope[step.nth]
        scope = pick ? [pick] : []
        continue
      }
      const selector = step.css ?? roles[step.role!]!
      const found = new Set<Element>()
      for (const root of scope) for (const el of root.querySelectorAll(selector)) found.add(el)
      let list = [...found]
      if (step.role !== undefined) list = list.filter((el) => !hidden(el) && (step.name === undefined || accessibleName(el) === step.name))
      scope = list
    }
    return scope as Element[]
  }
  w.__e2e = { all, accessibleName }
}

/** The page side of `e2eLibrary`, as the expressions below use it. */
declare global {
  interface Window {
    __e2e: { all(steps: readonly Step[]): Element[]; accessibleName(el: Element): string }
  }
}

const json = (value: unknown) => JSON.stringify(value)
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))

/** Arguments the page functions below receive after the element(s): JSON values only. */
type Json = string | number | boolean | null | undefined | readonly Json[] | { readonly [key: string]: Json }

export class Locator {
  constructor(
    private readonly page: Page,
    readonly steps: readonly Step[],
  ) {}

  private with(step: Step): Locator {
    return new Locator(this.page, [...this.steps, step])
  }

  locator(css: string): Locator {
    return this.with({ css })
  }
  getByRole(role: Role, { name }: { name?: string } = {}): Locator {
    return this.with(name === undefined ? { role } : { role, name })
  }
  nth(index: number): Locator {
    return this.with({ nth: index })
  }
  first(): Locator {
    return this.nth(0)
  }
  last(): Locator {
    return this.nth(-1)
  }

  /** An expression evaluating to every match. */
  get allExpression(): string {
    return `window.__e2e.all(${json(this.steps)})`
  }

  /** An expression evaluating to the one match (call after `resolved()`). */
  get oneExpression(): string {
    return `${this.allExpression}[0]`
  }

  toString(): string {
    return this.steps.map((s) => ('css' in s ? s.css : 'nth' in s ? `nth=${s.nth}` : `role=${s.role}${s.name === undefined ? '' : `[name="${s.name}"]`}`)).join(' >> ')
  }

  async count(): Promise<number> {
    return (await this.page.evaluateExpression(`${this.allExpression}.length`)) as number
  }

  /** Waits until exactly one element matches; throws at once on more than one (strict, as Playwright). */
  async resolved(timeout = ACTION_TIMEOUT_MS): Promise<this> {
    const deadline = Date.now() + timeout
    for (;;) {
      const n = await this.count()
      if (n === 1) return this
      if (n > 1) throw new Error(`strict mode: ${this} matched ${n} elements`)
      if (Date.now() > deadline) throw new Error(`${this} matched nothing within ${timeout} ms`)
      await sleep(50)
    }
  }

  async waitFor({ timeout = ACTION_TIMEOUT_MS }: { timeout?: number } = {}): Promise<void> {
    await this.resolved(timeout)
  }

  /** `fn(element, arg)` in the page, on the one match. */
  async evaluate<R, A extends Json = undefined>(fn: (el: HTMLElement, arg: A) => R, arg?: A): Promise<Awaited<R>> {
    await this.resolved()
    return (await this.page.evaluateExpression(`(${fn.toString()})(${this.oneExpression}, ${json(arg ?? null)})`)) as Awaited<R>
  }

  /** `fn(elements, arg)` in the page, on every match (none is fine). */
  async evaluateAll<R, A extends Json = undefined>(fn: (els: HTMLElement[], arg: A) => R, arg?: A): Promise<Awaited<R>> {
    return (await this.page.evaluateExpression(`(${fn.toString()})(${this.allExpression}, ${json(arg ?? null)})`)) as Awaited<R>
  }

  getAttribute(name: string): Promise<string | null> {
    return this.evaluate((el, n) => el.getAttribute(n), name)
  }
  textContent(): Promise<string | null> {
    return this.evaluate((el) => el.textContent)
  }
  allTextContents(): Promise<string[]> {
    return this.evaluateAll((els) => els.map((el) => el.textContent ?? ''))
  }
  boundingBox(): Promise<Box> {
    return this.evaluate((el) => {
      const r = el.getBoundingClientRect()
      return { x: r.x, y: r.y, width: r.width, height: r.height }
    })
  }
  async focus(): Promise<void> {
    await this.evaluate((el) => el.focus())
  }
  async click(): Promise<void> {
    await this.resolved()
    await this.page.backend.click(this.oneExpression)
  }
  async fill(text: string): Promise<void> {
    await this.resolved()
    await this.page.backend.fill(this.oneExpression, text)
  }
  /** The pointer over the element, then `times` wheel turns of `deltaY` px. */
  async wheel(deltaY: number, times = 1): Promise<void> {
    await this.resolved()
    await this.page.backend.wheel(this.oneExpression, deltaY, times)
  }
  /** Focuses the element, then presses `key`. */
  async press(key: Key): Promise<void> {
    await this.focus()
    await this.page.keyboard.press(key)
  }
  /** Clicks a radio or checkbox unless it is already checked. */
  async check(): Promise<void> {
    if (!(await this.evaluate((el) => (el as HTMLInputElement).checked))) await this.click()
    if (!(await this.evaluate((el) => (el as HTMLInputElement).checked))) throw new Error(`${this} did not become checked`)
  }
}

export class Page {
  readonly keyboard: { press(key: Key): Promise<void>; type(text: string): Promise<void> }

  constructor(
    readonly backend: Backend,
    private readonly initScripts: readonly string[],
  ) {
    this.keyboard = { press: (key) => backend.press(key), type: (text) => backend.type(text) }
  }

  get engine(): Backend['engine'] {
    return this.backend.engine
  }

  /** Loads `url`, then installs the locator library and the init scripts into the new document. */
  async goto(url: string): Promise<void> {
    await this.backend.goto(url)
    await this.install()
  }

  private async install(): Promise<void> {
    await this.evaluateExpression(`(${e2eLibrary.toString()})(${json(ROLE_SELECTORS)})`)
    for (const script of this.initScripts) await this.evaluateExpression(script)
  }

  evaluateExpression(expression: string): Promise<unknown> {
    return this.backend.evaluate(expression)
  }

  /** `fn(arg)` in the page. */
  async evaluate<R, A extends Json = undefined>(fn: (arg: A) => R, arg?: A): Promise<Awaited<R>> {
    return (await this.evaluateExpression(`(${fn.toString()})(${json(arg ?? null)})`)) as Awaited<R>
  }

  locator(css: string): Locator {
    return new Locator(this, [{ css }])
  }
  getByRole(role: Role, { name }: { name?: string } = {}): Locator {
    return new Locator(this, [name === undefined ? { role } : { role, name }])
  }

  /** The page's markup now (what a leak check reads). */
  async content(): Promise<string> {
    return (await this.evaluateExpression('document.documentElement.outerHTML')) as string
  }
  /** Resizes the viewport (before the scenario's first action: an engine may have to load the page again). */
  async setViewportSize({ width, height }: { width: number; height: number }): Promise<void> {
    if (await this.backend.setViewport(width, height)) await this.install()
  }
  screenshot({ path }: { path: string }): Promise<void> {
    return this.backend.screenshot(path)
  }
  waitForTimeout(ms: number): Promise<void> {
    return sleep(ms)
  }
  close(): Promise<void> {
    return this.backend.close()
  }
}

