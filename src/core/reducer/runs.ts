/**
 * Runs and subagents (RUN_STARTED / FINISHED / ERROR, SUBAGENT_*), and the end
 * of the transport: whatever is still open when they end is interrupted, with
 * its text kept.
 */
import type { ReasoningEndReason, SubagentInfo } from '../model'
import {
  describe, isRecord, report, setEntry, setRun, str, timeOf, requireId, type Draft, type Event, type Lane,
} from '../draft'
import { closeAllLanes, closeLane } from './chunks'
import { endMessage, settleBlock } from './spans'
import { readUsage } from './usage'

/** Stands for every lane at once. */
const ALL_LANES = /* @__PURE__ */ Symbol('all lanes')

/**
 * What a `RUN_ERROR.code` says about the end. Adapters (`reasoning-ui/adapters`) pass the
 * provider's own reason: a limit or a filter is the provider cutting the reasoning short,
 * an abort is the user's stop, `stream_ended` a stream that closed before the provider
 * said it was done; anything else (or no code) is a failure.
 */
export function endReasonOfCode(code: string | undefined): ReasoningEndReason {
  if (code === undefined) return 'failed'
  const key = code.toLowerCase()
  // Own keys only: a code named `constructor` or `__proto__` is no reason of ours.
  return Object.hasOwn(CODE_REASONS, key) ? CODE_REASONS[key]! : 'failed'
}

const CODE_REASONS: Readonly<Record<string, ReasoningEndReason>> = {
  // Token and context limits: Chat Completions / AI SDK `length`, Anthropic `max_tokens` and
  // `model_context_window_exceeded`, Letta `max_tokens_exceeded`, Responses `max_output_tokens`.
  length: 'cut-short',
  max_tokens: 'cut-short',
  max_tokens_exceeded: 'cut-short',
  max_output_tokens: 'cut-short',
  model_context_window_exceeded: 'cut-short',
  context_window_overflow_in_system_prompt: 'cut-short',
  // Content filters: AI SDK `content-filter`, OpenAI `content_filter`.
  'content-filter': 'cut-short',
  content_filter: 'cut-short',
  // A Responses stream marked incomplete without a reason.
  incomplete: 'cut-short',
  // The user's stop: AI SDK `abort`, Letta `cancelled`.
  abort: 'stopped',
  aborted: 'stopped',
  cancelled: 'stopped',
  canceled: 'stopped',
  // The adapters' word for a provider stream that closed before it said it was done.
  stream_ended: 'disconnected',
}

/**
 * Ends what is open in `lane` (or every lane) as interrupted, for `reason`, and returns what it
 * ended (named in development builds only). `why` starts the diagnostic that reports them
 * (`open-at-finish`; empty in production builds); undefined: no diagnostic.
 */
function interruptLane(d: Draft, at: number, lane: Lane | typeof ALL_LANES, why: string | undefined, reason?: ReasoningEndReason): string[] {
  const closed: string[] = []
  for (const block of d.blocks) {
    if (lane !== ALL_LANES && block.lane !== lane) continue
    if (!block.spanOpen && block.openCount === 0) continue
    // Before its messages end: ending the last one settles the block.
    if (reason !== undefined) block.endReason = reason
    else delete block.endReason
    for (const message of block.messages) {
      if (message.open) {
        closed.push(process.env.NODE_ENV !== 'production' ? `reasoning message '${message.id}'` : '')
        endMessage(d, message, at, true)
      }
    }
    if (block.spanOpen) {
      closed.push(process.env.NODE_ENV !== 'production' ? `reasoning span '${block.id}'` : '')
      block.spanOpen = false
      block.interrupted = true
      settleBlock(d, block, at)
    }
  }
  if (lane === ALL_LANES) d.openSpans.clear()
  else d.openSpans.delete(lane)
  for (const rec of d.texts.values()) {
    if (rec.entry.status === 'streaming' && (lane === ALL_LANES || rec.entry.subagentRunId === lane)) {
      closed.push(process.env.NODE_ENV !== 'production' ? `text message '${rec.entry.id}'` : '')
      setEntry(d, rec, { ...rec.entry, status: 'interrupted', endedAt: at })
    }
  }
  for (const rec of d.tools.values()) {
    if (rec.entry.status === 'streaming' && (lane === ALL_LANES || rec.entry.subagentRunId === lane)) {
      closed.push(process.env.NODE_ENV !== 'production' ? `tool call '${rec.entry.id}'` : '')
      setEntry(d, rec, { ...rec.entry, status: 'interrupted', endedAt: at })
    }
  }
  if (closed.length > 0 && why !== undefined) report(d, 'open-at-finish', process.env.NODE_ENV !== 'production' ? `${why} while ${closed.join(', ')} ${closed.length === 1 ? 'was' : 'were'} still open; ${closed.length === 1 ? 'it is' : 'they are'} marked interrupted and ${closed.length === 1 ? 'its' : 'their'} text is kept.` : '')
  return closed
}

export function onRunStarted(d: Draft, event: Event): void {
  if (d.runPhase === 'running') {
    report(d, 'run-order', process.env.NODE_ENV !== 'production' ? `RUN_STARTED while run '${d.runs[d.runs.length - 1]?.runId ?? '?'}' is still active; the previous run must finish first. The event was ignored.` : '')
    return
  }
  const runId = str(event.runId)
  const threadId = str(event.threadId)
  d.runs.push({
    status: 'running',
    startedAt: timeOf(d, event),
    ...(runId !== undefined && { runId }),
    ...(threadId !== undefined && { threadId }),
  })
  d.runsChanged = true
  d.runPhase = 'running'
  d.outsideRunReported = false
  if (d.failure !== undefined) delete d.failure
  d.changed = true
}

export function onRunFinished(d: Draft, event: Event): void {
  const at = timeOf(d, event)
  // Chunk-mode messages close normally first, as in @ag-ui/client …
  closeAllLanes(d, at)
  // … whatever is still open after that was left open by the producer.
  interruptLane(d, at, ALL_LANES, process.env.NODE_ENV !== 'production' ? 'RUN_FINISHED arrived' : '')
  const index = d.runs.length - 1
  const run = d.runs[index]
  const outcome = isRecord(event.outcome) ? str(event.outcome.type) ?? 'success' : 'success'
  const usage = readUsage(d, event)
  if (run && d.runPhase === 'running') setRun(d, index, { ...run, status: 'finished', outcome, endedAt: at, ...(usage && { usage }) })
  d.runPhase = 'finished'
  d.outsideRunReported = false
}

export function onRunError(d: Draft, event: Event): void {
  const at = timeOf(d, event)
  const code = str(event.code)
  const endReason = endReasonOfCode(code)
  d.chunkLanes.clear()
  interruptLane(d, at, ALL_LANES, undefined, endReason)
  const message = str(event.message) ?? 'The run failed.'
  const usage = readUsage(d, event)
  const index = d.runs.length - 1
  const run = d.runs[index]
  const fields = { status: 'error', error: message, endReason, endedAt: at, ...(code !== undefined && { code }), ...(usage && { usage }) } as const
  if (run && (d.runPhase === 'running' || d.runPhase === 'finished')) {
    // A run that had finished keeps the usage it reported unless the error brings its own.
    setRun(d, index, { ...run, ...fields })
  } else {
    const runId = str(event.runId)
    d.runs.push({ ...fields, ...(runId !== undefined && { runId }) })
    d.runsChanged = true
  }
  d.runPhase = 'errored'
  d.outsideRunReported = false
  d.changed = true
}

export function onSubagentStarted(d: Draft, event: Event): void {
  const id = requireId(d, event, 'subagentRunId')
  if (id === undefined) return
  const name = str(event.name)
  const parent = str(event.parentSubagentRunId)
  const info: SubagentInfo = {
    subagentRunId: id, status: 'running',
    ...(name !== undefined && { name }),
    ...(parent !== undefined && { parentSubagentRunId: parent }),
  }
  const existing = d.subagents.get(id)
  if (existing) {
    existing.info = info
    d.subagentList[existing.index] = info
  } else {
    d.subagents.set(id, { index: d.subagentList.length, info })
    d.subagentList.push(info)
  }
  d.subagentsChanged = true
  d.changed = true
}

export function onSubagentEnded(d: Draft, event: Event, type: string): void {
  const id = requireId(d, event, 'subagentRunId')
  if (id === undefined) return
  const at = timeOf(d, event)
  closeLane(d, id, at)
  const finished = type === 'SUBAGENT_FINISHED'
  interruptLane(d, at, id, finished ? (process.env.NODE_ENV !== 'production' ? `SUBAGENT_FINISHED for '${id}' arrived` : '') : undefined, finished ? undefined : 'failed')
  const rec = d.subagents.get(id)
  if (rec) {
    rec.info = { ...rec.info, status: type === 'SUBAGENT_ERROR' ? 'error' : 'finished' }
    d.subagentList[rec.index] = rec.info
    d.subagentsChanged = true
    d.changed = true
  }
}

/**
 * The transport closed: whatever is open is interrupted, and a run that never finished
 * is too, for `reason` (default `disconnected`; `stopped` when the user stopped it).
 */
export function endStream(d: Draft, error?: unknown, reason: ReasoningEndReason = 'disconnected'): void {
  const at = d.now()
  const failure = error === undefined ? undefined : describe(error)
  d.chunkLanes.clear()
  const closed = interruptLane(d, at, ALL_LANES, undefined, reason)
  const index = d.runs.length - 1
  const run = d.runs[index]
  const runOpen = d.runPhase === 'running' && run !== undefined
  if (runOpen) {
    setRun(d, index, { ...run, status: 'interrupted', endReason: reason, endedAt: at, ...(failure !== undefined && { error: failure }) })
    d.runPhase = 'none'
  }
  if (failure !== undefined) {
    d.failure = failure
    d.changed = true
    report(d, 'transport', process.env.NODE_ENV !== 'production' ? `The stream failed: ${failure}` : failure, -1)
  }
  // A stop is the user's, not the producer's fault: no diagnostic.
  if ((runOpen || closed.length > 0) && reason !== 'stopped') {
    report(
      d,
      'stream-truncated',
      process.env.NODE_ENV !== 'production'
        ? `The stream ended while ${[runOpen ? `run '${run.runId ?? '?'}' had not finished` : '', ...closed.map((c) => `${c} was open`)].filter(Boolean).join(', ')}; marked interrupted, text kept.`
        : '',
      -1,
    )
  }
}
