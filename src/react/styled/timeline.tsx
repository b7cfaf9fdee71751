import { forwardRef, memo, useId, useMemo, useState, useSyncExternalStore, type ComponentPropsWithoutRef, type ForwardedRef, type ReactNode } from 'react'
import type { ReasoningBlock, ReasoningState, SubagentInfo, TimelineEntry, TimelineToolCall } from '../../core/model'
import { selectAnsweredBlockIds, selectTokensAfterLastBlock } from '../../core/selectors'
import { useLiveDuration } from '../state/clock'
import { AlertIcon, ChevronIcon, ToolIcon } from './icons'
import { definedOnly, formatDuration, isoDuration, mergeLabels, type ReasoningLabels } from '../state/labels'
import { ReasoningPanel } from './panel'
import { useLabels } from '../parts/parts'
import { safeLocale, useReasoningConfig } from '../state/provider'
import type { ReasoningStore } from '../../core/store'
import type { SharedPanelProps, StreamInput } from './stream'
import { useReasoningStream } from '../state/use-reasoning-stream'
import { groupBySubagent, SubagentGroup, type SubagentTree } from './subagents'

export interface ReasoningTimelineProps extends StreamInput, SharedPanelProps, ComponentPropsWithoutRef<'ol'> {
  /** The run to show. Default: the latest run (or everything when the stream has no runs). */
  readonly runId?: string
  /** Show the run's reasoning tokens (from its `usage`) after its last block, at every visibility level. Default true. */
  readonly showTokens?: boolean
}

type Row =
  | { readonly kind: 'reasoning'; readonly block: ReasoningBlock }
  | { readonly kind: 'tool-call'; readonly call: TimelineToolCall }

/**
 * One run's reasoning as it happened: its blocks in order with the tool calls
 * between them (an agentic loop), each block with its duration and "N steps",
 * structured steps (type, confidence, key factors, conclusion) inside the
 * panels. An ordered list; each row a list item.
 */
export const ReasoningTimeline = /* @__PURE__ */ forwardRef(function ReasoningTimeline(
  { source, store, state: given, runId, showTokens = true, visibility, openPolicy, labels, locale, renderText, animationDuration, ...props }: ReasoningTimelineProps,
  ref: ForwardedRef<HTMLOListElement>,
) {
  const view = useTimelineView({ source, store, state: given }, runId, showTokens)
  const config = useReasoningConfig()
  // Stable across renders, so the memoised rows below skip their work.
  const merged = useMemo(() => mergeLabels(config.labels, labels), [config.labels, labels])
  const resolvedLocale = safeLocale(locale ?? config.locale)
  const shared = useMemo(
    () => definedOnly({ visibility, openPolicy, labels, locale, renderText, animationDuration }),
    [visibility, openPolicy, labels, locale, renderText, animationDuration],
  )
  const { rows } = view
  const index = new Map(rows.map((r, i) => [r, i]))
  const row = (r: Row) => (
    <TimelineRow
      key={r.kind === 'reasoning' ? `r:${r.block.id}` : `t:${r.call.id}`}
      row={r}
      answerStarted={view.answered[index.get(r)!]!}
      tokens={view.tokens[index.get(r)!]}
      shared={shared}
      labels={merged}
      locale={resolvedLocale}
    />
  )
  const items = (tree: readonly SubagentTree<Row>[]): ReactNode[] =>
    tree.map((node) =>
      node.kind === 'item' ? row(node.item) : (
        <li key={`s:${node.info.subagentRunId}`} data-slot="timeline-item" data-kind="subagent" data-status={node.info.status}>
          <SubagentGroup info={node.info} labels={merged} list="ol">
            {items(node.children)}
          </SubagentGroup>
        </li>
      ),
    )
  return (
    <ol data-slot="reasoning-timeline" {...props} ref={ref}>
      {/* A subagent's blocks and tool calls nest under it, inside its parent's. */}
      {view.subagents ? items(groupBySubagent(rows, laneOfRow, view.subagents)) : rows.map(row)}
    </ol>
  )
})

/** What one timeline shows of a state: its rows and what each row's panel needs. */
interface TimelineView {
  readonly rows: readonly Row[]
  /** Per row: an answer started after it. */
  readonly answered: readonly boolean[]
  /** Per row: the run's reasoning tokens, on the run's last block. */
  readonly tokens: readonly (number | undefined)[]
  /** The stream's subagents, when a row belongs to one (the rows nest under them); else undefined. */
  readonly subagents: readonly SubagentInfo[] | undefined
}

const rowsOf = (state: ReasoningState, runId: string | undefined) => selectRows(state, runId ?? state.runs[state.runs.length - 1]?.runId)
const answeredRow = (r: Row, answered: ReadonlySet<string>) => r.kind === 'reasoning' && answered.has(r.block.id)
const rowTokens = (r: Row, tokens: ReadonlyMap<string, number> | undefined) => (r.kind === 'reasoning' ? tokens?.get(r.block.id) : undefined)
const subagentsOf = (state: ReasoningState, rows: readonly Row[]) => (rows.some((r) => laneOfRow(r) !== undefined) ? state.subagents : undefined)

/**
 * What a timeline shows. It reads only `blocks`, `timeline`, `runs` and `subagents`
 * (`changedRuns` relies on that).
 */
function viewOf(state: ReasoningState, runId: string | undefined, showTokens: boolean): TimelineView {
  const rows = rowsOf(state, runId)
  const answered = selectAnsweredBlockIds(state)
  const tokens = showTokens ? selectTokensAfterLastBlock(state) : undefined
  return {
    rows,
    answered: rows.map((r) => answeredRow(r, answered)),
    tokens: rows.map((r) => rowTokens(r, tokens)),
    subagents: subagentsOf(state, rows),
  }
}

const sameList = <T,>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((x, i) => x === b[i])

/**
 * Whether `state` shows as `view` does, worked out without making the view: a chat's
 * timelines each check this on every delta of the live turn, and all but one find it so.
 */
function viewHolds(view: TimelineView, state: ReasoningState, runId: string | undefined, showTokens: boolean): boolean {
  const rows = rowsOf(state, runId)
  if (!sameList(rows, view.rows)) return false
  const answered = selectAnsweredBlockIds(state)
  const tokens = showTokens ? selectTokensAfterLastBlock(state) : undefined
  for (let i = 0; i < rows.length; i++) {
    if (answeredRow(rows[i]!, answered) !== view.answered[i] || rowTokens(rows[i]!, tokens) !== view.tokens[i]) return false
  }
  return subagentsOf(state, rows) === view.subagents
}

const noSubscription = () => () => {}

/**
 * The timeline's view of its input. A store given alone is read selectively: the
 * timeline renders again only when its own rows (or their answered state or tokens)
 * change. A chat shows one timeline per turn on one store, and each rendering again
 * on every delta of the live turn made a long conversation's deltas cost in
 * proportion to its length. A source is connected as `useReasoningStream` does,
 * which renders on every notification.
 */
function useTimelineView({ source, store, state: given }: StreamInput, runId: string | undefined, showTokens: boolean): TimelineView {
  const selective = given === undefined && store !== undefined && source == null ? store : undefined
  const connected = useReasoningStream(given !== undefined || selective ? null : (source ?? null), store && !selective ? { store } : {})
  const read = useMemo(() => (selective ? selectingReader(selective, runId, showTokens) : undefined), [selective, runId, showTokens])
  const picked = useSyncExternalStore(read?.subscribe ?? noSubscription, read?.get ?? noView, read?.get ?? noView)
  return picked ?? viewOf(given ?? connected.state, runId, showTokens)
}

const noView = (): TimelineView | undefined => undefined

/** A snapshot function for `useSyncExternalStore`: the previous view while an update leaves it as it was. */
function selectingReader(store: ReasoningStore, runId: string | undefined, showTokens: boolean) {
  let state: ReasoningState | undefined
  let view: TimelineView | undefined
  const hub = hubOf(store)
  return {
    subscribe: (listener: () => void) => hub.listen(runId, listener),
    get(): TimelineView {
      const next = store.getState()
      if (next === state && view) return view
      state = next
      if (!view || !viewHolds(view, next, runId, showTokens)) view = viewOf(next, runId, showTokens)
      return view
    },
  }
}

/**
 * One subscription to a store for all the timelines on it. A text delta changes one block, and
 * only the timelines of that block's run hear of it; any other change reaches them all (each then
 * keeps its view if it holds). A chat shows a timeline per turn, and each one checking its view
 * at every delta of the live turn was most of what the chat's length added to a delta
 * (bench/history).
 */
interface Hub {
  listen(runId: string | undefined, listener: () => void): () => void
}

const hubs = new WeakMap<ReasoningStore, Hub>()

function hubOf(store: ReasoningStore): Hub {
  let hub = hubs.get(store)
  if (hub) return hub
  // Per run id; `undefined`: timelines of the latest run, which hear of every change.
  const listeners = new Map<string | undefined, Set<() => void>>()
  let count = 0
  let last: ReasoningState | undefined
  let unsubscribe: (() => void) | undefined
  // As the store does: one listener that throws does not keep the others from hearing.
  const errors: unknown[] = []
  const call = (runId: string | undefined) => {
    const set = listeners.get(runId)
    if (!set) return
    for (const listener of [...set]) {
      try {
        listener()
      } catch (error) {
        errors.push(error)
      }
    }
  }
  const onChange = () => {
    const next = store.getState()
    const changed = last === undefined ? undefined : changedRuns(last, next)
    last = next
    errors.length = 0
    if (changed === undefined) for (const runId of [...listeners.keys()]) call(runId)
    else {
      call(undefined)
      for (const runId of changed) call(runId)
    }
    if (errors.length > 0) throw errors[0]
  }
  hub = {
    listen(runId, listener) {
      let set = listeners.get(runId)
      if (!set) listeners.set(runId, (set = new Set()))
      if (set.has(listener)) return () => {}
      set.add(listener)
      if (count++ === 0) {
        last = store.getState()
        unsubscribe = store.subscribe(onChange)
      }
      return () => {
        if (!set.delete(listener)) return
        if (set.size === 0) listeners.delete(runId)
        if (--count === 0) {
          unsubscribe?.()
          unsubscribe = undefined
          last = undefined
        }
      }
    },
  }
  hubs.set(store, hub)
  return hub
}

/**
 * The runs whose timelines may show `next` otherwise than `prev`, when only blocks' contents
 * changed (the same blocks, timeline, runs and subagents); undefined for any other change.
 */
function changedRuns(prev: ReasoningState, next: ReasoningState): ReadonlySet<string> | undefined {
  if (prev.timeline !== next.timeline || prev.runs !== next.runs || prev.subagents !== next.subagents || prev.blocks.length !== next.blocks.length) return undefined
  const out = new Set<string>()
  if (prev.blocks === next.blocks) return out
  const runOf = blockRuns(next.timeline)
  for (let i = 0; i < next.blocks.length; i++) {
    const before = prev.blocks[i]!
    const after = next.blocks[i]!
    if (before === after) continue
    // A run's tokens go on its last block (by the blocks' own run ids).
    if (before.id !== after.id || before.runId !== after.runId) return undefined
    const runId = runOf.get(after.id)
    if (runId !== undefined) out.add(runId)
  }
  return out
}

/** The run of each block in a timeline, worked out once per timeline. */
const blockRunIndexes = new WeakMap<readonly TimelineEntry[], Map<string, string | undefined>>()

function blockRuns(timeline: readonly TimelineEntry[]): Map<string, string | undefined> {
  let index = blockRunIndexes.get(timeline)
  if (index) return index
  index = new Map()
  for (const entry of timeline) if (entry.kind === 'reasoning') index.set(entry.id, entry.runId)
  blockRunIndexes.set(timeline, index)
  return index
}

interface TimelineRowProps {
  readonly row: Row
  readonly answerStarted: boolean
  readonly tokens: number | undefined
  readonly shared: SharedPanelProps
  readonly labels: ReasoningLabels
  readonly locale: string | undefined
}

/**
 * One list item. Memoised: its row object stays the same while its block or call does
 * (see `selectRows`), so a delta renders the changed row again and no other.
 */
const TimelineRow = /* @__PURE__ */ memo(function TimelineRow({ row, answerStarted, tokens, shared, labels, locale }: TimelineRowProps) {
  return row.kind === 'reasoning' ? (
    <li data-slot="timeline-item" data-kind="reasoning" data-status={row.block.status}>
      <ReasoningPanel block={row.block} answerStarted={answerStarted} {...(tokens !== undefined && { tokens })} {...shared} />
    </li>
  ) : (
    <li data-slot="timeline-item" data-kind="tool-call" data-status={row.call.status}>
      <ReasoningToolCall call={row.call} labels={labels} locale={locale} />
    </li>
  )
})

const laneOfRow = (row: Row) => (row.kind === 'reasoning' ? row.block.subagentRunId : row.call.subagentRunId)

// One row object per block or call object: unchanged ones keep their identity in the store,
// and so their rows keep theirs, which is what lets `TimelineRow` skip them.
const blockRows = new WeakMap<ReasoningBlock, Row>()
const callRows = new WeakMap<TimelineToolCall, Row>()

function blockRow(block: ReasoningBlock): Row {
  let row = blockRows.get(block)
  if (!row) blockRows.set(block, (row = { kind: 'reasoning', block }))
  return row
}

function callRow(call: TimelineToolCall): Row {
  let row = callRows.get(call)
  if (!row) callRows.set(call, (row = { kind: 'tool-call', call }))
  return row
}

/** Rows of every run (key: the run id; `ALL` for the whole stream), built once per state. */
const rowIndexes = new WeakMap<ReasoningState, Map<string | typeof ALL, readonly Row[]>>()
const ALL = /* @__PURE__ */ Symbol('all runs')

/**
 * The rows of one run (every row when `runId` is undefined). Built for all runs at once,
 * once per state: a chat shows one timeline per turn, and each looking through the whole
 * history on every delta made a long conversation quadratic.
 */
function selectRows(state: ReasoningState, runId: string | undefined): readonly Row[] {
  let index = rowIndexes.get(state)
  if (!index) rowIndexes.set(state, (index = indexRows(state)))
  return index.get(runId ?? ALL) ?? NO_ROWS
}

const NO_ROWS: readonly Row[] = []

function indexRows(state: ReasoningState): Map<string | typeof ALL, readonly Row[]> {
  const blocks = new Map(state.blocks.map((b) => [b.id, b]))
  const all: Row[] = []
  const byRun = new Map<string | typeof ALL, Row[]>([[ALL, all]])
  for (const entry of state.timeline) {
    let row: Row | undefined
    if (entry.kind === 'reasoning') {
      const block = blocks.get(entry.id)
      if (block) row = blockRow(block)
    } else if (entry.kind === 'tool-call') {
      row = callRow(entry)
    }
    if (!row) continue
    all.push(row)
    if (entry.runId === undefined) continue
    let rows = byRun.get(entry.runId)
    if (!rows) byRun.set(entry.runId, (rows = []))
    rows.push(row)
  }
  return byRun
}

export interface ReasoningToolCallProps extends ComponentPropsWithoutRef<'div'> {
  /** The call, from the store's timeline (`state.timeline` entries of kind `tool-call`). */
  readonly call: TimelineToolCall
  readonly labels?: Partial<ReasoningLabels>
  /** Locale for the duration. Default: the provider's, else the runtime's. */
  readonly locale?: string
  /**
   * What opens under the row, e.g. the call's arguments and result (the kit does not show
   * them itself: they are your tool's data). With it the row is a disclosure button with the
   * panels' chevron; without it, a plain row.
   */
  readonly children?: ReactNode
  /** Whether the disclosure starts open. Default false. */
  readonly defaultOpen?: boolean
}

/**
 * One tool call as the timeline draws it: the tool icon (a warning when it did not
 * finish), "Called search" / "Calling search…" / "search did not finish", and its
 * duration from a second on (live while it runs). Give it children to make it a
 * disclosure of the call's details, in the panels' style. `ReasoningTimeline` renders
 * one per call; use it alone where your chat lays out its own message list.
 * `data-slot="timeline-tool"`, `data-status`, `data-state` (open|closed, with children).
 */
export const ReasoningToolCall = /* @__PURE__ */ forwardRef(function ReasoningToolCall(
  { call, labels, locale, children, defaultOpen = false, ...props }: ReasoningToolCallProps,
  ref: ForwardedRef<HTMLDivElement>,
) {
  const config = useReasoningConfig()
  const merged = useLabels(labels)
  const [open, setOpen] = useState(defaultOpen)
  const bodyId = useId()
  const row = <ToolCallRow call={call} labels={merged} locale={safeLocale(locale ?? config.locale)} now={config.now ?? Date.now} />
  const disclosure = children !== undefined && children !== null && children !== false
  return (
    <div data-slot="timeline-tool" data-status={call.status} data-state={disclosure ? (open ? 'open' : 'closed') : undefined} {...props} ref={ref}>
      {disclosure ? (
        <button
          type="button"
          data-slot="timeline-tool-call"
          data-status={call.status}
          aria-expanded={open}
          aria-controls={open ? bodyId : undefined}
          onClick={() => setOpen((o) => !o)}
        >
          {row}
          <ChevronIcon data-slot="reasoning-chevron" />
        </button>
      ) : (
        <div data-slot="timeline-tool-call" data-status={call.status}>
          {row}
        </div>
      )}
      {disclosure && open && (
        <div id={bodyId} data-slot="timeline-tool-body">
          {children}
        </div>
      )}
    </div>
  )
})

interface ToolCallRowProps {
  readonly call: TimelineToolCall
  readonly labels: ReasoningLabels
  readonly locale: string | undefined
  readonly now: () => number
}

/** The row's icon, words and duration. */
function ToolCallRow({ call, labels, locale, now }: ToolCallRowProps) {
  const streaming = call.status === 'streaming'
  const duration = useLiveDuration(call, now)
  const text =
    call.status === 'streaming' ? labels.toolCallRunning(call.name)
      : call.status === 'interrupted' ? labels.toolCallInterrupted(call.name)
        : labels.toolCall(call.name)
  return (
    <>
      {call.status === 'interrupted' ? <AlertIcon data-slot="timeline-icon" /> : <ToolIcon data-slot="timeline-icon" />}
      <span data-slot="timeline-tool-label">{text}</span>
      {duration !== undefined && duration >= 1000 && (
        <time data-slot="timeline-duration" dateTime={isoDuration(duration)}>
          {formatDuration(duration, locale, streaming ? 'narrow' : 'long')}
        </time>
      )}
    </>
  )
}
