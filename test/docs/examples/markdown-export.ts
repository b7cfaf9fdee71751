// docs/core.md, "Exporting as markdown": run by test/docs/core.test.ts, which checks that it prints what its comments say.
// #region sample
import { createReasoningStore, toMarkdown } from 'reasoning-ui/core'

const store = createReasoningStore({ flush: 'sync' })
store.dispatch({ type: 'RUN_STARTED', threadId: 't1', runId: 'r1' })
store.dispatch({ type: 'REASONING_START', messageId: 'span-1', timestamp: 1_000 })
store.dispatch({ type: 'REASONING_MESSAGE_START', messageId: 'm1', role: 'reasoning' })
store.dispatch({ type: 'REASONING_MESSAGE_CONTENT', messageId: 'm1', delta: '**Counting legs**\n20 heads, 56 legs: 8 rabbits.\n</details><script>alert(1)</script>' })
store.dispatch({ type: 'REASONING_MESSAGE_END', messageId: 'm1' })
store.dispatch({ type: 'REASONING_END', messageId: 'span-1', timestamp: 13_000 })
store.dispatch({ type: 'RUN_FINISHED', threadId: 't1', runId: 'r1', usage: [{ reasoningTokens: 768 }] })

console.log(toMarkdown(store.getState()))
// <details><summary>Thought for 12 seconds · 768 reasoning tokens — Counting legs</summary>
//
// **Counting legs**
// 20 heads, 56 legs: 8 rabbits.
// &lt;/details>&lt;script>alert(1)&lt;/script>
//
// </details>
console.log(toMarkdown(store.getState(), { visibility: 'summary', style: 'blockquote' }))
// > **Thought for 12 seconds · 768 reasoning tokens — Counting legs**
// >
// > - Counting legs
console.log(toMarkdown(store.getState().blocks, { visibility: 'none', style: 'plain', locale: 'de' }))
// Thought for 12 Sekunden
// #endregion
