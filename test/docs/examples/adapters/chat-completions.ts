// docs/adapters.md, "OpenAI-compatible chat completions": run by test/docs/adapters.test.ts against a stubbed fetch.
// #region sample
import { createReasoningStore } from 'reasoning-ui/core'
import { connectChatCompletions, translateChatCompletion } from 'reasoning-ui/adapters'

const request = { model: 'deepseek-reasoner', messages: [{ role: 'user', content: '9.11 or 9.8: which is larger?' }] }
const init = (stream: boolean) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ ...request, stream }),
})

// Streaming, from any OpenAI-compatible endpoint (DeepSeek, vLLM, OpenRouter, Ollama, LM Studio…):
export const store = createReasoningStore()
export const stop = connectChatCompletions('/api/chat/completions', store, { init: init(true) })

// Or a non-streaming response: its AG-UI events, to dispatch (or keep).
export const once = createReasoningStore()
const completion: unknown = await (await fetch('/api/chat/completions', init(false))).json()
for (const event of translateChatCompletion(completion)) once.dispatch(event)
// #endregion
