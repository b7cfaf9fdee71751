/**
 * AWS Bedrock ConverseStream / Converse, as the AWS SDK hands its events over (objects with one
 * key). The real recordings are in test/fixtures/providers/recorded/bedrock (recorded.test.ts runs
 * them); each test here builds only what its behaviour needs.
 */
import type { TokenUsage } from '@ag-ui/core'
import { describe, expect, it, vi } from 'vitest'
import { createReasoningStore, isEncryptedOnly, toReasoningMessages } from 'reasoning-ui/core'
import { BEDROCK_REDACTED_REASONING, connectBedrock, createBedrockTranslator, translateBedrockConverse } from 'reasoning-ui/adapters/bedrock'
import { cutText, expectChunkingInvariant, storeOf, summarize, translateChecked } from '../helpers/adapters'

type Json = Record<string, unknown>

const reasoning = (index: number, content: Json): Json => ({ contentBlockDelta: { contentBlockIndex: index, delta: { reasoningContent: content } } })
const text = (index: number, value: string): Json => ({ contentBlockDelta: { contentBlockIndex: index, delta: { text: value } } })
const stop = (index: number): Json => ({ contentBlockStop: { contentBlockIndex: index } })
const end = (stopReason = 'end_turn'): Json[] => [
  { messageStop: { stopReason } },
  { metadata: { usage: { inputTokens: 51, outputTokens: 94, totalTokens: 145 }, metrics: { latencyMs: 2281 } } },
]
const types = (events: readonly { type: string }[]) => events.map((e) => e.type)

describe('createBedrockTranslator', () => {
  it('given reasoning with its signature, then the answer, should stream one block carrying the signature, and finish with the usage', () => {
    const stream = [
      { messageStart: { role: 'assistant' } },
      reasoning(0, { text: 'Let me count the r' }),
      reasoning(0, { text: "'s in strawberry." }),
      reasoning(0, { signature: 'Ep0CCkgICxAB' }),
      stop(0),
      text(1, 'There are **3**.'),
      stop(1),
      ...end(),
    ]
    const events = translateChecked(createBedrockTranslator, stream)
    const state = storeOf(events).getState()
    expect(summarize(state).blocks.map((b) => [b.status, b.text])).toEqual([['complete', ["Let me count the r's in strawberry."]]])
    expect(state.blocks[0]!.messages[0]!.meta?.signature).toBe('Ep0CCkgICxAB')
    expect(events.filter((e) => e.type === 'TEXT_MESSAGE_CONTENT').map((e) => e.delta).join('')).toBe('There are **3**.')
    const last = events.at(-1) as { type: string; usage?: TokenUsage[] }
    expect(last.type).toBe('RUN_FINISHED')
    expect(last.usage).toEqual([{ provider: 'bedrock', inputTokens: 51, outputTokens: 94, totalTokens: 145 }])
    expectChunkingInvariant(createBedrockTranslator, stream, (value, cuts) => {
      const event = value as Json
      const delta = (event.contentBlockDelta as Json | undefined)?.delta as Json | undefined
      const said = (delta?.reasoningContent as Json | undefined)?.text
      if (typeof said !== 'string') return [event]
      return cutText(said, cuts).map((piece) => reasoning(0, { text: piece }))
    })
  })

  it('given redacted reasoning (bytes from the SDK, base64 in JSON), should show encrypted-only blocks that keep the value for the round trip', () => {
    const bytes = new TextEncoder().encode('opaque')
    const events = translateChecked(createBedrockTranslator, [reasoning(0, { redactedContent: bytes }), stop(0), reasoning(1, { redactedContent: 'RXRrRUNrZ0lC' }), stop(1), text(2, 'Hi.'), stop(2), ...end()])
    const state = storeOf(events).getState()
    expect(state.blocks.map(isEncryptedOnly)).toEqual([true, true])
    expect(state.blocks.map((b) => b.messages[0]!.encryptedValue)).toEqual([btoa('opaque'), 'RXRrRUNrZ0lC'])
    expect(state.blocks[0]!.messages[0]!.encryptedValueType).toBe(BEDROCK_REDACTED_REASONING)
    expect(toReasoningMessages(state).map((m) => m.encryptedValue)).toEqual([btoa('opaque'), 'RXRrRUNrZ0lC'])
  })

  it('given a tool use block, should close the reasoning and stream the call\'s input', () => {
    const events = translateChecked(createBedrockTranslator, [
      reasoning(0, { text: 'I need the weather.' }),
      stop(0),
      { contentBlockStart: { contentBlockIndex: 1, start: { toolUse: { toolUseId: 'tooluse_1', name: 'weather' } } } },
      { contentBlockDelta: { contentBlockIndex: 1, delta: { toolUse: { input: '{"city":' } } } },
      { contentBlockDelta: { contentBlockIndex: 1, delta: { toolUse: { input: '"Oslo"}' } } } },
      stop(1),
      ...end('tool_use'),
    ])
    expect(events.find((e) => e.type === 'TOOL_CALL_START')).toMatchObject({ toolCallId: 'tooluse_1', toolCallName: 'weather' })
    expect(events.filter((e) => e.type === 'TOOL_CALL_ARGS').map((e) => e.delta).join('')).toBe('{"city":"Oslo"}')
    expect(types(events).at(-1)).toBe('RUN_FINISHED')
  })

  it('given max_tokens right after reasoning, should end with RUN_ERROR (length); a guardrail stop with its reason', () => {
    const cut = translateChecked(createBedrockTranslator, [reasoning(0, { text: 'Still weighing' }), ...end('max_tokens')])
    expect(cut.at(-1)).toMatchObject({ type: 'RUN_ERROR', code: 'length' })
    expect(storeOf(cut).getState().blocks[0]).toMatchObject({ status: 'interrupted' })
    const guarded = translateChecked(createBedrockTranslator, [text(0, 'Sure'), stop(0), ...end('guardrail_intervened')])
    expect(guarded.at(-1)).toMatchObject({ type: 'RUN_ERROR', code: 'guardrail_intervened' })
  })

  it('given an exception event, or a stream that ends before messageStop, should end with RUN_ERROR, the reasoning interrupted', () => {
    const thrown = translateChecked(createBedrockTranslator, [reasoning(0, { text: 'Hmm' }), { modelStreamErrorException: { message: 'Model stream error', originalStatusCode: 500 } }])
    expect(thrown.at(-1)).toMatchObject({ type: 'RUN_ERROR', message: 'Model stream error', code: 'modelStreamErrorException' })
    const cut = translateChecked(createBedrockTranslator, [reasoning(0, { text: 'Halfway' })])
    expect(types(cut).at(-1)).toBe('RUN_ERROR')
    expect(storeOf(cut).getState().blocks[0]).toMatchObject({ status: 'interrupted' })
  })

  it('given malformed events, should skip them with a diagnostic and keep the text around them', () => {
    const t = createBedrockTranslator()
    const out = [
      ...t.push(reasoning(0, { text: 'Before.' })),
      ...t.push('not an object'),
      ...t.push({ contentBlockDelta: { contentBlockIndex: 0, delta: 'text' } }),
      ...t.push({ contentBlockStart: { contentBlockIndex: 1, start: { toolUse: { toolUseId: 'x' } } } }),
      ...t.push(reasoning(0, { text: ' After.' })),
      ...t.push(stop(0)),
      ...end().flatMap((e) => t.push(e)),
      ...t.end(),
    ]
    expect(t.diagnostics.map((d) => d.index)).toEqual([1, 2, 3])
    expect(summarize(storeOf(out).getState()).blocks.map((b) => b.text)).toEqual([['Before. After.']])
    expect(types(out).at(-1)).toBe('RUN_FINISHED')
  })
})

describe('translateBedrockConverse', () => {
  it('should translate a Converse response in its blocks\' order: reasoning with its signature, the answer, the call', () => {
    const events = translateBedrockConverse({
      output: {
        message: {
          role: 'assistant',
          content: [
            { reasoningContent: { reasoningText: { text: 'Check the weather first.', signature: 'ErcBCkgIBhAB' } } },
            { text: 'Let me look.' },
            { toolUse: { toolUseId: 'tooluse_2', name: 'get_user_country', input: {} } },
          ],
        },
      },
      stopReason: 'tool_use',
      usage: { inputTokens: 43, outputTokens: 303, totalTokens: 346 },
    })
    const state = storeOf(events).getState()
    expect(state.blocks[0]!.messages[0]).toMatchObject({ text: 'Check the weather first.', meta: { signature: 'ErcBCkgIBhAB' } })
    expect(state.timeline.map((e) => e.kind)).toEqual(['reasoning', 'text', 'tool-call'])
    expect(events.filter((e) => e.type === 'TOOL_CALL_ARGS').map((e) => e.delta)).toEqual(['{}'])
    expect(types(events).at(-1)).toBe('RUN_FINISHED')
    expect(translateBedrockConverse('not a response')).toEqual([])
  })
})

describe('connectBedrock', () => {
  it('should read the SDK\'s event stream into the store, and end the run with an error the stream throws', async () => {
    async function* sdkStream(fail: boolean) {
      yield reasoning(0, { text: 'Thinking it over.' })
      if (fail) throw new Error('ThrottlingException: Too many requests')
      yield stop(0)
      yield text(1, 'Done.')
      yield* end()
    }
    const store = createReasoningStore({ flush: 'sync' })
    connectBedrock(sdkStream(false), store)
    await vi.waitFor(() => expect(store.getState().runs.at(-1)?.status).toBe('finished'))
    expect(store.getState().blocks.map((b) => b.messages.map((m) => m.text))).toEqual([['Thinking it over.']])
    const failed = createReasoningStore({ flush: 'sync' })
    connectBedrock(sdkStream(true), failed)
    await vi.waitFor(() => expect(failed.getState().runs.at(-1)?.status).toBe('error'))
    expect(failed.getState().blocks[0]).toMatchObject({ status: 'interrupted' })
  })
})
