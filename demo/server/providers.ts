/**
 * Live agents: with `OPENAI_API_KEY` or `ANTHROPIC_API_KEY` set, the demo server
 * also proxies a real reasoning model. Each run turns the AG-UI `RunAgentInput`
 * into one streaming provider request (`buildOpenAIRequest`,
 * `buildAnthropicRequest`), reads the provider's SSE body as it arrives and
 * passes every provider event through the kit's adapter, so the browser sees
 * exactly what `reasoning-ui/adapters` makes of a real stream.
 *
 * What goes back to the provider on the next turn (the round trip):
 *
 * - OpenAI (`store: false`, zero data retention): a reasoning message whose
 *   `encryptedValue` this agent issued on this thread becomes a reasoning input
 *   item `{ type: 'reasoning', encrypted_content, summary: [] }`. Reasoning text
 *   (summaries) never goes back: the API takes reasoning only as the encrypted
 *   item. The item carries no `id`: with `store: false` an id points at nothing
 *   stored, and OpenAI's own stateless client (Codex) sends reasoning items
 *   without one. A reasoning item must be directly followed by the assistant
 *   output it led to (a message or a function call); one that is not is dropped
 *   (the API rejects it: "provided without its required following item").
 * - Anthropic: thinking can only go back exactly as the API produced it, with
 *   its signature. AG-UI reasoning messages carry no signature, so this agent
 *   remembers, per thread, the signature of each thinking block it streamed
 *   (the adapter puts it in `REASONING_MESSAGE_END`'s
 *   `metadata.reasoningUi.signature`), and sends a reasoning message back as a
 *   `thinking` block only when its id and text match one of those. A
 *   `redacted_thinking` value it issued goes back as
 *   `{ type: 'redacted_thinking', data }`. Everything else is dropped: the API
 *   strips thinking from earlier turns anyway; only the assistant turn of the
 *   current tool-use loop needs its thinking, and when that is missing the
 *   request is sent without `thinking` (the API's documented way out).
 */
import type { Context, Message, ReasoningMessage, RunAgentInput, Tool, ToolCall } from '@ag-ui/core'
import { createParser } from 'eventsource-parser'
import { createAnthropicTranslator, createOpenAIResponsesTranslator, type AgUiEvent, type Translator } from '../../src/adapters'
import { createOllamaTranslator } from '../../src/adapters/ollama'
import { createGeminiTranslator } from '../../src/adapters/gemini'
import { METADATA_KEY } from '../../src/core/metadata'
import { MAX_ISSUED_PER_THREAD, type AgentContext, type DemoAgent, type DemoEvent, type ThreadMemory } from './types'

// --- Shared: the AG-UI transcript

/** An AG-UI message's text: the string itself, or its text parts (media parts are left out). */
function textOf(content: unknown): string[] {
  if (typeof content === 'string') return content.trim() === '' ? [] : [content]
  if (!Array.isArray(content)) return []
  return content.flatMap((part: unknown) => {
    const p = part as { type?: unknown; text?: unknown } | null
    return p && p.type === 'text' && typeof p.text === 'string' && p.text.trim() !== '' ? [p.text] : []
  })
}

/** What a tool message says: its text, and its error when the tool failed. */
function toolOutput(message: { content: unknown; error?: string }): string {
  const text = textOf(message.content).join('\n')
  if (message.error === undefined || message.error === '') return text
  return text === '' ? `Error: ${message.error}` : `${text}\n\nError: ${message.error}`
}

/** `input.context` as instructions, or undefined when there is none. */
function contextText(context: readonly Context[] | undefined): string | undefined {
  const entries = (context ?? []).filter((c) => c.value !== '')
  if (entries.length === 0) return undefined
  return ['Context from the application:', ...entries.map((c) => `${c.description}:\n${c.value}`)].join('\n\n')
}

/**
 * How each tool call of the transcript goes to the provider. A call is sent as
 * a structured call (and its result as a structured result) when the tool is
 * declared in `input.tools` and the call was answered: providers reject calls
 * without a result, results without a call, and (Anthropic) tool blocks in a
 * request that declares no tools. A call to an undeclared tool (e.g. from a
 * scripted agent earlier on the thread) is told as text instead; a declared
 * call still waiting for its result is left out.
 */
interface ToolPlan {
  /** `'structured'`, `'text'` or `'drop'` for a call id. */
  call(id: string, name: string): 'structured' | 'text' | 'drop'
  /** The call a tool message answers: its name and how it goes, or undefined (no such call: dropped). */
  result(toolCallId: string): { name: string; as: 'structured' | 'text' } | undefined
}

function planTools(messages: readonly Message[], tools: readonly Tool[] | undefined): ToolPlan {
  const declared = new Set((tools ?? []).map((t) => t.name))
  const answered = new Set<string>()
  const names = new Map<string, string>()
  for (const m of messages) {
    if (m.role === 'tool') answered.add(m.toolCallId)
    else if (m.role === 'assistant') for (const c of m.toolCalls ?? []) names.set(c.id, c.function.name)
  }
  const call = (id: string, name: string) => (!declared.has(name) ? 'text' : answered.has(id) ? 'structured' : 'drop')
  return {
    call,
    result(toolCallId) {
      const name = names.get(toolCallId)
      if (name === undefined) return undefined
      return { name, as: call(toolCallId, name) === 'structured' ? 'structured' : 'text' }
    },
  }
}

const calledText = (c: ToolCall) => `[Called tool ${c.function.name} with ${c.function.arguments || '{}'}]`
const resultText = (name: string, output: string) => `[Result of tool ${name}: ${output}]`

// --- OpenAI Responses API

/** `reasoning.effort` of the Responses API. */
export type OpenAIEffort = 'none' | 'minimal' | 'low' | 'medium' | 'high' | 'xhigh'

/** One item of the Responses API `input`. */
export type OpenAIInputItem =
  | { readonly role: 'system' | 'developer' | 'assistant'; readonly content: string }
  | { readonly role: 'user'; readonly content: string | readonly { readonly type: 'input_text'; readonly text: string }[] }
  | { readonly type: 'function_call'; readonly call_id: string; readonly name: string; readonly arguments: string }
  | { readonly type: 'function_call_output'; readonly call_id: string; readonly output: string }
  | { readonly type: 'reasoning'; readonly encrypted_content: string; readonly summary: readonly [] }

/** A function tool of the Responses API. */
export interface OpenAITool {
  readonly type: 'function'
  readonly name: string
  readonly description: string
  readonly parameters: unknown
  readonly strict: false
}

/** The JSON body of `POST /responses`. */
export interface OpenAIRequestBody {
  readonly model: string
  /** `input.context`, when there is any. */
  readonly instructions?: string
  readonly input: readonly OpenAIInputItem[]
  /** `input.tools` as function tools, when there are any. */
  readonly tools?: readonly OpenAITool[]
  readonly stream: true
  /** Stateless: nothing is kept on OpenAI's side; reasoning continuity goes through `encrypted_content`. */
  readonly store: false
  /** Summaries requested (`auto`): the readable side of the reasoning. */
  readonly reasoning: { readonly effort: OpenAIEffort; readonly summary: 'auto' }
  /** Encrypted reasoning requested: what a stateless (zero-data-retention) client sends back. */
  readonly include: readonly ['reasoning.encrypted_content']
}

/** A provider request: the path under the provider's base URL, and the JSON body to POST there. */
export interface ProviderRequest<B> {
  readonly path: string
  readonly body: B
}

export interface OpenAIRequestOptions {
  readonly model: string
  /** Default `'medium'`. */
  readonly effort?: OpenAIEffort
  /**
   * Which encrypted values may go back as reasoning items. Default: all. The
   * live agent keeps only those it issued on the thread, so a value another
   * agent made up (the scripted ones) never reaches OpenAI.
   */
  readonly keepEncrypted?: (value: string) => boolean
}

/**
 * The Responses API request for a run: `POST /responses`, streaming,
 * stateless, reasoning summaries and encrypted reasoning requested, the AG-UI
 * messages as `input` in order (see the module comment for reasoning).
 */
export function buildOpenAIRequest(input: RunAgentInput, options: OpenAIRequestOptions): ProviderRequest<OpenAIRequestBody> {
  const { model, effort = 'medium', keepEncrypted = () => true } = options
  const plan = planTools(input.messages, input.tools)
  const items: OpenAIInputItem[] = []
  for (const m of input.messages) {
    switch (m.role) {
      case 'system':
      case 'developer':
        if (m.content.trim() !== '') items.push({ role: m.role, content: m.content })
        break
      case 'user': {
        const text = textOf(m.content)
        if (text.length === 0) break
        items.push({ role: 'user', content: typeof m.content === 'string' ? m.content : text.map((t) => ({ type: 'input_text' as const, text: t })) })
        break
      }
      case 'assistant': {
        const calls = m.toolCalls ?? []
        const said = [...textOf(m.content ?? ''), ...calls.filter((c) => plan.call(c.id, c.function.name) === 'text').map(calledText)]
        if (said.length > 0) items.push({ role: 'assistant', content: said.join('\n\n') })
        for (const c of calls) {
          if (plan.call(c.id, c.function.name) === 'structured') items.push({ type: 'function_call', call_id: c.id, name: c.function.name, arguments: c.function.arguments })
        }
        break
      }
      case 'tool': {
        const call = plan.result(m.toolCallId)
        if (call?.as === 'structured') items.push({ type: 'function_call_output', call_id: m.toolCallId, output: toolOutput(m) })
        else if (call) items.push({ role: 'user', content: resultText(call.name, toolOutput(m)) })
        break
      }
      case 'reasoning':
        // Only the encrypted item can go back; reasoning text (summaries, raw reasoning) never does.
        if (m.encryptedValue !== undefined && m.encryptedValue !== '' && keepEncrypted(m.encryptedValue)) {
          items.push({ type: 'reasoning', encrypted_content: m.encryptedValue, summary: [] })
        }
        break
      default:
        // Activity messages are not conversation.
        break
    }
  }
  const instructions = contextText(input.context)
  const tools = (input.tools ?? []).map((t): OpenAITool => ({
    type: 'function',
    name: t.name,
    description: t.description,
    parameters: t.parameters ?? { type: 'object', properties: {} },
    strict: false,
  }))
  return {
    path: '/responses',
    body: {
      model,
      ...(instructions !== undefined && { instructions }),
      input: items.filter((item, i) => !('type' in item && item.type === 'reasoning') || leadsToOutput(items[i + 1])),
      ...(tools.length > 0 && { tools }),
      stream: true,
      store: false,
      reasoning: { effort, summary: 'auto' },
      include: ['reasoning.encrypted_content'],
    },
  }
}

/** Whether `item` is assistant output a reasoning item may precede. */
function leadsToOutput(item: OpenAIInputItem | undefined): boolean {
  if (item === undefined) return false
  if ('role' in item) return item.role === 'assistant'
  return item.type === 'function_call'
}

// --- Anthropic Messages API

/** A content block of an Anthropic request message. */
export type AnthropicBlock =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'thinking'; readonly thinking: string; readonly signature: string }
  | { readonly type: 'redacted_thinking'; readonly data: string }
  | { readonly type: 'tool_use'; readonly id: string; readonly name: string; readonly input: Readonly<Record<string, unknown>> }
  | { readonly type: 'tool_result'; readonly tool_use_id: string; readonly content: string; readonly is_error?: true }

export interface AnthropicMessage {
  readonly role: 'user' | 'assistant'
  readonly content: readonly AnthropicBlock[]
}

export interface AnthropicTool {
  readonly name: string
  readonly description: string
  readonly input_schema: unknown
}

/** The JSON body of `POST /v1/messages`. */
export interface AnthropicRequestBody {
  readonly model: string
  /** Greater than the thinking budget. */
  readonly max_tokens: number
  /** System and developer messages, then `input.context`, joined by blank lines. */
  readonly system?: string
  /** Alternating user and assistant turns. */
  readonly messages: readonly AnthropicMessage[]
  readonly tools?: readonly AnthropicTool[]
  readonly stream: true
  /** Absent only in the tool-use loop case described on `buildAnthropicRequest`. */
  readonly thinking?: { readonly type: 'enabled'; readonly budget_tokens: number }
}

export interface AnthropicRequestOptions {
  readonly model: string
  /** Thinking budget; at least 1024 (raised when lower). Default 2048. */
  readonly budgetTokens?: number
  /** Default 8192; raised to budget + 1024 when not above the budget. */
  readonly maxTokens?: number
  /** Which `redacted_thinking` values may go back. Default: all. */
  readonly keepEncrypted?: (value: string) => boolean
  /**
   * The signature of a reasoning message that is a thinking block exactly as
   * Anthropic produced it (same id, same text), else undefined. Default: none,
   * so thinking never goes back.
   */
  readonly signatureOf?: (message: ReasoningMessage) => string | undefined
}

/** Anthropic accepts tool ids matching `^[a-zA-Z0-9_-]+$`; other producers' ids are mapped onto that. */
const toolId = (id: string) => id.replace(/[^a-zA-Z0-9_-]/g, '_') || '_'

/** Tool arguments as the object `tool_use.input` must be (unparsable or non-object arguments become `{}`). */
function argumentsObject(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json)
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

const isThinking = (b: AnthropicBlock) => b.type === 'thinking' || b.type === 'redacted_thinking'

/**
 * The Messages API request for a run: `POST /v1/messages`, streaming, extended
 * thinking on. System and developer messages become `system`; the rest become
 * alternating turns (consecutive messages of one role merged into one turn's
 * blocks): user text, assistant text and `tool_use`, tool results as user
 * `tool_result` blocks (first in their turn), reasoning as `thinking` /
 * `redacted_thinking` (first in their assistant turn; see the module comment).
 * Thinking in a turn with nothing else is dropped. When the request continues
 * a tool-use loop (it ends with tool results) and the assistant turn that
 * called the tools does not start with thinking, the API would refuse the
 * request with thinking enabled: it is then sent without `thinking`, and
 * without any thinking blocks.
 */
export function buildAnthropicRequest(input: RunAgentInput, options: AnthropicRequestOptions): ProviderRequest<AnthropicRequestBody> {
  const { model, keepEncrypted = () => true, signatureOf = () => undefined } = options
  const budget = Math.max(1024, Math.floor(options.budgetTokens ?? 2048))
  const requested = Math.floor(options.maxTokens ?? 8192)
  const maxTokens = requested > budget ? requested : budget + 1024
  const plan = planTools(input.messages, input.tools)
  const system: string[] = []
  let turns: { role: 'user' | 'assistant'; content: AnthropicBlock[] }[] = []
  const add = (role: 'user' | 'assistant', blocks: readonly AnthropicBlock[]) => {
    if (blocks.length === 0) return
    const last = turns[turns.length - 1]
    if (last?.role === role) last.content.push(...blocks)
    else turns.push({ role, content: [...blocks] })
  }
  const text = (t: string): AnthropicBlock => ({ type: 'text', text: t })
  for (const m of input.messages) {
    switch (m.role) {
      case 'system':
      case 'developer':
        if (m.content.trim() !== '') system.push(m.content)
        break
      case 'user':
        add('user', textOf(m.content).map(text))
        break
      case 'assistant': {
        const blocks: AnthropicBlock[] = textOf(m.content ?? '').map(text)
        for (const c of m.toolCalls ?? []) {
          const as = plan.call(c.id, c.function.name)
          if (as === 'structured') blocks.push({ type: 'tool_use', id: toolId(c.id), name: c.function.name, input: argumentsObject(c.function.arguments) })
          else if (as === 'text') blocks.push(text(calledText(c)))
        }
        add('assistant', blocks)
        break
      }
      case 'tool': {
        const call = plan.result(m.toolCallId)
        const output = toolOutput(m)
        if (call?.as === 'structured') {
          const failed = m.error !== undefined && m.error !== ''
          add('user', [{ type: 'tool_result', tool_use_id: toolId(m.toolCallId), content: output, ...(failed && { is_error: true as const }) }])
        } else if (call) {
          add('user', [text(resultText(call.name, output))])
        }
        break
      }
      case 'reasoning': {
        const encrypted = m.encryptedValue
        if (encrypted !== undefined && encrypted !== '') {
          if (keepEncrypted(encrypted)) add('assistant', [{ type: 'redacted_thinking', data: encrypted }])
          break
        }
        const signature = signatureOf(m)
        if (signature !== undefined && m.content !== '') add('assistant', [{ type: 'thinking', thinking: m.content, signature }])
        break
      }
      default:
        break
    }
  }
  // Thinking first in its assistant turn, tool results first in their user turn;
  // a turn of thinking alone goes (and the turns around it may then merge).
  const settled = turns
  turns = []
  for (const turn of settled) {
    const first = turn.role === 'assistant' ? isThinking : (b: AnthropicBlock) => b.type === 'tool_result'
    if (turn.role === 'assistant' && turn.content.every(isThinking)) continue
    add(turn.role, [...turn.content.filter(first), ...turn.content.filter((b) => !first(b))])
  }
  const last = turns[turns.length - 1]
  const caller = turns[turns.length - 2]
  const loop = last?.role === 'user' && last.content.some((b) => b.type === 'tool_result')
  const thinking = !loop || (caller !== undefined && caller.content[0] !== undefined && isThinking(caller.content[0]))
  const messages: AnthropicMessage[] = thinking ? turns : turns.map((t) => ({ role: t.role, content: t.content.filter((b) => !isThinking(b)) }))
  const context = contextText(input.context)
  if (context !== undefined) system.push(context)
  const tools = (input.tools ?? []).map((t): AnthropicTool => ({
    name: t.name,
    description: t.description,
    input_schema: t.parameters ?? { type: 'object', properties: {} },
  }))
  return {
    path: '/v1/messages',
    body: {
      model,
      max_tokens: maxTokens,
      ...(system.length > 0 && { system: system.join('\n\n') }),
      messages,
      ...(tools.length > 0 && { tools }),
      stream: true,
      ...(thinking && { thinking: { type: 'enabled' as const, budget_tokens: budget } }),
    },
  }
}

// --- Gemini (generateContent)

/** A part of a Gemini request's content. */
export type GeminiPart =
  | { readonly text: string; readonly thoughtSignature?: string }
  | { readonly functionCall: { readonly name: string; readonly args: Readonly<Record<string, unknown>> }; readonly thoughtSignature?: string }
  | { readonly functionResponse: { readonly name: string; readonly response: { readonly output: string } } }

/** The JSON body of `POST /models/{model}:streamGenerateContent?alt=sse`. */
export interface GeminiRequestBody {
  readonly contents: readonly { readonly role: 'user' | 'model'; readonly parts: readonly GeminiPart[] }[]
  readonly systemInstruction?: { readonly parts: readonly { readonly text: string }[] }
  readonly tools?: readonly { readonly functionDeclarations: readonly { readonly name: string; readonly description: string; readonly parameters?: unknown }[] }[]
  readonly generationConfig: { readonly thinkingConfig: { readonly includeThoughts: true } }
}

/**
 * The streaming `generateContent` request for a run, with thought summaries on. System, developer
 * and context text become `systemInstruction`; user text, model text and calls, and results as
 * `functionResponse` parts go as turns (consecutive parts of one role merged). What goes back of
 * the reasoning is its signature only (Gemini takes no thought text back): a reasoning message's
 * encrypted value that `keepSignature` accepts, on the first part of the model turn it led to; a
 * call's own signature on its call.
 */
export function buildGeminiRequest(input: RunAgentInput, options: { readonly model: string; readonly keepSignature?: (value: string) => boolean }): ProviderRequest<GeminiRequestBody> {
  const { keepSignature = () => true } = options
  const plan = planTools(input.messages, input.tools)
  const system: string[] = []
  const contents: { role: 'user' | 'model'; parts: GeminiPart[] }[] = []
  let signature: string | undefined
  const add = (role: 'user' | 'model', parts: GeminiPart[]) => {
    if (parts.length === 0) return
    if (role === 'model' && signature !== undefined) {
      parts[0] = { ...parts[0]!, thoughtSignature: signature } as GeminiPart
      signature = undefined
    }
    const last = contents[contents.length - 1]
    if (last?.role === role) last.parts.push(...parts)
    else contents.push({ role, parts })
  }
  for (const m of input.messages) {
    switch (m.role) {
      case 'system':
      case 'developer':
        if (m.content.trim() !== '') system.push(m.content)
        break
      case 'user':
        add('user', textOf(m.content).map((text) => ({ text })))
        break
      case 'assistant': {
        const calls = m.toolCalls ?? []
        const parts: GeminiPart[] = [...textOf(m.content ?? ''), ...calls.filter((c) => plan.call(c.id, c.function.name) === 'text').map(calledText)].map((text) => ({ text }))
        for (const c of calls) {
          if (plan.call(c.id, c.function.name) !== 'structured') continue
          const own = (c as ToolCall & { encryptedValue?: string }).encryptedValue
          parts.push({ functionCall: { name: c.function.name, args: argumentsObject(c.function.arguments) }, ...(own !== undefined && own !== '' && { thoughtSignature: own }) })
        }
        add('model', parts)
        break
      }
      case 'tool': {
        const call = plan.result(m.toolCallId)
        if (call?.as === 'structured') add('user', [{ functionResponse: { name: call.name, response: { output: toolOutput(m) } } }])
        else if (call) add('user', [{ text: resultText(call.name, toolOutput(m)) }])
        break
      }
      case 'reasoning':
        if (m.encryptedValue !== undefined && m.encryptedValue !== '' && keepSignature(m.encryptedValue)) signature = m.encryptedValue
        break
      default:
        break
    }
  }
  const context = contextText(input.context)
  if (context !== undefined) system.push(context)
  const tools = input.tools ?? []
  return {
    path: `/models/${encodeURIComponent(options.model)}:streamGenerateContent?alt=sse`,
    body: {
      contents,
      ...(system.length > 0 && { systemInstruction: { parts: [{ text: system.join('\n\n') }] } }),
      ...(tools.length > 0 && { tools: [{ functionDeclarations: tools.map((t) => ({ name: t.name, description: t.description, ...(t.parameters !== undefined && { parameters: t.parameters }) })) }] }),
      generationConfig: { thinkingConfig: { includeThoughts: true } },
    },
  }
}

// --- Ollama's own API (/api/chat)

/** A message of an Ollama `/api/chat` request. */
export type OllamaMessage =
  | { readonly role: 'system' | 'user'; readonly content: string }
  | { readonly role: 'assistant'; readonly content: string; readonly tool_calls?: readonly { readonly function: { readonly name: string; readonly arguments: Readonly<Record<string, unknown>> } }[] }
  | { readonly role: 'tool'; readonly content: string; readonly tool_name: string }

/** The JSON body of `POST /api/chat`. */
export interface OllamaRequestBody {
  readonly model: string
  readonly messages: readonly OllamaMessage[]
  readonly tools?: readonly { readonly type: 'function'; readonly function: { readonly name: string; readonly description: string; readonly parameters: unknown } }[]
  readonly stream: true
  /** Thinking on: the model's thinking comes apart (`message.thinking`). A model that cannot think answers without. */
  readonly think: true
}

/**
 * The `/api/chat` request for a run, streaming with thinking on. System, developer and context text
 * become system messages; user and assistant text, tool calls and their results go as Ollama takes
 * them (arguments as objects, results by tool name). Reasoning never goes back: Ollama keeps no
 * value to return, and earlier thinking only fills the context.
 */
export function buildOllamaRequest(input: RunAgentInput, options: { readonly model: string }): ProviderRequest<OllamaRequestBody> {
  const plan = planTools(input.messages, input.tools)
  const messages: OllamaMessage[] = []
  const context = contextText(input.context)
  for (const m of input.messages) {
    switch (m.role) {
      case 'system':
      case 'developer':
        if (m.content.trim() !== '') messages.push({ role: 'system', content: m.content })
        break
      case 'user': {
        const text = textOf(m.content)
        if (text.length > 0) messages.push({ role: 'user', content: text.join('\n\n') })
        break
      }
      case 'assistant': {
        const calls = m.toolCalls ?? []
        const said = [...textOf(m.content ?? ''), ...calls.filter((c) => plan.call(c.id, c.function.name) === 'text').map(calledText)]
        const structured = calls.filter((c) => plan.call(c.id, c.function.name) === 'structured')
        if (said.length === 0 && structured.length === 0) break
        messages.push({
          role: 'assistant',
          content: said.join('\n\n'),
          ...(structured.length > 0 && { tool_calls: structured.map((c) => ({ function: { name: c.function.name, arguments: argumentsObject(c.function.arguments) } })) }),
        })
        break
      }
      case 'tool': {
        const call = plan.result(m.toolCallId)
        if (call?.as === 'structured') messages.push({ role: 'tool', content: toolOutput(m), tool_name: call.name })
        else if (call) messages.push({ role: 'user', content: resultText(call.name, toolOutput(m)) })
        break
      }
      default:
        // Reasoning (see above) and activity messages do not go back.
        break
    }
  }
  const tools = (input.tools ?? []).map((t) => ({
    type: 'function' as const,
    function: { name: t.name, description: t.description, parameters: t.parameters ?? { type: 'object', properties: {} } },
  }))
  return {
    path: '/api/chat',
    body: {
      model: options.model,
      messages: context === undefined ? messages : [{ role: 'system', content: context }, ...messages],
      ...(tools.length > 0 && { tools }),
      stream: true,
      think: true,
    },
  }
}

// --- Running a provider

/** What one live agent does differently from the other. */
interface ProviderSpec {
  /** For messages: "OpenAI", "Anthropic". */
  readonly label: string
  readonly url: (path: string) => string
  readonly headers: Readonly<Record<string, string>>
  /** Never echoed: scrubbed from every message that leaves the server. */
  readonly key: string
  readonly request: (input: RunAgentInput, memory: ProviderMemory) => ProviderRequest<unknown>
  readonly translator: (input: RunAgentInput, context: AgentContext) => Translator
  /** How the body frames its events: SSE (default) or NDJSON (Ollama). */
  readonly framing?: 'ndjson'
}

/** What a live agent remembers of a thread, besides `ThreadMemory.issued`; each capped at `MAX_ISSUED_PER_THREAD`, the oldest forgotten first. */
interface ProviderMemory {
  /** The encrypted values this agent issued on the thread. */
  readonly values: Set<string>
  /** Anthropic: thinking message id → its text and signature, as streamed. */
  readonly thinking: Map<string, { readonly text: string; readonly signature: string }>
}

/** Forgets the oldest entries of `kept` (a Set or Map: insertion order) past `MAX_ISSUED_PER_THREAD`. */
function cap(kept: Set<string> | Map<string, unknown>): void {
  for (const key of kept.keys()) {
    if (kept.size <= MAX_ISSUED_PER_THREAD) return
    kept.delete(key)
  }
}

/** Per-thread memory of one agent, kept as long as the server keeps the thread's `ThreadMemory`. */
function memoryStore(): (thread: ThreadMemory) => ProviderMemory {
  const memories = new WeakMap<ThreadMemory, ProviderMemory>()
  return (thread) => {
    let memory = memories.get(thread)
    if (!memory) {
      memory = { values: new Set(), thinking: new Map() }
      memories.set(thread, memory)
    }
    return memory
  }
}

/**
 * The events of a body as they arrive: an SSE body's data fields (`[DONE]` and empty data skipped),
 * or an NDJSON body's lines (blank ones skipped). Cancels the body when `signal` aborts.
 */
async function* bodyData(body: ReadableStream<Uint8Array>, signal: AbortSignal, framing?: 'ndjson'): AsyncGenerator<string> {
  const queue: string[] = []
  let line = ''
  const sse = createParser({
    onEvent: (message) => {
      if (message.data !== '' && message.data !== '[DONE]') queue.push(message.data)
    },
  })
  const ndjson = {
    feed(text: string) {
      const lines = (line + text).split('\n')
      line = lines.pop()!
      queue.push(...lines.filter((l) => l.trim() !== ''))
    },
  }
  const parser = framing === 'ndjson' ? ndjson : sse
  const reader = body.getReader()
  const cancel = () => void reader.cancel().catch(() => {})
  signal.addEventListener('abort', cancel, { once: true })
  const decoder = new TextDecoder()
  let done = false
  try {
    if (signal.aborted) return
    while (!done) {
      const step = await reader.read()
      if (step.done) {
        done = true
        parser.feed(decoder.decode() + (framing === 'ndjson' ? '\n' : ''))
      } else {
        parser.feed(decoder.decode(step.value, { stream: true }))
      }
      yield* queue.splice(0)
    }
  } finally {
    signal.removeEventListener('abort', cancel)
    if (!done) cancel()
  }
}

/** `text` with the API key, and anything shaped like a provider key (`sk-…`, masked or not), replaced. */
function scrub(text: string, key: string): string {
  const bare = key.length >= 4 ? text.split(key).join('[redacted]') : text
  return bare.replace(/\bsk-[A-Za-z0-9_*.-]{4,}/g, '[redacted]')
}

/**
 * A `RUN_ERROR` as it may leave the server: its `message` and `code` (both can
 * carry a provider's text, e.g. from an in-stream error event) scrubbed of the key.
 */
function scrubbed(event: DemoEvent, key: string): DemoEvent {
  const { message, code } = event
  return {
    ...event,
    ...(typeof message === 'string' && { message: scrub(message, key) }),
    ...(typeof code === 'string' && { code: scrub(code, key) }),
  }
}

/** The provider's own error message from an error body (`{ error: { message } }`, both providers), else the body's start. */
function providerMessage(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown }
    const error = parsed.error
    if (typeof error === 'string') return error
    if (error && typeof error.message === 'string') return error.message
    if (typeof parsed.message === 'string') return parsed.message
  } catch {
    // Not JSON: the text itself.
  }
  return body.trim().slice(0, 300)
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const cause = (error as { cause?: unknown }).cause
  const detail = cause instanceof Error ? cause.message : typeof cause === 'string' ? cause : undefined
  return detail && detail !== error.message ? `${error.message} (${detail})` : error.message
}

/**
 * One run of a live agent: POST the request, then yield the adapter's events
 * as the provider's SSE body arrives. Always ends with `RUN_FINISHED` or
 * `RUN_ERROR`, except when `context.signal` aborts (the client went away): it
 * then just stops.
 */
async function* runProvider(spec: ProviderSpec, input: RunAgentInput, context: AgentContext, memory: ProviderMemory, fetchImpl: typeof fetch): AsyncGenerator<DemoEvent> {
  let started = false
  let ended = false
  const fail = function* (message: string, code: string): Generator<DemoEvent> {
    if (!started) yield { type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId, timestamp: context.now() }
    started = ended = true
    yield scrubbed({ type: 'RUN_ERROR', message, code, timestamp: context.now() }, spec.key)
  }
  const thinking = new Map<string, string>()
  /** Notes what the thread must remember of an event on its way out; an error's text is scrubbed of the key. */
  const observe = (event: AgUiEvent): DemoEvent => {
    if (event.type === 'RUN_STARTED') started = true
    else if (event.type === 'RUN_FINISHED') ended = true
    else if (event.type === 'RUN_ERROR') {
      ended = true
      return scrubbed(event, spec.key)
    } else if (event.type === 'REASONING_ENCRYPTED_VALUE' && typeof event.encryptedValue === 'string') {
      context.thread.issue(event.encryptedValue)
      memory.values.delete(event.encryptedValue)
      memory.values.add(event.encryptedValue)
      cap(memory.values)
    } else if (event.type === 'REASONING_MESSAGE_CONTENT' && typeof event.messageId === 'string' && typeof event.delta === 'string') {
      thinking.set(event.messageId, (thinking.get(event.messageId) ?? '') + event.delta)
    } else if (event.type === 'REASONING_MESSAGE_END' && typeof event.messageId === 'string') {
      const meta = (event.metadata as Record<string, { signature?: unknown } | undefined> | undefined)?.[METADATA_KEY]
      if (typeof meta?.signature === 'string') {
        memory.thinking.delete(event.messageId)
        memory.thinking.set(event.messageId, { text: thinking.get(event.messageId) ?? '', signature: meta.signature })
        cap(memory.thinking)
      }
    }
    return event
  }

  const { path, body } = spec.request(input, memory)
  const url = spec.url(path)
  let response: Response
  try {
    response = await fetchImpl(url, { method: 'POST', headers: spec.headers, body: JSON.stringify(body), signal: context.signal })
  } catch (error) {
    if (context.signal.aborted) return
    yield* fail(`Could not reach ${spec.label} at ${url}: ${describe(error)}`, 'network_error')
    return
  }
  if (!response.ok) {
    let text = ''
    try {
      text = await response.text()
    } catch {
      // The status says enough.
    }
    if (context.signal.aborted) return
    const status = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`
    const said = providerMessage(text)
    yield* fail(`${spec.label} answered ${status}${said ? `: ${said}` : ''}`, `http_${response.status}`)
    return
  }
  if (!response.body) {
    yield* fail(`${spec.label} answered without a body.`, 'no_body')
    return
  }
  const translator = spec.translator(input, context)
  try {
    for await (const data of bodyData(response.body, context.signal, spec.framing)) {
      let value: unknown
      try {
        value = JSON.parse(data)
      } catch {
        continue
      }
      for (const event of translator.push(value)) yield observe(event)
    }
  } catch (error) {
    if (context.signal.aborted) return
    yield* fail(`The connection to ${spec.label} failed mid-stream: ${describe(error)}`, 'network_error')
    return
  }
  if (context.signal.aborted) return
  for (const event of translator.end()) yield observe(event)
  if (!ended) yield* fail(`${spec.label} closed the stream without a response.`, 'stream_ended')
}

function agent(id: string, name: string, description: string, spec: ProviderSpec, fetchImpl: typeof fetch): DemoAgent {
  const memoryOf = memoryStore()
  return {
    id,
    name,
    description,
    run: (input, context) => runProvider(spec, input, context, memoryOf(context.thread), fetchImpl),
  }
}

const trimSlash = (url: string) => url.replace(/\/+$/, '')

/**
 * The live agents the environment allows: `openai` when `OPENAI_API_KEY` is set
 * (`OPENAI_MODEL`, default `gpt-5-mini`; `OPENAI_BASE_URL`, default
 * `https://api.openai.com/v1`), `anthropic` when `ANTHROPIC_API_KEY` is set
 * (`ANTHROPIC_MODEL`, default `claude-sonnet-4-5`; `ANTHROPIC_BASE_URL`, default
 * `https://api.anthropic.com`), `gemini` when `GEMINI_API_KEY` is set (`GEMINI_MODEL`, default
 * `gemini-2.5-flash`; `GEMINI_BASE_URL`, default `https://generativelanguage.googleapis.com/v1beta`).
 * `[]` without keys. The keys go into request
 * headers only, never into events or logs.
 */
export function providerAgents(env: Record<string, string | undefined>, fetchImpl: typeof fetch = fetch): DemoAgent[] {
  const agents: DemoAgent[] = []
  const openaiKey = env.OPENAI_API_KEY?.trim()
  if (openaiKey) {
    const model = env.OPENAI_MODEL?.trim() || 'gpt-5-mini'
    const base = trimSlash(env.OPENAI_BASE_URL?.trim() || 'https://api.openai.com/v1')
    agents.push(agent('openai', 'OpenAI (live)', `Live: ${model} through the OpenAI Responses API (reasoning summaries, encrypted reasoning sent back on the next turn), translated by the OpenAI Responses adapter.`, {
      label: 'OpenAI',
      url: (path) => base + path,
      headers: { authorization: `Bearer ${openaiKey}`, 'content-type': 'application/json', accept: 'text/event-stream' },
      key: openaiKey,
      request: (input, memory) => buildOpenAIRequest(input, { model, keepEncrypted: (v) => memory.values.has(v) }),
      translator: (input, context) => createOpenAIResponsesTranslator({ threadId: input.threadId, runId: input.runId, now: () => context.now() }),
    }, fetchImpl))
  }
  const anthropicKey = env.ANTHROPIC_API_KEY?.trim()
  if (anthropicKey) {
    const model = env.ANTHROPIC_MODEL?.trim() || 'claude-sonnet-4-5'
    const base = trimSlash(env.ANTHROPIC_BASE_URL?.trim() || 'https://api.anthropic.com')
    agents.push(agent('anthropic', 'Anthropic (live)', `Live: ${model} through the Anthropic Messages API with extended thinking, translated by the Anthropic adapter.`, {
      label: 'Anthropic',
      url: (path) => base + path,
      headers: { 'x-api-key': anthropicKey, 'anthropic-version': '2023-06-01', 'content-type': 'application/json', accept: 'text/event-stream' },
      key: anthropicKey,
      request: (input, memory) => buildAnthropicRequest(input, {
        model,
        keepEncrypted: (v) => memory.values.has(v),
        signatureOf: (m) => {
          const kept = memory.thinking.get(m.id)
          return kept && kept.text === m.content ? kept.signature : undefined
        },
      }),
      translator: (input, context) => createAnthropicTranslator({ threadId: input.threadId, runId: input.runId, now: () => context.now() }),
    }, fetchImpl))
  }
  const geminiKey = env.GEMINI_API_KEY?.trim()
  if (geminiKey) {
    const model = env.GEMINI_MODEL?.trim() || 'gemini-2.5-flash'
    const base = trimSlash(env.GEMINI_BASE_URL?.trim() || 'https://generativelanguage.googleapis.com/v1beta')
    agents.push(agent('gemini', 'Gemini (live)', `Live: ${model} through the Gemini API with thought summaries (its thought signatures sent back on the next turn), translated by the Gemini adapter.`, {
      label: 'Gemini',
      url: (path) => base + path,
      headers: { 'x-goog-api-key': geminiKey, 'content-type': 'application/json', accept: 'text/event-stream' },
      key: geminiKey,
      request: (input, memory) => buildGeminiRequest(input, { model, keepSignature: (v) => memory.values.has(v) }),
      translator: (input, context) => createGeminiTranslator({ threadId: input.threadId, runId: input.runId, now: () => context.now() }),
    }, fetchImpl))
  }
  return agents
}

/** Ollama's address from `OLLAMA_HOST` as Ollama's own client reads it (`host`, `host:port` or a URL; `0.0.0.0` means this machine), else its default. */
export function ollamaBase(env: Record<string, string | undefined>): string {
  const raw = env.OLLAMA_HOST?.trim() || '127.0.0.1'
  // With a scheme, its own default port; without, Ollama's.
  const schemed = /^[a-z]+:\/\//i.test(raw)
  const url = new URL(schemed ? raw : `http://${raw}`)
  if (!schemed && url.port === '') url.port = '11434'
  if (url.hostname === '0.0.0.0') url.hostname = '127.0.0.1'
  return trimSlash(url.href)
}

/**
 * A live agent for each model a local Ollama server has (`GET /api/tags`), streaming through the
 * Ollama adapter with thinking on: at `OLLAMA_HOST`, else Ollama's default port. None when no server
 * answers within `timeoutMs` (the demo starts without them); `log` says why when `OLLAMA_HOST` was set.
 */
export async function ollamaAgents(
  env: Record<string, string | undefined>,
  fetchImpl: typeof fetch = fetch,
  log: (line: string) => void = () => {},
  timeoutMs = 1_500,
): Promise<DemoAgent[]> {
  let base: string
  try {
    base = ollamaBase(env)
  } catch {
    log(`OLLAMA_HOST '${env.OLLAMA_HOST}' is not an address; no Ollama models listed.`)
    return []
  }
  let names: string[]
  try {
    const response = await fetchImpl(`${base}/api/tags`, { signal: AbortSignal.timeout(timeoutMs) })
    if (!response.ok) throw new Error(`HTTP ${response.status}`)
    const { models } = (await response.json()) as { models?: unknown }
    names = (Array.isArray(models) ? models : []).map((m: { name?: unknown }) => m?.name).filter((n): n is string => typeof n === 'string' && n !== '')
  } catch (error) {
    if (env.OLLAMA_HOST?.trim()) log(`Ollama at ${base} did not list its models (${describe(error)}); no Ollama models listed.`)
    return []
  }
  return names.map((model) =>
    agent(`ollama-${model.replace(/[^A-Za-z0-9._-]+/g, '-')}`, `${model} (Ollama)`, `Live: ${model} on the Ollama server at ${base}, thinking on, translated by the Ollama adapter (reasoning-ui/adapters/ollama).`, {
      label: 'Ollama',
      url: (path) => base + path,
      headers: { 'content-type': 'application/json', accept: 'application/x-ndjson' },
      key: '',
      framing: 'ndjson',
      request: (input) => buildOllamaRequest(input, { model }),
      translator: (input, context) => createOllamaTranslator({ threadId: input.threadId, runId: input.runId, now: () => context.now() }),
    }, fetchImpl),
  )
}
