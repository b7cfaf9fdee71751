import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { useReasoningStream } from '../../src/index'
import recorded from '../fixtures/ag-ui-recorded/gpt-5-mini-reasoning-then-answer.server.json'

afterEach(cleanup)

/**
 * A real streaming Response in a real browser: SSE frames arrive a few at a time,
 * split at arbitrary byte offsets (inside multi-byte characters too), with real
 * animation frames batching the store's notifications.
 */
function streamingResponse(events: object[], bytesPerRead = 97): Response {
  const bytes = new TextEncoder().encode(events.map((e) => `data: ${JSON.stringify(e)}\r\n\r\n`).join(''))
  let offset = 0
  return new Response(new ReadableStream<Uint8Array>({
    async pull(controller) {
      await new Promise((resolve) => setTimeout(resolve, 1))
      controller.enqueue(bytes.slice(offset, offset + bytesPerRead))
      offset += bytesPerRead
      if (offset >= bytes.length) controller.close()
    },
  }), { headers: { 'content-type': 'text/event-stream' } })
}

function Thinking({ response }: { response: Response }) {
  const { blocks, status } = useReasoningStream(response)
  return (
    <main>
      <output aria-label="status">{status}</output>
      {blocks.map((block) => (
        <article key={block.id} aria-label={block.title ?? 'reasoning'} data-status={block.status}>
          {block.messages.map((m) => <p key={m.id} style={{ whiteSpace: 'pre-wrap' }}>{m.text}</p>)}
        </article>
      ))}
    </main>
  )
}

describe('useReasoningStream in Chromium', () => {
  it('given an SSE Response from a real model recording, should render the streamed text as it arrives and finish complete', async () => {
    const expected = (recorded as { type: string; delta?: string }[])
      .filter((e) => e.type === 'REASONING_MESSAGE_CONTENT').map((e) => e.delta).join('')
    render(<Thinking response={streamingResponse(recorded)} />)
    const seen = new Set<number>()
    await waitFor(() => {
      const article = screen.queryByRole('article')
      if (article) seen.add(article.textContent!.length)
      expect(screen.getByLabelText('status').textContent).toBe('complete')
      // A hang guard, not a timing: the recording arrives a read per timer, which a loaded machine
      // spreads over more than 10 s (a CI run with both cores busy, 2026-12-07).
    }, { timeout: 60_000, interval: 5 })
    const article = screen.getByRole('article', { name: 'Solving the heads/legs problem' })
    expect(article.textContent).toBe(expected)
    expect(article.dataset.status).toBe('complete')
    // It streamed: the text was seen at several lengths before the end.
    expect(seen.size).toBeGreaterThan(2)
  }, 90_000)
})
