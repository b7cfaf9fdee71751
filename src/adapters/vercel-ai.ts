/**
 * Vercel AI SDK UI message stream (AI SDK 5/6 "data stream": what
 * `toUIMessageStreamResponse()` sends and `useChat` reads) → AG-UI events.
 *
 * Each `reasoning-start … reasoning-end` part is a reasoning message. Parts
 * that name an OpenAI Responses reasoning item (`providerMetadata.openai.itemId`:
 * one part per summary part) share that item's block; any other part is a
 * block of its own. Provider extras are kept for the round trip, never shown:
 * OpenAI's `reasoningEncryptedContent` (on the block), Anthropic's `signature`
 * (`metadata.reasoningUi.signature`) and `redactedData` (an encrypted-only block).
 */
import type { ReasoningStore } from '../core/store'
import type { Disconnect, ResponseLike } from '../core/sources/types'
import { describeError, isRecord, Malformed, nonEmpty, requireId, requireString, type Json } from './json'
import { connectAdapter, translateAll, type ProviderStreamOptions } from './connect'
import type { AgUiEvent, Translator, TranslatorOptions } from './types'
import { EventWriter } from './writer'
import { AI_SDK_SUMMARY_PROVIDERS, providerExtras, type ProviderExtras } from './ai-sdk-metadata'
import { tokenUsageFromAiSdkUsage } from '@ag-ui/core'
import { DONE } from './done'
import { tokenUsage } from './usage'
import { ANTHROPIC_REDACTED_THINKING } from './anthropic'
import { OPENAI_ENCRYPTED_CONTENT } from './openai-responses'

export interface VercelAIOptions extends TranslatorOptions {
  /**
   * `providerMetadata` keys whose reasoning parts are provider summaries
   * (`kind: 'summary'`, shown at the `summary` visibility level) rather than
   * raw reasoning. Default `['openai', 'azure']`: the AI SDK's OpenAI
   * Responses providers stream reasoning summaries.
   */
  readonly summaryProviders?: readonly string[]
}

/** The extras of a part's `providerMetadata`. */
const extrasOf = (part: Json): ProviderExtras => providerExtras(part.providerMetadata)

/** An open reasoning part. */
interface Part {
  readonly messageId: string
  readonly blockId: string
  /** A redacted block: an encrypted value, no message. */
  readonly redacted: boolean
  signature?: string
}

function stringify(value: unknown): string {
  if (typeof value === 'string') return value
  try {
    return JSON.stringify(value) ?? ''
  } catch {
    return String(value)
  }
}

class VercelAITranslator implements Translator {
  private readonly w: EventWriter
  private readonly summaryProviders: ReadonlySet<string>
  private readonly runIdChosen: boolean
  /** Whether any part meant something (an empty stream ends with nothing). */
  private active = false
  /** Whether any AG-UI event went out (the run id is fixed from then on). */
  private emitted = false
  /** The `start` part's message id: scopes part ids, which the SDK only keeps unique within one step. */
  private scope: string | undefined
  private readonly used = new Set<string>()
  private readonly reasoning = new Map<string, Part>()
  /**
   * Parts this translator ended itself because the model moved on (a tool call,
   * text or a new step began) before their `reasoning-end`. Producers such as
   * `@ai-sdk/langchain` send that end (with its provider metadata), and sometimes
   * a last delta, late: they still belong to the part, not to a new one.
   */
  private readonly closedEarly = new Map<string, Part>()
  private readonly texts = new Map<string, string>()
  /**
   * The open block. It stays open after its parts end, until the model does
   * something else: reasoning that a token limit cuts short ends interrupted.
   */
  private block: string | undefined
  /** Encrypted values waiting for their block to settle (the last one wins), and what was sent. */
  private readonly pendingEncrypted = new Map<string, string>()
  private readonly sentEncrypted = new Map<string, string>()
  /** Steps begun (`start-step`): a step's usage is reported under its number. */
  private step = 0
  /** Whether a run total (`totalUsage`) came: step usage no longer counts. */
  private total = false
  /** Tool calls whose input was streamed (so `tool-input-available` does not repeat it). */
  private readonly tools = new Map<string, { streamed: boolean }>()

  constructor(options: VercelAIOptions) {
    this.w = new EventWriter(options)
    this.summaryProviders = new Set(options.summaryProviders ?? AI_SDK_SUMMARY_PROVIDERS)
    this.runIdChosen = options.runId !== undefined
  }

  get diagnostics() {
    return this.w.diagnostics
  }

  push(part: unknown): AgUiEvent[] {
    this.w.next()
    try {
      this.handle(part)
    } catch (error) {
      this.w.skip(error instanceof Malformed ? error.message : `The part could not be translated: ${describeError(error)}`)
    }
    return this.take()
  }

  private take(): AgUiEvent[] {
    const out = this.w.take()
    if (out.length > 0) this.emitted = true
    return out
  }

  end(): AgUiEvent[] {
    if (this.active && !this.w.isEnded) {
      this.flushEncrypted()
      this.w.fail('The UI message stream ended before its finish part.', 'stream_ended')
    }
    return this.take()
  }

  private handle(part: unknown): void {
    // `data: [DONE]` closes every UI message stream: the producer ended it, finish part or not.
    if (part === DONE) {
      if (this.active && !this.w.isEnded) this.finish({})
      return
    }
    if (!isRecord(part) || typeof part.type !== 'string') throw new Malformed('A stream part must be an object with a string type')
    this.metadata(part.messageMetadata)
    // Own keys only: `toString` or `__proto__` are unknown part types, not handlers.
    if (!Object.hasOwn(HANDLERS, part.type)) return
    this.active = true
    HANDLERS[part.type]!(this, part)
  }

  /** A part id made unique for this store: scoped by the message, suffixed when a later step reuses it. */
  private allocate(raw: string, scoped: boolean): string {
    const base = scoped && this.scope !== undefined ? `${this.scope}:${raw}` : raw
    let candidate = base
    for (let n = 2; this.used.has(candidate); n++) candidate = `${base}:${n}`
    this.used.add(candidate)
    return candidate
  }

  /**
   * Usage in message metadata (`start`, `finish`, `message-metadata` parts): the
   * stream carries none unless the server's `messageMetadata` callback adds it
   * (a `LanguageModelUsage`, AI SDK 5 or 6, with an optional `model`). The SDK
   * hands that callback a `finish-step` part with the step's `usage` (sent as a
   * `message-metadata` part right after the step's `finish-step`) and the
   * `finish` part with the run's `totalUsage`. So `totalUsage` is the run's and
   * replaces everything else; `usage` is one step's, and the steps add up (a
   * later report in the same step replaces the earlier one).
   */
  private metadata(metadata: unknown): void {
    if (!isRecord(metadata)) return
    const model = nonEmpty(metadata.model)
    const total = usageOf(metadata.totalUsage, model)
    if (total) {
      this.w.usages.clear()
      this.w.usage('total', total)
      this.total = true
    } else if (!this.total) this.w.usage(`step:${this.step}`, usageOf(metadata.usage, model))
  }

  startStep(): void {
    this.step++
    // A new step is a new call to the model: whatever it reasoned before is over.
    this.closeReasoning()
  }

  start(part: Json): void {
    const messageId = nonEmpty(part.messageId)
    if (messageId === undefined) return
    this.scope ??= messageId
    // The run id is the assistant message id, unless the caller chose one or the run has already started.
    if (!this.runIdChosen && !this.emitted) this.w.runId = messageId
  }

  // --- Reasoning

  reasoningStart(part: Json): Part {
    const raw = requireId(part, 'id')
    const extras = extrasOf(part)
    const open = this.reasoning.get(raw)
    if (open) return open
    // A new part reusing the id of one ended early (a later step): that one gets no late end now.
    this.closedEarly.delete(raw)
    // An OpenAI item's part ids (`${itemId}:${n}`) are unique already; others are per-step indices.
    const messageId = this.allocate(raw, extras.itemId === undefined)
    const blockId = extras.itemId ?? messageId
    this.openBlock(blockId)
    const redacted = extras.redacted !== undefined
    const rec: Part = { messageId, blockId, redacted }
    this.reasoning.set(raw, rec)
    if (redacted) {
      this.w.encrypted(blockId, extras.redacted!, ANTHROPIC_REDACTED_THINKING)
    } else {
      const summary = extras.provider !== undefined && this.summaryProviders.has(extras.provider)
      this.w.startMessage(messageId, blockId, summary ? { kind: 'summary' } : undefined)
    }
    if (extras.encrypted) this.pendingEncrypted.set(blockId, extras.encrypted)
    if (extras.signature) rec.signature = extras.signature
    return rec
  }

  reasoningDelta(part: Json): void {
    const text = requireString(part, 'delta')
    const raw = requireId(part, 'id')
    const late = this.reasoning.has(raw) ? undefined : this.closedEarly.get(raw)
    // A delta whose start was lost still opens its message: its text is kept.
    const rec = late ?? this.reasoningStart(part)
    const signed = this.takeExtras(rec, part)
    if (rec.redacted) return
    if (!late) return this.w.appendMessage(rec.messageId, text)
    // A late empty delta (how @ai-sdk/anthropic sends a signature) signs the message where it ended.
    if (text === '') {
      if (signed) this.sign(rec)
      return
    }
    // Late text continues its message where it was, never a new block, and ends it again at once: the model has
    // moved on, so the block must not show as streaming through the answer (nor take the run's end as its own).
    // Its end moves to now: the reasoning really went on until this delta.
    this.w.reopenMessage(rec.messageId)
    this.w.appendMessage(rec.messageId, text)
    this.endPart(raw, rec)
  }

  reasoningEnd(part: Json): void {
    const raw = requireId(part, 'id')
    const open = this.reasoning.get(raw)
    const rec = open ?? this.closedEarly.get(raw)
    if (!rec) throw new Malformed(`reasoning-end for '${raw}', which never started`)
    const signed = this.takeExtras(rec, part)
    if (open) this.endPart(raw, rec)
    else {
      this.closedEarly.delete(raw)
      if (signed && !rec.redacted) this.sign(rec)
    }
    this.flushEncrypted()
  }

  /** What a part's `providerMetadata` adds to it (any of its parts may carry it); whether it brought a new signature. */
  private takeExtras(rec: Part, part: Json): boolean {
    const extras = extrasOf(part)
    if (extras.encrypted) this.pendingEncrypted.set(rec.blockId, extras.encrypted)
    // Redacted data that comes after the start: the message it belongs to holds the value.
    if (extras.redacted && !rec.redacted) this.w.encrypted(rec.messageId, extras.redacted, ANTHROPIC_REDACTED_THINKING)
    if (!extras.signature || extras.signature === rec.signature) return false
    rec.signature = extras.signature
    return true
  }

  private endPart(raw: string, rec: Part): void {
    if (!rec.redacted) this.w.endMessage(rec.messageId, rec.signature !== undefined ? { signature: rec.signature } : undefined)
    this.reasoning.delete(raw)
  }

  /** A signature that came after the part's message ended: that message is signed, its end and duration unchanged. */
  private sign(rec: Part): void {
    this.w.amendMessage(rec.messageId, { signature: rec.signature! })
  }

  private openBlock(blockId: string): void {
    if (this.block === blockId) return
    this.closeReasoning()
    this.w.startBlock(blockId)
    this.block = blockId
  }

  /** The model moved on: end open parts (with their signatures) and the open block. */
  closeReasoning(): void {
    for (const [raw, rec] of [...this.reasoning]) {
      this.endPart(raw, rec)
      this.closedEarly.set(raw, rec)
    }
    this.flushEncrypted()
    if (this.block !== undefined) this.w.endBlock(this.block)
    this.block = undefined
  }

  private flushEncrypted(): void {
    for (const [blockId, value] of this.pendingEncrypted) {
      if (this.sentEncrypted.get(blockId) === value) continue
      this.w.encrypted(blockId, value, OPENAI_ENCRYPTED_CONTENT)
      this.sentEncrypted.set(blockId, value)
    }
    this.pendingEncrypted.clear()
  }

  // --- Answer text

  textStart(part: Json): string {
    const raw = requireId(part, 'id')
    const open = this.texts.get(raw)
    if (open !== undefined) return open
    this.closeReasoning()
    // OpenAI's text parts are message items (`msg_…`), unique already; others are per-step indices.
    const id = this.allocate(raw, extrasOf(part).itemId === undefined)
    this.texts.set(raw, id)
    this.w.startText(id)
    return id
  }

  textDelta(part: Json): void {
    const text = requireString(part, 'delta')
    this.w.appendText(this.textStart(part), text)
  }

  textEnd(part: Json): void {
    const raw = requireId(part, 'id')
    const id = this.texts.get(raw)
    if (id === undefined) throw new Malformed(`text-end for '${raw}', which never started`)
    this.w.endText(id)
    this.texts.delete(raw)
  }

  // --- Tool calls

  toolStart(part: Json): void {
    const id = requireId(part, 'toolCallId')
    if (this.tools.has(id)) return
    const name = requireId(part, 'toolName')
    this.closeReasoning()
    this.w.startTool(id, name)
    this.tools.set(id, { streamed: false })
  }

  toolDelta(part: Json): void {
    const id = requireId(part, 'toolCallId')
    const text = requireString(part, 'inputTextDelta')
    const tool = this.tools.get(id)
    if (!tool) throw new Malformed(`tool-input-delta for '${id}', which never started`)
    tool.streamed ||= text !== ''
    this.w.appendToolArgs(id, text)
  }

  /** The complete input (`tool-input-available`, or `tool-input-error`): sent whole unless it was streamed. */
  toolInput(part: Json): void {
    const id = requireId(part, 'toolCallId')
    this.toolStart(part)
    const tool = this.tools.get(id)!
    if (!tool.streamed && part.input !== undefined) {
      this.w.appendToolArgs(id, stringify(part.input))
      tool.streamed = true
    }
    this.w.endTool(id)
  }

  toolOutput(part: Json, content: string): void {
    const id = requireId(part, 'toolCallId')
    if (part.preliminary === true) return
    this.w.toolResult(`${id}:result`, id, content)
  }

  // --- Ends

  finish(part: Json): void {
    const reason = part.finishReason
    if (reason === 'length' || reason === 'content-filter' || reason === 'error') {
      this.flushEncrypted()
      const message = reason === 'length' ? 'The model reached its output token limit.' : reason === 'error' ? 'The model stopped with an error.' : 'The content filter stopped the model.'
      this.w.fail(message, reason)
      return
    }
    this.closeReasoning()
    this.w.finish()
  }

  fail(message: string, code: string): void {
    this.flushEncrypted()
    this.w.fail(message, code)
  }
}

/** A `LanguageModelUsage` as AG-UI `TokenUsage`, or `undefined` when it has no counts. */
function usageOf(usage: unknown, model: string | undefined) {
  const entry = tokenUsageFromAiSdkUsage(usage, { model })
  // Re-read through the shared guard: the helper copies any finite number (negative, fractional), which AG-UI refuses.
  return entry && tokenUsage(
    { input: entry.inputTokens, output: entry.outputTokens, total: entry.totalTokens, reasoning: entry.reasoningTokens, cached: entry.cachedInputTokens, cacheWrite: entry.cacheWriteInputTokens },
    undefined,
    entry.model,
  )
}

type Handler = (t: VercelAITranslator, part: Json) => void

const HANDLERS: Readonly<Record<string, Handler>> = {
  start: (t, p) => t.start(p),
  'start-step': (t) => t.startStep(),
  'reasoning-start': (t, p) => void t.reasoningStart(p),
  'reasoning-delta': (t, p) => t.reasoningDelta(p),
  'reasoning-end': (t, p) => t.reasoningEnd(p),
  'text-start': (t, p) => void t.textStart(p),
  'text-delta': (t, p) => t.textDelta(p),
  'text-end': (t, p) => t.textEnd(p),
  'tool-input-start': (t, p) => t.toolStart(p),
  'tool-input-delta': (t, p) => t.toolDelta(p),
  'tool-input-available': (t, p) => t.toolInput(p),
  'tool-input-error': (t, p) => t.toolInput(p),
  'tool-output-available': (t, p) => t.toolOutput(p, stringify(p.output)),
  'tool-output-error': (t, p) => t.toolOutput(p, typeof p.errorText === 'string' ? p.errorText : 'error'),
  finish: (t, p) => t.finish(p),
  error: (t, p) => t.fail(nonEmpty(p.errorText) ?? 'The stream reported an error.', 'error'),
  abort: (t, p) => t.fail(nonEmpty(p.reason) ?? 'The stream was aborted.', 'abort'),
}

/**
 * A streaming translator for the AI SDK UI message stream: push each parsed
 * part (the SSE `data` objects), then call `end()` when the stream closes.
 */
export function createVercelAITranslator(options: VercelAIOptions = {}): Translator {
  return new VercelAITranslator(options)
}

/** Recorded UI message stream parts as AG-UI events, ended. */
export function translateVercelAI(parts: Iterable<unknown>, options: VercelAIOptions = {}): AgUiEvent[] {
  return translateAll(createVercelAITranslator(options), parts)
}

/**
 * Reads a UI message stream response (SSE, what `toUIMessageStreamResponse()`
 * returns) from a fetch `Response`, or from a URL it fetches with
 * `options.init`, into `store`. Returns the function that aborts.
 */
export function connectVercelAI(
  input: ResponseLike | string | URL,
  store: ReasoningStore,
  options: VercelAIOptions & ProviderStreamOptions = {},
): Disconnect {
  return connectAdapter(createVercelAITranslator, 'sse', input, store, options, { done: true })
}
