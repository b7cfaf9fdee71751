import { fits, own, type TextEnd } from '../../core/text-end'

/**
 * Incremental paragraph splitting for streaming text. Reasoning grows by
 * appends, so each call scans only the unfinished tail: finished paragraphs
 * keep their string (and their rendered element) while deltas arrive.
 */

export interface Paragraphs {
  /** The text these paragraphs were made from. */
  readonly text: string
  /** Paragraphs that can no longer change (a blank line followed them). */
  readonly done: readonly string[]
  /** Where the unfinished paragraph starts in `text`. */
  readonly tailStart: number
}

/**
 * Paragraphs as the kit keeps them: with the split they continue (`origin`, new when a text is
 * replaced rather than extended), so what was made from earlier paragraphs stays valid while it
 * is the same (strings compare by content, never by identity). A text from the store has the
 * store's lineage as its origin (see `TextEnd`).
 *
 * Its finished paragraphs are the first `count` of `log`, an array the splits of one lineage
 * share and append to in place (see `appendable`): a copy of all of them per finished paragraph
 * made a 5 MB trace's 32,027 paragraphs 50 KB of garbage per streamed KB at its end.
 */
export interface Lineage {
  readonly text: string
  readonly log: readonly string[]
  readonly count: number
  readonly tailStart: number
  readonly origin: object
  /** Where the search for the paragraph break that ends the unfinished paragraph goes on (none before it does). */
  readonly scanned?: number
}

/** The logs of the kit's making (an app's `done` arrays are never written to). */
const logs = new WeakSet<readonly string[]>()

/**
 * The log a split after `prior` appends to: its own, while no later split of the lineage appended
 * to it (that split's paragraphs would follow `count`) and the kit made it; else a copy of its paragraphs.
 */
function appendable(prior: Lineage): string[] {
  if (logs.has(prior.log) && prior.log.length === prior.count) return prior.log as string[]
  const log = prior.log.slice(0, prior.count)
  logs.add(log)
  return log
}

const empty: Lineage = { text: '', log: [], count: 0, tailStart: 0, origin: {} }

/**
 * A text read from its end where it can be (see `TextEnd`): positions are the text's own, and
 * any read that starts at `at` or after reads `recent`, never the whole text.
 */
interface Window {
  readonly text: string
  readonly recent: string
  readonly at: number
}

const windowOf = (text: string, end: TextEnd | undefined): Window => (fits(text, end) ? { text, recent: end.recent, at: end.at } : { text, recent: text, at: 0 })

const codeAt = (w: Window, i: number): number => (i >= w.at ? w.recent.charCodeAt(i - w.at) : w.text.charCodeAt(i))

function find(w: Window, needle: string, from: number): number {
  if (from < w.at) return w.text.indexOf(needle, from)
  const found = w.recent.indexOf(needle, from - w.at)
  return found === -1 ? -1 : found + w.at
}

/** `w.text.slice(from, to)`, from its end where it can be. */
function readSlice(w: Window, from: number, to = w.text.length): string {
  return from >= w.at ? w.recent.slice(from - w.at, to - w.at) : w.text.slice(from, to)
}

/**
 * Splits `text` at blank lines, continuing from `previous` when `text` extends
 * it (the streaming case), else from scratch. A blank line inside an open
 * ``` fence does not end a paragraph, so a code block stays one piece for a
 * markdown renderer. Empty paragraphs (runs of blank lines) are dropped.
 */
export function splitParagraphs(text: string, previous?: Paragraphs): Paragraphs {
  // The app's paragraphs (or a result of this, with its lineage's origin and scan) continue as a lineage.
  const prior = previous && ({ origin: {}, ...previous, log: previous.done, count: previous.done.length } as Lineage)
  const next = split(text, prior)
  // A log this split made (its paragraphs, no more) is the app's from now on: never appended to in place.
  if (next.log !== prior?.log) logs.delete(next.log)
  return { ...next, done: next.log }
}

/**
 * `splitParagraphs`, and the lineage of the result (see `Lineage`). With the text's `end` (the
 * store's messages have one), whether it extends `previous` is known from the store's lineage
 * and only its end is read: a text the store built by appends is copied whole by the first read
 * of its content (see `TextEnd`). With `joins` (the kit's texts), a blank line where a markdown
 * list or indented code goes on ends no paragraph (see the loop below).
 */
export function split(text: string, prior: Lineage = empty, end?: TextEnd, joins = false): Lineage {
  // With an end, the store's lineage says whether the text was extended (a prior of another: split afresh).
  const known = end !== undefined && prior.origin === end.lineage
  if (known ? text.length === prior.text.length : text === prior.text) return prior
  // Not startsWith: V8 compares it a character at a time, a slice by memory (6× faster at 5 MB).
  const extends_ = text.length > prior.text.length && (end === undefined ? text.slice(0, prior.text.length) === prior.text : known)
  const base: Lineage = extends_ ? prior : { ...empty, origin: end?.lineage ?? {} }
  const w = windowOf(text, end)
  let log: string[] | undefined
  let count = base.count
  let start = base.tailStart
  // Newlines right after a paragraph break belong to the break, also when they arrive in a later delta.
  if (start > 0) while (codeAt(w, start) === 10) start++
  // A break found before was inside an open fence and still is: the search goes on after it.
  let from = Math.max(start, base.scanned ?? 0)
  // A blank line the text ends in, whose paragraph may go on (a list or code may go on after it): searched again next time.
  let undecided = -1
  for (;;) {
    const gap = find(w, '\n\n', from)
    if (gap === -1) break
    const candidate = readSlice(w, start, gap)
    if (opensFence(candidate)) {
      from = gap + 2
      continue
    }
    // Only a list (its next item, an item's next paragraph or code) and indented code go on after a blank line.
    if (joins && (LIST_LINE.test(candidate) || INDENTED_END.test(candidate))) {
      let next = gap + 2
      while (codeAt(w, next) === 10) next++
      // What follows the blank line goes on with the list or code as an indented line (an item's
      // next paragraph, code) or another item. Until it is known (nothing yet, or the start of a line
      // that may still become an item: "0" before its "."), this is searched again with more text,
      // so that a streamed text ends its paragraphs where the whole text does.
      const after = readSlice(w, next, next + 12)
      if (after.length < 12 && ITEM_PREFIX.test(after)) {
        undecided = gap
        break
      }
      if (/^[ \t]/.test(after) || LIST_ITEM.test(after)) {
        from = next
        continue
      }
    }
    if (candidate.trim() !== '') {
      log ??= appendable(base)
      log.push(own(candidate))
      count++
    }
    start = gap + 2
    while (codeAt(w, start) === 10) start++
    from = start
  }
  // The last character may be the first newline of a break.
  return { text, log: log ?? base.log, count, tailStart: start, origin: base.origin, scanned: undecided >= 0 ? undecided : Math.max(from, text.length - 1) }
}

/**
 * The unfinished paragraph of `paragraphs` (made from `text`, whose end is `end`), read from the
 * text's end where it can be, and that end as the paragraph's own (for its runs).
 */
export function tailWith(paragraphs: Pick<Lineage, 'text' | 'tailStart'>, end?: TextEnd): { readonly tail: string; readonly end?: TextEnd } {
  const { text, tailStart } = paragraphs
  // A text of one paragraph is its own tail: no copy.
  const tail = tailStart === 0 ? text : readSlice(windowOf(text, end), tailStart)
  if (!fits(text, end)) return { tail }
  const at = end.at - tailStart
  return { tail, end: at >= 0 ? { lineage: end.lineage, at, recent: end.recent } : { lineage: end.lineage, at: 0, recent: end.recent.slice(-at) } }
}

/** `text.slice(from)` (the end of a paragraph whose `end` is known: see `tailWith`), from that end where it can be. */
export function sliceFrom(text: string, from: number, end: TextEnd | undefined): string {
  return readSlice(windowOf(text, end), from)
}

/**
 * The first `count` of `log`, the finished paragraphs of the final `text` they were split from, as
 * slices of it: a finished text no longer grows, so a slice keeps alive only the text the store
 * keeps anyway, where a string of its own (see `own`) is another copy of it. (A slice of a still
 * growing text would keep that version alive.) Where a paragraph is not found in order (it always
 * is: the split took it from there), the rest stay as they are.
 */
export function sliceOf(text: string, log: readonly string[], count = log.length): string[] {
  const sliced: string[] = []
  let at = 0
  for (let i = 0; i < count; i++) {
    const paragraph = log[i]!
    const start = text.indexOf(paragraph, at)
    if (start === -1) return sliced.concat(log.slice(i, count))
    at = start + paragraph.length
    sliced.push(text.slice(start, at))
  }
  return sliced
}

/** A line that is a list item: its marker, then white space or the line's end (an empty item, which the list goes on with). */
const LIST_ITEM = /^ {0,3}(?:[-+*]|\d{1,9}[.)])(?:[ \t\n]|$)/
/** A paragraph with a list item in it (at any line). */
const LIST_LINE = new RegExp(LIST_ITEM.source, 'm')
/** What more text may still make a list item: nothing, a marker without what follows it, digits without their "." or ")". */
const ITEM_PREFIX = /^(?:[-+*]|\d{1,9}[.)]?)?$/
/** A paragraph that ends in a line of indented code. */
const INDENTED_END = /(?:^|\n)(?: {4}|\t)[^\n]*$/

/**
 * True when the text leaves a ``` (or ~~~) fence open. As in CommonMark, a
 * fence closes only on a line of the same character, at least as long, with
 * nothing after it: a ``` line inside a ~~~ block (or a longer ```` fence) is code.
 */
function opensFence(text: string): boolean {
  if (!text.includes('```') && !text.includes('~~~')) return false
  let fence: string | undefined
  for (const line of text.split('\n')) fence = fenceAfter(line, fence)
  return fence !== undefined
}

/** A fence line: its indent, its run of ``` or ~~~, and the rest (the info string, or what follows a closer). */
export const FENCE_LINE = /^(\s*)(`{3,}|~{3,})(.*)$/

/**
 * The fence open after `line`, given the one open before it (undefined: none). A backtick
 * fence's info string has no backtick (```` ```a``` ```` is inline code).
 */
export function fenceAfter(line: string, fence: string | undefined): string | undefined {
  const m = FENCE_LINE.exec(line)
  if (!m) return fence
  const marks = m[2]!
  if (fence === undefined) return marks[0] === '`' && m[3]!.includes('`') ? undefined : marks
  return marks[0] === fence[0] && marks.length >= fence.length && m[3]!.trim() === '' ? undefined : fence
}
