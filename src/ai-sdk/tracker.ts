/**
 * AI SDK UI messages carry no timestamps, so durations are measured where the
 * parts are seen: a tracker remembers, per part, when it was first seen
 * streaming and when it was first seen ended. Give the same tracker to every
 * conversion of a message (the React hook keeps one per component; create one
 * per chat to keep times across remounts) and the times survive re-renders.
 *
 * A part first seen already done (a stored message, a reload) has no times:
 * its panel says "Thought", not a made-up duration. A part seen ended stays
 * ended, with its times and how it ended, while it is the same part with the
 * same content: AI SDK 7 leaves a stopped reply's parts at `state: 'streaming'`,
 * so the next request (a live status again) must not start them anew.
 */
import type { ReasoningEndReason, ReasoningStatus } from '../core/model'

/** How a tracker measures: its clock. */
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

/** How a part looks in one conversion: its status and, when interrupted, why. */
export interface PartSeen {
  readonly status: ReasoningStatus
  readonly endReason?: ReasoningEndReason | undefined
}

/** What the tracker knows of one part. Immutable: a change is a new record. */
export interface PartRecord {
  /** The part's own id (AI SDK 7 reasoning ids, tool call ids): a different id at the same place is a new part. */
  readonly identity: string
  /** Its content as last seen (text length, tool state): an ended part streams again only when this changes. */
  readonly revision: string
  readonly times: PartTimes
  /** How it ended, once it was seen ended. */
  readonly ended?: PartSeen
}

/** Per message: part records and, for `uiMessageToReasoning`, the last conversion (for identity reuse). */
export interface MessageTrack {
  readonly parts: Map<string, PartRecord>
  /** The last conversion's output objects, by key, so unchanged ones keep their identity. */
  last?: unknown
}

/**
 * Messages a tracker keeps, the least recently converted forgotten first: a long chat's
 * tracker stays bounded. A forgotten message seen again is timed as if first seen.
 */
export const MAX_TRACKED_MESSAGES = 300

const tracks = new WeakMap<UIMessageTracker, { readonly now: () => number; readonly messages: Map<string, MessageTrack> }>()

/**
 * Remembers when each part of each message was seen streaming and done. Create with
 * `createUIMessageTracker`. It holds the part times of the 300 messages converted
 * most recently (older ones are forgotten); `forget` drops a message at once.
 */
export class UIMessageTracker {
  /** @internal Use `createUIMessageTracker`. */
  constructor(options: UIMessageTrackerOptions = {}) {
    tracks.set(this, { now: options.now ?? Date.now, messages: new Map() })
  }

  /** Forgets a message's times, e.g. after the app deleted it or cleared the chat. */
  forget(messageId: string): void {
    tracks.get(this)?.messages.delete(messageId)
  }

  /** How many messages it holds times for (at most 300). */
  get size(): number {
    return tracks.get(this)?.messages.size ?? 0
  }
}

/** A tracker with the given clock (default `Date.now`). */
export function createUIMessageTracker(options: UIMessageTrackerOptions = {}): UIMessageTracker {
  return new UIMessageTracker(options)
}

/** The track of one message, created on first use; it becomes the most recently used. */
export function messageTrack(tracker: UIMessageTracker, messageId: string): { readonly track: MessageTrack; readonly now: () => number } {
  const data = tracks.get(tracker)
  if (!data) throw new TypeError(process.env.NODE_ENV !== 'production' ? 'Not a UIMessageTracker: create one with createUIMessageTracker().' : 'UIMessageTracker')
  const { messages } = data
  let track = messages.get(messageId)
  if (track) {
    // Map order is insertion order: moving it to the end keeps the least recently used first.
    messages.delete(messageId)
  } else {
    track = { parts: new Map() }
    for (const oldest of messages.keys()) {
      if (messages.size < MAX_TRACKED_MESSAGES) break
      messages.delete(oldest)
    }
  }
  messages.set(messageId, track)
  return { track, now: data.now }
}

const NO_TIMES: PartTimes = {}

const timesOf = (startedAt: number | undefined, endedAt: number | undefined): PartTimes =>
  startedAt === undefined && endedAt === undefined
    ? NO_TIMES
    : { ...(startedAt !== undefined && { startedAt }), ...(endedAt !== undefined && { endedAt }) }

const sameSeen = (a: PartSeen | undefined, b: PartSeen) => a !== undefined && a.status === b.status && a.endReason === b.endReason

/**
 * The record of a part (with its own id `identity` and content `revision`) after a
 * conversion saw it as `seen`. Pure apart from reading the clock; returns `rec`
 * itself when nothing changed. First seen streaming: it starts now. Seen ended
 * after that: it ends now (once). Seen streaming again after it ended: it stays
 * ended unless its content changed (more came: it starts again). First seen
 * ended: no times.
 */
export function nextPartRecord(rec: PartRecord | undefined, now: () => number, identity: string, revision: string, seen: PartSeen): PartRecord {
  const streaming = seen.status === 'streaming'
  const ended: PartSeen = { status: seen.status, ...(seen.endReason !== undefined && { endReason: seen.endReason }) }
  if (!rec || rec.identity !== identity || (streaming && rec.ended && rec.revision !== revision)) {
    return streaming ? { identity, revision, times: timesOf(now(), undefined) } : { identity, revision, times: NO_TIMES, ended }
  }
  if (streaming) return rec.revision === revision ? rec : { ...rec, revision }
  const { startedAt, endedAt } = rec.times
  const end = endedAt ?? (startedAt !== undefined ? now() : undefined)
  if (rec.revision === revision && sameSeen(rec.ended, ended) && end === endedAt) return rec
  return { identity, revision, times: end === endedAt ? rec.times : timesOf(startedAt, end), ended }
}

/** How a conversion shows a part it saw as `seen`, given its record: an ended part stays ended (see `nextPartRecord`). */
export const shownAs = (rec: PartRecord, seen: PartSeen): PartSeen => (seen.status === 'streaming' && rec.ended ? rec.ended : seen)
