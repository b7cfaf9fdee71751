// docs/core.md's first example, verbatim between the region markers
// (test/core/readme.test.ts checks that it is, and that it does what it says).
// #region readme
import { createReasoningStore, toReasoningMessages } from 'reasoning-ui/core'

const store = createReasoningStore({ flush: 'sync' }) // 'frame' (default) | 'microtask' | 'sync'

store.dispatch({ type: 'RUN_STARTED', threadId: 't1', runId: 'r1' })
store.dispatch({ type: 'REASONING_START', messageId: 'span-1' })
store.dispatch({ type: 'REASONING_MESSAGE_START', messageId: 'm1', role: 'reasoning' })
store.dispatch({ type: 'REASONING_MESSAGE_CONTENT', messageId: 'm1', delta: '**Counting legs**\n' })
store.dispatch({ type: 'REASONING_MESSAGE_CONTENT', messageId: 'm1', delta: '20 heads, 56 legs: 8 rabbits.' })
store.dispatch({ type: 'REASONING_MESSAGE_END', messageId: 'm1' })
store.dispatch({ type: 'REASONING_END', messageId: 'span-1' })
store.dispatch({ type: 'REASONING_MESSAGE_CONTENT', messageId: 'm1', delta: 42 }) // bad input: a diagnostic, never a throw
store.dispatch({ type: 'RUN_FINISHED', threadId: 't1', runId: 'r1' })

const { blocks, diagnostics } = store.getState()
console.log(blocks[0]?.status, blocks[0]?.title) // complete Counting legs
console.log(blocks[0]?.messages[0]?.text) // **Counting legs**\n20 heads, 56 legs: 8 rabbits.
console.log(diagnostics[0]?.code) // malformed-field
console.log(toReasoningMessages(store.getState()))
// [{ id: 'm1', role: 'reasoning', content: '**Counting legs**\n20 heads, 56 legs: 8 rabbits.',
//    metadata: { reasoningUi: { startedAt, endedAt, block: { id: 'span-1', startedAt, endedAt } } } }]
// #endregion

export { blocks, diagnostics, store }
