import { render } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CopilotKitReasoningMessage, ReasoningProvider, type CopilotKitReasoningMessageProps } from 'reasoning-ui'

const user = { id: 'u1', role: 'user', content: 'Why?' }
const reasoning = (content: string, extra: Record<string, unknown> = {}) => ({ id: 'r1', role: 'reasoning', content, ...extra })
const answer = { id: 'a1', role: 'assistant', content: 'Because.' }

function renderMessage(initial: CopilotKitReasoningMessageProps) {
  const clock = { now: 5_000_000 }
  const ui = (props: CopilotKitReasoningMessageProps) => (
    <ReasoningProvider now={() => clock.now}>
      <CopilotKitReasoningMessage {...props} animationDuration={0} />
    </ReasoningProvider>
  )
  const result = render(ui(initial))
  return {
    clock,
    update: (props: CopilotKitReasoningMessageProps) => result.rerender(ui(props)),
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

describe('CopilotKitReasoningMessage', () => {
  it('given the latest message of a running agent, should stream, open, with its text', () => {
    const message = reasoning('Looking at the question.')
    const { panel, status } = renderMessage({ message, messages: [user, message], isRunning: true })
    expect(panel()).toHaveAttribute('data-status', 'streaming')
    expect(panel()).toHaveAttribute('data-state', 'open')
    expect(panel()).toHaveAttribute('data-message-id', 'r1')
    expect(panel()).toHaveTextContent('Looking at the question.')
    expect(status()).toBe('Thinking…')
  })

  it('given the answer started after 4 s, should show Thought for 4 seconds and keep it while the run goes on', () => {
    const first = reasoning('Looking')
    const { clock, update, panel, status } = renderMessage({ message: first, messages: [user, first], isRunning: true })
    clock.now += 4_000
    const done = reasoning('Looking at it.')
    update({ message: done, messages: [user, done, answer], isRunning: true })
    expect(panel()).toHaveAttribute('data-status', 'complete')
    expect(status()).toBe('Thought for 4 seconds')
    clock.now += 20_000
    update({ message: done, messages: [user, done, answer], isRunning: false })
    expect(status()).toBe('Thought for 4 seconds')
  })

  it('given the run ended with the reasoning last, should complete it', () => {
    const message = reasoning('Only thoughts.')
    const { clock, update, panel, status } = renderMessage({ message, messages: [user, message], isRunning: true })
    clock.now += 2_000
    update({ message, messages: [user, message], isRunning: false })
    expect(panel()).toHaveAttribute('data-status', 'complete')
    expect(status()).toBe('Thought for 2 seconds')
  })

  it('given history (not running), should show it complete without a made-up duration', () => {
    const message = reasoning('Stored.')
    const { panel, status } = renderMessage({ message, messages: [user, message, answer], isRunning: false })
    expect(panel()).toHaveAttribute('data-status', 'complete')
    expect(status()).not.toMatch(/\d/)
  })

  it('given an encrypted value and no content, should show encrypted-only and never the value', () => {
    const message = reasoning('', { encryptedValue: 'opaque-blob-123' })
    const { panel, container } = renderMessage({ message, messages: [user, message, answer], isRunning: false })
    expect(panel()).toHaveAttribute('data-encrypted-only', '')
    expect(container.innerHTML).not.toContain('opaque-blob-123')
  })

  it('given no messages list, should not claim to stream', () => {
    const { panel } = renderMessage({ message: reasoning('x'), isRunning: true })
    expect(panel()).toHaveAttribute('data-status', 'complete')
  })

  it('given markup in the content, should render it as text', () => {
    const message = reasoning('<script>alert(1)</script><b>bold</b>')
    const { container } = renderMessage({ message, messages: [user, message], isRunning: true })
    expect(container.querySelector('script, b')).toBeNull()
    expect(container).toHaveTextContent('<script>alert(1)</script><b>bold</b>')
  })
})
