/**
 * UIMessageReasoning / useUIMessageReasoning: an AI SDK `useChat` message rendered
 * with the kit's panels and tool rows, re-rendered with each snapshot a recorded
 * reply goes through (test/fixtures/providers/recorded/ai-sdk-7), on a test clock.
 */
import { act, fireEvent, render, renderHook } from '@testing-library/react'
import type { UIMessage } from 'ai'
import { startTransition, StrictMode, Suspense, use, useState, type ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { formatDuration, ReasoningProvider, UIMessageReasoning, useUIMessageReasoning } from 'reasoning-ui'
import { createUIMessageTracker, type UIMessageLike } from 'reasoning-ui/ai-sdk'
import { messageTrack } from '../../../src/ai-sdk/tracker'
import { messageSnapshots, recordedChunks } from '../../helpers/ui-messages'

function clock(start = 10_000) {
  let t = start
  return { now: () => t, advance: (ms: number) => (t += ms) }
}

const slots = (root: ParentNode, slot: string) => [...root.querySelectorAll(`[data-slot="${slot}"]`)]

describe('UIMessageReasoning', async () => {
  const openai = await messageSnapshots(recordedChunks('openai-reasoning-tool-answer'))

  it('shows the reasoning streaming, then "Thought for …" with the time the client measured, with the tool call after it', () => {
    const c = clock()
    const ui = (message: UIMessage) => (
      <ReasoningProvider now={c.now}>
        <UIMessageReasoning message={message} status="streaming" />
      </ReasoningProvider>
    )
    // The reply's message before its first part, as useChat shows it at the start.
    const { container, rerender } = render(ui({ id: openai[0]!.id, role: 'assistant', parts: [] }))
    const seen: string[] = []
    let firstShown: number | undefined
    let doneAt: number | undefined
    for (const message of openai) {
      c.advance(250)
      rerender(ui(message))
      const panel = container.querySelector('[data-slot="reasoning-panel"]')
      if (!panel) continue
      firstShown ??= c.now()
      const status = container.querySelector('[data-slot="reasoning-status"]')!.textContent!
      if (seen.at(-1) !== status) seen.push(status)
      if (doneAt === undefined && /^Thought/.test(status)) doneAt = c.now()
    }
    expect(seen[0]).toMatch(/^Thinking/)
    const measured = doneAt! - firstShown!
    expect(measured).toBeGreaterThan(1_000)
    const words = `Thought for ${formatDuration(measured, 'en')}`
    expect(words).toMatch(/^Thought for \d+ seconds$/)
    expect(seen.at(-1)).toBe(words)
    // Re-renders long after keep the measured time.
    c.advance(120_000)
    rerender(ui(structuredClone(openai.at(-1)!)))
    expect(container.querySelector('[data-slot="reasoning-status"]')).toHaveTextContent(words)
    const items = slots(container, 'timeline-item').map((li) => li.getAttribute('data-kind'))
    expect(items).toEqual(['reasoning', 'tool-call'])
    expect(container.querySelector('[data-slot="timeline-tool-call"]')).toHaveTextContent('Called calculator')
    // The encrypted content never reaches the DOM.
    expect(container.innerHTML).not.toContain('gAAAA')
  })

  it('renders the other parts in their places with renderPart', () => {
    const message = openai.at(-1)!
    const { container } = render(
      <UIMessageReasoning
        message={message}
        renderPart={(part) => (part.type === 'text' ? <p data-testid="answer">{part.text}</p> : null)}
      />,
    )
    const root = container.querySelector('[data-slot="ui-message-reasoning"]')!
    const order = [...root.children].map((el) => el.getAttribute('data-slot') ?? el.getAttribute('data-testid'))
    expect(order).toEqual(['reasoning-timeline', 'answer'])
    const answer = message.parts.find((p) => p.type === 'text')!
    expect(root.querySelector('[data-testid="answer"]')!.textContent).toBe((answer as { text: string }).text)
    // The answer started: the finished panel is closed.
    expect(root.querySelector('[data-slot="reasoning-panel"]')).toHaveAttribute('data-state', 'closed')
  })

  it('shows redacted thinking as the encrypted-only indicator, one per block, never its data', async () => {
    const message = (await messageSnapshots(recordedChunks('anthropic-redacted-thinking'))).at(-1)!
    const { container, getAllByText } = render(<UIMessageReasoning message={message} />)
    expect(getAllByText('Reasoning hidden by the provider')).toHaveLength(2)
    expect(slots(container, 'reasoning-trigger')).toHaveLength(0)
    expect(container.innerHTML).not.toContain('EqkECkYIBxgC')
  })

  it('shows a stopped reply as stopped, not thinking forever', () => {
    const streaming = openai.find((m) => m.parts.some((p) => p.type === 'reasoning' && p.state === 'streaming' && p.text.length > 0))!
    const { container, rerender } = render(<UIMessageReasoning message={streaming} status="streaming" />)
    expect(container.querySelector('[data-slot="reasoning-panel"]')).toHaveAttribute('data-status', 'streaming')
    rerender(<UIMessageReasoning message={streaming} status="ready" />)
    expect(container.querySelector('[data-slot="reasoning-panel"]')).toHaveAttribute('data-status', 'interrupted')
  })

  it('renders nothing inside for a message without reasoning or tools', () => {
    const { container } = render(<UIMessageReasoning message={{ id: 'u', role: 'user', parts: [{ type: 'text', text: 'hi' }] }} />)
    expect(container.querySelector('[data-slot="ui-message-reasoning"]')!.childElementCount).toBe(0)
  })
})

describe('useUIMessageReasoning', () => {
  it('keeps its tracker across re-renders, and converts again only for a new message object', async () => {
    const snapshots = await messageSnapshots(recordedChunks('anthropic-thinking'))
    const c = clock(0)
    const { result, rerender } = renderHook(({ message }) => useUIMessageReasoning(message), {
      initialProps: { message: snapshots.find((m) => m.parts.some((p) => p.type === 'reasoning'))! },
      wrapper: ({ children }) => <ReasoningProvider now={c.now}>{children}</ReasoningProvider>,
    })
    expect(result.current.blocks[0]).toMatchObject({ status: 'streaming', startedAt: 0 })
    c.advance(7_000)
    const first = result.current
    rerender({ message: snapshots.find((m) => m.parts.some((p) => p.type === 'reasoning'))! })
    expect(result.current).toBe(first)
    rerender({ message: snapshots.at(-1)! })
    expect(result.current.blocks[0]).toMatchObject({ status: 'complete', startedAt: 0, endedAt: 7_000 })
  })

  it('uses a tracker it is given, so times survive a remount', () => {
    const c = clock(0)
    const tracker = createUIMessageTracker({ now: c.now })
    const message = { id: 'm', role: 'assistant', parts: [{ type: 'reasoning', text: 'a', state: 'streaming' }] } as UIMessage
    const first = renderHook(() => useUIMessageReasoning(message, { tracker }))
    first.unmount()
    c.advance(3_000)
    const second = renderHook(() => useUIMessageReasoning(structuredClone(message), { tracker }))
    expect(second.result.current.blocks[0]!.startedAt).toBe(0)
  })
})

/** A reply with one reasoning part in `state`, as useChat holds it. */
const reply = (state: 'streaming' | 'done', extra: unknown[] = []) =>
  ({ id: 'r1', role: 'assistant', parts: [{ type: 'reasoning', id: 'rs', text: 'Comparing the two cities.', state }, ...extra] }) as UIMessage

describe('a stopped reply, then the next request (AI SDK 7 leaves its parts streaming)', () => {
  it.each([['', false], [' (StrictMode)', true]])('keeps it stopped with its duration while status goes ready → submitted → ready%s', (_name, strict) => {
    const c = clock(0)
    const ui = (status: string) => {
      const tree = (
        <ReasoningProvider now={c.now}>
          <UIMessageReasoning message={reply('streaming')} status={status} />
        </ReasoningProvider>
      )
      return strict ? <StrictMode>{tree}</StrictMode> : tree
    }
    const { container, rerender } = render(ui('streaming'))
    const panel = () => container.querySelector('[data-slot="reasoning-panel"]')!
    const words = () => container.querySelector('[data-slot="reasoning-status"]')!.textContent
    c.advance(4_000)
    rerender(ui('ready'))
    expect(panel()).toHaveAttribute('data-status', 'interrupted')
    const stopped = words()
    expect(stopped).toMatch(/4 seconds/)
    c.advance(56_000)
    rerender(ui('submitted'))
    expect(panel()).toHaveAttribute('data-status', 'interrupted')
    expect(words()).toBe(stopped)
    c.advance(5_000)
    rerender(ui('ready'))
    expect(words()).toBe(stopped)
  })
})

describe('recording times', () => {
  it('records nothing from a render React discards (a transition that suspended), so the duration is the committed one', async () => {
    const c = clock(0)
    const tracker = createUIMessageTracker({ now: c.now })
    const never = new Promise<never>(() => {})
    function Suspends(): ReactNode {
      return use(never)
    }
    let set: (next: { message: UIMessage; suspend: boolean }) => void = () => {}
    function App() {
      const [props, setProps] = useState({ message: reply('streaming'), suspend: false })
      set = setProps
      return (
        <Suspense fallback={<p>loading</p>}>
          <UIMessageReasoning message={props.message} status="streaming" tracker={tracker} />
          {props.suspend && <Suspends />}
        </Suspense>
      )
    }
    const { container } = render(<App />)
    const panel = () => container.querySelector('[data-slot="reasoning-panel"]')!
    c.advance(1_000)
    // The transition renders the part done, then suspends: React keeps the old UI and drops that render.
    await act(async () => startTransition(() => set({ message: reply('done'), suspend: true })))
    expect(panel()).toHaveAttribute('data-status', 'streaming')
    c.advance(1_000)
    // An urgent render with what is on screen: still streaming, its start kept.
    act(() => set({ message: reply('streaming'), suspend: false }))
    expect(panel()).toHaveAttribute('data-status', 'streaming')
    c.advance(1_000)
    act(() => set({ message: reply('done'), suspend: false }))
    expect(container.querySelector('[data-slot="reasoning-status"]')).toHaveTextContent(`Thought for ${formatDuration(3_000, 'en')}`)
  })

  it('keeps no converted state in a chat-wide tracker (only part times), and forgets the least recently used messages past 300', () => {
    const tracker = createUIMessageTracker({ now: () => 0 })
    const { unmount } = render(<UIMessageReasoning message={reply('streaming')} status="streaming" tracker={tracker} />)
    unmount()
    expect(messageTrack(tracker, 'r1').track.last).toBeUndefined()
    const hook = (id: string) => renderHook(() => useUIMessageReasoning({ ...reply('streaming'), id } as UIMessageLike, { tracker })).unmount()
    for (let i = 0; i < 300; i++) hook(`m${i}`)
    expect(tracker.size).toBe(300)
    expect(messageTrack(tracker, 'm299').track.parts.size).toBe(1)
    // 'r1' was used least recently: the 300 others pushed it out.
    expect(messageTrack(tracker, 'r1').track.parts.size).toBe(0)
  })
})

describe('UIMessageReasoning with renderPart', () => {
  it('keeps a panel (its element and the open state the user chose) when a tool part is appended after it', () => {
    const render1 = render(<UIMessageReasoning message={reply('done')} renderPart={() => null} animationDuration={0} />)
    const panel = render1.container.querySelector('[data-slot="reasoning-panel"]')!
    const before = panel.getAttribute('data-state')
    fireEvent.click(render1.container.querySelector('[data-slot="reasoning-trigger"]')!)
    const chosen = panel.getAttribute('data-state')
    expect(chosen).not.toBe(before)
    const tool = { type: 'tool-weather', toolCallId: 'c1', state: 'input-streaming' }
    render1.rerender(<UIMessageReasoning message={reply('done', [tool])} renderPart={() => null} animationDuration={0} />)
    expect(render1.container.querySelector('[data-slot="timeline-tool-call"]')).not.toBeNull()
    expect(render1.container.querySelector('[data-slot="reasoning-panel"]')).toBe(panel)
    expect(panel).toHaveAttribute('data-state', chosen!)
  })
})
