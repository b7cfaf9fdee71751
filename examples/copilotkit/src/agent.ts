import { AbstractAgent, EventType, type BaseEvent, type RunAgentInput } from '@copilotkit/react-core/v2'
import { Observable } from 'rxjs'

/**
 * A scripted AG-UI agent that runs in the browser, handed to CopilotKit as a self-managed
 * agent: no runtime server, no API key. It emits what a reasoning model's agent does:
 * REASONING_START, REASONING_MESSAGE_* word by word, REASONING_END, then the answer as
 * TEXT_MESSAGE_*, between RUN_STARTED and RUN_FINISHED.
 */
const REASONING = [
  '**Counting letters**\n\n',
  'The question is how many times the letter r appears in "strawberry". ',
  'Spelling it out: s-t-r-a-w-b-e-r-r-y. ',
  'One **r** after the t, then two more after the e.\n\n',
  "Three r's in total.",
]
const ANSWER = 'There are three r’s in “strawberry”.'
const STEP_MS = 60

const words = (text: string) => text.match(/\S+\s*|\s+/g) ?? []

export class ScriptedAgent extends AbstractAgent {
  run(input: RunAgentInput): Observable<BaseEvent> {
    const { threadId, runId } = input
    const reasoningId = `reasoning-${runId}`
    const answerId = `answer-${runId}`
    const script: BaseEvent[] = [
      { type: EventType.RUN_STARTED, threadId, runId } as BaseEvent,
      { type: EventType.REASONING_START, messageId: reasoningId } as BaseEvent,
      { type: EventType.REASONING_MESSAGE_START, messageId: reasoningId, role: 'reasoning' } as BaseEvent,
      ...REASONING.flatMap(words).map((delta) => ({ type: EventType.REASONING_MESSAGE_CONTENT, messageId: reasoningId, delta }) as BaseEvent),
      { type: EventType.REASONING_MESSAGE_END, messageId: reasoningId } as BaseEvent,
      { type: EventType.REASONING_END, messageId: reasoningId } as BaseEvent,
      { type: EventType.TEXT_MESSAGE_START, messageId: answerId, role: 'assistant' } as BaseEvent,
      ...words(ANSWER).map((delta) => ({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: answerId, delta }) as BaseEvent),
      { type: EventType.TEXT_MESSAGE_END, messageId: answerId } as BaseEvent,
      { type: EventType.RUN_FINISHED, threadId, runId } as BaseEvent,
    ]
    return new Observable<BaseEvent>((subscriber) => {
      let next = 0
      const timer = setInterval(() => {
        subscriber.next(script[next++]!)
        if (next === script.length) {
          clearInterval(timer)
          subscriber.complete()
        }
      }, STEP_MS)
      return () => clearInterval(timer)
    })
  }
}
