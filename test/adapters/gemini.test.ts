/**
 * Gemini `generateContent` / `streamGenerateContent` (the Gemini API and Vertex AI). The responses
 * here are in the shape Gemini sends (see the real recordings in
 * test/fixtures/providers/recorded/gemini, which recorded.test.ts runs); each test builds only what
 * its behaviour needs.
 */
import type { TokenUsage } from '@ag-ui/core'
import { describe, expect, it, vi } from 'vitest'
import { createReasoningStore, isEncryptedOnly, toReasoningMessages } from 'reasoning-ui/core'
import { connectGemini, createGeminiTranslator, GEMINI_THOUGHT_SIGNATURE, translateGemini } from 'reasoning-ui/adapters/gemini'
import { cutText, expectChunkingInvariant, storeOf, summarize, translateChecked } from '../helpers/adapters'

type Json = Record<string, unknown>

const MODEL = 'gemini-2.5-pro'
/** A streamed response holding `parts`, with the usage Gemini puts on every chunk. */
const chunk = (parts: Json[], extra: Json = {}, usage: Json = { promptTokenCount: 34, thoughtsTokenCount: 68 }): Json => ({
  candidates: [{ content: { parts, role: 'model' }, index: 0, ...extra }],
  usageMetadata: usage,
  modelVersion: MODEL,
  responseId: 'beHBaJfEMIi-qtsP3769-Q8',
})
const thought = (text: string): Json => ({ text, thought: true })
const FINAL_USAGE = { promptTokenCount: 34, candidatesTokenCount: 469, totalTokenCount: 1290, thoughtsTokenCount: 787 }
const stop = (parts: Json[] = [{ text: '' }]) => chunk(parts, { finishReason: 'STOP' }, FINAL_USAGE)

const types = (events: readonly { type: string }[]) => events.map((e) => e.type)
const answerOf = (events: readonly Json[]) => events.filter((e) => e.type === 'TEXT_MESSAGE_CONTENT').map((e) => e.delta).join('')

describe('createGeminiTranslator', () => {
  it('given thought summaries then the answer, should stream one block, then the answer, and finish with thoughtsTokenCount as reasoning tokens', () => {
    const events = translateChecked(createGeminiTranslator, [
      chunk([thought('**Clarifying User Goals**\n\nI am defining the goal.')]),
      chunk([thought('**Developing a Safety Protocol**\n\nFirst, a crossing.')]),
      chunk([{ text: 'Find a crosswalk' }]),
      stop([{ text: ', then look both ways.' }]),
    ])
    const state = storeOf(events).getState()
    expect(summarize(state).blocks).toEqual([{
      status: 'complete',
      kinds: ['text'],
      text: ['**Clarifying User Goals**\n\nI am defining the goal.**Developing a Safety Protocol**\n\nFirst, a crossing.'],
      // From its first `**Title**` line, as for any reasoning text.
      title: 'Clarifying User Goals',
      encrypted: false,
    }])
    expect(answerOf(events)).toBe('Find a crosswalk, then look both ways.')
    const last = events.at(-1) as { type: string; usage?: TokenUsage[] }
    expect(last.type).toBe('RUN_FINISHED')
    // Gemini counts thoughts beside the answer's tokens (34 + 469 + 787 = 1290): AG-UI's output includes them.
    expect(last.usage).toEqual([{ provider: 'google', model: MODEL, inputTokens: 34, outputTokens: 1256, reasoningTokens: 787, totalTokens: 1290 }])
    expect(events[0]).toMatchObject({ type: 'RUN_STARTED', runId: 'beHBaJfEMIi-qtsP3769-Q8' })
  })

  it('given thoughts re-cut anywhere, should end with the same block', () => {
    const stream = [chunk([thought('I am defining the user\'s goal: crossing safely.')]), stop([{ text: 'Use a crosswalk.' }])]
    expectChunkingInvariant(createGeminiTranslator, stream, (value, cuts) => {
      const response = value as Json
      const candidate = (response.candidates as Json[])[0]!
      const part = ((candidate.content as Json).parts as Json[])[0]!
      return cutText(part.text as string, cuts).map((text, i, all) => ({
        ...response,
        candidates: [{ ...candidate, content: { ...(candidate.content as Json), parts: [{ ...part, text }] }, ...(i < all.length - 1 && { finishReason: undefined }) }],
      }))
    })
  })

  it('given reasoning it does not show (Gemini 3 without includeThoughts), should show a hidden stretch before the answer, timed from the call, its late signature joining it', () => {
    let now = 1_000
    const t = createGeminiTranslator({ now: () => now })
    now = 4_000
    const usage = { promptTokenCount: 9, thoughtsTokenCount: 256 }
    const events = [
      ...t.push(chunk([{ text: 'There are **3** "r"s in' }], {}, usage)),
      ...t.push(chunk([{ text: ' strawberry.' }], {}, usage)),
      ...t.push(chunk([{ text: '', thoughtSignature: 'Eo0HCooHAb4' }], { finishReason: 'STOP' }, { ...usage, candidatesTokenCount: 29, totalTokenCount: 294 })),
      ...t.end(),
    ]
    const state = storeOf(events).getState()
    expect(state.timeline.map((e) => e.kind)).toEqual(['reasoning', 'text'])
    const block = state.blocks[0]!
    expect(isEncryptedOnly(block)).toBe(true)
    expect(block.startedAt).toBe(1_000)
    expect(block.endedAt).toBe(4_000)
    expect(block.messages[0]).toMatchObject({ text: '', encryptedValue: 'Eo0HCooHAb4', encryptedValueType: GEMINI_THOUGHT_SIGNATURE })
    // The signature goes back with the history.
    expect(toReasoningMessages(state).map((m) => m.encryptedValue)).toEqual(['Eo0HCooHAb4'])
    expect(answerOf(events)).toBe('There are **3** "r"s in strawberry.')
  })

  it('given no thought tokens and no signature, should show no reasoning at all', () => {
    const events = translateChecked(createGeminiTranslator, [chunk([{ text: 'Hello.' }], { finishReason: 'STOP' }, { promptTokenCount: 3, candidatesTokenCount: 2, totalTokenCount: 5 })])
    expect(storeOf(events).getState().blocks).toEqual([])
  })

  it('given a function call with a signature, should call it whole with the signature as the call\'s encrypted value', () => {
    const events = translateChecked(createGeminiTranslator, [
      chunk([thought('I need the weather.')]),
      stop([{ functionCall: { name: 'weather', args: { location: 'San Francisco' } }, thoughtSignature: 'EpEgCo4gAb4' }]),
    ])
    const start = events.find((e) => e.type === 'TOOL_CALL_START')!
    expect(start).toMatchObject({ toolCallName: 'weather' })
    expect(events.filter((e) => e.type === 'TOOL_CALL_ARGS').map((e) => e.delta)).toEqual(['{"location":"San Francisco"}'])
    expect(events.find((e) => e.type === 'REASONING_ENCRYPTED_VALUE')).toMatchObject({ subtype: 'tool-call', entityId: start.toolCallId, encryptedValue: 'EpEgCo4gAb4' })
    expect(types(events).indexOf('REASONING_END')).toBeLessThan(types(events).indexOf('TOOL_CALL_START'))
    expect(types(events).at(-1)).toBe('RUN_FINISHED')
  })

  it('given arguments streamed in partialArgs (Vertex), should send them as one JSON object once the call is complete', () => {
    const events = translateChecked(createGeminiTranslator, [
      chunk([{ functionCall: { name: 'read_screen', willContinue: true } }]),
      chunk([{ functionCall: { partialArgs: [{ jsonPath: '$.id', stringValue: 'A', willContinue: true }], willContinue: true } }]),
      chunk([{ functionCall: { partialArgs: [{ jsonPath: '$.id', stringValue: 'B' }, { jsonPath: '$.zoom', numberValue: 2 }], willContinue: true } }]),
      chunk([{ functionCall: {} }]),
      chunk([{ functionCall: { name: 'read_screen', willContinue: true } }]),
      chunk([{ functionCall: {} }]),
      stop(),
    ])
    expect(events.filter((e) => e.type === 'TOOL_CALL_START').map((e) => e.toolCallName)).toEqual(['read_screen', 'read_screen'])
    expect(events.filter((e) => e.type === 'TOOL_CALL_ARGS').map((e) => e.delta)).toEqual(['{"id":"AB","zoom":2}', '{}'])
    expect(types(events).filter((t) => t.startsWith('TOOL_CALL'))).toEqual(['TOOL_CALL_START', 'TOOL_CALL_ARGS', 'TOOL_CALL_END', 'TOOL_CALL_START', 'TOOL_CALL_ARGS', 'TOOL_CALL_END'])
  })

  it('given a non-streaming response (one object), should translate it whole, its signature ending the hidden stretch before the answer', () => {
    const response = {
      candidates: [{ content: { parts: [{ text: 'There are **3** "r"s.', thoughtSignature: 'EvsFCvgF' }], role: 'model' }, finishReason: 'STOP', index: 0 }],
      usageMetadata: { promptTokenCount: 9, candidatesTokenCount: 29, totalTokenCount: 320, thoughtsTokenCount: 282 },
      modelVersion: 'gemini-3-pro-preview',
      responseId: 'YH6LaZT7ENmPxN8P-r2J8Aw',
    }
    const state = storeOf(translateGemini([response])).getState()
    expect(state.timeline.map((e) => e.kind)).toEqual(['reasoning', 'text'])
    expect(state.blocks[0]!.messages[0]!.encryptedValue).toBe('EvsFCvgF')
    expect(state.runs.at(-1)?.status).toBe('finished')
  })

  it('given MAX_TOKENS while thinking, should end with RUN_ERROR, the block interrupted with its text; after the answer began, finished', () => {
    const cut = translateChecked(createGeminiTranslator, [chunk([thought('Still weighing the options')], { finishReason: 'MAX_TOKENS' })])
    expect(cut.at(-1)).toMatchObject({ type: 'RUN_ERROR', code: 'length' })
    expect(storeOf(cut).getState().blocks[0]).toMatchObject({ status: 'interrupted' })
    const answered = translateChecked(createGeminiTranslator, [chunk([thought('Short.')]), chunk([{ text: 'A long' }], { finishReason: 'MAX_TOKENS' })])
    expect(types(answered).at(-1)).toBe('RUN_FINISHED')
  })

  it('given a stop for safety, a blocked prompt or an error object, should end with RUN_ERROR saying so', () => {
    expect(translateChecked(createGeminiTranslator, [chunk([{ text: 'Part' }], { finishReason: 'SAFETY' })]).at(-1)).toMatchObject({ type: 'RUN_ERROR', code: 'SAFETY' })
    expect(translateChecked(createGeminiTranslator, [{ promptFeedback: { blockReason: 'PROHIBITED_CONTENT' }, usageMetadata: { promptTokenCount: 8 } }]).at(-1)).toMatchObject({ type: 'RUN_ERROR', code: 'PROHIBITED_CONTENT' })
    expect(translateChecked(createGeminiTranslator, [{ error: { code: 429, message: 'Resource exhausted', status: 'RESOURCE_EXHAUSTED' } }]).at(-1)).toMatchObject({ type: 'RUN_ERROR', message: 'Resource exhausted' })
  })

  it('given a body that ends before a finishReason, should end with RUN_ERROR, the thoughts interrupted with their text', () => {
    const events = translateChecked(createGeminiTranslator, [chunk([thought('Halfway')])])
    expect(types(events).at(-1)).toBe('RUN_ERROR')
    expect(storeOf(events).getState().blocks[0]).toMatchObject({ status: 'interrupted' })
  })

  it('given malformed responses, should skip them with a diagnostic and keep the text around them', () => {
    const t = createGeminiTranslator()
    const out = [
      ...t.push(chunk([thought('Before.')])),
      ...t.push('not an object'),
      ...t.push({ candidates: 'none' }),
      ...t.push(chunk(['a string part' as unknown as Json])),
      ...t.push(chunk([{ functionCall: { args: {} } }])),
      ...t.push(chunk([thought(' After.')])),
      ...t.push(stop()),
      ...t.end(),
    ]
    expect(t.diagnostics.map((d) => d.index)).toEqual([1, 2, 3, 4])
    expect(summarize(storeOf(out).getState()).blocks.map((b) => b.text)).toEqual([['Before. After.']])
    expect(types(out).at(-1)).toBe('RUN_FINISHED')
  })
})

describe('connectGemini', () => {
  it('should read an SSE body (alt=sse) into the store', async () => {
    const body = [chunk([thought('Thinking it over.')]), stop([{ text: 'Done.' }])].map((c) => `data: ${JSON.stringify(c)}\r\n\r\n`).join('')
    const fetch = vi.fn(async () => new Response(body, { headers: { 'content-type': 'text/event-stream' } }))
    const store = createReasoningStore({ flush: 'sync' })
    connectGemini('https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-pro:streamGenerateContent?alt=sse', store, { fetch })
    await vi.waitFor(() => expect(store.getState().runs.at(-1)?.status).toBe('finished'))
    expect(store.getState().blocks.map((b) => b.messages.map((m) => m.text))).toEqual([['Thinking it over.']])
  })

  it('given framing json, should read the JSON array Gemini streams without alt=sse', async () => {
    const body = JSON.stringify([chunk([thought('In an array.')]), stop([{ text: 'Done.' }])])
    const fetch = vi.fn(async () => new Response(body, { headers: { 'content-type': 'application/json' } }))
    const store = createReasoningStore({ flush: 'sync' })
    connectGemini('https://example.test/v1beta/models/gemini-2.5-pro:streamGenerateContent', store, { fetch, framing: 'json' })
    await vi.waitFor(() => expect(store.getState().runs.at(-1)?.status).toBe('finished'))
    expect(store.getState().blocks.map((b) => b.messages.map((m) => m.text))).toEqual([['In an array.']])
  })
})
