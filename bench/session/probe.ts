/**
 * The page side of the session benchmark, installed with `page.addInitScript` before
 * the demo's own scripts run: it wraps the timer, frame and idle-callback functions and
 * the observers' constructors, and keeps only what is still pending, so a checkpoint
 * can ask what the page would still run when it is idle, and where each was scheduled.
 *
 * Everything here is serialised into the page (`installProbe.toString()`): no imports,
 * no closures over Node values, nothing but the page's own globals.
 */

/** One pending timer, interval, frame or idle callback. */
export interface PendingEntry {
  readonly kind: 'timeout' | 'interval' | 'frame' | 'idle'
  /** The delay asked for (timeouts and intervals). */
  readonly ms?: number
  /** The first frames of the stack that scheduled it (below the probe's own frame). */
  readonly site: string
}

export interface ProbeReport {
  readonly pending: readonly PendingEntry[]
  /** Observers (Resize, Mutation, Intersection) observing something, not disconnected, not collected. */
  readonly observers: Readonly<Record<string, number>>
}

declare global {
  interface Window {
    __sessionProbe?: { report(): ProbeReport }
  }
}

export function installProbe(): void {
  interface Live {
    kind: 'timeout' | 'interval' | 'frame' | 'idle'
    ms?: number
    /** Captured unformatted: V8 formats a stack only when `.stack` is read, at a report. */
    error: Error
  }
  // Timeouts and intervals share one id space in browsers (clearTimeout clears an interval);
  // frames and idle callbacks have their own.
  const live = new Map<string, Live>()
  const w = window as unknown as Record<string, unknown>
  const setTimeout0 = window.setTimeout.bind(window)
  const clearTimeout0 = window.clearTimeout.bind(window)
  const setInterval0 = window.setInterval.bind(window)
  const clearInterval0 = window.clearInterval.bind(window)
  const raf0 = window.requestAnimationFrame.bind(window)
  const caf0 = window.cancelAnimationFrame.bind(window)
  const ric0 = typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback.bind(window) : undefined
  const cic0 = typeof window.cancelIdleCallback === 'function' ? window.cancelIdleCallback.bind(window) : undefined

  w.setTimeout = function (handler: TimerHandler, ms?: number, ...args: unknown[]): number {
    // A string handler cannot be wrapped to notice that it ran: not counted (the kit never uses one).
    if (typeof handler !== 'function') return setTimeout0(handler, ms, ...args)
    const id: number = setTimeout0(function (this: unknown, ...a: unknown[]) {
      live.delete(`t${id}`)
      return (handler as (...x: unknown[]) => unknown).apply(this, a)
    }, ms, ...args)
    live.set(`t${id}`, { kind: 'timeout', ms: ms ?? 0, error: new Error() })
    return id
  }
  w.clearTimeout = (id?: number) => {
    live.delete(`t${id}`)
    clearTimeout0(id)
  }
  w.setInterval = function (handler: TimerHandler, ms?: number, ...args: unknown[]): number {
    const id = setInterval0(handler, ms, ...args)
    live.set(`t${id}`, { kind: 'interval', ms: ms ?? 0, error: new Error() })
    return id
  }
  w.clearInterval = (id?: number) => {
    live.delete(`t${id}`)
    clearInterval0(id)
  }
  w.requestAnimationFrame = (callback: FrameRequestCallback): number => {
    const id = raf0((time) => {
      live.delete(`f${id}`)
      callback(time)
    })
    live.set(`f${id}`, { kind: 'frame', error: new Error() })
    return id
  }
  w.cancelAnimationFrame = (id: number) => {
    live.delete(`f${id}`)
    caf0(id)
  }
  if (ric0 && cic0) {
    w.requestIdleCallback = (callback: IdleRequestCallback, options?: IdleRequestOptions): number => {
      const id = ric0((deadline) => {
        live.delete(`i${id}`)
        callback(deadline)
      }, options)
      live.set(`i${id}`, { kind: 'idle', error: new Error() })
      return id
    }
    w.cancelIdleCallback = (id: number) => {
      live.delete(`i${id}`)
      cic0(id)
    }
  }

  // Observers: live while observing something and neither disconnected nor collected.
  // Counted, never held: holding them would keep alive what the benchmark looks for.
  const observers: Record<string, number> = {}
  const collected = new FinalizationRegistry<{ name: string; state: { active: boolean } }>(({ name, state }) => {
    if (state.active) observers[name]!--
  })
  for (const name of ['ResizeObserver', 'MutationObserver', 'IntersectionObserver'] as const) {
    const Original = w[name] as (new (...args: never[]) => { observe(...a: unknown[]): void; disconnect(): void }) | undefined
    if (typeof Original !== 'function') continue
    observers[name] = 0
    const states = new WeakMap<object, { active: boolean }>()
    const observe = Original.prototype.observe
    const disconnect = Original.prototype.disconnect
    Original.prototype.observe = function (this: object, ...args: unknown[]) {
      let state = states.get(this)
      if (!state) {
        state = { active: false }
        states.set(this, state)
        collected.register(this, { name, state })
      }
      if (!state.active) {
        state.active = true
        observers[name]!++
      }
      return observe.apply(this, args)
    }
    Original.prototype.disconnect = function (this: object) {
      const state = states.get(this)
      if (state?.active) {
        state.active = false
        observers[name]!--
      }
      return disconnect.call(this)
    }
  }

  /** The stack below the probe's wrapper, a few frames, without the "Error" line. */
  const siteOf = (error: Error) =>
    (error.stack ?? '')
      .split('\n')
      .slice(2, 5)
      .map((line) => line.trim().replace(/^at /, '').replace(location.origin, ''))
      .join(' < ')

  w.__sessionProbe = {
    report: () => ({
      pending: [...live.values()].map((entry) => ({ kind: entry.kind, ...(entry.ms !== undefined && { ms: entry.ms }), site: siteOf(entry.error) })),
      observers: { ...observers },
    }),
  }
}
