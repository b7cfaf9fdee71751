/** Reading untrusted provider JSON: type guards, and field readers that reject malformed values. */

export type Json = Readonly<Record<string, unknown>>

export const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)

export const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)

export const nonEmpty = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined)

/** A provider event that cannot be used as it is: the translator skips it with this message. */
export class Malformed extends Error {}

/** `event[key]` as a non-empty string (an id), else `Malformed`. */
export function requireId(event: Json, key: string): string {
  const value = event[key]
  if (typeof value !== 'string' || value === '') throw new Malformed(`${String(event.type)}.${key} must be a non-empty string`)
  return value
}

/** `event[key]` as a string (a delta may be empty), else `Malformed`. */
export function requireString(event: Json, key: string): string {
  const value = event[key]
  if (typeof value !== 'string') throw new Malformed(`${String(event.type)}.${key} must be a string`)
  return value
}

/** What went wrong, for a diagnostic: an error's message, else the value as text. Never throws (a hostile value's toString may). */
export function describeError(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error)
  } catch {
    return 'an unreadable error'
  }
}
