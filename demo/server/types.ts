/**
 * The contract between the demo server (`server.ts`), its scripted agents
 * (`agents.ts`) and the provider-backed agents (`providers.ts`).
 */
import type { RunAgentInput } from '@ag-ui/core'

/**
 * What an agent yields: an AG-UI 1.0 event, or (the `legacy` agent only) one of
 * the retired `THINKING_*` events. Plain JSON objects with a string `type`.
 */
export interface DemoEvent {
  readonly type: string
  readonly [field: string]: unknown
}

/** Encrypted values remembered per thread: the newest ones, the oldest forgotten first. */
export const MAX_ISSUED_PER_THREAD = 256

/** What the server remembers of one thread (`RunAgentInput.threadId`) across turns. */
export interface ThreadMemory {
  /** The encrypted values this server sent on this thread, oldest first: the latest `MAX_ISSUED_PER_THREAD`. */
  readonly issued: readonly string[]
  /** Remembers an encrypted value sent on this thread (forgetting the oldest past `MAX_ISSUED_PER_THREAD`). */
  issue(value: string): void
}

/** A fresh thread memory; `limit` (default `MAX_ISSUED_PER_THREAD`) caps `issued`. */
export function createThreadMemory(limit = MAX_ISSUED_PER_THREAD): ThreadMemory {
  const issued: string[] = []
  return {
    issued,
    issue(value) {
      issued.push(value)
      if (issued.length > limit) issued.splice(0, issued.length - limit)
    },
  }
}

export interface AgentContext {
  /** Waits `ms` scaled by the server's pace factor (`DEMO_PACE`); resolves early once the request is aborted. */
  sleep(ms: number): Promise<void>
  /** Aborted when the client goes away (or the server closes). */
  readonly signal: AbortSignal
  /** This thread's memory; agents `issue` the encrypted values they emit. */
  readonly thread: ThreadMemory
  /** An id unique within the server process, e.g. `id('msg')` → `msg_7`. */
  id(prefix: string): string
  /** Milliseconds since the epoch, for event `timestamp`s. */
  now(): number
}

export interface DemoAgent {
  readonly id: string
  readonly name: string
  readonly description: string
  /** The retired `THINKING_*` events have no protobuf encoding: such an agent always answers as SSE. */
  readonly sseOnly?: boolean
  run(input: RunAgentInput, context: AgentContext): AsyncIterable<DemoEvent>
}

/**
 * Thrown by an agent to make the server cut the connection without a
 * `RUN_FINISHED` or `RUN_ERROR` (the `interrupted` agent: a stream that dies).
 * Any other error becomes a `RUN_ERROR` event.
 */
export class DropConnection extends Error {
  constructor(message = 'connection dropped on purpose') {
    super(message)
    this.name = 'DropConnection'
  }
}
