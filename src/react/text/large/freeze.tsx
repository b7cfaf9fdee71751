/**
 * Frozen groups (docs/performance.md, "Frozen groups"): a settled group of a large text is copied
 * as DOM once the page is idle and it is off screen, and React lets go of its fibers; a click on a
 * control in the copy is replayed on its live twin.
 */
import { useContext, useEffect, useRef, useState, type MouseEvent, type ReactNode, type RefObject } from 'react'
import { flushSync } from 'react-dom'
import { useIsomorphicLayoutEffect } from '../../state/client'
import { followedBySelf } from '../follow'
import { TextLabels, traitsOf, type RenderText } from '../text'
import { now } from '../catch-up'
import { measureQueued } from '../markdown'

/** Large texts (and long paragraphs) catching up with a burst: groups freeze only after, never competing with the text for frames. */
let catchingUp = 0
const isCatchingUp = (): boolean => catchingUp > 0

/** Counts the calling large text (or long paragraph) as catching up while it is `behind` (see `useCatchUp`). */
export function useCountCatchingUp(behind: boolean): void {
  useEffect(() => {
    if (!behind) return
    catchingUp++
    return () => {
      catchingUp--
    }
  }, [behind])
}

/**
 * Full groups kept as React rendered them after the newest paragraphs of a live text; the ones
 * before may be frozen (see `freezeLimit`).
 */
const FROZEN_AFTER = 1

/**
 * Where a text's (or a long paragraph's) groups of `size` may be frozen, given its `items` finished
 * paragraphs (or runs): a group ending at or before it. While it is `live`, the groups with
 * `FROZEN_AFTER` full ones after them; once finished, all (the one on screen stays React's).
 * None where the renderer is not static (`allowed`), nor of a text shorter than that and one more
 * group: it holds little, and a chat of many short finished blocks keeps no freezing work, nor a
 * listener for those on screen. (-1, not 0: the group of a live paragraph alone ends at 0.)
 */
export const freezeLimit = (items: number, size: number, live: boolean, allowed: boolean): number =>
  !allowed || items < (FROZEN_AFTER + 1) * size ? -1 : live ? items - FROZEN_AFTER * size : Infinity

/**
 * Renderers whose finished output is plain DOM (see `KitRenderer.static`): the kit's
 * own. Another may hold state or handlers, so its groups are never frozen.
 */
export const staticRender = (render: RenderText | undefined): boolean => traitsOf(render)?.static === true

/**
 * A frozen group: a copy of its DOM, in place of what React rendered, and what it was rendered
 * with. A 1 MB markdown trace rendered by React holds about 10 bytes of fibers and props a
 * character (63,569 fibers for 25,257 elements); its DOM alone, none of that. The copy is the same
 * elements and text, so find-in-page, selection and copy, and screen readers reach it as before.
 */
interface Frozen {
  readonly nodes: readonly ChildNode[]
  /** What the group rendered from (see `useFreezing`). */
  readonly inputs: readonly unknown[]
  /** The one label the copy shows (an app's labels may be a new object at each render, the same words). */
  readonly copyCode: string | undefined
}

/** Frozen groups' jobs, oldest first (a job copies a group's DOM and asks React to render it frozen). */
const freezing = new Set<() => void>()
/** Jobs of groups that could not freeze yet (on screen; focus, a selection or a "Copied" in them): they wait for the page to scroll. */
const parked = new Set<() => void>()
let freezeScheduled = false
/** Jobs one idle period takes at most. */
const FREEZE_BATCH = 4
/** Idle time left after which an idle period takes another job, ms (a job is a copy and its commit; the next frame styles and lays the copy out). */
const FREEZE_IDLE_MS = 8
/** How long the queue waits before it looks again, ms, while the page scrolls or a text catches up (and where there are no idle callbacks). */
const FREEZE_WAIT_MS = 100
/** The longest an idle callback waits for the page to be idle, ms. */
const FREEZE_IDLE_TIMEOUT_MS = 1_000

/**
 * Groups wait this long after a reader last scrolled, ms: the frame after a freeze styles and lays
 * out the copy, and the fibers it lets go of are garbage to collect; neither belongs in a scroll's
 * frames. (Scrolling a 5 MB trace as groups froze beside it had frames of 33-200 ms.)
 */
const FREEZE_QUIET_MS = 300
let lastScroll = -Infinity

/**
 * Whether the scroller a scroll event came from follows a live text (the panel's scroll area where
 * it scrolled itself, or an app's chat pinned to its newest message, at its end), not a reader's
 * scroll through what came before. Those scrolls come at every frame of a stream, and no group
 * froze while one streamed (0 of 488 groups during a paced 5 MB trace; bench/render/large.ts).
 */
function following(target: EventTarget | null): boolean {
  const element = target instanceof Element ? target : target instanceof Document ? (target.scrollingElement ?? null) : null
  return element !== null && (followedBySelf(element) || element.scrollHeight - element.scrollTop - element.clientHeight <= 1)
}



const onScroll = (event: Event): void => {
  if (!following(event.target)) lastScroll = now()
  for (const job of parked) freezing.add(job)
  parked.clear()
  scheduleFreezing()
}
let listening = false

/** Listens to the page's scrolling (any scroller: capture) while groups wait to freeze; no listener or timer once none does. */
function watchScrolling(): void {
  const on = freezing.size + parked.size > 0
  if (on === listening || typeof document === 'undefined') return
  listening = on
  if (on) document.addEventListener('scroll', onScroll, { capture: true, passive: true })
  else document.removeEventListener('scroll', onScroll, true)
}

function drainFreezing(deadline?: IdleDeadline): void {
  freezeScheduled = false
  // Not while a text catches up, a reader scrolls, or a code block or table waits for its first
  // measure (markdown.tsx, the next frame): a copy made before that would keep the box unmeasured
  // (docs/performance.md, "Frozen groups").
  if (isCatchingUp() || measureQueued || now() - lastScroll < FREEZE_QUIET_MS) {
    scheduleFreezing(true)
    return
  }
  for (let n = 0; n < FREEZE_BATCH && (n === 0 || (deadline !== undefined && deadline.timeRemaining() > FREEZE_IDLE_MS)); n++) {
    const job = freezing.values().next().value
    if (job === undefined) break
    freezing.delete(job)
    job()
  }
  scheduleFreezing()
}

function scheduleFreezing(later = false): void {
  watchScrolling()
  if (freezeScheduled || freezing.size === 0) return
  freezeScheduled = true
  // WebKit has no idle callbacks: a timer. A page that is never idle (an animation of its own, a
  // machine under load) still freezes one group a second.
  if (!later && typeof requestIdleCallback === 'function') requestIdleCallback(drainFreezing, { timeout: FREEZE_IDLE_TIMEOUT_MS })
  else setTimeout(drainFreezing, FREEZE_WAIT_MS)
}

/**
 * Whether a group at `rect` is on screen or within half a screen of it: where the reader is (hovers,
 * selects, clicks) the text stays React's, and there is little of it; it freezes once scrolled away.
 */
function onScreen({ top, bottom, height }: DOMRect): boolean {
  const margin = window.innerHeight / 2
  return height > 0 && bottom > -margin && top < window.innerHeight + margin
}

/** Whether the page's selection covers part of `element`: freezing it would take the selection away. */
export function selectionIn(element: Element): boolean {
  const selection = typeof document.getSelection === 'function' ? document.getSelection() : null
  return selection !== null && !selection.isCollapsed && selection.rangeCount > 0 && selection.getRangeAt(0).intersectsNode(element)
}

/** The child indices from `root` down to `node`. */
function pathOf(root: Node, node: Node): number[] {
  const path: number[] = []
  for (let n: Node = node; n !== root && n.parentNode !== null; n = n.parentNode) path.unshift(Array.prototype.indexOf.call(n.parentNode.childNodes, n))
  return path
}

/** A control clicked in a frozen or built group, replayed on its live twin once React renders it. */
export interface Replay {
  readonly path: readonly number[]
  readonly focused: boolean
}

/**
 * The control (a button: a code block's copy button) a click in `root`'s DOM that React does not
 * render was on: the click is taken from the app's handlers above (they see the twin's), to be
 * replayed on React's twin of it (`replayClick`). Undefined: no control.
 */
export function clickedControl(event: MouseEvent<HTMLElement>): Replay | undefined {
  const root = event.currentTarget
  const control = event.target instanceof Element ? event.target.closest('button, input, select, textarea, [role="button"]') : null
  if (control === null || !root.contains(control)) return undefined
  event.stopPropagation()
  return { path: pathOf(root, control), focused: control === document.activeElement }
}

/** Clicks (and focuses, as it was) the control at `replay`'s path in `root`, after this commit, still in the click's task: its user activation holds, as the clipboard needs. */
export function replayClick(root: Node, replay: Replay): void {
  let target: Node | undefined = root
  for (const index of replay.path) target = target?.childNodes[index]
  if (!(target instanceof HTMLElement)) return
  if (replay.focused) target.focus()
  const twin = target
  queueMicrotask(() => twin.click())
}

/**
 * Freezes a group (of paragraphs or of a long paragraph's runs; its element `element`) that is
 * `settled`: once the page is idle and the group is off screen, its DOM is copied and the group
 * renders its element empty, with the copy put back in the same commit. React lets go of its
 * fibers and props. The copy is the group's while it is still settled and `inputs` (what it
 * rendered from) are the same (objects, or strings of the same text);
 * it renders again when they change, when the labels do, and when a control in the copy is clicked,
 * whose live twin is then clicked. Returns the frozen group's element to render (empty: its copy
 * goes in after), or undefined while React renders the group.
 */
export function useFreezing(element: RefObject<HTMLDivElement | null>, settled: boolean, inputs: readonly unknown[]): ReactNode {
  const replay = useRef<Replay | undefined>(undefined)
  const copyCode = useContext(TextLabels)?.copyCode
  const [frozen, setFrozen] = useState<Frozen | undefined>(undefined)
  const current = frozen !== undefined && settled && frozen.copyCode === copyCode && frozen.inputs.every((input, i) => input === inputs[i])
  if (frozen !== undefined && !current) setFrozen(undefined)

  useEffect(() => {
    if (!settled || current) return
    const job = (): void => {
      const group = element.current
      if (group === null || !group.isConnected) return
      // Not while its renderer is still to change it (`data-pending`: markdown whose parser is loading).
      if (onScreen(group.getBoundingClientRect()) || group.matches(':focus-within') || group.querySelector('[data-copied], [data-pending]') !== null || selectionIn(group)) {
        parked.add(job)
        return
      }
      const nodes = Array.from(group.childNodes, (node) => node.cloneNode(true) as ChildNode)
      // Committed here, inside the idle period it was given, not in a task of React's after it.
      flushSync(() => setFrozen({ nodes, inputs, copyCode }))
    }
    freezing.add(job)
    scheduleFreezing()
    return () => {
      freezing.delete(job)
      parked.delete(job)
      watchScrolling()
    }
    // The inputs one by one: the array is a new one at each render (the ref is the same object).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled, current, copyCode, ...inputs])

  // The copy in place of React's children (removed in this commit), and out again when it renders again.
  const nodes = current ? frozen.nodes : undefined
  useIsomorphicLayoutEffect(() => {
    const group = element.current
    if (nodes === undefined || group === null) return
    group.append(...nodes)
    return () => {
      for (const node of nodes) node.remove()
    }
  }, [nodes])

  // Rendered again after a click on a control in the copy: click its live twin.
  useIsomorphicLayoutEffect(() => {
    const clicked = replay.current
    const group = element.current
    if (current || clicked === undefined || group === null) return
    replay.current = undefined
    replayClick(group, clicked)
  })

  if (!current) return undefined
  const thaw = (event: MouseEvent<HTMLDivElement>): void => {
    const clicked = clickedControl(event)
    if (clicked === undefined) return
    replay.current = clicked
    setFrozen(undefined)
  }
  return <div ref={element} data-slot="reasoning-group" data-frozen="" onClick={thaw} />
}
