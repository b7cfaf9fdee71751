import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import type { ReasoningBlock, ReasoningDiagnostic, ReasoningState, StreamStatus } from '../../core/model'
import { selectActiveBlock, selectStreamStatus } from '../../core/selectors'
import { connectSource, type ReasoningSource, type SourceOptions } from '../../core/sources'
import { createReasoningStore, type FlushMode, type ReasoningStore } from '../../core/store'

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
  const previous = useRef<Connection | null>(null)
  useEffect(() => {
    if (source == null) return
    // A new source replaces this hook's previous one at once, before it connects: the
    // old one's disconnect stops what it left open, and must not stop the new one's run.
    // Only a remount with the same source (StrictMode) gets the grace period.
    const replaced = previous.current
    if (replaced && (replaced.source !== source || replaced.store !== store)) disposeIfUnused(replaced)
    const connection = acquire(store, source, sourceOptions.current)
    previous.current = connection
    return () => release(connection)
  }, [store, source])
  return useReasoningStore(store)
}

interface Connection {
  readonly store: ReasoningStore
  readonly source: ReasoningSource
  readonly disconnect: () => void
  users: number
  pending?: ReturnType<typeof setTimeout>
}

/** Live connections per store and source, so hooks sharing a store keep their own sources. */
const connections = new WeakMap<ReasoningStore, Map<ReasoningSource, Connection>>()

/**
 * Connects a source to a store, sharing the connection when the same pair is
 * acquired again before its release has run. StrictMode mounts effects twice;
 * without this, a `Response` body would be read twice (impossible) and a cold
 * Observable would start a second run.
 */
function acquire(store: ReasoningStore, source: ReasoningSource, options: SourceOptions): Connection {
  let bySource = connections.get(store)
  if (!bySource) connections.set(store, (bySource = new Map()))
  const existing = bySource.get(source)
  if (existing) {
    clearTimeout(existing.pending)
    delete existing.pending
    existing.users++
    return existing
  }
  const connection: Connection = { store, source, disconnect: connectSource(source, store, options), users: 1 }
  bySource.set(source, connection)
  return connection
}

/** Lets go of a connection; it is closed on the next task unless acquired again first. */
function release(connection: Connection): void {
  if (--connection.users > 0) return
  connection.pending = setTimeout(() => disposeIfUnused(connection), 0)
}

function disposeIfUnused(connection: Connection): void {
  if (connection.users > 0) return
  clearTimeout(connection.pending)
  delete connection.pending
  const bySource = connections.get(connection.store)
  if (bySource?.get(connection.source) !== connection) return
  bySource.delete(connection.source)
  connection.disconnect()
}
