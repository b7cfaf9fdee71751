import { forwardRef, useId, useState, type ComponentPropsWithoutRef, type ForwardedRef, type ReactNode } from 'react'
import type { ReasoningBlock, ReasoningState, TimelineToolCall } from '../core/model'
import { selectAnsweredBlockIds, selectTokensAfterLastBlock } from '../core/selectors'
import { useLiveDuration } from './clock'
import { AlertIcon, ChevronIcon, ToolIcon } from './icons'
import { definedOnly, formatDuration, isoDuration, mergeLabels, type ReasoningLabels } from './labels'
import { ReasoningPanel } from './panel'
import { useLabels } from './parts'
import { safeLocale, useReasoningConfig } from './provider'
import { tokenProps, useStreamInput, type SharedPanelProps, type StreamInput } from './stream'
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
  const state = useStreamInput({ source, store, state: given })
  const config = useReasoningConfig()
  const merged = mergeLabels(config.labels, labels)
  const resolvedLocale = safeLocale(locale ?? config.locale)
  const run = runId ?? state.runs[state.runs.length - 1]?.runId
  const rows = rowsOf(state, run)
  const answered = selectAnsweredBlockIds(state)
  const shared = definedOnly({ visibility, openPolicy, labels, locale, renderText, animationDuration })
  const tokens = showTokens ? selectTokensAfterLastBlock(state) : undefined
  const row = (r: Row) =>
    r.kind === 'reasoning' ? (
      <li key={`r:${r.block.id}`} data-slot="timeline-item" data-kind="reasoning" data-status={r.block.status}>
        <ReasoningPanel block={r.block} answerStarted={answered.has(r.block.id)} {...tokenProps(tokens, r.block)} {...shared} />
      </li>
    ) : (
      <li key={`t:${r.call.id}`} data-slot="timeline-item" data-kind="tool-call" data-status={r.call.status}>
        <ReasoningToolCall call={r.call} labels={merged} locale={resolvedLocale} />
      </li>
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
      {rows.some((r) => laneOfRow(r) !== undefined) ? items(groupBySubagent(rows, laneOfRow, state.subagents)) : rows.map(row)}
    </ol>
  )
})

const laneOfRow = (row: Row) => (row.kind === 'reasoning' ? row.block.subagentRunId : row.call.subagentRunId)

function rowsOf(state: ReasoningState, runId: string | undefined): Row[] {
  const blocks = new Map(state.blocks.map((b) => [b.id, b]))
  const rows: Row[] = []
  for (const entry of state.timeline) {
    if (runId !== undefined && entry.runId !== runId) continue
    if (entry.kind === 'reasoning') {
      const block = blocks.get(entry.id)
      if (block) rows.push({ kind: 'reasoning', block })
    } else if (entry.kind === 'tool-call') {
      rows.push({ kind: 'tool-call', call: entry })
    }
  }
  return rows
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
