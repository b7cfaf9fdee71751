// docs/core.md's "Saving and restoring a conversation" example, verbatim between the
// region markers (test/core/history.test.ts checks that it is, and that it does what it says).
// #region readme
import type { Message } from '@ag-ui/core'
import {
  createReasoningStore, getBlockDuration, selectBlocksBefore, toReasoningMessages, type ReasoningState,
} from 'reasoning-ui/core'

/** Your transcript (assistant ids = their TEXT_MESSAGE ids) with the reasoning behind each answer before it, as JSON. */
export function saveConversation(state: ReasoningState, transcript: readonly Message[]): string {
  const reasoning = toReasoningMessages(state)
  const messages = transcript.flatMap((message): Message[] => {
    if (message.role !== 'assistant') return [message]
    const ids = new Set(selectBlocksBefore(state, message.id).flatMap((b) => [b.id, ...b.messages.map((m) => m.id)]))
    return [...reasoning.filter((r) => ids.has(r.id)), message]
  })
  return JSON.stringify(messages)
}

/** After a reload: a fresh store with the same blocks (ids, grouping, durations, kinds, titles, status). */
export function restoreConversation(saved: string) {
  const store = createReasoningStore()
  store.dispatch({ type: 'MESSAGES_SNAPSHOT', messages: JSON.parse(saved) })
  return store
}

// A turn as it streamed: one span, a reasoning message and a provider summary, 12 seconds.
const live = createReasoningStore({ flush: 'sync' })
live.dispatch({ type: 'RUN_STARTED', threadId: 't1', runId: 'r1' })
live.dispatch({ type: 'REASONING_START', messageId: 'span-1', timestamp: 1_700_000_000_000 })
live.dispatch({ type: 'REASONING_MESSAGE_CHUNK', messageId: 'm1', delta: '**Counting legs**\n56 - 2 × 20 = 16 extra legs.' })
live.dispatch({ type: 'REASONING_MESSAGE_CHUNK', messageId: 's1', delta: 'Rabbits: 8.', metadata: { reasoningUi: { kind: 'summary' } } })
live.dispatch({ type: 'REASONING_END', messageId: 'span-1', timestamp: 1_700_000_012_000 })
live.dispatch({ type: 'TEXT_MESSAGE_CHUNK', messageId: 'a1', role: 'assistant', delta: '8 rabbits, 12 chickens.' })
live.dispatch({ type: 'RUN_FINISHED', threadId: 't1', runId: 'r1' })

const saved = saveConversation(live.getState(), [
  { id: 'u1', role: 'user', content: '20 heads, 56 legs: how many rabbits?' },
  { id: 'a1', role: 'assistant', content: '8 rabbits, 12 chickens.' },
]) // e.g. localStorage.setItem('chat:t1', saved), or your server's database

const store = restoreConversation(saved)
const [block] = store.getState().blocks
console.log(block?.id, block?.status, block?.title) // span-1 complete Counting legs
console.log(block?.messages.map((m) => `${m.id}:${m.kind}`)) // ['m1:text', 's1:summary']
console.log(getBlockDuration(block!)) // 12000: <ReasoningStream store={store} /> says "Thought for 12 seconds"
// #endregion

export { live, saved, store }
