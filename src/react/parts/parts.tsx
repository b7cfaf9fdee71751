/**
 * Headless parts: behaviour and state, no styles. Each renders exactly one
 * element, spreads your props after its own, forwards its ref and supports
 * `asChild`. State is on the element as `data-*` attributes. Built on Radix
 * Collapsible (button trigger with `aria-expanded` / `aria-controls`, content
 * out of the DOM while closed, except at `full`, where it stays as
 * `hidden="until-found"` for find-in-page).
 */
import * as Collapsible from '@radix-ui/react-collapsible'
import { Slot } from '@radix-ui/react-slot'
import {
  cloneElement,
  startTransition,
  createContext,
  isValidElement,
  forwardRef,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ComponentPropsWithoutRef,
  type ForwardedRef,
  type MouseEvent,
  type ReactNode,
} from 'react'
import type { ReasoningBlock, Visibility } from '../../core/model'
import { getBlockDuration } from '../../core/selectors'
import { endedWording } from '../../core/wording'
import { textEndOf } from '../../core/text-end'
import { headlineOf, projectBlock, type VisibleBlock } from '../../core/visibility'
import { useLiveDuration } from '../state/clock'
import { useCopy } from '../state/copy'
import { formatDuration, formatPercent, isoDuration, mergeLabels, prepareFormats, type ReasoningLabels } from '../state/labels'
import { resolveOpenPolicy, useReasoningOpenState, type OpenPolicyOption } from '../state/open-state'
import { safeLocale, useReasoningConfig } from '../state/provider'
import { useClientRender, useIsomorphicLayoutEffect } from '../state/client'
import { followedBySelf, followedTops } from '../text/follow'
import { StreamingText, type RenderText } from '../text/text'

export interface ReasoningContextValue {
  /** The block as the visibility level allows it: the only view of the block parts get. */
  readonly block: VisibleBlock
  readonly open: boolean
  readonly setOpen: (open: boolean) => void
  readonly labels: ReasoningLabels
  readonly locale: string | undefined
  readonly now: () => number
  readonly renderText: RenderText | undefined
  /**
   * What the block shows at its visibility level, as markdown (`toMarkdown`, `plain` style):
   * what a copy button copies. The export's code loads on the first call.
   */
  readonly markdown: () => Promise<string>
  /** The id of the content element (the caller's, if they gave `ReasoningContent` one), for `aria-controls`. */
  readonly contentId: string
  readonly setContentId: (id: string | undefined) => void
}

// The formatters for the runtime's own locale, the one most panels use, as soon as the page is
// idle after the panels' code loads: usually long before the first reasoning streams. Here, not
// in labels.ts, so that an app importing only label sets (reasoning-ui/locales) ships none of it.
if (typeof window !== 'undefined') prepareFormats(undefined)

/**
 * What the context carries: everything but the block, which changes with every delta. Parts read
 * the block through `subscribe` / `getBlock` instead, so the context's value keeps its identity
 * while text streams: a changed context value makes React search every memoised subtree below
 * it for readers, each commit (lazy context propagation), and a long trace's finished
 * paragraphs are thousands of fibers (bench/render: a third of the kit's script time at 1 MB).
 */
interface SharedContext extends Omit<ReasoningContextValue, 'block'> {
  readonly getBlock: () => VisibleBlock
  readonly subscribe: (listener: () => void) => () => void
}

const ReasoningContext = /* @__PURE__ */ createContext<SharedContext | null>(null)

/** The block a `<Reasoning>` shows, set as it renders; its parts hear of a new one after the commit. */
interface BlockHolder {
  block: VisibleBlock
  raw: ReasoningBlock
  readonly show: (block: VisibleBlock, raw: ReasoningBlock) => void
  readonly listeners: Set<() => void>
  readonly getBlock: () => VisibleBlock
  readonly subscribe: (listener: () => void) => () => void
}

function blockHolder(block: VisibleBlock, raw: ReasoningBlock): BlockHolder {
  const holder: BlockHolder = {
    block,
    raw,
    show(visible, source) {
      holder.block = visible
      holder.raw = source
    },
    listeners: new Set(),
    getBlock: () => holder.block,
    subscribe(listener) {
      holder.listeners.add(listener)
      return () => holder.listeners.delete(listener)
    },
  }
  return holder
}

const noSubscribe = () => () => {}
const noBlock = () => undefined

/** The context with its block: parts rendered with their root read the block it renders; a part that skipped that render (memoised) re-renders when the block changes. */
function useContextWithBlock(): ReasoningContextValue | null {
  const shared = useContext(ReasoningContext)
  const block = useSyncExternalStore(shared?.subscribe ?? noSubscribe, shared?.getBlock ?? noBlock, shared?.getBlock ?? noBlock)
  return useMemo(() => (shared && block ? { ...withoutStore(shared), block } : null), [shared, block])
}

function withoutStore({ getBlock: _get, subscribe: _subscribe, ...rest }: SharedContext): Omit<ReasoningContextValue, 'block'> {
  return rest
}

/**
 * The nearest `<Reasoning>`'s state; throws outside one: a clear sentence in development, the
 * part and what it lacks in production (as React shortens its errors; `process.env.NODE_ENV`,
 * see src/core/env.d.ts).
 */
export function useReasoningContext(part: string): ReasoningContextValue {
  const context = useContextWithBlock()
  if (!context) {
    throw new Error(
      process.env.NODE_ENV !== 'production' ? `<${part}> must be used within <Reasoning> (or <ReasoningPanel>).` : `<${part}>: no <Reasoning>`,
    )
  }
  return context
}

/**
 * The labels a component shows: the caller's overrides on top of the enclosing
 * panel's labels (inside one), else the provider's, else the defaults.
 */
export function useLabels(labels: Partial<ReasoningLabels> | undefined): ReasoningLabels {
  const context = useContext(ReasoningContext)
  const config = useReasoningConfig()
  const base = context?.labels ?? config.labels
  return useMemo(() => (labels === undefined && context ? context.labels : mergeLabels(base, labels)), [context, base, labels])
}

/** The nearest `<Reasoning>`'s state, or null outside one (for components that also work standalone). */
export function useOptionalReasoningContext(): ReasoningContextValue | null {
  return useContextWithBlock()
}

/** `data-*` attributes every part carries, so CSS can style any of them by state. */
function stateAttributes(block: VisibleBlock) {
  return {
    'data-status': block.status,
    'data-end-reason': block.endReason,
    'data-visibility': block.visibility,
    'data-encrypted': block.encrypted ? '' : undefined,
    'data-encrypted-only': block.encryptedOnly ? '' : undefined,
  }
}

export interface ReasoningProps extends ComponentPropsWithoutRef<typeof Collapsible.Root> {
  /** The block to show (from the store). Projected to `visibility` before anything renders. */
  readonly block: ReasoningBlock
  /** What may reach the DOM. Default: the provider's, else `'full'`. */
  readonly visibility?: Visibility
  /** Controlled open state. Pair with `onOpenChange`. */
  readonly open?: boolean
  /** Uncontrolled initial open state. Default: the open policy's choice (open while streaming). */
  readonly defaultOpen?: boolean
  /** Called on every change, the user's and (until the user toggles) the open policy's. */
  readonly onOpenChange?: (open: boolean) => void
  /** When the panel opens and collapses on its own. Default: the provider's, else `'auto'`. */
  readonly openPolicy?: OpenPolicyOption
  /** The answer this reasoning led to has started (collapses the panel under the default policy). Default false. */
  readonly answerStarted?: boolean
  /** Label overrides, merged over the provider's and the defaults. */
  readonly labels?: Partial<ReasoningLabels>
  /** Locale for durations and numbers. Default: the provider's, else the runtime's. */
  readonly locale?: string
  /** Paragraph renderer. Default: the provider's, else plain text (headless parts never load the markdown parser; `ReasoningPanel` passes `markdownText`). */
  readonly renderText?: RenderText
  /** Id of the content element, for `aria-controls` (also in server HTML). Default: generated; an `id` on `ReasoningContent` wins after hydration. */
  readonly contentId?: string
}

/**
 * Root of one reasoning block (a `div`, Radix `Collapsible.Root`). Holds the open
 * state under the open policy and gives its parts the block, projected to the
 * visibility level. `data-state` (open|closed), `data-status`, `data-end-reason`
 * (why an interrupted block ended: stopped|failed|disconnected|cut-short, when known),
 * `data-visibility`, `data-encrypted`, `data-encrypted-only`, `data-expandable`.
 */
export const Reasoning = /* @__PURE__ */ forwardRef(function Reasoning(props: ReasoningProps, ref: ForwardedRef<HTMLDivElement>) {
  const config = useReasoningConfig()
  const {
    block,
    visibility = config.visibility ?? 'full',
    open,
    defaultOpen,
    onOpenChange,
    openPolicy = config.openPolicy,
    answerStarted = false,
    labels,
    locale = config.locale,
    renderText = config.renderText,
    contentId: contentIdProp,
    ...rest
  } = props
  const visible = projectBlock(block, visibility)
  const policy = useMemo(() => resolveOpenPolicy(openPolicy), [openPolicy])
  const state = useReasoningOpenState({
    status: visible.status,
    expandable: visible.expandable,
    answerStarted,
    policy,
    ...(open !== undefined && { open }),
    ...(defaultOpen !== undefined && { defaultOpen }),
    ...(onOpenChange !== undefined && { onOpenChange }),
  })
  const merged = useMemo(() => mergeLabels(config.labels, labels), [config.labels, labels])
  const generatedId = useId()
  const [customContentId, setContentId] = useState<string | undefined>(undefined)
  const contentId = customContentId ?? contentIdProp ?? `reasoning-content${generatedId}`
  // The block goes to the parts through the holder, not as part of the context's value (see SharedContext).
  const [holder] = useState(() => blockHolder(visible, block))
  // Written as the root renders (the "latest value" pattern): its parts read it later in this render.
  holder.show(visible, block)
  // A passive effect, after React's own: the parts that rendered with this block have recorded it
  // by then (useSyncExternalStore does so in a passive effect), so only a part that skipped the
  // render (memoised) renders again; from a layout effect, every part would, in a second commit.
  useEffect(() => {
    for (const listener of holder.listeners) listener()
  }, [holder, visible])
  const value = useMemo<SharedContext>(
    () => ({
      getBlock: holder.getBlock,
      subscribe: holder.subscribe,
      open: state.open,
      setOpen: state.setOpen,
      labels: merged,
      locale: safeLocale(locale),
      now: config.now ?? Date.now,
      renderText,
      // Projected again inside toMarkdown: the export sees exactly what this level shows.
      markdown: () =>
        import('../../core/markdown-export').then(({ toMarkdown }) =>
          // The locale the panel formats with: the given one, else the runtime's (as Intl does for the row).
          toMarkdown(holder.raw, { visibility, style: 'plain', labels: merged, locale: safeLocale(locale) ?? new Intl.NumberFormat().resolvedOptions().locale }),
        ),
      contentId,
      setContentId,
    }),
    [holder, visibility, state.open, state.setOpen, merged, locale, config.now, renderText, contentId],
  )
  // Counts and durations appear mid-stream: their formatters are built before, when the page is idle.
  useEffect(() => prepareFormats(value.locale), [value.locale])
  return (
    <ReasoningContext.Provider value={value}>
      <Collapsible.Root
        open={state.open}
        onOpenChange={state.setOpen}
        disabled={!visible.expandable}
        {...stateAttributes(visible)}
        data-expandable={visible.expandable ? '' : undefined}
        {...rest}
        ref={ref}
      />
    </ReasoningContext.Provider>
  )
})

export type ReasoningTriggerProps = ComponentPropsWithoutRef<typeof Collapsible.Trigger>

/** The button that opens and closes the panel (`aria-expanded`, `aria-controls`). Disabled when the block is not expandable. */
export const ReasoningTrigger = /* @__PURE__ */ forwardRef(function ReasoningTrigger(
  props: ReasoningTriggerProps,
  ref: ForwardedRef<HTMLButtonElement>,
) {
  const { block, open, contentId } = useReasoningContext('ReasoningTrigger')
  return <Collapsible.Trigger aria-controls={open ? contentId : undefined} {...stateAttributes(block)} {...props} ref={ref} />
})

/**
 * Whether closed content at `full` holds its text yet. Server HTML, and the hydration that
 * adopts it, have the text at once; a client mount adds it in a transition after the first
 * paint, which React renders in slices that yield to input, so a long history shows and
 * responds first and becomes findable a moment later. Open content always has it.
 */
export function useFindableText(findable: boolean, open: boolean): boolean {
  const fromServer = !useClientRender()
  const [filled, setFilled] = useState(fromServer)
  useEffect(() => {
    if (filled || !findable) return
    startTransition(() => setFilled(true))
  }, [filled, findable])
  return open || filled
}

/** Marks content that find-in-page just revealed, until the scroll area has seen it. */
const FOUND = 'data-revealed-by-find'

export interface ReasoningContentProps extends ComponentPropsWithoutRef<typeof Collapsible.Content> {
  /**
   * At `full`, keep the closed content in the DOM as `hidden="until-found"`, so the
   * browser's find-in-page reaches the reasoning and opens the panel on a match
   * (`beforematch`). Never at `summary` or `none`: what a level hides stays out of the
   * markup. Default true; false takes closed content out of the DOM at every level.
   */
  readonly untilFound?: boolean
}

/**
 * What opens. Closed, it is out of the DOM and the accessibility tree, except at `full`
 * (see `untilFound`), where it stays as `hidden="until-found"`: out of sight and of the
 * accessibility tree, in reach of find-in-page. `forceMount` keeps it visible for exit
 * animations (then set `hidden` yourself once closed; it becomes `until-found` at `full`).
 * Renders nothing for blocks that cannot expand (`none` visibility, encrypted-only).
 *
 * React renders `hidden` as a plain boolean (React 18 and 19), so server HTML has
 * `hidden=""` and find-in-page reaches the text once the page has hydrated.
 */
export const ReasoningContent = /* @__PURE__ */ forwardRef(function ReasoningContent(
  { untilFound = true, ...props }: ReasoningContentProps,
  ref: ForwardedRef<HTMLDivElement>,
) {
  const { block, open, setOpen, contentId, setContentId } = useReasoningContext('ReasoningContent')
  const { id, forceMount, asChild, hidden } = props
  const findable = untilFound && block.visibility === 'full' && block.expandable
  // With asChild the child's children are the caller's to defer (the panel does): no transition here for nothing.
  const withText = useFindableText(findable && !asChild, open)
  const own = useRef<HTMLDivElement | null>(null)
  // A caller's id replaces ours, so the trigger's aria-controls must follow it.
  useIsomorphicLayoutEffect(() => {
    setContentId(id)
    return () => setContentId(undefined)
  }, [id, setContentId])
  // React writes `hidden=""`; make it `until-found` before the browser paints, after every commit.
  useIsomorphicLayoutEffect(() => {
    const element = own.current
    if (findable && element?.hasAttribute('hidden') && element.getAttribute('hidden') !== 'until-found') element.setAttribute('hidden', 'until-found')
  })
  useEffect(() => {
    const element = own.current
    if (!findable || !element) return
    // The browser has already revealed the element; undo a collapse animation's inline
    // size so the match can be scrolled to at once, then open the panel for real.
    const reveal = () => {
      // Tells the scroll area to keep the match in view rather than open at the start.
      element.setAttribute(FOUND, '')
      element.style.removeProperty('height')
      element.style.removeProperty('opacity')
      setOpen(true)
    }
    element.addEventListener('beforematch', reveal)
    return () => element.removeEventListener('beforematch', reveal)
  }, [findable, setOpen])
  if (!block.expandable) return null
  if (!findable && !open && !forceMount) return null
  const composed = setRefs(own, ref)
  if (!findable) return <Collapsible.Content id={contentId} {...stateAttributes(block)} {...props} ref={composed} />
  // Radix drops a closed content's children; this element keeps them, hidden (with asChild,
  // the child's own children are the caller's to defer: see useFindableText).
  const { forceMount: _forceMount, asChild: _asChild, children, ...rest } = props
  const Element = asChild ? Slot : 'div'
  return (
    <Element
      id={contentId}
      data-state={open ? 'open' : 'closed'}
      {...stateAttributes(block)}
      {...rest}
      hidden={forceMount ? hidden : !open}
      ref={composed}
    >
      {asChild || withText ? children : null}
    </Element>
  )
})

/** A callback ref that sets both the part's own ref and the caller's. */
function setRefs<T>(own: { current: T | null }, ref: ForwardedRef<T>): (node: T | null) => void {
  return (node) => {
    own.current = node
    if (typeof ref === 'function') ref(node)
    else if (ref) ref.current = node
  }
}

interface SlotProps {
  /** Render your own element instead, merging props and ref into it; an empty child gets the part's content. */
  readonly asChild?: boolean
}

/**
 * The children of a part that makes its own content: with `asChild`, the
 * caller's element becomes the part's element and receives the content
 * unless it brought its own; without, the caller's children replace the content.
 */
function slotted(asChild: boolean | undefined, children: ReactNode, content: ReactNode): ReactNode {
  if (!asChild) return children ?? content
  if (isValidElement<{ children?: ReactNode }>(children) && children.props.children == null) {
    return cloneElement(children, undefined, content)
  }
  return children
}

export interface ReasoningStatusLabelProps extends ComponentPropsWithoutRef<'span'>, SlotProps {}

/**
 * The status line: "Thinking…", "Thinking · 7s" (live, once a second),
 * "Thought for 12 seconds", "Thought for less than a second", and for a block that
 * ended early, by its `endReason`: "Stopped after 4 seconds" (the user's
 * stop), "Reasoning cut short after 4 seconds", "Connection lost after 4 seconds of
 * thinking", "Reasoning interrupted after 4 seconds" (failed, or unknown). Only this
 * element re-renders on each tick.
 */
export const ReasoningStatusLabel = /* @__PURE__ */ forwardRef(function ReasoningStatusLabel(
  { asChild, children, ...props }: ReasoningStatusLabelProps,
  ref: ForwardedRef<HTMLSpanElement>,
) {
  const { block, labels, locale, now } = useReasoningContext('ReasoningStatusLabel')
  const label = statusLabel(block, labels, locale, useLiveDuration(block, now))
  const Element = asChild ? Slot : 'span'
  return (
    <Element {...stateAttributes(block)} {...props} ref={ref}>
      {slotted(asChild, children, label)}
    </Element>
  )
})

/** The status wording for a block that has run for `duration` ms (undefined: unknown, or no counter yet). */
export function statusLabel(
  block: Pick<VisibleBlock, 'status' | 'endReason'>,
  labels: ReasoningLabels,
  locale: string | undefined,
  duration: number | undefined,
): string {
  if (block.status === 'streaming') {
    return duration === undefined || duration < 1000 ? labels.thinking : labels.thinkingFor(formatDuration(duration, locale, 'narrow'))
  }
  return endedWording({ status: block.status, endReason: block.endReason }, duration, labels, (ms) => formatDuration(ms, locale))
}

export interface ReasoningTitleProps extends ComponentPropsWithoutRef<'span'>, SlotProps {}

/**
 * What the block is about, for its status row: while streaming the latest section
 * title (updating as new ones arrive), once ended the block's title (explicit, else its
 * first heading). Renders nothing without one, and always at `none` (titles are
 * summary-level information). The styled panel shows it on one line with an ellipsis;
 * the full title stays in the text, so in the trigger's accessible name.
 */
export const ReasoningTitle = /* @__PURE__ */ forwardRef(function ReasoningTitle(
  { asChild, children, ...props }: ReasoningTitleProps,
  ref: ForwardedRef<HTMLSpanElement>,
) {
  const { block } = useReasoningContext('ReasoningTitle')
  const title = headlineOf(block)
  if (title === undefined) return null
  const Element = asChild ? Slot : 'span'
  // The title's own direction stays inside <bdi> (English in an Arabic row), so what the
  // row puts around it (a separator) follows the row's.
  return (
    <Element {...stateAttributes(block)} {...props} ref={ref}>
      {slotted(asChild, children, <bdi>{title}</bdi>)}
    </Element>
  )
})

export interface ReasoningCopyProps extends Omit<ComponentPropsWithoutRef<'button'>, 'children'>, SlotProps {
  /** Your content, or a function of the state: `({ copied, label }) => …` (`label` is the `copy` or `copied` label). */
  readonly children?: ReactNode | ((state: { readonly copied: boolean; readonly label: string }) => ReactNode)
}

/**
 * A button that copies the block as markdown, exactly what the current visibility level
 * shows (status line, title, summary or text, outcome; never encrypted values). Its
 * text is the `copy` label, `copied` for two seconds after it worked (`data-copied`).
 */
export const ReasoningCopy = /* @__PURE__ */ forwardRef(function ReasoningCopy(
  { asChild, children: given, onClick, ...props }: ReasoningCopyProps,
  ref: ForwardedRef<HTMLButtonElement>,
) {
  const { block, labels, markdown } = useReasoningContext('ReasoningCopy')
  const { copied, copy } = useCopy()
  const label = copied ? labels.copied : labels.copy
  const children = typeof given === 'function' ? given({ copied, label }) : given
  const Element = asChild ? Slot : 'button'
  return (
    <Element
      type="button"
      data-copied={copied ? '' : undefined}
      {...stateAttributes(block)}
      {...props}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        onClick?.(event)
        if (!event.defaultPrevented) copy(markdown())
      }}
      ref={ref}
    >
      {slotted(asChild, children, label)}
    </Element>
  )
})

export interface ReasoningDurationProps extends ComponentPropsWithoutRef<'time'>, SlotProps {
  /** `long` ("12 seconds", default) or `narrow` ("12s"). */
  readonly format?: 'long' | 'narrow'
}

/**
 * The duration alone, as `<time dateTime="PT12S">`: live while streaming,
 * from the block's own timestamps when done. Renders nothing while unknown.
 */
export const ReasoningDuration = /* @__PURE__ */ forwardRef(function ReasoningDuration(
  { asChild, format = 'long', children, ...props }: ReasoningDurationProps,
  ref: ForwardedRef<HTMLTimeElement>,
) {
  const { block, locale, now } = useReasoningContext('ReasoningDuration')
  const duration = useLiveDuration(block, now)
  if (duration === undefined) return null
  const Element = asChild ? Slot : 'time'
  return (
    <Element dateTime={isoDuration(duration)} {...stateAttributes(block)} {...props} ref={ref}>
      {slotted(asChild, children, formatDuration(duration, locale, format))}
    </Element>
  )
})

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const

export interface ReasoningAnnouncerProps extends ComponentPropsWithoutRef<'span'>, SlotProps {}

/**
 * The polite live region (visually hidden): says "Thinking…" when the block
 * starts streaming and "Thought for 12 seconds" when it ends. Never tokens, never
 * the ticking counter, and nothing for history that was already complete on mount.
 */
export const ReasoningAnnouncer = /* @__PURE__ */ forwardRef(function ReasoningAnnouncer(
  { asChild, style, children, ...props }: ReasoningAnnouncerProps,
  ref: ForwardedRef<HTMLSpanElement>,
) {
  const { block, labels, locale } = useReasoningContext('ReasoningAnnouncer')
  const [mountedStatus] = useState(block.status)
  const target =
    block.status === 'streaming' ? labels.thinking
      : block.status !== mountedStatus ? statusLabel(block, labels, locale, getBlockDuration(block))
        : ''
  const [spoken, setSpoken] = useState('')
  useEffect(() => {
    // After the region is in the DOM: screen readers ignore text that arrives with its region.
    const timer = setTimeout(() => setSpoken(target), 0)
    return () => clearTimeout(timer)
  }, [target])
  const Element = asChild ? Slot : 'span'
  return (
    <Element
      role="status"
      aria-live="polite"
      aria-atomic="true"
      style={{ ...visuallyHidden, ...style }}
      {...stateAttributes(block)}
      {...props}
      ref={ref}
    >
      {slotted(asChild, children, spoken)}
    </Element>
  )
})

export interface ReasoningTextProps extends ComponentPropsWithoutRef<'div'>, SlotProps {}

/**
 * The raw reasoning (`full` only; nothing otherwise): text messages as
 * paragraphs, structured steps with their type, title, confidence and
 * conclusion. Provider summaries are left to `ReasoningSummary`. Finished
 * paragraphs never re-render while the live tail streams.
 */
export const ReasoningText = /* @__PURE__ */ forwardRef(function ReasoningText(
  { asChild, children, ...props }: ReasoningTextProps,
  ref: ForwardedRef<HTMLDivElement>,
) {
  const { block, renderText, labels, locale } = useReasoningContext('ReasoningText')
  if (block.visibility !== 'full') return null
  const messages = block.messages.filter((m) => m.kind !== 'summary')
  if (messages.length === 0) return null
  const Element = asChild ? Slot : 'div'
  const content = messages.map((message) =>
    message.kind === 'step' ? (
      <div key={message.id} data-slot="reasoning-step" data-step-type={message.meta?.stepType} data-status={message.status}>
        {(message.meta?.stepType !== undefined || message.meta?.title !== undefined) && (
          <p data-slot="reasoning-step-header" dir="auto">
            {message.meta?.stepType !== undefined && <span data-slot="reasoning-step-type">{labels.stepType(message.meta.stepType)}</span>}
            {message.meta?.title !== undefined && <strong data-slot="reasoning-step-title">{message.meta.title}</strong>}
          </p>
        )}
        <StreamingText text={message.text} end={textEndOf(message)} live={message.status === 'streaming'} kind="step" render={renderText} labels={labels} />
        {message.meta && <Outcome outcome={message.meta} labels={labels} locale={locale} />}
      </div>
    ) : (
      <StreamingText key={message.id} text={message.text} end={textEndOf(message)} live={message.status === 'streaming'} kind="text" render={renderText} labels={labels} />
    ),
  )
  return (
    <Element {...stateAttributes(block)} {...props} ref={ref}>
      {slotted(asChild, children, content)}
    </Element>
  )
})

/** Conclusion, confidence and key factors, when any is present. Internal: shared by steps and blocks. */
export function Outcome({ outcome, labels, locale }: {
  readonly outcome: NonNullable<VisibleBlock['outcome']>
  readonly labels: ReasoningLabels
  readonly locale: string | undefined
}): ReactNode {
  const { conclusion, confidence, keyFactors } = outcome
  if (conclusion === undefined && confidence === undefined && (keyFactors === undefined || keyFactors.length === 0)) return null
  return (
    <dl data-slot="reasoning-outcome">
      {conclusion !== undefined && (
        <div data-slot="reasoning-conclusion">
          <dt>{labels.conclusion}</dt>
          <dd dir="auto">{conclusion}</dd>
        </div>
      )}
      {confidence !== undefined && (
        <div data-slot="reasoning-confidence">
          <dt>{labels.confidence(formatPercent(confidence, locale))}</dt>
          <dd>
            <meter min={0} max={1} value={confidence} aria-label={labels.confidence(formatPercent(confidence, locale))} />
          </dd>
        </div>
      )}
      {keyFactors !== undefined && keyFactors.length > 0 && (
        <div data-slot="reasoning-key-factors">
          <dt>{labels.keyFactors}</dt>
          {keyFactors.map((factor, i) => (
            <dd key={i} dir="auto">
              {factor}
            </dd>
          ))}
        </div>
      )}
    </dl>
  )
}

export interface ReasoningScrollAreaProps extends ComponentPropsWithoutRef<'div'>, SlotProps {}

/** How close to the bottom (px) still counts as "at the bottom" when the user scrolls. */
const FOLLOW_SLACK = 24

/** What a resting cut should never go through: code, tables, steps, outcome cards, quotes. */
const UNITS = '[data-slot="reasoning-code"], [data-slot="reasoning-table"], [data-slot="reasoning-step"], [data-slot="reasoning-outcome"], pre, table, blockquote'

function flag(element: Element, name: string, on: boolean): void {
  if (on !== element.hasAttribute(name)) element.toggleAttribute(name, on)
}

/** Marks where the content runs past the visible box, for fade masks and a "Show all" control. */
function markOverflow(element: HTMLElement): void {
  const hidden = element.scrollHeight - element.clientHeight
  flag(element, 'data-overflowing', hidden > 1)
  flag(element, 'data-overflow-start', element.scrollTop > 1)
  flag(element, 'data-overflow-end', hidden - element.scrollTop > 1)
}

/**
 * At rest at the top, a finished block's visible box ends before a code block, table,
 * step or card that the cap would cut through (when that leaves at least half the
 * box), by setting `--reasoning-body-snap` on the element for the stylesheet.
 */
function snapCut(element: HTMLElement): void {
  element.style.removeProperty('--reasoning-body-snap')
  if (element.scrollTop > 0) return
  const cap = element.clientHeight
  if (element.scrollHeight - cap <= 1) return
  const top = element.getBoundingClientRect().top
  for (const unit of element.querySelectorAll(UNITS)) {
    const rect = unit.getBoundingClientRect()
    const start = rect.top - top
    if (start >= cap) return
    if (rect.bottom - top > cap) {
      if (start >= cap / 2) element.style.setProperty('--reasoning-body-snap', `${Math.floor(start)}px`)
      return
    }
  }
}

/**
 * A scroll container for the open panel's text that follows the newest text
 * while the block streams, stops following as soon as the user scrolls up, and
 * follows again when they scroll back to the bottom. Focusable, so keyboard
 * users can scroll it. At its ends, scrolling passes on to the page.
 *
 * Marks its overflow for styles: `data-overflowing` (content taller than the box),
 * `data-overflow-start` / `data-overflow-end` (more above / below). A finished block at
 * rest is never cut through a code block, table, step or card (see `--reasoning-body-snap`).
 */
export const ReasoningScrollArea = /* @__PURE__ */ forwardRef(function ReasoningScrollArea(
  { asChild, onScroll, ...props }: ReasoningScrollAreaProps,
  ref: ForwardedRef<HTMLDivElement>,
) {
  const { block, labels, open } = useReasoningContext('ReasoningScrollArea')
  const own = useRef<HTMLDivElement | null>(null)
  const following = useRef(true)
  // Scrolls to the end, and records where, so that the scroll's event is known as the area's own (see `onScroll`).
  const follow = (element: HTMLElement): void => {
    element.scrollTop = element.scrollHeight
    followedTops.set(element, element.scrollTop)
  }
  const growth = useRef<{ readonly observer: ResizeObserver; readonly observed: WeakSet<Element> } | null>(null)
  const streaming = block.status === 'streaming'
  // True from a commit where the panel is closed until the next one where it is open.
  const openingRef = useRef(true)
  useIsomorphicLayoutEffect(() => {
    if (!open) openingRef.current = true
  }, [open])
  // Text can also grow after a commit (a custom renderer's async content, web fonts
  // arriving, a width change re-wrapping lines). One observer while open follows
  // those growths and keeps the overflow marks true.
  useIsomorphicLayoutEffect(() => {
    const element = own.current
    if (!element || !open || typeof ResizeObserver === 'undefined') return
    let width = element.clientWidth
    let frame = 0
    const observer = new ResizeObserver(() => {
      if (streaming && following.current) follow(element)
      if (!streaming && element.clientWidth !== width) {
        width = element.clientWidth
        // Next frame: resizing the observed element inside its own callback loops the observer.
        cancelAnimationFrame(frame)
        frame = requestAnimationFrame(() => {
          snapCut(element)
          markOverflow(element)
        })
      }
      markOverflow(element)
    })
    observer.observe(element)
    growth.current = { observer, observed: new WeakSet() }
    // A finished block opens at its start (its text may have stayed mounted, hidden, scrolled
    // to where it last streamed), unless find-in-page opened it to show a match.
    const found = element.closest(`[${FOUND}]`)
    if (openingRef.current && !streaming && !found) element.scrollTop = 0
    openingRef.current = false
    found?.removeAttribute(FOUND)
    if (!streaming) snapCut(element)
    else element.style.removeProperty('--reasoning-body-snap')
    markOverflow(element)
    return () => {
      cancelAnimationFrame(frame)
      observer.disconnect()
      growth.current = null
    }
  }, [streaming, open])
  useIsomorphicLayoutEffect(() => {
    const element = own.current
    if (!element || !open) return
    const watch = growth.current
    if (watch) {
      // The observer follows the text and marks its overflow once the frame has laid it out (a
      // child that grew, or a new one: observing it reports its size). Reading the text's height
      // here laid out the page inside React's commit, at every delta: with a long chat above the
      // live turn, most of the commit (bench/history).
      for (const child of element.children) {
        if (watch.observed.has(child)) continue
        watch.observed.add(child)
        watch.observer.observe(child)
      }
      return
    }
    if (streaming && following.current) follow(element)
    if (streaming) markOverflow(element)
  }, [block, streaming, open])
  const Element = asChild ? Slot : 'div'
  return (
    <Element
      tabIndex={0}
      role="group"
      aria-label={labels.content}
      {...stateAttributes(block)}
      {...props}
      ref={setRefs(own, ref)}
      onScroll={(event) => {
        onScroll?.(event)
        const element = event.currentTarget
        // The area's own scroll says nothing of the reader, however far from the bottom the text
        // has grown by the time its event comes (a commit between the scroll and its event: in
        // Firefox a live text's catch-up commit, after which the panel stopped following).
        if (!followedBySelf(element)) following.current = element.scrollHeight - element.scrollTop - element.clientHeight <= FOLLOW_SLACK
        markOverflow(element)
      }}
    />
  )
})
