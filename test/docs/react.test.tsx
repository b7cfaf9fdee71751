// The useReasoningStream sample of docs/react.md and the README's adapter sample, run. (test/docs/samples.test.ts checks that the docs show it verbatim.)
import { render, screen, waitFor } from '@testing-library/react'
import { StrictMode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ClaudeThinking } from './examples/readme-adapter'
import { Thinking } from './examples/react-hook'
import { recording, routedFetch, sseResponse } from './sse'

const events = [
  { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' },
  { type: 'REASONING_START', messageId: 'span-1', metadata: { reasoningUi: { title: 'Counting legs' } } },
  { type: 'REASONING_MESSAGE_CHUNK', messageId: 'm1', delta: '20 heads, 56 legs: 8 rabbits.' },
  { type: 'REASONING_END', messageId: 'span-1' },
  { type: 'RUN_FINISHED', threadId: 't1', runId: 'r1' },
]

describe('docs/react.md, useReasoningStream', () => {
  it('should render each block of a Response with its title and text', async () => {
    const body = events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('')
    const response = new Response(body, { headers: { 'content-type': 'text/event-stream' } })
    const { container } = render(<Thinking response={response} />)
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Counting legs' })).toBeInTheDocument())
    expect(container.querySelector('article')).toHaveAttribute('data-status', 'complete')
    expect(container).toHaveTextContent('20 heads, 56 legs: 8 rabbits.')
    expect(container.querySelector('section')).toHaveAttribute('aria-busy', 'false')
  })
})

describe('README.md, an adapter into ReasoningStream', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('should post the body to the proxy and show Claude\'s thinking as a panel', async () => {
    const { fetch, calls } = routedFetch({
      '/api/claude': () => sseResponse(recording('anthropic/thinking-then-text.json'), { named: true }),
    })
    vi.stubGlobal('fetch', fetch)
    const body = JSON.stringify({ model: 'claude-sonnet-4-5', stream: true, messages: [] })
    const { container } = render(<StrictMode><ClaudeThinking body={body} /></StrictMode>)
    await waitFor(() => expect(screen.getByRole('button', { name: /Thought for/ })).toBeInTheDocument())
    expect(calls.at(-1)!.init).toMatchObject({ method: 'POST', body })
    expect(container.querySelectorAll('[data-slot="reasoning-panel"]')).toHaveLength(1)
  })
})
