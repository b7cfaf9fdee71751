/**
 * Chunk streams (`REASONING_MESSAGE_CHUNK`, `TEXT_MESSAGE_CHUNK`,
 * `TOOL_CALL_CHUNK`): the opening and closing rules of `@ag-ui/client`'s chunk
 * expansion, one open stream per subagent lane.
 */
import {
  describe, laneOf, metaOf, quietTimeOf, report, setEntry, str, timeOf, validId, requireDelta, type ChunkStream, type Draft, type Event, type Lane, type MessageRec,
} from '../draft'
import { append, applyMessageMeta, endMessage, keepOrphanText, reopenMessage, startMessage } from './spans'
import { textEntry, toolEntry } from './timeline'

export function closeLane(d: Draft, lane: Lane, at?: number): void {
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

export function closeAllLanes(d: Draft, at?: number): void {
  for (const lane of [...d.chunkLanes.keys()]) closeLane(d, lane, at)
}

/** Which lane a chunk continues: by id first, then by subagent, then the only open one. */
function chunkLane(d: Draft, kind: ChunkStream['kind'], id: string | undefined, lane: Lane, type: string): Lane {
  if (id !== undefined) {
    for (const [open, stream] of d.chunkLanes) {
      if (stream.kind === kind && stream.id === id) {
        if (lane !== undefined && lane !== open) {
          report(d, 'chunk-conflict', process.env.NODE_ENV !== 'production' ? `${type} for '${id}' names subagent '${lane}', but its stream is open under ${open === undefined ? 'the parent agent' : `subagent '${open}'`}.` : '')
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
    report(d, 'chunk-conflict', process.env.NODE_ENV !== 'production' ? `${type} carries neither an id nor a subagentRunId, but ${lanes.length} subagents have an open stream; it was treated as the parent agent's.` : '')
  }
  return undefined
}

export function onReasoningChunk(d: Draft, event: Event): void {
  const eventLane = laneOf(event)
  let id: string | undefined
  if (event.messageId !== undefined) {
    id = validId(event.messageId)
    if (id === undefined) report(d, 'missing-id', process.env.NODE_ENV !== 'production' ? `REASONING_MESSAGE_CHUNK.messageId must be a non-empty string (got ${describe(event.messageId)}).` : '')
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
      report(d, 'chunk-missing-id', process.env.NODE_ENV !== 'production' ? `The first REASONING_MESSAGE_CHUNK of a stream must have a messageId${delta ? '; its text was kept in a block of its own' : ''}.` : '')
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

export function onTextChunk(d: Draft, event: Event): void {
  const eventLane = laneOf(event)
  const id = event.messageId === undefined ? undefined : validId(event.messageId)
  if (event.messageId !== undefined && id === undefined) report(d, 'missing-id', process.env.NODE_ENV !== 'production' ? `TEXT_MESSAGE_CHUNK.messageId must be a non-empty string.` : '')
  if (event.delta !== undefined && typeof event.delta !== 'string') requireDelta(d, event)
  const lane = chunkLane(d, 'text', id, eventLane, 'TEXT_MESSAGE_CHUNK')
  const open = d.chunkLanes.get(lane)
  if (open?.kind === 'text' && (id === undefined || id === open.id)) {
    conflict(d, 'TEXT_MESSAGE_CHUNK', open.id, 'role', event.role, open.role)
    return
  }
  closeLane(d, lane, quietTimeOf(d, event))
  if (id === undefined) {
    report(d, 'chunk-missing-id', process.env.NODE_ENV !== 'production' ? `First TEXT_MESSAGE_CHUNK must have a messageId; the chunk was ignored.` : '')
    return
  }
  const role = str(event.role) ?? 'assistant'
  textEntry(d, id, role, lane, timeOf(d, event))
  d.chunkLanes.set(lane, { kind: 'text', id, role })
}

function conflict(d: Draft, type: string, id: string, field: string, given: unknown, opened: string | undefined): void {
  if (given !== undefined && given !== opened) {
    report(d, 'chunk-conflict', process.env.NODE_ENV !== 'production' ? `${type} for '${id}': chunk ${field} ${describe(given)} does not match the open stream's ${field} ${opened === undefined ? '(absent)' : `'${opened}'`}; the opener's value was kept.` : '')
  }
}

export function onToolChunk(d: Draft, event: Event): void {
  const eventLane = laneOf(event)
  const id = event.toolCallId === undefined ? undefined : validId(event.toolCallId)
  if (event.toolCallId !== undefined && id === undefined) report(d, 'missing-id', process.env.NODE_ENV !== 'production' ? `TOOL_CALL_CHUNK.toolCallId must be a non-empty string.` : '')
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
    report(d, 'chunk-missing-id', process.env.NODE_ENV !== 'production' ? `First TOOL_CALL_CHUNK must have a toolCallId; the chunk was ignored.` : '')
    return
  }
  const name = str(event.toolCallName)
  if (name === undefined) report(d, 'malformed-field', process.env.NODE_ENV !== 'production' ? `First TOOL_CALL_CHUNK must have a toolCallName.` : '')
  const parent = str(event.parentMessageId)
  toolEntry(d, id, name ?? '', parent, lane, timeOf(d, event))
  d.chunkLanes.set(lane, { kind: 'tool', id, ...(name !== undefined && { name }), ...(parent !== undefined && { parentMessageId: parent }) })
}
