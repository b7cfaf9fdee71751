/**
 * Token usage as AG-UI 1.0 counts it (`TokenUsage` on `RUN_FINISHED` /
 * `RUN_ERROR`): `inputTokens` and `outputTokens` are totals, the reasoning and
 * cache counts are parts of them, `totalTokens` is the two totals summed.
 */
import type { TokenUsage } from '@ag-ui/core'
import { isRecord, nonEmpty } from './json'

/** A count as AG-UI takes it (a non-negative safe integer), else nothing: a bad value must not fail the run's last event. */
export const count = (value: unknown): number | undefined => (Number.isSafeInteger(value) && (value as number) >= 0 ? (value as number) : undefined)

/** `value[key]`, when `value` is an object. */
export const field = (value: unknown, key: string): unknown => (isRecord(value) ? value[key] : undefined)

export interface UsageCounts {
  readonly input?: unknown
  readonly output?: unknown
  readonly total?: unknown
  readonly reasoning?: unknown
  readonly cached?: unknown
  readonly cacheWrite?: unknown
}

/**
 * A `TokenUsage` from a provider's counts, or `undefined` when it reported none.
 * Values that are not counts are left out. Parts larger than their total cannot
 * be inside it, so the provider counted them beside it, and so did one whose
 * own total only adds up with them added: they are added in.
 * `totalTokens` is computed when both totals are known (AG-UI allows it, and
 * it then always reads as their sum), else the provider's is kept.
 */
export function tokenUsage(counts: UsageCounts, provider?: unknown, model?: unknown): TokenUsage | undefined {
  let input = count(counts.input)
  let output = count(counts.output)
  const reasoning = count(counts.reasoning)
  const cached = count(counts.cached)
  const cacheWrite = count(counts.cacheWrite)
  const given = count(counts.total)
  const cache = (cached ?? 0) + (cacheWrite ?? 0)
  // Beside, not inside: a part larger than its total, or a provider total that only adds up with the part added (xAI's reasoning).
  if (input !== undefined && output !== undefined && cache > 0 && (cache > input || given === input + output + cache)) input += cache
  if (output !== undefined && reasoning && (reasoning > output || (input !== undefined && given === input + output + reasoning))) output += reasoning
  const total = input !== undefined && output !== undefined ? input + output : given
  const counted: Partial<Record<keyof TokenUsage, number | undefined>> = {
    inputTokens: input,
    outputTokens: output,
    totalTokens: total,
    reasoningTokens: reasoning,
    cachedInputTokens: cached,
    cacheWriteInputTokens: cacheWrite,
  }
  // Sums are counts again only while they stay safe integers.
  const entries = Object.entries(counted).filter(([, v]) => count(v) !== undefined)
  if (entries.length === 0) return undefined
  return {
    ...(nonEmpty(provider) !== undefined && { provider: provider as string }),
    ...(nonEmpty(model) !== undefined && { model: model as string }),
    ...Object.fromEntries(entries),
  }
}
