// docs/adapters.md, "Gemini": run by test/docs/adapters.test.ts against a stubbed fetch.
// #region sample
import { createReasoningStore } from 'reasoning-ui/core'
import { connectGemini } from 'reasoning-ui/adapters/gemini'

// From your server, which adds the key (never ship GEMINI_API_KEY to a browser) and relays the SSE body as is.
export const store = createReasoningStore()
export const stop = connectGemini('/api/gemini/models/gemini-2.5-pro:streamGenerateContent?alt=sse', store, {
  init: {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      contents: [{ role: 'user', parts: [{ text: 'How do I cross the street?' }] }],
      generationConfig: { thinkingConfig: { includeThoughts: true } },
    }),
  },
})
// #endregion
