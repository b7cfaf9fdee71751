import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createReasoningStore, selectStreamStatus, toReasoningMessages } from '../../src/core/index'

/** A reasoning stream recorded from gpt-5-mini (test/fixtures/ag-ui-recorded, see SOURCE.md). */
const events: { type: string; delta?: string }[] = JSON.parse(
  readFileSync(join(import.meta.dirname, '../fixtures/ag-ui-recorded/gpt-5-mini-reasoning-then-answer.server.json'), 'utf8'),
)

describe('the recorded gpt-5-mini stream', () => {
  it('given the whole stream, should give one complete block with the exact text and the summary title', () => {
    const store = createReasoningStore({ flush: 'sync' })
    for (const event of events) store.dispatch(event)
    const { blocks, diagnostics, timeline } = store.getState()
    const expectedText = events.filter((e) => e.type === 'REASONING_MESSAGE_CONTENT').map((e) => e.delta).join('')
    expect(blocks).toHaveLength(1)
    expect(blocks[0]).toMatchObject({ id: 'msg_Id_2', status: 'complete', title: 'Solving the heads/legs problem', runId: 'run_Id_1' })
    expect(blocks[0]!.messages).toHaveLength(1)
    expect(blocks[0]!.messages[0]!.text).toBe(expectedText)
    expect(expectedText.startsWith('**Solving the heads/legs problem**\n\nI need to solve')).toBe(true)
    expect(diagnostics).toEqual([])
    expect(timeline.map((e) => [e.kind, e.id])).toEqual([['reasoning', 'msg_Id_2'], ['text', 'msg_Id_1']])
    expect(selectStreamStatus(store.getState())).toBe('complete')
    expect(toReasoningMessages(store.getState())).toMatchObject([{ id: 'msg_Id_2', role: 'reasoning', content: expectedText }])
  })

  it('given the stream cut after the reasoning deltas, should be reasoning, then answering, then complete', () => {
    const store = createReasoningStore({ flush: 'sync' })
    const firstText = events.findIndex((e) => e.type === 'TEXT_MESSAGE_START')
    events.slice(0, 50).forEach((e) => store.dispatch(e))
    expect(selectStreamStatus(store.getState())).toBe('reasoning')
    events.slice(50, firstText + 2).forEach((e) => store.dispatch(e))
    expect(selectStreamStatus(store.getState())).toBe('answering')
    events.slice(firstText + 2).forEach((e) => store.dispatch(e))
    expect(selectStreamStatus(store.getState())).toBe('complete')
  })
})
