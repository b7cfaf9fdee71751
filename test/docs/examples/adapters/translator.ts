// docs/adapters.md: the shape every adapter shares. Run by test/docs/adapters.test.ts on a recorded stream.
// #region sample
import { createOpenAIResponsesTranslator, type AgUiEvent } from 'reasoning-ui/adapters'

/** A provider's events (parsed JSON, e.g. from the OpenAI SDK's stream) in, AG-UI events out, for any AG-UI client. */
export async function forward(providerEvents: AsyncIterable<unknown>, send: (event: AgUiEvent) => void) {
  const t = createOpenAIResponsesTranslator({ threadId: 'thread-1' }) // options: threadId, runId, now
  for await (const providerEvent of providerEvents) {
    for (const event of t.push(providerEvent)) send(event) // the AG-UI events it means (possibly none)
  }
  for (const event of t.end()) send(event) // closing events: a stream that stopped short ends with RUN_ERROR,
  //                                          so its open reasoning is `interrupted` and keeps its text
  return t.diagnostics // provider events it skipped (malformed), in order
}
// #endregion
