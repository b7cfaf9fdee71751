/**
 * Letta → AG-UI. Letta streams `LettaMessage`s (SSE `data: {json}`), each with a
 * `message_type`: `reasoning_message`, `hidden_reasoning_message`,
 * `assistant_message`, `tool_call_message`, `tool_return_message`, then
 * `stop_reason` and `usage_statistics` (and `ping` keep-alives). With token
 * streaming, the chunks of one message repeat its `id` (and `otid`).
 *
 * One Letta `id` names a whole agent step: its reasoning, tool call and
 * assistant message all share it, and `otid` tells the parts apart. So a part
 * is keyed by type, `id` and `otid`, and its AG-UI id is the Letta id plus the
 * part (`message-1/reasoning`, `message-1/assistant`), never the bare id, which
 * would make a reasoning message and a text message collide. A chunk of a
 * reasoning part that ended because another part began (same type, `id` and
 * `otid`) still belongs to it: it continues that message, in its block.
 */
import type { Disconnect, ResponseLike } from '../core/sources/types'
import type { ReasoningStore } from '../core/store'
import { describeError, isRecord, nonEmpty, str, type Json } from './json'
import { connectAdapter, translateAll, type ProviderStreamOptions } from './connect'
import type { AgUiEvent, Translator, TranslatorOptions } from './types'
import { EventWriter } from './writer'
import { tokenUsage } from './usage'

/** Options of the Letta translator (thread id, run id — default: Letta's `run_id` — and clock). */
export type LettaOptions = TranslatorOptions

/**
 * What Letta said about the message behind one AG-UI id that AG-UI has no
 * field for (from its first chunk). In the `metadata.letta` of the events that
 * open that message or tool call, and in the translator's `origins`.
 */
export interface LettaOrigin {
  /** The Letta `message_type`. */
  readonly messageType: string
  /** The Letta message id (shared by every part of one agent step). */
  readonly id: string
  /** ISO date of the first chunk. */
  readonly date?: string
  /** Offline threading id: unique per part of a step. */
  readonly otid?: string
  readonly stepId?: string
  /** Sequence number of the first chunk. */
  readonly seqId?: number
  readonly runId?: string
  /** The sender's name. */
  readonly name?: string
  readonly senderId?: string
}

/** A Letta translator; `origins` maps each AG-UI message or tool-call id it made to its Letta identifiers. */
export interface LettaTranslator extends Translator<unknown> {
  readonly origins: ReadonlyMap<string, LettaOrigin>
}

/**
 * Stop reasons after which the run did not end as the agent meant (Letta's
 * `StopReasonType`): open reasoning stays interrupted. Every other reason —
 * `end_turn`, `max_steps`, `no_tool_call`, `tool_rule`, `requires_approval`, and
 * any Letta adds later — ends the run normally.
 */
const FAILED: Readonly<Record<string, string>> = {
  max_tokens_exceeded: 'The model reached its output token limit.',
  // The brief's and some clients' spelling of the same reason.
  max_tokens: 'The model reached its output token limit.',
  error: 'Letta stopped the run with an error.',
  llm_api_error: 'The model provider returned an error.',
  invalid_llm_response: 'The model returned a response Letta could not use.',
  invalid_tool_call: 'The model made an invalid tool call.',
  cancelled: 'The run was cancelled.',
  context_window_overflow_in_system_prompt: 'The system prompt overflowed the context window.',
}

const HIDDEN_TYPE = 'letta.hidden_reasoning'

type Kind = 'reasoning' | 'hidden' | 'text' | 'tool'

/** The Letta message part being translated; a chunk with the same type, `id` and `otid` continues it. */
interface Part {
  readonly kind: Kind
  readonly lettaId: string
  readonly otid: string | undefined
  /** AG-UI message and span id (reasoning, hidden, text); the Letta id for a tool part, whose calls have their own ids. */
  readonly agId: string
  signature?: string
  /** Hidden reasoning: its state, the data so far, and whether the last value sent is stale. */
  hidden?: { readonly state: string; data: string; stale: boolean }
  /** Tool calls of this part, in order; the last one continues chunks without a `tool_call_id`. */
  readonly tools: string[]
}



/** A streaming translator from Letta messages (parsed JSON) to AG-UI events. Never throws. */
export function createLettaTranslator(options: LettaOptions = {}): LettaTranslator {
  const writer = new EventWriter(options)
  const origins = new Map<string, LettaOrigin>()
  const allocated = new Map<string, number>()
  const toolCalls = new Set<string>()
  let current: Part | undefined
  /**
   * Parts with an `otid` that ended because another part began, by type, id
   * and otid. A late chunk of one (issue 11) still belongs to it: it continues
   * that part where it was, and the part now open stays open.
   */
  const ended = new Map<string, Part>()
  const keyOf = (kind: Kind, lettaId: string, otid: string) => `${kind}\n${lettaId}\n${otid}`
  const endedPart = (kind: Kind, lettaId: string, otid: string | undefined) => (otid === undefined ? undefined : ended.get(keyOf(kind, lettaId, otid)))
  let runDecided = options.runId !== undefined
  let lastTime: number | undefined

  /** A fresh AG-UI id for a part: `<id>/<part>`, then `<id>/<part>#2`, … for repeats. */
  const allocate = (lettaId: string, suffix: string): string => {
    const base = `${lettaId}/${suffix}`
    const n = (allocated.get(base) ?? 0) + 1
    allocated.set(base, n)
    return n === 1 ? base : `${base}#${n}`
  }

  const remember = (agId: string, m: Json, messageType: string, lettaId: string) => {
    if (origins.has(agId)) return
    const seqId = m.seq_id
    origins.set(agId, {
      messageType,
      id: lettaId,
      ...optional('date', str(m.date)),
      ...optional('otid', nonEmpty(m.otid)),
      ...optional('stepId', nonEmpty(m.step_id)),
      ...optional('seqId', typeof seqId === 'number' && Number.isInteger(seqId) ? seqId : undefined),
      ...optional('runId', nonEmpty(m.run_id)),
      ...optional('name', nonEmpty(m.name)),
      ...optional('senderId', nonEmpty(m.sender_id)),
    })
    // The same identifiers travel with the events that open the part, under `metadata.letta`.
    writer.annotate({ letta: origins.get(agId) })
  }

  /** The run id comes from the first message that does something, before `RUN_STARTED` is written. */
  const decideRun = (m: Json) => {
    if (runDecided) return
    runDecided = true
    const runId = nonEmpty(m.run_id)
    if (writer.runId === undefined && runId !== undefined) writer.runId = runId
  }

  const continues = (kind: Kind, lettaId: string, otid: string | undefined) =>
    current !== undefined && current.kind === kind && current.lettaId === lettaId && current.otid === otid

  const sendHidden = (part: Part) => {
    const hidden = part.hidden!
    hidden.stale = false
    writer.encrypted(part.agId, hidden.data, HIDDEN_TYPE)
  }

  const endReasoning = (part: Part) => writer.endMessage(part.agId, part.signature !== undefined ? { signature: part.signature } : undefined)

  /** Ends the current part normally (a different part began, or the run stopped as planned). */
  const closeCurrent = () => {
    const part = current
    if (!part) return
    current = undefined
    if (part.otid !== undefined) ended.set(keyOf(part.kind, part.lettaId, part.otid), part)
    switch (part.kind) {
      case 'reasoning':
        endReasoning(part)
        writer.endBlock(part.agId)
        break
      case 'hidden':
        if (part.hidden!.stale) sendHidden(part)
        writer.endMessage(part.agId)
        writer.endBlock(part.agId)
        break
      case 'text':
        writer.endText(part.agId)
        break
      case 'tool':
        for (const id of part.tools) writer.endTool(id)
        break
    }
  }

  const open = (kind: Kind, m: Json, messageType: string, lettaId: string, otid: string | undefined, suffix: string): Part => {
    closeCurrent()
    const part: Part = { kind, lettaId, otid, agId: kind === 'tool' ? lettaId : allocate(lettaId, suffix), tools: [] }
    if (kind !== 'tool') remember(part.agId, m, messageType, lettaId)
    current = part
    return part
  }

  const onReasoning = (m: Json, lettaId: string, otid: string | undefined) => {
    const reasoning = m.reasoning
    if (typeof reasoning !== 'string') return writer.skip(process.env.NODE_ENV !== 'production' ? `reasoning_message '${lettaId}' has no string 'reasoning'.` : 'reasoning_message.reasoning')
    // Anthropic-backed agents send the signature with the last chunk; it goes on the message's end.
    const signature = nonEmpty(m.signature)
    const late = endedPart('reasoning', lettaId, otid)
    if (late) {
      const signed = signature !== undefined && signature !== late.signature
      if (signed) late.signature = signature
      if (reasoning === '') {
        // Only a signature: the message is signed where it ended, its duration unchanged; an empty chunk, nothing.
        if (signed) writer.amendMessage(late.agId, { signature })
        return
      }
      // Late text continues its message in its block and ends it again at once. The end moves to this chunk:
      // the reasoning really went on until then.
      writer.reopenMessage(late.agId)
      writer.appendMessage(late.agId, reasoning)
      return endReasoning(late)
    }
    let part = current
    if (!continues('reasoning', lettaId, otid)) {
      part = open('reasoning', m, 'reasoning_message', lettaId, otid, 'reasoning')
      const source = nonEmpty(m.source)
      writer.startMessage(part.agId, part.agId, source !== undefined ? { source } : undefined)
    }
    writer.appendMessage(part!.agId, reasoning)
    if (signature !== undefined) part!.signature = signature
  }

  const onHidden = (m: Json, lettaId: string, otid: string | undefined) => {
    const state = nonEmpty(m.state)
    const data = m.hidden_reasoning
    if (state === undefined) return writer.skip(process.env.NODE_ENV !== 'production' ? `hidden_reasoning_message '${lettaId}' has no 'state' ('redacted' or 'omitted').` : 'hidden_reasoning_message.state')
    if (data !== undefined && data !== null && typeof data !== 'string') {
      return writer.skip(process.env.NODE_ENV !== 'production' ? `hidden_reasoning_message '${lettaId}': 'hidden_reasoning' must be a string or null.` : 'hidden_reasoning_message.hidden_reasoning')
    }
    const known = continues('hidden', lettaId, otid) ? current : endedPart('hidden', lettaId, otid)
    if (known) {
      if (data) {
        known.hidden!.data += data
        // A part that ended already takes the whole value at once; an open one when it ends.
        if (known === current) known.hidden!.stale = true
        else sendHidden(known)
      }
      return
    }
    const part = open('hidden', m, 'hidden_reasoning_message', lettaId, otid, 'hidden_reasoning')
    part.hidden = { state, data: data ?? '', stale: false }
    // Marked hidden at once, so the lock shows while the block is open and survives a cut
    // stream; redacted data (the value to send back) follows as an encrypted value.
    writer.startMessage(part.agId, part.agId, { hidden: true })
    if (part.hidden.data !== '') sendHidden(part)
  }

  const onAssistant = (m: Json, lettaId: string, otid: string | undefined) => {
    const text = contentText(m.content)
    if (text === undefined) return writer.skip(process.env.NODE_ENV !== 'production' ? `assistant_message '${lettaId}': 'content' must be a string or an array of text parts.` : 'assistant_message.content')
    let part = current
    if (!continues('text', lettaId, otid)) {
      part = open('text', m, 'assistant_message', lettaId, otid, 'assistant')
      writer.startText(part.agId)
    }
    writer.appendText(part!.agId, text)
  }

  const onToolCall = (m: Json, messageType: string, lettaId: string, otid: string | undefined) => {
    const calls = Array.isArray(m.tool_calls) && m.tool_calls.length > 0 ? m.tool_calls : [m.tool_call ?? m.tool_calls]
    if (!calls.every(isRecord)) return writer.skip(process.env.NODE_ENV !== 'production' ? `${messageType} '${lettaId}' has no 'tool_call' object.` : `${messageType}.tool_call`)
    let part = current
    if (!continues('tool', lettaId, otid)) part = open('tool', m, messageType, lettaId, otid, 'tool_call')
    for (const call of calls) {
      const args = str(call.arguments) ?? ''
      let id = nonEmpty(call.tool_call_id) ?? part!.tools[part!.tools.length - 1]
      if (id === undefined || !part!.tools.includes(id)) {
        id ??= allocate(lettaId, 'tool_call')
        part!.tools.push(id)
        toolCalls.add(id)
        remember(id, m, messageType, lettaId)
        writer.startTool(id, nonEmpty(call.name) ?? 'tool')
      }
      writer.appendToolArgs(id, args)
    }
  }

  const onToolReturn = (m: Json, lettaId: string) => {
    const returns = Array.isArray(m.tool_returns) && m.tool_returns.length > 0 ? m.tool_returns : [m]
    closeCurrent()
    for (const r of returns) {
      const callId = isRecord(r) ? nonEmpty(r.tool_call_id) : undefined
      if (callId === undefined || !toolCalls.has(callId)) {
        writer.skip(process.env.NODE_ENV !== 'production' ? `tool_return_message '${lettaId}' answers ${callId === undefined ? 'no tool call' : `tool call '${callId}', which this stream never made`}.` : 'tool_return_message.tool_call_id')
        continue
      }
      const value = (r as Json).tool_return
      const id = allocate(lettaId, 'tool_return')
      remember(id, m, 'tool_return_message', lettaId)
      writer.toolResult(id, callId, typeof value === 'string' ? value : JSON.stringify(value ?? null))
    }
  }

  /**
   * How the run ends, once `stop_reason` said so. Letta sends `usage_statistics`
   * after it, so the run's last event waits for those (or the end of the stream).
   */
  let ending: (() => void) | undefined

  const onStop = (reason: unknown) => {
    if (typeof reason !== 'string' || reason === '') return writer.skip(process.env.NODE_ENV !== 'production' ? `stop_reason has no string 'stop_reason'.` : 'stop_reason.stop_reason')
    const failure = FAILED[reason]
    // A failure leaves what is open interrupted, with its text: do not close it first.
    if (failure !== undefined) {
      ending = () => writer.fail(failure, reason)
      if (writer.usages.size > 0) ending()
      return
    }
    closeCurrent()
    ending = () => writer.finish()
    // Usage that came first leaves nothing to wait for.
    if (writer.usages.size > 0) ending()
  }

  /** `usage_statistics` (or a LettaResponse's `usage`): prompt and completion totals, reasoning and cache parts where Letta has them. */
  const onUsage = (u: Json) => {
    writer.usage(
      'run',
      tokenUsage({ input: u.prompt_tokens, output: u.completion_tokens, total: u.total_tokens, reasoning: u.reasoning_tokens, cached: u.cached_input_tokens, cacheWrite: u.cache_write_tokens }),
    )
    ending?.()
  }

  const handle = (m: unknown): void => {
    if (!isRecord(m)) return writer.skip('A Letta message must be a JSON object.')
    // A whole LettaResponse (non-streaming): its messages, then its stop reason.
    if (m.message_type === undefined && Array.isArray(m.messages)) {
      for (const inner of m.messages) handle(inner)
      if (m.stop_reason !== undefined) handle(isRecord(m.stop_reason) ? m.stop_reason : { message_type: 'stop_reason', stop_reason: m.stop_reason })
      // A whole response: its usage is the last word.
      if (isRecord(m.usage)) onUsage(m.usage)
      return
    }
    const type = str(m.message_type) ?? (typeof m.stop_reason === 'string' ? 'stop_reason' : undefined)
    if (type === undefined) return writer.skip(process.env.NODE_ENV !== 'production' ? `A Letta message needs a string 'message_type'.` : 'message_type')
    // `stop_reason` and `usage_statistics` carry no date: they happen when the last dated message did.
    const ms = typeof m.date === 'string' ? Date.parse(m.date) : Number.NaN
    if (Number.isFinite(ms)) lastTime = ms
    writer.at(lastTime)
    if (type === 'stop_reason') return onStop(m.stop_reason)
    if (type === 'usage_statistics') return onUsage(m)
    if (type === 'error_message') {
      decideRun(m)
      return writer.fail(nonEmpty(m.message) ?? 'Letta reported an error.', nonEmpty(m.error_type))
    }
    if (!PARTS.has(type)) return // ping, user/system messages, and types Letta adds later
    const lettaId = nonEmpty(m.id)
    if (lettaId === undefined) return writer.skip(process.env.NODE_ENV !== 'production' ? `${type} needs a string 'id'.` : `${type}.id`)
    decideRun(m)
    const otid = nonEmpty(m.otid)
    switch (type) {
      case 'reasoning_message': return onReasoning(m, lettaId, otid)
      case 'hidden_reasoning_message': return onHidden(m, lettaId, otid)
      case 'assistant_message': return onAssistant(m, lettaId, otid)
      case 'tool_return_message': return onToolReturn(m, lettaId)
      default: return onToolCall(m, type, lettaId, otid)
    }
  }

  return {
    origins,
    get diagnostics() {
      return writer.diagnostics
    },
    push(event) {
      writer.next()
      try {
        handle(event)
      } catch (error) {
        writer.skip(`The Letta message could not be translated: ${describeError(error)}`)
      }
      return writer.take()
    },
    end() {
      // No stop_reason: the stream was cut. What is open stays interrupted.
      if (ending) ending()
      else writer.fail('The Letta stream ended before its stop_reason.', 'stream_ended')
      return writer.take()
    },
  }
}

const PARTS: ReadonlySet<string> = new Set([
  'reasoning_message',
  'hidden_reasoning_message',
  'assistant_message',
  'tool_call_message',
  'approval_request_message',
  'tool_return_message',
])

/** `content` of an assistant message: a string, or text parts (`{ type: 'text', text }`). */
function contentText(content: unknown): string | undefined {
  if (typeof content === 'string') return content
  if (!Array.isArray(content)) return undefined
  let text = ''
  for (const part of content) {
    // Parts of other types (or a text part without text) are skipped: the text beside them is kept.
    if (!isRecord(part) || (part.type !== undefined && part.type !== 'text') || typeof part.text !== 'string') continue
    text += part.text
  }
  return text
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V }
}

/** All Letta messages at once (a recorded stream, or a whole `LettaResponse`): the AG-UI events, ended. */
export function translateLetta(events: Iterable<unknown>, options?: LettaOptions): AgUiEvent[] {
  return translateAll(createLettaTranslator(options), events)
}

/**
 * Reads a Letta SSE stream (`POST /v1/agents/{id}/messages/stream`) from a fetch
 * `Response`, or a URL with `init`, into `store`. Returns the function that aborts.
 */
export function connectLetta(
  input: ResponseLike | string | URL,
  store: ReasoningStore,
  options: LettaOptions & ProviderStreamOptions = {},
): Disconnect {
  return connectAdapter(createLettaTranslator, 'sse', input, store, options)
}
