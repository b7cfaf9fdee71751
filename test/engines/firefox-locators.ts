/**
 * Locators for the Firefox provider (loaded in the test page as the provider's init script).
 *
 * `page.getBy*()` builds the same selectors as Vitest's Playwright locators and resolves
 * them in the page (Vitest's own selector engine). `click()` then marks the element with a
 * CSS selector puppeteer can find and asks the provider for a trusted click: puppeteer
 * moves the mouse and presses it over WebDriver BiDi, as a user would.
 * `userEvent.click`, `.tab`, `.keyboard` and `.wheel` are replaced the same way by trusted
 * input from puppeteer (Vitest's in-page fallback, @testing-library/user-event, needs fake
 * timers and sends untrusted events). Other actions are not provided by this harness.
 */
import {
  convertElementToCssSelector,
  getByAltTextSelector,
  getByLabelSelector,
  getByPlaceholderSelector,
  getByRoleSelector,
  getByTestIdSelector,
  getByTextSelector,
  getByTitleSelector,
  Locator,
  selectorEngine,
} from '@vitest/browser/locators'
import { page, server, userEvent } from 'vitest/browser'

/** Runs a provider command (firefox-provider.ts) from the test page. */
function command<T>(name: string, ...args: unknown[]): Promise<T> {
  const runner = (window as unknown as { __vitest_browser_runner__: { commands: { triggerCommand: (n: string, a: unknown[]) => Promise<T> } } }).__vitest_browser_runner__
  return runner.commands.triggerCommand(name, args)
}

/** A CSS selector puppeteer finds `target` by (Vitest's own, as its webdriverio provider uses). */
function selectorOf(target: Element | Locator): string {
  return convertElementToCssSelector(target instanceof Element ? target : target.element())
}

Object.assign(userEvent, {
  click: (target: Element | Locator) => command<void>('__vitest_click', selectorOf(target)),
  tab: (options: { shift?: boolean } = {}) => command<void>('__vitest_firefox_keyboard', options.shift ? '{Shift>}{Tab}{/Shift}' : '{Tab}'),
  keyboard: (text: string) => command<void>('__vitest_firefox_keyboard', text),
  wheel: (target: Element | Locator, options: { delta?: { x?: number; y?: number }; times?: number }) =>
    command<void>('__vitest_firefox_wheel', selectorOf(target), options.delta?.x ?? 0, options.delta?.y ?? 0, options.times ?? 1),
})

type Options<K extends keyof typeof page> = (typeof page)[K] extends (a: never, o: infer O) => unknown ? O : never

class FirefoxLocator extends Locator {
  constructor(
    public selector: string,
    protected override _container?: Element,
  ) {
    super()
  }

  override click(): Promise<void> {
    return command<void>('__vitest_click', selectorOf(this))
  }

  protected override locator(selector: string): Locator {
    return new FirefoxLocator(`${this.selector} >> ${selector}`, this._container)
  }

  protected override elementLocator(element: Element): Locator {
    return new FirefoxLocator(selectorEngine.generateSelectorSimple(element), element)
  }
}

page.extend({
  getByLabelText: (text: string | RegExp, options?: Options<'getByLabelText'>) => new FirefoxLocator(getByLabelSelector(text, options)),
  getByRole: (role: string, options?: Options<'getByRole'>) => new FirefoxLocator(getByRoleSelector(role, options)),
  getByTestId: (testId: string | RegExp) => new FirefoxLocator(getByTestIdSelector(server.config.browser.locators.testIdAttribute, testId)),
  getByAltText: (text: string | RegExp, options?: Options<'getByAltText'>) => new FirefoxLocator(getByAltTextSelector(text, options)),
  getByPlaceholder: (text: string | RegExp, options?: Options<'getByPlaceholder'>) => new FirefoxLocator(getByPlaceholderSelector(text, options)),
  getByText: (text: string | RegExp, options?: Options<'getByText'>) => new FirefoxLocator(getByTextSelector(text, options)),
  getByTitle: (title: string | RegExp, options?: Options<'getByTitle'>) => new FirefoxLocator(getByTitleSelector(title, options)),
  elementLocator: (element: Element) => new FirefoxLocator(selectorEngine.generateSelectorSimple(element), element),
})
