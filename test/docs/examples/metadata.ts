// docs/events.md, "metadata.reasoningUi": run by test/docs/core.test.ts.
import { createReasoningStore } from 'reasoning-ui/core'

export const store = createReasoningStore({ flush: 'sync' })
store.dispatch({ type: 'RUN_STARTED', threadId: 't1', runId: 'r1' })
// #region sample
store.dispatch({ type: 'REASONING_MESSAGE_START', messageId: 's1', role: 'reasoning',
  metadata: { reasoningUi: { kind: 'summary' } } })
// #endregion
