/**
 * The conversation every measurement loads: `turns` finished turns, each
 *
 *   RUN_STARTED, a reasoning block, a tool call (START/ARGS/END/RESULT),
 *   a second reasoning block, the assistant's answer, RUN_FINISHED
 *
 * — two blocks per turn, so 250 turns hold 500 finished blocks — then the
 * opening of one more turn whose first block streams. Block texts are a few KB
 * of reasoning-like markdown (bench/render/text.ts), each a different stretch
 * of one long deterministic text, so no two panels render the same
 * paragraphs. Events carry timestamps, so durations (and the server and
 * client renders of a hydration) agree.
 */
import { reasoningText } from '../render/text'

/** Characters of reasoning per finished block, on average (cut at paragraph ends). */
export const BLOCK_CHARS = 3000
/** Characters per delta of the streaming block. */
export const DELTA_CHARS = 40

export interface History {
  /** The events of the finished turns. */
  readonly events: readonly object[]
  /** Answer message id → its text, as a chat holds its messages. */
  readonly answers: ReadonlyMap<string, string>
  /** Run ids of the finished turns, in order. */
  readonly runIds: readonly string[]
  /** The streaming turn: its opening events, then one event per delta. */
  readonly live: { readonly runId: string; readonly opening: readonly object[]; readonly deltas: readonly object[] }
}

const T0 = Date.UTC(2026, 0, 1)

/** Cuts `text` into `count` stretches of about `size` characters, each ending at a paragraph end. */
function stretches(text: string, count: number, size: number): string[] {
  const out: string[] = []
  let at = 0
  for (let i = 0; i < count; i++) {
    const end = text.indexOf('\n\n', at + size)
    const cut = end === -1 ? text.length : end
    out.push(text.slice(at, cut).trim())
    at = cut + 2
  }
  return out
}

export function makeHistory(turns: number, deltas: number): History {
  const blockCount = turns * 2 + 1
  // A little over what the cuts at paragraph ends need, and the streaming block's text at the end.
  const texts = stretches(reasoningText(blockCount * (BLOCK_CHARS + 600) + deltas * DELTA_CHARS), blockCount, BLOCK_CHARS)
  const events: object[] = []
  const answers = new Map<string, string>()
  const runIds: string[] = []
  let clock = T0
  const at = (ms: number) => (clock += ms)
  const block = (id: string, text: string) => [
    { type: 'REASONING_START', messageId: id, timestamp: at(100) },
    { type: 'REASONING_MESSAGE_START', messageId: `${id}-m`, role: 'reasoning', timestamp: at(10) },
    { type: 'REASONING_MESSAGE_CONTENT', messageId: `${id}-m`, delta: text, timestamp: at(4_000) },
    { type: 'REASONING_MESSAGE_END', messageId: `${id}-m`, timestamp: at(10) },
    { type: 'REASONING_END', messageId: id, timestamp: at(10) },
  ]
  for (let turn = 0; turn < turns; turn++) {
    const runId = `run-${turn}`
    const answerId = `answer-${turn}`
    const call = `call-${turn}`
    const answer = `Answer ${turn + 1}: ${texts[turn * 2]!.split('\n\n')[0]!.replace(/[*`#>|-]/g, '')}`
    runIds.push(runId)
    answers.set(answerId, answer)
    events.push(
      { type: 'RUN_STARTED', threadId: 'thread', runId, timestamp: at(60_000) },
      ...block(`block-${turn}-a`, texts[turn * 2]!),
      { type: 'TOOL_CALL_START', toolCallId: call, toolCallName: 'search', timestamp: at(50) },
      { type: 'TOOL_CALL_ARGS', toolCallId: call, delta: JSON.stringify({ query: `turn ${turn}` }), timestamp: at(50) },
      { type: 'TOOL_CALL_END', toolCallId: call, timestamp: at(10) },
      { type: 'TOOL_CALL_RESULT', messageId: `${call}-result`, toolCallId: call, role: 'tool', content: '{"hits":3}', timestamp: at(1_500) },
      ...block(`block-${turn}-b`, texts[turn * 2 + 1]!),
      { type: 'TEXT_MESSAGE_START', messageId: answerId, role: 'assistant', timestamp: at(100) },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: answerId, delta: answer, timestamp: at(2_000) },
      { type: 'TEXT_MESSAGE_END', messageId: answerId, timestamp: at(10) },
      { type: 'RUN_FINISHED', threadId: 'thread', runId, timestamp: at(10) },
    )
  }
  const runId = `run-${turns}`
  const liveText = texts[blockCount - 1]! + '\n\n' + reasoningText(deltas * DELTA_CHARS)
  const pieces = Array.from({ length: deltas }, (_, i) => liveText.slice(i * DELTA_CHARS, (i + 1) * DELTA_CHARS))
  return {
    events,
    answers,
    runIds,
    live: {
      runId,
      // The live turn runs on the page's clock: no timestamps.
      opening: [
        { type: 'RUN_STARTED', threadId: 'thread', runId },
        { type: 'REASONING_START', messageId: 'live' },
        { type: 'REASONING_MESSAGE_START', messageId: 'live-m', role: 'reasoning' },
      ],
      deltas: pieces.map((delta) => ({ type: 'REASONING_MESSAGE_CONTENT', messageId: 'live-m', delta })),
    },
  }
}
