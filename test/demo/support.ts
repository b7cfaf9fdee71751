/**
 * Helpers shared by the demo server's tests: run inputs, a fake
 * `AgentContext`, and running an agent without the server.
 */
import type { Message, RunAgentInput } from '@ag-ui/core'
import { EventSchema } from '@ag-ui/core/schemas'
import { expect } from 'vitest'
import { createReasoningStore, type ReasoningState } from 'reasoning-ui/core'
import { scriptedAgents } from '../../demo/server/agents'
import { createThreadMemory, type AgentContext, type DemoAgent, type DemoEvent, type ThreadMemory } from '../../demo/server/types'

/** A `RunAgentInput` of `messages` on `thread-1` / `run-1`, no tools, context or state; `extra` overrides. */
export function runInput(messages: Message[], extra: Partial<RunAgentInput> = {}): RunAgentInput {
  return { threadId: 'thread-1', runId: 'run-1', messages, tools: [], context: [], state: {}, ...extra }
}

/** A `RunAgentInput` whose last message is the user's `prompt` (id `u<n>`), after `history`. */
export function inputOf(prompt: string, options: { threadId?: string; runId?: string; history?: Message[] } = {}): RunAgentInput {
  const { history = [], ...ids } = options
  return runInput([...history, { id: `u${history.length + 1}`, role: 'user', content: prompt }], ids)
}

/** A fake context, and every pause its agent asked for. */
export interface FakeContext extends AgentContext {
  /** The `ms` of each `sleep` call, in order. */
  readonly sleeps: number[]
}

/**
 * An `AgentContext` for tests: `sleep` resolves at once (recording the
 * pause), ids count up (`msg_1`, `msg_2`, …), the clock ticks 1 ms per read.
 */
export function fakeContext(options: { thread?: ThreadMemory; signal?: AbortSignal } = {}): FakeContext {
  let ids = 0
  let time = 1_700_000_000_000
  const sleeps: number[] = []
  return {
    sleeps,
    sleep: async (ms) => {
      sleeps.push(ms)
    },
    signal: options.signal ?? new AbortController().signal,
    thread: options.thread ?? createThreadMemory(),
    id: (prefix) => `${prefix}_${++ids}`,
    now: () => ++time,
  }
}

/** The scripted agent with this id. */
export function scriptedAgent(id: string): DemoAgent {
  const found = scriptedAgents().find((a) => a.id === id)
  if (!found) throw new Error(`no scripted agent ${id}`)
  return found
}

/** Every event of a run, once it ends. */
export async function collect(events: AsyncIterable<DemoEvent>): Promise<DemoEvent[]> {
  const out: DemoEvent[] = []
  for await (const event of events) out.push(event)
  return out
}

/** Every event passes `@ag-ui/core`'s schema (the retired `THINKING_*` events, which it no longer has, are skipped). */
export function expectValid(events: readonly DemoEvent[]): void {
  for (const [i, event] of events.entries()) {
    if (event.type.startsWith('THINKING_')) continue
    const result = EventSchema.safeParse(event)
    expect(result.success, `event #${i} ${JSON.stringify(event)}: ${result.error?.message ?? ''}`).toBe(true)
  }
}

/** What the kit's store makes of `events` (then of the stream ending with `ended`, when given). */
export function stateOf(events: readonly DemoEvent[], ended?: Error): ReasoningState {
  const store = createReasoningStore({ flush: 'sync' })
  for (const event of events) store.dispatch(event)
  if (ended) store.streamEnded(ended)
  return store.getState()
}
