/**
 * Text messages and tool calls (TEXT_MESSAGE_*, TOOL_CALL_*): kept in the
 * timeline so a chat can place reasoning where it happened, never mixed into
 * reasoning text.
 */
import type { TimelineEntry, TimelineText, TimelineToolCall } from '../model'
import {
  currentRunId, laneOf, pushEntry, report, setEntry, str, timeOf, requireId, requireDelta, type Draft, type Event, type Lane,
} from '../draft'
import { takePending } from './encrypted'

export function textEntry(d: Draft, id: string, role: string, lane: Lane, at: number): void {
  const existing = d.texts.get(id)
  if (existing) {
    setEntry(d, existing, { ...existing.entry, status: 'streaming' })
    return
  }
  if (d.messages.has(id)) {
    report(d, 'id-collision', process.env.NODE_ENV !== 'production' ? `Text message '${id}' reuses the id of a reasoning message; its text is never mixed into the reasoning.` : '')
  }
  const runId = currentRunId(d)
  const entry: TimelineText = {
    kind: 'text', id, role, status: 'streaming', startedAt: at,
    ...(runId !== undefined && { runId }),
    ...(lane !== undefined && { subagentRunId: lane }),
  }
  d.texts.set(id, { index: pushEntry(d, entry), entry })
}

export function onTextStart(d: Draft, event: Event): void {
  const lane = laneOf(event)
  const id = requireId(d, event, 'messageId')
  if (id === undefined) return
  if (d.texts.get(id)?.entry.status === 'streaming') {
    report(d, 'duplicate-start', process.env.NODE_ENV !== 'production' ? `TEXT_MESSAGE_START for '${id}', which is already in progress. The event was ignored.` : '')
    return
  }
  textEntry(d, id, str(event.role) ?? 'assistant', lane, timeOf(d, event))
}

function entryOf(d: Draft, kind: 'text' | 'tool', id: string) {
  return kind === 'text' ? d.texts.get(id) : d.tools.get(id)
}

export function onOpenEntry(d: Draft, event: Event, kind: 'text' | 'tool'): void {
  const field = kind === 'text' ? 'messageId' : 'toolCallId'
  const id = requireId(d, event, field)
  if (id === undefined || requireDelta(d, event) === undefined) return
  if (entryOf(d, kind, id)?.entry.status !== 'streaming') {
    report(d, 'not-open', process.env.NODE_ENV !== 'production' ? `No active ${kind === 'text' ? 'text message' : 'tool call'} found with ID '${id}': ${String(event.type)} must follow its START event. The event was ignored.` : '')
  }
}

export function onEntryEnd(d: Draft, event: Event, kind: 'text' | 'tool'): void {
  const field = kind === 'text' ? 'messageId' : 'toolCallId'
  const id = requireId(d, event, field)
  if (id === undefined) return
  const rec = entryOf(d, kind, id)
  if (rec?.entry.status !== 'streaming') {
    report(d, 'not-open', process.env.NODE_ENV !== 'production' ? `No active ${kind === 'text' ? 'text message' : 'tool call'} found with ID '${id}': ${String(event.type)} must follow its START event. The event was ignored.` : '')
    return
  }
  setEntry<TimelineEntry>(d, rec, { ...rec.entry, status: 'complete', endedAt: timeOf(d, event) })
}

export function toolEntry(d: Draft, id: string, name: string, parent: string | undefined, lane: Lane, at: number): void {
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

export function onToolStart(d: Draft, event: Event): void {
  const lane = laneOf(event)
  const id = requireId(d, event, 'toolCallId')
  if (id === undefined) return
  if (d.tools.get(id)?.entry.status === 'streaming') {
    report(d, 'duplicate-start', process.env.NODE_ENV !== 'production' ? `TOOL_CALL_START for '${id}', which is already in progress. The event was ignored.` : '')
    return
  }
  const name = str(event.toolCallName)
  if (name === undefined) report(d, 'malformed-field', process.env.NODE_ENV !== 'production' ? `TOOL_CALL_START '${id}' needs a string toolCallName.` : '')
  toolEntry(d, id, name ?? '', str(event.parentMessageId), lane, timeOf(d, event))
}

export function onToolResult(d: Draft, event: Event): void {
  const id = requireId(d, event, 'toolCallId')
  if (id === undefined) return
  const rec = d.tools.get(id)
  const messageId = str(event.messageId)
  if (rec && messageId !== undefined) setEntry(d, rec, { ...rec.entry, resultMessageId: messageId })
}
