import { forwardRef, type ComponentPropsWithoutRef, type ForwardedRef, type ReactNode } from 'react'
import type { ReasoningBlock, ReasoningState } from '../../core/model'
import {
  blocksBefore,
  selectAnsweredBlockIds,
  selectBlocksForRun,
  selectPendingReasoning,
  selectStreamStatus,
  selectTokensAfterLastBlock,
} from '../../core/selectors'
import type { ReasoningSource } from '../../core/sources'
import type { ReasoningStore } from '../../core/store'
import { SparkIcon } from './icons'
import { definedOnly } from '../state/labels'
import { ReasoningPanel, type ReasoningPanelProps } from './panel'
import { useLabels } from '../parts/parts'
import { groupBySubagent, SubagentGroup, type SubagentTree } from './subagents'
import { useReasoningStream } from '../state/use-reasoning-stream'

/** Where a stream component gets its state: exactly one of these (`state` wins, then `store`, then `source`). */
export interface StreamInput {
  /** Something that yields AG-UI events (agent, Observable, async iterable, SSE `Response` or URL), as for `useReasoningStream`. */
  readonly source?: ReasoningSource | null
  /** A store you feed yourself (or share with `useReasoningStream`). */
  readonly store?: ReasoningStore
  /** A state you already hold (e.g. from `useReasoningStream`). */
  readonly state?: ReasoningState
}

/** The state of whichever input was given. */
export function useStreamInput({ source, store, state }: StreamInput): ReasoningState {
  const result = useReasoningStream(state ? null : (source ?? null), store ? { store } : {})
  return state ?? result.state
}

/** Panel settings that every panel of a stream shares. */
export type SharedPanelProps = Pick<
  ReasoningPanelProps,
  'visibility' | 'openPolicy' | 'labels' | 'locale' | 'renderText' | 'animationDuration'
>

export interface ReasoningStreamProps extends StreamInput, SharedPanelProps, ComponentPropsWithoutRef<'div'> {
  /** Only the blocks of this run. */
  readonly runId?: string
  /** Only the blocks that led to this answer message (after the previous answer, before this one). */
  readonly beforeMessageId?: string
  /** Show "Thinking…" while a run is working and no block is streaming yet. Default true. */
  readonly pendingIndicator?: boolean
  /** Show each run's reasoning tokens (from its `usage`) after its last block, at every visibility level. Default true. */
  readonly showTokens?: boolean
}

/**
 * Every reasoning block of a stream, in order, one `ReasoningPanel` each: the
 * component twin of `useReasoningStream`. Give it a `source`, a `store` or a
 * `state`; narrow it to one run (`runId`) or to the reasoning before one answer
 * (`beforeMessageId`) to place panels inside a chat's message list. A panel
 * collapses when the answer after it starts.
 */
export const ReasoningStream = /* @__PURE__ */ forwardRef(function ReasoningStream(
  {
    source,
    store,
    state: given,
    runId,
    beforeMessageId,
    pendingIndicator = true,
    showTokens = true,
    visibility,
    openPolicy,
    labels,
    locale,
    renderText,
    animationDuration,
    ...props
  }: ReasoningStreamProps,
  ref: ForwardedRef<HTMLDivElement>,
) {
  const state = useStreamInput({ source, store, state: given })
  const blocks = pickBlocks(state, runId, beforeMessageId)
  const answered = selectAnsweredBlockIds(state)
  const status = selectStreamStatus(state)
  const lastRun = state.runs[state.runs.length - 1]
  // Only before the run's first block: once reasoning ended, its row says so, and the
  // wait for the answer gets no second "Thinking…".
  const pending =
    pendingIndicator &&
    selectPendingReasoning(state) &&
    beforeMessageId === undefined &&
    (runId === undefined || lastRun?.runId === runId)
  // Once per render, not once per panel: a stream may hold thousands of blocks.
  const shared = definedOnly({ visibility, openPolicy, labels, locale, renderText, animationDuration })
  const tokens = showTokens ? selectTokensAfterLastBlock(state) : undefined
  const merged = useLabels(labels)
  const panel = (block: ReasoningBlock) => (
    <ReasoningPanel key={block.id} block={block} answerStarted={answered.has(block.id)} {...tokenProps(tokens, block)} {...shared} />
  )
  const nodes = (tree: readonly SubagentTree<ReasoningBlock>[]): ReactNode[] =>
    tree.map((node) =>
      node.kind === 'item' ? panel(node.item) : (
        <SubagentGroup key={`subagent:${node.info.subagentRunId}`} info={node.info} labels={merged} list="div">
          {nodes(node.children)}
        </SubagentGroup>
      ),
    )
  return (
    <div data-slot="reasoning-stream" data-status={status} {...props} ref={ref}>
      {/* Subagents' blocks nest under them; a stream without any renders flat, with no grouping pass. */}
      {blocks.some(hasSubagent) ? nodes(groupBySubagent(blocks, laneOfBlock, state.subagents)) : blocks.map(panel)}
      {pending && <ReasoningPending label={merged.thinking} />}
    </div>
  )
})

function pickBlocks(state: ReasoningState, runId: string | undefined, beforeMessageId: string | undefined): readonly ReasoningBlock[] {
  let blocks: readonly ReasoningBlock[] = state.blocks
  if (beforeMessageId !== undefined) blocks = blocksBefore(state, beforeMessageId)
  if (runId !== undefined) blocks = (beforeMessageId === undefined ? selectBlocksForRun(state, runId) : blocks.filter((b) => b.runId === runId))
  return blocks
}

const hasSubagent = (block: ReasoningBlock) => block.subagentRunId !== undefined
const laneOfBlock = (block: ReasoningBlock) => block.subagentRunId

export function tokenProps(tokens: ReadonlyMap<string, number> | undefined, block: ReasoningBlock): { tokens?: number } {
  const count = tokens?.get(block.id)
  return count === undefined ? {} : { tokens: count }
}

export interface ReasoningPendingProps extends ComponentPropsWithoutRef<'div'> {
  /** The words. Default: the `thinking` label ("Thinking…"). */
  readonly label?: string
}

/**
 * "Thinking…" while a run works before its first block (what `ReasoningStream` shows with
 * `pendingIndicator`): the same markup, size and place as a streaming panel's status row, so
 * the block that follows replaces it without a jump. For message lists you lay out yourself.
 */
export const ReasoningPending = /* @__PURE__ */ forwardRef(function ReasoningPending(
  { label, ...props }: ReasoningPendingProps,
  ref: ForwardedRef<HTMLDivElement>,
) {
  const labels = useLabels(undefined)
  return (
    <div data-slot="reasoning-pending" data-status="streaming" {...props} ref={ref}>
      <div data-slot="reasoning-header">
        <SparkIcon data-slot="reasoning-icon" />
        <span data-slot="reasoning-status" data-status="streaming">
          {label ?? labels.thinking}
        </span>
      </div>
    </div>
  )
})
