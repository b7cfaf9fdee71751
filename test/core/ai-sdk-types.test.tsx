/**
 * Type-level: AI SDK 7's real `UIMessage` (from the `ai` devDependency) fits the
 * structural input types of reasoning-ui/ai-sdk, so an app passes `useChat`
 * messages as they are, with no cast. Checked by `tsc` (this file is in the
 * project) and by Vitest's `expectTypeOf` at run time (trivially true there).
 */
import type { DynamicToolUIPart, ReasoningUIPart, TextUIPart, ToolUIPart, UIMessage } from 'ai'
import { describe, expectTypeOf, it } from 'vitest'
import type { ReasoningUIPartLike, TextUIPartLike, ToolUIPartLike, UIMessageLike } from 'reasoning-ui/ai-sdk'
import { uiMessageToReasoning } from 'reasoning-ui/ai-sdk'
import { UIMessageReasoning, useUIMessageReasoning } from 'reasoning-ui'

/** The app's tools as `InferUITools` makes them. */
type Tools = { weather: { input: { city: string }; output: { city: string; celsius: number } } }
type AppMessage = UIMessage<{ createdAt: number }, { progress: { done: number } }, Tools>

describe('AI SDK 7 types', () => {
  it('UIMessage, with and without its generics, is a UIMessageLike', () => {
    expectTypeOf<UIMessage>().toExtend<UIMessageLike>()
    expectTypeOf<AppMessage>().toExtend<UIMessageLike>()
    expectTypeOf<ReasoningUIPart>().toExtend<ReasoningUIPartLike>()
    expectTypeOf<TextUIPart>().toExtend<TextUIPartLike>()
    expectTypeOf<ToolUIPart<Tools>>().toExtend<ToolUIPartLike>()
    expectTypeOf<DynamicToolUIPart>().toExtend<ToolUIPartLike>()
  })

  it('the converter, the hook and the component take useChat messages without a cast', () => {
    const message = { id: 'm', role: 'assistant', parts: [] } as AppMessage
    expectTypeOf(uiMessageToReasoning).toBeCallableWith(message, { status: 'streaming' })
    expectTypeOf(useUIMessageReasoning).toBeCallableWith(message)
    // renderPart receives the app's own part type, narrowed by `type`.
    const element = (
      <UIMessageReasoning
        message={message}
        status="ready"
        renderPart={(part) => {
          if (part.type === 'text') expectTypeOf(part.text).toEqualTypeOf<string>()
          if (part.type === 'data-progress') expectTypeOf(part.data).toEqualTypeOf<{ done: number }>()
          return null
        }}
      />
    )
    expectTypeOf(element).not.toBeAny()
  })
})
