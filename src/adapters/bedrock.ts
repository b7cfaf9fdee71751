/**
 * AWS Bedrock `ConverseStream` (and `Converse`) → AG-UI events.
 *
 * The input is the AWS SDK's parsed stream events (`for await (const event of response.stream)`):
 * objects with one key, `messageStart`, `contentBlockStart`, `contentBlockDelta`,
 * `contentBlockStop`, `messageStop`, `metadata`, or an exception. A content block whose deltas carry
 * `reasoningContent` is a stretch of reasoning: its `text` is shown, its `signature` kept on the
 * message and its `redactedContent` (bytes in the SDK, base64 in JSON) kept as the stretch's
 * encrypted value, both for the round trip. `text` deltas are the answer, `toolUse` blocks tool
 * calls; `messageStop.stopReason` and `metadata.usage` end the run.
 */
import type { Disconnect } from '../core/sources/types'
import type { ReasoningStore } from '../core/store'
import { describeError, isRecord, str, type Json } from './json'
import { tokenUsage } from './usage'
import { feedTranslator, translateAll } from './connect'
import type { AgUiEvent, Translator, TranslatorOptions } from './types'
import { EventWriter, translatorOf } from './writer'

/** `encryptedValueType` of Bedrock's `reasoningContent.redactedContent` (base64), sent back as it came. */
export const BEDROCK_REDACTED_REASONING = 'bedrock.redacted_content'

/** What a Bedrock translator takes: the options every translator takes. */
export type BedrockOptions = TranslatorOptions

/** The exceptions a Converse stream may end with (the SDK's event names). */
const EXCEPTIONS = /Exception$/

/** Bytes (the SDK's `Uint8Array`) as base64; a string (JSON) as it is. */
function base64(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  // Any realm's typed array (`instanceof` fails across realms).
  if (!ArrayBuffer.isView(value)) return undefined
  let binary = ''
  for (const byte of new Uint8Array(value.buffer, value.byteOffset, value.byteLength)) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/** A streaming translator for one ConverseStream call (one translator per call). */
export function createBedrockTranslator(options: BedrockOptions = {}): Translator {
  const writer = new EventWriter(options)
  /** What each open content block is, by `contentBlockIndex`. */
  const kinds = new Map<number, { kind: 'reasoning' | 'tool'; id: string }>()
  let blocks = 0
  let textId: string | undefined
  let texts = 0
  /** `messageStop` came; the run ends with the usage after it (or the end of the stream). */
  let ending: (() => void) | undefined
  /** Each reasoning block's signature, for its end (`REASONING_MESSAGE_END` carries it). */
  const signatures = new Map<string, string>()
  /** What the last content block was: a stop for the token limit right after reasoning cut the reasoning. */
  let last: 'reasoning' | 'text' | 'tool' | undefined

  const base = () => writer.runId ?? 'bedrock'

  /** The reasoning block at `index`, opened on its first delta. */
  const reasoning = (index: number) => {
    let open = kinds.get(index)
    last = 'reasoning'
    if (!open) {
      textId = undefined
      open = { kind: 'reasoning', id: `${base()}:reasoning:${++blocks}` }
      kinds.set(index, open)
      writer.startMessage(`${open.id}:text`, open.id)
    }
    return open.id
  }

  const answer = (text: string) => {
    if (text === '') return
    last = 'text'
    if (textId === undefined) textId = ++texts === 1 ? base() : `${base()}:text:${texts}`
    writer.appendText(textId, text)
  }

  const onDelta = (index: number, delta: Json) => {
    if (isRecord(delta.reasoningContent)) {
      const content = delta.reasoningContent
      const id = reasoning(index)
      writer.appendMessage(`${id}:text`, str(content.text) ?? '')
      const signature = str(content.signature)
      if (signature) signatures.set(id, signature)
      const redacted = base64(content.redactedContent)
      if (redacted) writer.encrypted(`${id}:text`, redacted, BEDROCK_REDACTED_REASONING)
      return
    }
    if (typeof delta.text === 'string') return answer(delta.text)
    const tool = kinds.get(index)
    if (isRecord(delta.toolUse) && tool?.kind === 'tool') writer.appendToolArgs(tool.id, str(delta.toolUse.input) ?? '')
  }

  const onStop = (index: number) => {
    const open = kinds.get(index)
    kinds.delete(index)
    if (open?.kind === 'tool') return writer.endTool(open.id)
    if (!open) return
    const signature = signatures.get(open.id)
    writer.endMessage(`${open.id}:text`, signature ? { signature } : undefined)
    writer.endBlock(open.id)
  }

  const handle = (event: unknown) => {
    if (!isRecord(event)) return writer.skip('not a ConverseStream event (not an object)')
    for (const [key, body] of Object.entries(event)) {
      if (EXCEPTIONS.test(key)) return writer.fail((isRecord(body) && str(body.message)) || `Bedrock reported ${key}.`, key)
      if (!isRecord(body)) continue
      const index = typeof body.contentBlockIndex === 'number' ? body.contentBlockIndex : 0
      switch (key) {
        case 'messageStart':
          writer.start()
          break
        case 'contentBlockStart': {
          const use = isRecord(body.start) && isRecord(body.start.toolUse) ? body.start.toolUse : undefined
          const name = use && str(use.name)
          if (!use) break
          if (!name) return writer.skip('contentBlockStart.start.toolUse has no name')
          const id = str(use.toolUseId) || `${base()}:tool:${index}`
          textId = undefined
          last = 'tool'
          kinds.set(index, { kind: 'tool', id })
          writer.startTool(id, name)
          break
        }
        case 'contentBlockDelta':
          if (isRecord(body.delta)) onDelta(index, body.delta)
          else writer.skip('contentBlockDelta.delta must be an object')
          break
        case 'contentBlockStop':
          onStop(index)
          break
        case 'messageStop': {
          const reason = str(body.stopReason)
          if (reason === 'max_tokens' && last === 'reasoning') {
            // Cut by the token limit while reasoning: RUN_ERROR leaves a block still open interrupted, with its text.
            ending = () => writer.fail('The model stopped while reasoning (stopReason max_tokens).', 'length')
            break
          }
          for (const open of [...kinds.keys()]) onStop(open)
          ending = reason === 'guardrail_intervened' || reason === 'content_filtered'
            ? () => writer.fail(`Bedrock stopped the answer (stopReason ${reason}).`, reason)
            : () => writer.finish()
          break
        }
        case 'metadata': {
          const usage = isRecord(body.usage) ? body.usage : undefined
          if (usage) {
            writer.usage('call', tokenUsage({
              input: usage.inputTokens,
              output: usage.outputTokens,
              total: usage.totalTokens,
              cached: usage.cacheReadInputTokens,
              cacheWrite: usage.cacheWriteInputTokens,
            }, 'bedrock'))
          }
          // The usage comes last, after messageStop.
          ending?.()
          break
        }
        default:
      }
    }
  }

  return translatorOf(writer, handle, () => {
    if (ending) ending()
    else writer.fail('The Bedrock stream ended before messageStop.')
  })
}

/** A recorded ConverseStream (its events, parsed), translated at once. */
export function translateBedrock(events: Iterable<unknown>, options?: BedrockOptions): AgUiEvent[] {
  return translateAll(createBedrockTranslator(options), events)
}

/**
 * A `Converse` response (not streamed), translated as if it had been streamed: each content block
 * of `output.message.content` in order (`reasoningContent.reasoningText` with its signature,
 * `reasoningContent.redactedContent`, `text`, `toolUse`), then how it stopped and its usage.
 */
export function translateBedrockConverse(response: unknown, options?: BedrockOptions): AgUiEvent[] {
  if (!isRecord(response)) return []
  const message = isRecord(response.output) && isRecord(response.output.message) ? response.output.message : {}
  const content = Array.isArray(message.content) ? message.content : []
  const events: Json[] = [{ messageStart: { role: 'assistant' } }]
  content.forEach((block: unknown, contentBlockIndex) => {
    if (!isRecord(block)) return
    const reasoning = isRecord(block.reasoningContent) ? block.reasoningContent : undefined
    const said = reasoning && isRecord(reasoning.reasoningText) ? reasoning.reasoningText : undefined
    const use = isRecord(block.toolUse) ? block.toolUse : undefined
    const delta = said ? { reasoningContent: { text: said.text, signature: said.signature } }
      : reasoning ? { reasoningContent: { redactedContent: reasoning.redactedContent } }
        : typeof block.text === 'string' ? { text: block.text }
          : use ? { toolUse: { input: JSON.stringify(use.input ?? {}) } } : undefined
    if (!delta) return
    if (use) events.push({ contentBlockStart: { contentBlockIndex, start: { toolUse: { toolUseId: use.toolUseId, name: use.name } } } })
    events.push({ contentBlockDelta: { contentBlockIndex, delta } }, { contentBlockStop: { contentBlockIndex } })
  })
  events.push({ messageStop: { stopReason: response.stopReason } }, { metadata: { usage: response.usage } })
  return translateBedrock(events, options)
}

/**
 * Reads a ConverseStream into `store` from the AWS SDK's event stream
 * (`(await client.send(new ConverseStreamCommand(input))).stream`), or any async iterable of its
 * events: each event through the translator (what it skips becomes an `adapter` diagnostic), an error
 * the stream throws (the SDK throws the stream's exceptions) ending the run as one sent in it would.
 * Returns the function that stops reading. (Not core's `connectAsyncIterable`, which takes AG-UI
 * events: sharing its module split it out of core's chunk, a cost to every React app;
 * docs/performance.md, "Size".)
 */
export function connectBedrock(stream: AsyncIterable<unknown>, store: ReasoningStore, options: BedrockOptions = {}): Disconnect {
  const translator = createBedrockTranslator(options)
  const iterator = stream[Symbol.asyncIterator]()
  let active = true
  void (async () => {
    try {
      for (let step = await iterator.next(); active && !step.done; step = await iterator.next()) feedTranslator(translator, store, step.value)
    } catch (error) {
      if (active) feedTranslator(translator, store, { streamException: { message: describeError(error) } })
    }
    if (!active) return
    active = false
    for (const event of translator.end()) store.dispatch(event)
    store.streamEnded()
  })()
  return () => {
    if (!active) return
    active = false
    store.streamEnded(undefined, 'stopped')
    iterator.return?.().catch(() => {})
  }
}
