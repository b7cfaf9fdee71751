/** A short excerpt of untrusted text, quoted so that control characters and junk stay visible. */
export const quote = (text: string, max = 100): string => JSON.stringify(text.length > max ? `${text.slice(0, max)}…` : text)

/** An error's message and its cause's: undici's bare "fetch failed" and "terminated" say little alone. */
export function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : ''
  return cause && cause !== message ? `${message} (${cause})` : message
}
