/**
 * Anthropic Messages API → AG-UI events.
 *
 * Streaming (`stream: true`): `message_start`, then per content block
 * `content_block_start` / `content_block_delta` / `content_block_stop`, then
 * `message_delta` (stop reason) and `message_stop`; `ping` and `error` may come
 * at any time. Each `thinking` block becomes its own reasoning block (span and
 * message share the id `${messageId}:${index}`), so interleaved thinking between
 * tool uses gives several blocks in order. The block's `signature` is kept for
 * the round trip in `metadata.reasoningUi.signature` of its
 * `REASONING_MESSAGE_END` (never shown); a `redacted_thinking` block becomes an
 * encrypted-only block whose `data` is the encrypted value. A thinking block's
 * deltas and signature that come after a text or tool block started (AG-UI's
 * order makes the writer end thinking there) still land on its message.
 */
import type { Disconnect, ResponseLike } from '../core/sources/types'
import type { ReasoningStore } from '../core/store'
import { describeError, isRecord, str, type Json } from './json'
import { connectAdapter, translateAll, type ProviderStreamOptions } from './connect'
import type { AgUiEvent, Translator, TranslatorOptions } from './types'
import { EventWriter } from './writer'
import { count, field, tokenUsage } from './usage'

/** Options of the Anthropic translator: the shared ones (thread id, run id, clock). */
export type AnthropicOptions = TranslatorOptions

/** `encryptedValueType` of a `redacted_thinking` block's `data`. */
export const ANTHROPIC_REDACTED_THINKING = 'anthropic.redacted_thinking'

/** Stop reasons that cut the response short: thinking still going on then is interrupted. */
const LIMITS: ReadonlySet<string> = new Set(['max_tokens', 'model_context_window_exceeded'])

/** Content block types that call a tool (client tools, server tools, MCP tools). */
const TOOL_USES: ReadonlySet<string> = new Set(['tool_use', 'server_tool_use', 'mcp_tool_use'])

type Block =
  | { readonly kind: 'thinking'; readonly id: string; signature?: string }
  | { readonly kind: 'redacted'; readonly id: string }
  | { readonly kind: 'text'; readonly id: string }
  | { readonly kind: 'tool'; readonly id: string }
  | { readonly kind: 'other' }


const isIndex = (value: unknown): value is number => count(value) !== undefined

/** A streaming translator for one Messages API response (one translator per API call). */
export function createAnthropicTranslator(options: AnthropicOptions = {}): Translator {
  const writer = new EventWriter(options)
  const now = options.now ?? Date.now
  let messageId = 'message'
  const blocks = new Map<number, Block>()
  /**
   * The last reasoning block, stopped by the provider but not yet ended: its
   * `REASONING_END` waits for the next event, because a `message_delta` with
   * `stop_reason: "max_tokens"` right after means the thinking was cut short
   * (the API stops every block before it says why it stopped).
   */
  let stopped: { id: string; at: number } | undefined
  /** The current message's usage, field by field as reported so far (`message_delta` counts are running totals). */
  let usage: Record<string, number> = {}
  let model: unknown

  /**
   * Anthropic's `input_tokens` leaves out the cache: AG-UI's input total adds
   * `cache_creation_input_tokens` and `cache_read_input_tokens` back in. Thinking
   * is inside `output_tokens`; newer responses also count it apart
   * (`output_tokens_details.thinking_tokens`), AG-UI's reasoning tokens.
   * Only counts are taken: `message_delta` may report a field as `null`, which
   * leaves the count `message_start` gave.
   */
  const onUsage = (reported: unknown) => {
    if (!isRecord(reported)) return
    for (const [key, value] of Object.entries({ ...reported, thinking_tokens: field(reported.output_tokens_details, 'thinking_tokens') })) {
      const n = count(value)
      if (n !== undefined) usage[key] = n
    }
    const read = count(usage.cache_read_input_tokens)
    const write = count(usage.cache_creation_input_tokens)
    const input = count(usage.input_tokens)
    writer.usage(
      messageId,
      tokenUsage({ input: input === undefined ? undefined : input + (read ?? 0) + (write ?? 0), output: usage.output_tokens, reasoning: usage.thinking_tokens, cached: read, cacheWrite: write }, undefined, model),
    )
  }

  /** Ends the stopped reasoning block normally, dated when the provider stopped it. */
  const settle = () => {
    if (!stopped) return
    writer.at(stopped.at)
    writer.endBlock(stopped.id)
    writer.at(undefined)
    stopped = undefined
  }

  const onMessageStart = (event: Json) => {
    const message = event.message
    const id = isRecord(message) ? str(message.id) : undefined
    if (id === undefined || id === '') return writer.skip('message_start without a message id')
    settle()
    messageId = id
    blocks.clear()
    writer.runId ??= id
    usage = {}
    model = isRecord(message) ? message.model : undefined
    onUsage(isRecord(message) ? message.usage : undefined)
  }

  const onBlockStart = (event: Json) => {
    const index = event.index
    const block = event.content_block
    if (!isIndex(index) || !isRecord(block) || typeof block.type !== 'string') {
      return writer.skip(process.env.NODE_ENV !== 'production' ? 'content_block_start needs an integer index and a content_block with a type' : 'content_block_start')
    }
    if (blocks.has(index)) return writer.skip(`content_block_start for block ${index}, which is already open`)
    const id = `${messageId}:${index}`
    switch (block.type) {
      case 'thinking': {
        settle()
        writer.startMessage(id, id)
        writer.appendMessage(id, str(block.thinking) ?? '')
        const signature = str(block.signature)
        blocks.set(index, signature ? { kind: 'thinking', id, signature } : { kind: 'thinking', id })
        return
      }
      case 'redacted_thinking': {
        const data = str(block.data)
        if (data === undefined || data === '') return writer.skip(`redacted_thinking block ${index} without its data`)
        settle()
        // No text, only the provider's encrypted thinking: an encrypted-only block.
        writer.startMessage(id, id)
        writer.encrypted(id, data, ANTHROPIC_REDACTED_THINKING)
        blocks.set(index, { kind: 'redacted', id })
        return
      }
      case 'text':
        settle()
        writer.startText(id)
        writer.appendText(id, str(block.text) ?? '')
        blocks.set(index, { kind: 'text', id })
        return
      default:
        break
    }
    if (TOOL_USES.has(block.type)) {
      const toolId = str(block.id)
      const name = str(block.name)
      if (!toolId || name === undefined) return writer.skip(`${block.type} block ${index} without an id and a name`)
      settle()
      writer.startTool(toolId, name, messageId)
      // Streamed input comes as input_json_delta after an empty `input: {}`; a whole one is sent as is.
      if (isRecord(block.input) && Object.keys(block.input).length > 0) writer.appendToolArgs(toolId, JSON.stringify(block.input))
      blocks.set(index, { kind: 'tool', id: toolId })
      return
    }
    const toolUseId = str(block.tool_use_id)
    if (block.type.endsWith('_tool_result') && toolUseId) {
      // A server tool's result (web search, code execution, MCP): complete in its start event.
      settle()
      const content = block.content
      writer.toolResult(id, toolUseId, typeof content === 'string' ? content : JSON.stringify(content ?? null))
    }
    blocks.set(index, { kind: 'other' })
  }

  const onBlockDelta = (event: Json) => {
    const index = event.index
    const delta = event.delta
    if (!isIndex(index) || !isRecord(delta) || typeof delta.type !== 'string') {
      return writer.skip(process.env.NODE_ENV !== 'production' ? 'content_block_delta needs an integer index and a delta with a type' : 'content_block_delta')
    }
    const block = blocks.get(index)
    if (!block) return writer.skip(`content_block_delta for block ${index}, which is not open`)
    const field = (kind: Block['kind'], field: string): string | undefined => {
      const value = delta[field]
      if (block.kind !== kind) writer.skip(`${String(delta.type)} for block ${index}, which is not a ${kind} block`)
      else if (typeof value !== 'string') writer.skip(`${String(delta.type)} without a string ${field}`)
      else return value
      return undefined
    }
    switch (delta.type) {
      case 'thinking_delta': {
        const text = field('thinking', 'thinking')
        if (!text || block.kind !== 'thinking') return
        // The writer ends thinking when text or a tool call starts; a block that has not stopped yet
        // continues its message there (issue 11), and what is open stays open.
        writer.reopenMessage(block.id)
        writer.appendMessage(block.id, text)
        return
      }
      case 'signature_delta': {
        const signature = field('thinking', 'signature')
        // The signature comes whole, just before the block stops (the SDKs keep the last one).
        if (signature !== undefined && block.kind === 'thinking') block.signature = signature
        return
      }
      case 'text_delta': {
        const text = field('text', 'text')
        if (text !== undefined && block.kind === 'text') writer.appendText(block.id, text)
        return
      }
      case 'input_json_delta': {
        const json = field('tool', 'partial_json')
        if (json !== undefined && block.kind === 'tool') writer.appendToolArgs(block.id, json)
        return
      }
      default:
        // citations_delta and future delta types carry nothing to show.
        return
    }
  }

  const onBlockStop = (event: Json) => {
    const index = event.index
    if (!isIndex(index)) return writer.skip('content_block_stop needs an integer index')
    const block = blocks.get(index)
    if (!block) return writer.skip(`content_block_stop for block ${index}, which is not open`)
    blocks.delete(index)
    switch (block.kind) {
      case 'thinking':
      case 'redacted':
        // A signature still lands on a message the writer ended early (when text or a tool call began),
        // dated when it ended: the answer streamed since is not thinking time.
        if (block.kind === 'thinking' && block.signature) writer.amendMessage(block.id, { signature: block.signature })
        else writer.endMessage(block.id)
        stopped = { id: block.id, at: now() }
        return
      case 'text':
        return writer.endText(block.id)
      case 'tool':
        return writer.endTool(block.id)
      default:
        return
    }
  }

  const onMessageDelta = (event: Json) => {
    onUsage(event.usage)
    const delta = event.delta
    if (!isRecord(delta)) return writer.skip('message_delta without a delta')
    const reason = str(delta.stop_reason)
    if (reason !== undefined && LIMITS.has(reason) && (stopped || [...blocks.values()].some((b) => b.kind === 'thinking'))) {
      // Cut short while thinking: RUN_ERROR leaves the block interrupted, with its text.
      writer.fail(`The response stopped while thinking (stop_reason ${reason}).`, reason)
      return
    }
    settle()
  }

  const onError = (event: Json) => {
    const error = isRecord(event.error) ? event.error : {}
    settle()
    writer.fail(str(error.message) ?? 'The Anthropic stream reported an error.', str(error.type))
  }

  const handle = (event: unknown) => {
    if (!isRecord(event) || typeof event.type !== 'string') return writer.skip(process.env.NODE_ENV !== 'production' ? 'not an Anthropic stream event (no string type)' : 'event')
    switch (event.type) {
      case 'message_start':
        return onMessageStart(event)
      case 'content_block_start':
        return onBlockStart(event)
      case 'content_block_delta':
        return onBlockDelta(event)
      case 'content_block_stop':
        return onBlockStop(event)
      case 'message_delta':
        return onMessageDelta(event)
      case 'message_stop':
        settle()
        return writer.finish()
      case 'error':
        return onError(event)
      default:
        // `ping` and event types added later: nothing to show.
        return
    }
  }

  return {
    push(event) {
      writer.next()
      try {
        handle(event)
      } catch (error) {
        writer.skip(`could not translate the event: ${describeError(error)}`)
      }
      return writer.take()
    },
    end() {
      writer.next()
      if (!writer.isEnded) {
        settle()
        writer.fail('The Anthropic stream ended before message_stop.')
      }
      return writer.take()
    },
    get diagnostics() {
      return writer.diagnostics
    },
  }
}

/** A recorded Anthropic stream (its events, parsed), translated at once. */
export function translateAnthropic(events: Iterable<unknown>, options?: AnthropicOptions): AgUiEvent[] {
  return translateAll(createAnthropicTranslator(options), events)
}

/**
 * A non-streaming Messages API response (a `Message` object with its
 * `content[]`), translated as if it had been streamed: blocks in content
 * order, thinking signatures and redacted data kept. An error response
 * (`{ type: "error", error }`) gives a run that ends with `RUN_ERROR`;
 * anything else that is not a message gives no events.
 */
export function translateAnthropicMessage(message: unknown, options?: AnthropicOptions): AgUiEvent[] {
  if (isRecord(message) && message.type === 'error') return translateAnthropic([message], options)
  if (!isRecord(message) || !Array.isArray(message.content)) return []
  return translateAnthropic(streamOf(message, message.content), options)
}

/** The stream events that would have produced `message`. */
function streamOf(message: Json, content: readonly unknown[]): unknown[] {
  const events: unknown[] = [{ type: 'message_start', message: { ...message, content: [] } }]
  content.forEach((block, index) => {
    if (!isRecord(block)) {
      events.push({ type: 'content_block_start', index, content_block: block })
      return
    }
    const delta = (d: Json) => events.push({ type: 'content_block_delta', index, delta: d })
    if (block.type === 'thinking') {
      events.push({ type: 'content_block_start', index, content_block: { type: 'thinking', thinking: '' } })
      delta({ type: 'thinking_delta', thinking: block.thinking })
      if (block.signature !== undefined) delta({ type: 'signature_delta', signature: block.signature })
    } else if (block.type === 'text') {
      events.push({ type: 'content_block_start', index, content_block: { ...block, text: '' } })
      delta({ type: 'text_delta', text: block.text })
    } else if (typeof block.type === 'string' && TOOL_USES.has(block.type)) {
      events.push({ type: 'content_block_start', index, content_block: { ...block, input: {} } })
      delta({ type: 'input_json_delta', partial_json: JSON.stringify(block.input ?? {}) })
    } else {
      events.push({ type: 'content_block_start', index, content_block: block })
    }
    events.push({ type: 'content_block_stop', index })
  })
  events.push({ type: 'message_delta', delta: { stop_reason: message.stop_reason ?? null }, usage: message.usage }, { type: 'message_stop' })
  return events
}

/**
 * Reads an Anthropic Messages stream (SSE) from a fetch `Response` or a URL
 * (POST it with `options.init`) into `store`. Returns the function that aborts.
 */
export function connectAnthropic(
  input: ResponseLike | string | URL,
  store: ReasoningStore,
  options: AnthropicOptions & ProviderStreamOptions = {},
): Disconnect {
  return connectAdapter(createAnthropicTranslator, 'sse', input, store, options)
}
