/**
 * Forced colours in every engine's palette. Under `forced-colors: active` the skin paints
 * with CSS system colours, whose values are the browser's (or the OS theme's), not ours:
 * a pair that contrasts in Chromium's palette may not in Firefox's. Firefox ESR 153 on Linux
 * paints the streaming timeline dot in `Highlight`, #3399ff, on a white `Canvas`: 2.94:1,
 * under the 3:1 a non-text indicator needs (WCAG 1.4.11).
 *
 * So: every colour in the stylesheet's forced-colors rules must be a system colour keyword
 * (an author colour would stay as written on whatever Canvas the palette has), and each must
 * contrast with `Canvas` — text 4.5:1, other marks 3:1 — in the running engine's palette (read
 * here: Chromium's under emulation) and in Firefox's default one (below, as measured). And the dot a reader
 * sees while a block streams is checked as painted.
 */
import { render } from '@testing-library/react'
import { ReasoningTimeline, type ReasoningStore } from 'reasoning-ui'
import { afterEach, describe, expect, it } from 'vitest'
import { server } from 'vitest/browser'
import { emulateMediaOrSkip } from '../helpers/engines'
import { frames } from '../helpers/dom'
import '../../src/styles/reasoning.css'
import { content, feed, msgEnd, msgStart, run, span, spanEnd, testStore } from '../helpers/events'

/**
 * Firefox ESR 153's forced-colour palette on Linux with no high-contrast OS theme
 * (`browser.display.document_color_use` = 2, headless), as computed there: the system
 * colour keyword set as `color` on an element, read back with getComputedStyle.
 * SOURCE: measured on this machine for issue 14 (puppeteer-core over WebDriver BiDi,
 * /usr/bin/firefox-esr 153).
 */
const FIREFOX: Readonly<Record<string, string>> = {
  Canvas: 'rgb(255, 255, 255)',
  CanvasText: 'rgb(0, 0, 0)',
  LinkText: 'rgb(0, 0, 238)',
  VisitedText: 'rgb(85, 26, 139)',
  ActiveText: 'rgb(238, 0, 0)',
  ButtonFace: 'rgb(233, 233, 237)',
  ButtonText: 'rgb(0, 0, 0)',
  ButtonBorder: 'rgb(143, 143, 157)',
  Field: 'rgb(255, 255, 255)',
  FieldText: 'rgb(0, 0, 0)',
  Highlight: 'rgb(51, 153, 255)',
  HighlightText: 'rgb(255, 255, 255)',
  SelectedItem: 'rgb(51, 153, 255)',
  SelectedItemText: 'rgb(255, 255, 255)',
  Mark: 'rgb(255, 255, 0)',
  MarkText: 'rgb(0, 0, 0)',
  GrayText: 'rgb(109, 109, 109)',
  AccentColor: 'rgb(0, 96, 223)',
  AccentColorText: 'rgb(255, 255, 255)',
}
const SYSTEM_COLOURS = Object.keys(FIREFOX)

afterEach(async () => {
  await emulateMediaOrSkip({ forcedColors: null })
})

function rgba(value: string): [number, number, number, number] {
  const match = /^rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)$/.exec(value)
  if (!match) throw new Error(`unexpected colour ${value}`)
  return [Number(match[1]), Number(match[2]), Number(match[3]), match[4] === undefined ? 1 : Number(match[4])]
}

/**
 * WCAG 2 contrast ratio of `paint` on an opaque `ground`; a translucent paint (Chromium's
 * Highlight is rgba(5, 0, 73, 0.8)) is composited onto the ground first.
 */
function contrast(paint: string, ground: string): number {
  const [r, g, b, a] = rgba(paint)
  const under = rgba(ground)
  if (under[3] !== 1) throw new Error(`translucent ground ${ground}`)
  const over = [r, g, b].map((c, i) => c * a + under[i]! * (1 - a))
  const luminance = (channels: number[]) => {
    const [lr, lg, lb] = channels.map((c) => {
      const s = c / 255
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
    }) as [number, number, number]
    return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb
  }
  const [hi, lo] = [luminance(over), luminance(under.slice(0, 3))].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

/** The running engine's value of each system colour (read with forced colours on, not forced again). */
function palette(): Record<string, string> {
  const probe = document.createElement('div')
  probe.style.forcedColorAdjust = 'none'
  document.body.append(probe)
  const values = Object.fromEntries(
    SYSTEM_COLOURS.map((name) => {
      probe.style.color = name
      return [name, getComputedStyle(probe).color]
    }),
  )
  probe.remove()
  return values
}

interface Declaration {
  readonly selector: string
  readonly property: string
  readonly value: string
}

/** Every declaration inside `@media (forced-colors: active)` in the kit's stylesheet (through layers and nesting). */
function forcedColourDeclarations(): Declaration[] {
  const found: Declaration[] = []
  const walk = (rules: CSSRuleList, forced: boolean) => {
    for (const rule of rules) {
      const inForced = forced || (rule instanceof CSSMediaRule && /forced-colors:\s*active/.test(rule.conditionText))
      if (rule instanceof CSSStyleRule && inForced) {
        for (const property of rule.style) found.push({ selector: rule.selectorText, property, value: rule.style.getPropertyValue(property).trim() })
      }
      if ('cssRules' in rule && rule.cssRules instanceof CSSRuleList) walk(rule.cssRules, inForced)
    }
  }
  const sheet = [...document.styleSheets].find((s) => [...s.cssRules].some((r) => r.cssText.includes('reasoning-panel')))
  if (!sheet) throw new Error('the kit stylesheet is not in the document')
  walk(sheet.cssRules, false)
  return found
}

/** Properties whose colour carries text (4.5:1); every other colour property draws a mark (3:1). */
const TEXT = new Set(['color', '-webkit-text-fill-color'])
const isColourProperty = (property: string) =>
  TEXT.has(property) || /(^|-)(color|background|fill|stroke)$|^background-color$|^border(-[a-z]+)*-color$|^outline-color$/.test(property)

describe('forced colours: system colours that hold in every engine’s palette', () => {
  it('should use only system colour keywords in its forced-colors rules, each contrasting with Canvas in the running engine’s and Firefox’s palettes (text 4.5:1, marks 3:1)', async () => {
    await emulateMediaOrSkip({ forcedColors: 'active' })
    await frames(2)
    expect(matchMedia('(forced-colors: active)').matches).toBe(true)
    // The running engine's palette (Chromium's emulated one in the `browser` project), and Firefox's as measured.
    const palettes = { [`${server.browser} (running)`]: palette(), 'Firefox ESR 153 (measured)': FIREFOX }
    // (Firefox's CSSOM serialises `transparent` as rgba(0, 0, 0, 0).)
    const declarations = forcedColourDeclarations().filter((d) => isColourProperty(d.property) && !/^(none|initial|transparent|currentcolor|inherit|rgba\(0, 0, 0, 0\))$/i.test(d.value))
    // The rules this test is about are there: the timeline's dots, the body's rule, the links.
    expect(declarations.length).toBeGreaterThan(8)
    expect(declarations.some((d) => d.selector.includes('timeline-item') && d.selector.includes('streaming'))).toBe(true)
    const failures: string[] = []
    for (const { selector, property, value } of declarations) {
      const keyword = SYSTEM_COLOURS.find((name) => name.toLowerCase() === value.toLowerCase())
      if (!keyword) {
        failures.push(`${selector} { ${property}: ${value} } is not a system colour`)
        continue
      }
      const needed = TEXT.has(property) ? 4.5 : 3
      for (const [engine, colours] of Object.entries(palettes)) {
        // A button's text sits on ButtonFace, everything else on Canvas.
        const grounds = keyword === 'ButtonText' ? ['Canvas', 'ButtonFace'] : ['Canvas']
        for (const ground of grounds) {
          const ratio = contrast(colours[keyword]!, colours[ground]!)
          if (ratio < needed) failures.push(`${engine}: ${selector} { ${property}: ${value} } is ${colours[keyword]} on ${ground} ${colours[ground]}, ${ratio.toFixed(2)}:1 < ${needed}:1`)
        }
      }
    }
    expect(failures).toEqual([])
  })

  it('should paint the streaming timeline dot at 3:1 or more against the background, and unlike a finished row’s dot', async () => {
    await emulateMediaOrSkip({ forcedColors: 'active' })
    const store: ReasoningStore = testStore(Date.now())
    feed(store, run(), span('done'), msgStart('done-1'), content('done-1', 'Two trains leave at nine.\n\n'), msgEnd('done-1'), spanEnd('done'))
    feed(store, span('live'), msgStart('live-1'), content('live-1', 'The gap closes at 150 km/h.\n\n'))
    const { container } = render(
      <div style={{ inlineSize: 360 }}>
        <ReasoningTimeline store={store} />
      </div>,
    )
    await frames(2)
    const item = (status: string) => {
      const element = container.querySelector(`[data-slot="timeline-item"][data-status="${status}"]`)
      if (!element) throw new Error(`no ${status} timeline item`)
      return element
    }
    const canvas = palette().Canvas!
    const live = getComputedStyle(item('streaming'), '::after')
    const done = getComputedStyle(item('complete'), '::after')
    expect(contrast(live.backgroundColor, canvas), `the streaming dot ${live.backgroundColor} on ${canvas}`).toBeGreaterThanOrEqual(3)
    expect(contrast(done.backgroundColor, canvas), `a finished dot ${done.backgroundColor} on ${canvas}`).toBeGreaterThanOrEqual(3)
    // Told apart by something other than a colour the palette may not give: its ring.
    const ring = (style: CSSStyleDeclaration) => `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`
    expect(ring(live), 'the streaming dot’s ring').not.toBe(ring(done))
    expect(live.outlineStyle).not.toBe('none')
    expect(contrast(live.outlineColor, canvas)).toBeGreaterThanOrEqual(3)
  })
})
