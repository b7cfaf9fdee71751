/**
 * An AI SDK `UIMessage` (what `useChat` returns) → the kit's model: reasoning
 * blocks, and a timeline with the tool calls and answer text between them, in
 * the order of `message.parts`. Pure apart from the optional tracker, which
 * measures durations on the client (the SDK sends no timestamps).
 *
 * * Reasoning parts are blocks; consecutive parts of one OpenAI Responses
 *   reasoning item (`providerMetadata.<provider>.itemId`, one part per summary
 *   part) are messages of one block.
 * * Provider extras are kept for the round trip, never shown: OpenAI's
 *   `reasoningEncryptedContent` (the block's encrypted value once its part
 *   ended: it comes on the part's start too, before any summary), Anthropic's
 *   `redactedData` (an encrypted value; with no text, an encrypted-only block)
 *   and `signature` (`meta.signature`). A part with no text and such a value is
 *   encrypted-only: the lock indicator, never an empty panel.
 * * `state: 'streaming'` parts stream; `done` (or absent, as in stored messages)
 *   parts are complete. Given the message's `status`, parts still streaming once
 *   it is `ready` (the user stopped) or `error` end interrupted, and with a
 *   tracker they stay ended (AI SDK 7 leaves them at `state: 'streaming'`).
 * * Malformed parts become diagnostics (`state.diagnostics`, `eventIndex` = the
 *   part's index), never an exception; unknown part types are left alone. Their
 *   sentences are development-only: a production build's message is the code.
 */
import { scanHeadings, type HeadingScan } from '../core/headings'
import type {
  ReasoningBlock,
  ReasoningDiagnostic,
  ReasoningEndReason,
  ReasoningMessagePart,
  ReasoningState,
  ReasoningStatus,
  TimelineEntry,
  TimelineText,
  TimelineToolCall,
} from '../core/model'
import { describeError, isRecord, nonEmpty, type Json } from '../adapters/json'
import { AI_SDK_SUMMARY_PROVIDERS, providerExtras, type ProviderExtras } from '../adapters/ai-sdk-metadata'
import type { UIMessageLike } from './types'
import {
  messageTrack,
  nextPartRecord,
  shownAs,
  type MessageTrack,
  type PartRecord,
  type PartSeen,
  type PartTimes,
  type UIMessageTracker,
} from './tracker'

/** `encryptedValueType` of an OpenAI Responses `encrypted_content` (as `reasoning-ui/adapters` names it). */
export const OPENAI_ENCRYPTED_CONTENT = 'openai.encrypted_content'
/** `encryptedValueType` of an Anthropic `redacted_thinking` block's data. */
export const ANTHROPIC_REDACTED_THINKING = 'anthropic.redacted_thinking'

/** How `uiMessageToReasoning` reads a message: its tracker, the chat's status, which providers send summaries. */
export interface UIMessageReasoningOptions {
  /**
   * Measures durations: the same tracker for every conversion of a message keeps
   * its times across re-renders (`createUIMessageTracker`). Without one, blocks
   * have no times and panels show no duration.
   */
  readonly tracker?: UIMessageTracker
  /**
   * The status of the request writing this message: `useChat().status` for the
   * last message, `'ready'` for every earlier one (a request writes only the last
   * message). When `ready` or `error`, parts still marked streaming were cut off
   * (a stop, a failure): they end `interrupted`, and a tool call whose input was
   * complete did not run to the end either. Default: trust each part's `state`.
   *
   * Passing the chat-wide status to every message works with a tracker (a part
   * seen ended stays ended, with its duration, when the next request makes the
   * status live again), but a stopped message first converted during a later
   * request would show as running: prefer `'ready'` for earlier messages.
   */
  readonly status?: string
  /**
   * Provider keys whose reasoning parts are provider summaries (`kind: 'summary'`,
   * shown at the `summary` visibility level). Default `['openai', 'azure']`.
   */
  readonly summaryProviders?: readonly string[]
}

/** The model of one message: a `ReasoningState` for the kit's components, plus where each part went. */
export interface UIMessageReasoningState extends ReasoningState {
  /**
   * For each of `message.parts`, by index: the timeline entry it became (the parts
   * of one block share its `reasoning` entry), or `undefined` for parts the kit
   * does not show (files, sources, data, step boundaries, unknown or malformed).
   */
  readonly parts: readonly (TimelineEntry | undefined)[]
}

/** A part's provider extras; metadata that cannot be read is left out with a diagnostic, the part's text kept. */
function readExtras(part: Json, index: number, diagnose: Diagnose): ProviderExtras {
  try {
    return providerExtras(part.providerMetadata)
  } catch (error) {
    diagnose('malformed-field', process.env.NODE_ENV !== 'production' ? `Part ${index} (reasoning).providerMetadata could not be read: ${describeError(error)}; it was ignored.` : '', index)
    return {}
  }
}

/** A block being assembled from consecutive parts. */
interface BlockDraft {
  readonly id: string
  readonly itemId?: string
  readonly messages: ReasoningMessagePart[]
  /** Statuses and times of every part, also those without a message (redacted data). */
  readonly statuses: PartSeen[]
  readonly times: PartTimes[]
  encryptedValue?: string
  encryptedValueType?: string
  readonly entry: TimelineEntry
}

/** One conversion's output objects by key, kept so that the next conversion can reuse equal ones. */
export interface Previous {
  readonly objects: Map<string, unknown>
  readonly state: UIMessageReasoningState
}

/** What a conversion reads of a tracker: the committed part records of the message, its clock, the previous conversion. */
export interface TrackSource {
  readonly records: ReadonlyMap<string, PartRecord>
  readonly now: () => number
  readonly prev?: Previous | undefined
}

/** A conversion, and the part records it would write (`commitRecords` writes them). */
export interface Conversion {
  readonly state: UIMessageReasoningState
  readonly messageId: string
  /** Part records changed by this conversion: the one it read (`base`) and the new one. */
  readonly records: ReadonlyMap<string, { readonly base: PartRecord | undefined; readonly next: PartRecord }>
  readonly last: Previous
}

/**
 * Writes a conversion's part records, each only where the record it read is still
 * there: writing twice (StrictMode effects) changes nothing, and a record another
 * conversion wrote since is kept (the first writer wins, so times only move on).
 */
export function commitRecords(track: MessageTrack, records: Conversion['records']): void {
  for (const [key, { base, next }] of records) {
    if (track.parts.get(key) === base) track.parts.set(key, next)
  }
}

/**
 * Converts one `UIMessage` into the kit's model. Give it the same `tracker` on
 * every render to measure durations; pass `status` from `useChat` so that a
 * stopped stream's parts end. Unchanged blocks and entries keep their identity
 * between conversions with the same tracker (panels are memoised on them); when
 * nothing changed, the same state object comes back.
 */
export function uiMessageToReasoning(message: UIMessageLike, options: UIMessageReasoningOptions = {}): UIMessageReasoningState {
  const { tracker } = options
  let track: MessageTrack | undefined
  const conversion = convertUIMessage(message, options, tracker && ((messageId) => {
    const t = messageTrack(tracker, messageId)
    track = t.track
    return { records: t.track.parts, now: t.now, prev: t.track.last as Previous | undefined }
  }))
  if (track) {
    commitRecords(track, conversion.records)
    track.last = conversion.last
  }
  return conversion.state
}

/**
 * The conversion itself, pure apart from reading the clock: it reads the part records
 * `source` gives for the message and returns the ones it would write, so that React
 * writes them only once a render commits (a discarded render records nothing).
 */
export function convertUIMessage(
  message: UIMessageLike,
  options: Omit<UIMessageReasoningOptions, 'tracker'>,
  source?: (messageId: string) => TrackSource,
): Conversion {
  const diagnostics: ReasoningDiagnostic[] = []
  // The text is for development (`''` in production builds, where the code is the message), as the core's.
  const diagnose = (code: ReasoningDiagnostic['code'], text: string, index: number) =>
    diagnostics.push({ code, message: text === '' ? code : text, eventIndex: index })
  const { rawParts, messageId, role } = readMessage(message, diagnose)
  const status = options.status
  const live = status !== 'ready' && status !== 'error'
  const endReason: ReasoningEndReason = status === 'error' ? 'failed' : 'stopped'
  const summaryProviders = new Set(options.summaryProviders ?? AI_SDK_SUMMARY_PROVIDERS)
  const tracking = source?.(messageId)
  const prev = tracking?.prev
  const records = new Map<string, { base: PartRecord | undefined; next: PartRecord }>()
  const objects = new Map<string, unknown>()
  /** `value`, or the equal object the previous conversion made for `key`. */
  const keep = <T>(key: string, value: T): T => {
    const old = prev?.objects.get(key)
    const out = old !== undefined && equal(old, value) ? (old as T) : value
    objects.set(key, out)
    return out
  }
  /** How the part at `key` shows, seen as `seen`, and its times: an ended part stays ended while its content is the same. */
  const observe = (key: string, identity: string, revision: string, seen: PartSeen): { shown: PartSeen; times: PartTimes } => {
    if (!tracking) return { shown: seen, times: {} }
    const base = tracking.records.get(key)
    const next = nextPartRecord(base, tracking.now, identity, revision, seen)
    if (next !== base) records.set(key, { base, next })
    return { shown: shownAs(next, seen), times: next.times }
  }

  const blocks: ReasoningBlock[] = []
  const timeline: TimelineEntry[] = []
  const parts: (TimelineEntry | undefined)[] = []
  const used = new Set<string>()
  const unique = (base: string) => {
    let id = base
    for (let n = 2; used.has(id); n++) id = `${base}:${n}`
    used.add(id)
    return id
  }
  let open: BlockDraft | undefined

  const close = () => {
    if (!open) return
    const block = keep(`block:${open.id}`, buildBlock(open))
    blocks.push(block)
    open = undefined
  }

  /**
   * The headings of a reasoning part's text: of its complete lines while it streams (the last
   * line may still grow into or out of a heading). Incremental with a previous conversion:
   * when the text continues the one scanned then, only the lines completed since are scanned.
   */
  const headingsFor = (index: number, text: string, streaming: boolean): readonly string[] => {
    const key = `headings:${index}`
    const scan = scanHeadings(text, streaming, prev?.objects.get(key) as HeadingScan | undefined)
    if (streaming) objects.set(key, scan)
    return scan.headings
  }

  /** How a part looks: streaming while its state says so and the message is live. */
  const seenAs = (status: ReasoningStatus): PartSeen => (status === 'interrupted' ? { status, endReason } : { status })
  const statusOf = (streaming: boolean): ReasoningStatus => (streaming ? (live ? 'streaming' : 'interrupted') : 'complete')

  const reasoning = (part: Json, index: number) => {
    const text = readText(part, index, diagnose)
    const streaming = readState(part, index, diagnose)
    const extras = readExtras(part, index, diagnose)
    const partId = nonEmpty(part.id) ?? ''
    if (!(open && extras.itemId !== undefined && open.itemId === extras.itemId)) {
      close()
      const id = unique(extras.itemId ?? `${messageId}:${index}`)
      const entry = keep(`entry:${id}`, { kind: 'reasoning', id } as const)
      open = { id, ...(extras.itemId !== undefined && { itemId: extras.itemId }), messages: [], statuses: [], times: [], entry }
      timeline.push(entry)
    }
    const block = open
    parts[index] = block.entry
    const { shown, times: partTimes } = observe(`part:${index}`, partId, String(text.length), seenAs(statusOf(streaming)))
    const status = shown.status
    block.statuses.push(shown)
    block.times.push(partTimes)
    // OpenAI sends the item's encrypted content when it opens and again (final) when it ends: it is
    // the block's once the part settled, so an item that goes on to stream a summary never shows the
    // lock first (as `reasoning-ui/adapters` does with the same stream).
    if (extras.encrypted !== undefined && status !== 'streaming') {
      block.encryptedValue = extras.encrypted
      block.encryptedValueType = OPENAI_ENCRYPTED_CONTENT
    }
    // Redacted thinking has no text: its data is the block's. Text beside it (never sent so far) is kept.
    if (extras.redacted !== undefined && text === '') {
      block.encryptedValue = extras.redacted
      block.encryptedValueType = ANTHROPIC_REDACTED_THINKING
      return
    }
    const summary = extras.provider !== undefined && summaryProviders.has(extras.provider)
    // Unchanged messages keep their identity too (the visibility projection is memoised on them).
    block.messages.push(keep(`message:${index}`, {
      id: `${messageId}:${index}`,
      kind: summary ? 'summary' : 'text',
      text,
      status,
      headings: headingsFor(index, text, streaming),
      ...(extras.redacted !== undefined && { encryptedValue: extras.redacted, encryptedValueType: ANTHROPIC_REDACTED_THINKING }),
      ...(extras.signature !== undefined && { meta: { signature: extras.signature } }),
      ...partTimes,
    } satisfies ReasoningMessagePart))
  }

  const tool = (part: Json, type: string, index: number) => {
    close()
    let callId = nonEmpty(part.toolCallId)
    if (callId === undefined) {
      diagnose('missing-id', process.env.NODE_ENV !== 'production' ? `Part ${index} (${type}) has no toolCallId; it is shown under a generated id.` : '', index)
      callId = `${messageId}:${index}`
    }
    let name = type === 'dynamic-tool' ? nonEmpty(part.toolName) : type.slice('tool-'.length)
    if (name === undefined || name === '') {
      diagnose('malformed-field', process.env.NODE_ENV !== 'production' ? `Part ${index} (${type}) has no tool name; it is shown as 'tool'.` : '', index)
      name = 'tool'
    }
    const seen = toolStatus(part, index, live, diagnose)
    const revision = `${String(part.state)}${part.preliminary === true ? ' preliminary' : ''}`
    const { shown, times } = observe(`tool:${index}`, callId, revision, seenAs(seen))
    const id = unique(callId)
    const entry: TimelineToolCall = {
      kind: 'tool-call',
      id,
      name,
      status: shown.status,
      ...times,
    }
    const kept = keep(`entry:${id}`, entry)
    timeline.push(kept)
    parts[index] = kept
  }

  const answer = (part: Json, index: number) => {
    close()
    const text = readText(part, index, diagnose)
    const streaming = readState(part, index, diagnose)
    const id = unique(`${messageId}:${index}`)
    const { shown } = observe(`text:${index}`, '', String(text.length), seenAs(statusOf(streaming)))
    const entry: TimelineText = { kind: 'text', id, role, status: shown.status }
    const kept = keep(`entry:${id}`, entry)
    timeline.push(kept)
    parts[index] = kept
  }

  for (let index = 0; index < rawParts.length; index++) {
    parts[index] = undefined
    try {
      const part: unknown = rawParts[index]
      if (!isRecord(part) || typeof part.type !== 'string') {
        diagnose('invalid-event', process.env.NODE_ENV !== 'production' ? `Part ${index} is not an object with a string type; it was skipped.` : '', index)
        continue
      }
      const type = part.type
      if (type === 'reasoning') reasoning(part, index)
      else if (type === 'text') answer(part, index)
      else if (type === 'dynamic-tool' || type.startsWith('tool-')) tool(part, type, index)
      // A new step is a new call to the model: reasoning after it is a new block.
      else if (type === 'step-start') close()
    } catch (error) {
      diagnose('adapter', process.env.NODE_ENV !== 'production' ? `Part ${index} could not be read: ${describeError(error)}; it was skipped.` : '', index)
    }
  }
  close()

  const state: UIMessageReasoningState = {
    blocks,
    timeline,
    runs: [],
    subagents: [],
    diagnostics,
    parts,
  }
  const out = prev && sameState(prev.state, state) ? prev.state : state
  return { state: out, messageId, records, last: { objects, state: out } }
}

type Diagnose = (code: ReasoningDiagnostic['code'], text: string, index: number) => void

/** The message's parts (a copy), id and role; whatever the value is, without throwing. */
function readMessage(message: unknown, diagnose: Diagnose): { rawParts: readonly unknown[]; messageId: string; role: string } {
  const fallback = { rawParts: [], messageId: 'message', role: 'assistant' }
  if (!isRecord(message)) {
    diagnose('invalid-event', process.env.NODE_ENV !== 'production' ? 'The message is not an object; nothing was shown.' : '', -1)
    return fallback
  }
  try {
    const id = nonEmpty(message.id)
    if (id === undefined) diagnose('missing-id', process.env.NODE_ENV !== 'production' ? "The message has no id; its parts' ids and times use 'message'." : '', -1)
    const role = nonEmpty(message.role) ?? 'assistant'
    const parts: unknown = message.parts
    if (!Array.isArray(parts)) {
      diagnose('malformed-field', process.env.NODE_ENV !== 'production' ? 'message.parts is not an array; nothing was shown.' : '', -1)
      return { rawParts: [], messageId: id ?? 'message', role }
    }
    return { rawParts: parts.slice(), messageId: id ?? 'message', role }
  } catch (error) {
    diagnose('invalid-event', process.env.NODE_ENV !== 'production' ? `The message could not be read: ${describeError(error)}; nothing was shown.` : '', -1)
    return fallback
  }
}

/** A part's `text`: a string, else '' with a diagnostic (absent text is simply empty). */
function readText(part: Json, index: number, diagnose: Diagnose): string {
  const text = part.text
  if (typeof text === 'string') return text
  if (text !== undefined) diagnose('malformed-field', process.env.NODE_ENV !== 'production' ? `Part ${index} (${String(part.type)}).text is not a string; it was read as empty.` : '', index)
  return ''
}

/** Whether a text or reasoning part is streaming (`state: 'streaming'`); any other state is done. */
function readState(part: Json, index: number, diagnose: Diagnose): boolean {
  const state = part.state
  if (state === 'streaming') return true
  if (state !== undefined && state !== 'done') {
    diagnose('malformed-field', process.env.NODE_ENV !== 'production' ? `Part ${index} (${String(part.type)}).state is neither 'streaming' nor 'done'; it was read as done.` : '', index)
  }
  return false
}

/**
 * A tool part's status. Input still arriving, or complete and being run, runs while
 * the message is live (once it is not, the call was cut off: a stop leaves a
 * server-side tool at `input-available`); an approval asked or answered, or a
 * preliminary output, is running (the user or the app acts next, whatever the
 * status); an output is complete; an error or a denial did not finish.
 */
function toolStatus(
  part: Json,
  index: number,
  live: boolean,
  diagnose: Diagnose,
): ReasoningStatus {
  switch (part.state) {
    case 'input-streaming':
    case 'input-available':
      return live ? 'streaming' : 'interrupted'
    case 'approval-requested':
    case 'approval-responded':
      return 'streaming'
    case 'output-available':
      return part.preliminary === true ? 'streaming' : 'complete'
    case 'output-error':
    case 'output-denied':
      return 'interrupted'
    default:
      diagnose('malformed-field', process.env.NODE_ENV !== 'production' ? `Part ${index} (${String(part.type)}) has an unknown state; it is shown as running.` : '', index)
      return live ? 'streaming' : 'interrupted'
  }
}

function buildBlock(draft: BlockDraft): ReasoningBlock {
  const statuses = draft.statuses.map((s) => s.status)
  const status: ReasoningStatus = statuses.includes('streaming')
    ? 'streaming'
    : statuses.includes('interrupted') ? 'interrupted' : 'complete'
  const endReason = draft.statuses.find((s) => s.status === 'interrupted')?.endReason
  let startedAt: number | undefined
  let endedAt: number | undefined
  let allEnded = true
  for (const t of draft.times) {
    if (t.startedAt !== undefined && (startedAt === undefined || t.startedAt < startedAt)) startedAt = t.startedAt
    if (t.endedAt === undefined) allEnded = false
    else if (endedAt === undefined || t.endedAt > endedAt) endedAt = t.endedAt
  }
  let title: string | undefined
  for (const m of draft.messages) {
    if (m.headings.length > 0) {
      title = m.headings[0]
      break
    }
  }
  return {
    id: draft.id,
    origin: 'message',
    status,
    messages: draft.messages,
    encrypted: draft.encryptedValue !== undefined || draft.messages.some((m) => m.encryptedValue !== undefined),
    ...(title !== undefined && { title }),
    ...(draft.encryptedValue !== undefined && { encryptedValue: draft.encryptedValue, encryptedValueType: draft.encryptedValueType }),
    ...(startedAt !== undefined && { startedAt }),
    ...(status !== 'streaming' && allEnded && endedAt !== undefined && { endedAt }),
    ...(status === 'interrupted' && endReason !== undefined && { endReason }),
  }
}

function sameState(a: UIMessageReasoningState, b: UIMessageReasoningState): boolean {
  return sameList(a.blocks, b.blocks) && sameList(a.timeline, b.timeline) && sameList(a.parts, b.parts) && equal(a.diagnostics, b.diagnostics)
}

const sameList = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((x, i) => x === b[i])

/** Structural equality of plain data (objects, arrays, primitives). */
function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => equal(x, b[i]))
  if (Array.isArray(b)) return false
  const ka = Object.keys(a)
  if (ka.length !== Object.keys(b).length) return false
  return ka.every((k) => Object.hasOwn(b, k) && equal((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
}
