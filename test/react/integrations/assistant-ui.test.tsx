import { act, render } from '@testing-library/react'
import { startTransition, StrictMode, Suspense, use, useState, type ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AssistantUiReasoning, ReasoningProvider, type AssistantUiReasoningProps } from 'reasoning-ui'

/** A part as assistant-ui hands it to the `Reasoning` component (with the fields we ignore). */
const part = (extra: Partial<AssistantUiReasoningProps> & Record<string, unknown> = {}) =>
  ({ type: 'reasoning', text: '', parentId: 'p1', ...extra }) as AssistantUiReasoningProps

const running = { type: 'running' } as const
const complete = { type: 'complete' } as const

function renderPart(initial: AssistantUiReasoningProps, { strict = false } = {}) {
  const clock = { now: 1_000_000 }
  const ui = (props: AssistantUiReasoningProps) => {
    const tree = (
      <ReasoningProvider now={() => clock.now}>
        <AssistantUiReasoning {...props} animationDuration={0} />
      </ReasoningProvider>
    )
    return strict ? <StrictMode>{tree}</StrictMode> : tree
  }
  const result = render(ui(initial))
  return {
    clock,
    update: (props: AssistantUiReasoningProps) => result.rerender(ui(props)),
    panel: () => result.container.querySelector<HTMLElement>('[data-slot="reasoning-panel"]')!,
    status: () => result.container.querySelector('[data-slot="reasoning-status"]')?.textContent,
    container: result.container,
  }
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
})
afterEach(() => {
  vi.useRealTimers()
})

describe('AssistantUiReasoning', () => {
  it('given a running part, should show an open streaming panel with its text', () => {
    const { panel, status } = renderPart(part({ text: 'Checking the units first.', status: running }))
    expect(panel()).toHaveAttribute('data-status', 'streaming')
    expect(panel()).toHaveAttribute('data-state', 'open')
    expect(panel()).toHaveTextContent('Checking the units first.')
    expect(status()).toBe('Thinking…')
  })

  it('given a part that streamed 12 s on the clock, should say so once it completes, and keep it across re-renders', () => {
    const { clock, update, panel, status } = renderPart(part({ text: 'First', status: running }))
    clock.now += 5_000
    update(part({ text: 'First, then more', status: running }))
    clock.now += 7_000
    update(part({ text: 'First, then more.', status: complete }))
    expect(panel()).toHaveAttribute('data-status', 'complete')
    expect(status()).toBe('Thought for 12 seconds')
    // Later renders (the answer streaming after it) do not move the end.
    clock.now += 30_000
    update(part({ text: 'First, then more.', status: complete }))
    expect(status()).toBe('Thought for 12 seconds')
  })

  it('given StrictMode, should time from the first render that saw it streaming', () => {
    const { clock, update, status } = renderPart(part({ text: 'a', status: running }), { strict: true })
    clock.now += 3_000
    update(part({ text: 'ab', status: complete }))
    expect(status()).toBe('Thought for 3 seconds')
  })

  it('given a render React discards (a transition that suspended), should record nothing from it', async () => {
    const clock = { now: 0 }
    const never = new Promise<never>(() => {})
    function Suspends(): ReactNode {
      return use(never)
    }
    let set: (next: { props: AssistantUiReasoningProps; suspend: boolean }) => void = () => {}
    function App() {
      const [state, setState] = useState({ props: part({ text: 'a', status: running }), suspend: false })
      set = setState
      return (
        <ReasoningProvider now={() => clock.now}>
          <Suspense fallback={<p>loading</p>}>
            <AssistantUiReasoning {...state.props} animationDuration={0} />
            {state.suspend && <Suspends />}
          </Suspense>
        </ReasoningProvider>
      )
    }
    const { container } = render(<App />)
    const panel = () => container.querySelector('[data-slot="reasoning-panel"]')!
    clock.now += 1_000
    // The transition renders the part complete, then suspends: React drops that render.
    await act(async () => startTransition(() => set({ props: part({ text: 'ab', status: complete }), suspend: true })))
    clock.now += 1_000
    act(() => set({ props: part({ text: 'ab', status: running }), suspend: false }))
    expect(panel()).toHaveAttribute('data-status', 'streaming')
    clock.now += 1_000
    act(() => set({ props: part({ text: 'ab', status: complete }), suspend: false }))
    expect(container.querySelector('[data-slot="reasoning-status"]')).toHaveTextContent('Thought for 3 seconds')
  })

  it('given a part first seen complete (history), should show it ended without a made-up duration', () => {
    const { panel, status } = renderPart(part({ text: 'Stored reasoning.', status: complete }))
    expect(panel()).toHaveAttribute('data-status', 'complete')
    expect(status()).not.toMatch(/\d/)
    expect(status()).toMatch(/^Thought/)
  })

  it('given requires-action (a tool waits after the reasoning), should show the reasoning complete', () => {
    const { clock, update, panel, status } = renderPart(part({ text: 'I need the weather.', status: running }))
    clock.now += 2_000
    update(part({ text: 'I need the weather.', status: { type: 'requires-action', reason: 'tool-calls' } }))
    expect(panel()).toHaveAttribute('data-status', 'complete')
    expect(status()).toBe('Thought for 2 seconds')
  })

  it('given no status, should treat the part as complete', () => {
    const { panel } = renderPart(part({ text: 'Done.' }))
    expect(panel()).toHaveAttribute('data-status', 'complete')
  })

  it.each([
    ['cancelled', 'stopped'],
    ['length', 'cut-short'],
    ['content-filter', 'cut-short'],
    ['error', 'failed'],
  ])('given an incomplete part (%s), should show it interrupted (%s) with its text kept', (reason, endReason) => {
    const { update, panel } = renderPart(part({ text: 'Half a thought', status: running }))
    update(part({ text: 'Half a thought', status: { type: 'incomplete', reason } }))
    expect(panel()).toHaveAttribute('data-status', 'interrupted')
    expect(panel()).toHaveAttribute('data-end-reason', endReason)
    expect(panel()).toHaveTextContent('Half a thought')
  })

  it('given OpenAI encrypted reasoning with no text, should show the encrypted-only indicator and never the value', () => {
    const secret = 'gAAAA-encrypted-blob'
    const { panel, container } = renderPart(
      part({ text: '', status: complete, providerMetadata: { openai: { itemId: 'rs_1', reasoningEncryptedContent: secret } } }),
    )
    expect(panel()).toHaveAttribute('data-encrypted-only', '')
    expect(panel()).not.toHaveAttribute('data-expandable')
    expect(container.innerHTML).not.toContain(secret)
  })

  it('given an OpenAI part that opened with its encrypted content and no summary yet, should show Thinking…, not the lock, until it ends', () => {
    const providerMetadata = { openai: { itemId: 'rs_1', reasoningEncryptedContent: 'gAAAA-start' } }
    const { update, panel, status } = renderPart(part({ text: '', status: running, providerMetadata }))
    expect(panel()).not.toHaveAttribute('data-encrypted-only')
    expect(status()).toBe('Thinking…')
    update(part({ text: '**Comparing**\n\nOslo is colder.', status: running, providerMetadata }))
    expect(panel()).toHaveTextContent('Oslo is colder.')
    // Ended without a summary: the lock.
    const { panel: other } = renderPart(part({ text: '', status: complete, providerMetadata }))
    expect(other()).toHaveAttribute('data-encrypted-only', '')
  })

  it('given Anthropic redacted thinking, should show it encrypted-only', () => {
    const { panel } = renderPart(part({ text: '', status: complete, providerMetadata: { anthropic: { redactedData: 'EmwKAhgB' } } }))
    expect(panel()).toHaveAttribute('data-encrypted-only', '')
  })

  it('given an Anthropic signature only, should show the text as usual (a signature hides nothing)', () => {
    const { panel } = renderPart(part({ text: 'Visible thinking', status: complete, providerMetadata: { anthropic: { signature: 'sig' } } }))
    expect(panel()).not.toHaveAttribute('data-encrypted')
    expect(panel()).toHaveAttribute('data-expandable', '')
  })

  it('given an empty running part, should show Thinking… with nothing to open', () => {
    const { panel, status } = renderPart(part({ text: '', status: running }))
    expect(status()).toBe('Thinking…')
    expect(panel()).not.toHaveAttribute('data-expandable')
  })

  it('given a summary and summary visibility, should show the summary and not the raw text', () => {
    const { panel } = renderPart(part({ text: 'raw chain of thought', unstable_summary: 'Compared both options.', status: complete, visibility: 'summary', openPolicy: 'stay-open' }))
    expect(panel()).toHaveTextContent('Compared both options.')
    expect(panel()).not.toHaveTextContent('raw chain of thought')
  })

  it('given markup in the text, should render it as text, not HTML', () => {
    const { container } = renderPart(part({ text: '<img src=x onerror=alert(1)>', status: running }))
    expect(container.querySelector('img')).toBeNull()
    expect(container).toHaveTextContent('<img src=x onerror=alert(1)>')
  })

  it('given a malformed part (non-string text), should render an empty panel, not crash', () => {
    const { panel } = renderPart(part({ text: 42 as unknown as string, status: running }))
    expect(panel()).toHaveAttribute('data-status', 'streaming')
  })

  it('given the rest of a part (type, parentId), should not put it on the DOM', () => {
    const { panel } = renderPart(part({ text: 'x', status: complete }))
    expect(panel()).not.toHaveAttribute('type')
    expect(panel()).not.toHaveAttribute('parentid')
    expect(panel()).not.toHaveAttribute('parentId')
  })
})
