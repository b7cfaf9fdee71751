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

/**
 * Each part's end, beside it rather than on it: parts compare, spread and serialise as they are
 * (a copy simply has no end, and is read whole), and no layer reads a hidden property of a part.
 */
const ends = /* @__PURE__ */ new WeakMap<object, TextEnd>()

/** Whether `end` is the end of `text` (it ends where the text does). */
export const fits = (text: string, end: TextEnd | undefined): end is TextEnd => end !== undefined && end.at + end.recent.length === text.length

/** The end `part` was made with (the store's reasoning messages), if any and if it still fits the part's text. */
export function textEndOf(part: { readonly text: string }): TextEnd | undefined {
  const end = ends.get(part)
  return fits(part.text, end) ? end : undefined
}

/** Gives `part` (a new object, not yet shared) its text's end. */
export function setTextEnd(part: object, end: TextEnd): void {
  ends.set(part, end)
}

/** The store keeps at least a text's last this many characters in `recent`, and at most twice as many (spans.ts). */
export const RECENT_KEEP = 32_768

/** Whether `text` (whose end is `end`) has anything but white space, read from its end first. */
export function hasNonSpaceIn(text: string, end: TextEnd | undefined): boolean {
  if (!fits(text, end)) return /\S/.test(text)
  return /\S/.test(end.recent) || (end.at > 0 && /\S/.test(text))
}

/** Whether a part's text has anything but white space, read from its end first. */
export const hasNonSpace = (part: { readonly text: string }): boolean => hasNonSpaceIn(part.text, textEndOf(part))

/**
 * `text` as a string of its own. A slice of a long string keeps all of that string alive in V8
 * (a sliced string points into its parent), and a streaming text is a new string each frame:
 * paragraphs sliced from it kept one copy of the whole text per frame that finished one
 * (bench/render: 251 MB of heap for a 1 MB trace). Copying the slice costs its own length, once.
 * Also how the store joins a text's chain of appended pieces into one string (see `append`).
 */
export function own(text: string): string {
  return (text + ' ').slice(0, -1)
}
