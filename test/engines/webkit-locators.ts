/**
 * Browser-side half of the WebKit provider (test/engines/webkit-provider.ts),
 * loaded as the provider's init script. Locators resolve in the page with
 * Vitest's selector engine; an action (click, wheel, fill, hover, …) first finds
 * its one element here, then sends a plain CSS selector for it to Node, where
 * WebKitWebDriver acts on it inside the test iframe. WebDriver classic cannot
 * read Playwright-style selectors (`internal:role=…`), hence the hand-over.
 */
import {
  convertElementToCssSelector,
  ensureAwaited,
  getByAltTextSelector,
  getByLabelSelector,
  getByPlaceholderSelector,
  getByRoleSelector,
  getByTestIdSelector,
  getByTextSelector,
  getByTitleSelector,
  Locator,
  selectorEngine,
  triggerCommandWithTrace,
} from '@vitest/browser/locators'
import { page, server } from 'vitest/browser'
import * as internal from 'vitest/internal/browser'

type Options = { timeout?: number, strict?: boolean } | undefined

class WebKitLocator extends Locator {
  readonly selector: string

  constructor(selector: string, protected override readonly _container?: Element) {
    super()
    this.selector = selector
  }

  /** Finds the single element (waiting as Vitest does), then runs `command` on its CSS selector in Node. */
  private act(command: string, options: Options, ...rest: unknown[]): Promise<void> {
    return ensureAwaited(async (error?: Error) => {
      const element = await this.findElement(options)
      return triggerCommandWithTrace<void>({
        name: command,
        arguments: [convertElementToCssSelector(element), ...rest, options],
        errorSource: error,
      })
    })
  }

  override click(options?: Options) { return this.act('__vitest_click', options) }
  override dblClick(options?: Options) { return this.act('__vitest_dblClick', options) }
  override tripleClick(options?: Options) { return this.act('__vitest_tripleClick', options) }
  override hover(options?: Options) { return this.act('__vitest_hover', options) }
  override clear(options?: Options) { return this.act('__vitest_clear', options) }
  override fill(text: string, options?: Options) {
    return ensureAwaited(async (error?: Error) => {
      const element = await this.findElement(options)
      return triggerCommandWithTrace<void>({
        name: '__vitest_fill',
        arguments: [convertElementToCssSelector(element), text, options],
        errorSource: error,
      })
    })
  }

  override wheel(options: { delta?: { x?: number, y?: number }, direction?: 'up' | 'down' | 'left' | 'right', times?: number } & NonNullable<Options>) {
    const delta = options.delta ?? {
      up: { y: -100 }, down: { y: 100 }, left: { x: -100 }, right: { x: 100 },
    }[options.direction ?? 'down']
    return ensureAwaited(async (error?: Error) => {
      const element = await this.findElement(options)
      await triggerCommandWithTrace<void>({
        name: '__vitest_wheel',
        arguments: [convertElementToCssSelector(element), { delta, times: options.times ?? 1 }],
        errorSource: error,
      })
      // Let the scroll reach layout before the test reads scrollTop.
      await new Promise(resolve => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    })
  }

  protected locator(selector: string) {
    return new WebKitLocator(`${this.selector} >> ${selector}`, this._container)
  }

  protected elementLocator(element: Element) {
    return new WebKitLocator(selectorEngine.generateSelectorSimple(element), element)
  }
}

page.extend({
  getByLabelText: (text, options) => new WebKitLocator(getByLabelSelector(text, options)),
  getByRole: (role, options) => new WebKitLocator(getByRoleSelector(role, options)),
  getByTestId: testId => new WebKitLocator(getByTestIdSelector(server.config.browser.locators.testIdAttribute, testId)),
  getByAltText: (text, options) => new WebKitLocator(getByAltTextSelector(text, options)),
  getByPlaceholder: (text, options) => new WebKitLocator(getByPlaceholderSelector(text, options)),
  getByText: (text, options) => new WebKitLocator(getByTextSelector(text, options)),
  getByTitle: (title, options) => new WebKitLocator(getByTitleSelector(title, options)),
  elementLocator: (element: Element) => new WebKitLocator(selectorEngine.generateSelectorSimple(element), element),
})

// Vitest's own providers set this hook (the published types do not list it).
;(internal as unknown as { __INTERNAL: { _createLocator: (selector: string) => Locator } }).__INTERNAL._createLocator = (selector: string) => new WebKitLocator(selector)
