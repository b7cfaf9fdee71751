/**
 * Long paragraphs in runs (docs/performance.md, "A long paragraph in runs"): a paragraph longer
 * than `RUN_CHARS` is cut where its renderer may cut it, and each piece renders once, in groups
 * that freeze like a text's.
 */
import { createContext, memo, useContext, useRef, useState, type ReactNode } from 'react'
import type { ReasoningKind } from '../../../core/model'
import { own, type TextEnd } from '../../../core/text-end'
import { useClientRender } from '../../state/client'
import { sliceFrom } from '../paragraphs'
import { DeferBacklog, paragraphAttributes, paragraphOf, plainText, traitsOf, type RenderText } from '../text'
import { useCatchUp } from '../catch-up'
import { freezeLimit, staticRender, useCountCatchingUp, useFreezing } from './freeze'

/**
 * The finished paragraphs of a large text, one object for as long as the text is extended (a
 * replaced text has a new one): groups read their paragraphs from it by index and hold none in
 * their props. A memoised group keeps the props of its last render, its frozen record and the
 * deps of its effects: an array of paragraphs in them was kept alive with it (a 5 MB trace's
 * groups held 10x its text in old whole-text arrays, and later the paragraphs' own copies once it
 * was finished).
 */
export interface Source {
  /**
   * The paragraphs so far (mutable on purpose: a cache, read by index, only ever extended or made
   * slices of the same text), in the split's log (see `Lineage`): it may hold more than the split
   * the text renders from, never different ones before them.
   */
  log: readonly string[]
}

interface ParagraphProps {
  /** The live paragraph (a finished one comes as `source` and `index`). */
  readonly text?: string
  /**
   * A finished paragraph, as `source.log[index]`: an element holds no string of it. A group's
   * fiber React no longer renders keeps its last children (a frozen group's did: the paragraphs'
   * own copies, after the text's slices replaced them; see `sliceOf`).
   */
  readonly source?: Source
  readonly index?: number
  /** A long live paragraph's end, read instead of all of it where it can be (see `tailWith`). */
  readonly end?: TextEnd
  readonly live: boolean
  readonly kind: ReasoningKind
  readonly render: RenderText | undefined
}

/**
 * A long paragraph in runs: pieces of about `RUN_CHARS` characters, each its own block (so its own
 * line layout), each rendered once; only the last one, still growing, renders again.
 */
export interface ParagraphRuns {
  /**
   * Where the paragraph text `text` may be cut, the piece from `start` ending there: the first
   * such index at or after `from`, or -1. The piece, rendered alone, must show what it shows as
   * part of the whole (no construct open across the cut), and the rest must render as the
   * paragraph's continuation. The kit passes the paragraph from the piece's start on (`start`
   * 0): what is before `start` is not the cut's to read. `span`: characters a run holds at least
   * (`RUN_CHARS`), which is where `from` is; a cut may look up to twice as far again.
   */
  readonly cut: (text: string, start: number, from: number, span: number) => number
  /** One run, a piece of the paragraph's text (the last one may still grow, `live`). */
  readonly run: (text: string, live: boolean) => ReactNode
  /** The paragraph element around its runs. */
  readonly paragraph: (runs: ReactNode, live: boolean) => ReactNode
}

/**
 * Characters a run of a long paragraph holds at least (about 40 lines in a 720 px column): a
 * paragraph longer than this is cut into runs at the first place after each `RUN_CHARS` where
 * its renderer may cut it (a sentence's end, for markdown). Each run is a block of its own: one
 * endless paragraph would otherwise be one line layout, redone whole every frame (200 KB of prose
 * streamed into one text node took 33 s in Chromium, against 1 s in blocks of 2 KB).
 */
export const RUN_CHARS = 4_000

/** Where plain text may be cut: after any white space, else (a run of none) hard, `RUN_CHARS` on. */
function plainCut(text: string, _start: number, from: number, span: number): number {
  const limit = Math.min(text.length - 1, from + span)
  for (let i = from; i < limit; i++) {
    const c = text.charCodeAt(i)
    if (c === 32 || c === 10 || c === 9) return i + 1
  }
  if (limit < from + span) return -1
  // Never between the two halves of a surrogate pair.
  const low = text.charCodeAt(limit)
  return low >= 0xdc00 && low <= 0xdfff ? limit + 1 : limit
}

/** The kit's plain renderer in runs. */
const plainRuns: ParagraphRuns = {
  cut: plainCut,
  run: (text) => text,
  paragraph: (runs, live) => <div {...paragraphAttributes(live)}>{runs}</div>,
}

export const runsOf = (render: RenderText | undefined): ParagraphRuns | undefined =>
  render === undefined || render === plainText ? plainRuns : traitsOf(render)?.runs

/** Where a paragraph's text is cut into runs; `origin` changes when the text is replaced rather than extended. */
interface Cuts {
  readonly text: string
  /** Where each run but the last ends, ascending. */
  readonly at: readonly number[]
  /** The text of each run but the last (strings of their own: see `own`). */
  readonly pieces: readonly string[]
  readonly origin: object
  /** The first cuts of a paragraph that mounted long (see `Runs`). */
  readonly mounted?: boolean
}

const noCuts: Cuts = { text: '', at: [], pieces: [], origin: {} }
/** No cuts yet, of a paragraph that mounted long (see `Runs`): no hook of its own in every paragraph. */
const mountCuts: Cuts = { ...noCuts }

/**
 * The cuts of `text`, continuing `previous` when `text` extends it: only text after the last cut
 * is searched again. With the paragraph's `end` (a live paragraph of a store's text: see
 * `tailWith`), that it extends is known from its lineage, and only its end is read.
 */
function cutRuns(text: string, runs: ParagraphRuns, previous: Cuts, end: TextEnd | undefined): Cuts {
  const last = previous.at.length === 0 ? 0 : previous.at[previous.at.length - 1]!
  const extends_ =
    text.length >= previous.text.length &&
    (end === undefined ? text.slice(0, last) === previous.text.slice(0, last) : previous.origin === end.lineage)
  const base = extends_ ? previous : { ...noCuts, origin: end?.lineage ?? {} }
  let at: number[] | undefined
  let pieces: string[] | undefined
  let start = base === previous ? last : 0
  while (text.length - start > RUN_CHARS) {
    // The piece from `start` on, alone: a cut looks at the piece it ends (see `ParagraphRuns.cut`).
    const rest = sliceFrom(text, start, end)
    const cut = runs.cut(rest, 0, RUN_CHARS, RUN_CHARS)
    if (cut <= 0 || cut >= rest.length) break
    ;(at ??= [...base.at]).push(start + cut)
    ;(pieces ??= [...base.pieces]).push(own(rest.slice(0, cut)))
    start += cut
  }
  return { text, at: at ?? base.at, pieces: pieces ?? base.pieces, origin: base.origin, mounted: previous === mountCuts }
}

interface RunGroupProps {
  /** The pieces and origin of the paragraph's cuts (never its text: a memoised fiber would keep an old one alive). */
  readonly pieces: readonly string[]
  readonly origin: object
  /** The runs this group shows, by index: `from` up to (not including) `to`. */
  readonly from: number
  readonly to: number
  readonly runs: ParagraphRuns
  /** The group is full and has another full one after it (or the paragraph is finished), and the renderer is static: it may be frozen. */
  readonly settled: boolean
}

/**
 * Whether what mounts now continues a text whose live paragraph the common path showed (see
 * `useCatchUp`'s `continued`): true in such a `LargeText`'s first commit, so that a long live
 * paragraph's runs show whole too; false after it (a mutable cell, read once at each mount).
 */
export const Continued = /* @__PURE__ */ createContext<{ now: boolean }>({ now: false })

/** One finished run, rendered once. */
const Run = /* @__PURE__ */ memo(function Run({ text, runs }: { readonly text: string; readonly runs: ParagraphRuns }) {
  return <div data-slot="reasoning-run">{runs.run(text, false)}</div>
})

/**
 * Up to `RUN_GROUP` finished runs, memoised as one (see `Group`): runs before the last cut never
 * change while the cuts keep their origin. A settled one is frozen like a group of paragraphs.
 */
const RunGroup = /* @__PURE__ */ memo(
  function RunGroup({ pieces, origin, from, to, runs, settled }: RunGroupProps) {
    const element = useRef<HTMLDivElement>(null)
    const frozen = useFreezing(element, settled, [origin, from, to, runs])
    if (frozen !== undefined) return frozen
    const items: ReactNode[] = []
    for (let i = from; i < to; i++) items.push(<Run key={i} text={pieces[i]!} runs={runs} />)
    return (
      <div ref={element} data-slot="reasoning-group">
        {items}
      </div>
    )
  },
  (a, b) => a.origin === b.origin && a.from === b.from && a.to === b.to && a.runs === b.runs && a.settled === b.settled,
)

/**
 * Runs per memoised group (about 64 KB of text): a long paragraph's groups freeze (see `Group`)
 * at this grain, so the one on screen, which stays React's, holds little of a long paragraph.
 */
const RUN_GROUP = 16

/**
 * A long paragraph in runs: groups of finished runs, then the last run, the only one that renders
 * again. Its groups may be frozen (the renderer is static; see `freezeLimit`). A live one shows the
 * runs that came since its last commit a budget at a time (see `useCatchUp`), as a text does its
 * paragraphs: a flood into one endless paragraph rendered all of them in one frame (bench/render/large.ts:
 * 71-111 ms at 200 KB, where the panel opened with what had come, and 108-143 ms tasks at 5 MB).
 */
function Runs(props: { readonly text: string; readonly end: TextEnd | undefined; readonly cuts: Cuts; readonly live: boolean; readonly runs: ParagraphRuns; readonly render: RenderText | undefined; readonly deferrable: boolean }) {
  const { text, end, cuts, live, runs, render } = props
  // Mounting with a backlog, from the next frame on, as a text does (see `StreamingText`); not where
  // the paragraph was on screen already and has just grown long (it would go blank for a frame).
  const client = useClientRender()
  const [continued] = useState(useContext(Continued).now)
  const { shown, behind } = useCatchUp(cuts.pieces, cuts.pieces.length, text, live, render, useContext(DeferBacklog) && client && props.deferrable, continued ? Infinity : 0)
  useCountCatchingUp(behind)
  // None of a paragraph shorter than two full groups (about 128 KB).
  const freezable = freezeLimit(shown, RUN_GROUP, live, staticRender(render))
  const groups: ReactNode[] = []
  for (let from = 0; from < shown; from += RUN_GROUP) {
    const to = Math.min(from + RUN_GROUP, shown)
    groups.push(<RunGroup key={from} pieces={cuts.pieces} origin={cuts.origin} from={from} to={to} runs={runs} settled={to <= freezable} />)
  }
  // Behind, the next finished run in the last one's place: the text grows a step at a time, and
  // what was on screen never goes away for a frame. None while a mount defers them all.
  const rest = behind ? (shown > 0 ? cuts.pieces[shown]! : undefined) : sliceFrom(text, shown === 0 ? 0 : cuts.at[shown - 1]!, end)
  return runs.paragraph(
    <>
      {groups}
      {rest !== undefined && (
        <div data-slot="reasoning-run" data-live={live ? '' : undefined}>
          {runs.run(rest, live)}
        </div>
      )}
    </>,
    live,
  )
}

/**
 * Whether `LargeParagraph` renders the finished `text` in runs: where `cutRuns` finds a first cut (it
 * looks for more only after one). Its runs are React's, and their groups freeze.
 */
export function hasRuns(text: string, runs: ParagraphRuns): boolean {
  const cut = runs.cut(text, 0, RUN_CHARS, RUN_CHARS)
  return cut > 0 && cut < text.length
}

/**
 * One paragraph of a large text (see `GroupProps`), memoised on its props, so a finished paragraph
 * renders once; a long one renders in runs, and its cuts are kept (React's "store information
 * from previous renders"), also once it is finished, so only its newest run renders again.
 */
export const LargeParagraph = /* @__PURE__ */ memo(function LargeParagraph({ text: given, source, index, end, live, kind, render }: ParagraphProps) {
  const text = source === undefined ? given! : source.log[index!]!
  const runs = runsOf(render)
  // Mounted long (a panel opened with a backlog in one paragraph), its runs may wait for the next frame (see `Runs`).
  const [cuts, setCuts] = useState<Cuts>(() => (text.length > RUN_CHARS ? mountCuts : noCuts))
  let current = cuts
  if (runs !== undefined && text.length > RUN_CHARS && cuts.text !== text) {
    current = cutRuns(text, runs, cuts, end)
    setCuts(current)
  }
  if (runs !== undefined && text.length > RUN_CHARS && current.at.length > 0) return <Runs text={text} end={end} cuts={current} live={live} runs={runs} render={render} deferrable={current.mounted === true} />
  return paragraphOf(text, live, kind, render)
})
