import { AnimatePresence, LazyMotion, m, useReducedMotion } from 'framer-motion'
import { forwardRef, memo, useEffect, useRef, useState, type ForwardedRef, type ReactNode, type RefObject } from 'react'
import { createPortal } from 'react-dom'
import type { ReasoningEndReason, ReasoningStatus } from '../../core/model'
import { AlertIcon, BulbIcon, CheckIcon, ChevronIcon, CopyIcon, SparkIcon } from './icons'
import { EncryptedReasoningIndicator } from './indicators'
import { formatCount, formatTokenCount } from '../state/labels'
import {
  Outcome,
  Reasoning,
  ReasoningAnnouncer,
  ReasoningContent,
  ReasoningCopy,
  ReasoningScrollArea,
  ReasoningStatusLabel,
  ReasoningText,
  ReasoningTitle,
  ReasoningTrigger,
  useFindableText,
  useReasoningContext,
  type ReasoningProps,
} from '../parts/parts'
import { useClientRender, useIsomorphicLayoutEffect } from '../state/client'
import { loadMarkdown, markdownText } from '../text/markdown'
import { useReasoningConfig } from '../state/provider'
import { ReasoningSummary } from './summary'
import { DeferBacklog, type RenderText } from '../text/text'
import { hasNonSpace } from '../../core/text-end'
import { endedWording } from '../../core/wording'

const loadMotionFeatures = () => import('./motion-features').then((mod) => mod.default)

export interface ReasoningPanelProps extends Omit<ReasoningProps, 'children' | 'asChild' | 'renderText'> {
  /** Paragraph renderer. Default: the provider's, else markdown (`markdownText`); pass `plainText` to show the text as written. */
  readonly renderText?: RenderText
  /** Name of the subagent that did this reasoning, shown as a badge. */
  readonly subagentName?: string
  /** Extra content at the end of the header row (e.g. a model name). */
  readonly headerExtra?: ReactNode
  /** Height animation length in seconds. Default 0.2; 0 under `prefers-reduced-motion`. */
  readonly animationDuration?: number
  /**
   * Reasoning tokens to show in the header row ("· 768 reasoning tokens", compact for the
   * locale), e.g. `getReasoningTokens(run)`. A count is not reasoning text: it shows at every
   * visibility level. Default: none shown (`ReasoningStream` and `ReasoningTimeline` pass the
   * run's count to its last block); 0 is not shown.
   */
  readonly tokens?: number
}

/**
 * The collapsible "Thinking…" panel for one block: a status row (live counter
 * while streaming, "Thought for 12 seconds" after), opening to the summary
 * and/or the live text as `visibility` allows. Opens while streaming and
 * collapses after completion (see `openPolicy`); a user's toggle wins. Encrypted-only
 * blocks show the lock indicator and never open; under `none` nothing opens.
 *
 * Memoised on its props: unchanged blocks keep their identity in the store, so
 * in a list of thousands only the panel whose block changed renders again
 * (keep `labels`, `openPolicy`, `onOpenChange`, … stable to benefit).
 *
 * Styled by `reasoning-ui/styles.css` through `data-slot` / `data-*` and
 * `--reasoning-*` properties; your `className` is applied last.
 */
export const ReasoningPanel = /* @__PURE__ */ memo(
  /* @__PURE__ */ forwardRef(function ReasoningPanel(
    { subagentName, headerExtra, animationDuration = 0.2, tokens, renderText, ...props }: ReasoningPanelProps,
    ref: ForwardedRef<HTMLDivElement>,
  ) {
    // The styled panel renders markdown unless the caller or a provider chose a renderer (headless parts render plain text).
    const config = useReasoningConfig()
    const render = renderText ?? config.renderText ?? markdownText
    // The markdown parser loads as the panel mounts, while it says "Thinking…", not once text has come.
    const markdown = render === markdownText
    useEffect(() => {
      if (markdown) loadMarkdown().catch(() => undefined)
    }, [markdown])
    return (
      <Reasoning data-slot="reasoning-panel" {...props} renderText={render} ref={ref}>
        <PanelInner subagentName={subagentName} headerExtra={headerExtra} animationDuration={animationDuration} tokens={tokens} />
      </Reasoning>
    )
  }),
)

interface PanelInnerProps {
  readonly subagentName: string | undefined
  readonly headerExtra: ReactNode
  readonly animationDuration: number
  readonly tokens: number | undefined
}

function PanelInner({ subagentName, headerExtra, animationDuration, tokens }: PanelInnerProps) {
  const { block, open, labels, locale, contentId } = useReasoningContext('ReasoningPanel')
  const reduceMotion = useReducedMotion()
  const content = useRef<HTMLDivElement | null>(null)
  // "Show all" lifts the body's height cap until the panel closes.
  const [showAll, setShowAll] = useState(false)
  // At `full` the content stays mounted while closed (hidden until found); this is when it is hidden.
  const [settled, setSettled] = useState(!open)
  const duration = reduceMotion ? 0 : animationDuration
  if (open && settled) setSettled(false)
  if (!open && !settled && duration === 0) setSettled(true)
  if (!open && showAll) setShowAll(false)
  // Hidden once the collapse has played (its length, whether or not the animation ran:
  // closed text must not stay in the accessibility tree).
  useEffect(() => {
    if (open || settled) return
    const timer = setTimeout(() => setSettled(true), duration * 1000 + 50)
    return () => clearTimeout(timer)
  }, [open, settled, duration])
  // Where the browser has no scroll anchoring (WebKit) or the page turned it off, the reader's
  // place is kept by hand when content above the view collapses. Measured as `open` turns false,
  // in this render, while the page still shows the open panel (the commit already removes a row).
  const [shown, setShown] = useState<{ readonly open: boolean; readonly place?: Place | undefined }>({ open })
  // By id: a ref is not for reading during render (the DOM is the previous commit's here, as wanted).
  if (shown.open !== open) setShown({ open, place: open ? undefined : placeOf(document.getElementById(contentId)) })
  const { place } = shown
  useIsomorphicLayoutEffect(() => (place ? keepPlace(place) : undefined), [place])
  const transition = { duration, ease: [0.2, 0, 0, 1] as const }
  const variants = {
    open: { height: 'auto', opacity: 1 },
    // Resolved when the collapse starts, with the content element (AnimatePresence's `custom`):
    // content scrolled off above the viewport collapses at once, because an animated height
    // change up there defeats the browser's scroll anchoring and the page under the reader jumps.
    closed: (element: RefObject<HTMLDivElement | null>) => ({
      height: 0,
      opacity: 0,
      ...(isAboveViewport(element.current) && { transition: { duration: 0 } }),
    }),
  }
  const header = (
    <>
      {block.encryptedOnly ? (
        <EncryptedReasoningIndicator />
      ) : (
        <>
          <StatusIcon status={block.status} endReason={block.endReason} />
          <ReasoningStatusLabel data-slot="reasoning-status" />
        </>
      )}
      <span data-slot="reasoning-meta">
        {!block.encryptedOnly && <ReasoningTitle data-slot="reasoning-title" />}
        {block.steps > 1 && <span data-slot="reasoning-steps">{labels.steps(block.steps, formatCount(block.steps, locale))}</span>}
        {tokens !== undefined && tokens > 0 && (
          <data data-slot="reasoning-tokens" value={tokens}>
            {labels.reasoningTokens(tokens, formatTokenCount(tokens, locale))}
          </data>
        )}
      </span>
      {subagentName !== undefined && <span data-slot="reasoning-subagent">{labels.subagent(subagentName)}</span>}
      {headerExtra}
    </>
  )
  const bodyId = `${contentId}-body`
  const cutOff = block.status === 'interrupted' && block.messages.some(hasNonSpace)
  const inner = (
    <>
      <ReasoningScrollArea data-slot="reasoning-body" id={bodyId} data-show-all={showAll ? '' : undefined}>
        <ReasoningSummary providerOnly={block.visibility === 'full'} />
        <ReasoningText data-slot="reasoning-text" />
        {/* The text of a block that ended early stops mid-thought: say so, and why, where it stops ("Stopped thinking"). */}
        {cutOff && <p data-slot="reasoning-cut-off">{endedWording(block as { status: 'interrupted' }, undefined, labels, String)}</p>}
      </ReasoningScrollArea>
      {/* Outside the scrolling box, so the conclusion is never cut. */}
      {block.outcome && <Outcome outcome={block.outcome} labels={labels} locale={locale} />}
      {/* Controls only where they can be used: a closed panel's hidden text needs none. */}
      {open && (
        <div data-slot="reasoning-actions">
          <button
            type="button"
            data-slot="reasoning-show-all"
            aria-controls={bodyId}
            onClick={() => setShowAll((all) => !all)}
          >
            {showAll ? labels.showLess : labels.showAll}
          </button>
          {/* The whole block once it has ended: while it streams, a copy would be half of it. */}
          {block.status !== 'streaming' && (
            <ReasoningCopy data-slot="reasoning-copy">
              {({ copied, label }) => (
                <>
                  {copied ? <CheckIcon data-slot="reasoning-copy-icon" /> : <CopyIcon data-slot="reasoning-copy-icon" />}
                  <span>{label}</span>
                </>
              )}
            </ReasoningCopy>
          )}
        </div>
      )}
    </>
  )
  // At `full` one element stays mounted, open or closed, so a find-in-page match revealed in it is the one shown.
  const findable = block.visibility === 'full' && block.expandable
  const withText = useFindableText(findable, open)
  // A block that streams on the client has its text rendered through a portal into the animated
  // element rather than as its child. LazyMotion gives its children a new context value on every
  // render, and React then searches every memoised subtree below it for readers, each commit: a
  // megabyte trace's finished paragraphs are hundreds of thousands of fibers (bench/render). Server
  // HTML and hydration have the text inline (no portals there), and a finished block renders once.
  const hydrated = useClientRender()
  // Hydrated from server HTML: the text was on screen before the portal mounts it again (see DeferBacklog).
  const [fromServer] = useState(!hydrated)
  const [portaled, setPortaled] = useState(false)
  if (findable && hydrated && !portaled && block.status === 'streaming') setPortaled(true)
  const [target, setTarget] = useState<HTMLDivElement | null>(null)
  const [attach] = useState(() => (element: HTMLDivElement | null) => {
    content.current = element
    setTarget(element)
  })
  return (
    <>
      <ReasoningAnnouncer data-slot="reasoning-announcer" />
      {block.expandable ? (
        <ReasoningTrigger data-slot="reasoning-trigger">
          {header}
          <ChevronIcon data-slot="reasoning-chevron" />
        </ReasoningTrigger>
      ) : (
        <div data-slot="reasoning-header">{header}</div>
      )}
      <LazyMotion features={loadMotionFeatures}>
        {findable ? (
          <ReasoningContent forceMount asChild hidden={!open && settled}>
            <m.div
              data-slot="reasoning-content"
              variants={variants}
              custom={content}
              initial={false}
              animate={open ? 'open' : 'closed'}
              transition={transition}
              style={{ overflow: 'hidden' }}
              ref={attach}
            >
              {withText && !portaled ? inner : null}
            </m.div>
          </ReasoningContent>
        ) : (
          <AnimatePresence initial={false} custom={content}>
            {open && (
              <ReasoningContent forceMount asChild key="content">
                <m.div
                  data-slot="reasoning-content"
                  variants={variants}
                  custom={content}
                  initial="closed"
                  animate="open"
                  exit="closed"
                  transition={transition}
                  style={{ overflow: 'hidden' }}
                  ref={content}
                >
                  {inner}
                </m.div>
              </ReasoningContent>
            )}
          </AnimatePresence>
        )}
      </LazyMotion>
      {findable && withText && portaled && target !== null && createPortal(<DeferBacklog.Provider value={!fromServer}>{inner}</DeferBacklog.Provider>, target)}
    </>
  )
}

/** The row's icon: an alert when reasoning ended early, except for the user's own stop, which is no failure. */
function StatusIcon({ status, endReason }: { readonly status: ReasoningStatus; readonly endReason: ReasoningEndReason | undefined }) {
  const interrupted = status === 'interrupted'
  const Icon = interrupted ? (endReason === 'stopped' ? BulbIcon : AlertIcon) : status === 'complete' ? BulbIcon : SparkIcon
  return <Icon data-slot="reasoning-icon" data-status={status} data-end-reason={interrupted ? endReason : undefined} />
}

/** The box whose scrolling moves `element`: its nearest vertically scrolling ancestor, else the page. */
function scrollerOf(element: Element): Element {
  for (let node = element.parentElement; node && node !== document.body && node !== document.documentElement; node = node.parentElement) {
    if (/auto|scroll|overlay/.test(getComputedStyle(node).overflowY)) return node
  }
  return document.scrollingElement ?? document.documentElement
}

/** Whether `element` is scrolled off above what its scroller shows (and off the window, the page's scroller's top being above it). */
function isAboveViewport(element: Element | null): boolean {
  if (element === null) return false
  const scroller = scrollerOf(element)
  return element.getBoundingClientRect().bottom <= Math.max(0, scroller.getBoundingClientRect().top + scroller.clientTop)
}

interface Place {
  readonly panel: Element
  readonly scroller: Element
  /** The panel's bottom edge, in viewport coordinates, before it collapsed. */
  readonly bottom: number
}

/**
 * Where a panel starting to collapse is, given its content element, when only the kit can
 * keep the reader's place. Content above the view collapses at once (see `variants`); the
 * browser's scroll anchoring then keeps the text under the reader still. WebKit has no
 * anchoring, and `overflow-anchor: none` on the scroller (or on the page's body) turns it off.
 */
function placeOf(element: HTMLElement | null): Place | undefined {
  const panel = element?.parentElement
  if (!panel || !isAboveViewport(element) || typeof ResizeObserver === 'undefined') return undefined
  const scroller = scrollerOf(panel)
  const off = (node: Element) => getComputedStyle(node).overflowAnchor === 'none'
  const anchored = CSS.supports('overflow-anchor', 'auto') && !off(scroller) && !(scroller === document.scrollingElement && off(document.body))
  return anchored ? undefined : { panel, scroller, bottom: panel.getBoundingClientRect().bottom }
}

/**
 * Watches the collapsing panel and scrolls its scroller by as much as the panel's bottom edge
 * moved (nothing where something else already held the place). Returns the cleanup.
 */
function keepPlace({ panel, scroller, bottom }: Place): () => void {
  // Called after layout and before paint: the reader never sees the page jump.
  const observer = new ResizeObserver(() => {
    const moved = panel.getBoundingClientRect().bottom - bottom
    if (Math.abs(moved) >= 0.5) scroller.scrollBy({ top: moved, behavior: 'instant' })
  })
  observer.observe(panel)
  // The collapse is instant up there: it has happened well within a second.
  const timer = setTimeout(() => observer.disconnect(), 1000)
  return () => {
    clearTimeout(timer)
    observer.disconnect()
  }
}
