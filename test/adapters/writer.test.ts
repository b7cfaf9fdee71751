import { describe, expect, it } from 'vitest'
import {
  connectProviderStream,
  createAnthropicTranslator,
  createChatCompletionsTranslator,
  createLettaTranslator,
  createMeupTranslator,
  createOpenAIResponsesTranslator,
  createVercelAITranslator,
  EventWriter,
  translateAll,
  type AgUiEvent,
  type Translator,
} from 'reasoning-ui/adapters'
import { createReasoningStore } from 'reasoning-ui/core'
import { expectValidEvents, storeOf, summarize } from '../helpers/adapters'

const types = (events: readonly AgUiEvent[]) => events.map((e) => e.type)

describe('EventWriter', () => {
  it('should start the run before the first event and keep a valid order', () => {
    const w = new EventWriter({ now: () => 5, runId: 'resp_1' })
    w.next()
    w.startMessage('m1', 'b1', { title: 'Plan' })
    w.appendMessage('m1', 'thinking')
    w.appendMessage('m1', '')
    w.next()
    w.appendText('t1', 'answer')
    w.finish()
    const events = w.take()
    expectValidEvents(events)
    expect(types(events)).toEqual([
      'RUN_STARTED', 'REASONING_START', 'REASONING_MESSAGE_START', 'REASONING_MESSAGE_CONTENT',
      // a text message closes open reasoning first
      'REASONING_MESSAGE_END', 'REASONING_END', 'TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_END', 'RUN_FINISHED',
    ])
    expect(events[2]).toMatchObject({ metadata: { reasoningUi: { title: 'Plan' } }, timestamp: 5 })
    expect(events[0]).toMatchObject({ runId: 'resp_1' })
  })

  it('given fail(), should end with RUN_ERROR so the store marks open reasoning interrupted and keeps its text', () => {
    const w = new EventWriter()
    w.startMessage('m1', 'b1')
    w.appendMessage('m1', 'cut off mid')
    w.fail('max_output_tokens reached', 'max_output_tokens')
    w.finish()
    w.appendMessage('m1', 'ignored after the end')
    const events = w.take()
    expectValidEvents(events)
    expect(types(events).at(-1)).toBe('RUN_ERROR')
    const state = storeOf(events).getState()
    expect(summarize(state).blocks).toEqual([{ status: 'interrupted', kinds: ['text'], text: ['cut off mid'], title: undefined, encrypted: false }])
    expect(state.diagnostics).toEqual([])
  })

  it('should date events by the provider when told, and annotate them with provider fields', () => {
    const w = new EventWriter({ now: () => 1 })
    w.next()
    w.at(1_700_000_000_000)
    w.annotate({ letta: { otid: 'o1' }, reasoningUi: { title: 'not here' } })
    w.startMessage('m1', 'b1', { source: 'reasoner_model' })
    w.next()
    w.appendMessage('m1', 'x')
    const [, start, message, content] = w.take()
    expect(start).toMatchObject({ timestamp: 1_700_000_000_000, metadata: { letta: { otid: 'o1' } } })
    expect(message!.metadata).toEqual({ letta: { otid: 'o1' }, reasoningUi: { source: 'reasoner_model' } })
    expect(content).toMatchObject({ timestamp: 1 })
    expect(content!.metadata).toBeUndefined()
  })

  it('should attach encrypted values and tool calls as valid events', () => {
    const w = new EventWriter()
    w.startMessage('m1', 'b1')
    w.encrypted('m1', 'opaque', 'anthropic.redacted_thinking')
    w.startTool('tc1', 'search')
    w.appendToolArgs('tc1', '{"q":1}')
    w.endTool('tc1')
    w.toolResult('r1', 'tc1', 'found')
    w.finish()
    const events = w.take()
    expectValidEvents(events)
    const state = storeOf(events).getState()
    expect(state.blocks[0]).toMatchObject({ encrypted: true, status: 'complete' })
    expect(state.blocks[0]!.messages[0]).toMatchObject({ encryptedValue: 'opaque', encryptedValueType: 'anthropic.redacted_thinking' })
    expect(state.timeline.map((e) => e.kind)).toEqual(['reasoning', 'tool-call'])
  })

  it('given late reasoning for a span it closed, should continue it in place: the old message reopened, a new one in the same span, the open text left open', () => {
    const w = new EventWriter()
    w.startMessage('m1', 'b1')
    w.appendMessage('m1', 'first')
    w.appendText('t1', 'answer')
    w.reopenMessage('m1')
    w.appendMessage('m1', ', then more')
    w.endMessage('m1')
    w.reopenMessage('m2', 'b1', { kind: 'summary' })
    w.appendMessage('m2', 'a part that came late')
    w.endBlock('b1')
    w.reopenMessage('never-started')
    w.appendText('t1', ' goes on')
    w.finish()
    const events = w.take()
    expectValidEvents(events)
    expect(types(events).filter((t) => t.startsWith('TEXT_MESSAGE'))).toEqual(['TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_END'])
    const state = storeOf(events).getState()
    expect(summarize(state)).toEqual({
      blocks: [{ status: 'complete', kinds: ['text', 'summary'], text: ['first, then more', 'a part that came late'], title: undefined, encrypted: false }],
      timeline: ['reasoning', 'text'],
      diagnostics: [],
    })
  })
})

describe('EventWriter: parts that end late', () => {
  it('given a message reopened while its span is still open, should end it before the span ends, and only once', () => {
    const w = new EventWriter()
    w.startMessage('m1', 'b1')
    w.appendMessage('m1', 'first')
    w.endMessage('m1')
    w.reopenMessage('m1')
    w.appendMessage('m1', ', then more')
    w.endBlock('b1')
    w.finish()
    const events = w.take()
    expectValidEvents(events)
    expect(types(events)).toEqual([
      'RUN_STARTED', 'REASONING_START', 'REASONING_MESSAGE_START', 'REASONING_MESSAGE_CONTENT', 'REASONING_MESSAGE_END',
      'REASONING_MESSAGE_START', 'REASONING_MESSAGE_CONTENT', 'REASONING_MESSAGE_END', 'REASONING_END', 'RUN_FINISHED',
    ])
    const state = storeOf(events).getState()
    expect(state.diagnostics).toEqual([])
    expect(state.blocks[0]!.messages[0]!.text).toBe('first, then more')
  })

  it('given a signature after its message and span ended, should re-end the message signed, dated when the block ended, the open text left open', () => {
    let clock = 0
    const w = new EventWriter({ now: () => (clock += 1_000) })
    w.startMessage('m1', 'b1')
    w.appendMessage('m1', 'thinking')
    w.appendText('t1', 'The answer')
    const before = w.take()
    const ended = before.find((e) => e.type === 'REASONING_END')!.timestamp
    w.appendText('t1', ' streams for a while')
    w.amendMessage('m1', { signature: 'sig' })
    w.amendMessage('never-started', { signature: 'lost' })
    w.appendText('t1', ' and ends.')
    w.finish()
    const events = w.take()
    expectValidEvents(events)
    expect(events.filter((e) => e.messageId === 'm1').map((e) => [e.type, e.timestamp])).toEqual([
      ['REASONING_MESSAGE_START', ended],
      ['REASONING_MESSAGE_END', ended],
    ])
    expect(events.find((e) => e.type === 'REASONING_MESSAGE_END')!.metadata).toEqual({ reasoningUi: { signature: 'sig' } })
    // Nothing for a message never started; the text goes on as one message.
    expect(types(events)).toEqual([
      'TEXT_MESSAGE_CONTENT', 'REASONING_MESSAGE_START', 'REASONING_MESSAGE_END', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_END', 'RUN_FINISHED',
    ])
    const state = storeOf([...before, ...events]).getState()
    expect(state.diagnostics).toEqual([])
    expect(state.blocks[0]).toMatchObject({ status: 'complete', endedAt: ended })
    expect(state.blocks[0]!.messages[0]!.meta?.signature).toBe('sig')
  })

  it('given metadata for a message never started in a span that ended, should add it there, dated when the span ended', () => {
    let clock = 0
    const w = new EventWriter({ now: () => (clock += 1_000) })
    w.startMessage('m1', 'b1')
    w.appendMessage('m1', 'thinking')
    w.appendText('t1', 'The answer')
    w.appendText('t1', ' goes on')
    w.amendMessage('m2', undefined, 'b1')
    w.encrypted('m2', 'opaque', 'x.encrypted')
    w.finish()
    const events = w.take()
    expectValidEvents(events)
    const state = storeOf(events).getState()
    expect(state.diagnostics).toEqual([])
    const reasoningEnd = events.find((e) => e.type === 'REASONING_END')!.timestamp
    expect(state.blocks).toHaveLength(1)
    expect(state.blocks[0]).toMatchObject({ status: 'complete', encrypted: true, endedAt: reasoningEnd })
    expect(state.blocks[0]!.messages.map((m) => m.id)).toEqual(['m1', 'm2'])
    expect(types(events).filter((t) => t === 'TEXT_MESSAGE_START')).toHaveLength(1)
  })
})

/** A toy provider: `{ think }`, `{ say }`, `{ done: true }`; anything else is malformed. */
function toyTranslator(): Translator<unknown> {
  const w = new EventWriter()
  return {
    push(event) {
      w.next()
      const e = event as { think?: unknown; say?: unknown; done?: unknown }
      if (typeof e.think === 'string') {
        w.startMessage('m', 'b')
        w.appendMessage('m', e.think)
      } else if (typeof e.say === 'string') w.appendText('t', e.say)
      else if (e.done === true) w.finish()
      else w.skip('not a toy event')
      return w.take()
    },
    end() {
      if (!w.isEnded) w.fail('The provider stream ended early.')
      return w.take()
    },
    diagnostics: w.diagnostics,
  }
}

describe('translateAll and connectProviderStream', () => {
  it('translateAll should translate and end', () => {
    const events = translateAll(toyTranslator(), [{ think: 'a' }, { nope: 1 }, { say: 'b' }])
    expect(types(events).at(-1)).toBe('RUN_ERROR')
    expectValidEvents(events)
  })

  it('should read a provider SSE body (CRLF, split chunks, [DONE]) into a store, reporting skipped events', async () => {
    const body = 'data: {"think":"hel"}\r\n\r\ndata: {"think":"lo"}\r\n\r\ndata: {"bad":true}\r\n\r\ndata: {"say":"hi"}\r\n\r\ndata: {"done":true}\r\n\r\ndata: [DONE]\r\n\r\n'
    const bytes = new TextEncoder().encode(body)
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 7) controller.enqueue(bytes.slice(i, i + 7))
        controller.close()
      },
    })
    const store = createReasoningStore({ flush: 'sync' })
    const done = new Promise<void>((resolve) => {
      const unsubscribe = store.subscribe(() => {
        if (store.getState().runs[0]?.status === 'finished') {
          unsubscribe()
          resolve()
        }
      })
    })
    connectProviderStream(new Response(stream), store, toyTranslator())
    await done
    const state = store.getState()
    expect(state.blocks[0]!.messages[0]!.text).toBe('hello')
    expect(state.blocks[0]!.status).toBe('complete')
    expect(state.diagnostics.map((d) => [d.code, d.message])).toEqual([['adapter', 'Provider event #2: not a toy event']])
  })

  it('should read NDJSON and whole-JSON bodies, and end a cut stream with the reasoning interrupted', async () => {
    for (const [framing, body] of [
      ['ndjson', '{"think":"x"}\n{"think":"y"}'],
      ['json', '[{"think":"x"},{"think":"y"}]'],
    ] as const) {
      const store = createReasoningStore({ flush: 'sync' })
      const ended = new Promise<void>((resolve) => {
        store.subscribe(() => {
          if (store.getState().runs[0]?.status === 'error') resolve()
        })
      })
      connectProviderStream(new Response(body), store, toyTranslator(), { framing })
      await ended
      expect(store.getState().blocks[0]).toMatchObject({ status: 'interrupted' })
      expect(store.getState().blocks[0]!.messages[0]!.text).toBe('xy')
    }
  })
})

describe('every translator, given a provider event that throws what cannot be printed', () => {
  /** An event whose every field throws a value whose `toString` throws too. */
  const hostile = new Proxy({}, {
    get: () => {
      throw { toString: () => { throw new Error('nope') } }
    },
    has: () => true,
    ownKeys: () => ['type'],
    getOwnPropertyDescriptor: () => ({ configurable: true, enumerable: true, value: undefined }),
  })
  const translators: [string, () => Translator<unknown>][] = [
    ['Anthropic', () => createAnthropicTranslator()],
    ['chat completions', () => createChatCompletionsTranslator()],
    ['Letta', () => createLettaTranslator()],
    ['MEUP', () => createMeupTranslator()],
    ['OpenAI Responses', () => createOpenAIResponsesTranslator()],
    ['Vercel AI', () => createVercelAITranslator()],
  ]

  it.each(translators)('%s should skip it with a diagnostic and not throw', (_, make) => {
    const t = make()
    expect(() => t.push(hostile)).not.toThrow()
    expect(t.diagnostics).toEqual([{ index: 0, message: expect.stringContaining('an unreadable error') }])
  })
})
