import type { Meta, StoryObj } from '@storybook/react-vite'
import { useEffect, useState } from 'react'
import { expect, waitFor, within } from 'storybook/test'
import {
  createReasoningStore, getBlockDuration, isEncryptedOnly, useReasoningStore, type ReasoningState,
} from 'reasoning-ui'
import { playEvents } from './support/scripted-stream'
import { messyProducer, recordedModel } from './support/scripts'
import { snippet } from './support/snippets'

/**
 * A live view of a reasoning store while a scripted AG-UI stream plays into it:
 * the overall status, every block with its status, title, timing and text size,
 * the run timeline, and each diagnostic the producer earned. Point it at your own
 * events to debug a producer.
 */
function StoreInspector({ events, intervalMs }: { events: readonly object[]; intervalMs: number }) {
  const [store] = useState(() => createReasoningStore())
  const { state, status } = useReasoningStore(store)
  // Which script last played to its end; a new script is playing until it does too.
  const [finished, setFinished] = useState<readonly object[] | null>(null)
  const playing = finished !== events
  useEffect(() => {
    store.reset()
    return playEvents(store, events, { intervalMs, onDone: () => setFinished(events) })
  }, [store, events, intervalMs])
  return (
    <div style={{ fontFamily: 'system-ui, sans-serif', fontSize: 14, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 16, maxWidth: 960 }}>
      <p>
        Stream status: <strong data-testid="stream-status">{status}</strong>
        {playing ? ' · playing…' : ' · finished'}
      </p>
      <section aria-labelledby="blocks-heading">
        <h2 id="blocks-heading" style={{ fontSize: 16 }}>Blocks</h2>
        {/* Eight columns do not fit a phone: the table scrolls inside its own focusable region, not the page. */}
        <div role="region" aria-label="Blocks table" tabIndex={0} style={{ overflowX: 'auto' }}>
        <table style={{ borderCollapse: 'collapse', width: '100%' }}>
          <thead>
            <tr>{['id', 'origin', 'status', 'title', 'messages', 'characters', 'encrypted', 'duration'].map((h) => <th key={h} style={cell}>{h}</th>)}</tr>
          </thead>
          <tbody>
            {state.blocks.map((b) => (
              <tr key={b.id} data-testid="block-row" data-status={b.status}>
                <td style={cell}><code>{b.id}</code></td>
                <td style={cell}>{b.origin}</td>
                <td style={cell}>{b.status}</td>
                <td style={cell}>{b.title ?? '—'}</td>
                <td style={cell}>{b.messages.map((m) => `${m.kind}:${m.status}`).join(', ') || '—'}</td>
                <td style={cell}>{b.messages.reduce((n, m) => n + m.text.length, 0)}</td>
                <td style={cell}>{isEncryptedOnly(b) ? 'encrypted only' : b.encrypted ? 'yes' : 'no'}</td>
                <td style={cell}>{formatMs(getBlockDuration(b))}</td>
              </tr>
            ))}
          </tbody>
        </table>
        </div>
      </section>
      <section aria-labelledby="timeline-heading">
        <h2 id="timeline-heading" style={{ fontSize: 16 }}>Timeline</h2>
        <ol>{state.timeline.map((e) => <li key={`${e.kind}:${e.id}`}>{e.kind} <code>{e.id}</code>{'status' in e ? ` (${e.status})` : ''}</li>)}</ol>
      </section>
      <section aria-labelledby="diagnostics-heading">
        <h2 id="diagnostics-heading" style={{ fontSize: 16 }}>Diagnostics ({state.diagnostics.length})</h2>
        <ul data-testid="diagnostics">
          {state.diagnostics.map((d, i) => <li key={i}><code>{d.code}</code> at event {d.eventIndex}: {d.message}</li>)}
        </ul>
      </section>
      <details>
        <summary>State as JSON (encrypted values redacted)</summary>
        <pre style={{ whiteSpace: 'pre-wrap' }}>{JSON.stringify(redacted(state), null, 2)}</pre>
      </details>
    </div>
  )
}

const cell = { border: '1px solid #ccd', padding: '4px 8px', textAlign: 'start' } as const

const formatMs = (ms: number | undefined) => (ms === undefined ? '—' : `${(ms / 1000).toFixed(1)} s`)

/** Encrypted values are opaque and can be large; the inspector shows only their size. */
function redacted(state: ReasoningState): unknown {
  return JSON.parse(JSON.stringify(state, (key, value: unknown) =>
    key === 'encryptedValue' && typeof value === 'string' ? `[${value.length} characters]` : value))
}

const meta = {
  title: 'Debugging/Store inspector',
  component: StoreInspector,
  args: { intervalMs: 20 },
  argTypes: { events: { control: false } },
  parameters: snippet('store-inspector'),
} satisfies Meta<typeof StoreInspector>

export default meta
type Story = StoryObj<typeof meta>

/** The recorded gpt-5-mini stream: one span, a bold summary title, then the answer. */
export const RecordedModel: Story = {
  args: { events: recordedModel, intervalMs: 4 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(canvas.getByTestId('stream-status')).toHaveTextContent('complete'), { timeout: 10_000 })
    const row = canvas.getByTestId('block-row')
    await expect(row).toHaveAttribute('data-status', 'complete')
    await expect(row).toHaveTextContent('Solving the heads/legs problem')
    await expect(canvas.getByTestId('diagnostics').children).toHaveLength(0)
  },
}

/** A producer that breaks the rules: every violation becomes a diagnostic, and no text is lost. */
export const MessyProducer: Story = {
  args: { events: messyProducer, intervalMs: 30 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(canvas.getAllByTestId('block-row')).toHaveLength(4), { timeout: 10_000 })
    await waitFor(() => expect(canvas.getByTestId('diagnostics')).toHaveTextContent('open-at-finish'), { timeout: 10_000 })
    const text = canvas.getByTestId('diagnostics').textContent
    for (const code of ['deprecated-event', 'chunk-missing-id', 'not-open']) await expect(text).toContain(code)
    await expect(canvasElement.textContent).not.toContain('c2VjcmV0')
  },
}
