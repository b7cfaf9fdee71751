/**
 * The usage of four recordings, pinned to numbers worked out by hand from each
 * provider's raw report and AG-UI 1.0's accounting (input and output are totals;
 * reasoning and cache counts are parts of them; total = input + output). The
 * general check in recorded.test.ts derives its expectations by a rule; these
 * literals catch a rule that is wrong in the same way on both sides.
 */
import type { TokenUsage } from '@ag-ui/core'
import { describe, expect, it } from 'vitest'
import { createAnthropicTranslator, createChatCompletionsTranslator, translateAll, type AgUiEvent } from '../../src/adapters'
import { loadRecording, type RecordedAdapter } from '../helpers/recorded'

const usageAtEnd = (events: readonly AgUiEvent[]) => (events.at(-1) as { usage?: TokenUsage[] } | undefined)?.usage

function usageOf(adapter: RecordedAdapter, file: string) {
  const recording = loadRecording(adapter, file)
  const translator = adapter === 'anthropic' ? createAnthropicTranslator() : createChatCompletionsTranslator()
  return usageAtEnd(translateAll(translator, recording.events))
}

describe('recorded usage, by hand', () => {
  it('xAI counts reasoning beside completion_tokens (26 + 196 = 222, and 291 + 222 = its total 513): added in', () => {
    expect(usageOf('chat-completions', 'xai-tool-call.chunks.txt')).toEqual([
      { model: 'grok-3-mini', inputTokens: 291, outputTokens: 222, totalTokens: 513, reasoningTokens: 196, cachedInputTokens: 290 },
    ])
  })

  it('DeepSeek counts reasoning inside completion_tokens (198 of 212): kept as reported', () => {
    expect(usageOf('chat-completions', 'deepseek-thinking-stream.sse')).toEqual([
      { model: 'deepseek-reasoner', inputTokens: 6, outputTokens: 212, totalTokens: 218, reasoningTokens: 198, cachedInputTokens: 0 },
    ])
  })

  it('Snowflake Cortex reports usage in its last, choice-less chunk: the run ends clean with it', () => {
    expect(usageOf('chat-completions', 'snowflake-thinking-streaming.sse')).toMatchObject([
      { inputTokens: 45, outputTokens: 73, totalTokens: 118, reasoningTokens: 0, cachedInputTokens: 0 },
    ])
  })

  it('Anthropic: message_delta restates input_tokens (61 over message_start\'s 43); no reasoning count in the stream', () => {
    const [entry] = usageOf('anthropic', 'message-delta-input-tokens.chunks.txt') ?? []
    expect(entry).toMatchObject({ inputTokens: 61, outputTokens: 2, totalTokens: 63 })
    expect(entry?.reasoningTokens).toBeUndefined()
  })
})
