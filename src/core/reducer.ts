import { MAX_HEADING_LINE, headingsOf, parseHeading } from './headings'
import { translateLegacy } from './legacy'
import { readReasoningUiMetadata } from './metadata'
import type { ReasoningUiMetadata, TimelineEntry, TimelineText, TimelineToolCall, SubagentInfo } from './model'
import {
  currentRunId, describe, isRecord, laneOf, metaOf, pushEntry, quietTimeOf, report, setEntry, setRun, str, timeOf,
  touchBlock, touchMessage, validId,
  type BlockRec, type ChunkStream, type Draft, type Event, type EventRule, type Handler,
  type Lane, type MessageRec, type Pending,
} from './draft'

/**
 * The one reducer over AG-UI events.
 *
 * It works on a mutable draft (`draft.ts`) so that appending a delta costs one
 * string append and a dirty flag; `snapshot.ts` builds the immutable public
 * state lazily, rebuilding only what changed. Unchanged blocks, messages and
 * timeline entries keep their identity; a no-op event leaves the same state
 * object in place.
 *
 * It never throws on input: every protocol violation becomes a diagnostic and
 * the text it carries is kept.
 */

// ---------------------------------------------------------------------------
// Blocks and messages

function newBlock(d: Draft, id: string, origin: BlockRec['origin'], lane: Lane, at: number | undefined): BlockRec {
  const runId = currentRunId(d)
  const block: BlockRec = {
    id,
    origin,
    lane,
    ...(runId !== undefined && { runId }),
    messages: [],
    messagesChanged: true,
    spanOpen: false,
    openCount: 0,
    interrupted: false,
    ...(at !== undefined && { startedAt: at }),
    dirty: false,
    index: d.blocks.length,
    removed: false,
  }
  d.blocks.push(block)
  d.blockById.set(id, block)
  d.blockListChanged = true
  pushEntry(d, runId !== undefined ? { kind: 'reasoning', id, runId } : { kind: 'reasoning', id })
  touchBlock(d, block)
  // A span id may carry an encrypted value sent before the span opened. A
  // standalone block shares its message's id: the message takes the value.
  if (origin === 'span') {
    const pending = takePending(d, 'message', id)
    if (pending) setBlockEncrypted(block, pending)
  }
  return block
}

function setBlockEncrypted(block: BlockRec, value: Pending): void {
  block.encryptedValue = value.value
  if (value.type !== undefined) block.encryptedValueType = value.type
  else delete block.encryptedValueType
}

function setMessageEncrypted(d: Draft, message: MessageRec, value: Pending): void {
  message.encryptedValue = value.value
  if (value.type !== undefined) message.encryptedValueType = value.type
  else delete message.encryptedValueType
  touchMessage(d, message)
}

const pendingKey = (subtype: string, id: string) => `${subtype}\u0000${id}`

function takePending(d: Draft, subtype: 'message' | 'tool-call', id: string): Pending | undefined {
  if (d.pending.size === 0) return undefined
  const key = pendingKey(subtype, id)
  const value = d.pending.get(key)
  if (value) d.pending.delete(key)
  return value
}

function reopenBlock(d: Draft, block: BlockRec): void {
  block.interrupted = false
  delete block.endedAt
  touchBlock(d, block)
}

/**
 * Where a new reasoning message goes: the innermost open span of its lane, else
 * a block of its own. `standalone` forces the latter, for text that broke the
 * protocol and must not be mixed into a well-formed span.
 */
function startMessage(d: Draft, id: string, lane: Lane, at: number, meta: ReasoningUiMetadata | undefined, standalone = false): MessageRec {
  const spans = standalone ? undefined : d.openSpans.get(lane)
  let block = spans?.[spans.length - 1]
  if (!block) {
    const existing = d.blockById.get(id)
    if (existing && !existing.removed) {
      block = existing
      reopenBlock(d, block)
    } else {
      block = newBlock(d, id, 'message', lane, at)
    }
  }
  const message: MessageRec = {
    id,
    block,
    kind: meta?.kind ?? 'text',
    text: '',
    open: true,
    interrupted: false,
    line: '',
    headings: [],
    ...(meta !== undefined && { meta }),
    startedAt: at,
    dirty: false,
  }
  block.messages.push(message)
  block.messagesChanged = true
  block.openCount++
  d.messages.set(id, message)
  if (d.texts.has(id)) {
    report(d, 'id-collision', `Reasoning message '${id}' reuses the id of a text message; the two are kept apart.`)
  }
  const pending = takePending(d, 'message', id)
  if (pending) setMessageEncrypted(d, message, pending)
  touchMessage(d, message)
  return message
}

function reopenMessage(d: Draft, message: MessageRec): void {
  message.open = true
  message.interrupted = false
  delete message.endedAt
  message.block.openCount++
  reopenBlock(d, message.block)
  touchMessage(d, message)
}

function append(d: Draft, message: MessageRec, delta: string): void {
  if (delta.length === 0) return
  message.text += delta
  // Headings are found line by line as text arrives, so nothing ever rescans the
  // whole text. Only lines that can still be headings are kept (`line` is null
  // otherwise), which spares a string copy for almost every delta.
  let newline = delta.indexOf('\n')
  if (newline === -1) {
    if (message.line !== null) message.line = extendLine(message.line, delta)
  } else {
    let start = 0
    while (newline !== -1) {
      if (message.line !== null) {
        const heading = parseHeading(message.line + delta.slice(start, newline))
        if (heading !== undefined) message.headings = [...message.headings, heading]
      }
      message.line = ''
      start = newline + 1
      newline = delta.indexOf('\n', start)
    }
    if (start < delta.length) message.line = extendLine('', delta.slice(start))
  }
  touchMessage(d, message)
}

/** The line so far, or null once it is too long or does not open like a heading. */
function extendLine(line: string, delta: string): string | null {
  const next = line + delta
  if (next.length > MAX_HEADING_LINE) return null
  const first = next.trimStart()[0]
  return first === undefined || first === '*' || first === '_' || first === '#' ? next : null
}

function endMessage(d: Draft, message: MessageRec, at: number, interrupted: boolean): void {
  if (!message.open) return
  message.open = false
  message.interrupted = interrupted
  message.endedAt = at
  const block = message.block
  block.openCount--
  if (interrupted) block.interrupted = true
  touchMessage(d, message)
  settleBlock(d, block, at)
}

/** A block is done when its span is closed and none of its messages is open. */
function settleBlock(d: Draft, block: BlockRec, at: number): void {
  if (block.spanOpen || block.openCount > 0) return
  block.endedAt = at
  touchBlock(d, block)
}

function applyMessageMeta(d: Draft, message: MessageRec, meta: ReasoningUiMetadata | undefined): void {
  if (!meta) return
  message.meta = message.meta ? { ...message.meta, ...meta } : meta
  if (meta.kind) message.kind = meta.kind
  touchMessage(d, message)
}

function applyBlockMeta(d: Draft, block: BlockRec, meta: ReasoningUiMetadata | undefined): void {
  if (!meta) return
  block.meta = block.meta ? { ...block.meta, ...meta } : meta
  if (meta.title !== undefined) block.explicitTitle = meta.title
  touchBlock(d, block)
}

/** Text that arrived with nowhere to go (no id) is kept in a block of its own, never dropped. */
function keepOrphanText(d: Draft, lane: Lane, delta: string, at: number): void {
  // A producer may have used the generated id already: two messages with one id would merge their text.
  let id: string
  do id = `reasoning-ui-orphan-${++d.orphanSeq}`
  while (d.messages.has(id) || d.blockById.has(id))
  const message = startMessage(d, id, lane, at, undefined, true)
  append(d, message, delta)
  d.chunkLanes.set(lane, { kind: 'reasoning', id })
}

// ---------------------------------------------------------------------------
// Chunk streams (`*_CHUNK`): the closing rules of @ag-ui/client's chunk expansion

function closeLane(d: Draft, lane: Lane, at?: number): void {
  const stream = d.chunkLanes.get(lane)
  if (!stream) return
  d.chunkLanes.delete(lane)
  const time = at ?? d.now()
  if (stream.kind === 'reasoning') {
    const message = d.messages.get(stream.id)
    if (message) endMessage(d, message, time, false)
  } else if (stream.kind === 'text') {
    const rec = d.texts.get(stream.id)
    if (rec && rec.entry.status === 'streaming') setEntry(d, rec, { ...rec.entry, status: 'complete', endedAt: time })
  } else {
    const rec = d.tools.get(stream.id)
    if (rec && rec.entry.status === 'streaming') setEntry(d, rec, { ...rec.entry, status: 'complete', endedAt: time })
  }
}

function closeAllLanes(d: Draft, at?: number): void {
  for (const lane of [...d.chunkLanes.keys()]) closeLane(d, lane, at)
}

/** Which lane a chunk continues: by id first, then by subagent, then the only open one. */
function chunkLane(d: Draft, kind: ChunkStream['kind'], id: string | undefined, lane: Lane, type: string): Lane {
  if (id !== undefined) {
    for (const [open, stream] of d.chunkLanes) {
      if (stream.kind === kind && stream.id === id) {
        if (lane !== undefined && lane !== open) {
          report(d, 'chunk-conflict', `${type} for '${id}' names subagent '${lane}', but its stream is open under ${open === undefined ? 'the parent agent' : `subagent '${open}'`}.`)
        }
        return open
      }
    }
    return lane
  }
  if (lane !== undefined || d.chunkLanes.get(undefined)?.kind === kind) return lane
  const lanes = [...d.chunkLanes].filter(([, stream]) => stream.kind === kind)
  if (lanes.length === 1) return lanes[0]![0]
  if (lanes.length > 1) {
    report(d, 'chunk-conflict', `${type} carries neither an id nor a subagentRunId, but ${lanes.length} subagents have an open stream; it was treated as the parent agent's.`)
  }
  return undefined
}

// ---------------------------------------------------------------------------
// Interruption and run ends

/** Stands for every lane at once. */
const ALL_LANES = Symbol('all lanes')

function interruptLane(d: Draft, at: number, lane: Lane | typeof ALL_LANES, why: string): string[] {
  const closed: string[] = []
  for (const block of d.blocks) {
    if (lane !== ALL_LANES && block.lane !== lane) continue
    if (!block.spanOpen && block.openCount === 0) continue
    for (const message of block.messages) {
      if (message.open) {
        closed.push(`reasoning message '${message.id}'`)
        endMessage(d, message, at, true)
      }
    }
    if (block.spanOpen) {
      closed.push(`reasoning span '${block.id}'`)
      block.spanOpen = false
      block.interrupted = true
      settleBlock(d, block, at)
    }
  }
  if (lane === ALL_LANES) d.openSpans.clear()
  else d.openSpans.delete(lane)
  for (const rec of d.texts.values()) {
    if (rec.entry.status === 'streaming' && (lane === ALL_LANES || rec.entry.subagentRunId === lane)) {
      closed.push(`text message '${rec.entry.id}'`)
      setEntry(d, rec, { ...rec.entry, status: 'interrupted', endedAt: at })
    }
  }
  for (const rec of d.tools.values()) {
    if (rec.entry.status === 'streaming' && (lane === ALL_LANES || rec.entry.subagentRunId === lane)) {
      closed.push(`tool call '${rec.entry.id}'`)
      setEntry(d, rec, { ...rec.entry, status: 'interrupted', endedAt: at })
    }
  }
  if (closed.length > 0 && why) report(d, 'open-at-finish', `${why} while ${closed.join(', ')} ${closed.length === 1 ? 'was' : 'were'} still open; ${closed.length === 1 ? 'it is' : 'they are'} marked interrupted and ${closed.length === 1 ? 'its' : 'their'} text is kept.`)
  return closed
}

// ---------------------------------------------------------------------------
// The reducer

const ignore: Handler = () => {}

/**
 * Every AG-UI 1.0 event type and what it does; anything else is ignored
 * silently. One map lookup per event keeps the per-delta cost near a string append.
 */
const RULES: ReadonlyMap<string, EventRule> = new Map<string, EventRule>([
  ['REASONING_MESSAGE_CONTENT', [onReasoningMessageContent, 'own']],
  ['REASONING_MESSAGE_CHUNK', [onReasoningChunk, 'none']],
  ['REASONING_START', [onReasoningStart, 'own']],
  ['REASONING_MESSAGE_START', [onReasoningMessageStart, 'own']],
  ['REASONING_MESSAGE_END', [onReasoningMessageEnd, 'own']],
  ['REASONING_END', [onReasoningEnd, 'own']],
  ['REASONING_ENCRYPTED_VALUE', [onEncryptedValue, 'none']],
  ['TEXT_MESSAGE_START', [onTextStart, 'own']],
  ['TEXT_MESSAGE_CONTENT', [(d, e) => onOpenEntry(d, e, 'text'), 'own']],
  ['TEXT_MESSAGE_END', [(d, e) => onEntryEnd(d, e, 'text'), 'own']],
  ['TEXT_MESSAGE_CHUNK', [onTextChunk, 'none']],
  ['TOOL_CALL_START', [onToolStart, 'own']],
  ['TOOL_CALL_ARGS', [(d, e) => onOpenEntry(d, e, 'tool'), 'own']],
  ['TOOL_CALL_END', [(d, e) => onEntryEnd(d, e, 'tool'), 'own']],
  ['TOOL_CALL_CHUNK', [onToolChunk, 'none']],
  ['TOOL_CALL_RESULT', [onToolResult, 'own']],
  ['MESSAGES_SNAPSHOT', [onMessagesSnapshot, 'all']],
  ['RUN_STARTED', [onRunStarted, 'all']],
  // Run ends close lanes themselves: RUN_FINISHED completes chunk messages, RUN_ERROR interrupts them.
  ['RUN_FINISHED', [onRunFinished, 'none']],
  ['RUN_ERROR', [onRunError, 'none']],
  ['SUBAGENT_STARTED', [onSubagentStarted, 'none']],
  ['SUBAGENT_FINISHED', [(d, e) => onSubagentEnded(d, e, 'SUBAGENT_FINISHED'), 'none']],
  ['SUBAGENT_ERROR', [(d, e) => onSubagentEnded(d, e, 'SUBAGENT_ERROR'), 'none']],
  // Only their lane-closing effect matters here.
  ['STATE_SNAPSHOT', [ignore, 'own']],
  ['STATE_DELTA', [ignore, 'own']],
  ['CUSTOM', [ignore, 'own']],
  ['STEP_STARTED', [ignore, 'own']],
  ['STEP_FINISHED', [ignore, 'own']],
  ['RAW', [ignore, 'none']],
  ['ACTIVITY_SNAPSHOT', [ignore, 'none']],
  ['ACTIVITY_DELTA', [ignore, 'none']],
])

/** Applies one event of any shape to the draft. Never throws. */
export function applyEvent(d: Draft, input: unknown): void {
  d.eventIndex++
  try {
    reduce(d, input)
  } catch (error) {
    // A hostile object (throwing getters, proxies) must not take the app down.
    report(d, 'invalid-event', `The event could not be read: ${describe(error)}`)
  }
}

function reduce(d: Draft, input: unknown): void {
  if (!isRecord(input) || typeof input.type !== 'string') {
    report(d, 'invalid-event', `An event must be an object with a string 'type' (got ${describe(input).slice(0, 80)}).`)
    return
  }
  let event = input
  // Streams are long runs of one event type: remember the last rule looked up.
  let rule = input.type === d.lastType ? d.lastRule : (d.lastRule = RULES.get((d.lastType = input.type)))
  if (rule === undefined) {
    if (!input.type.startsWith('THINKING_')) return
    const translated = translateLegacy(d, input, input.type)
    if (!translated) return
    event = translated
    rule = RULES.get(translated.type as string)!
  }
  if (d.runPhase !== 'running') checkRunOrder(d, event.type as string)
  if (d.chunkLanes.size > 0) {
    // The event that closes a chunk stream also dates its end.
    if (rule[1] === 'own') closeLane(d, laneOf(event), quietTimeOf(d, event))
    else if (rule[1] === 'all') closeAllLanes(d, quietTimeOf(d, event))
  }
  rule[0](d, event)
}

/** For events outside a run: one run-order diagnostic per stretch, and the event still applies. */
function checkRunOrder(d: Draft, type: string): void {
  if (type === 'RUN_STARTED' || type === 'RUN_ERROR' || d.outsideRunReported) return
  d.outsideRunReported = true
  const where =
    d.runPhase === 'none' ? 'before RUN_STARTED'
      : d.runPhase === 'finished' ? 'after RUN_FINISHED'
        : 'after RUN_ERROR'
  report(d, 'run-order', `${type} arrived ${where}: events belong inside a run. It was applied anyway so that no text is lost.`)
}

function requireId(d: Draft, event: Event, field: string): string | undefined {
  const id = validId(event[field])
  if (id === undefined) report(d, 'missing-id', `${String(event.type)} needs a non-empty string '${field}' (got ${describe(event[field])}).`)
  return id
}

function requireDelta(d: Draft, event: Event): string | undefined {
  const delta = event.delta
  if (typeof delta === 'string') return delta
  report(d, 'malformed-field', `${String(event.type)}.delta must be a string (got ${describe(delta)}); the event was ignored.`)
  return undefined
}

function onReasoningStart(d: Draft, event: Event): void {
  const lane = laneOf(event)
  const id = requireId(d, event, 'messageId')
  if (id === undefined) return
  let block = d.blockById.get(id)
  if (block && !block.removed && block.spanOpen) {
    report(d, 'duplicate-start', `REASONING_START for span '${id}', which is already open; complete it with REASONING_END first. The event was ignored.`)
    return
  }
  const at = timeOf(d, event)
  if (!block || block.removed) block = newBlock(d, id, 'span', lane, at)
  else reopenBlock(d, block)
  block.spanOpen = true
  const spans = d.openSpans.get(lane)
  if (spans) spans.push(block)
  else d.openSpans.set(lane, [block])
  const encrypted = event.encryptedContent ?? event.encryptedValue
  if (typeof encrypted === 'string') setBlockEncrypted(block, { value: encrypted })
  applyBlockMeta(d, block, metaOf(d, event))
  touchBlock(d, block)
}

function onReasoningMessageStart(d: Draft, event: Event): void {
  const lane = laneOf(event)
  const id = requireId(d, event, 'messageId')
  if (id === undefined) return
  const role = event.role
  if (role !== 'reasoning') {
    report(d, 'legacy-role', role === 'assistant'
      ? `REASONING_MESSAGE_START '${id}' has role "assistant" (the draft proposal's); AG-UI 1.0 pins it to "reasoning". Accepted.`
      : `REASONING_MESSAGE_START '${id}' must have role "reasoning" (got ${describe(role)}). Accepted as reasoning.`)
  }
  const meta = metaOf(d, event)
  const existing = d.messages.get(id)
  if (existing) {
    if (existing.open) {
      report(d, 'duplicate-start', `REASONING_MESSAGE_START for '${id}', which is already open; complete it with REASONING_MESSAGE_END first. The event was ignored.`)
      return
    }
    // A closed message is closed, not sealed: a new start continues it.
    reopenMessage(d, existing)
    applyMessageMeta(d, existing, meta)
    return
  }
  startMessage(d, id, lane, timeOf(d, event), meta)
}

function onReasoningMessageContent(d: Draft, event: Event): void {
  const delta = event.delta
  const id = event.messageId
  const last = d.lastMessage
  const message = last !== undefined && id === last.id ? last : typeof id === 'string' ? (d.lastMessage = d.messages.get(id)) : undefined
  // The bulk of every stream: a delta for an open message. Keep it first and short.
  if (message !== undefined && message.open && typeof delta === 'string') {
    append(d, message, delta)
    if (event.metadata !== undefined) applyMessageMeta(d, message, metaOf(d, event))
    return
  }
  const lane = laneOf(event)
  if (requireDelta(d, event) === undefined || typeof delta !== 'string') return
  const messageId = validId(id)
  if (messageId === undefined) {
    report(d, 'missing-id', `REASONING_MESSAGE_CONTENT needs a 'messageId'; its text was kept in a block of its own.`)
    if (delta) keepOrphanText(d, lane, delta, timeOf(d, event))
    return
  }
  if (message) {
    report(d, 'not-open', `REASONING_MESSAGE_CONTENT for '${messageId}' after it ended; the text was appended to it anyway.`)
    append(d, message, delta)
    return
  }
  report(d, 'not-open', `No active reasoning message '${messageId}': REASONING_MESSAGE_CONTENT must follow REASONING_MESSAGE_START. The text was kept in a block of its own.`)
  // Treated as a chunk stream so that it closes like one instead of hanging open.
  const orphan = startMessage(d, messageId, lane, timeOf(d, event), metaOf(d, event), true)
  d.chunkLanes.set(lane, { kind: 'reasoning', id: messageId })
  append(d, orphan, delta)
}

function onReasoningMessageEnd(d: Draft, event: Event): void {
  const id = requireId(d, event, 'messageId')
  if (id === undefined) return
  const message = d.messages.get(id)
  if (!message?.open) {
    report(d, 'not-open', `REASONING_MESSAGE_END for '${id}', which is not open; a REASONING_MESSAGE_START must come first. The event was ignored.`)
    return
  }
  applyMessageMeta(d, message, metaOf(d, event))
  endMessage(d, message, timeOf(d, event), false)
}

function onReasoningEnd(d: Draft, event: Event): void {
  const id = requireId(d, event, 'messageId')
  if (id === undefined) return
  const block = d.blockById.get(id)
  if (!block || block.removed || !block.spanOpen) {
    report(d, 'not-open', `REASONING_END for span '${id}', which is not open; a REASONING_START must come first. The event was ignored.`)
    return
  }
  const at = timeOf(d, event)
  applyBlockMeta(d, block, metaOf(d, event))
  for (const message of block.messages) endMessage(d, message, at, false)
  block.spanOpen = false
  const spans = d.openSpans.get(block.lane)
  if (spans) {
    const i = spans.lastIndexOf(block)
    if (i !== -1) spans.splice(i, 1)
    if (spans.length === 0) d.openSpans.delete(block.lane)
  }
  settleBlock(d, block, at)
}

function onReasoningChunk(d: Draft, event: Event): void {
  const eventLane = laneOf(event)
  let id: string | undefined
  if (event.messageId !== undefined) {
    id = validId(event.messageId)
    if (id === undefined) report(d, 'missing-id', `REASONING_MESSAGE_CHUNK.messageId must be a non-empty string (got ${describe(event.messageId)}).`)
  }
  let delta: string | undefined
  if (event.delta !== undefined && event.delta !== null) delta = requireDelta(d, event)
  const lane = chunkLane(d, 'reasoning', id, eventLane, 'REASONING_MESSAGE_CHUNK')
  const open = d.chunkLanes.get(lane)
  let message: MessageRec | undefined
  if (open?.kind === 'reasoning' && (id === undefined || id === open.id)) {
    message = d.messages.get(open.id)
  } else {
    closeLane(d, lane, quietTimeOf(d, event))
    const at = timeOf(d, event)
    if (id === undefined) {
      report(d, 'chunk-missing-id', `The first REASONING_MESSAGE_CHUNK of a stream must have a messageId${delta ? '; its text was kept in a block of its own' : ''}.`)
      if (delta) keepOrphanText(d, lane, delta, at)
      return
    }
    const meta = metaOf(d, event)
    message = d.messages.get(id)
    if (message) {
      // A later chunk with the same id reopens the message and appends.
      if (!message.open) reopenMessage(d, message)
      applyMessageMeta(d, message, meta)
    } else {
      message = startMessage(d, id, lane, at, meta)
    }
    d.chunkLanes.set(lane, { kind: 'reasoning', id })
  }
  if (!message || delta === undefined) return
  // The proposal: an empty chunk closes the stream.
  if (delta === '') closeLane(d, lane, timeOf(d, event))
  else append(d, message, delta)
}

function onEncryptedValue(d: Draft, event: Event): void {
  const subtype = event.subtype
  if (subtype !== 'message' && subtype !== 'tool-call') {
    report(d, 'malformed-field', `REASONING_ENCRYPTED_VALUE.subtype must be "message" or "tool-call" (got ${describe(subtype)}); the event was ignored.`)
    return
  }
  const id = requireId(d, event, 'entityId')
  if (id === undefined) return
  const value = event.encryptedValue
  if (typeof value !== 'string') {
    report(d, 'malformed-field', `REASONING_ENCRYPTED_VALUE.encryptedValue must be a string; the event was ignored.`)
    return
  }
  const type = str(event.encryptedValueType)
  const pending: Pending = type !== undefined ? { value, type } : { value }
  if (subtype === 'tool-call') {
    const rec = d.tools.get(id)
    if (rec) setEntry(d, rec, { ...rec.entry, encryptedValue: value })
    else d.pending.set(pendingKey(subtype, id), pending)
    return
  }
  const message = d.messages.get(id)
  if (message) return setMessageEncrypted(d, message, pending)
  const block = d.blockById.get(id)
  if (block && !block.removed) {
    setBlockEncrypted(block, pending)
    touchBlock(d, block)
    return
  }
  // Values may arrive before the message they belong to: keep them until it does.
  d.pending.set(pendingKey(subtype, id), pending)
}

// --- Text messages and tool calls: kept in the timeline, never in reasoning text.

function textEntry(d: Draft, id: string, role: string, lane: Lane, at: number): void {
  const existing = d.texts.get(id)
  if (existing) {
    setEntry(d, existing, { ...existing.entry, status: 'streaming' })
    return
  }
  if (d.messages.has(id)) {
    report(d, 'id-collision', `Text message '${id}' reuses the id of a reasoning message; its text is never mixed into the reasoning.`)
  }
  const runId = currentRunId(d)
  const entry: TimelineText = {
    kind: 'text', id, role, status: 'streaming', startedAt: at,
    ...(runId !== undefined && { runId }),
    ...(lane !== undefined && { subagentRunId: lane }),
  }
  d.texts.set(id, { index: pushEntry(d, entry), entry })
}

function onTextStart(d: Draft, event: Event): void {
  const lane = laneOf(event)
  const id = requireId(d, event, 'messageId')
  if (id === undefined) return
  if (d.texts.get(id)?.entry.status === 'streaming') {
    report(d, 'duplicate-start', `TEXT_MESSAGE_START for '${id}', which is already in progress. The event was ignored.`)
    return
  }
  textEntry(d, id, str(event.role) ?? 'assistant', lane, timeOf(d, event))
}

function entryOf(d: Draft, kind: 'text' | 'tool', id: string) {
  return kind === 'text' ? d.texts.get(id) : d.tools.get(id)
}

function onOpenEntry(d: Draft, event: Event, kind: 'text' | 'tool'): void {
  const field = kind === 'text' ? 'messageId' : 'toolCallId'
  const id = requireId(d, event, field)
  if (id === undefined || requireDelta(d, event) === undefined) return
  if (entryOf(d, kind, id)?.entry.status !== 'streaming') {
    report(d, 'not-open', `No active ${kind === 'text' ? 'text message' : 'tool call'} found with ID '${id}': ${String(event.type)} must follow its START event. The event was ignored.`)
  }
}

function onEntryEnd(d: Draft, event: Event, kind: 'text' | 'tool'): void {
  const field = kind === 'text' ? 'messageId' : 'toolCallId'
  const id = requireId(d, event, field)
  if (id === undefined) return
  const rec = entryOf(d, kind, id)
  if (rec?.entry.status !== 'streaming') {
    report(d, 'not-open', `No active ${kind === 'text' ? 'text message' : 'tool call'} found with ID '${id}': ${String(event.type)} must follow its START event. The event was ignored.`)
    return
  }
  setEntry<TimelineEntry>(d, rec, { ...rec.entry, status: 'complete', endedAt: timeOf(d, event) })
}

function onTextChunk(d: Draft, event: Event): void {
  const eventLane = laneOf(event)
  const id = event.messageId === undefined ? undefined : validId(event.messageId)
  if (event.messageId !== undefined && id === undefined) report(d, 'missing-id', `TEXT_MESSAGE_CHUNK.messageId must be a non-empty string.`)
  if (event.delta !== undefined && typeof event.delta !== 'string') requireDelta(d, event)
  const lane = chunkLane(d, 'text', id, eventLane, 'TEXT_MESSAGE_CHUNK')
  const open = d.chunkLanes.get(lane)
  if (open?.kind === 'text' && (id === undefined || id === open.id)) {
    conflict(d, 'TEXT_MESSAGE_CHUNK', open.id, 'role', event.role, open.role)
    return
  }
  closeLane(d, lane, quietTimeOf(d, event))
  if (id === undefined) {
    report(d, 'chunk-missing-id', `First TEXT_MESSAGE_CHUNK must have a messageId; the chunk was ignored.`)
    return
  }
  const role = str(event.role) ?? 'assistant'
  textEntry(d, id, role, lane, timeOf(d, event))
  d.chunkLanes.set(lane, { kind: 'text', id, role })
}

function conflict(d: Draft, type: string, id: string, field: string, given: unknown, opened: string | undefined): void {
  if (given !== undefined && given !== opened) {
    report(d, 'chunk-conflict', `${type} for '${id}': chunk ${field} ${describe(given)} does not match the open stream's ${field} ${opened === undefined ? '(absent)' : `'${opened}'`}; the opener's value was kept.`)
  }
}

function toolEntry(d: Draft, id: string, name: string, parent: string | undefined, lane: Lane, at: number): void {
  const existing = d.tools.get(id)
  if (existing) {
    setEntry(d, existing, { ...existing.entry, name, status: 'streaming' })
    return
  }
  const runId = currentRunId(d)
  const pending = takePending(d, 'tool-call', id)
  const entry: TimelineToolCall = {
    kind: 'tool-call', id, name, status: 'streaming', startedAt: at,
    ...(parent !== undefined && { parentMessageId: parent }),
    ...(runId !== undefined && { runId }),
    ...(lane !== undefined && { subagentRunId: lane }),
    ...(pending && { encryptedValue: pending.value }),
  }
  d.tools.set(id, { index: pushEntry(d, entry), entry })
}

function onToolStart(d: Draft, event: Event): void {
  const lane = laneOf(event)
  const id = requireId(d, event, 'toolCallId')
  if (id === undefined) return
  if (d.tools.get(id)?.entry.status === 'streaming') {
    report(d, 'duplicate-start', `TOOL_CALL_START for '${id}', which is already in progress. The event was ignored.`)
    return
  }
  const name = str(event.toolCallName)
  if (name === undefined) report(d, 'malformed-field', `TOOL_CALL_START '${id}' needs a string toolCallName.`)
  toolEntry(d, id, name ?? '', str(event.parentMessageId), lane, timeOf(d, event))
}

function onToolChunk(d: Draft, event: Event): void {
  const eventLane = laneOf(event)
  const id = event.toolCallId === undefined ? undefined : validId(event.toolCallId)
  if (event.toolCallId !== undefined && id === undefined) report(d, 'missing-id', `TOOL_CALL_CHUNK.toolCallId must be a non-empty string.`)
  if (event.delta !== undefined && typeof event.delta !== 'string') requireDelta(d, event)
  const lane = chunkLane(d, 'tool', id, eventLane, 'TOOL_CALL_CHUNK')
  const open = d.chunkLanes.get(lane)
  if (open?.kind === 'tool' && (id === undefined || id === open.id)) {
    conflict(d, 'TOOL_CALL_CHUNK', open.id, 'toolCallName', event.toolCallName, open.name)
    conflict(d, 'TOOL_CALL_CHUNK', open.id, 'parentMessageId', event.parentMessageId, open.parentMessageId)
    return
  }
  closeLane(d, lane, quietTimeOf(d, event))
  if (id === undefined) {
    report(d, 'chunk-missing-id', `First TOOL_CALL_CHUNK must have a toolCallId; the chunk was ignored.`)
    return
  }
  const name = str(event.toolCallName)
  if (name === undefined) report(d, 'malformed-field', `First TOOL_CALL_CHUNK must have a toolCallName.`)
  const parent = str(event.parentMessageId)
  toolEntry(d, id, name ?? '', parent, lane, timeOf(d, event))
  d.chunkLanes.set(lane, { kind: 'tool', id, ...(name !== undefined && { name }), ...(parent !== undefined && { parentMessageId: parent }) })
}

function onToolResult(d: Draft, event: Event): void {
  const id = requireId(d, event, 'toolCallId')
  if (id === undefined) return
  const rec = d.tools.get(id)
  const messageId = str(event.messageId)
  if (rec && messageId !== undefined) setEntry(d, rec, { ...rec.entry, resultMessageId: messageId })
}

// --- Snapshots

function onMessagesSnapshot(d: Draft, event: Event): void {
  const list = event.messages
  if (!Array.isArray(list)) {
    report(d, 'malformed-field', `MESSAGES_SNAPSHOT.messages must be an array; the event was ignored.`)
    return
  }
  const reasoning = list.filter((m): m is Event => isRecord(m) && m.role === 'reasoning' && validId(m.id) !== undefined)
  // As in @ag-ui/client: a snapshot that carries reasoning is authoritative for reasoning.
  if (reasoning.length > 0) reconcileReasoning(d, reasoning, timeOf(d, event))
  for (const item of list) {
    if (!isRecord(item) || item.role === 'reasoning') continue
    const id = validId(item.id)
    if (id === undefined) continue
    if (item.role === 'tool') {
      const call = str(item.toolCallId)
      const rec = call !== undefined ? d.tools.get(call) : undefined
      if (rec && rec.entry.resultMessageId !== id) setEntry(d, rec, { ...rec.entry, resultMessageId: id })
      continue
    }
    if (!d.texts.has(id) && typeof item.role === 'string' && item.role !== 'activity') {
      const entry: TimelineText = { kind: 'text', id, role: item.role, status: 'complete' }
      d.texts.set(id, { index: pushEntry(d, entry), entry })
    }
    if (Array.isArray(item.toolCalls)) {
      for (const call of item.toolCalls) {
        const callId = isRecord(call) ? validId(call.id) : undefined
        if (callId === undefined || d.tools.has(callId)) continue
        const fn = isRecord(call) && isRecord(call.function) ? call.function : {}
        const entry: TimelineToolCall = { kind: 'tool-call', id: callId, name: str(fn.name) ?? '', status: 'complete', parentMessageId: id }
        d.tools.set(callId, { index: pushEntry(d, entry), entry })
      }
    }
  }
}

function reconcileReasoning(d: Draft, reasoning: Event[], at: number): void {
  const ids = new Set(reasoning.map((m) => m.id as string))
  // Messages may be dropped below: forget the cached one.
  delete d.lastMessage
  // Drop what the snapshot omits.
  for (const block of d.blocks) {
    const kept = block.messages.filter((m) => ids.has(m.id))
    if (kept.length !== block.messages.length) {
      for (const m of block.messages) {
        if (ids.has(m.id)) continue
        if (m.open) block.openCount--
        d.messages.delete(m.id)
      }
      block.messages = kept
      block.messagesChanged = true
      touchBlock(d, block)
    }
    if (block.messages.length === 0 && !ids.has(block.id)) removeBlock(d, block)
  }
  for (const item of reasoning) {
    const id = item.id as string
    let content = ''
    if (typeof item.content === 'string') content = item.content
    else if (Array.isArray(item.content) && item.content.every((c) => typeof c === 'string')) content = item.content.join('')
    else if (item.content !== undefined) report(d, 'malformed-field', `MESSAGES_SNAPSHOT: reasoning message '${id}' has non-text content; it was treated as empty.`)
    const encrypted = str(item.encryptedValue) ?? str(item.encryptedContent)
    const meta = readReasoningUiMetadata(item.metadata, (problem) =>
      report(d, 'malformed-field', `MESSAGES_SNAPSHOT: reasoning message '${id}': ${problem}; that field was ignored.`))
    let message = d.messages.get(id)
    // A block that had already ended keeps its end: the snapshot restates history, it does not extend it.
    const settled = message !== undefined && !message.block.spanOpen && message.block.openCount === 0 && message.block.endedAt !== undefined
    if (!message) {
      const existing = d.blockById.get(id)
      if (existing && !existing.removed && content === '' && encrypted !== undefined) {
        // A span-level encrypted value round-trips as an empty message with the span's id.
        setBlockEncrypted(existing, { value: encrypted })
        touchBlock(d, existing)
        continue
      }
      const lane = str(item.subagentRunId)
      const block = existing && !existing.removed ? existing : newBlock(d, id, 'snapshot', lane, undefined)
      message = {
        id, block, kind: meta?.kind ?? 'text', text: '', open: false, interrupted: false,
        line: '', headings: [], dirty: false,
      }
      block.messages.push(message)
      block.messagesChanged = true
      d.messages.set(id, message)
    } else if (message.open) {
      message.open = false
      message.block.openCount--
      message.endedAt = at
    }
    message.text = content
    message.headings = headingsOf(content)
    message.line = null
    if (encrypted !== undefined) message.encryptedValue = encrypted
    applyMessageMeta(d, message, meta)
    touchMessage(d, message)
    if (!settled) settleBlock(d, message.block, at)
  }
}

function removeBlock(d: Draft, block: BlockRec): void {
  block.removed = true
  d.blocks = d.blocks.filter((b) => b !== block)
  if (d.blockById.get(block.id) === block) d.blockById.delete(block.id)
  for (const [lane, spans] of d.openSpans) {
    const rest = spans.filter((b) => b !== block)
    if (rest.length === 0) d.openSpans.delete(lane)
    else d.openSpans.set(lane, rest)
  }
  const i = d.timeline.findIndex((e) => e.kind === 'reasoning' && e.id === block.id)
  if (i !== -1) {
    d.timeline.splice(i, 1)
    for (const rec of d.texts.values()) if (rec.index > i) rec.index--
    for (const rec of d.tools.values()) if (rec.index > i) rec.index--
    d.timelineChanged = true
  }
  d.blockListChanged = true
  d.changed = true
}

// --- Runs and subagents

function onRunStarted(d: Draft, event: Event): void {
  if (d.runPhase === 'running') {
    report(d, 'run-order', `RUN_STARTED while run '${d.runs[d.runs.length - 1]?.runId ?? '?'}' is still active; the previous run must finish first. The event was ignored.`)
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

function onRunFinished(d: Draft, event: Event): void {
  const at = timeOf(d, event)
  // Chunk-mode messages close normally first, as in @ag-ui/client …
  closeAllLanes(d, at)
  // … whatever is still open after that was left open by the producer.
  interruptLane(d, at, ALL_LANES, 'RUN_FINISHED arrived')
  const index = d.runs.length - 1
  const run = d.runs[index]
  const outcome = isRecord(event.outcome) ? str(event.outcome.type) ?? 'success' : 'success'
  if (run && d.runPhase === 'running') setRun(d, index, { ...run, status: 'finished', outcome, endedAt: at })
  d.runPhase = 'finished'
  d.outsideRunReported = false
}

function onRunError(d: Draft, event: Event): void {
  const at = timeOf(d, event)
  d.chunkLanes.clear()
  interruptLane(d, at, ALL_LANES, '')
  const message = str(event.message) ?? 'The run failed.'
  const index = d.runs.length - 1
  const run = d.runs[index]
  if (run && (d.runPhase === 'running' || d.runPhase === 'finished')) {
    setRun(d, index, { ...run, status: 'error', error: message, endedAt: at })
  } else {
    const runId = str(event.runId)
    d.runs.push({ status: 'error', error: message, endedAt: at, ...(runId !== undefined && { runId }) })
    d.runsChanged = true
  }
  d.runPhase = 'errored'
  d.outsideRunReported = false
  d.changed = true
}

function onSubagentStarted(d: Draft, event: Event): void {
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

function onSubagentEnded(d: Draft, event: Event, type: string): void {
  const id = requireId(d, event, 'subagentRunId')
  if (id === undefined) return
  const at = timeOf(d, event)
  closeLane(d, id, at)
  interruptLane(d, at, id, type === 'SUBAGENT_FINISHED' ? `SUBAGENT_FINISHED for '${id}' arrived` : '')
  const rec = d.subagents.get(id)
  if (rec) {
    rec.info = { ...rec.info, status: type === 'SUBAGENT_ERROR' ? 'error' : 'finished' }
    d.subagentList[rec.index] = rec.info
    d.subagentsChanged = true
    d.changed = true
  }
}

/** The transport closed: whatever is open is interrupted, and a run that never finished is too. */
export function endStream(d: Draft, error?: unknown): void {
  const at = d.now()
  const failure = error === undefined ? undefined : describe(error)
  d.chunkLanes.clear()
  const closed = interruptLane(d, at, ALL_LANES, '')
  const index = d.runs.length - 1
  const run = d.runs[index]
  const runOpen = d.runPhase === 'running' && run !== undefined
  if (runOpen) {
    setRun(d, index, { ...run, status: 'interrupted', endedAt: at, ...(failure !== undefined && { error: failure }) })
    d.runPhase = 'none'
  }
  if (failure !== undefined) {
    d.failure = failure
    d.changed = true
    report(d, 'transport', `The stream failed: ${failure}`, -1)
  }
  if (runOpen || closed.length > 0) {
    const what = [runOpen ? `run '${run.runId ?? '?'}' had not finished` : '', ...closed.map((c) => `${c} was open`)].filter(Boolean)
    report(d, 'stream-truncated', `The stream ended while ${what.join(', ')}; marked interrupted, text kept.`, -1)
  }
}
