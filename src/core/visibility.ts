import type { ReasoningBlock, ReasoningEndReason, ReasoningKind, ReasoningStatus, ReasoningUiMetadata, Visibility } from './model'
import { isEncryptedOnly, lastTitleOf, selectSummary, type BlockSummary } from './selectors'
import { hasNonSpace, setTextEnd, textEndOf } from './text-end'

/** A message as the `full` level shows it: no encrypted value, no signature. */
export interface VisibleMessage {
  readonly id: string
  readonly kind: ReasoningKind
  readonly text: string
  readonly status: ReasoningStatus
  readonly headings: readonly string[]
  readonly meta?: Omit<ReasoningUiMetadata, 'signature'>
}

/** What a panel may render for one block at one visibility level. Nothing else reaches the DOM. */
export interface VisibleBlock {
  readonly id: string
  readonly visibility: Visibility
  readonly status: ReasoningStatus
  /** Why an `interrupted` block ended early, when known (see `ReasoningBlock.endReason`). */
  readonly endReason?: ReasoningEndReason
  readonly encrypted: boolean
  /** Encrypted with no visible text: shown as a lock indicator at every level, never expandable. */
  readonly encryptedOnly: boolean
  /**
   * Whether the panel can open: false for `none`, for encrypted-only blocks (also while
   * streaming) and for a block with nothing to show at this level yet (no text, summary,
   * titles, steps or outcome), so there is never an empty body behind a chevron.
   */
  readonly expandable: boolean
  readonly startedAt?: number
  readonly endedAt?: number
  readonly runId?: string
  readonly subagentRunId?: string
  /** `summary` and `full` only. */
  readonly title?: string
  /** `summary` and `full` only. */
  readonly summary?: BlockSummary
  /**
   * How many steps the open panel shows, counted exactly as it lists them: at `full` its
   * structured steps, else the section headings of its text (else of its provider summary);
   * at `summary` the titles it lists (or the sections of the provider summary it shows).
   * 0 for `none`.
   */
  readonly steps: number
  /** Block-level structured outcome (`conclusion`, `confidence`, `keyFactors`): `summary` and `full` only. */
  readonly outcome?: Pick<ReasoningUiMetadata, 'conclusion' | 'confidence' | 'keyFactors'>
  /** The raw reasoning: `full` only, empty otherwise. */
  readonly messages: readonly VisibleMessage[]
}

const cache = new WeakMap<ReasoningBlock, Partial<Record<Visibility, VisibleBlock>>>()

/**
 * The privacy boundary: projects a block to what `visibility` allows, dropping raw
 * text for `none` and `summary` and encrypted values always, before anything renders.
 * Memoised per block object and level, so the result keeps its identity while the block does.
 */
export function projectBlock(block: ReasoningBlock, visibility: Visibility): VisibleBlock {
  let perLevel = cache.get(block)
  const cached = perLevel?.[visibility]
  if (cached) return cached
  const encryptedOnly = isEncryptedOnly(block)
  const base = {
    id: block.id,
    visibility,
    status: block.status,
    ...(block.endReason !== undefined && { endReason: block.endReason }),
    encrypted: block.encrypted,
    encryptedOnly,
    expandable: visibility !== 'none' && !encryptedOnly && hasContent(block),
    ...(block.startedAt !== undefined && { startedAt: block.startedAt }),
    ...(block.endedAt !== undefined && { endedAt: block.endedAt }),
    ...(block.runId !== undefined && { runId: block.runId }),
    ...(block.subagentRunId !== undefined && { subagentRunId: block.subagentRunId }),
  }
  let projected: VisibleBlock
  if (visibility === 'none') {
    projected = { ...base, steps: 0, messages: [] }
  } else {
    const outcome = pickOutcome(block.meta)
    const summary = selectSummary(block)
    projected = {
      ...base,
      ...(block.title !== undefined && { title: block.title }),
      summary,
      steps: countSteps(block, visibility, summary),
      ...(outcome !== undefined && { outcome }),
      messages: visibility === 'full' ? block.messages.map(visibleMessage) : [],
    }
  }
  if (!perLevel) cache.set(block, (perLevel = {}))
  perLevel[visibility] = projected
  return projected
}

const messageCache = new WeakMap<object, VisibleMessage>()

function visibleMessage(message: ReasoningBlock['messages'][number]): VisibleMessage {
  const cached = messageCache.get(message)
  if (cached) return cached
  let meta: VisibleMessage['meta']
  if (message.meta) {
    const { signature: _signature, ...rest } = message.meta
    if (Object.keys(rest).length > 0) meta = rest
  }
  const visible: VisibleMessage = {
    id: message.id,
    kind: message.kind,
    text: message.text,
    status: message.status,
    headings: message.headings,
    ...(meta !== undefined && { meta }),
  }
  const end = textEndOf(message)
  if (end !== undefined) setTextEnd(visible, end)
  messageCache.set(message, visible)
  return visible
}

/**
 * Something to show behind the chevron: text of any kind, a step, titles or an
 * outcome. The `summary` level shows the summary or titles, else says there is
 * none, which is worth opening for only when there is reasoning to summarise.
 */
function hasContent(block: ReasoningBlock): boolean {
  if (block.title !== undefined || pickOutcome(block.meta) !== undefined) return true
  // Whitespace alone (a leading "\n\n" delta) is nothing to show.
  return block.messages.some((m) => hasNonSpace(m) || m.kind === 'step' || m.meta?.title !== undefined)
}

function countSteps(block: ReasoningBlock, visibility: 'summary' | 'full', summary: BlockSummary): number {
  let steps = 0
  let headings = 0
  let summaryHeadings = 0
  for (const message of block.messages) {
    if (message.kind === 'step') steps++
    else if (message.kind === 'text') headings += message.headings.length
    else summaryHeadings += message.headings.length
  }
  if (visibility === 'summary') return summary.source === 'provider' ? summaryHeadings : summary.titles.length
  return steps > 0 ? steps : headings > 0 ? headings : summaryHeadings
}

/**
 * The title a block's status row shows beside its status: while it streams, the
 * latest section title (so the row says what the model is thinking about now); once
 * it ended, its own title (explicit, else its first heading). None at `none`: titles
 * are summary-level information.
 */
export function headlineOf(block: VisibleBlock): string | undefined {
  if (block.visibility === 'none' || block.encryptedOnly) return undefined
  if (block.status === 'streaming') return (block.summary && lastTitleOf(block.summary)) ?? block.title
  return block.title ?? block.summary?.titles[0]
}

function pickOutcome(meta: ReasoningUiMetadata | undefined): VisibleBlock['outcome'] {
  if (!meta) return undefined
  const { conclusion, confidence, keyFactors } = meta
  if (conclusion === undefined && confidence === undefined && keyFactors === undefined) return undefined
  return {
    ...(conclusion !== undefined && { conclusion }),
    ...(confidence !== undefined && { confidence }),
    ...(keyFactors !== undefined && { keyFactors }),
  }
}
