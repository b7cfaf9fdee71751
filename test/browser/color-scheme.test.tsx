/**
 * The default skin follows the colour scheme the page renders in (`color-scheme`, read by
 * light-dark()), not the OS setting: a page with no dark mode keeps dark text on its white
 * page when the OS is dark; a page declaring `color-scheme: light dark` turns dark with the
 * OS; a `.dark` / `[data-theme]` ancestor switches with or without color-scheme.
 */
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { ReasoningPanel, type ReasoningBlock } from 'reasoning-ui'
import { afterEach, describe, expect, it } from 'vitest'
import { emulateMediaOrSkip } from '../helpers/engines'
import { frames } from '../helpers/dom'
import '../../src/styles/reasoning.css'
import { content, feed, msgEnd, msgStart, run, span, spanEnd, testStore } from '../helpers/events'
import type { EmulatedMedia } from './commands'

// The skin's token values (src/styles/reasoning.css): text and muted text, light and dark.
const light = { fg: 'rgb(31, 35, 40)', muted: 'rgb(89, 99, 110)' }
const dark = { fg: 'rgb(230, 237, 243)', muted: 'rgb(145, 152, 161)' }

afterEach(async () => {
  document.documentElement.style.removeProperty('color-scheme')
  await emulate({ colorScheme: null })
})

/** Emulates media features, then waits for the rendering update where Chromium applies them. */
async function emulate(media: EmulatedMedia): Promise<void> {
  await emulateMediaOrSkip(media)
  await frames(2)
}

function completedBlock(): ReasoningBlock {
  const store = testStore(Date.now())
  feed(store, run(), span('s1'), msgStart('m1'), content('m1', 'Check the constraint, then carry the remainder.'), msgEnd('m1'), spanEnd('s1'))
  const block = store.getState().blocks[0]
  if (!block || block.status !== 'complete') throw new Error('test setup: expected one complete block')
  return block
}

/** The panel's own text colour and its status row's (muted) colour, opened. */
function colours(wrap: (panel: ReactNode) => ReactNode = (panel) => panel) {
  const { container } = render(<>{wrap(<ReasoningPanel block={completedBlock()} defaultOpen />)}</>)
  const panel = container.querySelector<HTMLElement>('[data-slot="reasoning-panel"]')!
  const status = container.querySelector<HTMLElement>('[data-slot="reasoning-status"]')!
  expect(panel).not.toBeNull()
  expect(status).not.toBeNull()
  return { fg: getComputedStyle(panel).color, muted: getComputedStyle(status).color }
}

/** WCAG 2 contrast ratio of two opaque `rgb(r, g, b)` colours. */
function contrast(a: string, b: string): number {
  const luminance = (rgb: string) => {
    const [r, g, bl] = rgb.match(/\d+(\.\d+)?/g)!.slice(0, 3).map((v) => {
      const c = Number(v) / 255
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
    }) as [number, number, number]
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl
  }
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

describe('the default skin and the page colour scheme', () => {
  it('given a page declaring no color-scheme and the OS in dark, should keep the light tokens: dark text readable on the white page', async () => {
    await emulate({ colorScheme: 'dark' })
    expect(matchMedia('(prefers-color-scheme: dark)').matches).toBe(true)
    // The page itself stays light: no color-scheme, nothing painted (the canvas is white).
    expect(getComputedStyle(document.documentElement).colorScheme).toBe('normal')
    expect(getComputedStyle(document.body).backgroundColor).toBe('rgba(0, 0, 0, 0)')
    const { fg, muted } = colours()
    expect({ fg, muted }).toEqual(light)
    expect(contrast(fg, 'rgb(255, 255, 255)')).toBeGreaterThanOrEqual(4.5)
    expect(contrast(muted, 'rgb(255, 255, 255)')).toBeGreaterThanOrEqual(4.5)
  })

  it('given color-scheme: light dark on :root, should follow the OS: dark tokens in dark, light tokens in light', async () => {
    document.documentElement.style.setProperty('color-scheme', 'light dark')
    await emulate({ colorScheme: 'dark' })
    expect(colours()).toEqual(dark)
    await emulate({ colorScheme: 'light' })
    expect(colours()).toEqual(light)
  })

  it('given a container declaring color-scheme: dark on a light page, should use the dark tokens inside it', async () => {
    await emulate({ colorScheme: 'light' })
    expect(colours((panel) => <div style={{ colorScheme: 'dark' }}>{panel}</div>)).toEqual(dark)
  })

  it('given a .dark or [data-theme="dark"] ancestor and no color-scheme, should use the dark tokens whatever the OS setting', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      await emulate({ colorScheme: scheme })
      expect(colours((panel) => <div className="dark">{panel}</div>)).toEqual(dark)
      expect(colours((panel) => <div data-theme="dark">{panel}</div>)).toEqual(dark)
    }
  })

  it('given a .light or [data-theme="light"] ancestor on a page following a dark OS, should switch back to the light tokens', async () => {
    document.documentElement.style.setProperty('color-scheme', 'light dark')
    await emulate({ colorScheme: 'dark' })
    expect(colours((panel) => <div className="light">{panel}</div>)).toEqual(light)
    expect(colours((panel) => <div data-theme="light">{panel}</div>)).toEqual(light)
  })
})
