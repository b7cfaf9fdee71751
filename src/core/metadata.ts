import type { ReasoningKind, ReasoningUiMetadata } from './model'

/**
 * `metadata.reasoningUi` is this kit's namespace inside AG-UI's open `metadata`
 * bag: it carries what the protocol has no event for. Producers that do not
 * know it are unaffected; other AG-UI clients ignore it.
 */
export const METADATA_KEY = 'reasoningUi'

const KINDS: ReadonlySet<string> = new Set<ReasoningKind>(['text', 'summary', 'step'])

type Writable<T> = { -readonly [K in keyof T]: T[K] }

/**
 * Reads and validates `event.metadata.reasoningUi`. Returns undefined when the
 * event carries none; reports each wrong-typed field through `problem` and
 * drops it, keeping the rest.
 */
export function readReasoningUiMetadata(
  metadata: unknown,
  problem: (message: string) => void,
): ReasoningUiMetadata | undefined {
  if (metadata === undefined || metadata === null) return undefined
  if (typeof metadata !== 'object' || Array.isArray(metadata)) {
    problem('metadata must be an object')
    return undefined
  }
  const raw = (metadata as Record<string, unknown>)[METADATA_KEY]
  if (raw === undefined) return undefined
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    problem(`metadata.${METADATA_KEY} must be an object`)
    return undefined
  }
  const input = raw as Record<string, unknown>
  const out: Writable<ReasoningUiMetadata> = {}
  const text = (key: 'title' | 'stepType' | 'conclusion' | 'source' | 'signature') => {
    const value = input[key]
    if (value === undefined) return
    if (typeof value === 'string') out[key] = value
    else problem(`metadata.${METADATA_KEY}.${key} must be a string`)
  }
  if (input.kind !== undefined) {
    if (typeof input.kind === 'string' && KINDS.has(input.kind)) out.kind = input.kind as ReasoningKind
    else problem(`metadata.${METADATA_KEY}.kind must be one of text, summary, step`)
  }
  text('title')
  text('stepType')
  text('conclusion')
  text('source')
  text('signature')
  if (input.confidence !== undefined) {
    if (typeof input.confidence === 'number' && Number.isFinite(input.confidence)) out.confidence = input.confidence
    else problem(`metadata.${METADATA_KEY}.confidence must be a finite number`)
  }
  if (input.hidden !== undefined) {
    if (typeof input.hidden === 'boolean') out.hidden = input.hidden
    else problem(`metadata.${METADATA_KEY}.hidden must be a boolean`)
  }
  if (input.keyFactors !== undefined) {
    if (Array.isArray(input.keyFactors) && input.keyFactors.every((f) => typeof f === 'string')) {
      out.keyFactors = input.keyFactors.slice() as string[]
    } else problem(`metadata.${METADATA_KEY}.keyFactors must be an array of strings`)
  }
  return Object.keys(out).length > 0 ? out : undefined
}
