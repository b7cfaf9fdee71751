import { EventSchema } from '@ag-ui/core/schemas'
import { describe, expect, it } from 'vitest'
import { getReasoningTokens, selectReasoningTokens } from '../../src/core/selectors'
import { codes, feed, run, testStore } from '../helpers/events'

const finished = (usage: unknown, runId = 'r1') => ({ type: 'RUN_FINISHED', threadId: 't1', runId, usage })

describe('usage on RUN_FINISHED / RUN_ERROR', () => {
  it('given a valid AG-UI usage list, should keep it on the run as sent', () => {
    const usage = [
      { provider: 'openai', model: 'gpt-5', inputTokens: 120, outputTokens: 900, totalTokens: 1020, reasoningTokens: 768, cachedInputTokens: 64 },
    ]
    // The fixture is what @ag-ui/core itself accepts.
    expect(EventSchema.safeParse(finished(usage)).success).toBe(true)
    const store = testStore()
    feed(store, run(), finished(usage))
    expect(store.getState().runs[0]!.usage).toEqual(usage)
    expect(codes(store)).toEqual([])
    expect(selectReasoningTokens(store.getState())).toBe(768)
  })

  it('given usage on RUN_ERROR, should keep it on the failed run', () => {
    const store = testStore()
    feed(store, run(), { type: 'RUN_ERROR', message: 'max tokens', usage: [{ outputTokens: 4096, reasoningTokens: 4096 }] })
    expect(store.getState().runs[0]).toMatchObject({ status: 'error', usage: [{ outputTokens: 4096, reasoningTokens: 4096 }] })
  })

  it('given RUN_ERROR without usage after a run that finished with usage, should keep the reported usage', () => {
    const store = testStore()
    feed(store, run(), finished([{ reasoningTokens: 5 }]), { type: 'RUN_ERROR', message: 'late failure' })
    expect(store.getState().runs[0]!.usage).toEqual([{ reasoningTokens: 5 }])
  })

  it.each([
    ['negative', -1],
    ['fractional', 1.5],
    ['a string', '768'],
    ['NaN', Number.NaN],
    ['beyond the safe integers', 2 ** 53],
    ['null', null],
  ])('given a %s count, should drop that count with a diagnostic and keep the rest', (_name, bad) => {
    const store = testStore()
    feed(store, run(), finished([{ provider: 'openai', outputTokens: 10, reasoningTokens: bad }]))
    expect(store.getState().runs[0]!.usage).toEqual([{ provider: 'openai', outputTokens: 10 }])
    expect(codes(store)).toEqual(['malformed-field'])
    expect(store.getState().diagnostics[0]!.message).toMatch(/reasoningTokens/)
  })

  it.each([
    ['not an array', { reasoningTokens: 3 }],
    ['a list of non-objects', [3, 'x', null]],
    ['entries with no valid count', [{ provider: 'openai' }, { reasoningTokens: -3 }]],
  ])('given usage that is %s, should record none, report it, and still finish the run', (_name, bad) => {
    const store = testStore()
    feed(store, run(), finished(bad))
    const state = store.getState()
    expect(state.runs[0]!.status).toBe('finished')
    expect(state.runs[0]!.usage).toBeUndefined()
    expect(codes(store).length).toBeGreaterThan(0)
    expect(new Set(codes(store))).toEqual(new Set(['malformed-field']))
  })

  it('given a wrong-typed label, should drop the label and keep the counts', () => {
    const store = testStore()
    feed(store, run(), finished([{ provider: 42, model: 'm', reasoningTokens: 7 }]))
    expect(store.getState().runs[0]!.usage).toEqual([{ model: 'm', reasoningTokens: 7 }])
    expect(codes(store)).toEqual(['malformed-field'])
  })

  it('given unknown keys in an entry, should keep only what TokenUsage names', () => {
    const store = testStore()
    feed(store, run(), finished([{ reasoningTokens: 7, prompt: 'secret text' }]))
    expect(store.getState().runs[0]!.usage).toEqual([{ reasoningTokens: 7 }])
  })

  it('given a hostile usage object, should never throw, and the run still finishes', () => {
    const store = testStore()
    const hostile = [{ get reasoningTokens(): number { throw new Error('boom') } }]
    expect(() => feed(store, run(), finished(hostile))).not.toThrow()
    expect(codes(store)).toEqual(['malformed-field'])
    expect(store.getState().runs[0]).toMatchObject({ status: 'finished' })
    expect(store.getState().runs[0]!.usage).toBeUndefined()
  })
})

describe('reasoning tokens', () => {
  it('given several entries (one per model), should sum the ones that report reasoning tokens', () => {
    expect(getReasoningTokens({ usage: [{ reasoningTokens: 10 }, { outputTokens: 3 }, { reasoningTokens: 5 }] })).toBe(15)
  })

  it('given no usage, or usage without reasoning tokens, should say "not reported", not 0', () => {
    expect(getReasoningTokens({})).toBeUndefined()
    expect(getReasoningTokens(undefined)).toBeUndefined()
    expect(getReasoningTokens({ usage: [{ outputTokens: 3 }] })).toBeUndefined()
    expect(getReasoningTokens({ usage: [{ reasoningTokens: 0 }] })).toBe(0)
  })

  it('given several runs, should select by run id, and default to the latest run', () => {
    const store = testStore()
    feed(store, run('a'), finished([{ reasoningTokens: 1 }], 'a'), run('b'), finished([{ reasoningTokens: 2 }], 'b'))
    expect(selectReasoningTokens(store.getState(), 'a')).toBe(1)
    expect(selectReasoningTokens(store.getState())).toBe(2)
    expect(selectReasoningTokens(store.getState(), 'unknown')).toBeUndefined()
  })
})
