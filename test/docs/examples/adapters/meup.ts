// docs/adapters.md, "MEUP": run by test/docs/adapters.test.ts against a stubbed fetch and WebSocket.
// #region sample
import { createReasoningStore } from 'reasoning-ui/core'
import { connectMeup, createMeupTranslator, feedTranslator } from 'reasoning-ui/adapters'

// A transcript over HTTP, one envelope per line:
export const store = createReasoningStore()
connectMeup('/api/pods/design-review/transcript', store)
// Or live from the gateway's WebSocket:
export const live = createReasoningStore()
const t = createMeupTranslator()
const ws = new WebSocket('wss://gateway.example/pods/design-review')
ws.onmessage = (message) => feedTranslator(t, live, JSON.parse(String(message.data)))
ws.onclose = () => t.end().forEach((event) => live.dispatch(event))
// Render with <ReasoningTimeline store={live} />: steps with their types, then the outcome.
// #endregion
