/**
 * What the status row says (title beside the status, steps that match what opens),
 * the states in between (one "Thinking…" row), what sits below the text (outcome card,
 * Show all, Copy) and find-in-page markup under server rendering.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ReasoningPanel, ReasoningProvider, ReasoningStream, type ReasoningBlock, type ReasoningPanelProps, type Visibility } from 'reasoning-ui'
import { content, feed, msgEnd, msgStart, run, span, spanEnd, testStore, ui } from '../../helpers/events'

type Store = ReturnType<typeof testStore>

const block = (store: Store, i = 0): ReasoningBlock => store.getState().blocks[i]!

function renderPanel(store: Store, props: Partial<ReasoningPanelProps> = {}) {
  const view = (extra: Partial<ReasoningPanelProps> = {}) => (
    <ReasoningProvider now={() => store.clock.now}>
      <ReasoningPanel block={block(store)} animationDuration={0} {...props} {...extra} />
    </ReasoningProvider>
  )
  const result = render(view())
  return { ...result, update: (extra: Partial<ReasoningPanelProps> = {}) => result.rerender(view(extra)) }
}

const trigger = () => document.querySelector<HTMLElement>('[data-slot="reasoning-trigger"], [data-slot="reasoning-header"]')!
const title = () => document.querySelector('[data-slot="reasoning-title"]')

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the status row says what the block is about', () => {
  it('while streaming, should show the latest section title, updating as new titles arrive', () => {
    const store = testStore()
    feed(store, run(), span('s1'), msgStart('m1'), content('m1', '**Counting legs**\n\nChickens have two.\n\n'))
    const { update } = renderPanel(store)
    expect(title()).toHaveTextContent('Counting legs')
    feed(store, content('m1', '**Checking the total**\n\nTwenty heads.'))
    update({ block: block(store) })
    expect(title()).toHaveTextContent('Checking the total')
  })

  it('once complete, should show the block title beside the duration, whole in the accessible name', () => {
    const long = 'Working out how many chickens and rabbits share twenty heads and fifty-six legs in total'
    const store = testStore()
    feed(store, run(), span('s1'), msgStart('m1'), content('m1', `**${long}**\n\nLet c + r = 20.\n\n**Solving**\n\nr = 8.`))
    store.clock.now += 12_000
    feed(store, msgEnd('m1'), spanEnd('s1'))
    renderPanel(store)
    expect(title()).toHaveTextContent(long)
    expect(title()!.querySelector('bdi')).toHaveTextContent(long)
    // The name as words are spoken is checked in Chromium (test/browser/panel-row.test.tsx); here, that it is all there.
    expect(trigger().textContent).toContain(long)
  })

  it('given an explicit title, should prefer it to the first heading', () => {
    const store = testStore()
    feed(store, run(), span('s1', ui({ title: 'Planning the trip' })), msgStart('m1'), content('m1', '**Dates**\n\nJune.'), msgEnd('m1'), spanEnd('s1'))
    renderPanel(store)
    expect(title()).toHaveTextContent('Planning the trip')
  })

  it('at "none", should show no title (titles are summary-level information)', () => {
    const store = testStore()
    feed(store, run(), span('s1'), msgStart('m1'), content('m1', '**SECRET-TITLE**\n\nraw'), msgEnd('m1'), spanEnd('s1'))
    renderPanel(store, { visibility: 'none' })
    expect(title()).toBeNull()
    expect(document.body.innerHTML).not.toContain('SECRET-TITLE')
  })

  it.each<[Visibility, number]>([['full', 3], ['summary', 3]])('at %s, "N steps" should count exactly the items that open', (visibility, count) => {
    const store = testStore()
    feed(store, run(), span('s1'), msgStart('m1'), content('m1', '**One**\n\na\n\n**Two**\n\nb\n\n**Three**\n\nc'), msgEnd('m1'), spanEnd('s1'))
    renderPanel(store, { visibility, defaultOpen: true })
    expect(document.querySelector('[data-slot="reasoning-steps"]')).toHaveTextContent(`${count} steps`)
    const items = visibility === 'full'
      ? document.querySelectorAll('[data-slot="reasoning-text"] [data-slot="reasoning-heading"], [data-slot="reasoning-text"] h1, [data-slot="reasoning-text"] h2, [data-slot="reasoning-text"] h3')
      : document.querySelectorAll('[data-slot="reasoning-summary-titles"] li')
    expect(items).toHaveLength(count)
  })

  it('should show step types in words, not their protocol names', () => {
    const store = testStore()
    feed(store, run(), span('s1'), msgStart('a', ui({ kind: 'step', stepType: 'TOOL_CALL', title: 'Look up' })), content('a', 'x'), msgEnd('a'), spanEnd('s1'))
    renderPanel(store, { defaultOpen: true })
    expect(document.querySelector('[data-slot="reasoning-step-type"]')).toHaveTextContent('Tool call')
    expect(document.body).not.toHaveTextContent('TOOL_CALL')
  })
})

describe('below the text', () => {
  it('should place the outcome card outside the scrolling box, so it is never cut', () => {
    const store = testStore()
    feed(store, run(), span('s1', ui({ conclusion: 'Twelve chickens', confidence: 0.9 })), msgStart('m1'), content('m1', 'Counting.'), msgEnd('m1'), spanEnd('s1'))
    renderPanel(store, { defaultOpen: true })
    const outcome = document.querySelector('[data-slot="reasoning-outcome"]')!
    expect(outcome).toHaveTextContent('Twelve chickens')
    expect(outcome.closest('[data-slot="reasoning-body"]')).toBeNull()
    expect(outcome.closest('[data-slot="reasoning-content"]')).not.toBeNull()
  })

  it('"Show all" should lift the cap on the text and put it back', () => {
    const store = testStore()
    feed(store, run(), span('s1'), msgStart('m1'), content('m1', 'Long text.'), msgEnd('m1'), spanEnd('s1'))
    renderPanel(store, { defaultOpen: true })
    const body = document.querySelector('[data-slot="reasoning-body"]')!
    const button = screen.getByRole('button', { name: 'Show all' })
    expect(button).toHaveAttribute('aria-controls', body.id)
    expect(body).not.toHaveAttribute('data-show-all')
    fireEvent.click(button)
    expect(body).toHaveAttribute('data-show-all')
    fireEvent.click(screen.getByRole('button', { name: 'Show less' }))
    expect(body).not.toHaveAttribute('data-show-all')
  })

  it.each<[Visibility, string, string]>([
    ['full', 'Raw line about units.', 'SECRET'],
    ['summary', '- Checking units', 'Raw line about units.'],
  ])('the copy button at %s should copy what that level shows, as markdown', async (visibility, shown, hidden) => {
    const writeText = vi.fn(() => Promise.resolve())
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    const store = testStore()
    feed(store, run(), span('s1'), msgStart('m1'), content('m1', '**Checking units**\n\nRaw line about units.'), msgEnd('m1'),
      msgStart('m2', ui({ signature: 'SECRET' })), content('m2', 'more'), msgEnd('m2'), spanEnd('s1'))
    renderPanel(store, { visibility, defaultOpen: true })
    const copy = screen.getByRole('button', { name: 'Copy' })
    await act(async () => fireEvent.click(copy))
    expect(writeText).toHaveBeenCalledTimes(1)
    const copied = writeText.mock.calls[0] as unknown as [string]
    expect(copied[0]).toMatch(/^Thought for less than a second — Checking units\n\n/)
    expect(copied[0]).toContain(shown)
    expect(copied[0]).not.toContain(hidden)
    expect(copy).toHaveAttribute('data-copied')
    expect(copy).toHaveTextContent('Copied')
  })
})

describe('the states in between', () => {
  it('before the first block, should show one "Thinking…" row with the markup of a panel row, then the panel in its place', () => {
    const store = testStore()
    feed(store, run())
    const { container, rerender } = render(<ReasoningStream store={store} animationDuration={0} />)
    const pending = container.querySelector('[data-slot="reasoning-pending"]')!
    expect(within(pending as HTMLElement).getByText('Thinking…')).toHaveAttribute('data-slot', 'reasoning-status')
    expect(pending.querySelector(':scope > [data-slot="reasoning-header"] > [data-slot="reasoning-icon"] + [data-slot="reasoning-status"]')).not.toBeNull()
    feed(store, span('s1'), msgStart('m1'), content('m1', 'hmm'))
    rerender(<ReasoningStream store={store} animationDuration={0} />)
    expect(container.querySelector('[data-slot="reasoning-pending"]')).toBeNull()
    expect(container.querySelectorAll('[data-slot="reasoning-status"]')).toHaveLength(1)
  })

  it('an encrypted-only block while streaming should show the lock and "Thinking…", with nothing to open', () => {
    const store = testStore()
    feed(store, run(), span('s1', { encryptedContent: 'ENC' }))
    renderPanel(store)
    expect(document.querySelector('[data-slot="encrypted-indicator"]')).toHaveTextContent('Thinking…')
    expect(document.querySelector('[data-slot="reasoning-trigger"]')).toBeNull()
    expect(document.querySelector('[data-slot="reasoning-chevron"]')).toBeNull()
  })
})

describe('find-in-page under server rendering', () => {
  const finished = () => {
    const store = testStore()
    feed(store, run(), span('s1'), msgStart('m1'), content('m1', '**Units**\n\nRaw findable sentence.'), msgEnd('m1'), spanEnd('s1'))
    return block(store)
  }

  it('at full, the closed panel\'s text should be in the server HTML, hidden', () => {
    const html = renderToString(<ReasoningPanel block={finished()} />)
    const host = document.createElement('div')
    host.innerHTML = html
    const content = host.querySelector('[data-slot="reasoning-content"]')!
    expect(content).toHaveAttribute('hidden')
    expect(content).toHaveTextContent('Raw findable sentence.')
  })

  it('once hydrated, should make the hidden text findable (hidden="until-found") without a hydration error', async () => {
    const element = <ReasoningPanel block={finished()} />
    const host = document.createElement('div')
    host.innerHTML = renderToString(element)
    document.body.append(host)
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const recoverable = vi.fn()
    let root: Root | undefined
    await act(async () => {
      root = hydrateRoot(host, element, { onRecoverableError: recoverable })
    })
    expect(host.querySelector('[data-slot="reasoning-content"]')).toHaveAttribute('hidden', 'until-found')
    expect(errors).not.toHaveBeenCalled()
    expect(recoverable).not.toHaveBeenCalled()
    act(() => root?.unmount())
    host.remove()
    errors.mockRestore()
  })

  it.each<Visibility>(['summary', 'none'])('at %s, the server HTML should hold no raw text', (visibility) => {
    const html = renderToString(<ReasoningPanel block={finished()} visibility={visibility} />)
    expect(html).not.toContain('Raw findable sentence.')
    expect(html).not.toContain('reasoning-content')
  })
})
