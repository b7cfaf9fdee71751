import { isRecord, report, str, type Draft, type Event } from './draft'

// Legacy THINKING_* events: translated like @ag-ui/client's compatibility
// boundary, but with deterministic ids and the title kept.

export function translateLegacy(d: Draft, event: Event, type: string): Event | undefined {
  const legacy = d.legacy
  if (!legacy.reported) {
    legacy.reported = true
    report(d, 'deprecated-event', process.env.NODE_ENV !== 'production' ? `${type} is a retired AG-UI event; THINKING_* events were translated to REASONING_* (titles kept).` : '')
  }
  const base: Event = {}
  if (event.timestamp !== undefined) base.timestamp = event.timestamp
  if (event.metadata !== undefined) base.metadata = event.metadata
  switch (type) {
    case 'THINKING_START': {
      const id = unused(d, () => `thinking-${++legacy.seq}`)
      legacy.span = id
      legacy.messageSeq = 0
      const title = str(event.title)
      if (title !== undefined) {
        const metadata = isRecord(event.metadata) ? event.metadata : {}
        const ui = isRecord(metadata.reasoningUi) ? metadata.reasoningUi : {}
        base.metadata = { ...metadata, reasoningUi: { ...ui, title } }
      }
      return { ...base, type: 'REASONING_START', messageId: id }
    }
    case 'THINKING_TEXT_MESSAGE_START': {
      const span = legacy.span ?? unused(d, () => `thinking-${++legacy.seq}`)
      const id = unused(d, () => `${span}-message-${++legacy.messageSeq}`)
      legacy.message = id
      return { ...base, type: 'REASONING_MESSAGE_START', messageId: id, role: 'reasoning' }
    }
    case 'THINKING_TEXT_MESSAGE_CONTENT':
      return { ...base, type: 'REASONING_MESSAGE_CONTENT', messageId: legacy.message, delta: event.delta }
    case 'THINKING_TEXT_MESSAGE_END': {
      const id = legacy.message
      legacy.message = undefined
      return { ...base, type: 'REASONING_MESSAGE_END', messageId: id }
    }
    case 'THINKING_END': {
      const id = legacy.span
      legacy.span = undefined
      return { ...base, type: 'REASONING_END', messageId: id }
    }
    default:
      return undefined
  }
}

/**
 * The next generated id that no block or message uses yet: a producer mixing
 * legacy and current events may have taken `thinking-1` itself, and sharing an
 * id would merge its reasoning into ours.
 */
function unused(d: Draft, next: () => string): string {
  let id: string
  do id = next()
  while (d.blockById.has(id) || d.messages.has(id))
  return id
}
