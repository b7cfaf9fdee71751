import { AssistantRuntimeProvider, ComposerPrimitive, MessagePrimitive, ThreadPrimitive, useLocalRuntime } from '@assistant-ui/react'
// An assistant turn: reasoning parts in reasoning-ui's panel, text as it is.
// #region reasoning-ui
import 'reasoning-ui/styles.css'
import { AssistantUiReasoning } from 'reasoning-ui'

function AssistantMessage() {
  return (
    <MessagePrimitive.Root className="message assistant">
      <MessagePrimitive.Parts components={{ Reasoning: AssistantUiReasoning }} />
    </MessagePrimitive.Root>
  )
}
// #endregion
import { scriptedModel } from './model'

function UserMessage() {
  return (
    <MessagePrimitive.Root className="message user">
      <MessagePrimitive.Parts />
    </MessagePrimitive.Root>
  )
}

export function App() {
  const runtime = useLocalRuntime(scriptedModel)
  return (
    <AssistantRuntimeProvider runtime={runtime}>
      <main>
        <h1>reasoning-ui · assistant-ui</h1>
        <ThreadPrimitive.Root className="thread">
          <ThreadPrimitive.Viewport className="viewport">
            <ThreadPrimitive.Messages>
              {({ message }) => (message.role === 'user' ? <UserMessage /> : <AssistantMessage />)}
            </ThreadPrimitive.Messages>
          </ThreadPrimitive.Viewport>
          <ComposerPrimitive.Root className="composer">
            <ComposerPrimitive.Input aria-label="Message" placeholder="Ask something…" />
            <ComposerPrimitive.Send>Send</ComposerPrimitive.Send>
          </ComposerPrimitive.Root>
        </ThreadPrimitive.Root>
      </main>
    </AssistantRuntimeProvider>
  )
}
