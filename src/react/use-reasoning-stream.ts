import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import type { ReasoningBlock, ReasoningDiagnostic, ReasoningState, StreamStatus } from '../core/model'
import { selectActiveBlock, selectStreamStatus } from '../core/selectors'
import { connectSource, type ReasoningSource, type SourceOptions } from '../core/sources'
import { createReasoningStore, type FlushMode, type ReasoningStore } from '../core/store'

export interface UseReasoningStreamOptions extends SourceOptions {
  /** Use this store instead of creating one (for apps that also dispatch themselves). */
  readonly store?: ReasoningStore
  /** Notification batching of the store the hook creates. Default `'frame'`. Read once. */
  readonly flush?: FlushMode
  /** Clock of the store the hook creates, for events without timestamps. Read once. */
  readonly now?: () => number
}

export interface ReasoningStreamResult {
  /** Reasoning blocks in order of first appearance; unchanged blocks keep their identity. */
  readonly blocks: readonly ReasoningBlock[]
  readonly status: StreamStatus
  /** The newest block still streaming, if any. */
  readonly activeBlock: ReasoningBlock | undefined
  readonly diagnostics: readonly ReasoningDiagnostic[]
  /** The whole state (timeline, runs, subagents …). */
  readonly state: ReasoningState
  readonly store: ReasoningStore
  /** Forget everything received so far. */
  readonly reset: () => void
}

/**
 * Reads a reasoning store in React. Re-renders at most once per store
 * notification (one per animation frame by default) and renders on the server.
 */
export function useReasoningStore(store: ReasoningStore): ReasoningStreamResult {
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState)
  return useMemo(
    () => ({
      blocks: state.blocks,
      status: selectStreamStatus(state),
      activeBlock: selectActiveBlock(state),
      diagnostics: state.diagnostics,
      state,
      store,
      reset: store.reset,
    }),
    [state, store],
  )
}

/**
 * Streams reasoning from a source into React: an `@ag-ui/client` agent, an
 * Observable (e.g. `agent.run(input)`), an async iterable, a fetch `Response`
 * carrying SSE, or a URL. `null` connects nothing. The store is created once
 * and outlives source changes, so a conversation accumulates across runs; call
 * `reset()` to start over.
 */
export function useReasoningStream(
  source: ReasoningSource | null | undefined,
  options: UseReasoningStreamOptions = {},
): ReasoningStreamResult {
  const [ownStore] = useState(() => createReasoningStore({
    ...(options.flush !== undefined && { flush: options.flush }),
    ...(options.now !== undefined && { now: options.now }),
  }))
  const store = options.store ?? ownStore
  const sourceOptions = useRef<SourceOptions>(options)
  useEffect(() => {
    sourceOptions.current = options
  })
  useEffect(() => {
    if (source == null) return
    return acquire(store, source, sourceOptions.current)
  }, [store, source])
  return useReasoningStore(store)
}

interface Connection {
  source: ReasoningSource
  disconnect: () => void
  users: number
  pending?: ReturnType<typeof setTimeout>
}

const connections = new WeakMap<ReasoningStore, Connection>()

/**
 * Connects a source to a store, sharing the connection when the same pair is
 * acquired again before the last release has run. StrictMode mounts effects
 * twice; without this, a `Response` body would be read twice (impossible) and a
 * cold Observable would start a second run.
 */
function acquire(store: ReasoningStore, source: ReasoningSource, options: SourceOptions): () => void {
  let connection = connections.get(store)
  if (connection && connection.source !== source) {
    if (connection.pending !== undefined) clearTimeout(connection.pending)
    connection.disconnect()
    connection = undefined
  }
  if (connection) {
    if (connection.pending !== undefined) clearTimeout(connection.pending)
    delete connection.pending
    connection.users++
  } else {
    connection = { source, disconnect: connectSource(source, store, options), users: 1 }
    connections.set(store, connection)
  }
  const current = connection
  return () => {
    if (--current.users > 0) return
    current.pending = setTimeout(() => {
      if (current.users > 0) return
      current.disconnect()
      if (connections.get(store) === current) connections.delete(store)
    }, 0)
  }
}
