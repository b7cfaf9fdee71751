/**
 * Issue 43, the details a person notices: how long a stopped block thought, where the text of a
 * block that ended early stops, one copy of the block once it has ended, and the encrypted-only row
 * in the words every other row uses. (The row's layout at 390 px and its one type size are the
 * browser lane's: test/browser/panel-row.test.tsx.)
 */
import { render, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ReasoningPanel, ReasoningProvider, type ReasoningEndReason, type Visibility } from 'reasoning-ui'
import { germanLabels, japaneseLabels } from 'reasoning-ui/locales'
import { encrypted, endedStore, feed, msgEnd, msgStart, run, runDone, span, spanEnd, streamingStore, testStore } from '../../helpers/events'

type Store = ReturnType<typeof testStore>

const T0 = 1_000

const TEXT = '**Checking the forecast**\n\nThe interesting trade-off is'
const streaming = () => streamingStore(TEXT, T0)
const endedAfter = (ms: number, reason: ReasoningEndReason): Store => endedStore(TEXT, ms, reason, T0)

function completed(ms = 3_000): Store {
  const store = streaming()
  store.clock.now = T0 + ms
  feed(store, msgEnd('m1'), spanEnd('s1'), runDone())
  return store
}

function hidden(ms: number): Store {
  const store = testStore(T0)
  feed(store, run(), span('s1'), msgStart('m1'), encrypted('m1', 'OPAQUE'))
  store.clock.now = T0 + ms
  feed(store, msgEnd('m1'), spanEnd('s1'), runDone())
  return store
}

function renderPanel(store: Store, visibility: Visibility = 'full', labels?: Parameters<typeof ReasoningProvider>[0]['labels'], locale?: string) {
  return render(
    <ReasoningProvider now={() => store.clock.now} labels={labels} locale={locale}>
      <ReasoningPanel block={store.getState().blocks[0]!} visibility={visibility} defaultOpen animationDuration={0} />
    </ReasoningProvider>,
  )
}

const slot = (container: HTMLElement, name: string) => container.querySelector<HTMLElement>(`[data-slot="${name}"]`)

describe('a stop says how long it thought', () => {
  it.each([
    [4_000, 'Stopped after 4 seconds'],
    // Under a second counts as one: how long it thought is always said when it is known.
    [300, 'Stopped after 1 second'],
  ])('given a stop after %i ms, should read "%s"', (ms, words) => {
    const { container } = renderPanel(endedAfter(ms, 'stopped'))
    expect(slot(container, 'reasoning-status')).toHaveTextContent(new RegExp(`^${words}$`))
  })

  it.each([
    ['disconnected', 'Connection lost after 1 second of thinking'],
    ['cut-short', 'Reasoning cut short after 1 second'],
    ['failed', 'Reasoning interrupted after 1 second'],
  ] as const)('given a %s end under a second, should still say how long: "%s"', (reason, words) => {
    const { container } = renderPanel(endedAfter(400, reason))
    expect(slot(container, 'reasoning-status')).toHaveTextContent(new RegExp(`^${words}$`))
  })

  it('should say it in every locale (German, Japanese)', () => {
    expect(slot(renderPanel(endedAfter(300, 'stopped'), 'full', germanLabels, 'de').container, 'reasoning-status')).toHaveTextContent(
      /^Nachdenken nach 1 Sekunde angehalten$/,
    )
    expect(slot(renderPanel(endedAfter(3_000, 'stopped'), 'full', japaneseLabels, 'ja').container, 'reasoning-status')).toHaveTextContent(/^3 秒後に思考を停止しました$/)
  })
})

describe('where the text of a block that ended early stops', () => {
  it.each([
    ['stopped', 'Stopped thinking'],
    ['disconnected', 'Connection lost while thinking'],
    ['cut-short', 'Reasoning cut short'],
    ['failed', 'Reasoning interrupted'],
  ] as const)('given a block that ended %s, should mark the end of its text with why: "%s"', (reason, words) => {
    const { container } = renderPanel(endedAfter(3_000, reason))
    const marker = slot(container, 'reasoning-cut-off')!
    expect(marker).toHaveTextContent(new RegExp(`^${words}$`))
    // After the text, in the same scrolling box (the panel says why it ended: data-end-reason).
    const text = slot(container, 'reasoning-text')!
    expect(text.compareDocumentPosition(marker) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(marker.parentElement).toBe(slot(container, 'reasoning-body'))
    expect(slot(container, 'reasoning-panel')).toHaveAttribute('data-end-reason', reason)
  })

  it('given a block that completed or still streams, should mark nothing', () => {
    expect(slot(renderPanel(completed()).container, 'reasoning-cut-off')).toBeNull()
    expect(slot(renderPanel(streaming()).container, 'reasoning-cut-off')).toBeNull()
  })

  it('given the summary level, where no text shows, should mark nothing', () => {
    expect(slot(renderPanel(endedAfter(3_000, 'stopped'), 'summary').container, 'reasoning-cut-off')).toBeNull()
  })

  it('should say it in the locale', () => {
    expect(slot(renderPanel(endedAfter(3_000, 'disconnected'), 'full', germanLabels, 'de').container, 'reasoning-cut-off')).toHaveTextContent(
      /^Verbindung beim Nachdenken verloren$/,
    )
  })
})

describe('one copy of the whole block, once it has ended', () => {
  it('given a block that still streams, should offer no copy of it (half a text)', () => {
    const { container } = renderPanel(streaming())
    expect(slot(container, 'reasoning-actions')).not.toBeNull()
    expect(slot(container, 'reasoning-copy')).toBeNull()
  })

  it.each([
    ['completed', completed()],
    ['stopped', endedAfter(3_000, 'stopped')],
  ])('given a block that %s, should offer "Copy"', (_, store) => {
    const { container } = renderPanel(store)
    expect(within(slot(container, 'reasoning-actions')!).getByRole('button', { name: 'Copy' })).toHaveAttribute('data-slot', 'reasoning-copy')
  })
})

describe('the encrypted-only row says what every row says', () => {
  it('should say how long in the same words as the others: "Reasoning hidden by the provider · Thought for 4 seconds"', () => {
    const { container } = renderPanel(hidden(4_000), 'summary')
    expect(slot(container, 'encrypted-label')).toHaveTextContent(/^Reasoning hidden by the provider$/)
    expect(slot(container, 'encrypted-duration')).toHaveTextContent(/^Thought for 4 seconds$/)
    expect(slot(container, 'encrypted-duration')).toHaveAttribute('dateTime', 'PT4S')
  })

  it('given a stop, should say it as a stop', () => {
    const store = testStore(T0)
    feed(store, run(), span('s1'), msgStart('m1'), encrypted('m1', 'OPAQUE'))
    store.clock.now = T0 + 2_000
    store.streamEnded(undefined, 'stopped')
    expect(slot(renderPanel(store, 'summary').container, 'encrypted-duration')).toHaveTextContent(/^Stopped after 2 seconds$/)
  })

  it('while the provider thinks, should read like every streaming row ("Thinking · 2s")', () => {
    const store = testStore(T0)
    feed(store, run(), span('s1'), msgStart('m1'), encrypted('m1', 'OPAQUE'))
    store.clock.now = T0 + 2_000
    const { container } = renderPanel(store)
    expect(slot(container, 'encrypted-label')).toHaveTextContent(/^Thinking · 2s$/)
    expect(slot(container, 'encrypted-duration')).toBeNull()
  })
})
