/**
 * Headings of a streaming reasoning part are read incrementally: each conversion
 * scans only the complete lines that arrived since the last one (with the same
 * tracker), not the whole text again, so a long part costs what it adds, as
 * the core's reducer does with deltas. Measured as the text handed to the
 * heading scanner (a spy around src/core/headings), not as time.
 */
import { describe, expect, it, vi } from 'vitest'
import { createUIMessageTracker, uiMessageToReasoning, type UIMessageLike } from 'reasoning-ui/ai-sdk'
import type * as Headings from '../../src/core/headings'

const scanned = vi.hoisted(() => ({ chars: 0 }))
vi.mock('../../src/core/headings', async (importOriginal) => {
  const original = await importOriginal<typeof Headings>()
  return {
    ...original,
    headingsOf: (text: string) => {
      scanned.chars += text.length
      return original.headingsOf(text)
    },
  }
})

const message = (text: string, state: 'streaming' | 'done'): UIMessageLike =>
  ({ id: 'm', role: 'assistant', parts: [{ type: 'reasoning', text, state }] }) as never

describe('headings of a streamed reasoning part', () => {
  it('scan each line about once over the whole stream, and equal a scan of the whole text', () => {
    const tracker = createUIMessageTracker({ now: () => 0 })
    const lines = Array.from({ length: 400 }, (_, i) => (i % 40 === 0 ? `**Step ${i / 40}**` : `Line ${i} of the reasoning, long enough to matter.`))
    const full = lines.join('\n')
    scanned.chars = 0
    // Streamed in chunks of 37 characters, a conversion per chunk (as useChat re-renders).
    for (let end = 0; end < full.length; end += 37) uiMessageToReasoning(message(full.slice(0, end), 'streaming'), { tracker })
    const last = uiMessageToReasoning(message(full, 'done'), { tracker })
    const headings = last.blocks[0]!.messages[0]!.headings
    expect(headings).toEqual(Array.from({ length: 10 }, (_, i) => `Step ${i}`))
    // Every character once (plus the last line when the part ended), not once per conversion.
    expect(scanned.chars).toBeLessThanOrEqual(full.length * 2)
  })

  it('scan the whole text again when it is not a continuation of the last one', () => {
    const tracker = createUIMessageTracker({ now: () => 0 })
    uiMessageToReasoning(message('**One**\nmore\n', 'streaming'), { tracker })
    const state = uiMessageToReasoning(message('**Two**\nother\n', 'streaming'), { tracker })
    expect(state.blocks[0]!.messages[0]!.headings).toEqual(['Two'])
  })
})
