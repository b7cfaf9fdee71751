import { continues, parseHeading } from './headings'
import type { ReasoningBlock, ReasoningMessagePart, ReasoningState, ReasoningStatus } from './model'
import type { BlockRec, Draft, MessageRec } from './draft'
import { setTextEnd } from './text-end'

// Materialising the public state

function buildMessage(m: MessageRec): ReasoningMessagePart {
  const status: ReasoningStatus = m.open ? 'streaming' : m.interrupted ? 'interrupted' : 'complete'
  // A finished message's last line has no newline after it; it may still be a heading.
  const tail = !m.open && m.line ? parseHeading(m.line) : undefined
  // Shared with the part (see `MessageRec.headings`), or a copy with the last line's heading.
  if (tail === undefined) m.headingsShared = true
  const headings = tail !== undefined ? [...m.headings, tail] : m.headings
  if (headings !== m.headings) continues(headings, m.headings)
  const part: ReasoningMessagePart = {
    id: m.id,
    kind: m.kind,
    text: m.text,
    status,
    headings,
    ...(m.encryptedValue !== undefined && { encryptedValue: m.encryptedValue }),
    ...(m.encryptedValueType !== undefined && { encryptedValueType: m.encryptedValueType }),
    ...(m.meta !== undefined && { meta: m.meta }),
    ...(m.startedAt !== undefined && { startedAt: m.startedAt }),
    ...(m.endedAt !== undefined && { endedAt: m.endedAt }),
  }
  setTextEnd(part, { lineage: m.lineage, at: m.recentAt, recent: m.recent })
  m.dirty = false
  m.snap = part
  return part
}

function buildBlock(b: BlockRec): ReasoningBlock {
  const messages = b.messagesChanged || !b.snap
    ? b.messages.map((m) => (m.dirty || !m.snap ? buildMessage(m) : m.snap))
    : b.snap.messages
  b.messagesChanged = false
  const status: ReasoningStatus = b.spanOpen || b.openCount > 0 ? 'streaming' : b.interrupted ? 'interrupted' : 'complete'
  let title = b.explicitTitle
  if (title === undefined) {
    for (const m of messages) {
      if (m.headings.length > 0) {
        title = m.headings[0]
        break
      }
    }
  }
  const block: ReasoningBlock = {
    id: b.id,
    origin: b.origin,
    status,
    messages,
    encrypted:
      b.encryptedValue !== undefined || b.meta?.hidden === true ||
      messages.some((m) => m.encryptedValue !== undefined || m.meta?.hidden === true),
    ...(title !== undefined && { title }),
    ...(b.encryptedValue !== undefined && { encryptedValue: b.encryptedValue }),
    ...(b.encryptedValueType !== undefined && { encryptedValueType: b.encryptedValueType }),
    ...(b.meta !== undefined && { meta: b.meta }),
    ...(b.startedAt !== undefined && { startedAt: b.startedAt }),
    ...(status !== 'streaming' && b.endedAt !== undefined && { endedAt: b.endedAt }),
    ...(status === 'interrupted' && b.endReason !== undefined && { endReason: b.endReason }),
    ...(b.runId !== undefined && { runId: b.runId }),
    ...(b.lane !== undefined && { subagentRunId: b.lane }),
  }
  b.dirty = false
  b.snap = block
  return block
}

/** The current public state; the same object as last time when nothing changed. */
export function materialize(d: Draft): ReasoningState {
  if (!d.changed) return d.state
  const prev = d.state
  let blocks = prev.blocks
  if (d.blockListChanged) {
    blocks = d.blocks.map((b, i) => {
      b.index = i
      return b.dirty || !b.snap ? buildBlock(b) : b.snap
    })
  } else if (d.dirtyBlocks.length > 0) {
    const next = prev.blocks.slice()
    for (const b of d.dirtyBlocks) if (!b.removed) next[b.index] = buildBlock(b)
    blocks = next
  }
  for (const b of d.dirtyBlocks) b.dirty = false
  d.dirtyBlocks.length = 0
  d.blockListChanged = false

  const state: ReasoningState = {
    blocks,
    timeline: d.timelineChanged ? d.timeline.slice() : prev.timeline,
    runs: d.runsChanged ? d.runs.slice() : prev.runs,
    subagents: d.subagentsChanged ? d.subagentList.slice() : prev.subagents,
    diagnostics: d.diagnosticsChanged ? d.diagnostics.slice() : prev.diagnostics,
    ...(d.failure !== undefined && { failure: d.failure }),
  }
  d.timelineChanged = d.runsChanged = d.subagentsChanged = d.diagnosticsChanged = false
  d.changed = false
  d.state = state
  return state
}
