/**
 * The end of a streaming text, readable without reading the whole text.
 *
 * V8 keeps a string built by appends (`text += delta`) as a chain of its pieces, and copies it
 * whole into one string the first time anything reads it: a search, a slice, a regular
 * expression, a comparison of content. A panel that split its live text at each frame copied all
 * of it at each frame: 5 MB a frame at the end of a 5 MB trace, garbage whose collection ran in
 * the frames (bench/render/large.ts: tasks of 70-210 ms, V8's incremental marking paid by the
 * allocating frame). The store keeps each message's last 32-64 KB beside its text; readers that
 * look only near the end (the paragraph split, the live paragraph's runs) read that instead.
 */
export interface TextEnd {
  /** The same object for as long as the text only grows by appends; a new one when it is replaced. */
  readonly lineage: object
  /** Where `recent` starts in the text. */
  readonly at: number
  /** The text from `at` on. */
  readonly recent: string
}

/** Not an enumerable property: parts compare, spread and serialise as before (a copy simply has no end). */
const END = /* @__PURE__ */ Symbol.for('reasoning-ui.text-end')

/** The end `part` was made with (the store's reasoning messages), if any and if it still fits the part's text. */
export function textEndOf(part: { readonly text: string }): TextEnd | undefined {
  const end = (part as { [END]?: TextEnd })[END]
  return end !== undefined && end.at + end.recent.length === part.text.length ? end : undefined
}

/** Gives `part` (a new object, not yet shared) its text's end. */
export function setTextEnd(part: object, end: TextEnd): void {
  Object.defineProperty(part, END, { value: end })
}

/** The store keeps at least a text's last this many characters in `recent`, and at most twice as many (spans.ts). */
export const RECENT_KEEP = 32_768

/** Whether `text` (whose end is `end`) has anything but white space, read from its end first. */
export function hasNonSpaceIn(text: string, end: TextEnd | undefined): boolean {
  const fits = end !== undefined && end.at + end.recent.length === text.length
  if (fits && /\S/.test(end.recent)) return true
  return (!fits || end.at > 0) && /\S/.test(text)
}

/** Whether a part's text has anything but white space, read from its end first. */
export const hasNonSpace = (part: { readonly text: string }): boolean => hasNonSpaceIn(part.text, textEndOf(part))
