// A scripted AG-UI agent, so the example runs with no model and no API key: one run
// that reasons in a few paced pieces, then answers. A real app streams its agent's
// events the same way (e.g. an @ag-ui/client agent, or its provider through an adapter).
import { EventType, type Event } from '@ag-ui/core'
import { EventEncoder } from '@ag-ui/encoder'
import type { IncomingMessage, ServerResponse } from 'node:http'

const reasoning = [
  'The user wants to know how many times the letter **r** appears in "strawberry". ',
  'I should spell the word out instead of guessing from memory.\n\n',
  's-t-r-a-w-b-e-r-r-y: the third letter is an r, ',
  'and "berry" ends in a double r. ',
  'That is one r in "straw" and two in "berry".\n\n',
  'Counting again to be sure: position 3, position 8, position 9. ',
  'Three r\'s in total.',
]
const answer = ['There are ', '**three** r\'s ', 'in "strawberry".']

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

/** The run's events, paced as a model streams them (about four seconds in all). */
export async function* scriptedRun(pace = 1): AsyncGenerator<Event> {
  const threadId = 'thread-1'
  const runId = `run-${Date.now()}`
  const now = () => Date.now()
  yield { type: EventType.RUN_STARTED, threadId, runId, timestamp: now() }
  await sleep(300 * pace)
  yield { type: EventType.REASONING_START, messageId: 'reasoning-1', timestamp: now() }
  yield { type: EventType.REASONING_MESSAGE_START, messageId: 'reasoning-1-msg', role: 'reasoning', timestamp: now() }
  for (const delta of reasoning) {
    await sleep(400 * pace)
    yield { type: EventType.REASONING_MESSAGE_CONTENT, messageId: 'reasoning-1-msg', delta, timestamp: now() }
  }
  yield { type: EventType.REASONING_MESSAGE_END, messageId: 'reasoning-1-msg', timestamp: now() }
  yield { type: EventType.REASONING_END, messageId: 'reasoning-1', timestamp: now() }
  yield { type: EventType.TEXT_MESSAGE_START, messageId: 'answer-1', role: 'assistant', timestamp: now() }
  for (const delta of answer) {
    await sleep(150 * pace)
    yield { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'answer-1', delta, timestamp: now() }
  }
  yield { type: EventType.TEXT_MESSAGE_END, messageId: 'answer-1', timestamp: now() }
  yield { type: EventType.RUN_FINISHED, threadId, runId, timestamp: now() }
}

/** Node's http (and Vite's dev and preview servers, which are connect apps): answers with the run as SSE. */
export async function serveRun(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const encoder = new EventEncoder() // SSE (no protobuf Accept header from the browser)
  res.writeHead(200, { 'content-type': encoder.getContentType(), 'cache-control': 'no-store' })
  let closed = false
  req.on('close', () => (closed = true))
  for await (const event of scriptedRun()) {
    if (closed) return
    res.write(encoder.encode(event))
  }
  res.end()
}
