/**
 * Real recorded provider streams (test/fixtures/providers/recorded, see SOURCE.md)
 * through the adapters. Every expected value is computed here from the raw
 * provider data, never from an adapter's output: the answer text, the reasoning
 * text of each stretch, encrypted values, signatures, tool names, how the run
 * ends and the token usage the provider reported.
 */
import type { TokenUsage } from '@ag-ui/core'
import { describe, expect, it, vi } from 'vitest'
import { createReasoningStore, isEncryptedOnly, toReasoningMessages, type ReasoningState, type ReasoningStore } from 'reasoning-ui/core'
import type { AgUiEvent, Translator } from 'reasoning-ui/adapters'
import { connectOpenAIResponses, createOpenAIResponsesTranslator, translateOpenAIResponse } from '../../src/adapters/openai-responses'
import { connectAnthropic, createAnthropicTranslator, translateAnthropicMessage } from '../../src/adapters/anthropic'
import { connectChatCompletions, createChatCompletionsTranslator, translateChatCompletion } from '../../src/adapters/chat-completions'
import { createVercelAITranslator } from '../../src/adapters/vercel-ai'
import { connectOllama, createOllamaTranslator } from '../../src/adapters/ollama'
import { connectGemini, createGeminiTranslator, translateGemini } from '../../src/adapters/gemini'
import { createBedrockTranslator, translateBedrockConverse } from '../../src/adapters/bedrock'
import { expectValidEvents } from '../helpers/adapters'
import { bodyResponse, recordings, type RecordedAdapter, type Recording } from '../helpers/recorded'

type Json = Record<string, unknown>

/** What the provider sent, as this test reads it from the raw recording. */
interface Expected {
  /** One entry per reasoning block, in order. */
  readonly blocks: ExpectedBlock[]
  /** The answer text, all text messages concatenated. */
  answer: string
  /** Tool call names, in order. */
  readonly tools: string[]
  ending: 'RUN_FINISHED' | 'RUN_ERROR'
  /** Token usage the provider reported, when it did. */
  usage?: TokenUsage
  /** `<think>` tags: whitespace next to the tags may be dropped (ThinkTagParser). */
  thinkTags?: boolean
}

interface ExpectedBlock {
  text: string
  readonly encrypted: string[]
  readonly signatures: string[]
  /** Shown as encrypted-only (the panel's "Reasoning hidden by the provider"). */
  encryptedOnly?: boolean
}

const newBlock = (): ExpectedBlock => ({ text: '', encrypted: [], signatures: [] })

/**
 * Whether each block shows as encrypted-only: those with no text and no signature, whether an
 * encrypted value stands for their reasoning or nothing at all does (hidden: the provider counted or
 * announced reasoning and sent nothing of it).
 */
const encryptedOnlyOf = (blocks: readonly ExpectedBlock[]) => blocks.map((b) => b.text === '' && b.signatures.length === 0)
const rec = (v: unknown): Json => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {})
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : [])
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined)
const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined)

/**
 * The provider's counts in AG-UI 1.0's accounting (the TokenUsage doc comment):
 * input and output are totals, reasoning and cache counts are parts of them. A
 * provider that reports a part beside a smaller total, or whose own grand total
 * only adds up with the part added (xAI's `completion_tokens` leaves reasoning
 * out), has the part added in; `totalTokens` is input plus output.
 */
function usageOf(fields: Partial<Record<keyof TokenUsage & string, unknown>>, providerTotal?: unknown): TokenUsage | undefined {
  const out: Record<string, number> = {}
  for (const [k, v] of Object.entries(fields)) if (typeof v === 'number') out[k] = v
  if (Object.keys(out).length === 0) return undefined
  const total = num(providerTotal)
  const addIn = (whole: 'inputTokens' | 'outputTokens', part: 'reasoningTokens' | 'cachedInputTokens') => {
    const w = out[whole]
    const p = out[part]
    if (w === undefined || p === undefined || p === 0) return
    const other = out[whole === 'inputTokens' ? 'outputTokens' : 'inputTokens'] ?? 0
    if (p > w || (total !== undefined && w + other !== total && w + p + other === total)) out[whole] = w + p
  }
  addIn('outputTokens', 'reasoningTokens')
  addIn('inputTokens', 'cachedInputTokens')
  if (out.inputTokens !== undefined && out.outputTokens !== undefined) out.totalTokens = out.inputTokens + out.outputTokens
  return out as TokenUsage
}

// ---------------------------------------------------------------- OpenAI Responses

function openAIUsage(usage: unknown): TokenUsage | undefined {
  const u = rec(usage)
  return usageOf({
    inputTokens: u.input_tokens,
    outputTokens: u.output_tokens,
    totalTokens: u.total_tokens,
    reasoningTokens: rec(u.output_tokens_details).reasoning_tokens,
    cachedInputTokens: rec(u.input_tokens_details).cached_tokens,
  }, u.total_tokens)
}

/** A reasoning item's text from its final form (summary parts, then raw reasoning content). */
function reasoningItemText(item: Json): string {
  return [...arr(item.summary), ...arr(item.content)].map((p) => str(rec(p).text) ?? '').join('')
}

function messageItemText(item: Json): string {
  return arr(item.content)
    .map((p) => rec(p))
    .filter((p) => p.type === 'output_text')
    .map((p) => str(p.text) ?? '')
    .join('')
}

/**
 * Items are followed by `output_index`, not `item_id`: some gateways (GitHub
 * Copilot) give every event of one item a different id.
 */
function expectOpenAIResponses(r: Recording): Expected {
  const e: Expected = { blocks: [], answer: '', tools: [], ending: 'RUN_ERROR' }
  if (!r.streaming) {
    const response = r.events[0]!
    for (const item of arr(response.output).map(rec)) {
      if (item.type === 'reasoning') {
        const b = newBlock()
        b.text = reasoningItemText(item)
        if (str(item.encrypted_content)) b.encrypted.push(item.encrypted_content as string)
        e.blocks.push(b)
      } else if (item.type === 'message') e.answer += messageItemText(item)
      else if (item.type === 'function_call') e.tools.push(str(item.name) ?? '')
    }
    e.ending = response.status === 'completed' || response.status === undefined ? 'RUN_FINISHED' : 'RUN_ERROR'
    e.usage = openAIUsage(response.usage)
    return e
  }
  const reasoning = new Map<number, { block: ExpectedBlock; streamed: boolean }>()
  const messages = new Map<number, boolean>()
  for (const ev of r.events) {
    const index = num(ev.output_index) ?? -1
    const item = rec(ev.item)
    switch (ev.type) {
      case 'response.output_item.added':
        if (item.type === 'reasoning') {
          const block = newBlock()
          reasoning.set(index, { block, streamed: false })
          e.blocks.push(block)
        }
        if (item.type === 'function_call') e.tools.push(str(item.name) ?? '')
        if (item.type === 'message') messages.set(index, false)
        break
      case 'response.reasoning_summary_text.delta':
      case 'response.reasoning_text.delta': {
        const entry = reasoning.get(index)!
        entry.block.text += str(ev.delta) ?? ''
        entry.streamed = true
        break
      }
      case 'response.output_text.delta':
        e.answer += str(ev.delta) ?? ''
        messages.set(index, true)
        break
      case 'response.output_item.done':
        if (item.type === 'reasoning') {
          const entry = reasoning.get(index)!
          if (!entry.streamed) entry.block.text = reasoningItemText(item)
          if (str(item.encrypted_content)) entry.block.encrypted.push(item.encrypted_content as string)
        }
        if (item.type === 'message' && messages.get(index) === false) e.answer += messageItemText(item)
        break
      case 'response.completed':
        e.ending = 'RUN_FINISHED'
        e.usage = openAIUsage(rec(ev.response).usage)
        break
      case 'response.failed':
      case 'response.incomplete':
        e.ending = 'RUN_ERROR'
        e.usage = openAIUsage(rec(ev.response).usage) ?? e.usage
        break
      default:
    }
  }
  return e
}

// ---------------------------------------------------------------- Anthropic

function anthropicUsage(...usages: unknown[]): TokenUsage | undefined {
  // Later reports (message_delta) override earlier ones (message_start), field by field.
  const merged: Json = {}
  for (const u of usages) for (const [k, v] of Object.entries(rec(u))) if (typeof v === 'number') merged[k] = v
  // Anthropic's input_tokens leaves the cache out: AG-UI's input counts every prompt token.
  const input = num(merged.input_tokens)
  const inputTokens = input === undefined ? undefined : input + (num(merged.cache_read_input_tokens) ?? 0) + (num(merged.cache_creation_input_tokens) ?? 0)
  return usageOf({
    inputTokens,
    outputTokens: merged.output_tokens,
    cachedInputTokens: merged.cache_read_input_tokens,
    cacheWriteInputTokens: merged.cache_creation_input_tokens,
  })
}

function anthropicBlockStart(e: Expected, block: Json): ExpectedBlock | undefined {
  switch (block.type) {
    case 'thinking': {
      const b = newBlock()
      b.text = str(block.thinking) ?? ''
      if (str(block.signature)) b.signatures.push(block.signature as string)
      e.blocks.push(b)
      return b
    }
    case 'redacted_thinking': {
      const b = newBlock()
      b.encrypted.push(str(block.data) ?? '')
      e.blocks.push(b)
      return b
    }
    case 'text':
      e.answer += str(block.text) ?? ''
      return undefined
    case 'tool_use':
    case 'server_tool_use':
    case 'mcp_tool_use':
      e.tools.push(str(block.name) ?? '')
      return undefined
    default:
      return undefined
  }
}

function expectAnthropic(r: Recording): Expected {
  const e: Expected = { blocks: [], answer: '', tools: [], ending: 'RUN_ERROR' }
  if (!r.streaming) {
    const message = r.events[0]!
    for (const block of arr(message.content)) anthropicBlockStart(e, rec(block))
    e.ending = message.type === 'error' ? 'RUN_ERROR' : 'RUN_FINISHED'
    e.usage = anthropicUsage(message.usage)
    return e
  }
  const open = new Map<number, ExpectedBlock | undefined>()
  const signatures = new Map<number, string>()
  const usages: unknown[] = []
  for (const ev of r.events) {
    const index = num(ev.index) ?? -1
    switch (ev.type) {
      case 'message_start':
        usages.push(rec(ev.message).usage)
        break
      case 'content_block_start':
        open.set(index, anthropicBlockStart(e, { ...rec(ev.content_block), signature: undefined }))
        break
      case 'content_block_delta': {
        const delta = rec(ev.delta)
        if (delta.type === 'thinking_delta') open.get(index)!.text += str(delta.thinking) ?? ''
        if (delta.type === 'signature_delta') signatures.set(index, (signatures.get(index) ?? '') + (str(delta.signature) ?? ''))
        if (delta.type === 'text_delta') e.answer += str(delta.text) ?? ''
        break
      }
      case 'content_block_stop': {
        const signature = signatures.get(index)
        if (signature) open.get(index)?.signatures.push(signature)
        break
      }
      case 'message_delta':
        usages.push(ev.usage)
        break
      case 'message_stop':
        e.ending = 'RUN_FINISHED'
        break
      case 'error':
        e.ending = 'RUN_ERROR'
        break
      default:
    }
  }
  e.usage = anthropicUsage(...usages)
  return e
}

// ---------------------------------------------------------------- chat completions

type Segment =
  | { kind: 'reasoning'; text: string }
  | { kind: 'content'; text: string }
  | { kind: 'encrypted'; data: string }
  /** GitHub Copilot's `reasoning_opaque`: the value of the stretch it follows, even once the answer began. */
  | { kind: 'opaque'; data: string }
  | { kind: 'signature'; value: string }
  | { kind: 'tool' }

/** What one `delta` (or a non-streaming `message`) carries, in the order an answer unfolds. */
function segmentsOf(delta: Json, e: Expected, seenTools: Set<number>): Segment[] {
  const out: Segment[] = []
  const details = arr(delta.reasoning_details).map(rec)
  const structured = details.some((d) => d.type === 'reasoning.text' || d.type === 'reasoning.summary')
  if (!structured) {
    // GitHub Copilot: `reasoning_text`.
    const text = str(delta.reasoning) || str(delta.reasoning_content) || str(delta.reasoning_text) || ''
    if (text) out.push({ kind: 'reasoning', text })
  }
  if (str(delta.reasoning_opaque)) out.push({ kind: 'opaque', data: delta.reasoning_opaque as string })
  for (const d of details) {
    if (d.type === 'reasoning.text') {
      if (str(d.text)) out.push({ kind: 'reasoning', text: d.text as string })
      if (str(d.signature)) out.push({ kind: 'signature', value: d.signature as string })
    }
    if (d.type === 'reasoning.summary' && str(d.summary)) out.push({ kind: 'reasoning', text: d.summary as string })
    if (d.type === 'reasoning.encrypted' && str(d.data)) out.push({ kind: 'encrypted', data: d.data as string })
  }
  const content = delta.content
  if (typeof content === 'string' && content !== '') out.push({ kind: 'content', text: content })
  // Mistral (Magistral): content as typed parts, `thinking` parts holding text chunks.
  for (const part of arr(content).map(rec)) {
    if (part.type === 'thinking') {
      const text = arr(part.thinking)
        .map((t) => str(rec(t).text) ?? '')
        .join('')
      if (text) out.push({ kind: 'reasoning', text })
    }
    if (part.type === 'text' && str(part.text)) out.push({ kind: 'content', text: part.text as string })
  }
  for (const [position, call] of arr(delta.tool_calls).map(rec).entries()) {
    const index = num(call.index) ?? position
    const name = str(rec(call.function).name)
    if (!seenTools.has(index) && name) {
      seenTools.add(index)
      e.tools.push(name)
      out.push({ kind: 'tool' })
    }
  }
  return out
}

/** Splits `<think>…</think>` out of the answer text (inline reasoning of open models). */
function splitThinkTags(segments: Segment[]): Segment[] {
  const out: Segment[] = []
  let inThink = false
  // Join neighbouring content first: tags may be cut across chunks.
  const joined: Segment[] = []
  for (const s of segments) {
    const last = joined.at(-1)
    if (s.kind === 'content' && last?.kind === 'content') last.text += s.text
    else joined.push(s.kind === 'content' ? { ...s } : s)
  }
  for (const s of joined) {
    if (s.kind !== 'content') {
      out.push(s)
      continue
    }
    let rest = s.text
    while (rest !== '') {
      const tag = inThink ? '</think>' : '<think>'
      const at = rest.indexOf(tag)
      const piece = at < 0 ? rest : rest.slice(0, at)
      if (piece !== '') out.push({ kind: inThink ? 'reasoning' : 'content', text: piece })
      if (at < 0) break
      rest = rest.slice(at + tag.length)
      inThink = !inThink
    }
  }
  return out
}

function chatUsage(usage: unknown): TokenUsage | undefined {
  const u = rec(usage)
  return usageOf({
    inputTokens: u.prompt_tokens,
    outputTokens: u.completion_tokens,
    totalTokens: u.total_tokens,
    // GitHub Copilot reports them beside the others, not in the details.
    reasoningTokens: rec(u.completion_tokens_details).reasoning_tokens ?? u.reasoning_tokens,
    cachedInputTokens: rec(u.prompt_tokens_details).cached_tokens,
  }, u.total_tokens)
}

function expectChatCompletions(r: Recording): Expected {
  const e: Expected = { blocks: [], answer: '', tools: [], ending: 'RUN_ERROR' }
  const seenTools = new Set<number>()
  let segments: Segment[] = []
  let finish: string | undefined
  let error = false
  let lastUsageOnly = false
  for (const chunk of r.events) {
    if (chunk.error !== undefined && chunk.error !== null) error = true
    if (chunk.usage !== undefined && chunk.usage !== null) e.usage = chatUsage(chunk.usage)
    const choices = arr(chunk.choices).map(rec)
    lastUsageOnly = Array.isArray(chunk.choices) && choices.length === 0 && chunk.usage !== undefined
    const choice = choices.find((c) => c.index === 0 || c.index === undefined)
    if (!choice) continue
    segments.push(...segmentsOf(rec(choice.delta ?? choice.message), e, seenTools))
    if (str(choice.finish_reason)) finish ??= choice.finish_reason as string
  }
  segments = collectSegments(e, segments)
  // Reasoning tokens counted and no reasoning sent (OpenAI's reasoning models): one hidden stretch.
  if ((e.usage?.reasoningTokens ?? 0) > 0 && e.blocks.length === 0) e.blocks.push(newBlock())
  const cutWhileReasoning = finish === 'length' && segments.at(-1)?.kind === 'reasoning'
  if (error || cutWhileReasoning) e.ending = 'RUN_ERROR'
  else if (!r.streaming || finish !== undefined || r.done || lastUsageOnly) e.ending = 'RUN_FINISHED'
  else e.ending = 'RUN_ERROR'
  return e
}

/**
 * The answer and the blocks in `e` from what a stream carried, in order (`<think>` tags split out
 * of the answer first, when there are any): a stretch of reasoning is a block until the answer or a
 * tool call. Returns the segments as split.
 */
function collectSegments(e: Expected, segments: Segment[]): Segment[] {
  e.thinkTags = segments.some((s) => s.kind === 'content' && s.text.includes('<think>'))
  if (e.thinkTags) segments = splitThinkTags(segments)
  let current: ExpectedBlock | undefined
  for (const s of segments) {
    if (s.kind === 'content' || s.kind === 'tool') {
      if (s.kind === 'content') e.answer += s.text
      if (s.kind === 'content' && e.thinkTags && s.text.trim() === '') continue
      current = undefined
      continue
    }
    if (s.kind === 'opaque') {
      // The open stretch's, else the last one's (it came with or after the answer), else a stretch of its own.
      const block = current ?? e.blocks.at(-1)
      if (block) block.encrypted.push(s.data)
      else e.blocks.push((current = { ...newBlock(), encrypted: [s.data] }))
      continue
    }
    if (!current) e.blocks.push((current = newBlock()))
    if (s.kind === 'reasoning') current.text += s.text
    if (s.kind === 'encrypted') current.encrypted.push(s.data)
    if (s.kind === 'signature') current.signatures.push(s.value)
  }
  return segments
}

// ---------------------------------------------------------------- AWS Bedrock (ConverseStream, Converse)

function bedrockUsage(usage: unknown): TokenUsage | undefined {
  const u = rec(usage)
  return usageOf({
    inputTokens: u.inputTokens,
    outputTokens: u.outputTokens,
    cachedInputTokens: u.cacheReadInputTokens,
    cacheWriteInputTokens: u.cacheWriteInputTokens,
  }, u.totalTokens)
}

function expectBedrock(r: Recording): Expected {
  const e: Expected = { blocks: [], answer: '', tools: [], ending: 'RUN_ERROR' }
  const ending = (reason: unknown) => (reason === 'guardrail_intervened' || reason === 'content_filtered' ? 'RUN_ERROR' : 'RUN_FINISHED')
  if (!r.streaming) {
    // A Converse response: its content blocks in order.
    const response = r.events[0]!
    for (const block of arr(rec(rec(response.output).message).content).map(rec)) {
      const reasoning = rec(block.reasoningContent)
      const said = rec(reasoning.reasoningText)
      if (str(said.text) !== undefined) e.blocks.push({ text: said.text as string, encrypted: [], signatures: str(said.signature) ? [said.signature as string] : [] })
      else if (str(reasoning.redactedContent)) e.blocks.push({ ...newBlock(), encrypted: [reasoning.redactedContent as string] })
      else if (str(block.text) !== undefined) e.answer += block.text as string
      else if (str(rec(block.toolUse).name)) e.tools.push(rec(block.toolUse).name as string)
    }
    e.ending = ending(response.stopReason)
    e.usage = bedrockUsage(response.usage)
    return e
  }
  const blocks = new Map<number, ExpectedBlock>()
  for (const event of r.events) {
    const start = rec(rec(event.contentBlockStart).start)
    if (str(rec(start.toolUse).name)) e.tools.push(rec(start.toolUse).name as string)
    const delta = rec(event.contentBlockDelta)
    const index = num(delta.contentBlockIndex) ?? 0
    const reasoning = rec(rec(delta.delta).reasoningContent)
    if (Object.keys(reasoning).length > 0) {
      let block = blocks.get(index)
      if (!block) {
        blocks.set(index, (block = newBlock()))
        e.blocks.push(block)
      }
      block.text += str(reasoning.text) ?? ''
      if (str(reasoning.signature)) block.signatures.push(reasoning.signature as string)
      if (str(reasoning.redactedContent)) block.encrypted.push(reasoning.redactedContent as string)
    }
    e.answer += str(rec(delta.delta).text) ?? ''
    if (event.messageStop !== undefined) e.ending = ending(rec(event.messageStop).stopReason)
    if (event.metadata !== undefined) e.usage = bedrockUsage(rec(event.metadata).usage)
  }
  return e
}

// ---------------------------------------------------------------- Gemini (Gemini API, Vertex AI)

function expectGemini(r: Recording): Expected {
  const e: Expected = { blocks: [], answer: '', tools: [], ending: 'RUN_ERROR' }
  /** The stretch of thoughts streaming, and the last one (a signature may follow it). */
  let open: ExpectedBlock | undefined
  let last: ExpectedBlock | undefined
  /** `thoughtsTokenCount` above 0 on any chunk: the model reasoned, shown or not. */
  let reasoned = false
  const close = () => {
    if (open) last = open
    open = undefined
  }
  /** Before the first answer or call: a stretch with nothing shown when the model reasoned without showing it. */
  const hidden = () => {
    if (reasoned && e.blocks.length === 0) e.blocks.push((last = newBlock()))
    close()
  }
  for (const chunk of r.events) {
    const usage = rec(chunk.usageMetadata)
    if ((num(usage.thoughtsTokenCount) ?? 0) > 0) reasoned = true
    const candidate = rec(arr(chunk.candidates)[0])
    for (const part of arr(rec(candidate.content).parts).map(rec)) {
      const signature = str(part.thoughtSignature)
      const text = str(part.text) ?? ''
      if (part.thought === true) {
        if (!open) e.blocks.push((open = newBlock()))
        open.text += text
        if (signature) open.encrypted.push(signature)
        continue
      }
      if (part.functionCall !== undefined) {
        // Its signature is the call's, not a block's.
        const name = str(rec(part.functionCall).name)
        if (name) {
          hidden()
          e.tools.push(name)
        }
        continue
      }
      if (signature) {
        const target = open ?? last
        if (target) target.encrypted.push(signature)
        else e.blocks.push((last = { ...newBlock(), encrypted: [signature] }))
        close()
      }
      if (text) {
        hidden()
        e.answer += text
      }
    }
    if (Object.keys(usage).length > 0) {
      e.usage = usageOf({
        inputTokens: usage.promptTokenCount,
        outputTokens: usage.candidatesTokenCount,
        reasoningTokens: usage.thoughtsTokenCount,
        cachedInputTokens: usage.cachedContentTokenCount,
      }, usage.totalTokenCount)
    }
    const finish = str(candidate.finishReason)
    if (finish) e.ending = finish === 'STOP' || (finish === 'MAX_TOKENS' && !open) ? 'RUN_FINISHED' : 'RUN_ERROR'
  }
  return e
}

// ---------------------------------------------------------------- Ollama (native API)

function expectOllama(r: Recording): Expected {
  const e: Expected = { blocks: [], answer: '', tools: [], ending: 'RUN_ERROR' }
  const segments: Segment[] = []
  let last: Json | undefined
  for (const chunk of r.events) {
    // `/api/chat` writes in `message`, `/api/generate` at the top (`response`).
    const message = rec(chunk.message ?? chunk)
    const thinking = str(message.thinking)
    if (thinking) segments.push({ kind: 'reasoning', text: thinking })
    const content = str(message.content) ?? str(chunk.response) ?? ''
    if (content) segments.push({ kind: 'content', text: content })
    for (const call of arr(message.tool_calls).map(rec)) {
      const name = str(rec(call.function).name)
      if (!name) continue
      e.tools.push(name)
      segments.push({ kind: 'tool' })
    }
    if (chunk.done === true) last = chunk
  }
  const split = collectSegments(e, segments)
  if (last) {
    e.ending = last.done_reason === 'length' && split.at(-1)?.kind === 'reasoning' ? 'RUN_ERROR' : 'RUN_FINISHED'
    e.usage = usageOf({ inputTokens: last.prompt_eval_count, outputTokens: last.eval_count })
  }
  return e
}

// ---------------------------------------------------------------- Vercel AI SDK UI message stream

function expectVercelAI(r: Recording): Expected {
  const e: Expected = { blocks: [], answer: '', tools: [], ending: 'RUN_ERROR' }
  const open = new Map<string, ExpectedBlock>()
  const extras = (b: ExpectedBlock, part: Json) => {
    for (const value of Object.values(rec(part.providerMetadata)).map(rec)) {
      const encrypted = str(value.reasoningEncryptedContent) || str(value.redactedData)
      if (encrypted && !b.encrypted.includes(encrypted)) b.encrypted.push(encrypted)
      if (str(value.signature) && !b.signatures.includes(value.signature as string)) b.signatures.push(value.signature as string)
    }
  }
  for (const part of r.events) {
    const id = str(part.id) ?? ''
    switch (part.type) {
      case 'reasoning-start': {
        const b = newBlock()
        open.set(id, b)
        e.blocks.push(b)
        extras(b, part)
        break
      }
      case 'reasoning-delta':
      case 'reasoning-end': {
        const b = open.get(id)!
        b.text += str(part.delta) ?? ''
        extras(b, part)
        if (part.type === 'reasoning-end') open.delete(id)
        break
      }
      case 'text-delta':
        e.answer += str(part.delta) ?? ''
        break
      case 'tool-input-start':
        e.tools.push(str(part.toolName) ?? '')
        break
      case 'finish':
        e.ending = 'RUN_FINISHED'
        break
      case 'error':
      case 'abort':
        e.ending = 'RUN_ERROR'
        break
      default:
    }
  }
  return e
}

// ---------------------------------------------------------------- running a recording

interface Run {
  readonly events: AgUiEvent[]
  /** Provider events the translator skipped (streams only). */
  readonly skipped: readonly string[]
}

function stream<P>(translator: Translator<P>, events: readonly P[]): Run {
  const out: AgUiEvent[] = []
  for (const e of events) out.push(...translator.push(e))
  out.push(...translator.end())
  return { events: out, skipped: translator.diagnostics.map((d) => d.message) }
}

const ADAPTERS: Record<
  Exclude<RecordedAdapter, 'letta'>,
  {
    expected: (r: Recording) => Expected
    run: (r: Recording) => Run
    connect?: (response: Response, store: ReasoningStore) => unknown
  }
> = {
  'openai-responses': {
    expected: expectOpenAIResponses,
    run: (r) => (r.streaming ? stream(createOpenAIResponsesTranslator(), r.events) : { events: translateOpenAIResponse(r.events[0]), skipped: [] }),
    connect: (response, store) => connectOpenAIResponses(response, store),
  },
  anthropic: {
    expected: expectAnthropic,
    run: (r) => (r.streaming ? stream(createAnthropicTranslator(), r.events) : { events: translateAnthropicMessage(r.events[0]), skipped: [] }),
    connect: (response, store) => connectAnthropic(response, store),
  },
  'chat-completions': {
    expected: expectChatCompletions,
    run: (r) => (r.streaming ? stream(createChatCompletionsTranslator(), r.events) : { events: translateChatCompletion(r.events[0]), skipped: [] }),
    connect: (response, store) => connectChatCompletions(response, store),
  },
  'vercel-ai': {
    expected: expectVercelAI,
    run: (r) => stream(createVercelAITranslator(), r.events),
  },
  bedrock: {
    expected: expectBedrock,
    run: (r) => (r.streaming ? stream(createBedrockTranslator(), r.events) : { events: translateBedrockConverse(r.events[0]), skipped: [] }),
  },
  gemini: {
    expected: expectGemini,
    run: (r) => (r.streaming ? stream(createGeminiTranslator(), r.events) : { events: translateGemini(r.events), skipped: [] }),
    connect: (response, store) => connectGemini(response, store),
  },
  ollama: {
    expected: expectOllama,
    run: (r) => stream(createOllamaTranslator(), r.events),
    connect: (response, store) => connectOllama(response, store),
  },
}

/** Diagnostics a recording is expected to give, by `adapter/file` (none otherwise). */
const EXPECTED_DIAGNOSTICS: Record<string, { store?: string[]; skipped?: RegExp[] }> = {}

function stateOf(events: readonly AgUiEvent[]): ReasoningState {
  const store = createReasoningStore({ flush: 'sync' })
  for (const e of events) store.dispatch(e)
  return store.getState()
}

const squash = (text: string) => text.trim()

function actualBlocks(state: ReasoningState): ExpectedBlock[] {
  return state.blocks.map((b) => ({
    encryptedOnly: isEncryptedOnly(b),
    text: b.messages.map((m) => m.text).join(''),
    encrypted: [b.encryptedValue, ...b.messages.map((m) => m.encryptedValue)].filter((v): v is string => v !== undefined),
    signatures: b.messages.map((m) => m.meta?.signature).filter((v): v is string => v !== undefined),
  }))
}

function answerOf(events: readonly AgUiEvent[]): string {
  return events
    .filter((e) => e.type === 'TEXT_MESSAGE_CONTENT' || e.type === 'TEXT_MESSAGE_CHUNK')
    .map((e) => (e as { delta?: string }).delta ?? '')
    .join('')
}

const all = (Object.keys(ADAPTERS) as (keyof typeof ADAPTERS)[]).flatMap((adapter) => recordings(adapter))

describe('recorded provider streams', () => {
  it('has recordings for every adapter that has public recordings', () => {
    expect(all.length).toBeGreaterThanOrEqual(25)
    for (const adapter of Object.keys(ADAPTERS)) expect(recordings(adapter as RecordedAdapter).length, adapter).toBeGreaterThan(0)
  })

  describe.each(all.map((r) => [`${r.adapter}/${r.file}`, r] as const))('%s', (name, r) => {
    const adapter = ADAPTERS[r.adapter as keyof typeof ADAPTERS]
    const expected = adapter.expected(r)
    const run = () => adapter.run(r)
    const allowed = EXPECTED_DIAGNOSTICS[name] ?? {}

    it('emits only schema-valid events, and the store reports nothing unexpected', () => {
      const { events, skipped } = run()
      expectValidEvents(events)
      expect(events[0]?.type).toBe('RUN_STARTED')
      expect(stateOf(events).diagnostics.map((d) => `${d.code}: ${d.message}`).filter((d) => !(allowed.store ?? []).some((c) => d.startsWith(`${c}:`)))).toEqual([])
      expect(skipped.filter((s) => !(allowed.skipped ?? []).some((re) => re.test(s)))).toEqual([])
    })

    it('loses no text: the answer and each stretch of reasoning as the provider sent them, one block per stretch', () => {
      const { events } = run()
      const state = stateOf(events)
      const norm = expected.thinkTags ? squash : (s: string) => s
      expect(norm(answerOf(events))).toBe(norm(expected.answer))
      const blocks = actualBlocks(state)
      expect(blocks.map((b) => norm(b.text))).toEqual(expected.blocks.map((b) => norm(b.text)))
    })

    it('keeps encrypted values, redacted data and signatures on the right blocks', () => {
      const state = stateOf(run().events)
      const blocks = actualBlocks(state)
      expect(blocks.map((b) => b.encrypted)).toEqual(expected.blocks.map((b) => b.encrypted))
      expect(blocks.map((b) => b.signatures)).toEqual(expected.blocks.map((b) => b.signatures))
      expect(blocks.map((b) => b.encryptedOnly)).toEqual(encryptedOnlyOf(expected.blocks))
      const history = toReasoningMessages(state)
      const roundTrip = history.map((m) => m.encryptedValue)
      for (const value of expected.blocks.flatMap((b) => b.encrypted)) expect(roundTrip).toContain(value)
      // Restored from history (a page reload), each block shows as it did: hidden reasoning stays hidden.
      const restored = stateOf([{ type: 'MESSAGES_SNAPSHOT', messages: history } as AgUiEvent])
      expect(actualBlocks(restored).map((b) => b.encryptedOnly)).toEqual(blocks.map((b) => b.encryptedOnly))
    })

    it('calls the tools the provider called', () => {
      const names = run()
        .events.filter((e) => e.type === 'TOOL_CALL_START')
        .map((e) => (e as unknown as { toolCallName: string }).toolCallName)
      expect(names).toEqual(expected.tools)
    })

    it(`ends with ${expected.ending}${expected.usage ? ', carrying the usage the provider reported' : ''}`, () => {
      const { events } = run()
      const last = events.at(-1) as (AgUiEvent & { usage?: TokenUsage[] }) | undefined
      expect(last?.type).toBe(expected.ending)
      expect(events.filter((e) => e.type === 'RUN_FINISHED' || e.type === 'RUN_ERROR')).toHaveLength(1)
      expect(stateOf(events).runs.at(-1)?.status).toBe(expected.ending === 'RUN_FINISHED' ? 'finished' : 'error')
      if (expected.usage) expect(last?.usage).toEqual([expect.objectContaining(expected.usage)])
    })

    // Only an SSE or NDJSON recording is a body to read (chunk files and JSON hold parsed events): no test, rather than a skipped one.
    const body = r.format === 'sse' || r.format === 'ndjson'
    if (body && adapter.connect !== undefined) it(`read as the recorded ${r.format === 'sse' ? 'SSE' : 'NDJSON'} body, ends the same way`, async () => {
      const store = createReasoningStore({ flush: 'sync' })
      adapter.connect!(bodyResponse(r.raw, r.format === 'sse' ? 'text/event-stream' : 'application/x-ndjson'), store)
      await vi.waitFor(() => expect(store.getState().runs.at(-1)?.status).toMatch(/finished|error|interrupted/))
      expect(store.getState().runs.at(-1)?.status).toBe(expected.ending === 'RUN_FINISHED' ? 'finished' : 'error')
      expect(actualBlocks(store.getState())).toEqual(actualBlocks(stateOf(run().events)))
      expect(store.getState().diagnostics.map((d) => d.code).filter((c) => !(allowed.store ?? []).includes(c))).toEqual([])
    })
  })
})
