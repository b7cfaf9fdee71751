/** A short excerpt of untrusted text, quoted so that control characters and junk stay visible. */
export const quote = (text: string, max = 100): string => JSON.stringify(text.length > max ? `${text.slice(0, max)}…` : text)
