// docs/adapters.md, "Anthropic Messages": run by test/docs/adapters.test.ts against a stubbed fetch.
// #region sample
import { createReasoningStore } from 'reasoning-ui/core'
import { connectAnthropic } from 'reasoning-ui/adapters'

export const store = createReasoningStore()
// Your server forwards this to POST /v1/messages (the API key stays there).
const request = {
  model: 'claude-sonnet-4-5',
  max_tokens: 16000,
  thinking: { type: 'enabled', budget_tokens: 10000 },
  stream: true,
  messages: [{ role: 'user', content: 'Is 2027 prime?' }],
}
export const stop = connectAnthropic('/api/claude', store, {
  init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request) },
})
// Render it with <ReasoningStream store={store} />; stop() aborts. Signatures and redacted data
// stay in the store for the next request: blocks[i].messages[j].meta?.signature and .encryptedValue.
// #endregion
