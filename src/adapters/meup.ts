/**
 * MEUP → AG-UI, after ADR-t8k "Agent Reasoning Transparency". MEUP messages are
 * envelopes `{ kind, from, payload, correlation_id?, id?, ts?, to? }`; reasoning
 * is a sub-context opened by `reasoning/start`, filled by `reasoning/step`s and
 * closed by `reasoning/end`, all naming it by `payload.reasoning_id`. The action
 * the reasoning led to names it in `correlation_id`.
 *
 * A session is one AG-UI span (`REASONING_START` … `REASONING_END`, id =
 * `reasoning_id`), each step one step-kind reasoning message in it. Only the
 * actions that name a session in `correlation_id` (a `chat` message, an MCP
 * tool call) and the responses to those tool calls are translated: the rest of
 * the pod's traffic is not this reasoning's business. An action closes the
 * sessions still open (AG-UI's order); a step or `reasoning/end` of such a
 * session that comes after it still lands in that session's block.
 */
import type { Disconnect, ResponseLike } from '../core/sources/types'
import type { ReasoningStore } from '../core/store'
import { describeError, isRecord, nonEmpty, str, type Json } from './json'
import { connectAdapter, translateAll, type ProviderStreamOptions } from './connect'
import type { AgUiEvent, ReasoningUiMetadata, Translator, TranslatorOptions } from './types'
import { EventWriter } from './writer'

/** Options of the MEUP translator (thread id, run id and clock; MEUP has no run of its own). */
export type MeupOptions = TranslatorOptions

/** What the translator knows of one reasoning session beyond what the AG-UI events carry. */
export interface MeupSession {
  readonly reasoningId: string
  /** The participant that reasoned (also `metadata.reasoningUi.source` on the span). */
  readonly from?: string
  readonly description?: string
  /** `payload.parent_message`: the message that triggered the reasoning. */
  readonly parentMessage?: string
  /** AG-UI ids of the actions that named this session in `correlation_id`, in order. */
  readonly actions: readonly string[]
  /** `open` until `reasoning/end`, `closed` when an action came first, `ended` after `reasoning/end`. */
  readonly status: 'open' | 'ended' | 'closed'
}

/** A MEUP translator; `sessions` keeps each reasoning session's participant, parent message and actions. */
export interface MeupTranslator extends Translator<unknown> {
  readonly sessions: ReadonlyMap<string, MeupSession>
}

type Writable<T> = { -readonly [K in keyof T]: T[K] }
interface Session extends Writable<Omit<MeupSession, 'actions'>> {
  readonly actions: string[]
  steps: number
}

const json = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value) ?? '')

/** A streaming translator from MEUP envelopes (parsed JSON) to AG-UI events. Never throws. */
export function createMeupTranslator(options: MeupOptions = {}): MeupTranslator {
  const writer = new EventWriter(options)
  const now = options.now ?? Date.now
  const sessions = new Map<string, Session>()
  /** Open sessions, oldest first. AG-UI puts a reasoning message in the innermost open span, so only the last may take steps. */
  const stack: string[] = []
  /** Steps and ends of sessions that are not innermost, held until they are (participants reasoning at the same time). */
  const held = new Map<string, (() => void)[]>()
  const used = new Set<string>()
  /** Tool-call ids by the envelope ids that stand for them (the proposal or request, and a request fulfilling a proposal). */
  const tools = new Map<string, string>()

  const allocate = (base: string): string => {
    let id = base
    for (let n = 2; used.has(id); n++) id = `${base}#${n}`
    used.add(id)
    return id
  }

  const session = (id: string, from: string | undefined): Session => {
    let s = sessions.get(id)
    if (!s) {
      s = { reasoningId: id, actions: [], status: 'open', steps: 0, ...(from !== undefined && { from }) }
      sessions.set(id, s)
      used.add(id)
    }
    return s
  }

  const open = (s: Session, ui?: ReasoningUiMetadata) => {
    stack.push(s.reasoningId)
    writer.startBlock(s.reasoningId, { ...ui, ...(s.from !== undefined && { source: s.from }) })
  }

  /** Runs `op` for session `id` now when it is the innermost open one, else once it is. */
  const inOrder = (id: string, op: () => void) => {
    if (stack[stack.length - 1] === id) return op()
    const list = held.get(id)
    if (list) list.push(op)
    else held.set(id, [op])
  }

  /** After the innermost session closed: what the next one held, in order (which may close it too). */
  const release = () => {
    for (;;) {
      const top = stack[stack.length - 1]
      const list = top !== undefined ? held.get(top) : undefined
      if (!list || list.length === 0) return
      held.delete(top!)
      for (const op of list) {
        if (stack[stack.length - 1] === top) op()
        // An op that closed the session hands the rest to whoever is innermost now.
        else inOrder(top!, op)
      }
    }
  }

  const close = (id: string, ui?: ReasoningUiMetadata) => {
    const s = sessions.get(id)!
    s.status = ui ? 'ended' : 'closed'
    stack.splice(stack.lastIndexOf(id), 1)
    writer.endBlock(id, ui)
    release()
  }

  /**
   * An action follows: AG-UI ends every open span before a text message or a
   * tool call. Closing them innermost first lets each one's held steps (and
   * held `reasoning/end`, with its outcome) land in it before it closes.
   */
  const closeForAction = () => {
    while (stack.length > 0) close(stack[stack.length - 1]!)
  }

  const at = (envelope: Json) => {
    const ms = typeof envelope.ts === 'string' ? Date.parse(envelope.ts) : Number.NaN
    return Number.isFinite(ms) ? ms : now()
  }

  const onStart = (payload: Json, id: string, from: string | undefined) => {
    if (sessions.has(id)) return writer.skip(process.env.NODE_ENV !== 'production' ? `reasoning/start for '${id}', which this stream already has (reasoning_id must be unique).` : 'reasoning/start.reasoning_id')
    const s = session(id, from)
    const description = nonEmpty(payload.description)
    const parent = nonEmpty(payload.parent_message)
    if (description !== undefined) s.description = description
    if (parent !== undefined) s.parentMessage = parent
    open(s, description !== undefined ? { title: description } : undefined)
  }

  /**
   * A step or end for a session never started (a late joiner, or an observer of
   * `reasoning/end` only) opens it. One for a session that an action closed
   * (AG-UI ends every span before text or a tool call) still belongs to it
   * (issue 11): its span continues, in the same block.
   */
  const known = (id: string, from: string | undefined, kind: string): Session | undefined => {
    const s = sessions.get(id)
    if (!s) {
      const fresh = session(id, from)
      open(fresh)
      return fresh
    }
    if (s.status === 'ended') {
      writer.skip(process.env.NODE_ENV !== 'production' ? `${kind} for '${id}' after the session ended (reasoning/end).` : kind)
      return undefined
    }
    if (s.status === 'closed') {
      s.status = 'open'
      open(s)
    }
    return s
  }

  const onStep = (payload: Json, id: string, from: string | undefined, time: number) => {
    // A type that is not a string is ignored, never the text of the step.
    const type = str(payload.type)
    if (type === undefined && payload.type !== undefined) writer.skip(process.env.NODE_ENV !== 'production' ? `reasoning/step for '${id}': 'type' must be a string; it was ignored.` : 'reasoning/step.type')
    const late = sessions.get(id)?.status === 'closed'
    const s = known(id, from, 'reasoning/step')
    if (!s) return
    const messageId = allocate(`${id}/step-${++s.steps}`)
    const step = describeStep(type, payload.content)
    const ui: ReasoningUiMetadata = {
      kind: 'step',
      ...(type !== undefined && type !== '' && { stepType: type }),
      ...(step.title !== undefined && { title: step.title }),
      ...(step.confidence !== undefined && { confidence: step.confidence }),
    }
    inOrder(id, () => {
      writer.at(time)
      // A whole reasoning message at once (start, content, end).
      writer.startMessage(messageId, id, ui)
      writer.appendMessage(messageId, step.text)
      writer.endMessage(messageId)
    })
    // The action that closed the session came before this step: it closes again.
    if (late) close(id)
  }

  const onEnd = (payload: Json, id: string, from: string | undefined, time: number) => {
    const ui: Writable<ReasoningUiMetadata> = {}
    const problems: string[] = []
    if (payload.conclusion !== undefined) {
      if (typeof payload.conclusion === 'string') ui.conclusion = payload.conclusion
      else problems.push(process.env.NODE_ENV !== 'production' ? "'conclusion' must be a string" : 'conclusion')
    }
    if (payload.confidence !== undefined) {
      const c = payload.confidence
      if (typeof c === 'number' && c >= 0 && c <= 1) ui.confidence = c
      else problems.push(process.env.NODE_ENV !== 'production' ? "'confidence' must be a number from 0 to 1" : 'confidence')
    }
    if (payload.key_factors !== undefined) {
      const f = payload.key_factors
      if (Array.isArray(f) && f.every((x) => typeof x === 'string')) ui.keyFactors = f.slice() as string[]
      else problems.push(process.env.NODE_ENV !== 'production' ? "'key_factors' must be an array of strings" : 'key_factors')
    }
    if (problems.length > 0) writer.skip(process.env.NODE_ENV !== 'production' ? `reasoning/end for '${id}': ${problems.join('; ')}; ${problems.length === 1 ? 'that field was' : 'those fields were'} ignored.` : `reasoning/end.${problems.join()}`)
    const s = known(id, from, 'reasoning/end')
    if (!s) return
    s.status = 'ended'
    inOrder(id, () => {
      writer.at(time)
      close(id, ui)
    })
  }

  /** The sessions an envelope's `correlation_id` names (a string, or an array of them). */
  const correlated = (envelope: Json): string[] => {
    const c = envelope.correlation_id
    return typeof c === 'string' ? [c] : Array.isArray(c) ? c.filter((x): x is string => typeof x === 'string') : []
  }

  const onAction = (envelope: Json, kind: string, payload: Json, cause: Session, time: number) => {
    const envelopeId = nonEmpty(envelope.id)
    /** Closes the open sessions (releasing held steps, stamped with their own times), then this action's time again. */
    const closeOpen = () => {
      closeForAction()
      writer.at(time)
    }
    if (kind === 'chat') {
      const text = str(payload.text)
      if (text === undefined) return writer.skip(process.env.NODE_ENV !== 'production' ? `chat for '${cause.reasoningId}' has no string 'payload.text'.` : 'chat.payload.text')
      const id = allocate(envelopeId ?? `${cause.reasoningId}/chat`)
      closeOpen()
      writer.startText(id)
      writer.appendText(id, text)
      writer.endText(id)
      cause.actions.push(id)
      return
    }
    const call = toolCallOf(kind, payload)
    if (!call) return
    const id = allocate(envelopeId ?? `${cause.reasoningId}/action`)
    closeOpen()
    writer.startTool(id, call.name)
    if (call.args !== undefined) writer.appendToolArgs(id, json(call.args))
    writer.endTool(id)
    tools.set(id, id)
    if (envelopeId !== undefined) tools.set(envelopeId, id)
    cause.actions.push(id)
  }

  /** A request fulfilling a translated proposal stands for it; a response to either is the tool's result. */
  const onToolTraffic = (envelope: Json, kind: string, payload: Json, toolId: string) => {
    const envelopeId = nonEmpty(envelope.id)
    if (kind === 'mcp/response') {
      writer.toolResult(allocate(envelopeId ?? `${toolId}/result`), toolId, resultText(payload))
      return
    }
    if (kind.startsWith('mcp/request') && envelopeId !== undefined) tools.set(envelopeId, toolId)
  }

  const handle = (envelope: unknown) => {
    if (!isRecord(envelope)) return writer.skip('A MEUP message must be a JSON object.')
    const kind = nonEmpty(envelope.kind)
    if (kind === undefined) return writer.skip(process.env.NODE_ENV !== 'production' ? "A MEUP message needs a string 'kind'." : 'kind')
    const payload = envelope.payload ?? {}
    const from = nonEmpty(envelope.from)
    const time = at(envelope)
    writer.at(time)
    if (kind.startsWith('reasoning/')) {
      if (!isRecord(payload)) return writer.skip(process.env.NODE_ENV !== 'production' ? `${kind}: 'payload' must be an object.` : `${kind}.payload`)
      const id = nonEmpty(payload.reasoning_id)
      if (id === undefined) return writer.skip(process.env.NODE_ENV !== 'production' ? `${kind} needs a string 'payload.reasoning_id'.` : `${kind}.payload.reasoning_id`)
      if (kind === 'reasoning/start') return onStart(payload, id, from)
      if (kind === 'reasoning/step') return onStep(payload, id, from, time)
      if (kind === 'reasoning/end') return onEnd(payload, id, from, time)
      return
    }
    const ids = correlated(envelope)
    if (ids.length === 0 || !isRecord(payload)) return
    const cause = ids.map((id) => sessions.get(id)).find((s) => s !== undefined)
    if (cause) return onAction(envelope, kind, payload, cause, time)
    const toolId = ids.map((id) => tools.get(id)).find((t) => t !== undefined)
    if (toolId !== undefined) onToolTraffic(envelope, kind, payload, toolId)
  }

  return {
    sessions,
    get diagnostics() {
      return writer.diagnostics
    },
    push(event) {
      writer.next()
      try {
        handle(event)
      } catch (error) {
        writer.skip(`The MEUP message could not be translated: ${describeError(error)}`)
      }
      return writer.take()
    },
    end() {
      if (writer.isEnded) return writer.take()
      for (const [id, list] of held) {
        writer.skip(`The stream ended with ${list.length} message(s) of session '${id}' held behind a session opened after it and never ended; they were dropped.`)
      }
      held.clear()
      // MEUP has no end-of-run message: a stream that ends with a session open was cut mid-reasoning.
      if (stack.length > 0) writer.fail(`The MEUP stream ended before reasoning/end for '${stack[stack.length - 1]}'.`, 'stream_ended')
      else writer.finish()
      return writer.take()
    },
  }
}

interface Step {
  readonly text: string
  readonly title?: string
  readonly confidence?: number
}

/** Fields that hold a step's main text, by preference. */
const TEXT_FIELDS = ['thought', 'text', 'content', 'analysis', 'hypothesis', 'reflection', 'observation', 'summary', 'description', 'statement']
const ARG_FIELDS = ['arguments', 'args', 'params', 'input']
const RESULT_FIELDS = ['result', 'output']

/**
 * The text of a step's type-specific `content`: a string as is; a `tool_call`
 * as its arguments and result (the tool's name is the title); other types by
 * their main text field. Fields it does not know follow as `key: value` lines,
 * so nothing the agent shared is lost.
 */
function describeStep(type: string | undefined, content: unknown): Step {
  if (content === undefined || content === null) return { text: '' }
  if (!isRecord(content)) return { text: json(content) }
  const rest = { ...content }
  const take = (keys: readonly string[]): unknown => {
    for (const key of keys) {
      if (rest[key] === undefined) continue
      const value = rest[key]
      delete rest[key]
      return value
    }
    return undefined
  }
  const lines: string[] = []
  let title = nonEmpty(take(['title']))
  const c = take(['confidence'])
  const confidence = typeof c === 'number' && c >= 0 && c <= 1 ? c : undefined
  if (c !== undefined && confidence === undefined) rest.confidence = c
  if (type === 'tool_call') {
    const tool = take(['tool', 'name', 'tool_name'])
    if (typeof tool === 'string' && tool !== '') title ??= tool
    else if (tool !== undefined) rest.tool = tool
    const args = take(ARG_FIELDS)
    const result = take(RESULT_FIELDS)
    if (args !== undefined) lines.push(`Arguments: ${json(args)}`)
    if (result !== undefined) lines.push(`Result: ${json(result)}`)
  } else {
    const main = [type ?? '', ...TEXT_FIELDS].find((key) => typeof rest[key] === 'string')
    if (main !== undefined) lines.push(take([main]) as string)
  }
  for (const [key, value] of Object.entries(rest)) lines.push(`${key}: ${json(value)}`)
  return { text: lines.join('\n\n'), ...(title !== undefined && { title }), ...(confidence !== undefined && { confidence }) }
}

/**
 * The tool call an action stands for: an MCP `tools/call` proposal or request
 * (`payload.method` + `params.name`, or the ADR's `mcp/proposal:tools/call:<name>`
 * kind), or any other MCP method under its own name.
 */
function toolCallOf(kind: string, payload: Json): { name: string; args?: unknown } | undefined {
  if (!kind.startsWith('mcp/proposal') && !kind.startsWith('mcp/request')) return undefined
  const params = isRecord(payload.params) ? payload.params : undefined
  const method = nonEmpty(payload.method) ?? /:(\w+\/\w+)/.exec(kind)?.[1]
  const named = nonEmpty(params?.name) ?? /tools\/call:([^:\s]+)$/.exec(kind)?.[1]
  if (method === 'tools/call' || named !== undefined) return { name: named ?? 'tool', ...(params?.arguments !== undefined && { args: params.arguments }) }
  return { name: method ?? kind, ...(params !== undefined && { args: params }) }
}

/** An MCP response as text: the text parts of `result.content`, else the result (or error) as JSON. */
function resultText(payload: Json): string {
  const result = payload.result
  if (isRecord(result) && Array.isArray(result.content)) {
    const texts = result.content.filter(isRecord).map((part) => str(part.text)).filter((t): t is string => t !== undefined)
    if (texts.length > 0) return texts.join('\n')
  }
  if (result !== undefined) return json(result)
  if (isRecord(payload.error)) return `Error: ${str(payload.error.message) ?? json(payload.error)}`
  return json(payload)
}

/** All MEUP messages at once (a recorded pod transcript): the AG-UI events, ended. */
export function translateMeup(events: Iterable<unknown>, options?: MeupOptions): AgUiEvent[] {
  return translateAll(createMeupTranslator(options), events)
}

/**
 * Reads MEUP messages from a fetch `Response` (or a URL with `init`) into
 * `store`: one envelope per NDJSON line (`framing: 'ndjson'`, the default) or
 * per SSE `data` field (`framing: 'sse'`). Returns the function that aborts.
 */
export function connectMeup(
  input: ResponseLike | string | URL,
  store: ReasoningStore,
  options: MeupOptions & ProviderStreamOptions = {},
): Disconnect {
  return connectAdapter(createMeupTranslator, 'ndjson', input, store, options)
}
