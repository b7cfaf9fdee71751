import { createReasoningStore, type ReasoningStore } from '../../src/core/index'

/** A store that notifies synchronously and a clock the test controls. */
export function testStore(start = 1_000): ReasoningStore & { clock: { now: number } } {
  const clock = { now: start }
  const store = createReasoningStore({ flush: 'sync', now: () => clock.now })
  return Object.assign(store, { clock })
}

export const run = (runId = 'r1') => ({ type: 'RUN_STARTED', threadId: 't1', runId })
export const runDone = (runId = 'r1') => ({ type: 'RUN_FINISHED', threadId: 't1', runId })
export const span = (messageId: string, extra: object = {}) => ({ type: 'REASONING_START', messageId, ...extra })
export const spanEnd = (messageId: string, extra: object = {}) => ({ type: 'REASONING_END', messageId, ...extra })
export const msgStart = (messageId: string, extra: object = {}) => ({ type: 'REASONING_MESSAGE_START', messageId, role: 'reasoning', ...extra })
export const content = (messageId: string, delta: string, extra: object = {}) => ({ type: 'REASONING_MESSAGE_CONTENT', messageId, delta, ...extra })
export const msgEnd = (messageId: string, extra: object = {}) => ({ type: 'REASONING_MESSAGE_END', messageId, ...extra })
export const chunk = (messageId: string | undefined, delta?: string, extra: object = {}) => ({
  type: 'REASONING_MESSAGE_CHUNK',
  ...(messageId !== undefined && { messageId }),
  ...(delta !== undefined && { delta }),
  ...extra,
})
export const text = (messageId: string, delta = 'answer') => [
  { type: 'TEXT_MESSAGE_START', messageId, role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId, delta },
  { type: 'TEXT_MESSAGE_END', messageId },
]
export const encrypted = (entityId: string, encryptedValue: string, extra: object = {}) => ({
  type: 'REASONING_ENCRYPTED_VALUE', subtype: 'message', entityId, encryptedValue, ...extra,
})
export const ui = (reasoningUi: object) => ({ metadata: { reasoningUi } })

export function feed(store: ReasoningStore, ...events: (object | object[])[]): void {
  for (const e of events.flat()) store.dispatch(e)
}

export const codes = (store: ReasoningStore) => store.getState().diagnostics.map((d) => d.code)

/** A store (its clock at `start`) with one span `s1` whose message `m1` has streamed `delta` so far. */
export function streamingStore(delta: string, start = 1_000): ReturnType<typeof testStore> {
  const store = testStore(start)
  feed(store, run(), span('s1'), msgStart('m1'), content('m1', delta))
  return store
}

/** `streamingStore(delta, start)` whose stream then ended for `reason`, `ms` after `start`. */
export function endedStore(delta: string, ms: number, reason: Parameters<ReasoningStore['streamEnded']>[1], start = 1_000): ReturnType<typeof testStore> {
  const store = streamingStore(delta, start)
  store.clock.now = start + ms
  store.streamEnded(undefined, reason)
  return store
}
