export { EventWriter } from './writer'
export { connectProviderStream, feedTranslator, translateAll } from './connect'
export { DONE } from './done'
export {
  connectOpenAIResponses,
  createOpenAIResponsesTranslator,
  OPENAI_ENCRYPTED_CONTENT,
  translateOpenAIResponse,
  translateOpenAIResponses,
} from './openai-responses'
export {
  ANTHROPIC_REDACTED_THINKING,
  connectAnthropic,
  createAnthropicTranslator,
  translateAnthropic,
  translateAnthropicMessage,
} from './anthropic'
export {
  connectChatCompletions,
  createChatCompletionsTranslator,
  COPILOT_REASONING_OPAQUE,
  OPENROUTER_ENCRYPTED_REASONING,
  translateChatCompletion,
  translateChatCompletions,
} from './chat-completions'
export { connectLetta, createLettaTranslator, translateLetta } from './letta'
export { connectMeup, createMeupTranslator, translateMeup } from './meup'
export { connectVercelAI, createVercelAITranslator, translateVercelAI } from './vercel-ai'

export type { AdapterDiagnostic, AgUiEvent, Translator, TranslatorOptions } from './types'
export type { ProviderStreamOptions } from './connect'
export type { OpenAIResponsesOptions } from './openai-responses'
export type { AnthropicOptions } from './anthropic'
export type { ChatCompletionsOptions } from './chat-completions'
export type { LettaOptions, LettaOrigin, LettaTranslator } from './letta'
export type { MeupOptions, MeupSession, MeupTranslator } from './meup'
export type { VercelAIOptions } from './vercel-ai'
