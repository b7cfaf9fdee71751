// README.md, "Quick start" (not on AG-UI): run by test/docs/react.test.tsx against a stubbed fetch.
// #region sample
import { useEffect, useState } from 'react'
import { createReasoningStore, ReasoningStream } from 'reasoning-ui'
import { connectAnthropic } from 'reasoning-ui/adapters'

/** Claude's thinking, through your server's proxy of POST /v1/messages (`body`: the request, stream: true). */
export function ClaudeThinking({ body }: { body: string }) {
  const [store] = useState(() => createReasoningStore())
  useEffect(() => connectAnthropic('/api/claude', store, { init: { method: 'POST', body } }), [store, body])
  return <ReasoningStream store={store} />
}
// #endregion
