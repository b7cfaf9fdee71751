// docs/adapters.md, "Letta": run by test/docs/adapters.test.ts against a stubbed fetch.
// #region sample
import { createReasoningStore } from 'reasoning-ui/core'
import { connectLetta } from 'reasoning-ui/adapters'

export const store = createReasoningStore()
// Your server forwards this to POST /v1/agents/{agent_id}/messages/stream (the API key stays there).
export const stop = connectLetta('/api/letta/agents/agent-123/messages/stream', store, {
  init: {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ messages: [{ role: 'user', content: 'Plan my weekend' }], stream_tokens: true }),
  },
})
// Render it with <ReasoningStream store={store} />; stop() aborts.
// #endregion
