// docs/adapters.md, "Token usage": run by test/docs/adapters.test.ts with the AI SDK's mock model.
// #region sample
import { streamText, type LanguageModel, type ModelMessage } from 'ai'

/** app/api/chat/route.ts (AI SDK): put the run's usage in the message metadata for the adapter to read. */
export function chat(model: LanguageModel, messages: ModelMessage[]) {
  const result = streamText({ model, messages })
  return result.toUIMessageStreamResponse({
    messageMetadata: ({ part }) => (part.type === 'finish' ? { totalUsage: part.totalUsage } : undefined),
  })
}
// #endregion
