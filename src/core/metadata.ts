import type { ReasoningEndReason, ReasoningKind, ReasoningStatus, ReasoningUiBlockMetadata, ReasoningUiMetadata } from './model'

/**
 * `metadata.reasoningUi` is this kit's namespace inside AG-UI's open `metadata`
 * bag: it carries what the protocol has no event for. Producers that do not
 * know it are unaffected; other AG-UI clients ignore it.
 */
export const METADATA_KEY = 'reasoningUi'

const KINDS: ReadonlySet<string> = new Set<ReasoningKind>(['text', 'summary', 'step'])
const STATUSES: ReadonlySet<string> = new Set<ReasoningStatus>(['streaming', 'complete', 'interrupted'])
const END_REASONS: ReadonlySet<string> = new Set<ReasoningEndReason>(['stopped', 'failed', 'disconnected', 'cut-short'])

type Writable<T> = { -readonly [K in keyof T]: T[K] }

/** What describes reasoning (as on events); every other key is history, written by `toReasoningMessages`. */
export type ReasoningUiDescription = Omit<ReasoningUiMetadata, HistoryKey>

/** Keys that only reasoning *messages* carry (the saved history); events ignore them. */
type HistoryKey = 'startedAt' | 'endedAt' | 'status' | 'endReason' | 'encryptedValueType' | 'block' | 'placeholder'

const DESCRIPTION_KEYS = ['kind', 'title', 'stepType', 'conclusion', 'confidence', 'keyFactors', 'source', 'signature', 'hidden'] as const

/**
 * Reads and validates `metadata.reasoningUi`. Returns undefined when the
 * event or message carries none; reports each wrong-typed field through
 * `problem` and drops it, keeping the rest. `problem` gets a sentence in development and,
 * where `process.env.NODE_ENV` is `production`, only the field's path (`metadata.reasoningUi.title`).
 */
export function readReasoningUiMetadata(
  metadata: unknown,
  problem: (message: string) => void,
): ReasoningUiMetadata | undefined {
  if (metadata === undefined || metadata === null) return undefined
  if (typeof metadata !== 'object' || Array.isArray(metadata)) {
    problem(process.env.NODE_ENV !== 'production' ? 'metadata must be an object' : 'metadata')
    return undefined
  }
  const raw = (metadata as Record<string, unknown>)[METADATA_KEY]
  if (raw === undefined) return undefined
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    problem(process.env.NODE_ENV !== 'production' ? `metadata.${METADATA_KEY} must be an object` : `metadata.${METADATA_KEY}`)
    return undefined
  }
  const input = raw as Record<string, unknown>
  const out: Writable<ReasoningUiMetadata> = readFields(input, METADATA_KEY, problem)
  if (input.placeholder !== undefined) {
    if (typeof input.placeholder === 'boolean') out.placeholder = input.placeholder
    else problem(process.env.NODE_ENV !== 'production' ? `metadata.${METADATA_KEY}.placeholder must be a boolean` : `metadata.${METADATA_KEY}.placeholder`)
  }
  if (input.block !== undefined) {
    const block = input.block
    if (block === null || typeof block !== 'object' || Array.isArray(block)) {
      problem(process.env.NODE_ENV !== 'production' ? `metadata.${METADATA_KEY}.block must be an object` : `metadata.${METADATA_KEY}.block`)
    } else {
      const fields = block as Record<string, unknown>
      const id = fields.id
      if (typeof id === 'string' && id.length > 0) {
        out.block = { ...readFields(fields, `${METADATA_KEY}.block`, problem), id }
      } else {
        // Without its id the block cannot be found again: the message restores on its own.
        problem(process.env.NODE_ENV !== 'production' ? `metadata.${METADATA_KEY}.block.id must be a non-empty string; the block was ignored` : `metadata.${METADATA_KEY}.block.id`)
      }
    }
  }
  return Object.keys(out).length > 0 ? out : undefined
}

/** The fields a message and a block share: the description and the timing. */
function readFields(
  input: Record<string, unknown>,
  path: string,
  problem: (message: string) => void,
): Writable<Omit<ReasoningUiBlockMetadata, 'id'>> {
  const out: Writable<Omit<ReasoningUiBlockMetadata, 'id'>> = {}
  const text = (key: 'title' | 'stepType' | 'conclusion' | 'source' | 'signature' | 'encryptedValueType') => {
    const value = input[key]
    if (value === undefined) return
    if (typeof value === 'string') out[key] = value
    else problem(process.env.NODE_ENV !== 'production' ? `metadata.${path}.${key} must be a string` : `metadata.${path}.${key}`)
  }
  const time = (key: 'startedAt' | 'endedAt') => {
    const value = input[key]
    if (value === undefined) return
    if (typeof value === 'number' && Number.isFinite(value)) out[key] = value
    else problem(process.env.NODE_ENV !== 'production' ? `metadata.${path}.${key} must be a finite number (ms)` : `metadata.${path}.${key}`)
  }
  if (input.kind !== undefined) {
    if (typeof input.kind === 'string' && KINDS.has(input.kind)) out.kind = input.kind as ReasoningKind
    else problem(process.env.NODE_ENV !== 'production' ? `metadata.${path}.kind must be one of text, summary, step` : `metadata.${path}.kind`)
  }
  text('title')
  text('stepType')
  text('conclusion')
  text('source')
  text('signature')
  if (input.confidence !== undefined) {
    if (typeof input.confidence === 'number' && Number.isFinite(input.confidence)) out.confidence = input.confidence
    else problem(process.env.NODE_ENV !== 'production' ? `metadata.${path}.confidence must be a finite number` : `metadata.${path}.confidence`)
  }
  if (input.hidden !== undefined) {
    if (typeof input.hidden === 'boolean') out.hidden = input.hidden
    else problem(process.env.NODE_ENV !== 'production' ? `metadata.${path}.hidden must be a boolean` : `metadata.${path}.hidden`)
  }
  if (input.keyFactors !== undefined) {
    if (Array.isArray(input.keyFactors) && input.keyFactors.every((f) => typeof f === 'string')) {
      out.keyFactors = input.keyFactors.slice() as string[]
    } else problem(process.env.NODE_ENV !== 'production' ? `metadata.${path}.keyFactors must be an array of strings` : `metadata.${path}.keyFactors`)
  }
  time('startedAt')
  time('endedAt')
  if (input.status !== undefined) {
    if (typeof input.status === 'string' && STATUSES.has(input.status)) out.status = input.status as ReasoningStatus
    else problem(process.env.NODE_ENV !== 'production' ? `metadata.${path}.status must be one of streaming, complete, interrupted` : `metadata.${path}.status`)
  }
  if (input.endReason !== undefined) {
    if (typeof input.endReason === 'string' && END_REASONS.has(input.endReason)) out.endReason = input.endReason as ReasoningEndReason
    else problem(process.env.NODE_ENV !== 'production' ? `metadata.${path}.endReason must be one of stopped, failed, disconnected, cut-short` : `metadata.${path}.endReason`)
  }
  text('encryptedValueType')
  return out
}

/** The descriptive part of `meta` (what events carry); undefined when there is none. */
export function descriptionOf(meta: ReasoningUiMetadata | undefined): ReasoningUiDescription | undefined {
  if (meta === undefined) return undefined
  let out: Writable<ReasoningUiDescription> | undefined
  for (const key of DESCRIPTION_KEYS) {
    const value = meta[key]
    if (value === undefined) continue
    out ??= {}
    // keyFactors is the only array: a copy, so no two records share it.
    ;(out as Record<string, unknown>)[key] = Array.isArray(value) ? value.slice() : value
  }
  return out
}
