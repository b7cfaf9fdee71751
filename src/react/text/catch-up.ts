/**
 * Catching up with a burst (docs/performance.md, "Catching up with a burst"): a live text, on the
 * common path and in text/large/ alike, shows the paragraphs (or, in text/large/, a long
 * paragraph's runs) that came since its last commit a budget at a time, sized by the commits
 * measured so far, the rest in the next frames. Real streams (a few KB a second) never reach the
 * budget; a flood, a replay and a panel opened mid-stream do.
 */
import { useEffect, useReducer, useState } from 'react'
import { useIsomorphicLayoutEffect } from '../state/client'
import { traitsOf, type RenderText } from './text'

/**
 * Characters of newly finished paragraphs one commit adds at most while it
 * catches up. A stream that delivers faster than frames come (a replay, a fast
 * provider, a backlog after a stall) would otherwise put all of it into one
 * long task; the rest shows in the next frames, oldest first, and the live
 * paragraph once they are all there.
 */
export const CATCH_UP_CHARS = 8_000
/**
 * A backlog larger than this that arrives while the panel is caught up shows in `BURST_STEPS`
 * commits, each a share of it: one 5 MB delta, or a flood's text that piled up behind a long task
 * (a garbage collection) in the moment the panel had caught up. It showed at once before: in
 * three 5 MB markdown floods (bench/render/large.ts's page), every frame over 100 ms but the
 * page's own last one was such a commit, 1,941-4,104 paragraphs, 264-480 ms. In the usual steps
 * a 5 MB delta would show hundreds of commits later. One that builds up while the panel is already
 * catching up (a flood, faster than frames) is taken in steps that grow with what is waiting, up
 * to twice the budget.
 */
const CATCH_UP_LIMIT = 32 * CATCH_UP_CHARS
/** How many commits a backlog over `CATCH_UP_LIMIT` that arrived while caught up shows in. */
const BURST_STEPS = 16

/** Finished paragraphs (or a long paragraph's runs) on screen, the inputs of the render that decided it, and whether new text (not a catch-up tick) moved it. */
interface Progress {
  readonly shown: number
  readonly text: string
  readonly ticks: number
  readonly byText: boolean
  /** Every finished paragraph was on screen after that render. */
  readonly caughtUp: boolean
  /** Characters a commit shows while catching up with a backlog that arrived while caught up (see `CATCH_UP_LIMIT`); 0: none. */
  readonly burst: number
}

/**
 * How many of the first `total` of `done` to show when `shown` are on screen: the next budget's
 * worth (`chars`, up to twice that while much more is waiting), at least one paragraph; a share of
 * a large backlog that arrived while the panel was caught up (`caughtUp`), that share (`burst`)
 * kept until it is shown.
 */
function catchUp(done: readonly string[], total: number, shown: number, chars: number, caughtUp: boolean, burst: number): { count: number; burst: number } {
  let count = Math.min(shown, total)
  // Caught up, what arrived is summed whole (it came since the last commit); behind, only as far as the steps grow.
  const limit = caughtUp ? Infinity : 16 * chars
  let backlog = 0
  for (let i = count; i < total && backlog <= limit; i++) backlog += done[i]!.length
  if (caughtUp) burst = backlog > CATCH_UP_LIMIT ? Math.ceil(backlog / BURST_STEPS) : 0
  for (let budget = Math.max(burst, Math.min(2 * chars, Math.max(chars, backlog / 16))); count < total && budget > 0; count++) budget -= done[count]!.length
  return { count, burst: count < total ? burst : 0 }
}


/** A commit's catch-up budget for `render`, in characters, before any commit was measured. */
const budgetOf = (render: RenderText | undefined): number => {
  const cost = traitsOf(render)?.cost
  return cost !== undefined && cost > 1 ? Math.round(CATCH_UP_CHARS / cost) : CATCH_UP_CHARS
}

/**
 * The time, ms, that rendering a catch-up commit (React's render of the new paragraphs and its DOM
 * changes, before the browser's style, layout and paint, which in bench/render take about as long
 * again) may take on a machine fast enough for more than the budget. A commit that adds finished
 * paragraphs measures its time per character, and the next one takes what fits in this time:
 * never less than the budget (`CATCH_UP_CHARS / cost`, sized so that a 2-core machine's frames
 * stay short), at most `CATCH_UP_GROWTH` times it, and like the budget up to twice that while
 * much more is waiting (`catchUp`). The span measured runs from the render of what catches up
 * (`StreamingText`, or a long paragraph's `Runs`) to its layout effect, so it also holds what
 * renders after it and its children's layout effects: it errs towards smaller steps. On a fast
 * machine a fixed budget made a flood show up to 6x later than the plain-DOM floor while the main
 * thread idled half of each frame.
 */
const CATCH_UP_MS = 6
/** How many times its fixed budget a measured commit may take at most. */
const CATCH_UP_GROWTH = 4
/** A commit that adds fewer characters is not measured: React's fixed cost per commit would dominate. */
const MEASURED_CHARS = 1_000

/** The budget `base` after a commit measured at `msPerChar` (none: the budget as it is). */
export const measuredBudget = (base: number, msPerChar: number | undefined): number =>
  msPerChar === undefined ? base : Math.round(Math.min(CATCH_UP_GROWTH * base, Math.max(base, CATCH_UP_MS / msPerChar)))

/** The clock commits and splits are timed by (every engine the kit runs in, Node ≥ 20 too, has `performance`). */
export const now = (): number => performance.now()

/**
 * Times catch-up commits: `begin` as a commit renders (with the characters of finished paragraphs
 * it adds), `end` once its DOM is in place; `budget` is the next commit's.
 */
function commitMeter() {
  let msPerChar: number | undefined
  let start = 0
  let chars = 0
  return {
    budget: (base: number): number => measuredBudget(base, msPerChar),
    begin(added: number): void {
      chars = added >= MEASURED_CHARS ? added : 0
      start = now()
    },
    end(): void {
      const elapsed = now() - start
      // A clock that stood still (a test's) measures nothing.
      if (chars > 0 && elapsed > 0) msPerChar = elapsed / chars
      chars = 0
    },
  }
}

/** The next frame, where there are frames (not in every test environment). */
export const nextFrame = (callback: () => void): (() => void) => {
  if (typeof requestAnimationFrame === 'undefined') {
    const timer = setTimeout(callback, 16)
    return () => clearTimeout(timer)
  }
  const frame = requestAnimationFrame(callback)
  return () => cancelAnimationFrame(frame)
}



/**
 * How many of the first `total` of `items` (a text's finished paragraphs, or a long paragraph's
 * finished runs) a commit shows, with `text` (what they were split from) live: a finished text
 * shows whole at once (it is not coming in faster than frames); a live one a budget per new text
 * or catch-up tick (not again in the re-render the state updates here cause; see `catchUp`, the
 * budget sized by the commits measured so far, `CATCH_UP_MS`), the rest in the next frames.
 * `deferrable`: mounting with more than a quarter of a budget of text, it shows them from the next
 * frame on. `continued`: how many of them were on screen already when it mounts (the common path's,
 * crossing the door; `Infinity`, all of them and what follows; 0, none), which it shows from its
 * first commit, never a frame with less. `tick` renders again (a catch-up step, also when no new
 * text comes).
 */
export function useCatchUp(items: readonly string[], total: number, text: string, live: boolean, render: RenderText | undefined, deferrable: boolean, continued: number) {
  const [ticks, tick] = useReducer((n: number) => n + 1, 0)
  // Mutable on purpose: a measurement, read by the next render, never a reason to render.
  const [meter] = useState(commitMeter)
  const chars = meter.budget(budgetOf(render))
  // Mounting with a backlog (a flood, a panel opened mid-stream), deferred: the frame that opens a
  // panel (its content, scroll area and motion mount, their code runs the first time) was a 50-75 ms
  // task with a budget of text in it (bench/render, 200 KB). Server HTML and the hydration that
  // adopts it have the text at once, and so does a mount with a little of it.
  const [progress, setProgress] = useState<Progress>(() => {
    // What was on screen already (`continued`: the common path's, crossing the door) stays so,
    // whatever that costs this one commit (docs/performance.md, "The door").
    const deferred = live && continued === 0 && deferrable && text.length > chars / 4
    const shown = !live ? total : continued > 0 ? Math.min(continued, total) : deferred ? 0 : -1
    const first = shown < 0 ? catchUp(items, total, 0, chars, true, 0) : { count: shown, burst: 0 }
    // Deferred: tick in the next frame (not only once a whole frame passed without new text, see
    // below), and take the backlog as one that arrived while caught up (a 5 MB delta shows in steps).
    return { shown: first.count, text, ticks, byText: !deferred, caughtUp: deferred || first.count === total, burst: first.burst }
  })
  let shown = progress.shown
  if (!live) {
    // A text that is no longer coming in shows whole: a reader (or find-in-page) opening a
    // finished block right after a burst must not find its end still catching up.
    shown = total
    if (progress.shown !== shown) setProgress({ shown, text, ticks, byText: false, caughtUp: true, burst: 0 })
  } else if (progress.text !== text || progress.ticks !== ticks) {
    const next = catchUp(items, total, progress.shown, chars, progress.caughtUp, progress.burst)
    shown = next.count
    const caughtUp = shown === total
    if (shown !== progress.shown || caughtUp !== progress.caughtUp || next.burst !== progress.burst) setProgress({ shown, text, ticks, byText: progress.text !== text, caughtUp, burst: next.burst })
  }
  const behind = shown < total
  const { byText } = progress

  // Time this commit if it adds enough of a live text (see CATCH_UP_MS). Not again in the
  // re-render its own progress update causes, which adds none.
  let added = 0
  if (live) for (let i = progress.shown; i < shown; i++) added += items[i]!.length
  if (added > 0) meter.begin(added)
  useIsomorphicLayoutEffect(() => meter.end())

  useEffect(() => {
    if (!behind) return
    // Catch up in a frame of its own, never beside the store's update in the same frame. After new text
    // the stream is flowing and its next update catches up further: tick only if a whole frame passes
    // without one. After a tick the stream is quiet: tick again in the next frame.
    let cancel = nextFrame(() => {
      if (byText) cancel = nextFrame(tick)
      else tick()
    })
    return () => cancel()
  }, [behind, byText, text, ticks])
  return { shown, behind, tick }
}
