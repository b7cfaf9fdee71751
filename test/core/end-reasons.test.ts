import { AbstractAgent, type BaseEvent, type RunAgentInput } from '@ag-ui/client'
import { Observable } from 'rxjs'
import { describe, expect, it, vi } from 'vitest'
import {
  connectAgent, connectAsyncIterable, connectObservable, endReasonOfCode, projectBlock, selectPendingReasoning,
  selectStreamStatus, toReasoningMessages, type ReasoningEndReason, type ReasoningStore,
} from '../../src/core/index'
import { codes, content, encrypted, feed, msgEnd, msgStart, run, runDone, span, spanEnd, testStore, text } from '../helpers/events'

/** A run with one open reasoning message, "so far". */
function midReasoning(store = testStore()) {
  feed(store, run(), span('s'), msgStart('m'), content('m', 'so far'))
  return store
}

const block = (store: ReasoningStore) => store.getState().blocks[0]!
const lastRun = (store: ReasoningStore) => store.getState().runs[0]!

describe('end reasons: RUN_ERROR', () => {
  it('given RUN_ERROR without a code, should end the open block and the run as failed, text kept', () => {
    const store = midReasoning()
    feed(store, { type: 'RUN_ERROR', message: 'boom' })
    expect(block(store)).toMatchObject({ status: 'interrupted', endReason: 'failed' })
    expect(block(store).messages[0]!.text).toBe('so far')
    expect(lastRun(store)).toMatchObject({ status: 'error', endReason: 'failed', error: 'boom' })
    expect(lastRun(store).code).toBeUndefined()
  })

  it.each<[string, ReasoningEndReason]>([
    // The codes the adapters (reasoning-ui/adapters) put on RUN_ERROR.
    ['length', 'cut-short'],
    ['max_tokens', 'cut-short'],
    ['max_tokens_exceeded', 'cut-short'],
    ['max_output_tokens', 'cut-short'],
    ['model_context_window_exceeded', 'cut-short'],
    ['content-filter', 'cut-short'],
    ['content_filter', 'cut-short'],
    ['incomplete', 'cut-short'],
    ['abort', 'stopped'],
    ['cancelled', 'stopped'],
    ['stream_ended', 'disconnected'],
    ['error', 'failed'],
    ['llm_api_error', 'failed'],
    ['overloaded_error', 'failed'],
  ])('given RUN_ERROR code %s, should end the block as %s', (code, reason) => {
    expect(endReasonOfCode(code)).toBe(reason)
    const store = midReasoning()
    feed(store, { type: 'RUN_ERROR', message: 'x', code })
    expect(block(store)).toMatchObject({ status: 'interrupted', endReason: reason })
    expect(lastRun(store)).toMatchObject({ status: 'error', endReason: reason, code })
  })

  it('should map every other code, and none, to failed', () => {
    expect(endReasonOfCode(undefined)).toBe('failed')
    expect(endReasonOfCode('')).toBe('failed')
    expect(endReasonOfCode('toString')).toBe('failed')
    expect(endReasonOfCode('MAX_TOKENS')).toBe('cut-short')
  })

  it('given a block that had completed before RUN_ERROR, should leave it complete, without a reason', () => {
    const store = testStore()
    feed(store, run(), span('s'), msgStart('m'), content('m', 'x'), msgEnd('m'), spanEnd('s'), { type: 'RUN_ERROR', message: 'x', code: 'length' })
    expect(block(store).status).toBe('complete')
    expect(block(store).endReason).toBeUndefined()
  })

  it('given SUBAGENT_ERROR, should end that subagent\'s open block as failed', () => {
    const store = testStore()
    feed(store, run(), { type: 'SUBAGENT_STARTED', subagentRunId: 'sub' },
      { type: 'REASONING_START', messageId: 'sb', subagentRunId: 'sub' },
      { type: 'SUBAGENT_ERROR', subagentRunId: 'sub', message: 'x' })
    const sub = store.getState().blocks.find((b) => b.id === 'sb')
    if (sub) expect(sub).toMatchObject({ status: 'interrupted', endReason: 'failed' })
  })

  it('given RUN_FINISHED with a block left open, should mark it interrupted without a reason (unknown)', () => {
    const store = midReasoning()
    feed(store, runDone())
    expect(block(store).status).toBe('interrupted')
    expect(block(store).endReason).toBeUndefined()
  })
})

describe('end reasons: streamEnded', () => {
  it('given streamEnded() mid-run, should end the block and the run as disconnected', () => {
    const store = midReasoning()
    store.streamEnded()
    expect(block(store)).toMatchObject({ status: 'interrupted', endReason: 'disconnected' })
    expect(lastRun(store)).toMatchObject({ status: 'interrupted', endReason: 'disconnected' })
    expect(selectStreamStatus(store.getState())).toBe('error')
  })

  it('given streamEnded(error) mid-run, should end it as disconnected and record the failure', () => {
    const store = midReasoning()
    store.streamEnded(new Error('reset'))
    expect(block(store).endReason).toBe('disconnected')
    expect(store.getState().failure).toBe('reset')
  })

  it('given streamEnded(undefined, "stopped"), should end it as stopped: no failure, no diagnostic, the stream complete', () => {
    const store = midReasoning()
    store.streamEnded(undefined, 'stopped')
    expect(block(store)).toMatchObject({ status: 'interrupted', endReason: 'stopped' })
    expect(block(store).messages[0]).toMatchObject({ status: 'interrupted', text: 'so far' })
    expect(lastRun(store)).toMatchObject({ status: 'interrupted', endReason: 'stopped' })
    expect(store.getState().failure).toBeUndefined()
    expect(codes(store)).toEqual([])
    expect(selectStreamStatus(store.getState())).toBe('complete')
  })

  it('given a stop after a clean run, should change nothing', () => {
    const store = testStore()
    feed(store, run(), span('s'), spanEnd('s'), runDone())
    const state = store.getState()
    store.streamEnded(undefined, 'stopped')
    expect(store.getState()).toBe(state)
  })

  it('given a stopped message that continues, should clear the reason with the interruption', () => {
    const store = testStore()
    feed(store, msgStart('m'), content('m', 'a'))
    store.streamEnded(undefined, 'stopped')
    expect(block(store).endReason).toBe('stopped')
    feed(store, msgStart('m'))
    expect(block(store).status).toBe('streaming')
    expect(block(store).endReason).toBeUndefined()
  })

  it('should keep the reason through the history (toReasoningMessages → MESSAGES_SNAPSHOT)', () => {
    const store = midReasoning()
    store.streamEnded(undefined, 'stopped')
    const saved = toReasoningMessages(store.getState())
    const restored = testStore()
    feed(restored, { type: 'MESSAGES_SNAPSHOT', messages: saved })
    expect(block(restored)).toMatchObject({ status: 'interrupted', endReason: 'stopped' })
  })
})

class ScriptedAgent extends AbstractAgent {
  constructor(private readonly script: (observer: { next(e: BaseEvent): void }) => void) {
    super({ threadId: 't' })
  }

  run(_input: RunAgentInput): Observable<BaseEvent> {
    return new Observable<BaseEvent>((subscriber) => this.script(subscriber))
  }
}

describe('end reasons: a source\'s disconnect is the user\'s stop', () => {
  const EVENTS = [run(), span('s'), msgStart('m'), content('m', 'so far')]

  it('given an Observable mid-reasoning, disconnect should stop the block', () => {
    const store = testStore()
    const disconnect = connectObservable(new Observable<object>((s) => EVENTS.forEach((e) => s.next(e))), store)
    disconnect()
    disconnect()
    expect(block(store)).toMatchObject({ status: 'interrupted', endReason: 'stopped' })
    expect(store.getState().failure).toBeUndefined()
  })

  it('given an Observable that completed, disconnect should change nothing', () => {
    const store = testStore()
    const disconnect = connectObservable(new Observable<object>((s) => {
      EVENTS.forEach((e) => s.next(e))
      s.complete()
    }), store)
    expect(block(store).endReason).toBe('disconnected')
    const state = store.getState()
    disconnect()
    expect(store.getState()).toBe(state)
  })

  it('given an async iterable mid-reasoning, disconnect should stop the block', async () => {
    const store = testStore()
    let reached!: () => void
    const at = new Promise<void>((resolve) => (reached = resolve))
    async function* events() {
      yield* EVENTS
      reached()
      await new Promise(() => {})
    }
    const disconnect = connectAsyncIterable(events(), store)
    await at
    await Promise.resolve()
    disconnect()
    expect(block(store)).toMatchObject({ status: 'interrupted', endReason: 'stopped' })
  })

  it('given an agent mid-run, disconnect should stop the block', async () => {
    const store = testStore()
    const agent = new ScriptedAgent((o) => EVENTS.forEach((e) => o.next(e as BaseEvent)))
    const disconnect = connectAgent(agent, store)
    void agent.runAgent().catch(() => {})
    await vi.waitFor(() => expect(block(store)?.messages[0]?.text).toBe('so far'))
    disconnect()
    expect(block(store)).toMatchObject({ status: 'interrupted', endReason: 'stopped' })
  })
})

describe('selectPendingReasoning (the one "Thinking…" before any reasoning)', () => {
  it('should be true while a run works before its first block, and false once a block came, also after it ended', () => {
    const store = testStore()
    expect(selectPendingReasoning(store.getState())).toBe(false)
    feed(store, run())
    expect(selectPendingReasoning(store.getState())).toBe(true)
    feed(store, span('s'), msgStart('m'), content('m', 'x'))
    expect(selectPendingReasoning(store.getState())).toBe(false)
    feed(store, msgEnd('m'), spanEnd('s'))
    // Reasoning over, answer pending: the stream is still "reasoning", but nothing says "Thinking…" twice.
    expect(selectStreamStatus(store.getState())).toBe('reasoning')
    expect(selectPendingReasoning(store.getState())).toBe(false)
    feed(store, text('a'), runDone())
    expect(selectPendingReasoning(store.getState())).toBe(false)
  })

  it('given a second run, should be pending again until its own first block', () => {
    const store = testStore()
    feed(store, run('r1'), span('s'), spanEnd('s'), runDone('r1'), run('r2'))
    expect(selectPendingReasoning(store.getState())).toBe(true)
    feed(store, span('s2'))
    expect(selectPendingReasoning(store.getState())).toBe(false)
  })

  it('given a run that reuses an earlier run\'s id, should be pending until a block of its own', () => {
    const store = testStore()
    feed(store, run('r1'), span('s'), spanEnd('s'), runDone('r1'))
    store.clock.now += 1_000
    feed(store, run('r1'))
    expect(selectPendingReasoning(store.getState())).toBe(true)
    store.clock.now += 1_000
    feed(store, span('s2'))
    expect(selectPendingReasoning(store.getState())).toBe(false)
  })
})

describe('expandable (projectBlock)', () => {
  it('given a streaming block with no text yet, should not be expandable at any level', () => {
    const store = testStore()
    feed(store, run(), span('s'), msgStart('m'))
    for (const level of ['full', 'summary', 'none'] as const) expect(projectBlock(block(store), level).expandable).toBe(false)
    feed(store, content('m', 'now some text'))
    expect(projectBlock(block(store), 'full').expandable).toBe(true)
  })

  it('given an encrypted-only block, should never be expandable, also while streaming', () => {
    const store = testStore()
    feed(store, run(), span('s'), msgStart('m'), encrypted('m', 'ENC'))
    expect(block(store).status).toBe('streaming')
    expect(projectBlock(block(store), 'full')).toMatchObject({ encryptedOnly: true, expandable: false })
    feed(store, msgEnd('m'), spanEnd('s'))
    expect(projectBlock(block(store), 'full')).toMatchObject({ encryptedOnly: true, expandable: false })
  })

  it('given a complete empty span, should not be expandable', () => {
    const store = testStore()
    feed(store, run(), span('s'), spanEnd('s'))
    expect(projectBlock(block(store), 'full').expandable).toBe(false)
    expect(projectBlock(block(store), 'summary').expandable).toBe(false)
  })

  it('given a block with only an outcome, should be expandable at full and summary', () => {
    const store = testStore()
    feed(store, run(), span('s'), spanEnd('s', { metadata: { reasoningUi: { conclusion: 'Twelve' } } }))
    expect(projectBlock(block(store), 'full').expandable).toBe(true)
    expect(projectBlock(block(store), 'summary').expandable).toBe(true)
  })
})
