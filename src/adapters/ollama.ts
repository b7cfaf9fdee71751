/**
 * Ollama's native API → AG-UI events.
 *
 * `/api/chat` and `/api/generate` stream NDJSON: one object per line, each dated
 * (`created_at`), the last with `done: true`, `done_reason` and the counts
 * (`prompt_eval_count`, `eval_count`). Reasoning arrives as `message.thinking`
 * (chat) or `thinking` (generate) when the request asked for it (`think`), or
 * inline as `<think>…</think>` in the answer (`message.content`, `response`) when
 * it did not or the server is older. Each stretch of reasoning before the answer
 * (or between tool calls) is one reasoning block; the answer is a text message;
 * `message.tool_calls` come whole and become tool calls. A response with
 * `stream: false` is one such object.
 */
import type { Disconnect, ResponseLike } from '../core/sources/types'
import type { ReasoningStore } from '../core/store'
import { isRecord, str } from './json'
import { tokenUsage } from './usage'
import { connectAdapter, translateAll, type ProviderStreamOptions } from './connect'
import { ThinkTagParser } from './think-tags'
import type { AgUiEvent, Translator, TranslatorOptions } from './types'
import { EventWriter, translatorOf } from './writer'

export interface OllamaOptions extends TranslatorOptions {
  /**
   * Read `<think>…</think>` in the answer as reasoning (a model run without
   * `think`, an older server). Default `true`; turn it off when answers may
   * legitimately contain the tag.
   */
  readonly thinkTags?: boolean
}

/** A streaming translator for one Ollama `/api/chat` or `/api/generate` call (one translator per call). */
export function createOllamaTranslator(options: OllamaOptions = {}): Translator {
  const writer = new EventWriter(options)
  /** The open reasoning block's id. */
  let block: string | undefined
  let blocks = 0
  let textId: string | undefined
  let texts = 0
  let tools = 0

  const base = () => writer.runId ?? 'ollama'

  const closeBlock = () => {
    if (block) writer.endBlock(block)
    block = undefined
  }

  const reason = (text: string) => {
    if (text === '') return
    if (!block) {
      textId = undefined
      block = `${base()}:reasoning:${++blocks}`
      writer.startMessage(`${block}:text`, block)
    }
    writer.appendMessage(`${block}:text`, text)
  }

  const answer = (text: string) => {
    if (text === '') return
    if (textId === undefined) {
      closeBlock()
      textId = ++texts === 1 ? base() : `${base()}:text:${texts}`
    }
    writer.appendText(textId, text)
  }

  const parser = options.thinkTags === false ? undefined : new ThinkTagParser((kind, text) => (kind === 'text' ? answer(text) : reason(text)))

  /** Ollama sends each call whole: its arguments an object (a string from some servers). */
  const onToolCalls = (calls: unknown) => {
    if (calls === undefined || calls === null) return
    if (!Array.isArray(calls)) return writer.skip('tool_calls must be an array')
    parser?.flush()
    calls.forEach((call, position) => {
      const fn = isRecord(call) ? call.function : undefined
      const name = isRecord(fn) ? str(fn.name) : undefined
      if (!isRecord(fn) || !name) return writer.skip(`tool_calls[${position}] has no function name`)
      const id = (isRecord(call) && str(call.id)) || `${base()}:tool:${++tools}`
      closeBlock()
      textId = undefined
      writer.startTool(id, name)
      const args = fn.arguments
      writer.appendToolArgs(id, typeof args === 'string' ? args : JSON.stringify(args ?? {}))
      writer.endTool(id)
    })
  }

  /** The last object: the counts, and how the run ended (`length`: cut by the token limit). */
  const onDone = (chunk: Readonly<Record<string, unknown>>) => {
    parser?.flush()
    writer.usage('call', tokenUsage({ input: chunk.prompt_eval_count, output: chunk.eval_count }, 'ollama', chunk.model))
    // Cut by the token limit while reasoning: RUN_ERROR leaves the block interrupted, with its text.
    if (chunk.done_reason === 'length' && block) return writer.fail('The model stopped while reasoning (done_reason length).', 'length')
    closeBlock()
    writer.finish()
  }

  const handle = (chunk: unknown) => {
    if (!isRecord(chunk)) return writer.skip('not an Ollama response object')
    if (chunk.error !== undefined) return writer.fail(str(chunk.error) ?? 'Ollama reported an error.')
    const created = str(chunk.created_at)
    if (created) writer.at(Date.parse(created))
    // `/api/chat` puts what the model wrote in `message`, `/api/generate` at the top.
    const message = chunk.message ?? chunk
    if (!isRecord(message)) return writer.skip('message must be an object')
    const thinking = str(message.thinking)
    if (thinking) {
      parser?.flush()
      reason(thinking)
    }
    const content = str(message.content) ?? str(chunk.response) ?? ''
    if (parser) parser.feed(content)
    else answer(content)
    onToolCalls(message.tool_calls)
    if (chunk.done === true) onDone(chunk)
  }

  return translatorOf(writer, handle, () => {
    parser?.flush()
    // An object with `done: true` ends the run: a body that closes before it was cut short.
    writer.fail('The Ollama stream ended before its last object (done: true).')
  })
}

/** A recorded Ollama stream (its objects, parsed), or a `stream: false` response as a stream of one, translated at once. */
export function translateOllama(chunks: Iterable<unknown>, options?: OllamaOptions): AgUiEvent[] {
  return translateAll(createOllamaTranslator(options), chunks)
}

/**
 * Reads an Ollama `/api/chat` or `/api/generate` stream (NDJSON) from a fetch
 * `Response` or a URL (POST it with `options.init`) into `store`. Returns the
 * function that aborts.
 */
export function connectOllama(
  input: ResponseLike | string | URL,
  store: ReasoningStore,
  options: OllamaOptions & ProviderStreamOptions = {},
): Disconnect {
  return connectAdapter(createOllamaTranslator, 'ndjson', input, store, options)
}
