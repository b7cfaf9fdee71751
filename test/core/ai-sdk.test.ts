/**
 * reasoning-ui/ai-sdk: AI SDK UI messages → blocks and timeline. The messages are
 * the snapshots `readUIMessageStream` of `ai` 7 (what `useChat` runs) makes while
 * a recorded reply streams (test/fixtures/providers/recorded/ai-sdk-7, produced by
 * the real provider packages from recorded API streams), plus project-written ones.
 */
import type { UIMessage, UIMessageChunk } from 'ai'
import { describe, expect, it } from 'vitest'
import {
  ANTHROPIC_REDACTED_THINKING,
  createUIMessageTracker,
  OPENAI_ENCRYPTED_CONTENT,
  uiMessageToReasoning,
  type UIMessageLike,
  type UIMessageReasoningState,
} from 'reasoning-ui/ai-sdk'
import { getBlockDuration, isEncryptedOnly, selectAnsweredBlockIds } from 'reasoning-ui/core'
import { messageSnapshots, recordedChunks, writtenChunks } from '../helpers/ui-messages'

/** A clock the test moves. */
function clock(start = 1_000) {
  let t = start
  return { now: () => t, advance: (ms: number) => (t += ms) }
}

/** Converts every snapshot with one tracker, the clock one second further each time; returns each state and its time. */
function convertAll(snapshots: readonly UIMessage[], options: { status?: string } = {}) {
  const c = clock()
  const tracker = createUIMessageTracker({ now: c.now })
  return snapshots.map((message) => {
    c.advance(1_000)
    return { at: c.now(), state: uiMessageToReasoning(message, { tracker, ...options }) }
  })
}

/** The reasoning text the chunks streamed for part `id`, joined: the oracle for what the block must hold. */
const streamedText = (chunks: readonly UIMessageChunk[], id: string) =>
  chunks.flatMap((c) => (c.type === 'reasoning-delta' && c.id === id ? [c.delta] : [])).join('')

const kinds = (state: UIMessageReasoningState) => state.timeline.map((e) => e.kind)

describe('OpenAI Responses (recorded): reasoning summary with encrypted content, a tool call, the answer', async () => {
  const chunks = recordedChunks('openai-reasoning-tool-answer')
  const snapshots = await messageSnapshots(chunks)
  const states = convertAll(snapshots)
  const start = chunks.find((c) => c.type === 'reasoning-start')!
  const end = chunks.find((c) => c.type === 'reasoning-end')!
  if (start.type !== 'reasoning-start' || end.type !== 'reasoning-end') throw new Error('fixture has no reasoning')
  const itemId = start.providerMetadata!.openai!.itemId as string
  const text = streamedText(chunks, start.id)

  it('streams the summary as one block, then completes it with the final encrypted content', () => {
    const streaming = states.filter(({ state }) => state.blocks[0]?.status === 'streaming')
    expect(streaming.length).toBeGreaterThan(3)
    // Text only grows while it streams, and is always a prefix of what was sent.
    let previous = ''
    for (const { state } of streaming) {
      const shown = state.blocks[0]!.messages[0]!.text
      expect(text.startsWith(shown)).toBe(true)
      expect(shown.length).toBeGreaterThanOrEqual(previous.length)
      previous = shown
    }
    const done = states.find(({ state }) => state.blocks[0]?.status === 'complete')!.state
    const block = done.blocks[0]!
    expect(block.id).toBe(itemId)
    expect(block.messages.map((m) => [m.kind, m.text])).toEqual([['summary', text]])
    expect(block.encryptedValue).toBe(end.providerMetadata!.openai!.reasoningEncryptedContent)
    expect(block.encryptedValueType).toBe(OPENAI_ENCRYPTED_CONTENT)
    expect(block.encrypted).toBe(true)
    expect(isEncryptedOnly(block)).toBe(false)
    // The summary's bold first line is its title.
    expect(block.title).toBe(text.split('\n')[0]!.replace(/\*\*/g, ''))
  })

  it('measures the block from the first snapshot that showed it to the first that showed it done', () => {
    const first = states.find(({ state }) => state.blocks.length > 0)!
    const done = states.find(({ state }) => state.blocks[0]?.status === 'complete')!
    const block = done.state.blocks[0]!
    expect(block.startedAt).toBe(first.at)
    expect(block.endedAt).toBe(done.at)
    expect(getBlockDuration(block)).toBe(done.at - first.at)
    // Later snapshots keep the times, and the very object.
    const last = states[states.length - 1]!.state
    expect(last.blocks[0]).toBe(block)
  })

  it('orders reasoning, the tool call and the answer as the parts are, and maps every part', () => {
    const last = states[states.length - 1]!.state
    const message = snapshots[snapshots.length - 1]!
    expect(kinds(last)).toEqual(['reasoning', 'tool-call', 'text'])
    const call = last.timeline[1]!
    const toolPart = message.parts.find((p) => p.type === 'tool-calculator')!
    expect(call).toMatchObject({ kind: 'tool-call', name: 'calculator', status: 'complete', id: (toolPart as { toolCallId: string }).toolCallId })
    expect(message.parts.map((p, i) => [p.type, last.parts[i]?.kind])).toEqual(
      message.parts.map((p) => [p.type, p.type === 'reasoning' ? 'reasoning' : p.type === 'text' ? 'text' : p.type.startsWith('tool-') ? 'tool-call' : undefined]),
    )
    expect(last.diagnostics).toEqual([])
    // The answer started after the reasoning: its panel may collapse.
    expect(selectAnsweredBlockIds(last).has(itemId)).toBe(true)
  })

  it('shows the tool call running until its output arrives', () => {
    const statuses = states.flatMap(({ state }) => state.timeline.filter((e) => e.kind === 'tool-call').map((e) => e.status))
    expect(statuses[0]).toBe('streaming')
    expect(statuses[statuses.length - 1]).toBe('complete')
  })

  it('gives the same state object back when nothing changed', () => {
    const tracker = createUIMessageTracker({ now: () => 5 })
    const message = snapshots[snapshots.length - 1]!
    const a = uiMessageToReasoning(message, { tracker })
    const b = uiMessageToReasoning(structuredClone(message), { tracker })
    expect(b).toBe(a)
  })
})

describe('Anthropic (recorded)', () => {
  it('thinking with its signature: a text block, signed, not encrypted', async () => {
    const chunks = recordedChunks('anthropic-thinking')
    const states = convertAll(await messageSnapshots(chunks))
    const last = states[states.length - 1]!.state
    expect(kinds(last)).toEqual(['reasoning', 'text'])
    const block = last.blocks[0]!
    const signature = chunks.flatMap((c) => (c.type === 'reasoning-delta' && c.providerMetadata?.anthropic?.signature ? [c.providerMetadata.anthropic.signature] : []))[0]
    expect(signature).toEqual(expect.any(String))
    expect(block.messages).toHaveLength(1)
    expect(block.messages[0]).toMatchObject({ kind: 'text', text: streamedText(chunks, '0'), status: 'complete', meta: { signature } })
    expect(block.encrypted).toBe(false)
    expect(getBlockDuration(block)).toBeGreaterThan(0)
  })

  it('redacted thinking: encrypted-only blocks that keep the data, no text', async () => {
    const chunks = recordedChunks('anthropic-redacted-thinking')
    const snapshots = await messageSnapshots(chunks)
    const last = convertAll(snapshots).at(-1)!.state
    const redacted = chunks.flatMap((c) => (c.type === 'reasoning-start' ? [c.providerMetadata?.anthropic?.redactedData] : []))
    expect(redacted).toHaveLength(2)
    expect(kinds(last)).toEqual(['reasoning', 'reasoning', 'text'])
    expect(last.blocks.map((b) => [isEncryptedOnly(b), b.encryptedValue, b.encryptedValueType, b.messages.length])).toEqual(
      redacted.map((data) => [true, data, ANTHROPIC_REDACTED_THINKING, 0]),
    )
  })
})

describe('multiple reasoning parts (project fixtures, AI SDK 5/6 stream format)', () => {
  it('OpenAI: the summary parts of one item are one block; a second item after the tool is another', async () => {
    const chunks = writtenChunks('openai-agentic-reasoning-tool-reasoning')
    const last = convertAll(await messageSnapshots(chunks)).at(-1)!.state
    expect(kinds(last)).toEqual(['reasoning', 'tool-call', 'reasoning', 'text'])
    const [first, second] = last.blocks
    const starts = chunks.filter((c) => c.type === 'reasoning-start')
    expect(first!.messages.map((m) => m.text)).toEqual(starts.slice(0, 2).map((c) => streamedText(chunks, (c as { id: string }).id)))
    expect(second!.messages).toHaveLength(1)
    expect(first!.id).not.toBe(second!.id)
  })

  it('Anthropic interleaved thinking: part ids reused by the second step still make two blocks with their own times', async () => {
    const chunks = writtenChunks('anthropic-interleaved-tools')
    const states = convertAll(await messageSnapshots(chunks))
    const last = states.at(-1)!.state
    expect(kinds(last)).toEqual(['reasoning', 'tool-call', 'reasoning', 'text'])
    const [a, b] = last.blocks
    expect(a!.endedAt).toBeLessThanOrEqual(b!.startedAt!)
    expect(a!.messages[0]!.text).not.toBe(b!.messages[0]!.text)
  })
})

describe('the tracker', () => {
  const streaming: UIMessageLike = { id: 'm', role: 'assistant', parts: [{ type: 'reasoning', text: 'Hmm', state: 'streaming' } as never] }
  const done: UIMessageLike = { id: 'm', role: 'assistant', parts: [{ type: 'reasoning', text: 'Hmm, yes.', state: 'done' } as never] }

  it('keeps times across re-renders, re-conversions and new message objects', () => {
    const c = clock(0)
    const tracker = createUIMessageTracker({ now: c.now })
    expect(uiMessageToReasoning(streaming, { tracker }).blocks[0]!.startedAt).toBe(0)
    c.advance(2_500)
    expect(uiMessageToReasoning(structuredClone(streaming), { tracker }).blocks[0]!.startedAt).toBe(0)
    c.advance(500)
    const ended = uiMessageToReasoning(done, { tracker }).blocks[0]!
    c.advance(60_000)
    const again = uiMessageToReasoning(structuredClone(done), { tracker }).blocks[0]!
    expect([ended.startedAt, ended.endedAt, getBlockDuration(again)]).toEqual([0, 3_000, 3_000])
  })

  it('gives no times to a part first seen done (a stored message), and none without a tracker', () => {
    const tracker = createUIMessageTracker({ now: () => 42 })
    const block = uiMessageToReasoning(done, { tracker }).blocks[0]!
    expect([block.status, block.startedAt, block.endedAt]).toEqual(['complete', undefined, undefined])
    const pure = uiMessageToReasoning(streaming).blocks[0]!
    expect([pure.status, pure.startedAt]).toEqual(['streaming', undefined])
  })

  it('keeps messages apart and forgets one on request', () => {
    const c = clock(0)
    const tracker = createUIMessageTracker({ now: c.now })
    uiMessageToReasoning(streaming, { tracker })
    c.advance(1_000)
    expect(uiMessageToReasoning({ ...streaming, id: 'other' }, { tracker }).blocks[0]!.startedAt).toBe(1_000)
    expect(tracker.size).toBe(2)
    tracker.forget('m')
    expect(tracker.size).toBe(1)
    expect(uiMessageToReasoning(streaming, { tracker }).blocks[0]!.startedAt).toBe(1_000)
  })

  it('starts a part again when a reset step replaced it with another at the same place', () => {
    const c = clock(0)
    const tracker = createUIMessageTracker({ now: c.now })
    const part = (id: string, state: string) => ({ id: 'm', role: 'assistant', parts: [{ type: 'reasoning', id, text: 'x', state } as never] })
    uiMessageToReasoning(part('a', 'streaming'), { tracker })
    c.advance(1_000)
    uiMessageToReasoning(part('a', 'done'), { tracker })
    c.advance(1_000)
    expect(uiMessageToReasoning(part('b', 'streaming'), { tracker }).blocks[0]!.startedAt).toBe(2_000)
  })
})

describe('a stopped or failed chat', () => {
  const message: UIMessageLike = {
    id: 'm',
    role: 'assistant',
    parts: [
      { type: 'reasoning', text: 'Working it out', state: 'streaming' },
      { type: 'tool-search', toolCallId: 'c1', state: 'input-streaming' },
      { type: 'tool-lookup', toolCallId: 'c2', state: 'input-available', input: {} },
    ] as never,
  }

  it('ends parts still streaming as stopped once the chat is ready, keeping their text', () => {
    const c = clock(0)
    const tracker = createUIMessageTracker({ now: c.now })
    uiMessageToReasoning(message, { tracker, status: 'streaming' })
    c.advance(4_000)
    const state = uiMessageToReasoning(message, { tracker, status: 'ready' })
    expect(state.blocks[0]).toMatchObject({ status: 'interrupted', endReason: 'stopped', startedAt: 0, endedAt: 4_000 })
    expect(state.blocks[0]!.messages[0]!.text).toBe('Working it out')
    // Input cut off did not finish, nor did a call whose input was complete (its run was stopped).
    expect(state.timeline.slice(1).map((e) => (e.kind === 'tool-call' ? e.status : e.kind))).toEqual(['interrupted', 'interrupted'])
  })

  it('shows a complete input running while the chat is live, and an approval asked for whatever the status', () => {
    const toolStatuses = (state: UIMessageReasoningState) => state.timeline.flatMap((e) => (e.kind === 'tool-call' ? [e.status] : []))
    expect(toolStatuses(uiMessageToReasoning(message, { status: 'streaming' }))).toEqual(['streaming', 'streaming'])
    const asking: UIMessageLike = { id: 'm', role: 'assistant', parts: [{ type: 'tool-pay', toolCallId: 'c3', state: 'approval-requested', input: {} }] as never }
    expect(toolStatuses(uiMessageToReasoning(asking, { status: 'ready' }))).toEqual(['streaming'])
  })

  // AI SDK 7 leaves a stopped reply's parts at state 'streaming' (only the chat's status changes);
  // the next request makes the status live again while that message's parts are as they were.
  it('keeps a stopped reply ended, with its duration, when the next request starts (ready → submitted → ready)', () => {
    const c = clock(0)
    const tracker = createUIMessageTracker({ now: c.now })
    uiMessageToReasoning(message, { tracker, status: 'streaming' })
    c.advance(4_000)
    const stopped = uiMessageToReasoning(message, { tracker, status: 'ready' })
    const ended = { status: 'interrupted', endReason: 'stopped', startedAt: 0, endedAt: 4_000 }
    expect(stopped.blocks[0]).toMatchObject(ended)
    c.advance(56_000)
    const next = uiMessageToReasoning(structuredClone(message), { tracker, status: 'submitted' })
    expect(next.blocks[0]).toMatchObject(ended)
    expect(next.timeline.map((e) => (e.kind === 'tool-call' ? e.status : e.kind))).toEqual(['reasoning', 'interrupted', 'interrupted'])
    c.advance(5_000)
    const after = uiMessageToReasoning(structuredClone(message), { tracker, status: 'ready' })
    expect(after.blocks[0]).toMatchObject(ended)
    expect(getBlockDuration(after.blocks[0]!)).toBe(4_000)
  })

  it('keeps a failed reply failed when the next request starts', () => {
    const tracker = createUIMessageTracker({ now: () => 0 })
    uiMessageToReasoning(message, { tracker, status: 'streaming' })
    uiMessageToReasoning(message, { tracker, status: 'error' })
    expect(uiMessageToReasoning(message, { tracker, status: 'submitted' }).blocks[0]).toMatchObject({ status: 'interrupted', endReason: 'failed' })
  })

  it('keeps a stopped reply of a stored conversation (first seen ended) ended when the next request starts', () => {
    const tracker = createUIMessageTracker({ now: () => 0 })
    uiMessageToReasoning(message, { tracker, status: 'ready' })
    const next = uiMessageToReasoning(message, { tracker, status: 'submitted' })
    expect(next.blocks[0]).toMatchObject({ status: 'interrupted', endReason: 'stopped' })
    expect(next.blocks[0]!.startedAt).toBeUndefined()
  })

  it('streams an ended part again when more of it arrives', () => {
    const c = clock(0)
    const tracker = createUIMessageTracker({ now: c.now })
    const reply = (text: string): UIMessageLike => ({ id: 'm', role: 'assistant', parts: [{ type: 'reasoning', text, state: 'streaming' }] as never })
    uiMessageToReasoning(reply('a'), { tracker, status: 'streaming' })
    c.advance(1_000)
    uiMessageToReasoning(reply('a'), { tracker, status: 'ready' })
    c.advance(1_000)
    expect(uiMessageToReasoning(reply('a, then b'), { tracker, status: 'streaming' }).blocks[0]).toMatchObject({ status: 'streaming', startedAt: 2_000 })
  })

  it('ends them as failed when the chat errored', () => {
    expect(uiMessageToReasoning(message, { status: 'error' }).blocks[0]).toMatchObject({ status: 'interrupted', endReason: 'failed' })
  })

  it('trusts the parts while the chat streams', () => {
    expect(uiMessageToReasoning(message, { status: 'streaming' }).blocks[0]!.status).toBe('streaming')
  })
})

describe('encrypted-only', () => {
  it('an OpenAI reasoning item without a summary: streaming empty, then the lock once the encrypted content came', async () => {
    const snapshots = await messageSnapshots(writtenChunks('openai-encrypted-reasoning'))
    const states = convertAll(snapshots).map(({ state }) => state)
    const streaming = states.find((s) => s.blocks[0]?.status === 'streaming')!
    expect(isEncryptedOnly(streaming.blocks[0]!)).toBe(false)
    const last = states.at(-1)!
    expect(isEncryptedOnly(last.blocks[0]!)).toBe(true)
    expect(last.blocks[0]!.encryptedValueType).toBe(OPENAI_ENCRYPTED_CONTENT)
  })

  it('an OpenAI item with neither summary nor encrypted content is an empty, unencrypted block', () => {
    const state = uiMessageToReasoning({
      id: 'm', role: 'assistant',
      parts: [{ type: 'reasoning', text: '', state: 'done', providerMetadata: { openai: { itemId: 'rs_1', reasoningEncryptedContent: null } } } as never],
    })
    expect(state.blocks[0]).toMatchObject({ id: 'rs_1', encrypted: false, messages: [{ text: '', kind: 'summary' }] })
  })
})

describe('hostile input', () => {
  const throwing = new Proxy({}, { get() { throw new Error('trap') }, ownKeys() { throw new Error('trap') } })

  it.each([
    ['null', null],
    ['a string', 'message'],
    ['parts not an array', { id: 'm', role: 'assistant', parts: 'reasoning' }],
    ['a trapping proxy', throwing],
    ['parts a trapping proxy', { id: 'm', role: 'assistant', parts: throwing }],
  ])('a message that is %s: empty state and a diagnostic, no exception', (_name, message) => {
    const state = uiMessageToReasoning(message as never)
    expect([state.blocks, state.timeline]).toEqual([[], []])
    expect(state.diagnostics.length).toBeGreaterThan(0)
  })

  it('skips bad parts with a diagnostic each and keeps every text that is a string', () => {
    const parts = [
      null,
      42,
      { type: 7 },
      throwing,
      { type: 'reasoning', text: 'kept **one**', state: 'sometimes', providerMetadata: throwing },
      { type: 'reasoning', text: { toString: () => 'x' }, state: 'done' },
      { type: 'reasoning', text: 'kept two', state: 'done', providerMetadata: { openai: 'nope', anthropic: { signature: 5, redactedData: '' } } },
      { type: 'tool-', state: 'output-available' },
      { type: 'dynamic-tool', toolName: '', toolCallId: 'd1', state: 'exploded' },
      { type: '__proto__', text: 'x' },
      { type: 'toString' },
      { type: 'data-weather', data: { t: 3 } },
      { type: 'text', text: 'the answer', state: 'done' },
    ]
    const state = uiMessageToReasoning({ id: 'm', role: 'assistant', parts } as never)
    const texts = state.blocks.flatMap((b) => b.messages.map((m) => m.text))
    expect(texts).toContain('kept **one**')
    expect(texts).toContain('kept two')
    expect(texts).toContain('') // the non-string text, read as empty
    // Unreadable metadata is left out with a diagnostic; the part's text stays.
    expect(state.diagnostics.map((d) => d.eventIndex)).toEqual(expect.arrayContaining([0, 1, 2, 3, 4, 5, 7, 8]))
    expect(state.diagnostics.filter((d) => d.eventIndex >= 9)).toEqual([])
    expect(state.timeline.map((e) => e.kind)).toEqual(['reasoning', 'reasoning', 'reasoning', 'tool-call', 'tool-call', 'text'])
    expect(state.timeline.filter((e) => e.kind === 'tool-call').map((e) => (e as { name: string }).name)).toEqual(['tool', 'tool'])
    expect(Object.prototype).not.toHaveProperty('x')
  })

  it('duplicate tool call ids stay two rows', () => {
    const part = { type: 'tool-search', toolCallId: 'same', state: 'output-available', input: {}, output: 1 }
    const state = uiMessageToReasoning({ id: 'm', role: 'assistant', parts: [part, part] } as never)
    expect(new Set(state.timeline.map((e) => e.id)).size).toBe(2)
  })
})

describe('identity', () => {
  it('keeps a finished message of a block while the next part of the same item streams', () => {
    const tracker = createUIMessageTracker({ now: () => 0 })
    const meta = { openai: { itemId: 'rs_1' } }
    const message = (second: string, state: string): UIMessageLike => ({
      id: 'm', role: 'assistant',
      parts: [
        { type: 'reasoning', text: '**One**\n\nfirst', state: 'done', providerMetadata: meta },
        { type: 'reasoning', text: second, state, providerMetadata: meta },
      ] as never,
    })
    const a = uiMessageToReasoning(message('**Two**', 'streaming'), { tracker })
    const b = uiMessageToReasoning(message('**Two**\n\nmore', 'streaming'), { tracker })
    expect(b.blocks[0]).not.toBe(a.blocks[0])
    expect(b.blocks[0]!.messages[0]).toBe(a.blocks[0]!.messages[0])
    expect(b.blocks[0]!.messages[1]!.text).toBe('**Two**\n\nmore')
    // Headings of a streaming part count from complete lines only; the block's title is the first.
    expect([a.blocks[0]!.messages[1]!.headings, b.blocks[0]!.messages[1]!.headings, b.blocks[0]!.title]).toEqual([[], ['Two'], 'One'])
  })
})
