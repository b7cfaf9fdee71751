/**
 * Chat frameworks hand a reasoning part to a component as props (its text, and whether it
 * is still streaming) with no timestamps. This turns such a part into the block the panel
 * renders, timing it on the client: from the first render that sees it streaming to the
 * first render that sees it ended. Internal: `assistant-ui.tsx` and `copilotkit.tsx` use it.
 */
import { useEffect, useMemo, useState } from 'react'
import { nextPartRecord, shownAs, type PartRecord, type PartSeen, type PartTimes } from '../../ai-sdk/tracker'
import { scanHeadings, type HeadingScan } from '../../core/headings'
import type { ReasoningBlock, ReasoningEndReason, ReasoningMessagePart, ReasoningStatus } from '../../core/model'
import { useReasoningConfig } from '../state/provider'

/** What a chat framework says about one reasoning part. */
export interface PartInput {
  /** The reasoning text so far. Untrusted: rendered as text only. */
  readonly text: string
  readonly status: ReasoningStatus
  readonly endReason?: ReasoningEndReason | undefined
  /** The provider sent the reasoning encrypted (or redacted): with no text, it shows as encrypted-only. */
  readonly encrypted: boolean
  /** A provider summary of the reasoning, shown at the `summary` level. */
  readonly summary?: string | undefined
}

/**
 * When this component first saw the part streaming and first saw it ended, on the
 * provider's clock (`ReasoningProvider` `now`, else `Date.now`), with the AI SDK
 * integration's rules (`reasoning-ui/ai-sdk`): a part first seen ended (history) has no
 * times; one seen ended stays ended, with its times, unless its content changes. The
 * record lives as long as the component, so the times survive every re-render, and the
 * times object keeps its identity while they do not change. It is written once a render
 * commits: a render React discards (StrictMode's second render, an interrupted
 * transition) records nothing.
 */
export function useClientTiming(id: string, seen: PartSeen, revision: string): { readonly shown: PartSeen; readonly times: PartTimes } {
  const clock = useReasoningConfig().now
  const [committed] = useState<{ record?: PartRecord }>(() => ({}))
  const base = committed.record
  const next = nextPartRecord(base, clock ?? Date.now, id, revision, seen)
  useEffect(() => {
    if (committed.record === base) committed.record = next
  }, [committed, base, next])
  return { shown: shownAs(next, seen), times: next.times }
}

/** One part as a block (one text message, plus a summary message when the provider sent one), timed on the client. */
export function usePartBlock(id: string, part: PartInput): ReasoningBlock {
  const revision = `${part.text.length}:${part.summary?.length ?? 0}`
  const { shown, times: timing } = useClientTiming(id, { status: part.status, endReason: part.endReason }, revision)
  const { text, encrypted, summary } = part
  const { status, endReason } = shown
  // The part comes whole on each update: scan only the lines completed since the last one. A
  // cache, not state: each scan follows from its text alone (the previous one only saves work).
  const [scans] = useState<{ text?: HeadingScan; summary?: HeadingScan }>(() => ({}))
  const streaming = status === 'streaming'
  const textHeadings = useMemo(() => (scans.text = scanHeadings(text, streaming, scans.text)).headings, [scans, text, streaming])
  const summaryHeadings = useMemo(
    () => (summary ? (scans.summary = scanHeadings(summary, streaming, scans.summary)).headings : []),
    [scans, summary, streaming],
  )
  return useMemo(
    () => partBlock(id, { text, status, endReason, encrypted, summary }, timing, { text: textHeadings, summary: summaryHeadings }),
    [id, text, status, endReason, encrypted, summary, timing, textHeadings, summaryHeadings],
  )
}

function partBlock(
  id: string,
  part: PartInput,
  timing: PartTimes,
  headings: { readonly text: readonly string[]; readonly summary: readonly string[] },
): ReasoningBlock {
  const { startedAt, endedAt } = timing
  const times = {
    ...(startedAt !== undefined && { startedAt }),
    ...(endedAt !== undefined && { endedAt }),
  }
  const messages: ReasoningMessagePart[] = []
  if (part.summary) {
    messages.push({ id: `${id}:summary`, kind: 'summary', text: part.summary, status: part.status, headings: headings.summary, ...times })
  }
  // No empty message: an encrypted part without text is encrypted-only, an empty one has nothing to open.
  if (part.text) messages.push({ id: `${id}:text`, kind: 'text', text: part.text, status: part.status, headings: headings.text, ...times })
  return {
    id,
    origin: 'message',
    status: part.status,
    messages,
    encrypted: part.encrypted,
    ...(part.status === 'interrupted' && part.endReason !== undefined && { endReason: part.endReason }),
    ...times,
  }
}
