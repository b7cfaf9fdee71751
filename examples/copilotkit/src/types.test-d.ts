// Type-level test, checked by `npm run typecheck`: what CopilotKit's CopilotChat hands its
// `reasoningMessage` slot is assignable to CopilotKitReasoningMessage's props, although
// reasoning-ui has no type dependency on CopilotKit. (The slot's own type also wants the
// default component's static parts, Header/Content/Toggle, hence the cast in App.tsx.)
import type { CopilotChatReasoningMessageProps } from '@copilotkit/react-core/v2'
import type { CopilotKitReasoningMessageProps } from 'reasoning-ui'

type SlotProps = Pick<CopilotChatReasoningMessageProps, 'message' | 'messages' | 'isRunning'>
export const fromCopilotKit = (props: SlotProps): CopilotKitReasoningMessageProps => props
