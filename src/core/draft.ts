import { descriptionOf, readReasoningUiMetadata } from './metadata'
import type {
  DiagnosticCode,
  ReasoningBlock,
  ReasoningEndReason,
  ReasoningDiagnostic,
  ReasoningKind,
  ReasoningMessagePart,
  ReasoningState,
  ReasoningUiMetadata,
  RunInfo,
  SubagentInfo,
  TimelineEntry,
  TimelineText,
  TimelineToolCall,
} from './model'

/**
 * The reducer's working state: mutable records that a delta can update in
 * place, plus what changed since the public state was last built. Only the
 * reducer (`reducer/`) writes it; `snapshot.ts` turns it into the immutable
 * public state.
 */

export type Lane = string | undefined
export type Event = Record<string, unknown>

export interface MessageRec {
  readonly id: string
  readonly block: BlockRec
  kind: ReasoningKind
  text: string
  /** The text's end and its lineage (see `TextEnd`): `text.slice(recentAt) === recent`. */
  recent: string
  recentAt: number
  lineage: object
  /** Appends to `text` since it was last joined into one string (see `append`). */
  pieces: number
  open: boolean
  interrupted: boolean
  /** The current, not yet finished line (null once it grew too long to be a heading). */
  line: string | null
  /**
   * The headings so far, appended in place while no built part holds them: a built part shares
   * the array (`headingsShared`), and the next heading copies it first. A copy per heading found
   * made a 5 MB trace's 5,756 headings 53 KB of garbage per streamed KB at its end.
   */
  headings: string[]
  headingsShared: boolean
  encryptedValue?: string
  encryptedValueType?: string
  meta?: ReasoningUiMetadata
  startedAt?: number
  endedAt?: number
  dirty: boolean
  snap?: ReasoningMessagePart
}

export interface BlockRec {
  readonly id: string
  readonly origin: ReasoningBlock['origin']
  readonly lane: Lane
  readonly runId?: string
  messages: MessageRec[]
  messagesChanged: boolean
  spanOpen: boolean
  openCount: number
  interrupted: boolean
  /** Why it was interrupted, when known. */
  endReason?: ReasoningEndReason
  explicitTitle?: string
  meta?: ReasoningUiMetadata
  encryptedValue?: string
  encryptedValueType?: string
  startedAt?: number
  endedAt?: number
  dirty: boolean
  index: number
  removed: boolean
  snap?: ReasoningBlock
}

export interface ChunkStream {
  kind: 'text' | 'tool' | 'reasoning'
  id: string
  role?: string
  name?: string
  parentMessageId?: string
}

interface EntryRec<T extends TimelineEntry> {
  index: number
  entry: T
}

export interface Pending {
  value: string
  type?: string
}

type RunPhase = 'none' | 'running' | 'finished' | 'errored'

export interface Draft {
  readonly now: () => number
  readonly maxDiagnostics: number
  eventIndex: number
  blocks: BlockRec[]
  blockById: Map<string, BlockRec>
  messages: Map<string, MessageRec>
  /** Open spans per subagent lane, innermost last. */
  openSpans: Map<Lane, BlockRec[]>
  /** At most one open chunk stream per lane, as in `@ag-ui/client`'s chunk expansion. */
  chunkLanes: Map<Lane, ChunkStream>
  texts: Map<string, EntryRec<TimelineText>>
  tools: Map<string, EntryRec<TimelineToolCall>>
  timeline: TimelineEntry[]
  pending: Map<string, Pending>
  runs: RunInfo[]
  runPhase: RunPhase
  /** One run-order diagnostic per stretch of events outside a run, not one per event. */
  outsideRunReported: boolean
  subagents: Map<string, { index: number; info: SubagentInfo }>
  subagentList: SubagentInfo[]
  diagnostics: ReasoningDiagnostic[]
  diagnosticsDropped: number
  legacy: { seq: number; messageSeq: number; span?: string; message?: string; reported: boolean }
  orphanSeq: number
  failure?: string
  /** The last event type seen and its rule: most events repeat the one before. */
  lastType?: string
  lastRule?: EventRule | undefined
  /** The last message a delta went to: most deltas go to the same one. */
  lastMessage?: MessageRec
  // What changed since the last materialize.
  changed: boolean
  dirtyBlocks: BlockRec[]
  blockListChanged: boolean
  timelineChanged: boolean
  runsChanged: boolean
  subagentsChanged: boolean
  diagnosticsChanged: boolean
  state: ReasoningState
}

const EMPTY_STATE: ReasoningState = /* @__PURE__ */ Object.freeze({
  blocks: /* @__PURE__ */ Object.freeze([]) as readonly ReasoningBlock[],
  timeline: /* @__PURE__ */ Object.freeze([]) as readonly TimelineEntry[],
  runs: /* @__PURE__ */ Object.freeze([]) as readonly RunInfo[],
  subagents: /* @__PURE__ */ Object.freeze([]) as readonly SubagentInfo[],
  diagnostics: /* @__PURE__ */ Object.freeze([]) as readonly ReasoningDiagnostic[],
})

export function createDraft(now: () => number, maxDiagnostics = 500): Draft {
  return {
    now,
    maxDiagnostics,
    eventIndex: 0,
    blocks: [],
    blockById: new Map(),
    messages: new Map(),
    openSpans: new Map(),
    chunkLanes: new Map(),
    texts: new Map(),
    tools: new Map(),
    timeline: [],
    pending: new Map(),
    runs: [],
    runPhase: 'none',
    outsideRunReported: false,
    subagents: new Map(),
    subagentList: [],
    diagnostics: [],
    diagnosticsDropped: 0,
    legacy: { seq: 0, messageSeq: 0, reported: false },
    orphanSeq: 0,
    changed: false,
    dirtyBlocks: [],
    blockListChanged: false,
    timelineChanged: false,
    runsChanged: false,
    subagentsChanged: false,
    diagnosticsChanged: false,
    state: EMPTY_STATE,
  }
}

// ---------------------------------------------------------------------------
// Small helpers

export const isRecord = (value: unknown): value is Event =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)

export const laneOf = (event: Event): Lane => str(event.subagentRunId)

/** A short quote of any value for a diagnostic. Total: never throws, whatever the value does when read. */
export function describe(value: unknown): string {
  let text: string
  try {
    text = quote(value)
  } catch {
    // A value that defeats every way of reading it (e.g. a proxy whose traps all throw).
    return 'an unreadable value'
  }
  // Diagnostics quote a little of the value: never keep a huge one whole.
  return text.length > 200 ? `${text.slice(0, 200)}…` : text
}

function quote(value: unknown): string {
  if (typeof value === 'string') return value
  if (value instanceof Error) return String(value.message)
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}

/** Rejects ids the producer clearly did not mean (empty strings) as well as non-strings. */
export const validId = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 ? value : undefined

/**
 * Records a diagnostic. Message text is for development: call sites build it only when
 * `process.env.NODE_ENV !== 'production'` (as React does with its errors), so an app's production
 * bundle ships the codes without the sentences; there an empty message becomes the code. The
 * package never ships the expression itself: the library build replaces it in each of its two
 * builds (dist/ with the sentences, the default; dist/production/ without, for the `production`
 * export condition that Vite, webpack and Next.js resolve in production builds), so a page
 * without a bundler, where no `process` exists, loads either.
 */
export function report(d: Draft, code: DiagnosticCode, message: string, eventIndex = d.eventIndex - 1): void {
  if (d.diagnostics.length >= d.maxDiagnostics) {
    // Keep the cap visible: the last entry says how many were dropped.
    d.diagnosticsDropped++
    d.diagnostics[d.diagnostics.length - 1] = truncatedNote(d)
  } else {
    d.diagnostics.push({ code, message: message || code, eventIndex })
  }
  d.diagnosticsChanged = true
  d.changed = true
}

function truncatedNote(d: Draft): ReasoningDiagnostic {
  return {
    code: 'diagnostics-truncated',
    message:
      process.env.NODE_ENV !== 'production'
        ? `Diagnostics are capped at ${d.maxDiagnostics}; ${d.diagnosticsDropped + 1} more were counted but not kept.`
        : 'diagnostics-truncated',
    eventIndex: d.eventIndex - 1,
  }
}

/** Event time in ms: the producer's integer `timestamp` when valid, else the store's clock. */
export function timeOf(d: Draft, event: Event): number {
  const ts = event.timestamp
  if (ts === undefined || ts === null) return d.now()
  if (typeof ts === 'number' && Number.isSafeInteger(ts) && ts >= 0) return ts
  report(d, 'malformed-field', process.env.NODE_ENV !== 'production' ? `${String(event.type)}.timestamp must be a non-negative integer (got ${describe(ts)}); the store's clock was used instead.` : '')
  return d.now()
}

/** Like timeOf, without a diagnostic: for side effects of an event whose handler checks its timestamp itself. */
export function quietTimeOf(d: Draft, event: Event): number {
  const ts = event.timestamp
  return typeof ts === 'number' && Number.isSafeInteger(ts) && ts >= 0 ? ts : d.now()
}

export function metaOf(d: Draft, event: Event): ReasoningUiMetadata | undefined {
  if (event.metadata === undefined) return undefined
  // Events are dated by their timestamps and placed by their ids: history keys mean nothing here.
  return descriptionOf(readReasoningUiMetadata(event.metadata, (problem) =>
    report(d, 'malformed-field', process.env.NODE_ENV !== 'production' ? `${String(event.type)}: ${problem}; that field was ignored.` : ''),
  ))
}

export const currentRunId = (d: Draft): string | undefined =>
  d.runPhase === 'running' ? d.runs[d.runs.length - 1]?.runId : undefined

// ---------------------------------------------------------------------------
// Dirty tracking

export function touchBlock(d: Draft, block: BlockRec): void {
  if (!block.dirty) {
    block.dirty = true
    d.dirtyBlocks.push(block)
  }
  d.changed = true
}

export function touchMessage(d: Draft, message: MessageRec): void {
  if (!message.dirty) {
    message.dirty = true
    message.block.messagesChanged = true
    touchBlock(d, message.block)
  }
  d.changed = true
}

export function setEntry<T extends TimelineEntry>(d: Draft, rec: EntryRec<T>, entry: T): void {
  rec.entry = entry
  d.timeline[rec.index] = entry
  d.timelineChanged = true
  d.changed = true
}

export function pushEntry(d: Draft, entry: TimelineEntry): number {
  d.timeline.push(entry)
  d.timelineChanged = true
  d.changed = true
  return d.timeline.length - 1
}

export function setRun(d: Draft, index: number, run: RunInfo): void {
  d.runs[index] = run
  d.runsChanged = true
  d.changed = true
}

export function requireId(d: Draft, event: Event, field: string): string | undefined {
  const id = validId(event[field])
  if (id === undefined) report(d, 'missing-id', process.env.NODE_ENV !== 'production' ? `${String(event.type)} needs a non-empty string '${field}' (got ${describe(event[field])}).` : '')
  return id
}

export function requireDelta(d: Draft, event: Event): string | undefined {
  const delta = event.delta
  if (typeof delta === 'string') return delta
  report(d, 'malformed-field', process.env.NODE_ENV !== 'production' ? `${String(event.type)}.delta must be a string (got ${describe(delta)}); the event was ignored.` : '')
  return undefined
}

/** Applies one kind of event to the draft. */
export type Handler = (d: Draft, event: Event) => void

/**
 * How an event type affects open chunk streams, as in @ag-ui/client's chunk
 * expansion: `own` closes the one in the event's subagent lane, `all` closes
 * every lane (run boundaries, snapshots), `none` leaves them alone (RAW,
 * ACTIVITY_*, encrypted values, chunks themselves).
 */
type Closes = 'none' | 'own' | 'all'

export type EventRule = readonly [Handler, Closes]
