/**
 * The demo page's header (issue 43): it follows the system's colour scheme until the Theme menu
 * picks one, and on a phone its switches take one compact row (the agent, "Settings", "New chat"),
 * the others behind "Settings". The page's media queries are stubbed (`matchMedia`), so the same
 * checks run in every engine; its layout is real.
 */
import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { userEvent } from 'vitest/browser'
import { App } from '../../demo/src/app'
import '../../demo/src/demo.css'
import '../../src/styles/reasoning.css'

/** The stubbed media: which queries match, and who listens to each. */
const media = new Map<string, { matches: boolean; listeners: Set<() => void> }>()
const realMatchMedia = window.matchMedia
/** The test page's own address: the page writes its switches into the URL. */
const address = window.location.href

beforeEach(() => {
  media.clear()
  window.matchMedia = ((query: string) => {
    const entry = media.get(query) ?? { matches: false, listeners: new Set<() => void>() }
    media.set(query, entry)
    return {
      get matches() {
        return entry.matches
      },
      media: query,
      addEventListener: (_: string, listener: () => void) => entry.listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => entry.listeners.delete(listener),
    } as unknown as MediaQueryList
  }) as typeof window.matchMedia
})

afterEach(() => {
  window.matchMedia = realMatchMedia
  window.history.replaceState(null, '', address)
  delete document.documentElement.dataset.theme
  document.documentElement.style.removeProperty('color-scheme')
})

/** Sets whether `query` matches and tells its listeners, as the browser does when the system or the window changes. */
function setMedia(query: string, matches: boolean): void {
  const entry = media.get(query) ?? { matches, listeners: new Set<() => void>() }
  entry.matches = matches
  media.set(query, entry)
  act(() => {
    for (const listener of entry.listeners) listener()
  })
}

const DARK = '(prefers-color-scheme: dark)'
const PHONE = '(max-width: 40rem)'
const theme = () => document.documentElement.dataset.theme

describe('the demo follows the system theme', () => {
  it('should be dark on a dark system and light on a light one, following a change while open', () => {
    media.set(DARK, { matches: true, listeners: new Set() })
    render(<App />)
    expect(theme()).toBe('dark')
    expect(document.documentElement.style.colorScheme).toBe('dark')
    setMedia(DARK, false)
    expect(theme()).toBe('light')
    expect(screen.getByRole('combobox', { name: 'Theme' })).toHaveValue('system')
  })

  it('once the Theme menu picks one, should keep it whatever the system does, and put it in the URL', () => {
    render(<App />)
    fireEvent.change(screen.getByRole('combobox', { name: 'Theme' }), { target: { value: 'brand' } })
    expect(theme()).toBe('brand')
    setMedia(DARK, true)
    expect(theme()).toBe('brand')
    expect(window.location.search).toContain('theme=brand')
  })
})

describe('the demo on a phone', () => {
  it('should put its switches in one compact row, the agent, "Settings" and "New chat", the others behind "Settings"', async () => {
    media.set(PHONE, { matches: true, listeners: new Set() })
    render(
      <div style={{ inlineSize: 390 }}>
        <App />
      </div>,
    )
    const switches = screen.getByRole('group', { name: 'Settings' })
    const agent = screen.getByRole('combobox', { name: 'Agent' })
    const settings = screen.getByRole('button', { name: 'Settings' })
    const newChat = screen.getByRole('button', { name: 'New chat' })
    // One row: the three controls side by side, the row no taller than one control and its gaps.
    const top = (element: Element) => element.getBoundingClientRect().top
    const rowHeight = switches.getBoundingClientRect().height
    expect(rowHeight).toBeLessThanOrEqual(agent.getBoundingClientRect().height + 12)
    for (const control of [settings, newChat]) expect(Math.abs(top(control) - top(agent))).toBeLessThanOrEqual(6)
    expect(switches.getBoundingClientRect().width).toBeLessThanOrEqual(390)
    // The other switches: closed until asked for.
    expect(settings).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('radio', { name: 'summary' })).toBeNull()
    await userEvent.click(settings)
    expect(settings).toHaveAttribute('aria-expanded', 'true')
    // The segmented control draws each radio as its label (the input itself is transparent).
    expect(screen.getByRole('radio', { name: 'summary' }).closest('label')).toBeVisible()
    expect(screen.getByRole('group', { name: 'Visibility' })).toBeVisible()
    expect(screen.getByRole('combobox', { name: 'Theme' })).toBeVisible()
    expect(document.getElementById(settings.getAttribute('aria-controls')!)).toBeVisible()
  })

  it('on a wide screen, should show every switch in the row, with no "Settings" button', () => {
    render(<App />)
    expect(screen.queryByRole('button', { name: 'Settings' })).toBeNull()
    expect(screen.getByRole('radio', { name: 'summary' })).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Wire' })).toBeVisible()
  })
})
