/**
 * The one reducer over AG-UI events: the dispatch table.
 *
 * Each event family's rules live in a file of their own, named for the family:
 * `spans.ts` (REASONING_START/END, REASONING_MESSAGE_START/CONTENT/END),
 * `chunks.ts` (every `*_CHUNK`), `encrypted.ts` (REASONING_ENCRYPTED_VALUE),
 * `timeline.ts` (TEXT_MESSAGE_*, TOOL_CALL_*), `runs.ts` (RUN_*, SUBAGENT_*, the
 * end of the transport), `snapshots.ts` (MESSAGES_SNAPSHOT) and `usage.ts`
 * (`usage` on RUN_FINISHED / RUN_ERROR). Retired THINKING_* events are
 * translated first (`../legacy.ts`).
 *
 * It works on a mutable draft (`../draft.ts`) so that appending a delta costs one
 * string append and a dirty flag; `../snapshot.ts` builds the immutable public
 * state lazily, rebuilding only what changed. Unchanged blocks, messages and
 * timeline entries keep their identity; a no-op event leaves the same state
 * object in place.
 *
 * It never throws on input: every protocol violation becomes a diagnostic and
 * the text it carries is kept.
 */
import { translateLegacy } from '../legacy'
import {
  describe, isRecord, laneOf, quietTimeOf, report, type Draft, type EventRule, type Handler,
} from '../draft'
import { closeAllLanes, closeLane, onReasoningChunk, onTextChunk, onToolChunk } from './chunks'
import { onEncryptedValue } from './encrypted'
export { endStream } from './runs'
import { onRunError, onRunFinished, onRunStarted, onSubagentEnded, onSubagentStarted } from './runs'
import { onMessagesSnapshot } from './snapshots'
import { onReasoningEnd, onReasoningMessageContent, onReasoningMessageEnd, onReasoningMessageStart, onReasoningStart } from './spans'
import { onEntryEnd, onOpenEntry, onTextStart, onToolResult, onToolStart } from './timeline'

const ignore: Handler = () => {}

/**
 * Every AG-UI 1.0 event type and what it does; anything else is ignored
 * silently. One map lookup per event keeps the per-delta cost near a string append.
 */
const RULES: ReadonlyMap<string, EventRule> = new Map<string, EventRule>([
  ['REASONING_MESSAGE_CONTENT', [onReasoningMessageContent, 'own']],
  ['REASONING_MESSAGE_CHUNK', [onReasoningChunk, 'none']],
  ['REASONING_START', [onReasoningStart, 'own']],
  ['REASONING_MESSAGE_START', [onReasoningMessageStart, 'own']],
  ['REASONING_MESSAGE_END', [onReasoningMessageEnd, 'own']],
  ['REASONING_END', [onReasoningEnd, 'own']],
  ['REASONING_ENCRYPTED_VALUE', [onEncryptedValue, 'none']],
  ['TEXT_MESSAGE_START', [onTextStart, 'own']],
  ['TEXT_MESSAGE_CONTENT', [(d, e) => onOpenEntry(d, e, 'text'), 'own']],
  ['TEXT_MESSAGE_END', [(d, e) => onEntryEnd(d, e, 'text'), 'own']],
  ['TEXT_MESSAGE_CHUNK', [onTextChunk, 'none']],
  ['TOOL_CALL_START', [onToolStart, 'own']],
  ['TOOL_CALL_ARGS', [(d, e) => onOpenEntry(d, e, 'tool'), 'own']],
  ['TOOL_CALL_END', [(d, e) => onEntryEnd(d, e, 'tool'), 'own']],
  ['TOOL_CALL_CHUNK', [onToolChunk, 'none']],
  ['TOOL_CALL_RESULT', [onToolResult, 'own']],
  ['MESSAGES_SNAPSHOT', [onMessagesSnapshot, 'all']],
  ['RUN_STARTED', [onRunStarted, 'all']],
  // Run ends close lanes themselves: RUN_FINISHED completes chunk messages, RUN_ERROR interrupts them.
  ['RUN_FINISHED', [onRunFinished, 'none']],
  ['RUN_ERROR', [onRunError, 'none']],
  ['SUBAGENT_STARTED', [onSubagentStarted, 'none']],
  ['SUBAGENT_FINISHED', [(d, e) => onSubagentEnded(d, e, 'SUBAGENT_FINISHED'), 'none']],
  ['SUBAGENT_ERROR', [(d, e) => onSubagentEnded(d, e, 'SUBAGENT_ERROR'), 'none']],
  // Only their lane-closing effect matters here.
  ['STATE_SNAPSHOT', [ignore, 'own']],
  ['STATE_DELTA', [ignore, 'own']],
  ['CUSTOM', [ignore, 'own']],
  ['STEP_STARTED', [ignore, 'own']],
  ['STEP_FINISHED', [ignore, 'own']],
  ['RAW', [ignore, 'none']],
  ['ACTIVITY_SNAPSHOT', [ignore, 'none']],
  ['ACTIVITY_DELTA', [ignore, 'none']],
])

/** Applies one event of any shape to the draft. Never throws. */
export function applyEvent(d: Draft, input: unknown): void {
  d.eventIndex++
  try {
    reduce(d, input)
  } catch (error) {
    // A hostile object (throwing getters, proxies) must not take the app down.
    report(d, 'invalid-event', process.env.NODE_ENV !== 'production' ? `The event could not be read: ${describe(error)}` : '')
  }
}

function reduce(d: Draft, input: unknown): void {
  if (!isRecord(input) || typeof input.type !== 'string') {
    report(d, 'invalid-event', process.env.NODE_ENV !== 'production' ? `An event must be an object with a string 'type' (got ${describe(input).slice(0, 80)}).` : '')
    return
  }
  let event = input
  // Streams are long runs of one event type: remember the last rule looked up.
  let rule = input.type === d.lastType ? d.lastRule : (d.lastRule = RULES.get((d.lastType = input.type)))
  if (rule === undefined) {
    if (!input.type.startsWith('THINKING_')) return
    const translated = translateLegacy(d, input, input.type)
    if (!translated) return
    event = translated
    rule = RULES.get(translated.type as string)!
  }
  if (d.runPhase !== 'running') checkRunOrder(d, event.type as string)
  if (d.chunkLanes.size > 0) {
    // The event that closes a chunk stream also dates its end.
    if (rule[1] === 'own') closeLane(d, laneOf(event), quietTimeOf(d, event))
    else if (rule[1] === 'all') closeAllLanes(d, quietTimeOf(d, event))
  }
  rule[0](d, event)
}

/** For events outside a run: one run-order diagnostic per stretch, and the event still applies. */
function checkRunOrder(d: Draft, type: string): void {
  // A snapshot restates history: restoring a saved conversation (on page load) happens outside any run.
  if (type === 'RUN_STARTED' || type === 'RUN_ERROR' || type === 'MESSAGES_SNAPSHOT' || d.outsideRunReported) return
  d.outsideRunReported = true
  report(
    d,
    'run-order',
    process.env.NODE_ENV !== 'production'
      ? `${type} arrived ${d.runPhase === 'none' ? 'before RUN_STARTED' : d.runPhase === 'finished' ? 'after RUN_FINISHED' : 'after RUN_ERROR'}: events belong inside a run. It was applied anyway so that no text is lost.`
      : '',
  )
}
