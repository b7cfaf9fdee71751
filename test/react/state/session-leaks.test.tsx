/**
 * A long session must not leave work behind (issue 15, "Long sessions"): once a block has
 * finished and its panel has settled, and once a panel is gone, none of the kit's timers,
 * intervals or animation frames is still pending, and every listener it added is removed.
 * The page-level measurement over 100 demo turns is bench/session/run.ts; this is the
 * behaviour it rests on, turn by turn.
 */
import { resolve, sep } from 'node:path'
import { act, fireEvent, render } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import {
  ReasoningPanel,
  ReasoningProvider,
  selectAnsweredBlockIds,
  useReasoningStore,
} from 'reasoning-ui'
import { content, feed, msgEnd, msgStart, run, runDone, span, spanEnd, testStore, text } from '../../helpers/events'

type Store = ReturnType<typeof testStore>

/** The demo's conversation in small: a panel per block, each told when its answer started. */
function Chat({ store }: { store: Store }) {
  const { state } = useReasoningStore(store)
  const answered = selectAnsweredBlockIds(state)
  return (
    <ReasoningProvider now={() => store.clock.now}>
      {state.blocks.map((block) => (
        <ReasoningPanel key={block.id} data-block-id={block.id} block={block} answerStarted={answered.has(block.id)} />
      ))}
    </ReasoningProvider>
  )
}

/** Runs whatever is pending, again and again, until nothing is (an interval never stops: then the cap). */
function drain(): void {
  for (let round = 0; round < 50 && vi.getTimerCount() > 0; round++) act(() => vi.runOnlyPendingTimers())
}

/** One turn streaming: its block open, text arriving over a few seconds of the store's clock. */
function startTurn(store: Store, n: number): void {
  act(() => feed(store, run(`r${n}`), span(`s${n}`), msgStart(`m${n}`), content(`m${n}`, `**Turn ${n}**\n\nFirst paragraph of turn ${n}.\n\n`)))
  for (let i = 0; i < 3; i++) {
    store.clock.now += 1000
    act(() => {
      vi.advanceTimersToNextFrame()
      feed(store, content(`m${n}`, `More reasoning, part ${i}. `))
    })
  }
}

/** The turn's block ends and its answer follows, as in the demo. */
function endTurn(store: Store, n: number): void {
  store.clock.now += 500
  act(() => feed(store, msgEnd(`m${n}`), spanEnd(`s${n}`), text(`a${n}`, `Answer ${n}.`), runDone(`r${n}`)))
}

interface Added {
  readonly target: EventTarget
  readonly type: string
  readonly listener: unknown
  readonly capture: boolean
}

/**
 * Listeners added and not removed since `start`: every `addEventListener` on any target
 * (window, document, elements, media queries), matched with its `removeEventListener`.
 * `outliving()` keeps those whose target outlives the panels: one that is no node (the
 * window, a media query, a signal) or a node still in the document. A listener on an element
 * that left the document goes with it (React never removes the scroll listener it puts on
 * an element with `onScroll`), unless something keeps the element: the benchmark's
 * detached-node count is the check for that.
 */
function listenerLedger() {
  const live: Added[] = []
  const captureOf = (options: unknown) => (typeof options === 'boolean' ? options : Boolean((options as { capture?: boolean } | undefined)?.capture))
  const same = (a: Added, b: Added) => a.target === b.target && a.type === b.type && a.listener === b.listener && a.capture === b.capture
  const spies: MockInstance[] = []
  type Listen = (this: EventTarget, type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions) => void
  /** Wraps `owner`'s add/remove pair; `as` names the target when the method is bound to another object. */
  const watch = (owner: EventTarget, as?: EventTarget) => {
    const originalAdd = owner.addEventListener as Listen
    const originalRemove = owner.removeEventListener as Listen
    spies.push(
      vi.spyOn(owner, 'addEventListener').mockImplementation(function (this: EventTarget, type, listener, options) {
        const entry = { target: as ?? this, type, listener, capture: captureOf(options) }
        if (listener && !live.some((l) => same(l, entry))) live.push(entry)
        return originalAdd.call(this, type, listener, options)
      }),
      vi.spyOn(owner, 'removeEventListener').mockImplementation(function (this: EventTarget, type, listener, options) {
        const entry = { target: as ?? this, type, listener, capture: captureOf(options) }
        const i = live.findIndex((l) => same(l, entry))
        if (i >= 0) live.splice(i, 1)
        return originalRemove.call(this, type, listener, options)
      }),
    )
  }
  return {
    start() {
      watch(EventTarget.prototype)
      // Vitest's jsdom environment puts the window's methods on the global object already
      // bound to jsdom's window, so `window.addEventListener` never reaches the prototype.
      if (Object.hasOwn(window, 'addEventListener')) watch(window, window)
    },
    stop() {
      for (const spy of spies.splice(0)) spy.mockRestore()
    },
    /** What is still listening where it outlives the panels, described for a failure message. */
    outliving: () =>
      live
        .filter((l) => !(l.target instanceof Node) || l.target.isConnected)
        .map((l) => `${l.type} on ${l.target instanceof Element ? `<${l.target.localName} data-slot=${l.target.getAttribute('data-slot')}>` : String(l.target)}`),
  }
}

/** The kit's source: tests import 'reasoning-ui' from here (vitest.config.ts aliases). */
const KIT = resolve(import.meta.dirname, '../../../src') + sep

/**
 * Timers, intervals and animation frames pending, each with the stack that scheduled it,
 * wrapped around the fake ones. `kit()` keeps those scheduled from the kit's own code:
 * framer-motion's frame loop (which took jsdom's requestAnimationFrame when it loaded, and
 * runs until its animations have settled) and jsdom's are theirs to end.
 */
function timerLedger() {
  const live = new Map<string, string>()
  const g = globalThis as unknown as Record<string, (...args: unknown[]) => unknown>
  const originals = new Map<string, (...args: unknown[]) => unknown>()
  const wrap = (name: string, wrapper: (original: (...args: unknown[]) => unknown) => (...args: unknown[]) => unknown) => {
    const original = g[name]!
    originals.set(name, original)
    g[name] = wrapper(original)
  }
  const schedule = (prefix: string, kind: string) => (original: (...args: unknown[]) => unknown) => (callback: unknown, ...rest: unknown[]) => {
    let key = ''
    const run = typeof callback === 'function' && kind !== 'interval' ? (...a: unknown[]) => (live.delete(key), (callback as (...x: unknown[]) => unknown)(...a)) : callback
    key = `${prefix}${String(Number(original(run, ...rest)))}`
    live.set(key, `${kind} from ${new Error().stack!.split('\n').slice(2).find((line) => line.includes(KIT))?.trim() ?? 'elsewhere'}`)
    return Number(key.slice(1))
  }
  const cancel = (prefix: string) => (original: (...args: unknown[]) => unknown) => (id: unknown) => {
    live.delete(`${prefix}${String(id)}`)
    return original(id)
  }
  return {
    start() {
      wrap('setTimeout', schedule('t', 'timeout'))
      wrap('setInterval', schedule('t', 'interval'))
      wrap('clearTimeout', cancel('t'))
      wrap('clearInterval', cancel('t'))
      wrap('requestAnimationFrame', schedule('f', 'frame'))
      wrap('cancelAnimationFrame', cancel('f'))
    },
    stop() {
      for (const [name, original] of originals) g[name] = original
    },
    /** What the kit's own code scheduled and is still pending. */
    kit: () => [...live.values()].filter((site) => !site.endsWith('elsewhere')),
  }
}

// The kit warms its default locale's formatters when it loads, a step per idle moment (a timer
// where there is no requestIdleCallback, as in jsdom): let that end on the real clock first, or a
// step left for the fake one counts as the kit's timer pending (seen with a busy machine).
beforeAll(async () => {
  for (let step = 0; step < 10; step++) await new Promise((resolve) => setTimeout(resolve, 0))
})

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'requestAnimationFrame', 'cancelAnimationFrame'] })
})
afterEach(() => {
  vi.useRealTimers()
})

describe('a session of turns', () => {
  it('given a block streaming, should have its live work pending (so the checks below can see it)', () => {
    const store = testStore()
    render(<Chat store={store} />)
    startTurn(store, 1)
    // The duration counter ticks once a second while the block streams.
    expect(vi.getTimerCount()).toBeGreaterThan(0)
  })

  it('given turns that end one after another, when each block has finished and its panel collapsed, should leave no timer, interval or frame pending', () => {
    const store = testStore()
    const { container } = render(<Chat store={store} />)
    for (let n = 1; n <= 5; n++) {
      startTurn(store, n)
      endTurn(store, n)
      drain()
      expect(vi.getTimerCount(), `pending after turn ${n}`).toBe(0)
      expect(container.querySelector(`[data-block-id="s${n}"]`)).toHaveAttribute('data-state', 'closed')
    }
    expect(container.querySelectorAll('[data-slot="reasoning-panel"]')).toHaveLength(5)
  })

  it('given a block still streaming, when its panel unmounts, should leave no timer, interval or frame pending', () => {
    const store = testStore()
    const timers = timerLedger()
    timers.start()
    try {
      const { unmount } = render(<Chat store={store} />)
      startTurn(store, 1)
      expect(timers.kit().length, 'the counter ticks while the block streams').toBeGreaterThan(0)
      unmount()
      // At once: a timer still pending here would run for a panel that is gone.
      expect(timers.kit()).toEqual([])
    } finally {
      timers.stop()
    }
  })

  it('given a finished block opened, copied and closed by the reader, when the panels unmount, should leave nothing pending and no listener where it outlives them', async () => {
    const writeText = vi.fn(() => Promise.resolve())
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    const ledger = listenerLedger()
    const timers = timerLedger()
    try {
      // The root first: React listens on its container for the life of the root, not of a panel.
      const view = render(<div />)
      const store = testStore()
      // jsdom's selector engine listens on the window for the document's life, from its first use.
      document.body.matches(':focus')
      ledger.start()
      timers.start()
      view.rerender(<Chat store={store} />)
      for (let n = 1; n <= 3; n++) {
        startTurn(store, n)
        endTurn(store, n)
      }
      drain()
      const trigger = view.container.querySelector<HTMLElement>('[data-block-id="s2"] [data-slot="reasoning-trigger"]')!
      act(() => fireEvent.click(trigger))
      // The opening animation plays to its end (framer-motion's frame loop then asks for no frame).
      for (let frame = 0; frame < 1000 && vi.getTimerCount() > 0; frame++) act(() => vi.advanceTimersToNextFrame())
      expect(vi.getTimerCount()).toBe(0)
      const copy = view.container.querySelector<HTMLElement>('[data-block-id="s2"] [data-slot="reasoning-copy"]')!
      await act(async () => fireEvent.click(copy))
      expect(writeText).toHaveBeenCalledTimes(1)
      expect(copy).toHaveAttribute('data-copied')
      // Unmounted while open and while it still says "Copied" (its reset pending).
      expect(timers.kit()).toEqual([expect.stringMatching(/^timeout from .*copy\.ts/)])
      view.rerender(<div />)
      expect(timers.kit()).toEqual([])
      expect(ledger.outliving()).toEqual([])
    } finally {
      timers.stop()
      ledger.stop()
      vi.unstubAllGlobals()
    }
  })
})

describe('the shared clock', () => {
  it('given two conversations streaming at once, should run one interval for both, and none once they have finished', () => {
    const [a, b] = [testStore(), testStore()]
    render(
      <>
        <Chat store={a} />
        <Chat store={b} />
      </>,
    )
    startTurn(a, 1)
    startTurn(b, 1)
    // Whatever else a render scheduled has run; only the counters' ticker is left, once.
    drain()
    expect(vi.getTimerCount()).toBe(1)
    endTurn(a, 1)
    endTurn(b, 1)
    drain()
    expect(vi.getTimerCount()).toBe(0)
  })
})
