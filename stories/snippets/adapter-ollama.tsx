import 'reasoning-ui/styles.css'
import { useEffect, useState } from 'react'
import { createReasoningStore, ReasoningStream } from 'reasoning-ui'
import { connectOllama } from 'reasoning-ui/adapters/ollama'

/** Ollama's own API (NDJSON), `think: true` for its thinking; from a browser the server must allow your origin (OLLAMA_ORIGINS). */
export function Thoughts({ host = 'http://localhost:11434', model = 'qwen3' }: { host?: string; model?: string }) {
  const [store] = useState(() => createReasoningStore())
  useEffect(() => {
    const body = JSON.stringify({ model, think: true, messages: [{ role: 'user', content: 'How many r are in strawberry?' }] })
    return connectOllama(`${host}/api/chat`, store, { init: { method: 'POST', body } })
  }, [host, model, store])
  return <ReasoningStream store={store} visibility="full" />
}
