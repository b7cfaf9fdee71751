/**
 * The one way every component story gets its state: a list of AG-UI events
 * (`args.events`) fed through a real store, either all at once (`live: false`,
 * the end state, deterministic) or replayed at a realistic pace (`live: true`).
 */
import { useEffect, useState, type ComponentType, type ReactNode } from 'react'
import {
  createReasoningStore,
  ReasoningProvider,
  useReasoningStore,
  type ReasoningEndReason,
  type ReasoningState,
  type ReasoningStore,
  type StreamStatus,
} from 'reasoning-ui'
import { playEvents } from './scripted-stream'

/** Args every component story has. */
export interface EventArgs {
  /** The AG-UI events the story renders (plain objects, with `timestamp`s). */
  readonly events: readonly object[]
  /** Replay the events at a realistic pace (true) or show where they end at once (false). */
  readonly live: boolean
  /** Milliseconds between events while replaying. Default 20. */
  readonly intervalMs?: number
  /**
   * After the last event, end the stream with this reason, as the app does (`store.streamEnded`):
   * `'stopped'` is the user's Stop. Default: the stream stays as the script leaves it.
   */
  readonly endStream?: ReasoningEndReason
}

/**
 * The clock of a scripted stream, for the store (events without a timestamp)
 * and for live counters (through `ReasoningProvider now`), so both agree with
 * the events' own timestamps. Static: frozen at the last event. Live: at the
 * timestamp of the event just played, running on in real time until the next.
 */
export class ScriptClock {
  private anchor: number | undefined
  private anchoredAt = 0
  private last = Number.NEGATIVE_INFINITY

  constructor(private readonly frozen?: number) {}

  readonly now = (): number => {
    if (this.frozen !== undefined) return this.frozen
    const real = Date.now()
    // Never backwards: a replay runs faster than the script it plays.
    this.last = Math.max(this.last, this.anchor === undefined ? real : this.anchor + (real - this.anchoredAt))
    return this.last
  }

  /** Back to the start of the script (a replay starts over). */
  readonly restart = (): void => {
    this.anchor = undefined
    this.last = Number.NEGATIVE_INFINITY
  }

  /** Moves the clock to the timestamp of the event about to be dispatched. */
  readonly observe = (event: unknown): void => {
    const at = timestampOf(event)
    if (at === undefined) return
    this.anchor = at
    this.anchoredAt = Date.now()
  }
}

function timestampOf(event: unknown): number | undefined {
  if (typeof event !== 'object' || event === null || !('timestamp' in event)) return undefined
  return typeof event.timestamp === 'number' ? event.timestamp : undefined
}

/** The newest timestamp among the events (what "now" is once they have all happened). */
export function lastTimestamp(events: readonly object[]): number | undefined {
  let last: number | undefined
  for (const event of events) {
    const at = timestampOf(event)
    if (at !== undefined && (last === undefined || at > last)) last = at
  }
  return last
}

interface Session {
  readonly events: readonly object[]
  readonly live: boolean
  readonly endStream: ReasoningEndReason | undefined
  readonly store: ReasoningStore
  readonly clock: ScriptClock
}

function createSession(events: readonly object[], live: boolean, endStream: ReasoningEndReason | undefined): Session {
  if (live) {
    const clock = new ScriptClock()
    return { events, live, endStream, clock, store: createReasoningStore({ now: clock.now }) }
  }
  const clock = new ScriptClock(lastTimestamp(events) ?? Date.now())
  const store = createReasoningStore({ now: clock.now, flush: 'sync' })
  for (const event of events) store.dispatch(event)
  if (endStream) store.streamEnded(undefined, endStream)
  return { events, live, endStream, clock, store }
}

export interface ScriptedStreamProps extends EventArgs {
  /** Renders the state (called on every store notification). */
  readonly children: (state: ReasoningState, status: StreamStatus, store: ReasoningStore) => ReactNode
}

/**
 * Feeds `events` into a fresh store and renders `children` with its state,
 * inside a `ReasoningProvider` whose clock matches the script. New events or a
 * change of `live` start a new store (e.g. from the Controls panel). Live
 * replays leave open what the script leaves open: a "streaming" story stays
 * streaming.
 */
export function ScriptedStream({ events, live, intervalMs = 20, endStream, children }: ScriptedStreamProps) {
  const [session, setSession] = useState(() => createSession(events, live, endStream))
  let current = session
  if (session.events !== events || session.live !== live || session.endStream !== endStream) {
    // New script: a new store, chosen while rendering (React's "adjust state on prop change").
    current = createSession(events, live, endStream)
    setSession(current)
  }
  const { store, clock } = current
  useEffect(() => {
    if (!live) return
    store.reset()
    clock.restart()
    return playEvents(store, events, {
      intervalMs,
      endStream: false,
      onEvent: clock.observe,
      ...(endStream && { onDone: () => store.streamEnded(undefined, endStream) }),
    })
  }, [store, clock, events, live, intervalMs, endStream])
  const { state, status } = useReasoningStore(store)
  return <ReasoningProvider now={clock.now}>{children(state, status, store)}</ReasoningProvider>
}

/**
 * The component a story file documents, typed for the story's args: stories take
 * `events` where the component takes a block or a state. Its props and doc
 * comments make the Docs page's table (react-docgen-typescript, .storybook/main.ts);
 * the harness's args stay out of it (`snippet` in ./snippets).
 */
export function documents<Args>(component: object): ComponentType<Args> {
  return component as ComponentType<Args>
}

/** The args that drive the harness, not props of any component. */
export const harnessArgs = ['events', 'live', 'intervalMs', 'endStream'] as const

const harness = { category: 'Story harness (not a prop)' } as const

/**
 * Controls shared by every story driven by `args.events`, in the canvas's Controls
 * panel only. The components' own props (`visibility`, `openPolicy`, …) get their
 * rows, descriptions and controls from their doc comments and types.
 */
export const eventArgTypes = {
  events: { control: false, description: 'The AG-UI events played into the store.', table: harness },
  live: { control: 'boolean', description: 'Replay the events at a realistic pace instead of showing where they end.', table: harness },
  intervalMs: { control: { type: 'number', min: 5, max: 200 }, description: 'Milliseconds between events while replaying.', table: harness },
  endStream: { control: false, description: "After the last event, end the stream with this reason ('stopped': the user's Stop).", table: harness },
} as const

/** A control for the open policy's named choices (the prop also takes an object). */
export const openPolicyArgType = {
  openPolicy: { control: 'inline-radio', options: ['auto', 'stay-open', 'stay-closed'] },
} as const
