import type { ReasoningBlock } from 'reasoning-ui'

/**
 * A finished block as an app stores it with the conversation (an entry of
 * `useReasoningStream(...).state.blocks`, saved as JSON), rendered again without a stream.
 */
export const savedBlock: ReasoningBlock = {
  id: 'reasoning-earlier',
  origin: 'span',
  status: 'complete',
  encrypted: false,
  runId: 'run-earlier',
  startedAt: 1_767_225_600_000,
  endedAt: 1_767_225_612_000, // 12 seconds later
  messages: [
    {
      id: 'reasoning-earlier-msg',
      kind: 'text',
      status: 'complete',
      headings: ['Converting the units'],
      startedAt: 1_767_225_600_000,
      endedAt: 1_767_225_612_000,
      text:
        '**Converting the units**\n\n' +
        'A marathon is 42.195 km. At 5 minutes per kilometre that is 42.195 × 5 = 210.975 minutes, ' +
        'so 3 hours, 30 minutes and about 59 seconds.',
    },
  ],
}
