/**
 * Heading lines are how reasoning text titles itself: OpenAI-style summaries open
 * each part with a bold line (`**Solving the problem**`), open models often use
 * markdown headings. They feed block titles and the `summary` visibility level.
 */

/** Longer lines are prose, not headings; capping also bounds the per-delta work. */
export const MAX_HEADING_LINE = 200

const BOLD = /^(\*\*|__)(?!\s)(.+?)(?<!\s)\1:?$/
const ATX = /^#{1,6}[ \t]+(.+?)(?:[ \t]+#+)?$/

/** A title as the text it shows: code spans without their backticks (`Checking \`parse_args()\``). */
const plain = (title: string): string => title.trim().replace(/`([^`]+)`/g, '$1')

/** The heading a single line holds, or undefined. Never sees more than one line. */
export function parseHeading(line: string): string | undefined {
  const trimmed = line.trim()
  if (trimmed.length < 3 || trimmed.length > MAX_HEADING_LINE) return undefined
  const bold = BOLD.exec(trimmed)
  if (bold) {
    const inner = bold[2]!
    // `**a** and **b**` is a line with bold words, not a bold line.
    return inner.includes(bold[1]!) ? undefined : plain(inner)
  }
  const atx = ATX.exec(trimmed)
  return atx ? plain(atx[1]!) : undefined
}

/** All headings of a whole text, for text that arrives at once (snapshots). */
export function headingsOf(text: string): string[] {
  const found: string[] = []
  for (const line of text.split('\n')) {
    const heading = parseHeading(line)
    if (heading !== undefined) found.push(heading)
  }
  return found
}

/**
 * The headings of a text that grows by appends (a part re-sent whole on each update, as chat
 * frameworks do), scanned incrementally: while it streams, only its complete lines count (the
 * last line may still grow into or out of a heading), and when it continues the text of
 * `previous`, only the lines completed since are scanned.
 */
export interface HeadingScan {
  readonly text: string
  /** Where the scanned lines end: the newline ending the last complete line (-1: none), or the text's length once ended. */
  readonly end: number
  readonly headings: readonly string[]
}

export function scanHeadings(text: string, streaming: boolean, previous?: HeadingScan): HeadingScan {
  const end = streaming ? text.lastIndexOf('\n') : text.length
  let headings: readonly string[]
  // Only a streaming scan ends at a line's end (end < length), where the next one can go on.
  if (previous && previous.end < previous.text.length && end >= previous.end && text.startsWith(previous.text)) {
    headings = end === previous.end ? previous.headings : [...previous.headings, ...headingsOf(text.slice(previous.end + 1, end))]
  } else {
    headings = end < 0 ? [] : headingsOf(text.slice(0, end))
  }
  return { text, end, headings }
}

/**
 * What the headings arrays of one message share: a store's message copies its headings before it
 * appends one to an array a built state holds (reducer/spans.ts), so each copy starts with all of
 * the array it was made from. The titles worked out for one (selectors.ts `titlesOf`) go on with
 * the next, instead of being worked out anew for every heading found. A cell holds no array: a
 * copy that held the one before it would keep every earlier copy alive.
 */
export interface HeadingsLineage {
  /** Titles worked out, by selectors.ts; valid for the arrays of the lineage at least `count` long. */
  titles?: { count: number; readonly list: string[]; readonly seen: Set<string> }
}

const lineages = new WeakMap<readonly string[], HeadingsLineage>()

/** The lineage `headings` belongs to (a new one for an array no other continues). */
export function lineageOf(headings: readonly string[]): HeadingsLineage {
  let lineage = lineages.get(headings)
  if (lineage === undefined) lineages.set(headings, (lineage = {}))
  return lineage
}

/** `copy` continues `original` (it starts with all of it). */
export const continues = (copy: readonly string[], original: readonly string[]): void => void lineages.set(copy, lineageOf(original))
