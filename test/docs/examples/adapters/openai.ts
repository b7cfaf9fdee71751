// docs/adapters.md, "OpenAI Responses": run by test/docs/adapters.test.ts against a stubbed fetch.
// #region sample
import { connectOpenAIResponses, translateOpenAIResponse } from 'reasoning-ui/adapters'
import type { ReasoningStore } from 'reasoning-ui/core'

/** Streaming: your server forwards POST /v1/responses ({ stream: true, reasoning: { summary: 'auto' } }). */
export function streamResponse(store: ReasoningStore, input: string) {
  return connectOpenAIResponses('/api/responses', store, {
    init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ input }) },
  }) // or a Response you already have: connectOpenAIResponses(await fetch(url, init), store)
}

/** Non-streaming: the Response object. */
export async function showResponse(store: ReasoningStore) {
  const response: unknown = await (await fetch('/api/responses/once')).json()
  for (const event of translateOpenAIResponse(response)) store.dispatch(event)
}
// #endregion
