import type { ReasoningMessage } from '@ag-ui/core'
import { lineageOf, type HeadingsLineage } from './headings'
import { descriptionOf, METADATA_KEY } from './metadata'
import type {
  ReasoningBlock, ReasoningMessagePart, ReasoningState, ReasoningUiBlockMetadata, ReasoningUiMetadata, RunInfo, StreamStatus, TimelineEntry,
} from './model'

/** True when the provider hid the reasoning: encrypted, and no visible text at all. */
export function isEncryptedOnly(block: ReasoningBlock): boolean {
  return block.encrypted && block.messages.every((m) => m.text.length === 0)
}

/**
 * How long the block has been (or was) reasoning, in ms. Streaming blocks count
 * up to `now`; undefined when the block has no start time (e.g. restored from a snapshot).
 */
export function getBlockDuration(
  block: Pick<ReasoningBlock, 'status' | 'startedAt' | 'endedAt'>,
  now: number = Date.now(),
): number | undefined {
  if (block.startedAt === undefined) return undefined
  const end = block.endedAt ?? (block.status === 'streaming' ? now : undefined)
  return end === undefined ? undefined : Math.max(0, end - block.startedAt)
}

export interface BlockSummary {
  /** Where the summary comes from: the provider's summary messages, the titles of the text, or nothing. */
  readonly source: 'provider' | 'titles' | 'none'
  /** The provider's summary text (summary-kind messages), joined by blank lines. */
  readonly text?: string
  /** Titles: the block title, heading lines of the text, THINKING titles and step titles, without repeats. */
  readonly titles: readonly string[]
}

const summaries = new WeakMap<ReasoningBlock, BlockSummary>()

/** A headings array's titles: each heading once, in order, as far as `count` of them were read. */
type Titles = NonNullable<HeadingsLineage['titles']>

/** An array's own titles, where its lineage's went on past its end (an older state read again). */
const ownTitles = new WeakMap<readonly string[], Titles>()

/** Reads `headings` from `titles.count` on into `titles`. */
function readTitles(titles: Titles, headings: readonly string[]): Titles {
  for (; titles.count < headings.length; titles.count++) {
    const title = headings[titles.count]!.trim()
    if (title !== '' && !titles.seen.has(title)) {
      titles.seen.add(title)
      titles.list.push(title)
    }
  }
  return titles
}

const noTitles = (): Titles => ({ count: 0, list: [], seen: new Set() })

/**
 * The titles of `headings`, read only as far as they were not read before: the arrays of one
 * message's headings (the store appends to one in place, and to a copy of it once a state holds
 * it) share what was worked out (`lineageOf`), each going on from where it stopped. A megabyte
 * trace has thousands of headings, and a streaming block is a new object at every frame: working
 * them all out again made every frame's work grow with the text. Never handed out: `selectSummary`
 * copies what it returns.
 */
function titlesOf(headings: readonly string[]): Titles {
  const lineage = lineageOf(headings)
  const titles = (lineage.titles ??= noTitles())
  if (titles.count <= headings.length) return readTitles(titles, headings)
  let own = ownTitles.get(headings)
  if (own === undefined) ownTitles.set(headings, (own = noTitles()))
  return readTitles(own, headings)
}

/** Every title of `block`, without repeats: its own title, then each message's title and headings. */
function allTitles(block: ReasoningBlock): string[] {
  const titles: string[] = []
  const seen = new Set<string>()
  const add = (title: string | undefined) => {
    const t = title?.trim()
    if (t && !seen.has(t)) {
      seen.add(t)
      titles.push(t)
    }
  }
  add(block.meta?.title)
  for (const message of block.messages) {
    add(message.meta?.title)
    for (const title of titlesOf(message.headings).list) add(title)
  }
  return titles
}

/**
 * The last of `allTitles(block)` without making the list: the newest title, one that did not
 * come before. Looked for from the end; each title is checked against what comes before it.
 */
function lastTitle(block: ReasoningBlock): string | undefined {
  const { messages } = block
  const own = block.meta?.title?.trim() || undefined
  const before = (i: number, title: string, withItsMeta: boolean): boolean => {
    if (title === own) return true
    for (let j = 0; j < i; j++) if (messages[j]!.meta?.title?.trim() === title || titlesOf(messages[j]!.headings).seen.has(title)) return true
    return withItsMeta && messages[i]!.meta?.title?.trim() === title
  }
  for (let i = messages.length - 1; i >= 0; i--) {
    const { list } = titlesOf(messages[i]!.headings)
    for (let k = list.length - 1; k >= 0; k--) if (!before(i, list[k]!, true)) return list[k]
    const meta = messages[i]!.meta?.title?.trim()
    if (meta && !before(i, meta, false)) return meta
  }
  return own
}

/** The newest of each summary's titles, where `selectSummary` made it (without making its list of titles). */
const lasts = /* @__PURE__ */ new WeakMap<BlockSummary, () => string | undefined>()

/** The last of `summary.titles`, read without making them where it can be. */
export function lastTitleOf(summary: BlockSummary): string | undefined {
  const last = lasts.get(summary)
  return last ? last() : summary.titles[summary.titles.length - 1]
}

/**
 * The summary view of a block. Memoised per block object, so it is cheap to call on every render;
 * its `titles` are made the first time they are read (a panel at `full` shows a provider summary
 * or none, and the newest title, `lastTitleOf`), from titles worked out per message as its
 * headings grow (`titlesOf`).
 */
export function selectSummary(block: ReasoningBlock): BlockSummary {
  const cached = summaries.get(block)
  if (cached) return cached
  const parts: string[] = []
  for (const message of block.messages) if (message.kind === 'summary' && message.text.trim()) parts.push(message.text.trim())
  let titles: string[] | undefined
  const summary: BlockSummary = {
    source: parts.length > 0 ? 'provider' : lastTitle(block) !== undefined ? 'titles' : 'none',
    ...(parts.length > 0 && { text: parts.join('\n\n') }),
    get titles() {
      return (titles ??= allTitles(block))
    },
  }
  lasts.set(summary, () => (titles ? titles[titles.length - 1] : lastTitle(block)))
  summaries.set(block, summary)
  return summary
}

const statuses = new WeakMap<ReasoningState, StreamStatus>()

/**
 * The overall status of a stream: `reasoning` while a block streams (or a run is
 * working and has not started answering), `answering` while a text message
 * streams, `error` when the last run failed or the transport did, `complete`
 * once everything ended (also when the user stopped it: `endReason` `stopped`),
 * `idle` before anything happened.
 */
export function selectStreamStatus(state: ReasoningState): StreamStatus {
  const cached = statuses.get(state)
  if (cached) return cached
  const status = computeStatus(state)
  statuses.set(state, status)
  return status
}

function computeStatus(state: ReasoningState): StreamStatus {
  if (state.blocks.some((b) => b.status === 'streaming')) return 'reasoning'
  if (state.timeline.some((e) => e.kind === 'text' && e.status === 'streaming')) return 'answering'
  const run = state.runs[state.runs.length - 1]
  if (run?.status === 'running') return lastOf(state.timeline)?.kind === 'text' ? 'answering' : 'reasoning'
  // A stop the user asked for is no error: the stream is simply over.
  if (state.failure !== undefined || ((run?.status === 'error' || run?.status === 'interrupted') && run.endReason !== 'stopped')) return 'error'
  if (state.runs.length === 0 && state.timeline.length === 0) return 'idle'
  return 'complete'
}

const lastOf = <T>(list: readonly T[]): T | undefined => list[list.length - 1]

/**
 * A run is working and none of its reasoning has appeared yet: the moment for a
 * pending "Thinking…". False once the run's first block is there, so nothing says
 * "Thinking…" between the end of the reasoning and the start of the answer.
 */
export function selectPendingReasoning(state: ReasoningState): boolean {
  if (selectStreamStatus(state) !== 'reasoning') return false
  const run = lastOf(state.runs)
  if (run?.status !== 'running') return false
  // Blocks keep the order they appeared in, so the run's own come last.
  const last = lastOf(state.blocks)
  if (last === undefined) return true
  // The last block is this run's when it has the run's id (or neither has one) and began after the run
  // did: a run that reuses an earlier run's id does not own that run's blocks.
  const sameRun = last.runId === run.runId
  const since = run.startedAt === undefined || last.startedAt === undefined || last.startedAt >= run.startedAt
  return !(sameRun && since)
}

/** The newest block that is still streaming. */
export function selectActiveBlock(state: ReasoningState): ReasoningBlock | undefined {
  for (let i = state.blocks.length - 1; i >= 0; i--) {
    const block = state.blocks[i]!
    if (block.status === 'streaming') return block
  }
  return undefined
}

/**
 * The reasoning tokens a run reported (`usage` on `RUN_FINISHED` / `RUN_ERROR`),
 * summed over its entries (one per provider and model); undefined when no entry
 * reports any, so "not reported" stays apart from 0.
 */
export function getReasoningTokens(run: Pick<RunInfo, 'usage'> | undefined): number | undefined {
  let total: number | undefined
  for (const entry of run?.usage ?? []) {
    if (entry.reasoningTokens !== undefined) total = (total ?? 0) + entry.reasoningTokens
  }
  return total
}

/** The reasoning tokens of the run `runId` (default: the latest run); see `getReasoningTokens`. */
export function selectReasoningTokens(state: ReasoningState, runId?: string): number | undefined {
  for (let i = state.runs.length - 1; i >= 0; i--) {
    const run = state.runs[i]!
    if (runId === undefined || run.runId === runId) return getReasoningTokens(run)
  }
  return undefined
}

const tokensAfterLastBlock = new WeakMap<ReasoningState, ReadonlyMap<string, number>>()

/**
 * Block id → the reasoning tokens of its run, for the last block of each run that
 * reported any (more than 0): a run's count shows once, after its last block,
 * whichever of its blocks a view renders. The latest run with an id wins (an id
 * may be reused). Memoised per state.
 */
export function selectTokensAfterLastBlock(state: ReasoningState): ReadonlyMap<string, number> {
  const cached = tokensAfterLastBlock.get(state)
  if (cached) return cached
  const lastBlock = new Map<string, string>()
  for (const block of state.blocks) if (block.runId !== undefined) lastBlock.set(block.runId, block.id)
  const out = new Map<string, number>()
  const counted = new Set<string>()
  for (let i = state.runs.length - 1; i >= 0; i--) {
    const run = state.runs[i]!
    if (run.runId === undefined || counted.has(run.runId)) continue
    counted.add(run.runId)
    const count = getReasoningTokens(run)
    const block = lastBlock.get(run.runId)
    if (count !== undefined && count > 0 && block !== undefined) out.set(block, count)
  }
  tokensAfterLastBlock.set(state, out)
  return out
}

/** The blocks of one run, in order. */
export function selectBlocksForRun(state: ReasoningState, runId: string): ReasoningBlock[] {
  return state.blocks.filter((b) => b.runId === runId)
}

/**
 * The reasoning that led to one answer: the blocks placed in the timeline after the
 * previous assistant text message and before `messageId`. Empty when the message is unknown.
 */
export function selectBlocksBefore(state: ReasoningState, messageId: string): ReasoningBlock[] {
  // A copy: the caller owns what it gets, and the index's arrays are shared.
  return [...blocksBefore(state, messageId)]
}

/**
 * `selectBlocksBefore` without the copy, for the kit's components: the same array for
 * the same state and message. A chat renders one stream per answer, each asking on
 * every delta; all of them share one pass over the timeline per state instead of
 * each making its own (which made a long conversation quadratic).
 */
export function blocksBefore(state: ReasoningState, messageId: string): readonly ReasoningBlock[] {
  let index = beforeIndexes.get(state)
  if (!index) beforeIndexes.set(state, (index = indexBlocksBefore(state)))
  const range = index.ranges.get(messageId)
  if (range === undefined) return NO_BLOCKS
  let blocks = index.results.get(messageId)
  if (!blocks) index.results.set(messageId, (blocks = blocksOf(state, index, range)))
  return blocks
}

interface BeforeIndex {
  /** Reasoning entry ids in timeline order. */
  readonly reasoning: readonly string[]
  /** Text message id (its first entry) → the stretch of `reasoning` since the assistant answer before it. */
  readonly ranges: ReadonlyMap<string, readonly [from: number, to: number]>
  /** Block id → position in `state.blocks`, once a lookup needs it. */
  positions?: ReadonlyMap<string, number>
  /** Answers asked for so far. */
  readonly results: Map<string, readonly ReasoningBlock[]>
}

const beforeIndexes = new WeakMap<ReasoningState, BeforeIndex>()
const NO_BLOCKS: readonly ReasoningBlock[] = /* @__PURE__ */ Object.freeze([])

function indexBlocksBefore(state: ReasoningState): BeforeIndex {
  const reasoning: string[] = []
  const ranges = new Map<string, readonly [number, number]>()
  let since = 0
  for (const entry of state.timeline) {
    if (entry.kind === 'reasoning') reasoning.push(entry.id)
    else if (entry.kind === 'text') {
      // The first entry with the id, as a search from the start would find.
      if (!ranges.has(entry.id)) ranges.set(entry.id, [since, reasoning.length])
      if (isAnswer(entry)) since = reasoning.length
    }
  }
  return { reasoning, ranges, results: new Map() }
}

/** The blocks of a stretch of reasoning entries, in block order (as `state.blocks` has them). */
function blocksOf(state: ReasoningState, index: BeforeIndex, [from, to]: readonly [number, number]): readonly ReasoningBlock[] {
  if (from === to) return NO_BLOCKS
  const positions = (index.positions ??= new Map(state.blocks.map((b, i) => [b.id, i])))
  const found = new Set<number>()
  for (let i = from; i < to; i++) {
    const at = positions.get(index.reasoning[i]!)
    if (at !== undefined) found.add(at)
  }
  return [...found].sort((a, b) => a - b).map((at) => state.blocks[at]!)
}

const isAnswer = (entry: TimelineEntry) => entry.kind === 'text' && entry.role === 'assistant'

const answered = new WeakMap<readonly TimelineEntry[], ReadonlySet<string>>()

/**
 * Ids of the blocks an assistant answer has started after (in timeline order):
 * the reasoning is over for the reader, so a panel may collapse. Memoised per
 * timeline, which a reasoning delta leaves as it is: the same set while only text grows.
 */
export function selectAnsweredBlockIds(state: ReasoningState): ReadonlySet<string> {
  const cached = answered.get(state.timeline)
  if (cached) return cached
  const ids = new Set<string>()
  let answerAfter = false
  for (let i = state.timeline.length - 1; i >= 0; i--) {
    const entry = state.timeline[i]!
    if (isAnswer(entry)) answerAfter = true
    else if (entry.kind === 'reasoning' && answerAfter) ids.add(entry.id)
  }
  answered.set(state.timeline, ids)
  return ids
}

/**
 * The reasoning to send back with the next run (state continuity and the
 * zero-data-retention round trip), and the history to save: one AG-UI
 * `ReasoningMessage` per reasoning message, in block order then message order.
 * A block's own encrypted value, or a block without messages, comes back as a
 * placeholder message with the block's id and empty content.
 *
 * Each message carries what AG-UI has no field for in `metadata.reasoningUi`
 * (its block, timing, status, kind, explicit titles, step fields, value type), so
 * that a `MESSAGES_SNAPSHOT` of them restores the same blocks into a fresh store.
 * The reasoning text travels in `content` alone; metadata holds only what the
 * producer described on its events.
 */
export function toReasoningMessages(state: ReasoningState): ReasoningMessage[] {
  const out: ReasoningMessage[] = []
  for (const block of state.blocks) {
    const subagent = block.subagentRunId !== undefined ? { subagentRunId: block.subagentRunId } : {}
    // Once per block, shared by its messages (read-only data).
    const history = blockHistory(block)
    if ((block.encryptedValue !== undefined || block.messages.length === 0) && !block.messages.some((m) => m.id === block.id)) {
      out.push({
        id: block.id,
        role: 'reasoning',
        content: '',
        ...(block.encryptedValue !== undefined && { encryptedValue: block.encryptedValue }),
        ...subagent,
        metadata: { [METADATA_KEY]: { placeholder: true, block: history } },
      })
    }
    for (const message of block.messages) {
      out.push({
        id: message.id,
        role: 'reasoning',
        content: message.text,
        ...(message.encryptedValue !== undefined && { encryptedValue: message.encryptedValue }),
        ...subagent,
        metadata: { [METADATA_KEY]: messageHistory(message, history) },
      })
    }
  }
  return out
}

type Timed = Pick<ReasoningBlock, 'status' | 'startedAt' | 'endedAt' | 'encryptedValueType' | 'meta'> & { readonly endReason?: ReasoningBlock['endReason'] }

/** What a block or message says about itself beyond its text: description, timing, status, value type. */
function history(item: Timed): Omit<ReasoningUiBlockMetadata, 'id'> {
  return {
    ...descriptionOf(item.meta),
    ...(item.startedAt !== undefined && { startedAt: item.startedAt }),
    ...(item.endedAt !== undefined && { endedAt: item.endedAt }),
    ...(item.status !== 'complete' && { status: item.status }),
    ...('endReason' in item && item.endReason !== undefined && { endReason: item.endReason }),
    ...(item.encryptedValueType !== undefined && { encryptedValueType: item.encryptedValueType }),
  }
}

function blockHistory(block: ReasoningBlock): ReasoningUiBlockMetadata {
  return { id: block.id, ...history(block) }
}

function messageHistory(message: ReasoningMessagePart, block: ReasoningUiBlockMetadata): ReasoningUiMetadata {
  return {
    ...history(message),
    ...(message.kind !== 'text' && { kind: message.kind }),
    block,
  }
}
