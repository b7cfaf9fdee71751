/**
 * AI SDK UI messages carry no timestamps, so durations are measured where the
 * parts are seen: a tracker remembers, per part, when it was first seen
 * streaming and when it was first seen done. Give the same tracker to every
 * conversion of a message (the React hook keeps one per component; create one
 * per chat to keep times across remounts) and the times survive re-renders.
 *
 * A part first seen already done (a stored message, a reload) has no times:
 * its panel says "Thought", not a made-up duration.
 */

export interface UIMessageTrackerOptions {
  /** The clock, in ms. Default `Date.now`. */
  readonly now?: () => number
}

/** Times of one part, as the tracker saw them. */
export interface PartTimes {
  /** When the part was first seen streaming (the tracker's clock, ms); absent when first seen done. */
  readonly startedAt?: number
  /** When it was first seen done (or cut off); absent while it streams. */
  readonly endedAt?: number
}

/** The phase a conversion saw a part in. */
export type PartPhase = 'streaming' | 'ended'

interface PartRecord {
  /** The part's own id (AI SDK 7 reasoning ids, tool call ids): a different id at the same place is a new part. */
  identity: string
  startedAt?: number
  endedAt?: number
  times: PartTimes
}

/** Per message: part records and the last conversion (for identity reuse). */
export interface MessageTrack {
  readonly parts: Map<string, PartRecord>
  /** The last conversion's output objects, by key, so unchanged ones keep their identity. */
  last?: unknown
}

const tracks = new WeakMap<UIMessageTracker, { readonly now: () => number; readonly messages: Map<string, MessageTrack> }>()

/** Remembers when each part of each message was seen streaming and done. Create with `createUIMessageTracker`. */
export class UIMessageTracker {
  /** @internal Use `createUIMessageTracker`. */
  constructor(options: UIMessageTrackerOptions = {}) {
    tracks.set(this, { now: options.now ?? Date.now, messages: new Map() })
  }

  /** Forgets a message's times (e.g. after the app deleted it). */
  forget(messageId: string): void {
    tracks.get(this)?.messages.delete(messageId)
  }

  /** How many messages it holds times for. */
  get size(): number {
    return tracks.get(this)?.messages.size ?? 0
  }
}

/** A tracker with the given clock (default `Date.now`). */
export function createUIMessageTracker(options: UIMessageTrackerOptions = {}): UIMessageTracker {
  return new UIMessageTracker(options)
}

/** The track of one message, created on first use. */
export function messageTrack(tracker: UIMessageTracker, messageId: string): { readonly track: MessageTrack; readonly now: () => number } {
  const data = tracks.get(tracker)
  if (!data) throw new TypeError('Not a UIMessageTracker: create one with createUIMessageTracker().')
  let track = data.messages.get(messageId)
  if (!track) data.messages.set(messageId, (track = { parts: new Map() }))
  return { track, now: data.now }
}

const NO_TIMES: PartTimes = {}

/**
 * Records that the part at `key` (with its own id `identity`) was seen in `phase`,
 * and returns its times. First seen streaming: it starts now. Seen ended after
 * that: it ends now (once). Seen streaming again after its end (a step that was
 * reset and redone): it starts again. First seen ended: no times.
 */
export function observePart(track: MessageTrack, now: () => number, key: string, identity: string, phase: PartPhase): PartTimes {
  let rec = track.parts.get(key)
  if (rec && rec.identity !== identity) rec = undefined
  if (!rec) {
    rec = { identity, times: NO_TIMES }
    if (phase === 'streaming') rec.startedAt = now()
    track.parts.set(key, rec)
  } else if (phase === 'streaming' && rec.endedAt !== undefined) {
    rec.startedAt = now()
    delete rec.endedAt
  } else if (phase === 'ended' && rec.startedAt !== undefined && rec.endedAt === undefined) {
    rec.endedAt = now()
  }
  if (rec.times.startedAt !== rec.startedAt || rec.times.endedAt !== rec.endedAt) {
    rec.times = {
      ...(rec.startedAt !== undefined && { startedAt: rec.startedAt }),
      ...(rec.endedAt !== undefined && { endedAt: rec.endedAt }),
    }
  }
  return rec.times
}
