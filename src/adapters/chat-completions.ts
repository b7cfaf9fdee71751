/**
 * OpenAI-compatible chat completions → AG-UI events.
 *
 * Streaming (`chat.completion.chunk`, one `choices[0].delta` per chunk, `[DONE]`
 * at the end): reasoning arrives as `delta.reasoning_content` (DeepSeek, older
 * vLLM), `delta.reasoning` (vLLM, OpenRouter, Groq), OpenRouter's structured
 * `delta.reasoning_details[]` (`reasoning.text`, `reasoning.summary`,
 * `reasoning.encrypted`), GitHub Copilot's `delta.reasoning_text` with the
 * stretch's encrypted `delta.reasoning_opaque` (in the chunk that starts the
 * answer or a tool call, or later), or inline as `<think>…</think>` in
 * `delta.content` (open models served without a reasoning parser); a delta field
 * whose name says reasoning but that is none of these gets a diagnostic. Each
 * stretch of reasoning before the answer (or between tool calls) is one reasoning
 * block; the answer is a text message and `delta.tool_calls` become tool calls.
 * Only the first choice is read.
 */
import type { Disconnect, ResponseLike } from '../core/sources/types'
import type { ReasoningStore } from '../core/store'
import type { ReasoningKind } from '../core/model'
import { describeError, isRecord, str, type Json } from './json'
import { count, field, tokenUsage } from './usage'
import { connectAdapter, translateAll, type ProviderStreamOptions } from './connect'
import { DONE } from './done'
import type { AgUiEvent, Translator, TranslatorOptions } from './types'
import { ThinkTagParser } from './think-tags'
import { EventWriter } from './writer'

export interface ChatCompletionsOptions extends TranslatorOptions {
  /**
   * Read `<think>…</think>` in `delta.content` as reasoning (open models such as
   * DeepSeek R1 or Qwen3 served without a reasoning parser). Default `true`;
   * turn it off when answers may legitimately contain the tag.
   */
  readonly thinkTags?: boolean
}

/** `encryptedValueType` of an OpenRouter `reasoning.encrypted` detail's `data`. */
export const OPENROUTER_ENCRYPTED_REASONING = 'openrouter.reasoning.encrypted'

/** `encryptedValueType` of GitHub Copilot's `reasoning_opaque` (which Copilot needs back for Gemini 3's tool loops). */
export const COPILOT_REASONING_OPAQUE = 'copilot.reasoning_opaque'

/** The delta fields read as reasoning: any other whose name says reasoning or thinking is reported. */
const KNOWN_REASONING = /^reasoning(_content|_details|_text|_opaque)?$/


const absent = (value: unknown) => value === undefined || value === null

interface Phase {
  readonly blockId: string
  /** Reasoning messages by key (`text:0`, `summary:1`, `encrypted:0`), with the signature to send at their end. */
  readonly messages: Map<string, { readonly id: string; signature?: string }>
}

interface ToolState {
  readonly id: string
  name?: string
  started: boolean
  /** Arguments that came before the name (rare): sent once the call can start. */
  args: string
}

/** A streaming translator for one chat completion (one translator per API call). */
export function createChatCompletionsTranslator(options: ChatCompletionsOptions = {}): Translator {
  const writer = new EventWriter(options)
  /** When the request was made (the translator is made with it): reasoning the usage counts but no chunk shows started then. */
  const asked = (options.now ?? Date.now)()
  /** The usage counts reasoning tokens. */
  let reasoned = false
  let completionId: string | undefined
  let phase: Phase | undefined
  /** The last reasoning block ended, for details that come after it (see `onDetails`). */
  let ended: Phase | undefined
  let phases = 0
  let textId: string | undefined
  let texts = 0
  const tools = new Map<number, ToolState>()
  const parser = options.thinkTags === false ? undefined : new ThinkTagParser((kind, text) => (kind === 'text' ? answer(text) : reason('text:0', 'text', text)))

  const base = () => completionId ?? writer.runId ?? 'chatcmpl'

  /** Ends the open reasoning block, giving each message its signature. */
  const closePhase = () => {
    if (!phase) return
    for (const m of phase.messages.values()) writer.endMessage(m.id, m.signature ? { signature: m.signature } : undefined)
    writer.endBlock(phase.blockId)
    ended = phase
    phase = undefined
  }

  const reasoningMessage = (key: string, kind: ReasoningKind, hidden?: true) => {
    if (!phase) {
      textId = undefined
      phases++
      phase = { blockId: `${base()}:reasoning:${phases}`, messages: new Map() }
    }
    let message = phase.messages.get(key)
    if (!message) {
      message = { id: `${phase.blockId}:${key}` }
      phase.messages.set(key, message)
      writer.startMessage(message.id, phase.blockId, hidden ? { hidden } : kind === 'text' ? undefined : { kind })
    }
    return message
  }

  const reason = (key: string, kind: ReasoningKind, text: string) => {
    if (text === '') return
    writer.appendMessage(reasoningMessage(key, kind).id, text)
  }

  /**
   * Reasoning the usage counts but no chunk showed (OpenAI's and Azure's reasoning models in chat
   * completions): a block marked hidden, shown as encrypted-only, from the request to now. Before
   * the answer where the usage comes first (a whole completion); where it comes last (a stream),
   * after it, since only the usage says the model reasoned.
   */
  const hidden = () => {
    if (!reasoned || phases) return
    writer.at(asked)
    reasoningMessage('hidden', 'text', true)
    writer.at(undefined)
    closePhase()
  }

  const answer = (text: string) => {
    if (text === '') return
    hidden()
    if (textId === undefined) {
      closePhase()
      texts++
      textId = texts === 1 ? base() : `${base()}:text:${texts}`
    }
    writer.appendText(textId, text)
  }

  /** Message `key` of the stretch that ended (made when it has none yet). */
  const endedMessage = (stretch: Phase, key: string) => {
    let message = stretch.messages.get(key)
    if (!message) stretch.messages.set(key, (message = { id: `${stretch.blockId}:${key}` }))
    return message.id
  }

  /**
   * A stretch's encrypted value: hidden reasoning, a message with no text holding the value for the
   * round trip. A late one (`late`: the stretch ended) joins the ended stretch dated when it ended: a
   * value adds no thinking time.
   */
  const encrypted = (data: string, key: string, valueType: string, late: Phase | undefined) => {
    const id = late ? endedMessage(late, key) : reasoningMessage(key, 'text').id
    if (late) writer.amendMessage(id, undefined, late.blockId)
    writer.encrypted(id, data, valueType)
  }

  const onDetails = (details: unknown) => {
    if (absent(details)) return
    if (!Array.isArray(details)) return writer.skip('reasoning_details must be an array')
    // A signature, summary or encrypted value that comes once the stretch ended (OpenRouter may send it after
    // the answer began) still belongs to it (issue 11): no new block, and the answer stays one message.
    const late = phase ? undefined : ended
    details.forEach((detail, position) => {
      if (!isRecord(detail)) return writer.skip(`reasoning_details[${position}] is not an object`)
      const index = count(detail.index) ?? 0
      switch (detail.type) {
        case 'reasoning.text': {
          const text = str(detail.text) ?? ''
          const signature = str(detail.signature)
          if (text === '' && !signature) return
          // A signature alone signs the stretch it ends, dated when it ended (writer.amendMessage). Text is new reasoning.
          const signed = text ? undefined : late?.messages.get(`text:${index}`)
          if (signed) return writer.amendMessage(signed.id, { signature: signature! })
          const message = reasoningMessage(`text:${index}`, 'text')
          writer.appendMessage(message.id, text)
          if (signature) message.signature = signature
          return
        }
        case 'reasoning.summary': {
          const summary = str(detail.summary) ?? ''
          if (!late || summary === '') return reason(`summary:${index}`, 'summary', summary)
          // Summary text continues (or joins) the ended stretch and ends again at once; the block's end moves
          // to now, since text, unlike a signature or a value, is part of the reasoning shown.
          const id = endedMessage(late, `summary:${index}`)
          writer.reopenMessage(id, late.blockId, { kind: 'summary' })
          writer.appendMessage(id, summary)
          writer.endMessage(id)
          return writer.endBlock(late.blockId)
        }
        case 'reasoning.encrypted': {
          const data = str(detail.data)
          if (!data) return writer.skip(`reasoning_details[${position}]${process.env.NODE_ENV !== 'production' ? ' (reasoning.encrypted) without its data' : '.data'}`)
          return encrypted(data, `encrypted:${index}`, OPENROUTER_ENCRYPTED_REASONING, late)
        }
        default:
          return
      }
    })
  }

  const onToolCalls = (calls: unknown) => {
    if (absent(calls)) return
    if (!Array.isArray(calls)) return writer.skip('delta.tool_calls must be an array')
    parser?.flush()
    calls.forEach((call, position) => {
      if (!isRecord(call)) return writer.skip(`tool_calls[${position}] is not an object`)
      const index = count(call.index) ?? position
      const fn = isRecord(call.function) ? call.function : {}
      let tool = tools.get(index)
      if (!tool) {
        tool = { id: str(call.id) || `${base()}:tool:${index}`, started: false, args: '' }
        tools.set(index, tool)
      }
      tool.name ??= str(fn.name)
      const args = str(fn.arguments) ?? ''
      if (!tool.started && tool.name !== undefined) {
        hidden()
        closePhase()
        textId = undefined
        writer.startTool(tool.id, tool.name, completionId)
        tool.started = true
        writer.appendToolArgs(tool.id, tool.args)
        tool.args = ''
      }
      if (tool.started) writer.appendToolArgs(tool.id, args)
      else tool.args += args
    })
  }

  /**
   * How the run ends, once `finish_reason` said so. The usage comes after it
   * (OpenAI's `include_usage` chunk), so the run's last event waits for that
   * chunk, `[DONE]` or the end of the body.
   */
  let ending: (() => void) | undefined
  /** The last chunk was a usage-only chunk (no choices): gateways that never send a finish_reason end that way. */
  let usageLast = false

  const onFinish = (reason: string) => {
    parser?.flush()
    if (reason === 'length' && (phase || parser?.inReasoning)) {
      // Cut by the token limit while reasoning: RUN_ERROR leaves the block interrupted, with its text.
      ending = () => writer.fail('The completion stopped while reasoning (finish_reason length).', 'length')
      return
    }
    for (const [index, tool] of tools) if (!tool.started) writer.skip(process.env.NODE_ENV !== 'production' ? `tool call ${index} never got a function name; it was dropped` : `tool_calls[${index}].function.name`)
    closePhase()
    writer.closeAll()
    ending = () => writer.finish()
  }

  /** The stream is over: cleanly (`[DONE]`, a last usage chunk, a finish_reason) or cut short. */
  const settle = (clean: boolean) => {
    if (writer.isEnded) return
    parser?.flush()
    hidden()
    if (ending) return ending()
    if (!clean) return writer.fail('The chat completion stream ended before a finish_reason.')
    closePhase()
    writer.finish()
  }

  const handle = (chunk: unknown) => {
    usageLast = false
    // `[DONE]` ends the stream cleanly (connectChatCompletions hands it over; a recording may hold it).
    if (chunk === DONE) return settle(true)
    if (!isRecord(chunk)) return writer.skip(process.env.NODE_ENV !== 'production' ? 'not a chat completion chunk (not an object)' : 'chunk')
    // Usage: OpenAI's last chunk (`include_usage`), DeepSeek's finish chunk, every chunk of vLLM's continuous stats,
    // Groq's `x_groq`, OpenRouter's error chunk.
    const usage = chunk.usage ?? field(chunk.x_groq, 'usage')
    const reported = isRecord(usage)
    if (reported) {
      const counted = chatUsage(usage, chunk.model)
      writer.usage('completion', counted)
      reasoned ||= !!counted?.reasoningTokens
    }
    if (isRecord(chunk.error)) {
      // Some gateways (OpenRouter) report a failure mid-stream as a chunk with `error`.
      const code = chunk.error.code
      return writer.fail(str(chunk.error.message) ?? 'The provider reported an error.', absent(code) ? undefined : String(code))
    }
    const id = str(chunk.id)
    if (id && completionId === undefined) {
      completionId = id
      writer.runId ??= id
    }
    if (absent(chunk.choices)) return
    if (!Array.isArray(chunk.choices)) return writer.skip('choices must be an array')
    // The usage chunk at the end has no choices.
    usageLast = reported && chunk.choices.length === 0
    const choice: unknown = chunk.choices.find((c) => !isRecord(c) || c.index === 0 || c.index === undefined)
    if (choice === undefined) {
      if (ending && reported) settle(true)
      return
    }
    if (!isRecord(choice)) return writer.skip('a choice is not an object')
    // A non-streaming completion's `message` is read as one delta holding everything.
    const delta = choice.delta ?? choice.message
    if (!absent(delta) && !isRecord(delta)) return writer.skip('choices[0].delta is not an object')
    if (isRecord(delta)) onDelta(delta)
    const finish = choice.finish_reason
    if (typeof finish === 'string' && finish !== '') onFinish(finish)
    // The finish chunk carries the usage itself: nothing more to wait for.
    if (ending && reported) settle(true)
  }

  /** Answer text, through the `<think>` parser when it is on. */
  const text = (content: string) => (parser ? parser.feed(content) : answer(content))
  /** A refusal is the answer (as the Responses adapter reads it), after what the parser held; never `<think>` reasoning. */
  const refuse = (refusal: string) => {
    parser?.flush()
    answer(refusal)
  }
  /** What was already reported (a content part's type, a delta field): once each, not per chunk. */
  const skipped = new Set<string>()
  const skipOnce = (message: string) => {
    if (!skipped.has(message)) writer.skip(`${message} (reported once)`)
    skipped.add(message)
  }

  /**
   * `content` as a string, or as typed parts (Mistral and others:
   * `[{ type: 'thinking', thinking: [{ type: 'text', text }] }, { type: 'text', text }]`).
   * Text parts read as string content does, thinking parts are reasoning; a part
   * of another type is skipped without losing the text beside it.
   */
  const onContent = (content: unknown) => {
    if (typeof content === 'string') return text(content)
    if (absent(content)) return
    if (!Array.isArray(content)) return writer.skip(process.env.NODE_ENV !== 'production' ? 'delta.content must be a string or an array of parts' : 'delta.content')
    for (const part of content) {
      const type = isRecord(part) ? part.type : undefined
      if (type === 'text' && typeof part.text === 'string') text(part.text)
      else if (type === 'refusal' && typeof part.refusal === 'string') refuse(part.refusal)
      else if (type === 'thinking' && partsText(part.thinking) !== undefined) {
        parser?.flush()
        reason('text:0', 'text', partsText(part.thinking)!)
      } else skipOnce(`${typeof type === 'string' ? `'${type}' content parts` : 'content parts that are not typed objects'} were skipped`)
    }
  }

  const onDelta = (delta: Json) => {
    const details = delta.reasoning_details
    // OpenRouter mirrors reasoning_details text in `reasoning`: read the structured form then.
    const structured = Array.isArray(details) && details.some((d) => isRecord(d) && (d.type === 'reasoning.text' || d.type === 'reasoning.summary'))
    // What the adapter does not read but whose name says reasoning is reported, never dropped in silence: to a
    // developer, in development builds (production ones leave it out, as they leave out other development-only text).
    if (process.env.NODE_ENV !== 'production') {
      for (const key in delta) if (/reason|think/i.test(key) && !KNOWN_REASONING.test(key)) skipOnce(`delta.${key} is not read`)
    }
    /** `delta[key]` as a string; a value of another type is reported. */
    const stringField = (key: string) => {
      const value = delta[key]
      if (!absent(value) && typeof value !== 'string') writer.skip(`delta.${key} must be a string`)
      return str(value)
    }
    if (!structured) reason('text:0', 'text', stringField('reasoning') || stringField('reasoning_content') || stringField('reasoning_text') || '')
    onDetails(details)
    // Copilot's value for the stretch: before the answer or tool call its chunk starts, so it joins the stretch.
    const opaque = stringField('reasoning_opaque')
    if (opaque) encrypted(opaque, 'encrypted:0', COPILOT_REASONING_OPAQUE, phase ? undefined : ended)
    onContent(delta.content)
    // OpenAI's `refusal` (streamed, or on a completion's message) is the answer: its text is never dropped.
    const refusal = stringField('refusal')
    if (refusal !== undefined) refuse(refusal)
    onToolCalls(delta.tool_calls)
  }

  return {
    push(chunk) {
      writer.next()
      try {
        handle(chunk)
      } catch (error) {
        writer.skip(`could not translate the chunk: ${describeError(error)}`)
      }
      return writer.take()
    },
    end() {
      writer.next()
      // A body that closes after a finish_reason, or right after a usage-only chunk, ended cleanly.
      settle(usageLast)
      return writer.take()
    },
    get diagnostics() {
      return writer.diagnostics
    },
  }
}

/** The text of a thinking part's `thinking`: a string, or text parts. */
function partsText(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  if (!Array.isArray(value)) return undefined
  return value.map((p) => (isRecord(p) && typeof p.text === 'string' ? p.text : '')).join('')
}

/**
 * `usage` of a completion or chunk: `prompt_tokens` and `completion_tokens` are
 * AG-UI's totals (OpenAI counts cached and reasoning tokens inside them);
 * `completion_tokens_details.reasoning_tokens` (or a top-level
 * `reasoning_tokens`) and `prompt_tokens_details.cached_tokens` (DeepSeek:
 * `prompt_cache_hit_tokens`) are their parts.
 */
function chatUsage(usage: Json, model: unknown) {
  return tokenUsage(
    {
      input: usage.prompt_tokens,
      output: usage.completion_tokens,
      total: usage.total_tokens,
      reasoning: field(usage.completion_tokens_details, 'reasoning_tokens') ?? usage.reasoning_tokens,
      cached: field(usage.prompt_tokens_details, 'cached_tokens') ?? usage.prompt_cache_hit_tokens,
    },
    undefined,
    model,
  )
}

/** A recorded chat completions stream (its chunks, parsed), translated at once. */
export function translateChatCompletions(chunks: Iterable<unknown>, options?: ChatCompletionsOptions): AgUiEvent[] {
  return translateAll(createChatCompletionsTranslator(options), chunks)
}

/**
 * A non-streaming `chat.completion` object, translated as if it had been
 * streamed in one chunk: `message.reasoning_content` / `reasoning` /
 * `reasoning_details` / `<think>` in `content` first, then the answer and the
 * tool calls. Anything that is not a completion gives no events.
 */
export function translateChatCompletion(completion: unknown, options?: ChatCompletionsOptions): AgUiEvent[] {
  // A choice's whole `message` reads like one big `delta` (see `handle`).
  if (!isRecord(completion) || !(isRecord(completion.error) || Array.isArray(completion.choices))) return []
  // A whole response is complete, whether or not it names a finish_reason (Snowflake Cortex sends "").
  return translateChatCompletions([completion, DONE], options)
}

/**
 * Reads an OpenAI-compatible chat completions stream (SSE, ending with
 * `[DONE]`) from a fetch `Response` or a URL (POST it with `options.init`) into
 * `store`. Returns the function that aborts.
 */
export function connectChatCompletions(
  input: ResponseLike | string | URL,
  store: ReasoningStore,
  options: ChatCompletionsOptions & ProviderStreamOptions = {},
): Disconnect {
  return connectAdapter(createChatCompletionsTranslator, 'sse', input, store, options, { done: true })
}
