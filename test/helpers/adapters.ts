/**
 * Shared checks for adapter tests: every emitted event passes
 * `@ag-ui/core/schemas`, and a store fed with them ends in the expected state.
 */
import { EventSchema } from '@ag-ui/core/schemas'
import fc from 'fast-check'
import { expect } from 'vitest'
import { createReasoningStore, type ReasoningState, type ReasoningStore } from 'reasoning-ui/core'
import type { AgUiEvent, Translator } from 'reasoning-ui/adapters'

/** Fails with the event and the schema's complaint for the first invalid event. */
export function expectValidEvents(events: readonly AgUiEvent[]): void {
  for (const [i, event] of events.entries()) {
    const result = EventSchema.safeParse(event)
    expect(result.success, `event #${i} ${JSON.stringify(event)}: ${result.error?.message ?? ''}`).toBe(true)
  }
}

/** A synchronous store fed with `events`. */
export function storeOf(events: readonly AgUiEvent[]): ReasoningStore {
  const store = createReasoningStore({ flush: 'sync' })
  for (const e of events) store.dispatch(e)
  return store
}

/** What a test compares: each block's status, message kinds, text, title and encryption; the timeline order. */
export function summarize(state: ReasoningState) {
  return {
    blocks: state.blocks.map((b) => ({
      status: b.status,
      kinds: b.messages.map((m) => m.kind),
      text: b.messages.map((m) => m.text),
      title: b.title,
      encrypted: b.encrypted,
    })),
    timeline: state.timeline.map((e) => e.kind),
    diagnostics: state.diagnostics.map((d) => d.code),
  }
}

/** Translates `events` with a fresh translator, checks every output event against the schema, returns the output. */
export function translateChecked<P>(make: () => Translator<P>, events: readonly P[]): AgUiEvent[] {
  const t = make()
  const out: AgUiEvent[] = []
  for (const e of events) out.push(...t.push(e))
  out.push(...t.end())
  expectValidEvents(out)
  return out
}

/**
 * Property: however a provider's text deltas are re-cut (`rechunk` splits one
 * provider event into several equivalent ones at the given cut points), the
 * store ends with the same blocks.
 */
export function expectChunkingInvariant<P>(
  make: () => Translator<P>,
  events: readonly P[],
  rechunk: (event: P, cuts: readonly number[]) => P[],
): void {
  const expected = summarize(storeOf(translateChecked(make, events)).getState()).blocks
  fc.assert(
    fc.property(fc.array(fc.array(fc.nat(40), { maxLength: 4 }), { minLength: events.length, maxLength: events.length }), (cutsPerEvent) => {
      const recut = events.flatMap((e, i) => rechunk(e, cutsPerEvent[i] ?? []))
      const t = make()
      const out: AgUiEvent[] = []
      for (const e of recut) out.push(...t.push(e))
      out.push(...t.end())
      expect(summarize(storeOf(out).getState()).blocks).toEqual(expected)
    }),
    { numRuns: 60 },
  )
}

/** Splits `text` at the given cut points (clamped, deduplicated), never into empty pieces. */
export function cutText(text: string, cuts: readonly number[]): string[] {
  const points = [...new Set(cuts.map((c) => Math.min(c, text.length)))].filter((c) => c > 0 && c < text.length).sort((a, b) => a - b)
  const pieces: string[] = []
  let from = 0
  for (const p of points) {
    pieces.push(text.slice(from, p))
    from = p
  }
  pieces.push(text.slice(from))
  return pieces
}

/**
 * A reasoning message as a provider-facing server reads it: AG-UI's fields, without the
 * history the kit keeps in `metadata.reasoningUi` (for restoring a conversation).
 */
export function wireFields<M extends { readonly metadata?: unknown }>(message: M): Omit<M, 'metadata'> {
  const { metadata: _history, ...fields } = message
  return fields
}
