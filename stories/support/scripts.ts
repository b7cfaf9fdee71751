import recorded from '../../test/fixtures/ag-ui-recorded/gpt-5-mini-reasoning-then-answer.server.json'

/** The reasoning stream recorded from gpt-5-mini (see test/fixtures/ag-ui-recorded/SOURCE.md). */
export const recordedModel: readonly object[] = recorded

const run = { type: 'RUN_STARTED', threadId: 'story', runId: 'messy-run' }

/**
 * A producer that gets several things wrong, as real ones do: retired THINKING_*
 * events, a chunk stream without an opener id, content for a message never
 * started, and a run that finishes with a message still open.
 */
export const messyProducer: readonly object[] = [
  run,
  { type: 'THINKING_START', title: 'Legacy producer' },
  { type: 'THINKING_TEXT_MESSAGE_START' },
  { type: 'THINKING_TEXT_MESSAGE_CONTENT', delta: 'Still on the old events, ' },
  { type: 'THINKING_TEXT_MESSAGE_CONTENT', delta: 'title kept.' },
  { type: 'THINKING_TEXT_MESSAGE_END' },
  { type: 'THINKING_END' },
  { type: 'REASONING_MESSAGE_CHUNK', delta: 'A chunk with no id: ' },
  { type: 'REASONING_MESSAGE_CHUNK', delta: 'its text is kept anyway.' },
  { type: 'REASONING_MESSAGE_CONTENT', messageId: 'never-started', delta: 'Content for a message nobody opened.' },
  { type: 'REASONING_START', messageId: 'span-open' },
  { type: 'REASONING_MESSAGE_START', messageId: 'left-open', role: 'reasoning' },
  { type: 'REASONING_MESSAGE_CONTENT', messageId: 'left-open', delta: 'This one is never ended…' },
  { type: 'REASONING_ENCRYPTED_VALUE', subtype: 'message', entityId: 'left-open', encryptedValue: 'c2VjcmV0' },
  { type: 'RUN_FINISHED', threadId: 'story', runId: 'messy-run' },
]
