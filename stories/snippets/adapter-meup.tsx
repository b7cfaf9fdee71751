import 'reasoning-ui/styles.css'
import { useEffect, useState } from 'react'
import { createReasoningStore, ReasoningTimeline } from 'reasoning-ui'
import { connectMeup } from 'reasoning-ui/adapters'

/** Your endpoint relays the provider's stream as is; the adapter turns it into AG-UI events. */
export function Thoughts({ url = '/api/meup' }: { url?: string }) {
  const [store] = useState(() => createReasoningStore())
  useEffect(() => connectMeup(url, store), [url, store])
  return <ReasoningTimeline store={store} visibility="full" />
}
