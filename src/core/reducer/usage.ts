/**
 * `usage` on RUN_FINISHED and RUN_ERROR (AG-UI 1.0 `TokenUsage[]`): what the
 * provider billed for the run, reasoning tokens among it. Counts are kept only
 * when they are non-negative safe integers; anything else is dropped with a
 * diagnostic, never thrown on, and never guessed at.
 */
import type { TokenUsage } from '@ag-ui/core'
import { describe, isRecord, report, str, type Draft, type Event } from '../draft'

const COUNTS = [
  'inputTokens', 'outputTokens', 'totalTokens', 'reasoningTokens', 'cachedInputTokens', 'cacheWriteInputTokens',
] as const satisfies readonly (keyof TokenUsage)[]

type Mutable<T> = { -readonly [K in keyof T]: T[K] }

/**
 * The valid part of `event.usage`: undefined when the event carries none (or
 * nothing valid). An entry keeps its labels and its valid counts; a wrong field
 * is dropped from it, an entry with nothing valid is dropped whole.
 */
export function readUsage(d: Draft, event: Event): readonly TokenUsage[] | undefined {
  try {
    return readValidUsage(d, event)
  } catch (error) {
    // A hostile value (a throwing getter, a proxy) loses the usage, never the run's end.
    report(d, 'malformed-field', process.env.NODE_ENV !== 'production' ? `${String(event.type)}.usage could not be read (${describe(error)}); it was ignored.` : '')
    return undefined
  }
}

function readValidUsage(d: Draft, event: Event): readonly TokenUsage[] | undefined {
  const input = event.usage
  if (input === undefined || input === null) return undefined
  const type = String(event.type)
  if (!Array.isArray(input)) {
    report(d, 'malformed-field', process.env.NODE_ENV !== 'production' ? `${type}.usage must be an array of token counts (got ${describe(input).slice(0, 80)}); it was ignored.` : '')
    return undefined
  }
  const out: TokenUsage[] = []
  input.forEach((item: unknown, i) => {
    if (!isRecord(item)) {
      report(d, 'malformed-field', process.env.NODE_ENV !== 'production' ? `${type}.usage[${i}] must be an object (got ${describe(item).slice(0, 80)}); it was ignored.` : '')
      return
    }
    const entry: Mutable<TokenUsage> = {}
    const wrong: string[] = []
    for (const key of ['provider', 'model'] as const) {
      if (item[key] === undefined) continue
      const value = str(item[key])
      if (value !== undefined) entry[key] = value
      else wrong.push(process.env.NODE_ENV !== 'production' ? `${key} ${describe(item[key]).slice(0, 40)}` : key)
    }
    let counts = 0
    for (const key of COUNTS) {
      const value = item[key]
      if (value === undefined) continue
      if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) {
        entry[key] = value
        counts++
      } else {
        wrong.push(process.env.NODE_ENV !== 'production' ? `${key} ${describe(value).slice(0, 40)}` : key)
      }
    }
    if (wrong.length > 0) {
      report(d, 'malformed-field', process.env.NODE_ENV !== 'production' ? `${type}.usage[${i}]: ${wrong.join(', ')} ${wrong.length === 1 ? 'is' : 'are'} not ${wrong.length === 1 ? 'a count or label' : 'counts or labels'} (counts are non-negative integers); ${counts > 0 ? 'the rest of the entry was kept' : 'the entry had no valid count and was ignored'}.` : '')
    }
    if (counts > 0) out.push(entry)
  })
  return out.length > 0 ? out : undefined
}
