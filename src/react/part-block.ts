/**
 * Chat frameworks hand a reasoning part to a component as props (its text, and whether it
 * is still streaming) with no timestamps. This turns such a part into the block the panel
 * renders, timing it on the client: from the first render that sees it streaming to the
 * first render that sees it ended. Internal: `assistant-ui.tsx` and `copilotkit.tsx` use it.
 */
import { useMemo, useState } from 'react'
import { headingsOf } from '../core/headings'
import type { ReasoningBlock, ReasoningEndReason, ReasoningMessagePart, ReasoningStatus } from '../core/model'
import { useReasoningConfig } from './provider'

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

interface Timing {
  readonly startedAt?: number
  readonly endedAt?: number
}

/**
 * When this component first saw the part streaming and first saw it ended, on the
 * provider's clock (`ReasoningProvider` `now`, else `Date.now`). Kept in state, so it
 * survives every re-render of the same component; a part first seen already ended
 * (history) has no duration. Updated during render (React's "adjust state on a prop
 * change"), so the first commit that shows the end already shows its duration.
 */
export function useClientTiming(streaming: boolean): Timing {
  const now = useReasoningConfig().now ?? Date.now
  const [timing, setTiming] = useState<Timing>(() => (streaming ? { startedAt: now() } : {}))
  if (streaming && timing.startedAt === undefined) setTiming({ startedAt: now() })
  else if (streaming && timing.endedAt !== undefined) setTiming({ startedAt: timing.startedAt })
  else if (!streaming && timing.startedAt !== undefined && timing.endedAt === undefined) setTiming({ ...timing, endedAt: now() })
  return timing
}

/** One part as a block (one text message, plus a summary message when the provider sent one), timed on the client. */
export function usePartBlock(id: string, part: PartInput): ReasoningBlock {
  const timing = useClientTiming(part.status === 'streaming')
  const { text, status, endReason, encrypted, summary } = part
  return useMemo(
    () => partBlock(id, { text, status, endReason, encrypted, summary }, timing),
    [id, text, status, endReason, encrypted, summary, timing],
  )
}

export function partBlock(id: string, part: PartInput, timing: Timing): ReasoningBlock {
  const { startedAt, endedAt } = timing
  const times = {
    ...(startedAt !== undefined && { startedAt }),
    ...(endedAt !== undefined && { endedAt }),
  }
  const messages: ReasoningMessagePart[] = []
  if (part.summary) {
    messages.push({ id: `${id}:summary`, kind: 'summary', text: part.summary, status: part.status, headings: headingsOf(part.summary), ...times })
  }
  // No empty message: an encrypted part without text is encrypted-only, an empty one has nothing to open.
  if (part.text) messages.push({ id: `${id}:text`, kind: 'text', text: part.text, status: part.status, headings: headingsOf(part.text), ...times })
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
