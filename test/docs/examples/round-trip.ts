// docs/core.md, "Sending reasoning back": run by test/docs/core.test.ts, which validates its output with @ag-ui/core's schema.
// #region sample
import type { Message, RunAgentInput } from '@ag-ui/core'
import { selectBlocksBefore, toReasoningMessages, type ReasoningStore } from 'reasoning-ui/core'

/** Your transcript (assistant ids = their TEXT_MESSAGE ids), with the reasoning behind each answer before it. */
export function nextRunInput(store: ReasoningStore, transcript: readonly Message[], threadId: string, runId: string): RunAgentInput {
  const state = store.getState()
  const reasoning = toReasoningMessages(state)
  const messages = transcript.flatMap((message): Message[] => {
    if (message.role !== 'assistant') return [message]
    const ids = new Set(selectBlocksBefore(state, message.id).flatMap((b) => [b.id, ...b.messages.map((m) => m.id)]))
    return [...reasoning.filter((r) => ids.has(r.id)), message]
  })
  return { threadId, runId, messages, tools: [], context: [], state: {}, forwardedProps: {} }
}
// POST it as the next run's body (or agent.setMessages(input.messages) with @ag-ui/client).
// #endregion
