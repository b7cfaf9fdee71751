// docs/core.md, "Sources": run by test/docs/core.test.ts against a stubbed fetch.
// #region sample
import type { RunAgentInput } from '@ag-ui/core'
import { connectSse, type ReasoningStore } from 'reasoning-ui/core'

/** One run of the agent at /api/agent; `stop.abort()` and `disconnect()` are both the user's stop. */
export function ask(store: ReasoningStore, input: RunAgentInput) {
  const stop = new AbortController()
  const disconnect = connectSse('/api/agent', store, {
    init: { method: 'POST', body: JSON.stringify(input), signal: stop.signal }, // stop.abort(): open blocks 'stopped'
    idleTimeoutMs: 45_000,                                                    // the server sends `: ping` every 15 s
  })
  return { stop, disconnect } // disconnect(): aborts the request and ends the stream as 'stopped'
}
// #endregion
