/**
 * Google Gemini `generateContent` / `streamGenerateContent` → AG-UI events (the Gemini API and
 * Vertex AI).
 *
 * Each response (a chunk of a stream, SSE with `alt=sse` or the elements of the JSON array
 * without it, or a whole non-streaming response) holds `candidates[0].content.parts`: a part with
 * `thought: true` is reasoning (the thought summaries `includeThoughts` asks for), a text part is
 * the answer, a `functionCall` part a tool call (whole, or on Vertex streamed in `partialArgs`).
 * A `thoughtSignature` on any part is the model's encrypted reasoning, which Gemini needs back on
 * that same part: on a function call it is the call's encrypted value, otherwise the value of the
 * stretch of reasoning it follows (a stretch of its own, encrypted-only, when no thought was
 * shown). `finishReason` ends the run, with `usageMetadata` (`thoughtsTokenCount` as reasoning
 * tokens).
 */
import type { Disconnect, ResponseLike } from '../core/sources/types'
import type { ReasoningStore } from '../core/store'
import { isRecord, str, type Json } from './json'
import { count, tokenUsage } from './usage'
import { connectAdapter, translateAll, type ProviderStreamOptions } from './connect'
import type { AgUiEvent, Translator, TranslatorOptions } from './types'
import { EventWriter, translatorOf } from './writer'

/** `encryptedValueType` of a Gemini `thoughtSignature` (sent back on the part it came on). */
export const GEMINI_THOUGHT_SIGNATURE = 'gemini.thought_signature'

/** What a Gemini translator takes: the options every translator takes (Gemini needs no more). */
export type GeminiOptions = TranslatorOptions

/** A function call streamed in parts (Vertex's `partialArgs`): its arguments so far. */
interface Call {
  readonly id: string
  readonly args: Record<string, unknown>
}

/** A streaming translator for one Gemini call (one translator per call). */
export function createGeminiTranslator(options: GeminiOptions = {}): Translator {
  const writer = new EventWriter(options)
  /** When the call was made (the translator is made with it): hidden reasoning starts then. */
  const asked = (options.now ?? Date.now)()
  /** The response counts thought tokens (`thoughtsTokenCount`, on every chunk): the model reasoned, shown or not. */
  let reasoned = false
  let responseId: string | undefined
  /** The open stretch of reasoning, and the last one that ended (a signature may come after it). */
  let block: string | undefined
  let ended: string | undefined
  let blocks = 0
  let textId: string | undefined
  let texts = 0
  let tools = 0
  /** A call whose arguments are still streaming. */
  let call: Call | undefined

  const base = () => responseId ?? writer.runId ?? 'gemini'

  const closeBlock = () => {
    if (!block) return
    writer.endBlock(block)
    ended = block
    block = undefined
  }

  const openBlock = () => {
    if (block) return block
    textId = undefined
    block = `${base()}:reasoning:${++blocks}`
    writer.startMessage(`${block}:text`, block)
    return block
  }

  /**
   * Reasoning the model did without showing any (Gemini 3 without `includeThoughts`): before the
   * first answer or call, a stretch marked hidden, shown as encrypted-only, from the call to now.
   * Its signature, when it comes (often on a last empty part), joins it.
   */
  const hiddenStretch = (signature?: string) => {
    if (!(reasoned || signature) || blocks > 0) return
    const id = `${base()}:reasoning:${++blocks}`
    writer.at(asked)
    // With its signature it is encrypted-only already; without, marked hidden until one comes.
    writer.startMessage(`${id}:text`, id, signature ? undefined : { hidden: true })
    writer.at(undefined)
    if (signature) writer.encrypted(`${id}:text`, signature, GEMINI_THOUGHT_SIGNATURE)
    writer.endBlock(id)
    ended = id
  }

  const answer = (text: string) => {
    if (text === '') return
    hiddenStretch()
    if (textId === undefined) {
      closeBlock()
      textId = ++texts === 1 ? base() : `${base()}:text:${texts}`
    }
    writer.appendText(textId, text)
  }

  /** Sends the streamed call's arguments and ends it. */
  const endCall = () => {
    if (!call) return
    writer.appendToolArgs(call.id, JSON.stringify(call.args))
    writer.endTool(call.id)
    call = undefined
  }

  /** A `functionCall` part; returns the id of the call it belongs to (none: skipped). */
  const onCall = (fn: Json): string | undefined => {
    const name = str(fn.name)
    if (name) {
      endCall()
      hiddenStretch()
      closeBlock()
      textId = undefined
      const callId = str(fn.id) || `${base()}:tool:${++tools}`
      writer.startTool(callId, name)
      call = { id: callId, args: isRecord(fn.args) ? { ...fn.args } : {} }
    }
    if (!call) {
      writer.skip('functionCall without a name')
      return undefined
    }
    const { id } = call
    // Vertex streams the arguments: `$.key` paths with their values, string pieces appended (a
    // nested path stays one key: `$.a.b` is "a.b").
    if (Array.isArray(fn.partialArgs)) {
      for (const arg of fn.partialArgs) {
        if (!isRecord(arg)) continue
        const key = str(arg.jsonPath)?.replace(/^\$\./, '')
        if (!key) continue
        const value = 'stringValue' in arg ? `${str(call.args[key]) ?? ''}${str(arg.stringValue) ?? ''}` : (arg.numberValue ?? arg.boolValue ?? arg.nullValue ?? null)
        call.args[key] = value
      }
    }
    if (fn.willContinue !== true) endCall()
    return id
  }

  /**
   * A part's `thoughtSignature`: on a call, the call's; otherwise the open stretch's, the stretch it
   * follows (dated at that stretch's end: a value adds no thinking time), or the hidden stretch
   * before the answer (made now if the answer has not begun).
   */
  const onSignature = (signature: string, toolCallId: string | undefined) => {
    if (toolCallId) return writer.encrypted(toolCallId, signature, GEMINI_THOUGHT_SIGNATURE, 'tool-call')
    if (block) {
      writer.encrypted(`${block}:text`, signature, GEMINI_THOUGHT_SIGNATURE)
      return closeBlock()
    }
    if (!ended) return hiddenStretch(signature)
    writer.amendMessage(`${ended}:text`, undefined, ended)
    writer.encrypted(`${ended}:text`, signature, GEMINI_THOUGHT_SIGNATURE)
  }

  const onPart = (part: unknown, position: number) => {
    if (!isRecord(part)) return writer.skip(`parts[${position}] is not an object`)
    const text = str(part.text) ?? ''
    const signature = str(part.thoughtSignature)
    if (part.thought === true) {
      if (text) writer.appendMessage(`${openBlock()}:text`, text)
      if (signature) writer.encrypted(`${block ?? openBlock()}:text`, signature, GEMINI_THOUGHT_SIGNATURE)
      return
    }
    if (isRecord(part.functionCall)) {
      const id = onCall(part.functionCall)
      if (signature && id) onSignature(signature, id)
      return
    }
    endCall()
    // The signature first: it ends the reasoning the answer follows.
    if (signature) onSignature(signature, undefined)
    answer(text)
  }

  const handle = (chunk: unknown) => {
    if (!isRecord(chunk)) return writer.skip('not a Gemini response (not an object)')
    if (isRecord(chunk.error)) return writer.fail(str(chunk.error.message) ?? 'Gemini reported an error.', str(chunk.error.status))
    const id = str(chunk.responseId)
    if (id && responseId === undefined) {
      responseId = id
      writer.runId ??= id
    }
    const usage = chunk.usageMetadata
    if (isRecord(usage)) {
      reasoned ||= (count(usage.thoughtsTokenCount) ?? 0) > 0
      writer.usage('response', tokenUsage({
        input: usage.promptTokenCount,
        output: usage.candidatesTokenCount,
        reasoning: usage.thoughtsTokenCount,
        total: usage.totalTokenCount,
        cached: usage.cachedContentTokenCount,
      }, 'google', chunk.modelVersion))
    }
    const blocked = isRecord(chunk.promptFeedback) ? str(chunk.promptFeedback.blockReason) : undefined
    if (blocked) return writer.fail(`Gemini blocked the prompt (${blocked}).`, blocked)
    const candidates = chunk.candidates
    if (candidates === undefined) return
    if (!Array.isArray(candidates)) return writer.skip('candidates must be an array')
    const candidate: unknown = candidates[0]
    if (!isRecord(candidate)) return candidate === undefined ? undefined : writer.skip('candidates[0] is not an object')
    const parts = isRecord(candidate.content) ? candidate.content.parts : undefined
    if (Array.isArray(parts)) parts.forEach(onPart)
    else if (parts !== undefined) writer.skip('content.parts must be an array')
    const finish = str(candidate.finishReason)
    if (!finish) return
    endCall()
    // Cut by the token limit while thinking: RUN_ERROR leaves the stretch interrupted, with its text.
    if (finish === 'MAX_TOKENS' && block) return writer.fail('The model stopped while reasoning (finishReason MAX_TOKENS).', 'length')
    closeBlock()
    if (finish === 'STOP' || finish === 'MAX_TOKENS') return writer.finish()
    // SAFETY, RECITATION, MALFORMED_FUNCTION_CALL, …: the answer stopped short.
    writer.fail(`Gemini stopped the answer (finishReason ${finish}).`, finish)
  }

  return translatorOf(writer, handle, () => {
    writer.fail('The Gemini stream ended before a finishReason.')
  })
}

/**
 * A recorded Gemini stream (its responses, parsed: the SSE data or the JSON array's elements), or a
 * non-streaming `generateContent` response as a stream of one, translated at once.
 */
export function translateGemini(responses: Iterable<unknown>, options?: GeminiOptions): AgUiEvent[] {
  return translateAll(createGeminiTranslator(options), responses)
}

/**
 * Reads a `streamGenerateContent` stream from a fetch `Response` or a URL (POST it with
 * `options.init`) into `store`: SSE (`?alt=sse`) by default, `framing: 'json'` for the JSON array
 * it sends without. Returns the function that aborts.
 */
export function connectGemini(
  input: ResponseLike | string | URL,
  store: ReasoningStore,
  options: GeminiOptions & ProviderStreamOptions = {},
): Disconnect {
  return connectAdapter(createGeminiTranslator, 'sse', input, store, options)
}
