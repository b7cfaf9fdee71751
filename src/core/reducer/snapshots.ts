/**
 * MESSAGES_SNAPSHOT: a snapshot that carries reasoning is authoritative for
 * reasoning (as in `@ag-ui/client`); other messages only place text messages,
 * tool calls and their results in the timeline.
 */
import { headingsOf } from '../headings'
import { readReasoningUiMetadata } from '../metadata'
import type { TimelineText, TimelineToolCall } from '../model'
import {
  isRecord, pushEntry, report, setEntry, str, timeOf, touchBlock, touchMessage, validId, type BlockRec, type Draft, type Event,
} from '../draft'
import { setBlockEncrypted } from './encrypted'
import { applyMessageMeta, newBlock, settleBlock } from './spans'

export function onMessagesSnapshot(d: Draft, event: Event): void {
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
