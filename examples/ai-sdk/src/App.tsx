import { useChat } from '@ai-sdk/react'
import type { ChatStatus, UIMessage } from 'ai'
import { useState } from 'react'
import { ScriptedChatTransport } from './scripted-transport'
// #region reasoning-ui
import { UIMessageReasoning } from 'reasoning-ui'
import 'reasoning-ui/styles.css'

function AssistantMessage({ message, status }: { message: UIMessage; status: ChatStatus }) {
  return (
    <UIMessageReasoning message={message} status={status}
      renderPart={(part) => (part.type === 'text' ? <p>{part.text}</p> : null)} />
  )
}
// #endregion

const transport = new ScriptedChatTransport()

export function App() {
  const { messages, sendMessage, status } = useChat({ transport })
  const [input, setInput] = useState('Is it warmer in Oslo or Lisbon right now?')
  return (
    <main>
      <h1>AI SDK useChat + reasoning-ui</h1>
      {messages.map((message, index) =>
        message.role === 'assistant' ? (
          // The request in progress writes only the last message; earlier ones are finished.
          <AssistantMessage key={message.id} message={message} status={index === messages.length - 1 ? status : 'ready'} />
        ) : (
          <p key={message.id} className="user">
            {message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('')}
          </p>
        ),
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault()
          void sendMessage({ text: input })
          setInput('')
        }}
      >
        <input aria-label="Message" value={input} onChange={(event) => setInput(event.target.value)} />
        <button type="submit" disabled={status !== 'ready' || input === ''}>
          Send
        </button>
      </form>
    </main>
  )
}
