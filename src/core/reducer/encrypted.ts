/**
 * REASONING_ENCRYPTED_VALUE: values attach to the message, span or tool call
 * they name, even after it ended, and wait when it does not exist yet.
 */
import {
  describe, report, setEntry, str, touchBlock, touchMessage, requireId, type BlockRec, type Draft, type Event, type MessageRec, type Pending,
} from '../draft'

export function setBlockEncrypted(block: BlockRec, value: Pending): void {
  block.encryptedValue = value.value
  if (value.type !== undefined) block.encryptedValueType = value.type
  else delete block.encryptedValueType
}

export function setMessageEncrypted(d: Draft, message: MessageRec, value: Pending): void {
  message.encryptedValue = value.value
  if (value.type !== undefined) message.encryptedValueType = value.type
  else delete message.encryptedValueType
  touchMessage(d, message)
}

const pendingKey = (subtype: string, id: string) => `${subtype}\u0000${id}`

export function takePending(d: Draft, subtype: 'message' | 'tool-call', id: string): Pending | undefined {
  if (d.pending.size === 0) return undefined
  const key = pendingKey(subtype, id)
  const value = d.pending.get(key)
  if (value) d.pending.delete(key)
  return value
}

export function onEncryptedValue(d: Draft, event: Event): void {
  const subtype = event.subtype
  if (subtype !== 'message' && subtype !== 'tool-call') {
    report(d, 'malformed-field', process.env.NODE_ENV !== 'production' ? `REASONING_ENCRYPTED_VALUE.subtype must be "message" or "tool-call" (got ${describe(subtype)}); the event was ignored.` : '')
    return
  }
  const id = requireId(d, event, 'entityId')
  if (id === undefined) return
  const value = event.encryptedValue
  if (typeof value !== 'string') {
    report(d, 'malformed-field', process.env.NODE_ENV !== 'production' ? `REASONING_ENCRYPTED_VALUE.encryptedValue must be a string; the event was ignored.` : '')
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
