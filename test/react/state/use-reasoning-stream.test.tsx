import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { Observable } from 'rxjs'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  createReasoningStore, useReasoningStore, useReasoningStream, type ReasoningSource, type ReasoningStore,
} from '../../../src/index'

const EVENTS = [
  { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
  { type: 'REASONING_MESSAGE_START', messageId: 'm', role: 'reasoning' },
  { type: 'REASONING_MESSAGE_CONTENT', messageId: 'm', delta: '**Plan**\nFirst ' },
  { type: 'REASONING_MESSAGE_CONTENT', messageId: 'm', delta: 'thought.' },
  { type: 'REASONING_MESSAGE_END', messageId: 'm' },
  { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
]

function sseResponse(events: object[]): Response {
  const body = events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('')
  return new Response(new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(body))
      controller.close()
    },
  }))
}

function View({ source, store }: { source: ReasoningSource | null; store?: ReasoningStore }) {
  const { blocks, status, activeBlock } = useReasoningStream(source, { flush: 'microtask', ...(store && { store }) })
  return (
    <div>
      <p data-testid="status">{status}</p>
      <p data-testid="active">{activeBlock?.id ?? '-'}</p>
      {blocks.map((b) => (
        <section key={b.id} data-testid="block" data-status={b.status}>
          <h3>{b.title}</h3>
          {b.messages.map((m) => <p key={m.id}>{m.text}</p>)}
        </section>
      ))}
    </div>
  )
}

afterEach(cleanup)

describe('useReasoningStream', () => {
  it('given an SSE Response, should render the streamed text and the finished status', async () => {
    render(<View source={sseResponse(EVENTS)} />)
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('complete'))
    expect(screen.getByRole('heading').textContent).toBe('Plan')
    expect(screen.getByTestId('block').textContent).toContain('First thought.')
    expect(screen.getByTestId('block').getAttribute('data-status')).toBe('complete')
  })

  it('given StrictMode, should read a Response body once (double effects share one connection)', async () => {
    render(<StrictMode><View source={sseResponse(EVENTS)} /></StrictMode>)
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('complete'))
    expect(screen.getAllByTestId('block')).toHaveLength(1)
    expect(screen.getByTestId('block').textContent).toContain('First thought.')
  })

  it('given StrictMode and a cold Observable, should subscribe once', async () => {
    const subscribe = vi.fn()
    const source = new Observable<object>((s) => {
      subscribe()
      EVENTS.forEach((e) => s.next(e))
      s.complete()
    })
    render(<StrictMode><View source={source} /></StrictMode>)
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('complete'))
    expect(subscribe).toHaveBeenCalledTimes(1)
  })

  it('given null, should connect nothing and be idle', () => {
    render(<View source={null} />)
    expect(screen.getByTestId('status').textContent).toBe('idle')
  })

  it('given a changing source, should disconnect the old one and accumulate into the same store', async () => {
    let pushA: (e: object) => void = () => {}
    const a = new Observable<object>((s) => {
      pushA = (e) => s.next(e)
    })
    const b = new Observable<object>((s) => {
      [
        { type: 'RUN_STARTED', threadId: 't', runId: 'r2' },
        { type: 'REASONING_MESSAGE_CHUNK', messageId: 'second', delta: 'Second run.' },
        { type: 'RUN_FINISHED', threadId: 't', runId: 'r2' },
      ].forEach((e) => s.next(e))
    })
    const { rerender } = render(<View source={a} />)
    act(() => {
      EVENTS.forEach((e) => pushA(e))
    })
    rerender(<View source={b} />)
    await waitFor(() => expect(screen.getAllByTestId('block')).toHaveLength(2))
    // The first source is gone at once (not after a grace period): nothing it sends lands.
    act(() => pushA({ type: 'REASONING_MESSAGE_CHUNK', messageId: 'late', delta: 'ignored' }))
    await new Promise((r) => setTimeout(r, 5))
    expect(screen.getAllByTestId('block')).toHaveLength(2)
  })

  it('given two hooks sharing one store with different sources, should keep both connected', async () => {
    const store = createReasoningStore({ flush: 'microtask' })
    const pushers: ((e: object) => void)[] = []
    const source = () => new Observable<object>((s) => {
      pushers.push((e) => s.next(e))
    })
    const [a, b] = [source(), source()]
    render(<><View source={a} store={store} /><View source={b} store={store} /></>)
    await new Promise((r) => setTimeout(r, 5))
    act(() => {
      pushers[0]!({ type: 'RUN_STARTED', threadId: 't', runId: 'r' })
      pushers[0]!({ type: 'REASONING_MESSAGE_CHUNK', messageId: 'from-a', delta: 'A' })
      pushers[1]!({ type: 'REASONING_MESSAGE_CHUNK', messageId: 'from-b', delta: 'B' })
    })
    await waitFor(() => expect(store.getState().blocks.map((bl) => bl.id)).toEqual(['from-a', 'from-b']))
  })

  it('given an existing store, should render what the app dispatches itself', async () => {
    const store = createReasoningStore({ flush: 'microtask' })
    render(<View source={null} store={store} />)
    act(() => {
      EVENTS.slice(0, 3).forEach((e) => store.dispatch(e))
    })
    await waitFor(() => expect(screen.getByTestId('active').textContent).toBe('m'))
    expect(screen.getByTestId('status').textContent).toBe('reasoning')
  })

  it('given reset(), should clear the blocks', async () => {
    const store = createReasoningStore({ flush: 'sync' })
    EVENTS.forEach((e) => store.dispatch(e))
    function Resettable() {
      const { blocks, reset } = useReasoningStore(store)
      return <button onClick={reset}>{blocks.length} blocks</button>
    }
    render(<Resettable />)
    expect(screen.getByRole('button').textContent).toBe('1 blocks')
    act(() => screen.getByRole('button').click())
    expect(screen.getByRole('button').textContent).toBe('0 blocks')
  })

  it('given many deltas in one frame, should render once for the batch', async () => {
    const store = createReasoningStore({ flush: 'microtask' })
    let renders = 0
    function Counter() {
      const { blocks } = useReasoningStore(store)
      renders++
      return <p>{blocks[0]?.messages[0]?.text.length ?? 0}</p>
    }
    render(<Counter />)
    const before = renders
    await act(async () => {
      store.dispatch(EVENTS[0])
      store.dispatch(EVENTS[1])
      for (let i = 0; i < 500; i++) store.dispatch({ type: 'REASONING_MESSAGE_CONTENT', messageId: 'm', delta: 'x' })
    })
    expect(renders - before).toBe(1)
    expect(screen.getByText('500')).toBeTruthy()
  })

  it('given server rendering, should render the store\'s current state without effects', () => {
    const store = createReasoningStore({ flush: 'sync' })
    EVENTS.forEach((e) => store.dispatch(e))
    const html = renderToString(<View source={null} store={store} />)
    expect(html).toContain('First thought.')
    expect(html).toContain('complete')
  })
})
