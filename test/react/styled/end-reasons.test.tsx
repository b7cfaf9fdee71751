/**
 * Issue 12, "the states in between": a stop is not a failure (wording, icon,
 * `data-end-reason`, the announcer), the encrypted-only and empty blocks while they
 * stream, and one "Thinking…" only before any reasoning.
 */
import { render, screen, waitFor } from '@testing-library/react'
import { StrictMode, useState } from 'react'
import { Observable } from 'rxjs'
import { describe, expect, it } from 'vitest'
import {
  Reasoning,
  ReasoningAnnouncer,
  ReasoningPanel,
  ReasoningProvider,
  ReasoningStream,
  useReasoningStream,
  type ReasoningBlock,
  type ReasoningEndReason,
} from 'reasoning-ui'
import { content, encrypted, endedStore, feed, msgEnd, msgStart, run, runDone, span, spanEnd, streamingStore, testStore, text } from '../../helpers/events'

type Store = ReturnType<typeof testStore>

const T0 = 1_000

/** One span `s1` with message `m1`, streaming since T0. */
const streaming = () => streamingStore('Counting legs.', T0)
const endedAfter = (seconds: number, reason: ReasoningEndReason): Store => endedStore('Counting legs.', seconds * 1000, reason, T0)

const blockOf = (store: Store): ReasoningBlock => store.getState().blocks[0]!

function renderPanel(store: Store) {
  return render(
    <ReasoningProvider now={() => store.clock.now}>
      <ReasoningPanel block={blockOf(store)} animationDuration={0} />
    </ReasoningProvider>,
  )
}

const slot = (container: HTMLElement, name: string) => container.querySelector(`[data-slot="${name}"]`)

describe('a block the user stopped', () => {
  it('should read neutrally, "Stopped after 4 seconds", with data-end-reason on the root and parts', () => {
    const { container } = renderPanel(endedAfter(4, 'stopped'))
    const panel = slot(container, 'reasoning-panel')!
    expect(panel).toHaveAttribute('data-status', 'interrupted')
    expect(panel).toHaveAttribute('data-end-reason', 'stopped')
    expect(slot(container, 'reasoning-status')).toHaveTextContent(/^Stopped after 4 seconds$/)
    expect(slot(container, 'reasoning-status')).toHaveAttribute('data-end-reason', 'stopped')
    expect(container).not.toHaveTextContent('interrupted')
  })

  it('should show a neutral icon, not the alert of a failure', () => {
    const stopped = renderPanel(endedAfter(4, 'stopped'))
    const stoppedIcon = slot(stopped.container, 'reasoning-icon')!
    const failed = renderPanel(endedAfter(4, 'failed'))
    const failedIcon = slot(failed.container, 'reasoning-icon')!
    const done = testStore(T0)
    feed(done, run(), span('s1'), msgStart('m1'), content('m1', 'x'), msgEnd('m1'), spanEnd('s1'), runDone())
    const complete = renderPanel(done)
    expect(stoppedIcon).toHaveAttribute('data-end-reason', 'stopped')
    expect(failedIcon).toHaveAttribute('data-end-reason', 'failed')
    expect(stoppedIcon.innerHTML).not.toBe(failedIcon.innerHTML)
    expect(stoppedIcon.innerHTML).toBe(slot(complete.container, 'reasoning-icon')!.innerHTML)
  })

  it.each<[ReasoningEndReason, string]>([
    ['stopped', 'Stopped after 4 seconds'],
    ['cut-short', 'Reasoning cut short after 4 seconds'],
    ['disconnected', 'Connection lost after 4 seconds of thinking'],
    ['failed', 'Reasoning interrupted after 4 seconds'],
  ])('given a block that streamed and then ended as %s, the announcer should say "%s"', async (reason, words) => {
    const store = streaming()
    const view = () => (
      <ReasoningProvider now={() => store.clock.now}>
        <Reasoning block={blockOf(store)}>
          <ReasoningAnnouncer />
        </Reasoning>
      </ReasoningProvider>
    )
    const { rerender } = render(view())
    const region = screen.getByRole('status')
    await waitFor(() => expect(region).toHaveTextContent('Thinking…'))
    store.clock.now = T0 + 4_000
    store.streamEnded(undefined, reason)
    rerender(view())
    await waitFor(() => expect(region).toHaveTextContent(words))
    expect(region).toHaveAttribute('data-end-reason', reason)
  })
})

describe('encrypted-only and empty blocks while they stream', () => {
  it('given an encrypted-only block streaming, should show the lock with "Thinking…" and no chevron', () => {
    const store = testStore(T0)
    feed(store, run(), span('s1'), msgStart('m1'), encrypted('m1', 'OPAQUE'))
    const { container } = renderPanel(store)
    expect(slot(container, 'encrypted-icon')).not.toBeNull()
    expect(slot(container, 'encrypted-label')).toHaveTextContent(/^Thinking…$/)
    expect(slot(container, 'reasoning-chevron')).toBeNull()
    expect(screen.queryByRole('button')).toBeNull()
    expect(container).not.toHaveTextContent('OPAQUE')
  })

  it('given an encrypted-only block that ended, should say the provider hid it', () => {
    const store = testStore(T0)
    feed(store, run(), span('s1'), msgStart('m1'), encrypted('m1', 'OPAQUE'))
    store.clock.now = T0 + 5_000
    feed(store, msgEnd('m1'), spanEnd('s1'), runDone())
    const { container } = renderPanel(store)
    expect(slot(container, 'encrypted-label')).toHaveTextContent('Reasoning hidden by the provider')
  })

  it('given a streaming block with no text yet, should have no chevron and no body', () => {
    const store = testStore(T0)
    feed(store, run(), span('s1'), msgStart('m1'))
    const { container } = renderPanel(store)
    expect(slot(container, 'reasoning-status')).toHaveTextContent('Thinking…')
    expect(slot(container, 'reasoning-chevron')).toBeNull()
    expect(slot(container, 'reasoning-panel')).not.toHaveAttribute('data-expandable')
    expect(slot(container, 'reasoning-content')).toBeNull()
  })
})

describe('one "Thinking…" (ReasoningStream)', () => {
  const pending = (container: HTMLElement) => slot(container, 'reasoning-pending')

  it('should show the pending indicator before the first block only, not between the reasoning and the answer', () => {
    const store = testStore(T0)
    feed(store, run())
    const view = () => <ReasoningStream state={store.getState()} animationDuration={0} />
    const { container, rerender } = render(view())
    expect(pending(container)).toHaveTextContent('Thinking…')
    feed(store, span('s1'), msgStart('m1'), content('m1', 'x'))
    rerender(view())
    expect(pending(container)).toBeNull()
    store.clock.now = T0 + 3_000
    feed(store, msgEnd('m1'), spanEnd('s1'))
    rerender(view())
    expect(slot(container, 'reasoning-status')).toHaveTextContent('Thought for 3 seconds')
    expect(pending(container)).toBeNull()
    expect(container).not.toHaveTextContent('Thinking…')
    feed(store, text('a'), runDone())
    rerender(view())
    expect(pending(container)).toBeNull()
  })
})

describe('useReasoningStream and the user\'s stop', () => {
  /** A cold Observable that emits a run's start and an open reasoning message at once. */
  const runOf = (id: string) => new Observable<object>((s) => {
    feedAll(s, [run(id), msgStart(`m-${id}`), content(`m-${id}`, `text of ${id}`)])
  })
  const feedAll = (s: { next(e: object): void }, events: object[]) => events.forEach((e) => s.next(e))

  it('given a new source on the same store, should stop the old run and leave the new one streaming', async () => {
    const store = testStore(T0)
    let show!: (source: Observable<object>) => void
    function Chat() {
      const [source, setSource] = useState(() => runOf('r1'))
      show = setSource
      const state = useReasoningStream(source, { store })
      return <p data-testid="statuses">{state.blocks.map((b) => `${b.id}:${b.status}:${b.endReason ?? ''}`).join(' ')}</p>
    }
    render(<StrictMode><Chat /></StrictMode>)
    await waitFor(() => expect(screen.getByTestId('statuses')).toHaveTextContent('m-r1:streaming:'))
    show(runOf('r2'))
    await waitFor(() => expect(screen.getByTestId('statuses')).toHaveTextContent('m-r1:interrupted:stopped m-r2:streaming:'))
  })
})
