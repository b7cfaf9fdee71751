/**
 * Reasoning spans and messages: REASONING_START … REASONING_END and
 * REASONING_MESSAGE_START / CONTENT / END, and the block and message records
 * every other family builds on (a block per span, or per message outside one).
 */
import { continues, MAX_HEADING_LINE, parseHeading } from '../headings'
import type { ReasoningUiMetadata } from '../model'
import {
  currentRunId, describe, laneOf, metaOf, pushEntry, report, timeOf, touchBlock, touchMessage, validId, requireId, requireDelta, type BlockRec, type Draft, type Event, type Lane, type MessageRec,
} from '../draft'
import { setBlockEncrypted, setMessageEncrypted, takePending } from './encrypted'
import { own, RECENT_KEEP } from '../text-end'

/** Characters of a finished message's end that the store keeps (see `endMessage`). */
const FINISHED_END = 256

/** A new block, last in the block list and, unless `place` is false (the caller places it), in the timeline. */
export function newBlock(d: Draft, id: string, origin: BlockRec['origin'], lane: Lane, at: number | undefined, place = true): BlockRec {
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
  if (place) pushEntry(d, runId !== undefined ? { kind: 'reasoning', id, runId } : { kind: 'reasoning', id })
  touchBlock(d, block)
  // A span id may carry an encrypted value sent before the span opened. A
  // standalone block shares its message's id: the message takes the value.
  if (origin === 'span') {
    const pending = takePending(d, 'message', id)
    if (pending) setBlockEncrypted(block, pending)
  }
  return block
}

function reopenBlock(d: Draft, block: BlockRec): void {
  block.interrupted = false
  delete block.endReason
  delete block.endedAt
  touchBlock(d, block)
}

/**
 * Where a new reasoning message goes: the innermost open span of its lane, else
 * a block of its own. `standalone` forces the latter, for text that broke the
 * protocol and must not be mixed into a well-formed span.
 */
export function startMessage(d: Draft, id: string, lane: Lane, at: number, meta: ReasoningUiMetadata | undefined, standalone = false): MessageRec {
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
    recent: '',
    recentAt: 0,
    lineage: {},
    pieces: 0,
    open: true,
    interrupted: false,
    line: '',
    headings: [],
    headingsShared: false,
    ...(meta !== undefined && { meta }),
    startedAt: at,
    dirty: false,
  }
  block.messages.push(message)
  block.messagesChanged = true
  block.openCount++
  d.messages.set(id, message)
  if (d.texts.has(id)) {
    report(d, 'id-collision', process.env.NODE_ENV !== 'production' ? `Reasoning message '${id}' reuses the id of a text message; the two are kept apart.` : '')
  }
  const pending = takePending(d, 'message', id)
  if (pending) setMessageEncrypted(d, message, pending)
  touchMessage(d, message)
  return message
}

export function reopenMessage(d: Draft, message: MessageRec): void {
  message.open = true
  message.interrupted = false
  delete message.endedAt
  message.block.openCount++
  reopenBlock(d, message.block)
  touchMessage(d, message)
}

export function append(d: Draft, message: MessageRec, delta: string): void {
  if (delta.length === 0) return
  message.text += delta
  // V8 keeps a string built by appends as a chain of its pieces, about 32 bytes each, until something
  // reads it, and nothing reads a live text whole any more (see `TextEnd`): a stream of one-token
  // deltas held 8-30x its text in the chain. Joined into one string (a copy of the text) once the
  // chain holds more than the text: at most once each time the text grows by a 32nd per character
  // of its deltas (never for deltas of 32 characters or more).
  if (++message.pieces > 64 && message.pieces * 32 > message.text.length) {
    message.text = own(message.text)
    message.pieces = 0
  }
  // Its end, for readers that must not read all of it (see `TextEnd`): at most twice RECENT_KEEP.
  message.recent += delta
  if (message.recent.length > 2 * RECENT_KEEP) {
    const drop = message.recent.length - RECENT_KEEP
    message.recent = message.recent.slice(drop)
    message.recentAt += drop
  }
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
        if (heading !== undefined) addHeading(message, heading)
      }
      message.line = ''
      start = newline + 1
      newline = delta.indexOf('\n', start)
    }
    if (start < delta.length) message.line = extendLine('', delta.slice(start))
  }
  touchMessage(d, message)
}

/** Appends a heading: in place, unless a built part holds the array (see `MessageRec.headings`). */
function addHeading(message: MessageRec, heading: string): void {
  if (message.headingsShared) {
    const shared = message.headings
    message.headings = shared.slice()
    continues(message.headings, shared)
    message.headingsShared = false
  }
  message.headings.push(heading)
}

/** The line so far, or null once it is too long or does not open like a heading. */
function extendLine(line: string, delta: string): string | null {
  const next = line + delta
  if (next.length > MAX_HEADING_LINE) return null
  const first = next.trimStart()[0]
  return first === undefined || first === '*' || first === '_' || first === '#' ? next : null
}

export function endMessage(d: Draft, message: MessageRec, at: number, interrupted: boolean): void {
  if (!message.open) return
  message.open = false
  message.interrupted = interrupted
  message.endedAt = at
  // A finished text is read whole (once): all of its end would only be more to keep, for each message of
  // a history. Its last characters, a string of their own, still answer whether it has any (`hasNonSpace`)
  // without that read.
  message.recent = own(message.recent.slice(-FINISHED_END))
  message.recentAt = message.text.length - message.recent.length
  const block = message.block
  block.openCount--
  if (interrupted) block.interrupted = true
  touchMessage(d, message)
  settleBlock(d, block, at)
}

/** A block is done when its span is closed and none of its messages is open. */
export function settleBlock(d: Draft, block: BlockRec, at: number): void {
  if (block.spanOpen || block.openCount > 0) return
  block.endedAt = at
  touchBlock(d, block)
}

export function applyMessageMeta(d: Draft, message: MessageRec, meta: ReasoningUiMetadata | undefined): void {
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
export function keepOrphanText(d: Draft, lane: Lane, delta: string, at: number): void {
  // A producer may have used the generated id already: two messages with one id would merge their text.
  let id: string
  do id = `reasoning-ui-orphan-${++d.orphanSeq}`
  while (d.messages.has(id) || d.blockById.has(id))
  const message = startMessage(d, id, lane, at, undefined, true)
  append(d, message, delta)
  d.chunkLanes.set(lane, { kind: 'reasoning', id })
}

export function onReasoningStart(d: Draft, event: Event): void {
  const lane = laneOf(event)
  const id = requireId(d, event, 'messageId')
  if (id === undefined) return
  let block = d.blockById.get(id)
  if (block && !block.removed && block.spanOpen) {
    report(d, 'duplicate-start', process.env.NODE_ENV !== 'production' ? `REASONING_START for span '${id}', which is already open; complete it with REASONING_END first. The event was ignored.` : '')
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

export function onReasoningMessageStart(d: Draft, event: Event): void {
  const lane = laneOf(event)
  const id = requireId(d, event, 'messageId')
  if (id === undefined) return
  const role = event.role
  if (role !== 'reasoning') {
    report(d, 'legacy-role', process.env.NODE_ENV !== 'production' ? role === 'assistant'
      ? `REASONING_MESSAGE_START '${id}' has role "assistant" (the draft proposal's); AG-UI 1.0 pins it to "reasoning". Accepted.`
      : `REASONING_MESSAGE_START '${id}' must have role "reasoning" (got ${describe(role)}). Accepted as reasoning.` : '')
  }
  const meta = metaOf(d, event)
  const existing = d.messages.get(id)
  if (existing) {
    if (existing.open) {
      report(d, 'duplicate-start', process.env.NODE_ENV !== 'production' ? `REASONING_MESSAGE_START for '${id}', which is already open; complete it with REASONING_MESSAGE_END first. The event was ignored.` : '')
      return
    }
    // A closed message is closed, not sealed: a new start continues it.
    reopenMessage(d, existing)
    applyMessageMeta(d, existing, meta)
    return
  }
  startMessage(d, id, lane, timeOf(d, event), meta)
}

export function onReasoningMessageContent(d: Draft, event: Event): void {
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
    report(d, 'missing-id', process.env.NODE_ENV !== 'production' ? `REASONING_MESSAGE_CONTENT needs a 'messageId'; its text was kept in a block of its own.` : '')
    if (delta) keepOrphanText(d, lane, delta, timeOf(d, event))
    return
  }
  if (message) {
    report(d, 'not-open', process.env.NODE_ENV !== 'production' ? `REASONING_MESSAGE_CONTENT for '${messageId}' after it ended; the text was appended to it anyway.` : '')
    append(d, message, delta)
    return
  }
  report(d, 'not-open', process.env.NODE_ENV !== 'production' ? `No active reasoning message '${messageId}': REASONING_MESSAGE_CONTENT must follow REASONING_MESSAGE_START. The text was kept in a block of its own.` : '')
  // Treated as a chunk stream so that it closes like one instead of hanging open.
  const orphan = startMessage(d, messageId, lane, timeOf(d, event), metaOf(d, event), true)
  d.chunkLanes.set(lane, { kind: 'reasoning', id: messageId })
  append(d, orphan, delta)
}

export function onReasoningMessageEnd(d: Draft, event: Event): void {
  const id = requireId(d, event, 'messageId')
  if (id === undefined) return
  const message = d.messages.get(id)
  if (!message?.open) {
    report(d, 'not-open', process.env.NODE_ENV !== 'production' ? `REASONING_MESSAGE_END for '${id}', which is not open; a REASONING_MESSAGE_START must come first. The event was ignored.` : '')
    return
  }
  applyMessageMeta(d, message, metaOf(d, event))
  endMessage(d, message, timeOf(d, event), false)
}

export function onReasoningEnd(d: Draft, event: Event): void {
  const id = requireId(d, event, 'messageId')
  if (id === undefined) return
  const block = d.blockById.get(id)
  if (!block || block.removed || !block.spanOpen) {
    report(d, 'not-open', process.env.NODE_ENV !== 'production' ? `REASONING_END for span '${id}', which is not open; a REASONING_START must come first. The event was ignored.` : '')
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
