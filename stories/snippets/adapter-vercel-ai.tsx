import 'reasoning-ui/styles.css'
import { useEffect, useState } from 'react'
import { createReasoningStore, ReasoningStream } from 'reasoning-ui'
import { connectVercelAI } from 'reasoning-ui/adapters'

/** Your endpoint relays the provider's stream as is; the adapter turns it into AG-UI events. */
export function Thoughts({ url = '/api/chat' }: { url?: string }) {
  const [store] = useState(() => createReasoningStore())
  useEffect(() => connectVercelAI(url, store), [url, store])
  return <ReasoningStream store={store} visibility="full" />
}
