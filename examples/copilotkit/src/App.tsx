import '@copilotkit/react-core/v2/styles.css'
import { CopilotChat, CopilotKit } from '@copilotkit/react-core/v2'
// #region reasoning-ui
import 'reasoning-ui/styles.css'
import { CopilotKitReasoningMessage } from 'reasoning-ui'
import type { CopilotChatReasoningMessage } from '@copilotkit/react-core/v2'

/** CopilotKit's chat with its reasoning messages in reasoning-ui's panel. */
function Chat() {
  return <CopilotChat messageView={{ reasoningMessage: CopilotKitReasoningMessage as typeof CopilotChatReasoningMessage }} />
}
// #endregion
import { ScriptedAgent } from './agent'

// The scripted agent stands in for yours: module scope, one agent for the page's life. Your app
// connects its agent with `runtimeUrl` (a CopilotRuntime endpoint) instead; the reasoning slot
// above is the same. (`selfManagedAgents` would do here too, but CopilotKit logs that it is an
// Enterprise-tier feature without a `publicLicenseKey`; this prop is the keyless one for demos.)
const agents = { default: new ScriptedAgent() }

export function App() {
  return (
    <CopilotKit agents__unsafe_dev_only={agents}>
      <main>
        <h1>reasoning-ui · CopilotKit</h1>
        <Chat />
      </main>
    </CopilotKit>
  )
}
