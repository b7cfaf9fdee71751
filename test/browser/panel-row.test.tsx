/**
 * The status row and the content area in real Chromium with the default skin:
 * one line at 320 px in every shipped locale, the title's ellipsis and accessible
 * name, a content box capped by the viewport that fades where it runs on, passes the
 * wheel on to the page at its ends, lifts its cap on "Show all" and never rests cut
 * through a code block; focus rings that hug; the pending row that the first block
 * replaces in place; find-in-page reaching closed reasoning at `full`.
 */
import { act, render, screen } from '@testing-library/react'
import type { CSSProperties, ReactNode } from 'react'
import { ReasoningPanel, ReasoningProvider, ReasoningStream, type ReasoningBlock, type ReasoningLabels } from 'reasoning-ui'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cdp, server, userEvent } from 'vitest/browser'
import { engineLacks, lacks, skipTest } from '../helpers/engines'
import '../../src/styles/reasoning.css'
import { localeLabels } from '../../src/locales'
import { frames, nextFrame } from '../helpers/dom'
import { content, encrypted, feed, msgEnd, msgStart, run, span, spanEnd, testStore } from '../helpers/events'

beforeAll(async () => {
  await import('../../src/react/styled/motion-features')
})

afterEach(() => {
  window.scrollTo(0, 0)
})

function slot(name: string, within: ParentNode = document): HTMLElement {
  const element = within.querySelector<HTMLElement>(`[data-slot="${name}"]`)
  if (!element) throw new Error(`no [data-slot="${name}"] in the document`)
  return element
}

function Column({ children, width = 360, dir }: { children: ReactNode; width?: number; dir?: 'rtl' | 'ltr' }) {
  return <div dir={dir} style={{ inlineSize: width } as CSSProperties}>{children}</div>
}

const LONG_TITLE = 'Working out how many chickens and rabbits share twenty heads and fifty-six legs altogether'

/** A finished block: a long bold title, three sections, 12 s. */
function titledBlock(text = `**${LONG_TITLE}**\n\nLet c + r = 20.\n\n**Solving**\n\nr = 8.\n\n**Checking**\n\n2c + 4r = 56.`): ReasoningBlock {
  const store = testStore(1_000)
  feed(store, run(), span('s1'), msgStart('m1'), content('m1', text))
  store.clock.now += 12_000
  feed(store, msgEnd('m1'), spanEnd('s1'))
  return store.getState().blocks[0]!
}

function paragraphs(count: number, from = 0): string {
  let text = ''
  for (let i = from; i < from + count; i++) text += `Step ${i}: check that the running total still satisfies the constraint, then carry the remainder on.\n\n`
  return text
}

function finishedBlock(text: string): ReasoningBlock {
  const store = testStore(1_000)
  feed(store, run(), span('s1'), msgStart('m1'), content('m1', text), msgEnd('m1'), spanEnd('s1'))
  return store.getState().blocks[0]!
}

/** The rects of the row's items, to compare the lines they sit on. */
const rectOf = (element: Element) => element.getBoundingClientRect()

let frameId: Promise<string> | undefined

/** Chromium's accessible name of `element` (CDP accessibility tree of the test frame). */
async function accessibleName(element: Element): Promise<string> {
  const marker = `ax-${Math.random().toString(36).slice(2)}`
  element.setAttribute('data-ax', marker)
  const session = cdp()
  frameId ??= (async () => {
    await session.send('Accessibility.enable')
    const { frameTree } = (await session.send('Page.getFrameTree')) as { frameTree: { frame: { id: string; url: string }; childFrames?: unknown[] } }
    const stack = [frameTree] as { frame: { id: string; url: string }; childFrames?: unknown[] }[]
    while (stack.length > 0) {
      const tree = stack.pop()!
      if (tree.frame.url === location.href) return tree.frame.id
      stack.push(...((tree.childFrames ?? []) as typeof stack))
    }
    throw new Error('no test frame')
  })()
  const { nodes } = (await session.send('Accessibility.getFullAXTree', { frameId: await frameId })) as {
    nodes: { role?: { value: string }; name?: { value: string } }[]
  }
  element.removeAttribute('data-ax')
  const buttons = nodes.filter((n) => n.role?.value === 'button' && (n.name?.value ?? '').length > 0)
  const text = element.textContent ?? ''
  const match = buttons.find((n) => n.name!.value.replace(/[\s·]/g, '') === text.replace(/[\s·]/g, ''))
  if (!match) throw new Error(`no button named like ${JSON.stringify(text)} in ${JSON.stringify(buttons.map((b) => b.name?.value))}`)
  return match.name!.value
}

/** `scrollY` once it has held still for 5 frames (60 frames at most). */
async function settledScrollY(): Promise<number> {
  let last = window.scrollY
  for (let frame = 0, still = 0; frame < 60 && still < 5; frame++) {
    await frames(1)
    still = window.scrollY === last ? still + 1 : 0
    last = window.scrollY
  }
  return last
}

describe('the status row', () => {
  it('should show the title beside the duration on one line, with an ellipsis, and the whole title, set apart, in the accessible name', async () => {
    render(<Column><ReasoningPanel block={titledBlock()} tokens={1234} /></Column>)
    const trigger = slot('reasoning-trigger')
    const title = slot('reasoning-title')
    // Clamped to one line with an ellipsis (line-clamp: a nowrap title would widen content-sized columns).
    expect(title.scrollHeight, 'the title is cut').toBeGreaterThan(title.clientHeight)
    expect(getComputedStyle(title).webkitLineClamp).toBe('1')
    expect(rectOf(title).height).toBeLessThan(parseFloat(getComputedStyle(title).lineHeight) * 1.5)
    expect(rectOf(slot('reasoning-status')).height, 'the status keeps its line').toBeLessThan(parseFloat(getComputedStyle(title).lineHeight) * 1.5)
    // Not axe-core's accname in other engines: it leaves out CSS generated content (the row's
    // separators), which the engines' own accessibility trees include.
    engineLacks('cdp', "the trigger's accessible name (the layout checks ran and passed)")
    const name = await accessibleName(trigger)
    expect(name).toContain(LONG_TITLE)
    // Words of neighbouring items never run together ("secondsWorking").
    expect(name).not.toMatch(/seconds\S/)
    expect(name).not.toMatch(/altogether\S/)
  })

  it('should hug its content, so its focus ring does too', async () => {
    render(<Column width={600}><ReasoningPanel block={finishedBlock('**Short**\n\nx')} /></Column>)
    const trigger = slot('reasoning-trigger')
    expect(rectOf(trigger).width).toBeLessThan(400)
    await userEvent.tab()
    expect(trigger).toHaveFocus()
    expect(getComputedStyle(trigger).outlineStyle).toBe('solid')
  })

  it('should never widen a column that sizes itself by content (a 1fr grid track, a flex item)', async () => {
    render(
      <div style={{ inlineSize: 320 }}>
        <div data-testid="grid" style={{ display: 'grid', gridTemplateColumns: '1fr' }}>
          <div><ReasoningPanel block={titledBlock()} tokens={12_345} subagentName="a-subagent-with-a-long-name" /></div>
        </div>
        <div data-testid="flex" style={{ display: 'flex' }}>
          <div style={{ flex: 1 }}><ReasoningPanel block={titledBlock()} tokens={12_345} /></div>
        </div>
      </div>,
    )
    await frames(2)
    expect(rectOf(screen.getByTestId('grid').firstElementChild!).width).toBeLessThanOrEqual(320)
    expect(rectOf(screen.getByTestId('flex').firstElementChild!).width).toBeLessThanOrEqual(320)
    for (const row of document.querySelectorAll('[data-slot="reasoning-trigger"]')) expect(rectOf(row).width).toBeLessThanOrEqual(320.5)
  })

  // Issue 43: a long status on a phone ("Connection lost after 3 seconds of thinking") left no room for the title.
  it.each(['disconnected', 'stopped', 'failed'] as const)('at 390 px, a block that ended %s should keep its title beside the status, clamped, as every other state does', async (reason) => {
    const store = testStore(1_000)
    feed(store, run(), span('s1'), msgStart('m1'), content('m1', '**Checking the forecast for Lisbon this week**\n\nThe interesting trade-off is'))
    store.clock.now += 3_000
    store.streamEnded(undefined, reason)
    // A 390 px phone's column, less the page's padding.
    render(<Column width={358}><ReasoningPanel block={store.getState().blocks[0]!} tokens={231} /></Column>)
    await frames(2)
    const title = slot('reasoning-title')
    expect(rectOf(title).width, 'some of the title shows').toBeGreaterThanOrEqual(80)
    expect(rectOf(title).height, 'on one line').toBeLessThan(parseFloat(getComputedStyle(title).lineHeight) * 1.5)
    expect(rectOf(slot('reasoning-trigger')).width).toBeLessThanOrEqual(358.5)
  })

  it('should say everything in one type size: the counts as large as the status and the title', async () => {
    render(<Column width={900}><ReasoningPanel block={titledBlock()} tokens={1234} /></Column>)
    const size = (name: string) => getComputedStyle(slot(name)).fontSize
    expect(size('reasoning-title')).toBe(size('reasoning-status'))
    expect(size('reasoning-steps')).toBe(size('reasoning-status'))
    expect(size('reasoning-tokens')).toBe(size('reasoning-status'))
  })

  it('an encrypted-only row should say how long in the row\'s type size, like every other row', async () => {
    const store = testStore(1_000)
    feed(store, run(), span('s1'), msgStart('m1'), encrypted('m1', 'OPAQUE'))
    store.clock.now += 4_000
    feed(store, msgEnd('m1'), spanEnd('s1'))
    render(<Column width={900}><ReasoningPanel block={store.getState().blocks[0]!} tokens={512} /></Column>)
    expect(slot('encrypted-duration')).toHaveTextContent('Thought for 4 seconds')
    expect(getComputedStyle(slot('encrypted-duration')).fontSize).toBe(getComputedStyle(slot('encrypted-label')).fontSize)
    expect(getComputedStyle(slot('reasoning-tokens')).fontSize).toBe(getComputedStyle(slot('encrypted-label')).fontSize)
  })

  const languages = Object.keys(localeLabels) as (keyof typeof localeLabels)[]
  it.each(languages)('at 320 px in %s, should keep every item of the row on one line: no chevron alone, no line starting with "·"', async (language) => {
    const labels: ReasoningLabels = localeLabels[language]
    const dir = language === 'ar' ? 'rtl' : 'ltr'
    const streaming = testStore(Date.now() - 75_000)
    feed(streaming, run(), span('s1'), msgStart('m1'), content('m1', `**${LONG_TITLE}**\n\nLet c + r = 20.\n\n**Solving**\n\nr = `))
    streaming.clock.now = Date.now()
    const interrupted = testStore(1_000)
    feed(interrupted, run(), span('s1'), msgStart('m1'), content('m1', '**A**\n\nx\n\n**B**\n\ny'))
    interrupted.clock.now += 4_000
    interrupted.streamEnded(undefined, 'cut-short')
    render(
      <ReasoningProvider labels={labels} locale={language}>
        <Column width={320} dir={dir}>
          <ReasoningPanel block={titledBlock()} tokens={12_345} subagentName="researcher" />
          <ReasoningPanel block={streaming.getState().blocks[0]!} />
          <ReasoningPanel block={interrupted.getState().blocks[0]!} />
        </Column>
      </ReasoningProvider>,
    )
    await frames(2)
    for (const row of document.querySelectorAll<HTMLElement>('[data-slot="reasoning-trigger"]')) {
      const box = rectOf(row)
      expect(box.width, `${language}: the row fits`).toBeLessThanOrEqual(320.5)
      expect(row.scrollWidth, `${language}: nothing overflows the row`).toBeLessThanOrEqual(row.clientWidth + 1)
      const chevron = rectOf(slot('reasoning-chevron', row))
      const status = rectOf(slot('reasoning-status', row))
      // The chevron sits beside the status (vertically within its box), never on a line of its own.
      expect(chevron.top, `${language}: chevron beside the status`).toBeGreaterThanOrEqual(status.top - 8)
      expect(chevron.bottom, `${language}: chevron beside the status`).toBeLessThanOrEqual(status.bottom + 8)
      // Items that start with "·" are one line high: none wraps to begin a line with it.
      for (const item of row.querySelectorAll<HTMLElement>('[data-slot="reasoning-steps"], [data-slot="reasoning-tokens"], [data-slot="reasoning-title"]')) {
        const lineHeight = parseFloat(getComputedStyle(item).lineHeight)
        expect(rectOf(item).height, `${language}: ${item.dataset.slot} on one line`).toBeLessThan(lineHeight * 1.5)
      }
    }
  })
})

describe('the content area', () => {
  it('should draw its scrollbar thin, in the panel\'s border colour, where the engine takes scrollbar colours', async () => {
    render(<div data-theme="dark" style={{ colorScheme: 'dark' }}><Column><ReasoningPanel block={finishedBlock(paragraphs(40))} defaultOpen /></Column></div>)
    await frames(2)
    const body = slot('reasoning-body')
    expect(body.scrollHeight, 'the text overflows its box').toBeGreaterThan(body.clientHeight)
    // Firefox otherwise draws a classic light scrollbar: a white bar beside the dark theme's text.
    if (!CSS.supports('scrollbar-color', 'red blue')) skipTest(`${server.browser} takes no scrollbar-color (it draws its own overlay scrollbar)`)
    const style = getComputedStyle(body)
    expect(style.scrollbarWidth).toBe('thin')
    const border = getComputedStyle(slot('reasoning-panel')).getPropertyValue('--reasoning-border').trim()
    const probe = document.createElement('span')
    probe.style.color = border
    document.body.append(probe)
    const thumb = getComputedStyle(probe).color
    probe.remove()
    expect(style.scrollbarColor.startsWith(thumb), `${style.scrollbarColor} starts with the border colour ${thumb}`).toBe(true)
  })

  it('should cap the text at 40% of the viewport on a short screen and at 24rem on a tall one', async () => {
    render(<Column><ReasoningPanel block={finishedBlock(paragraphs(40))} defaultOpen /></Column>)
    await frames(2)
    const body = slot('reasoning-body')
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize)
    expect(body.clientHeight).toBeLessThanOrEqual(Math.min(24 * rem, window.innerHeight * 0.4) + 1)
    expect(body.scrollHeight).toBeGreaterThan(body.clientHeight * 2)
  })

  it('should fade where the text runs on: the bottom at the top, both in the middle, the top at the end', async () => {
    render(<Column><ReasoningPanel block={finishedBlock(paragraphs(40))} defaultOpen /></Column>)
    await frames(2)
    const body = slot('reasoning-body')
    const fades = () => [body.hasAttribute('data-overflow-start'), body.hasAttribute('data-overflow-end')]
    expect(fades()).toEqual([false, true])
    expect(getComputedStyle(body).maskImage).toContain('linear-gradient')
    body.scrollTop = 200
    await frames(2)
    expect(fades()).toEqual([true, true])
    body.scrollTop = body.scrollHeight
    await frames(2)
    expect(fades()).toEqual([true, false])
  })

  it('at the end of the text, should pass the wheel on to the page (no scroll trap)', async () => {
    render(
      <Column>
        <ReasoningPanel block={finishedBlock(paragraphs(40))} defaultOpen />
        <p>The answer.</p>
        <div style={{ blockSize: 3000 }} />
      </Column>,
    )
    await frames(2)
    const body = slot('reasoning-body')
    expect(getComputedStyle(body).overscrollBehaviorY).toBe('auto')
    // The control: a wheel over plain text must move the test frame's page at all here. Waited
    // out (a wheel may scroll smoothly, or late), so that no scroll runs on into the next test.
    await userEvent.wheel(screen.getByText('The answer.'), { delta: { y: 120 } })
    const control = await settledScrollY()
    window.scrollTo(0, 0)
    await frames(2)
    if (control === 0) skipTest(`${server.browser}: a wheel over plain text did not scroll the test frame's page either (0 px), so a scroll trap cannot be seen in this lane; the e2e lane checks it on the top-level demo page`)
    body.scrollTop = body.scrollHeight
    await frames(2)
    const before = window.scrollY
    for (let i = 0; i < 5; i++) {
      await userEvent.wheel(body, { delta: { y: 120 } })
      await frames(3)
    }
    expect(window.scrollY - before, 'px the page moved').toBeGreaterThan(100)
  })

  it('"Show all" should show only when there is more, and lift the cap', async () => {
    const { unmount } = render(<Column><ReasoningPanel block={finishedBlock('Short text.')} defaultOpen /></Column>)
    await frames(2)
    expect(screen.getByText('Show all')).not.toBeVisible()
    unmount()
    render(<Column><ReasoningPanel block={finishedBlock(paragraphs(40))} defaultOpen /></Column>)
    await frames(2)
    const body = slot('reasoning-body')
    const button = screen.getByRole('button', { name: 'Show all' })
    expect(button).toBeVisible()
    await userEvent.click(button)
    await frames(2)
    expect(body.clientHeight).toBe(body.scrollHeight)
    expect(screen.getByRole('button', { name: 'Show less' })).toBeVisible()
  })

  it('at rest, should end its box before a code block rather than through it', async () => {
    const code = ['```ts', ...Array.from({ length: 16 }, (_, i) => `const line${i} = ${i}`), '```'].join('\n')
    render(<Column><ReasoningPanel block={finishedBlock(`${paragraphs(5)}${code}\n\n${paragraphs(10, 5)}`)} defaultOpen /></Column>)
    await frames(3)
    const body = slot('reasoning-body')
    const block = slot('reasoning-code', body)
    const box = rectOf(body)
    const code_ = rectOf(block)
    const cut = code_.top < box.bottom - 1 && code_.bottom > box.bottom + 1
    expect(cut, `code block ${code_.top}–${code_.bottom}, box ends at ${box.bottom}`).toBe(false)
  })

  it('should draw the scroll box\'s focus ring inside it, where nothing clips it', async () => {
    render(<Column><ReasoningPanel block={finishedBlock(paragraphs(40))} defaultOpen /></Column>)
    await frames(2)
    const body = slot('reasoning-body')
    body.focus({ focusVisible: true } as FocusOptions)
    await nextFrame()
    const style = getComputedStyle(body)
    expect(style.outlineStyle).toBe('solid')
    expect(parseFloat(style.outlineOffset)).toBeLessThanOrEqual(-parseFloat(style.outlineWidth))
    expect(style.maskImage).toBe('none')
  })
})

describe('copy', () => {
  it('should write the block as markdown through a ClipboardItem, inside the click (the export loads lazily)', async () => {
    const items: ClipboardItem[] = []
    const clipboard = navigator.clipboard
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { write: (written: ClipboardItem[]) => (items.push(...written), Promise.resolve()), writeText: () => Promise.reject(new Error('not this path')) },
    })
    try {
      render(<Column><ReasoningPanel block={finishedBlock('**Units**\n\nMetres and feet.')} defaultOpen /></Column>)
      await userEvent.click(screen.getByRole('button', { name: 'Copy' }))
      await expect.poll(() => items.length).toBe(1)
      const text = await (await items[0]!.getType('text/plain')).text()
      expect(text).toBe('Thought for less than a second — Units\n\n**Units**\n\nMetres and feet.')
      await expect.poll(() => screen.queryByRole('button', { name: 'Copied' })).not.toBeNull()
    } finally {
      Object.defineProperty(navigator, 'clipboard', { configurable: true, value: clipboard })
    }
  })
})

describe('the states in between', () => {
  it('the first block should replace the pending "Thinking…" row in place: same size, same position', async () => {
    const store = testStore(Date.now())
    feed(store, run())
    render(<Column><ReasoningStream store={store} /></Column>)
    await frames(2)
    const before = rectOf(slot('reasoning-status'))
    // The icon spins while it waits and while the block streams: its box's top moves with the
    // angle (0.6-0.9 px apart in Firefox and WebKit under load), its centre does not.
    const centre = (r: DOMRect) => r.top + r.height / 2
    const icon = centre(rectOf(slot('reasoning-icon')))
    act(() => feed(store, span('s1'), msgStart('m1'), content('m1', 'Hmm')))
    await frames(2)
    const after = rectOf(slot('reasoning-status', slot('reasoning-panel')))
    expect(after.top).toBeCloseTo(before.top, 0)
    expect(after.left).toBeCloseTo(before.left, 0)
    expect(after.height).toBeCloseTo(before.height, 0)
    expect(centre(rectOf(slot('reasoning-icon', slot('reasoning-panel'))))).toBeCloseTo(icon, 0)
  })
})

/** Whether a text fragment set on this frame reveals hidden="until-found" text (a bare probe, no kit). */
async function textFragmentsReveal(): Promise<boolean> {
  const probe = document.createElement('div')
  probe.setAttribute('hidden', 'until-found')
  probe.textContent = 'kestrel-ocelot probe'
  document.body.append(probe)
  try {
    location.hash = ':~:text=kestrel%2Docelot'
    for (let i = 0; i < 20 && probe.hasAttribute('hidden'); i++) await frames(1)
    return !probe.hasAttribute('hidden')
  } finally {
    probe.remove()
    history.replaceState(null, '', location.pathname + location.search)
  }
}

describe('find-in-page', () => {
  it('at full, should find text in a closed panel and open it', async () => {
    render(<Column><ReasoningPanel block={finishedBlock(`${paragraphs(3)}The zebra-quokka clause.\n\n`)} /></Column>)
    await frames(2)
    const trigger = slot('reasoning-trigger')
    expect(trigger).toHaveAttribute('aria-expanded', 'false')
    // The browser's find bar cannot be driven from a page, and window.find matches hidden text
    // without revealing it; a text fragment goes through the same reveal as find-in-page
    // (beforematch, then the element shown and scrolled to).
    if (!(await textFragmentsReveal())) {
      skipTest(`${server.browser} applies no text fragment inside the test's iframe (a plain hidden=until-found probe stayed hidden), so find-in-page cannot be driven here; the e2e lane checks it on the top-level demo page`)
    }
    location.hash = ':~:text=zebra%2Dquokka'
    try {
      // The reveal comes in a frame of the browser's own choosing: on a loaded machine, past expect.poll's default second.
      await expect.poll(() => trigger.getAttribute('aria-expanded'), { timeout: 10_000 }).toBe('true')
      // Opened, the content grows to its height (the open animation's frames, many on a loaded machine).
      await expect.poll(() => rectOf(slot('reasoning-content')).height, { timeout: 10_000 }).toBeGreaterThan(50)
      expect(screen.getByText('The zebra-quokka clause.')).toBeVisible()
      expect(slot('reasoning-content')).not.toHaveAttribute('hidden')
    } finally {
      history.replaceState(null, '', location.pathname + location.search)
    }
  })

  it('at full, should keep the closed text out of the accessibility tree', async () => {
    render(<Column><ReasoningPanel block={finishedBlock('**Plan**\n\nThe zebra-quokka clause.')} /></Column>)
    await frames(2)
    // What every engine shows a page: closed, the text is skipped content (hidden="until-found",
    // content-visibility: hidden), which keeps it out of the accessibility tree; opened, it is not.
    const words = () => screen.getByText('The zebra-quokka clause.')
    expect(slot('reasoning-content')).toHaveAttribute('hidden', 'until-found')
    expect(words().checkVisibility()).toBe(false)
    if (lacks('cdp')) {
      await userEvent.click(slot('reasoning-trigger'))
      await frames(3)
      expect(words().checkVisibility()).toBe(true)
    }
    engineLacks('cdp', 'the accessibility tree itself (the closed text is skipped content and the opened text is not: checked)')
    const session = cdp()
    await session.send('Accessibility.enable')
    const { frameTree } = (await session.send('Page.getFrameTree')) as { frameTree: { frame: { id: string; url: string }; childFrames?: { frame: { id: string; url: string } }[] } }
    const frame = [frameTree, ...(frameTree.childFrames ?? [])].find((f) => f.frame.url === location.href)!
    const exposed = async () => {
      const { nodes } = (await session.send('Accessibility.getFullAXTree', { frameId: frame.frame.id })) as {
        nodes: { ignored: boolean; name?: { value: string } }[]
      }
      return nodes.filter((n) => !n.ignored && (n.name?.value ?? '').includes('zebra-quokka')).length
    }
    expect(await exposed()).toBe(0)
    // Control: opened, the same check finds it.
    await userEvent.click(slot('reasoning-trigger'))
    await frames(3)
    expect(await exposed()).toBeGreaterThan(0)
  })

  it('at summary, should not find the raw text at all', async () => {
    render(<Column><ReasoningPanel block={finishedBlock('**Plan**\n\nThe zebra-quokka clause.')} visibility="summary" /></Column>)
    await frames(2)
    const found = (window as unknown as { find: (text: string) => boolean }).find('zebra-quokka')
    expect(found).toBe(false)
  })
})
