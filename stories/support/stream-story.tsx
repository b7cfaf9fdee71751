/** What stream-driven stories share: pacing a provider recording through a translator, and the stream or timeline they render. */
import { ReasoningStream, ReasoningTimeline, type ReasoningStreamProps, type ReasoningTimelineProps } from 'reasoning-ui'
import type { Translator, TranslatorOptions } from 'reasoning-ui/adapters'
import { T0 } from './events'
import { ScriptedStream, type EventArgs } from './scripted-store'

/**
 * The AG-UI events a translator makes of a provider recording, dated as if one
 * provider event arrived every `stepMs` from `start` (the translator's clock;
 * most providers send no timestamps).
 */
export function translatePaced(
  make: (options: TranslatorOptions) => Translator,
  events: readonly unknown[],
  stepMs: number,
  start = T0,
): readonly object[] {
  let now = start
  const translator = make({ now: () => now })
  const out = events.flatMap((event) => {
    now += stepMs
    return translator.push(event)
  })
  return [...out, ...translator.end()]
}

export type StreamStoryArgs = EventArgs & Pick<ReasoningStreamProps, 'visibility' | 'openPolicy' | 'pendingIndicator' | 'runId'>

/** `args.events` played through a store into a `ReasoningStream`. */
export function StreamStory({ events, live, intervalMs, ...props }: StreamStoryArgs) {
  return (
    <ScriptedStream events={events} live={live} {...(intervalMs !== undefined && { intervalMs })}>
      {(state) => <ReasoningStream state={state} {...props} />}
    </ScriptedStream>
  )
}

export type TimelineStoryArgs = EventArgs & Pick<ReasoningTimelineProps, 'visibility' | 'openPolicy' | 'runId'>

/** `args.events` played through a store into a `ReasoningTimeline`. */
export function TimelineStory({ events, live, intervalMs, ...props }: TimelineStoryArgs) {
  return (
    <ScriptedStream events={events} live={live} {...(intervalMs !== undefined && { intervalMs })}>
      {(state) => <ReasoningTimeline state={state} {...props} />}
    </ScriptedStream>
  )
}
