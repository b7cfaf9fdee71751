// docs/adapters.md, "Ollama": run by test/docs/adapters.test.ts against a stubbed fetch.
// #region sample
import { createReasoningStore } from 'reasoning-ui/core'
import { connectOllama } from 'reasoning-ui/adapters/ollama'

// In a browser, the Ollama server must allow the page's origin (OLLAMA_ORIGINS); a server relays it as is.
export const store = createReasoningStore()
export const stop = connectOllama('http://localhost:11434/api/chat', store, {
  init: {
    method: 'POST',
    body: JSON.stringify({ model: 'qwen3', think: true, messages: [{ role: 'user', content: 'How many r are in strawberry?' }] }),
  },
})
// #endregion
