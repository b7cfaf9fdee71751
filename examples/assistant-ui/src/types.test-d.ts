// Type-level test, checked by `npm run typecheck`: what assistant-ui hands a `Reasoning` part
// component is assignable to AssistantUiReasoning's props, so the component fits the slot
// with no cast, although reasoning-ui has no type dependency on assistant-ui.
import type { MessagePrimitive, ReasoningMessagePartComponent, ReasoningMessagePartProps } from '@assistant-ui/react'
import type { ComponentProps } from 'react'
import { AssistantUiReasoning, type AssistantUiReasoningProps } from 'reasoning-ui'

export const fromAssistantUi = (props: ReasoningMessagePartProps): AssistantUiReasoningProps => props
export const asPartComponent: ReasoningMessagePartComponent = AssistantUiReasoning
export const inParts: ComponentProps<typeof MessagePrimitive.Parts>['components'] = { Reasoning: AssistantUiReasoning }
