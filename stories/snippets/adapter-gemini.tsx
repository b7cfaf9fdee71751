import 'reasoning-ui/styles.css'
import { useEffect, useState } from 'react'
import { createReasoningStore, ReasoningStream } from 'reasoning-ui'
import { connectGemini } from 'reasoning-ui/adapters/gemini'

/** Your endpoint adds the API key and relays Gemini's SSE body as is (`?alt=sse`); the adapter turns it into AG-UI events. */
export function Thoughts({ url = '/api/gemini/models/gemini-2.5-pro:streamGenerateContent?alt=sse' }: { url?: string }) {
  const [store] = useState(() => createReasoningStore())
  useEffect(() => {
    const body = JSON.stringify({
      contents: [{ role: 'user', parts: [{ text: 'How do I cross the street?' }] }],
      generationConfig: { thinkingConfig: { includeThoughts: true } },
    })
    return connectGemini(url, store, { init: { method: 'POST', headers: { 'content-type': 'application/json' }, body } })
  }, [url, store])
  return <ReasoningStream store={store} visibility="full" />
}
