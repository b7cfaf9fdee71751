// docs/adapters.md, "Vercel AI SDK": run by test/docs/adapters.test.ts against a stubbed fetch.
// #region sample
import type { UIMessage } from 'ai'
import { connectVercelAI } from 'reasoning-ui/adapters'
import type { ReasoningStore } from 'reasoning-ui/core'

/** Your route (app/api/chat/route.ts) returns streamText({ model, messages }).toUIMessageStreamResponse(). */
export function send(store: ReasoningStore, messages: UIMessage[]) {
  return connectVercelAI('/api/chat', store, {
    init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ messages }) },
  })
}
// #endregion
