/**
 * OpenAI Responses API and OpenResponses streams → AG-UI events.
 *
 * Each reasoning output item becomes one block (id = the item id), in output
 * order. Its summary parts become `summary`-kind messages
 * (`${itemId}:summary:${summary_index}`), its raw reasoning text (OpenAI's
 * `response.reasoning_text.*`, OpenResponses' `response.reasoning.*`)
 * becomes `text`-kind messages (`${itemId}:text:${content_index}`), and its
 * `encrypted_content` is attached to the block for the round trip. Message
 * items become text messages, function calls become tool calls, so reasoning
 * sits where it happened in the run.
 *
 * An item is known by its `output_index` and goes by the first id seen there:
 * some gateways (GitHub Copilot) send a new `item_id` on every event.
 */
import type { ReasoningStore } from '../core/store'
import type { Disconnect, ResponseLike } from '../core/sources/types'
import { describeError, isRecord, Malformed, nonEmpty, requireId, requireString, type Json } from './json'
import { connectAdapter, translateAll, type ProviderStreamOptions } from './connect'
import type { AgUiEvent, Translator, TranslatorOptions } from './types'
import { EventWriter } from './writer'
import { field, tokenUsage } from './usage'

export type OpenAIResponsesOptions = TranslatorOptions

/** The `encryptedValueType` of a reasoning item's `encrypted_content`. */
export const OPENAI_ENCRYPTED_CONTENT = 'openai.encrypted_content'

/** A part index; absent means the first part (OpenResponses' minimal events may leave it out). */
function index(event: Json, key: string): number {
  const value = event[key]
  if (value === undefined) return 0
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw new Malformed(`${String(event.type)}.${key} must be a non-negative integer`)
  return value
}

function record(event: Json, key: string): Json {
  const value = event[key]
  if (!isRecord(value)) throw new Malformed(`${String(event.type)}.${key} must be an object`)
  return value
}

const summaryId = (itemId: string, i: number) => `${itemId}:summary:${i}`
const reasoningTextId = (itemId: string, i: number) => `${itemId}:text:${i}`

class OpenAIResponsesTranslator implements Translator {
  readonly w: EventWriter
  /** Whether any provider event meant something (an empty stream ends with nothing). */
  active = false
  /** Whether any AG-UI event went out (the run id is fixed from then on). */
  private emitted = false
  /**
   * The reasoning item whose span is open. One at a time, so that each message
   * lands in its own item's block. A finished item's span stays open until
   * the next output item or the end of the response: reasoning cut by a token
   * limit then ends `interrupted`, not `complete`.
   */
  private openItem: string | undefined
  /** What each message, text part and tool call has received, so `.done` events only fill gaps. */
  private readonly delivered = new Map<string, string>()
  /** Function-call item id → call id (tool call id). */
  private readonly calls = new Map<string, string>()
  /** The first item id seen at each `output_index`. */
  private readonly items = new Map<number, string>()
  /**
   * Reasoning items whose span this translator ended because the model moved
   * on. Their late events (a `.done`, a last delta) still belong to them: they
   * continue the item's messages in its block, and never reopen its span for
   * long or close the text or tool call that followed.
   */
  private readonly closed = new Set<string>()
  /** Reasoning items that showed any text. */
  private readonly said = new Set<string>()

  constructor(private readonly options: OpenAIResponsesOptions) {
    this.w = new EventWriter(options)
  }

  get diagnostics() {
    return this.w.diagnostics
  }

  push(event: unknown): AgUiEvent[] {
    this.w.next()
    this.guard(() => this.handle(event))
    return this.take()
  }

  take(): AgUiEvent[] {
    const out = this.w.take()
    if (out.length > 0) this.emitted = true
    return out
  }

  end(): AgUiEvent[] {
    if (this.active && !this.w.isEnded) this.w.fail('The response stream ended before the response completed.', 'stream_ended')
    return this.take()
  }

  /** Runs `run`; what it throws becomes a diagnostic (the event is skipped). */
  guard(run: () => void): void {
    try {
      run()
    } catch (error) {
      this.w.skip(error instanceof Malformed ? error.message : `The event could not be translated: ${describeError(error)}`)
    }
  }

  private handle(event: unknown): void {
    if (!isRecord(event) || typeof event.type !== 'string') throw new Malformed('A provider event must be an object with a string type')
    // Own keys only: `toString` or `__proto__` are unknown event types, not handlers.
    if (!Object.hasOwn(HANDLERS, event.type)) return
    this.active = true
    HANDLERS[event.type]!(this, event)
  }

  // --- Response lifecycle

  created(response: Json): void {
    // The run id is the response id, unless the caller chose one or the run has already started.
    if (this.options.runId === undefined && !this.emitted && typeof response.id === 'string' && response.id !== '') this.w.runId = response.id
    const created = response.created_at
    if (typeof created === 'number' && Number.isFinite(created)) this.w.at(Math.round(created * 1000))
  }

  /** `response.usage`: `input_tokens` / `output_tokens` with their cached and reasoning parts, labelled with the model. */
  private usage(response: Json): void {
    const u = response.usage
    if (!isRecord(u)) return
    this.w.usage(
      nonEmpty(response.id) ?? 'response',
      tokenUsage(
        {
          input: u.input_tokens,
          output: u.output_tokens,
          total: u.total_tokens,
          reasoning: field(u.output_tokens_details, 'reasoning_tokens'),
          cached: field(u.input_tokens_details, 'cached_tokens'),
        },
        undefined,
        response.model,
      ),
    )
  }

  responseEnded(response: Json): void {
    this.usage(response)
    const status = response.status
    if (status === 'incomplete') return this.incomplete(response)
    if (status === 'failed' || status === 'cancelled') return this.failed(response)
    this.closeItem()
    this.w.finish()
  }

  incomplete(response: Json): void {
    this.usage(response)
    const details = isRecord(response.incomplete_details) ? response.incomplete_details : {}
    const reason = nonEmpty(details.reason)
    this.w.fail(`The response is incomplete${reason ? ` (${reason})` : ''}.`, reason ?? 'incomplete')
  }

  failed(response: Json): void {
    this.usage(response)
    const error = isRecord(response.error) ? response.error : {}
    this.w.fail(nonEmpty(error.message) ?? `The response ${String(response.status ?? 'failed')}.`, nonEmpty(error.code) ?? String(response.status ?? 'failed'))
  }

  error(event: Json): void {
    this.w.fail(nonEmpty(event.message) ?? 'The provider reported an error.', nonEmpty(event.code) ?? 'error')
  }

  // --- Output items

  /** The id `event`'s item goes by: the first one seen at its `output_index` (a gateway may send a new one on every event). */
  key(event: Json, id: string): string {
    const at = event.output_index
    if (typeof at !== 'number') return id
    if (!this.items.has(at)) this.items.set(at, id)
    return this.items.get(at)!
  }

  itemAdded(item: Json, event: Json): void {
    const type = item.type
    if (type === 'reasoning') {
      this.openBlock(this.key(event, requireId(item, 'id')))
      return
    }
    // Any other item means the model has moved on from its reasoning.
    this.closeItem()
    if (type === 'message') {
      this.w.startText(this.key(event, requireId(item, 'id')))
    } else if (type === 'function_call') {
      const itemId = this.key(event, requireId(item, 'id'))
      const callId = nonEmpty(item.call_id) ?? itemId
      this.calls.set(itemId, callId)
      this.w.startTool(callId, requireId(item, 'name'))
      if (typeof item.arguments === 'string') this.fillTool(itemId, item.arguments)
    }
  }

  itemDone(item: Json, event: Json): void {
    const type = item.type
    if (type === 'reasoning') {
      const itemId = this.key(event, requireId(item, 'id'))
      this.openBlock(itemId)
      // An incomplete item was cut short: its messages stay open for the run's end to interrupt.
      const cut = item.status === 'incomplete'
      const fill = (parts: unknown, messageId: (i: number) => string, kind: 'summary' | 'text') => {
        if (!Array.isArray(parts)) return
        parts.forEach((part, i) => {
          if (isRecord(part) && typeof part.text === 'string') this.fillReasoning(messageId(i), itemId, part.text, kind)
          if (!cut) this.w.endMessage(messageId(i))
        })
      }
      fill(item.summary, (i) => summaryId(itemId, i), 'summary')
      fill(item.content, (i) => reasoningTextId(itemId, i), 'text')
      // `.done` carries the final encrypted value (the one on `.added` is not the last word).
      const encrypted = nonEmpty(item.encrypted_content)
      if (encrypted) this.w.encrypted(itemId, encrypted, OPENAI_ENCRYPTED_CONTENT)
      // Neither text nor an encrypted value (GitHub Copilot's Responses API): the model reasoned and
      // shows nothing of it. An empty message marked hidden shows the block as encrypted-only.
      else if (!this.said.has(itemId)) {
        this.w.startMessage(`${itemId}:hidden`, itemId, { hidden: true })
        this.w.endMessage(`${itemId}:hidden`)
      }
    } else if (type === 'message') {
      const itemId = this.key(event, requireId(item, 'id'))
      const content = Array.isArray(item.content) ? item.content : []
      content.forEach((part, i) => {
        if (!isRecord(part)) return
        if (part.type === 'output_text' && typeof part.text === 'string') this.fillText(itemId, i, part.text)
        else if (part.type === 'refusal' && typeof part.refusal === 'string') this.fillText(itemId, i, part.refusal)
      })
      this.w.endText(itemId)
    } else if (type === 'function_call') {
      const itemId = this.key(event, requireId(item, 'id'))
      if (!this.calls.has(itemId)) this.itemAdded(item, event)
      else if (typeof item.arguments === 'string') this.fillTool(itemId, item.arguments)
      this.w.endTool(this.calls.get(itemId)!)
    }
  }

  // --- Reasoning

  /** Opens the block of reasoning item `itemId`, closing any other one first; false for an item already closed, which stays closed. */
  private openBlock(itemId: string): boolean {
    if (this.closed.has(itemId)) return false
    if (this.openItem !== itemId) {
      this.closeItem()
      this.w.startBlock(itemId)
      this.openItem = itemId
    }
    return true
  }

  private closeItem(): void {
    if (this.openItem === undefined) return
    this.w.endBlock(this.openItem)
    this.closed.add(this.openItem)
    this.openItem = undefined
  }

  /** Opens message `messageId` of reasoning item `itemId`; false when the item was closed (see `closed`). */
  startReasoning(messageId: string, itemId: string, kind: 'summary' | 'text'): boolean {
    if (!this.openBlock(itemId)) return false
    if (!this.w.isOpen(messageId)) this.w.startMessage(messageId, itemId, kind === 'summary' ? { kind } : undefined)
    return true
  }

  appendReasoning(messageId: string, itemId: string, kind: 'summary' | 'text', delta: string): void {
    if (delta) this.said.add(itemId)
    if (this.startReasoning(messageId, itemId, kind)) this.w.appendMessage(messageId, delta)
    else if (delta !== '') {
      // Late text of a closed item continues its message where it was (a part that never
      // streamed starts in the item's span, continued for it), then ends again at once.
      this.w.reopenMessage(messageId, itemId, kind === 'summary' ? { kind } : undefined)
      this.w.appendMessage(messageId, delta)
      this.w.endMessage(messageId)
      this.w.endBlock(itemId)
    }
    this.delivered.set(messageId, (this.delivered.get(messageId) ?? '') + delta)
  }

  /** Ends a reasoning message; a message that is not open stays as it is. */
  endReasoning(messageId: string): void {
    this.w.endMessage(messageId)
  }

  /** The full text of a reasoning message: appends only what its deltas did not deliver. */
  fillReasoning(messageId: string, itemId: string, full: string, kind: 'summary' | 'text'): void {
    const rest = this.missing(messageId, full)
    if (rest) this.appendReasoning(messageId, itemId, kind, rest)
  }

  // --- Answer text and tool calls

  appendText(itemId: string, part: number, delta: string): void {
    if (!this.w.isOpen(itemId)) {
      this.closeItem()
      this.w.startText(itemId)
    }
    this.w.appendText(itemId, delta)
    const key = `${itemId}:${part}`
    this.delivered.set(key, (this.delivered.get(key) ?? '') + delta)
  }

  fillText(itemId: string, part: number, full: string): void {
    const rest = this.missing(`${itemId}:${part}`, full)
    if (rest) this.appendText(itemId, part, rest)
  }

  appendTool(itemId: string, delta: string): void {
    const callId = this.calls.get(itemId)
    if (callId === undefined) throw new Malformed(`Arguments for function call '${itemId}', which was never added`)
    this.w.appendToolArgs(callId, delta)
    const key = `tool:${itemId}`
    this.delivered.set(key, (this.delivered.get(key) ?? '') + delta)
  }

  fillTool(itemId: string, full: string): void {
    const rest = this.missing(`tool:${itemId}`, full)
    if (rest) this.appendTool(itemId, rest)
  }

  /** What `full` adds to what `key` already received; reports a contradiction (the streamed text is kept). */
  private missing(key: string, full: string): string {
    const have = this.delivered.get(key) ?? ''
    if (full.startsWith(have)) return full.slice(have.length)
    this.w.skip(`The final text of '${key}' contradicts its deltas; the streamed text was kept.`)
    return ''
  }
}

type Handler = (t: OpenAIResponsesTranslator, event: Json) => void

/** The id of the item an event names (see `key`). */
const idOf = (t: OpenAIResponsesTranslator, e: Json) => t.key(e, requireId(e, 'item_id'))

const reasoningDelta: Handler = (t, e) => {
  const itemId = idOf(t, e)
  t.appendReasoning(reasoningTextId(itemId, index(e, 'content_index')), itemId, 'text', requireString(e, 'delta'))
}

const reasoningDone: Handler = (t, e) => {
  const itemId = idOf(t, e)
  const messageId = reasoningTextId(itemId, index(e, 'content_index'))
  t.fillReasoning(messageId, itemId, requireString(e, 'text'), 'text')
  t.endReasoning(messageId)
}

const HANDLERS: Readonly<Record<string, Handler>> = {
  'response.created': (t, e) => t.created(record(e, 'response')),
  'response.in_progress': (t, e) => t.created(record(e, 'response')),
  'response.output_item.added': (t, e) => t.itemAdded(itemOf(e), e),
  'response.output_item.done': (t, e) => t.itemDone(itemOf(e), e),
  'response.reasoning_summary_part.added': (t, e) => {
    const itemId = idOf(t, e)
    const messageId = summaryId(itemId, index(e, 'summary_index'))
    t.startReasoning(messageId, itemId, 'summary')
    const part = e.part
    if (isRecord(part) && typeof part.text === 'string') t.fillReasoning(messageId, itemId, part.text, 'summary')
  },
  'response.reasoning_summary_text.delta': (t, e) => {
    const itemId = idOf(t, e)
    t.appendReasoning(summaryId(itemId, index(e, 'summary_index')), itemId, 'summary', requireString(e, 'delta'))
  },
  'response.reasoning_summary_text.done': (t, e) => {
    const itemId = idOf(t, e)
    const messageId = summaryId(itemId, index(e, 'summary_index'))
    t.fillReasoning(messageId, itemId, requireString(e, 'text'), 'summary')
    t.endReasoning(messageId)
  },
  'response.reasoning_summary_part.done': (t, e) => {
    const itemId = idOf(t, e)
    const messageId = summaryId(itemId, index(e, 'summary_index'))
    const part = e.part
    if (isRecord(part) && typeof part.text === 'string') t.fillReasoning(messageId, itemId, part.text, 'summary')
    t.endReasoning(messageId)
  },
  'response.reasoning_text.delta': reasoningDelta,
  'response.reasoning_text.done': reasoningDone,
  // OpenResponses (the spec in shared/specs): the same thing under shorter names.
  'response.reasoning.delta': reasoningDelta,
  'response.reasoning.done': reasoningDone,
  'response.output_text.delta': (t, e) => t.appendText(idOf(t, e), index(e, 'content_index'), requireString(e, 'delta')),
  'response.output_text.done': (t, e) => t.fillText(idOf(t, e), index(e, 'content_index'), requireString(e, 'text')),
  // A refusal is the answer the model gave.
  'response.refusal.delta': (t, e) => t.appendText(idOf(t, e), index(e, 'content_index'), requireString(e, 'delta')),
  'response.refusal.done': (t, e) => t.fillText(idOf(t, e), index(e, 'content_index'), requireString(e, 'refusal')),
  'response.function_call_arguments.delta': (t, e) => t.appendTool(idOf(t, e), requireString(e, 'delta')),
  'response.function_call_arguments.done': (t, e) => t.fillTool(idOf(t, e), requireString(e, 'arguments')),
  'response.completed': (t, e) => t.responseEnded(record(e, 'response')),
  'response.incomplete': (t, e) => t.incomplete(isRecord(e.response) ? e.response : {}),
  'response.failed': (t, e) => t.failed(isRecord(e.response) ? e.response : { status: 'failed' }),
  error: (t, e) => t.error(e),
}

function itemOf(event: Json): Json {
  const item = record(event, 'item')
  if (typeof item.type !== 'string') throw new Malformed(`${String(event.type)}.item.type must be a string`)
  return item
}

/**
 * One whole (non-streaming) `Response` object, as one provider event. Outside
 * the class, so that apps that only stream do not ship it.
 */
function whole(t: OpenAIResponsesTranslator, response: unknown): AgUiEvent[] {
  t.w.next()
  t.guard(() => {
    if (!isRecord(response)) throw new Malformed('The response must be an object')
    t.active = true
    t.created(response)
    const output = response.output
    if (!Array.isArray(output)) throw new Malformed('response.output must be an array')
    for (const item of output) {
      if (!isRecord(item) || typeof item.type !== 'string') {
        t.w.skip('An output item without a type was skipped')
        continue
      }
      t.guard(() => {
        // Whole items have no output_index: each goes by its own id.
        t.itemAdded(item, {})
        t.itemDone(item, {})
      })
    }
    t.responseEnded(response)
  })
  return t.take()
}

/**
 * A streaming translator for OpenAI Responses API events (and the
 * OpenResponses `response.reasoning.*` events): push each parsed SSE `data`
 * object, then call `end()` when the stream closes.
 */
export function createOpenAIResponsesTranslator(options: OpenAIResponsesOptions = {}): Translator {
  return new OpenAIResponsesTranslator(options)
}

/** A recorded Responses stream (parsed events) as AG-UI events, ended. */
export function translateOpenAIResponses(events: Iterable<unknown>, options: OpenAIResponsesOptions = {}): AgUiEvent[] {
  return translateAll(createOpenAIResponsesTranslator(options), events)
}

/**
 * A non-streaming `Response` object (`output[]`: reasoning items, messages,
 * function calls, in output order) as AG-UI events. Events are dated
 * `created_at` when the response has one.
 */
export function translateOpenAIResponse(response: unknown, options: OpenAIResponsesOptions = {}): AgUiEvent[] {
  const t = new OpenAIResponsesTranslator(options)
  return [...whole(t, response), ...t.end()]
}

/**
 * Reads a streaming Responses API body (SSE) from a fetch `Response`, or from
 * a URL it fetches with `options.init`, into `store`. Returns the function
 * that aborts.
 */
export function connectOpenAIResponses(
  input: ResponseLike | string | URL,
  store: ReasoningStore,
  options: OpenAIResponsesOptions & ProviderStreamOptions = {},
): Disconnect {
  return connectAdapter(createOpenAIResponsesTranslator, 'sse', input, store, options)
}
