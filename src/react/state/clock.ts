import { useSyncExternalStore } from 'react'
import type { ReasoningStatus } from '../../core/model'
import { getBlockDuration } from '../../core/selectors'

/**
 * One shared one-second ticker for every live duration on the page. Only the
 * parts that show a counter subscribe, so a tick re-renders a few labels and
 * never the reasoning text.
 */
let tick = 0
let timer: ReturnType<typeof setInterval> | undefined
const listeners = new Set<() => void>()

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  if (timer === undefined) {
    timer = setInterval(() => {
      tick++
      for (const l of [...listeners]) l()
    }, 1000)
  }
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer)
      timer = undefined
    }
  }
}

const getTick = () => tick
const inactive = () => () => {}
const serverTick = () => undefined

/**
 * A value that changes once a second while `active`, for re-rendering a counter.
 * `undefined` on the server and while hydrating, so server HTML (which cannot
 * know the client's clock) and the first client render agree; the counter then
 * appears on the next render.
 */
export function useSecondTick(active: boolean): number | undefined {
  return useSyncExternalStore(active ? subscribe : inactive, getTick, serverTick)
}

/** What has a duration: a block, its projection, or a tool call. */
export interface Timed {
  readonly status: ReasoningStatus
  readonly startedAt?: number
  readonly endedAt?: number
}

/**
 * How long `timed` has been (or was) running, in ms: counting up once a second
 * while it streams, from its own timestamps once it ended. Undefined while
 * unknown, and for a streaming one on the server and while hydrating.
 */
export function useLiveDuration(timed: Timed, now: () => number): number | undefined {
  const streaming = timed.status === 'streaming'
  const tick = useSecondTick(streaming)
  return streaming && tick === undefined ? undefined : getBlockDuration(timed, now())
}
