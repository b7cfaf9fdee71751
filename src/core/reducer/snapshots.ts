/**
 * MESSAGES_SNAPSHOT: a snapshot that carries reasoning is authoritative for
 * reasoning (as in `@ag-ui/client`); other messages only place text messages,
 * tool calls and their results in the timeline.
 *
 * It also restores saved history: reasoning messages written by
 * `toReasoningMessages` carry their block, timing, status and description in
 * `metadata.reasoningUi`, so a fresh store gets the same blocks back. Messages
 * without it (older stores, other producers) restore as one block each, untimed.
 */
import { headingsOf } from '../headings'
import { descriptionOf, readReasoningUiMetadata } from '../metadata'
import type { ReasoningUiBlockMetadata, ReasoningUiMetadata, TimelineEntry, TimelineText, TimelineToolCall } from '../model'
import {
  isRecord, pushEntry, report, setEntry, str, timeOf, touchBlock, touchMessage, validId, type BlockRec, type Draft, type Event, type MessageRec,
} from '../draft'
import { setBlockEncrypted } from './encrypted'
import { applyMessageMeta, newBlock, settleBlock } from './spans'

/** Where new reasoning blocks go in the timeline: after the agent's entry they followed in the snapshot. */
const HEAD = ''

interface Restore {
  readonly at: number
  /** Blocks this snapshot created, and whether each was restored from history (then its timing is its own). */
  readonly created: Map<BlockRec, boolean>
  /** Timeline key of the entry the next new block follows (HEAD: where the snapshot's new entries begin). */
  anchor: string
  readonly followers: Map<string, TimelineEntry[]>
}

const keyOf = (entry: TimelineEntry) => `${entry.kind}\u0000${entry.id}`

export function onMessagesSnapshot(d: Draft, event: Event): void {
  const list = event.messages
  if (!Array.isArray(list)) {
    report(d, 'malformed-field', process.env.NODE_ENV !== 'production' ? `MESSAGES_SNAPSHOT.messages must be an array; the event was ignored.` : '')
    return
  }
  const reasoning = list.filter((m): m is Event => isRecord(m) && m.role === 'reasoning' && validId(m.id) !== undefined)
  let restore: Restore | undefined
  // As in @ag-ui/client: a snapshot that carries reasoning is authoritative for reasoning.
  if (reasoning.length > 0) {
    dropOmitted(d, new Set(reasoning.map((m) => m.id as string)))
    restore = { at: timeOf(d, event), created: new Map(), anchor: HEAD, followers: new Map() }
  }
  const start = d.timeline.length
  // One pass in the snapshot's order, so that each new block knows what it followed.
  for (const item of list) {
    if (!isRecord(item)) continue
    if (item.role === 'reasoning') {
      if (restore !== undefined && validId(item.id) !== undefined) restoreReasoning(d, item, restore)
      continue
    }
    const id = validId(item.id)
    if (id === undefined) continue
    if (item.role === 'tool') {
      const call = str(item.toolCallId)
      const rec = call !== undefined ? d.tools.get(call) : undefined
      if (rec && rec.entry.resultMessageId !== id) setEntry(d, rec, { ...rec.entry, resultMessageId: id })
      if (rec && restore) restore.anchor = keyOf(rec.entry)
      continue
    }
    if (!d.texts.has(id) && typeof item.role === 'string' && item.role !== 'activity') {
      const entry: TimelineText = { kind: 'text', id, role: item.role, status: 'complete' }
      d.texts.set(id, { index: pushEntry(d, entry), entry })
    }
    // New reasoning takes its place in the snapshot's order: after the message it followed
    // (the user's question, the agent's previous answer, a tool call or result), so a
    // restored conversation reads as it was saved and each answer's reasoning is found
    // before it (`selectBlocksBefore`).
    const text = d.texts.get(id)
    if (restore && text) restore.anchor = keyOf(text.entry)
    if (Array.isArray(item.toolCalls)) {
      for (const call of item.toolCalls) {
        const callId = isRecord(call) ? validId(call.id) : undefined
        if (callId === undefined) continue
        if (!d.tools.has(callId)) {
          const fn = isRecord(call) && isRecord(call.function) ? call.function : {}
          const entry: TimelineToolCall = { kind: 'tool-call', id: callId, name: str(fn.name) ?? '', status: 'complete', parentMessageId: id }
          d.tools.set(callId, { index: pushEntry(d, entry), entry })
        }
        if (restore && item.role === 'assistant') restore.anchor = keyOf(d.tools.get(callId)!.entry)
      }
    }
  }
  if (restore && restore.followers.size > 0) placeBlocks(d, start, restore.followers)
}

/** Drops the reasoning messages the snapshot omits, and the blocks left with nothing. */
function dropOmitted(d: Draft, ids: ReadonlySet<string>): void {
  // Messages may be dropped below: forget the cached one.
  delete d.lastMessage
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
}

function restoreReasoning(d: Draft, item: Event, restore: Restore): void {
  const id = item.id as string
  let content = ''
  if (typeof item.content === 'string') content = item.content
  else if (Array.isArray(item.content) && item.content.every((c) => typeof c === 'string')) content = item.content.join('')
  else if (item.content !== undefined) report(d, 'malformed-field', process.env.NODE_ENV !== 'production' ? `MESSAGES_SNAPSHOT: reasoning message '${id}' has non-text content; it was treated as empty.` : '')
  const encrypted = str(item.encryptedValue) ?? str(item.encryptedContent)
  const ui = readReasoningUiMetadata(item.metadata, (problem) =>
    report(d, 'malformed-field', process.env.NODE_ENV !== 'production' ? `MESSAGES_SNAPSHOT: reasoning message '${id}': ${problem}; that field was ignored.` : ''))
  const saved = ui?.block
  let message = d.messages.get(id)
  let ended: boolean

  if (!message && ui?.placeholder === true && (saved === undefined || saved.id === id)) {
    // A placeholder stands for its block: its value is the span's own.
    const block = blockFor(d, id, item, saved, restore)
    if (encrypted !== undefined) setBlockEncrypted(block, { value: encrypted, ...(saved?.encryptedValueType !== undefined && { type: saved.encryptedValueType }) })
    touchBlock(d, block)
    // Only a new block without history is dated by the snapshot, as any untimed restored block is.
    if (restore.created.get(block) === false) settleBlock(d, block, restore.at)
    return
  }

  if (!message) {
    const existing = d.blockById.get(id)
    if (saved === undefined && existing && !existing.removed && content === '' && encrypted !== undefined) {
      // Without history: a span-level encrypted value round-trips as an empty message with the span's id.
      setBlockEncrypted(existing, { value: encrypted })
      touchBlock(d, existing)
      markSeen(d, existing, restore)
      return
    }
    const block = blockFor(d, saved?.id ?? id, item, saved, restore)
    ended = hasEnded(block)
    message = {
      id, block, kind: 'text', text: '', recent: '', recentAt: 0, lineage: {}, pieces: 0, open: false, interrupted: false,
      line: '', headings: [], headingsShared: false, dirty: false,
    }
    if (saved !== undefined) restoreTiming(message, ui!)
    block.messages.push(message)
    block.messagesChanged = true
    d.messages.set(id, message)
  } else {
    ended = hasEnded(message.block)
    if (message.open) {
      message.open = false
      message.block.openCount--
      message.endedAt = restore.at
    }
    markSeen(d, message.block, restore)
  }
  message.text = content
  // Replaced, not extended: a new lineage, and an end that starts where the content ends.
  message.recent = ''
  message.recentAt = content.length
  message.lineage = {}
  message.pieces = 0
  message.headings = headingsOf(content)
  message.headingsShared = false
  message.line = null
  if (encrypted !== undefined) {
    message.encryptedValue = encrypted
    if (ui?.encryptedValueType !== undefined) message.encryptedValueType = ui.encryptedValueType
  }
  applyMessageMeta(d, message, descriptionOf(ui))
  touchMessage(d, message)
  // A block that had already ended keeps its end: the snapshot restates history, it does not extend it.
  // A block restored from history keeps its own end (or none): no made-up duration.
  if (!ended && restore.created.get(message.block) !== true) settleBlock(d, message.block, restore.at)
}

const hasEnded = (block: BlockRec) => !block.spanOpen && block.openCount === 0 && block.endedAt !== undefined

/**
 * The block a restored message (or placeholder) goes to: one that exists, else a
 * new one, timed and described from the saved history when there is some.
 */
function blockFor(d: Draft, blockId: string, item: Event, saved: ReasoningUiBlockMetadata | undefined, restore: Restore): BlockRec {
  const existing = d.blockById.get(blockId)
  if (existing && !existing.removed) {
    const history = restore.created.get(existing)
    if (history === undefined) markSeen(d, existing, restore)
    else if (saved !== undefined && history) restoreBlock(existing, saved)
    return existing
  }
  const block = newBlock(d, blockId, 'snapshot', str(item.subagentRunId), undefined, false)
  restore.created.set(block, saved !== undefined)
  const entry: TimelineEntry = block.runId !== undefined ? { kind: 'reasoning', id: blockId, runId: block.runId } : { kind: 'reasoning', id: blockId }
  const followers = restore.followers.get(restore.anchor)
  if (followers) followers.push(entry)
  else restore.followers.set(restore.anchor, [entry])
  if (saved !== undefined) restoreBlock(block, saved)
  return block
}

/** A block the store already had: the next new block follows it. */
function markSeen(d: Draft, block: BlockRec, restore: Restore): void {
  if (!restore.created.has(block)) restore.anchor = `reasoning\u0000${block.id}`
}

function restoreBlock(block: BlockRec, saved: ReasoningUiBlockMetadata): void {
  restoreTiming(block, saved)
  const meta = descriptionOf(saved)
  if (meta !== undefined) block.meta = meta
  else delete block.meta
  if (meta?.title !== undefined) block.explicitTitle = meta.title
  else delete block.explicitTitle
}

function restoreTiming(rec: BlockRec | MessageRec, saved: ReasoningUiMetadata): void {
  if (saved.startedAt !== undefined) rec.startedAt = saved.startedAt
  else delete rec.startedAt
  if (saved.endedAt !== undefined) rec.endedAt = saved.endedAt
  else delete rec.endedAt
  // Saved while streaming: nothing will continue it now, so it was cut off.
  rec.interrupted = saved.status === 'interrupted' || saved.status === 'streaming'
  if ('openCount' in rec) {
    if (saved.status === 'interrupted' && saved.endReason !== undefined) rec.endReason = saved.endReason
    else delete rec.endReason
  }
}

/**
 * Puts the blocks this snapshot created into the timeline after the entries they
 * followed in it (those following nothing where the snapshot's new entries begin),
 * in one pass, and renumbers the text and tool-call entries.
 */
function placeBlocks(d: Draft, start: number, followers: ReadonlyMap<string, readonly TimelineEntry[]>): void {
  const timeline: TimelineEntry[] = []
  const place = (key: string) => {
    const after = followers.get(key)
    if (after) for (const entry of after) timeline.push(entry)
  }
  d.timeline.forEach((entry, i) => {
    if (i === start) place(HEAD)
    timeline.push(entry)
    place(keyOf(entry))
  })
  if (start >= d.timeline.length) place(HEAD)
  d.timeline = timeline
  timeline.forEach((entry, i) => {
    const rec = entry.kind === 'text' ? d.texts.get(entry.id) : entry.kind === 'tool-call' ? d.tools.get(entry.id) : undefined
    if (rec) rec.index = i
  })
  d.timelineChanged = true
  d.changed = true
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
