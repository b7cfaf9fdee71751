import { createContext, memo, useContext, useEffect, useReducer, useRef, useState, type MouseEvent, type ReactNode, type RefObject } from 'react'
import { flushSync } from 'react-dom'
import { parseHeading } from '../../core/headings'
import type { ReasoningKind } from '../../core/model'
import { useClientRender, useIsomorphicLayoutEffect } from '../state/client'
import { defaultLabels, type ReasoningLabels } from '../state/labels'
import { hasNonSpaceIn, own, type TextEnd } from '../../core/text-end'
import { sliceFrom, sliceOf, split as splitText, tailWith, type Lineage } from './paragraphs'

export interface RenderTextInfo {
  /** The paragraph is the one still receiving text. */
  readonly live: boolean
  /** What the paragraph belongs to: reasoning text, a provider summary, or a step. */
  readonly kind: ReasoningKind
  /** The heading this paragraph is (a bold line such as `**Checking units**`), if it is one. */
  readonly heading?: string
}

/**
 * Renders one paragraph of untrusted reasoning text (split at blank lines; a
 * fenced code block stays whole). The styled components default to
 * `markdownText`, the headless parts to `plainText` (the text as it is); plug in your own renderer here, which must not inject
 * the text as HTML. Finished paragraphs are rendered once and then memoised, so
 * keep the function stable (module scope or `useCallback`).
 */
export type RenderText = (text: string, info: RenderTextInfo) => ReactNode

/**
 * Builds a finished paragraph's element without React: the element its renderer's React output
 * renders for it (the kit's paragraph element around `plainText`'s content, `markdownText`'s
 * paragraph), attribute for attribute. `labels` are what a code block's copy button says. A group
 * of the kit's own renderers' finished paragraphs is built as DOM (see `BuiltGroup`).
 */
export type BuildParagraph = (text: string, heading: string | undefined, labels: ReasoningLabels, definitions: readonly string[]) => HTMLElement

/**
 * What the text layer knows of the kit's own renderers (`plainText`, `markdownText`), and of no
 * other: none of it is a property of the renderer, so a renderer an app makes from one
 * (`Object.assign(fn, markdownText, { paragraph })`) is the app's, rendered by React and never
 * frozen or built. The numbers behind each are in docs/performance.md.
 */
export interface KitRenderer {
  /**
   * Rendering cost per character against plain text (1, the default): a commit that catches up
   * with a burst of text adds `CATCH_UP_CHARS / cost` characters (up to 4 times that once commits
   * are measured to be fast, and twice either while much more is waiting).
   */
  readonly cost?: number
  /** How a long paragraph renders in runs (see `RUN_CHARS`); without, it renders whole, every frame while live. */
  readonly runs?: ParagraphRuns
  /** Its finished paragraph is plain DOM (no state, no handler but a button's click): its groups may be frozen. */
  readonly static?: boolean
  /** Its finished paragraph as DOM, built while `ready` (markdown: once its parser has loaded). */
  readonly build?: BuildParagraph
  readonly ready?: () => boolean
}

const kitRenderers = new WeakMap<RenderText, KitRenderer>()

/** Registers `render` as one of the kit's own renderers (see `KitRenderer`). */
export const kitRenderer = <R extends RenderText>(render: R, traits: KitRenderer): R => {
  kitRenderers.set(render, traits)
  return render
}

/** What the text layer knows of `render` (none for an app's own renderer). */
export const traitsOf = (render: RenderText | undefined): KitRenderer | undefined => kitRenderers.get(render ?? plainText)

const builderOf = (render: RenderText | undefined): BuildParagraph | undefined => {
  const traits = traitsOf(render)
  return traits?.ready === undefined || traits.ready() ? traits?.build : undefined
}

/**
 * The lines of a text that look like link reference definitions (`[label]: url`, with the two lines
 * after it, which may hold its destination and title), so that a paragraph's `[label]` finds a
 * definition made in another paragraph.
 * One array for as long as no line is added: the paragraphs that read it render again only then.
 */
const DefinitionLines = /* @__PURE__ */ createContext<readonly string[]>([])

/** The definition lines of the text being rendered (see `DefinitionLines`). */
export const useDefinitionLines = (): readonly string[] => useContext(DefinitionLines)

/** A line that starts a link reference definition: `[label]:`, indented less than code. */
const DEFINITION = /^ {0,3}\[(?:[^\]\\]|\\.)+\]:/
const noLines: readonly string[] = []

/**
 * The definitions a paragraph starts with (a definition never interrupts a paragraph, so each is at
 * its start or after another), each with the two lines after it, which may hold its destination
 * and title. Reads only those lines, never the whole paragraph.
 */
function leadingDefinitions(paragraph: string): string[] {
  const found: string[] = []
  let at = 0
  while (at < paragraph.length) {
    const end = paragraph.indexOf('\n', at)
    const line = paragraph.slice(at, end === -1 ? undefined : end)
    if (!DEFINITION.test(line)) {
      // A title on its own line may follow a definition; anything else ends them.
      if (found.length === 0 || !/^\s*["'(<]|^\s*\S+\s*$/.test(line)) break
    } else {
      let stop = end
      for (let more = 0; more < 2 && stop !== -1; more++) stop = paragraph.indexOf('\n', stop + 1)
      found.push(paragraph.slice(at, stop === -1 ? undefined : stop))
    }
    if (end === -1) break
    at = end + 1
  }
  return found
}

interface Definitions {
  readonly origin: object
  /** The definitions of the first `counted` finished paragraphs. */
  readonly counted: number
  readonly finished: readonly string[]
  /** Those of a finished text's last paragraph too (a live one's are read once it is finished). */
  readonly lines: readonly string[]
}

/**
 * The definition lines of a text split into `count` finished paragraphs of `log` and `tail`,
 * continuing `previous` while the text is extended (the same `origin`): only paragraphs finished
 * since are read, and only their first lines.
 */
function definitionLines(log: readonly string[], count: number, tail: string, live: boolean, origin: object, previous: Definitions | undefined): Definitions {
  const same = previous?.origin === origin && previous.counted <= count
  let finished = same ? previous!.finished : noLines
  let found: string[] | undefined
  for (let i = same ? previous!.counted : 0; i < count; i++) {
    const lines = leadingDefinitions(log[i]!)
    if (lines.length > 0) (found ??= [...finished]).push(...lines)
  }
  if (found !== undefined) finished = found
  const last = live ? noLines : leadingDefinitions(tail)
  const previousLast = same ? previous!.lines.slice(previous!.finished.length) : noLines
  const unchanged = same && finished === previous!.finished && last.length === previousLast.length && last.every((line, i) => line === previousLast[i])
  if (unchanged) return previous!.counted === count ? previous! : { ...previous!, counted: count }
  return { origin, counted: count, finished, lines: last.length === 0 ? finished : [...finished, ...last] }
}

/** What `Paragraph` renders for a finished paragraph of plain text, as DOM. */
function buildPlain(text: string, heading: string | undefined): HTMLElement {
  const element = document.createElement('div')
  element.setAttribute('data-slot', 'reasoning-paragraph')
  element.setAttribute('dir', 'auto')
  if (heading === undefined) {
    element.append(text)
  } else {
    const strong = document.createElement('strong')
    strong.append(heading)
    element.append(strong)
  }
  return element
}

/**
 * The headless parts' default: the paragraph as it is (a bold title line as
 * bold), never parsed. The styled components default to `markdownText`; pass
 * `renderText={plainText}` to opt them out.
 */
export const plainText: RenderText = /* @__PURE__ */ kitRenderer((text: string, { heading }: RenderTextInfo): ReactNode => (heading !== undefined ? <strong>{heading}</strong> : text), {
  static: true,
  build: buildPlain,
})

/**
 * A renderer that draws the whole paragraph element itself (`markdownText` does, to mark its
 * format and make a heading the paragraph itself), instead of content inside the kit's paragraph
 * element.
 */
export interface WholeParagraphRenderer extends RenderText {
  readonly paragraph: (text: string, live: boolean, heading: string | undefined) => ReactNode
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
   * 0): what is before `start` is not the cut's to read.
   */
  readonly cut: (text: string, start: number, from: number) => number
  /** One run, a piece of the paragraph's text (the last one may still grow, `live`). */
  readonly run: (text: string, live: boolean) => ReactNode
  /** The paragraph element around its runs. */
  readonly paragraph: (runs: ReactNode, live: boolean) => ReactNode
}

const drawsParagraph = (render: RenderText): render is WholeParagraphRenderer => 'paragraph' in render

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
  /** The paragraph is still receiving text. */
  readonly live: boolean
  readonly kind: ReasoningKind
  readonly render: RenderText | undefined
}

/**
 * Characters a run of a long paragraph holds at least (about 40 lines in a 720 px column): a
 * paragraph longer than this is cut into runs at the first place after each `RUN_CHARS` where
 * its renderer may cut it (a sentence's end, for markdown). Each run is a block of its own: one
 * endless paragraph would otherwise be one line layout, redone whole every frame (200 KB of prose
 * streamed into one text node took 33 s in Chromium, against 1 s in blocks of 2 KB).
 */
export const RUN_CHARS = 4_000
/** Paragraphs per memoised group: a commit re-renders the newest group and skips the others whole. */
const GROUP = 64
/**
 * Groups per chunk: a text's first `CHUNK` groups are the text's own children, and each `CHUNK`
 * after them sit in a chunk of their own (`data-slot="reasoning-chunk"`, a plain block). The
 * browser lays out (and anchors the scroll) in each frame along the path to what changed, and
 * went through every child of each element on it: with all groups side by side, a frame's
 * layout grew with the text (the 5 MB markdown trace of bench/render/large.ts paced at 100 KB a
 * second, CDP's layout time: 123 ms a second at 0.5 MB, 183 ms at 4 MB; in chunks, 110 and 100).
 * A group never changes chunk, so React never moves one, and a chunk is memoised like a group.
 */
const CHUNK = 16
/**
 * Full groups kept as React rendered them after the newest paragraphs of a live text; the ones
 * before may be frozen (see `freezeLimit`).
 */
const FROZEN_AFTER = 1

/**
 * Where a text's (or a long paragraph's) groups of `size` may be frozen, given its `items` finished
 * paragraphs (or runs): a group ending at or before it. While it is `live`, the groups with
 * `FROZEN_AFTER` full ones after them; once finished, all (the one on screen stays React's).
 * None where the renderer is not static (`allowed`), nor of a text shorter than that and one more
 * group: it holds little, and a chat of many short finished blocks keeps no freezing work, nor a
 * listener for those on screen. (-1, not 0: the group of a live paragraph alone ends at 0.)
 */
const freezeLimit = (items: number, size: number, live: boolean, allowed: boolean): number =>
  !allowed || items < (FROZEN_AFTER + 1) * size ? -1 : live ? items - FROZEN_AFTER * size : Infinity

/** Where plain text may be cut: after any white space, else (a run of none) hard, `RUN_CHARS` on. */
function plainCut(text: string, _start: number, from: number): number {
  const limit = Math.min(text.length - 1, from + RUN_CHARS)
  for (let i = from; i < limit; i++) {
    const c = text.charCodeAt(i)
    if (c === 32 || c === 10 || c === 9) return i + 1
  }
  if (limit < from + RUN_CHARS) return -1
  // Never between the two halves of a surrogate pair.
  const low = text.charCodeAt(limit)
  return low >= 0xdc00 && low <= 0xdfff ? limit + 1 : limit
}

/** The kit's plain renderer in runs. */
const plainRuns: ParagraphRuns = {
  cut: plainCut,
  run: (text) => text,
  paragraph: (runs, live) => (
    <div data-slot="reasoning-paragraph" data-live={live ? '' : undefined} dir="auto">
      {runs}
    </div>
  ),
}

const runsOf = (render: RenderText | undefined): ParagraphRuns | undefined =>
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
    const cut = runs.cut(rest, 0, RUN_CHARS)
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
  const { shown, behind } = useCatchUp(cuts.pieces, cuts.pieces.length, text, live, render, useContext(DeferBacklog) && client && props.deferrable)
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

/** One paragraph. Memoised on its props, so a finished paragraph renders once; a long one renders in runs. */
const Paragraph = /* @__PURE__ */ memo(function Paragraph({ text: given, source, index, end, live, kind, render }: ParagraphProps) {
  const text = source === undefined ? given! : source.log[index!]!
  // The cuts so far (React's "store information from previous renders"): a live paragraph keeps
  // them, and so does the same paragraph once finished, so only its newest run renders again.
  const runs = runsOf(render)
  // Mounted long (a panel opened with a backlog in one paragraph), its runs may wait for the next frame (see `Runs`).
  const [cuts, setCuts] = useState<Cuts>(() => (text.length > RUN_CHARS ? mountCuts : noCuts))
  let current = cuts
  if (runs !== undefined && text.length > RUN_CHARS && cuts.text !== text) {
    current = cutRuns(text, runs, cuts, end)
    setCuts(current)
  }
  if (runs !== undefined && text.length > RUN_CHARS && current.at.length > 0) return <Runs text={text} end={end} cuts={current} live={live} runs={runs} render={render} deferrable={current.mounted === true} />
  // Only a finished paragraph of one line can be a heading: a live one may still grow.
  const heading = !live && !text.trim().includes('\n') ? parseHeading(text) : undefined
  const liveAttribute = live ? '' : undefined
  if (render !== undefined && drawsParagraph(render)) return render.paragraph(text, live, heading)
  const info: RenderTextInfo = heading === undefined ? { live, kind } : { live, kind, heading }
  // dir="auto": each paragraph takes the direction of its own first strong character, so English on an
  // RTL page ends "… next week?" instead of "?… next week", and Arabic in an LTR app reads right to left.
  return (
    <div data-slot="reasoning-paragraph" data-live={liveAttribute} dir="auto">
      {(render ?? plainText)(text, info)}
    </div>
  )
})

/**
 * The finished paragraphs of a text, one object for as long as the text is extended (a replaced
 * text has a new one): groups read their paragraphs from it by index and hold none in their props.
 * A memoised group keeps the props of its last render, its frozen record and the deps of its
 * effects: an array of paragraphs in them was kept alive with it (a 5 MB trace's groups held 10x
 * its text in old whole-text arrays, and later the paragraphs' own copies once it was finished).
 */
interface Source {
  /**
   * The paragraphs so far (mutable on purpose: a cache, read by index, only ever extended or made
   * slices of the same text), in the split's log (see `Lineage`): it may hold more than the split
   * the text renders from, never different ones before them.
   */
  log: readonly string[]
}

interface GroupProps {
  /** Where the group's finished paragraphs are: `source.log[first]` and the `count - 1` after it. */
  readonly source: Source
  /** The index of its first paragraph in the text (the paragraphs' keys). */
  readonly first: number
  readonly count: number
  /** The live paragraph, when it is this group's last (the last one, finished, once the text is). */
  readonly tail: string | undefined
  /** A long `tail`'s end (see `tailWith`): made with it, so not compared. */
  readonly tailEnd?: TextEnd
  /** Its `tail` is still receiving text (false in every other group). */
  readonly live: boolean
  readonly kind: ReasoningKind
  readonly render: RenderText | undefined
  /** The group is finished, full and has another full one after it (any group of a finished text), and `render` is static: it may be frozen. */
  readonly settled: boolean
}

/**
 * Renderers whose finished output is plain DOM (see `KitRenderer.static`): the kit's
 * own. Another may hold state or handlers, so its groups are never frozen.
 */
const staticRender = (render: RenderText | undefined): boolean => traitsOf(render)?.static === true

/**
 * A frozen group: a copy of its DOM, in place of what React rendered, and what it was rendered
 * with. A 1 MB markdown trace rendered by React holds about 10 bytes of fibers and props a
 * character (63,569 fibers for 25,257 elements); its DOM alone, none of that. The copy is the same
 * elements and text, so find-in-page, selection and copy, and screen readers reach it as before.
 */
interface Frozen {
  readonly nodes: readonly ChildNode[]
  /** What the group rendered from (see `useFreezing`). */
  readonly inputs: readonly unknown[]
  /** The one label the copy shows (an app's labels may be a new object at each render, the same words). */
  readonly copyCode: string | undefined
}

/** The labels the renderer shows (a code block's copy button): a frozen or built group renders again when they change. */
const FrozenLabels = /* @__PURE__ */ createContext<ReasoningLabels | undefined>(undefined)

/** The labels of the text being rendered (`StreamingText`'s), if any: what a code block's copy button says, built or React's. */
export const useTextLabels = (): ReasoningLabels | undefined => useContext(FrozenLabels)

/** Frozen groups' jobs, oldest first (a job copies a group's DOM and asks React to render it frozen). */
const freezing = new Set<() => void>()
/** Jobs of groups that could not freeze yet (on screen; focus, a selection or a "Copied" in them): they wait for the page to scroll. */
const parked = new Set<() => void>()
let freezeScheduled = false
/** Live texts catching up with a burst: groups freeze only after, never competing with the text for frames. */
let catchingUp = 0
/** Jobs one idle period takes at most. */
const FREEZE_BATCH = 4
/** Idle time left after which an idle period takes another job, ms (a job is a copy and its commit; the next frame styles and lays the copy out). */
const FREEZE_IDLE_MS = 8
/** How long the queue waits before it looks again, ms, while the page scrolls or a text catches up (and where there are no idle callbacks). */
const FREEZE_WAIT_MS = 100
/** The longest an idle callback waits for the page to be idle, ms. */
const FREEZE_IDLE_TIMEOUT_MS = 1_000

/**
 * Groups wait this long after a reader last scrolled, ms: the frame after a freeze styles and lays
 * out the copy, and the fibers it lets go of are garbage to collect; neither belongs in a scroll's
 * frames. (Scrolling a 5 MB trace as groups froze beside it had frames of 33-200 ms.)
 */
const FREEZE_QUIET_MS = 300
let lastScroll = -Infinity

/**
 * Whether the scroller a scroll event came from follows a live text (the panel's scroll area where
 * it scrolled itself, or an app's chat pinned to its newest message, at its end), not a reader's
 * scroll through what came before. Those scrolls come at every frame of a stream, and no group
 * froze while one streamed (0 of 488 groups during a paced 5 MB trace; bench/render/large.ts).
 */
function following(target: EventTarget | null): boolean {
  const element = target instanceof Element ? target : target instanceof Document ? (target.scrollingElement ?? null) : null
  return element !== null && (followedBySelf(element) || element.scrollHeight - element.scrollTop - element.clientHeight <= 1)
}

/** Where each panel's scroll area last scrolled itself to follow its text (`ReasoningScrollArea`). */
export const followedTops = new WeakMap<Element, number>()

/**
 * The scroller is where its panel last scrolled it to follow the text: its own scroll, however
 * far the text has grown by the time the event comes. The area follows once the frame has laid
 * the text out, and the store's next commit, in the task after that frame, grows it before the
 * scroll's event in the next frame.
 */
export function followedBySelf(element: Element): boolean {
  const top = followedTops.get(element)
  return top !== undefined && Math.abs(element.scrollTop - top) < 1
}

const onScroll = (event: Event): void => {
  if (!following(event.target)) lastScroll = now()
  for (const job of parked) freezing.add(job)
  parked.clear()
  scheduleFreezing()
}
let listening = false

/** Listens to the page's scrolling (any scroller: capture) while groups wait to freeze; no listener or timer once none does. */
function watchScrolling(): void {
  const on = freezing.size + parked.size > 0
  if (on === listening || typeof document === 'undefined') return
  listening = on
  if (on) document.addEventListener('scroll', onScroll, { capture: true, passive: true })
  else document.removeEventListener('scroll', onScroll, true)
}

function drainFreezing(deadline?: IdleDeadline): void {
  freezeScheduled = false
  if (catchingUp > 0 || now() - lastScroll < FREEZE_QUIET_MS) {
    scheduleFreezing(true)
    return
  }
  for (let n = 0; n < FREEZE_BATCH && (n === 0 || (deadline !== undefined && deadline.timeRemaining() > FREEZE_IDLE_MS)); n++) {
    const job = freezing.values().next().value
    if (job === undefined) break
    freezing.delete(job)
    job()
  }
  scheduleFreezing()
}

function scheduleFreezing(later = false): void {
  watchScrolling()
  if (freezeScheduled || freezing.size === 0) return
  freezeScheduled = true
  // WebKit has no idle callbacks: a timer. A page that is never idle (an animation of its own, a
  // machine under load) still freezes one group a second.
  if (!later && typeof requestIdleCallback === 'function') requestIdleCallback(drainFreezing, { timeout: FREEZE_IDLE_TIMEOUT_MS })
  else setTimeout(drainFreezing, FREEZE_WAIT_MS)
}

/**
 * Whether a group at `rect` is on screen or within half a screen of it: where the reader is (hovers,
 * selects, clicks) the text stays React's, and there is little of it; it freezes once scrolled away.
 */
function onScreen({ top, bottom, height }: DOMRect): boolean {
  const margin = window.innerHeight / 2
  return height > 0 && bottom > -margin && top < window.innerHeight + margin
}

/** Whether the page's selection covers part of `element`: freezing it would take the selection away. */
function selectionIn(element: Element): boolean {
  const selection = typeof document.getSelection === 'function' ? document.getSelection() : null
  return selection !== null && !selection.isCollapsed && selection.rangeCount > 0 && selection.getRangeAt(0).intersectsNode(element)
}

/** The child indices from `root` down to `node`. */
function pathOf(root: Node, node: Node): number[] {
  const path: number[] = []
  for (let n: Node = node; n !== root && n.parentNode !== null; n = n.parentNode) path.unshift(Array.prototype.indexOf.call(n.parentNode.childNodes, n))
  return path
}

/** A control clicked in a frozen or built group, replayed on its live twin once React renders it. */
interface Replay {
  readonly path: readonly number[]
  readonly focused: boolean
}

/**
 * The control (a button: a code block's copy button) a click in `root`'s DOM that React does not
 * render was on: the click is taken from the app's handlers above (they see the twin's), to be
 * replayed on React's twin of it (`replayClick`). Undefined: no control.
 */
function clickedControl(event: MouseEvent<HTMLElement>): Replay | undefined {
  const root = event.currentTarget
  const control = event.target instanceof Element ? event.target.closest('button, input, select, textarea, [role="button"]') : null
  if (control === null || !root.contains(control)) return undefined
  event.stopPropagation()
  return { path: pathOf(root, control), focused: control === document.activeElement }
}

/** Clicks (and focuses, as it was) the control at `replay`'s path in `root`, after this commit, still in the click's task: its user activation holds, as the clipboard needs. */
function replayClick(root: Node, replay: Replay): void {
  let target: Node | undefined = root
  for (const index of replay.path) target = target?.childNodes[index]
  if (!(target instanceof HTMLElement)) return
  if (replay.focused) target.focus()
  const twin = target
  queueMicrotask(() => twin.click())
}

/**
 * Freezes a group (of paragraphs or of a long paragraph's runs; its element `element`) that is
 * `settled`: once the page is idle and the group is off screen, its DOM is copied and the group
 * renders its element empty, with the copy put back in the same commit. React lets go of its
 * fibers and props. The copy is the group's while it is still settled and `inputs` (what it
 * rendered from) are the same (objects, or strings of the same text);
 * it renders again when they change, when the labels do, and when a control in the copy is clicked,
 * whose live twin is then clicked. Returns the frozen group's element to render (empty: its copy
 * goes in after), or undefined while React renders the group.
 */
function useFreezing(element: RefObject<HTMLDivElement | null>, settled: boolean, inputs: readonly unknown[]): ReactNode {
  const replay = useRef<Replay | undefined>(undefined)
  const copyCode = useContext(FrozenLabels)?.copyCode
  const [frozen, setFrozen] = useState<Frozen | undefined>(undefined)
  const current = frozen !== undefined && settled && frozen.copyCode === copyCode && frozen.inputs.every((input, i) => input === inputs[i])
  if (frozen !== undefined && !current) setFrozen(undefined)

  useEffect(() => {
    if (!settled || current) return
    const job = (): void => {
      const group = element.current
      if (group === null || !group.isConnected) return
      // Not while its renderer is still to change it (`data-pending`: markdown whose parser is loading).
      if (onScreen(group.getBoundingClientRect()) || group.matches(':focus-within') || group.querySelector('[data-copied], [data-pending]') !== null || selectionIn(group)) {
        parked.add(job)
        return
      }
      const nodes = Array.from(group.childNodes, (node) => node.cloneNode(true) as ChildNode)
      // Committed here, inside the idle period it was given, not in a task of React's after it.
      flushSync(() => setFrozen({ nodes, inputs, copyCode }))
    }
    freezing.add(job)
    scheduleFreezing()
    return () => {
      freezing.delete(job)
      parked.delete(job)
      watchScrolling()
    }
    // The inputs one by one: the array is a new one at each render (the ref is the same object).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled, current, copyCode, ...inputs])

  // The copy in place of React's children (removed in this commit), and out again when it renders again.
  const nodes = current ? frozen.nodes : undefined
  useIsomorphicLayoutEffect(() => {
    const group = element.current
    if (nodes === undefined || group === null) return
    group.append(...nodes)
    return () => {
      for (const node of nodes) node.remove()
    }
  }, [nodes])

  // Rendered again after a click on a control in the copy: click its live twin.
  useIsomorphicLayoutEffect(() => {
    const clicked = replay.current
    const group = element.current
    if (current || clicked === undefined || group === null) return
    replay.current = undefined
    replayClick(group, clicked)
  })

  if (!current) return undefined
  const thaw = (event: MouseEvent<HTMLDivElement>): void => {
    const clicked = clickedControl(event)
    if (clicked === undefined) return
    replay.current = clicked
    setFrozen(undefined)
  }
  return <div ref={element} data-slot="reasoning-group" data-frozen="" onClick={thaw} />
}

/**
 * Up to `GROUP` paragraphs, memoised as one: while the tail streams, every group but the
 * newest is skipped whole, so a commit's work does not grow with the paragraphs before it.
 * The live paragraph has the key its finished self will have: it keeps its runs when it ends.
 * Mounted by a client's own render with one of the kit's renderers, its finished paragraphs
 * are built as DOM (`BuiltGroup`); hydrated from server HTML, or with an app's renderer, React
 * renders them (`RenderedGroup`), and a settled group is frozen when the page is idle (see
 * `useFreezing`).
 */
const Group = /* @__PURE__ */ memo(
  function Group(props: GroupProps) {
    // Decided once, at mount: a hydration renders what the server did, and React keeps it.
    const client = useClientRender()
    const [built] = useState(() => client && builderOf(props.render) !== undefined)
    return built && builderOf(props.render) !== undefined ? <BuiltGroup {...props} /> : <RenderedGroup {...props} />
  },
  (a, b) =>
    a.source === b.source &&
    a.first === b.first &&
    a.count === b.count &&
    a.tail === b.tail &&
    a.live === b.live &&
    a.kind === b.kind &&
    a.render === b.render &&
    a.settled === b.settled,
)

/** A group's paragraphs rendered by React; frozen once settled and the page idle (see `useFreezing`). */
function RenderedGroup(props: GroupProps) {
  const { source, count, tail, kind, render, settled } = props
  const element = useRef<HTMLDivElement>(null)
  const frozen = useFreezing(element, settled, [source, count, tail, render, kind])
  if (frozen !== undefined) return frozen
  // A box of its own: the browser lays out the text's few groups, not its thousands of paragraphs.
  return (
    <div ref={element} data-slot="reasoning-group">
      {paragraphsOf(props, () => true)}
    </div>
  )
}

/** The group's paragraphs React renders: its finished ones that `react` says, then its live one. */
function paragraphsOf({ source, first, count, tail, tailEnd, live, kind, render }: GroupProps, react: (i: number) => boolean): ReactNode[] {
  const items: ReactNode[] = []
  for (let i = first; i < first + count; i++) if (react(i)) items.push(<Paragraph key={i} source={source} index={i} live={false} kind={kind} render={render} />)
  if (tail !== undefined) items.push(<Paragraph key={first + count} text={tail} end={tailEnd} live={live} kind={kind} render={render} />)
  return items
}

/** The heading a finished paragraph is: only one of one line can be (see `Paragraph`). */
const headingOf = (text: string): string | undefined => (text.trim().includes('\n') ? undefined : parseHeading(text))

/** What a built group built: its paragraphs' elements by index, and what they were built from. */
interface Built {
  readonly source: Source
  readonly first: number
  readonly build: BuildParagraph
  /** The one label a built paragraph shows (an app's labels may be a new object at each render). */
  readonly copyCode: string
  /** The text's link definitions they were built with (see `DefinitionLines`). */
  readonly definitions: readonly string[]
  readonly nodes: Map<number, HTMLElement>
}

/**
 * Whether `Paragraph` renders the finished `text` in runs: where `cutRuns` finds a first cut (it
 * looks for more only after one). Its runs are React's, and their groups freeze.
 */
function hasRuns(text: string, runs: ParagraphRuns): boolean {
  const cut = runs.cut(text, 0, RUN_CHARS)
  return cut > 0 && cut < text.length
}

/** What a built group keeps as React's (see `BuiltGroup`), for the paragraphs of `source` from `first`. */
interface Kept {
  readonly source: Source
  readonly first: number
  readonly indices: ReadonlySet<number>
  /** The live paragraph's index as last rendered. */
  readonly tail: number | undefined
}

const noneKept: ReadonlySet<number> = new Set()

/** Whether the page's focus or selection is in `element`: a paragraph that finishes with one in it stays React's. */
const readerIn = (element: Element | null | undefined): boolean => element != null && (element.matches(':focus-within') || selectionIn(element))

/**
 * A group whose finished paragraphs are built as DOM (`BuildParagraph`), once each, and never
 * rendered by React: React renders the group's element, its live paragraph, and the finished
 * paragraphs that stay its own (one long enough to render in runs, which keeps them, and they
 * freeze; one that finished with the reader's selection or focus in it, which keeps its element;
 * one whose button was clicked, whose React twin is clicked instead, as in a frozen group). A 1 MB markdown trace
 * rendered by React held about 10 bytes of fibers and props a character until its groups froze,
 * which they do only when the page is idle; built, its DOM alone, from the start, and nothing to
 * freeze. The elements are the ones React renders, so find-in-page, selection and copy, and
 * screen readers reach them alike.
 */
function BuiltGroup(props: GroupProps) {
  const { source, first, count, tail, render } = props
  const element = useRef<HTMLDivElement>(null)
  const build = builderOf(render)!
  const labels = useContext(FrozenLabels) ?? defaultLabels
  const definitions = useDefinitionLines()
  const built = useRef<Built | undefined>(undefined)
  const replay = useRef<(Replay & { readonly index: number }) | undefined>(undefined)
  // The finished paragraphs kept as React's, and the live one as last rendered (React's "store
  // information from previous renders").
  const [kept, setKept] = useState<Kept>(() => ({ source, first, indices: noneKept, tail: undefined }))
  let current = kept.source === source && kept.first === first ? kept : { source, first, indices: noneKept, tail: undefined }
  const tailIndex = tail === undefined ? undefined : first + count
  if (current.tail !== tailIndex) {
    // The live paragraph finished: its element is the group's last one until this commit replaces it.
    const finished = current.tail !== undefined && current.tail < first + count
    // eslint-disable-next-line react-hooks/refs -- the DOM of the last commit, read as this render decides what to keep of it
    const indices = finished && readerIn(element.current?.lastElementChild) ? new Set(current.indices).add(current.tail!) : current.indices
    current = { ...current, indices, tail: tailIndex }
  }
  if (current !== kept) setKept(current)
  // Mutable on purpose: whether a long finished paragraph renders in runs, by paragraph (a cut is a parse or more).
  const [inRuns] = useState(() => new WeakMap<Source, Map<number, boolean>>())
  const runs = runsOf(render)
  const reacts = (i: number): boolean => {
    if (current.indices.has(i)) return true
    const text = source.log[i]!
    if (runs === undefined || text.length <= RUN_CHARS) return false
    let known = inRuns.get(source)
    if (known === undefined) inRuns.set(source, (known = new Map()))
    let cut = known.get(i)
    if (cut === undefined) known.set(i, (cut = hasRuns(text, runs)))
    return cut
  }

  useIsomorphicLayoutEffect(() => {
    const group = element.current
    if (group === null) return
    let record = built.current
    if (record?.source !== source || record.first !== first || record.build !== build || record.copyCode !== labels.copyCode || record.definitions !== definitions) {
      for (const node of record?.nodes.values() ?? []) node.remove()
      record = built.current = { source, first, build, copyCode: labels.copyCode, definitions, nodes: new Map() }
    }
    for (const [i, node] of record.nodes) {
      if (i >= first + count || reacts(i)) {
        node.remove()
        record.nodes.delete(i)
      }
    }
    // React's elements in its order (the paragraphs it keeps, then the live one); from the last
    // paragraph back, each element goes before the one of the paragraph after it.
    const ours = new Set<Node>(record.nodes.values())
    const react = Array.from(group.childNodes).filter((node) => !ours.has(node))
    let r = react.length - 1
    let next: Node | null = tail === undefined ? null : (react[r--] ?? null)
    for (let i = first + count - 1; i >= first; i--) {
      let node = reacts(i) ? react[r--] : record.nodes.get(i)
      if (node === undefined) {
        const text = source.log[i]!
        node = build(text, headingOf(text), labels, definitions)
        record.nodes.set(i, node as HTMLElement)
      }
      if (node.nextSibling !== next || node.parentNode !== group) group.insertBefore(node, next)
      next = node
    }
    const clicked = replay.current
    replay.current = undefined
    if (clicked !== undefined && reacts(clicked.index)) replayClick(group, clicked)
  })

  // A click on a built paragraph's control (a code block's copy button): React renders that paragraph, and its twin is clicked.
  const onClick = (event: MouseEvent<HTMLDivElement>): void => {
    let top = event.target instanceof Node ? event.target : null
    while (top !== null && top.parentNode !== event.currentTarget) top = top.parentNode
    const index = [...(built.current?.nodes ?? [])].find(([, node]) => node === top)?.[0]
    const clicked = index === undefined ? undefined : clickedControl(event)
    if (clicked === undefined) return
    replay.current = { ...clicked, index: index! }
    setKept((was) => ({ ...was, indices: new Set(was.indices).add(index!) }))
  }

  return (
    <div ref={element} data-slot="reasoning-group" onClick={onClick}>
      {paragraphsOf(props, reacts)}
    </div>
  )
}

interface StreamingTextProps {
  readonly text: string
  /** The text is still growing: its last paragraph is live. */
  readonly live: boolean
  readonly kind: ReasoningKind
  readonly render: RenderText | undefined
  /** The labels the renderer shows (a code block's copy button), if any: frozen and built groups render again when they change. */
  readonly labels?: ReasoningLabels
  /** The text's end, when it comes from the store (see `TextEnd`): a live text is then read only near its end. */
  readonly end?: TextEnd
}

/**
 * Characters of newly finished paragraphs one commit adds at most while it
 * catches up. A stream that delivers faster than frames come (a replay, a fast
 * provider, a backlog after a stall) would otherwise put all of it into one
 * long task; the rest shows in the next frames, oldest first, and the live
 * paragraph once they are all there.
 */
export const CATCH_UP_CHARS = 8_000
/**
 * A backlog larger than this that arrives while the panel is caught up shows in `BURST_STEPS`
 * commits, each a share of it: one 5 MB delta, or a flood's text that piled up behind a long task
 * (a garbage collection) in the moment the panel had caught up. It showed at once before: in
 * three 5 MB markdown floods (bench/render/large.ts's page), every frame over 100 ms but the
 * page's own last one was such a commit, 1,941-4,104 paragraphs, 264-480 ms. In the usual steps
 * a 5 MB delta would show hundreds of commits later. One that builds up while the panel is already
 * catching up (a flood, faster than frames) is taken in steps that grow with what is waiting, up
 * to twice the budget.
 */
const CATCH_UP_LIMIT = 32 * CATCH_UP_CHARS
/** How many commits a backlog over `CATCH_UP_LIMIT` that arrived while caught up shows in. */
const BURST_STEPS = 16

/** Finished paragraphs (or a long paragraph's runs) on screen, the inputs of the render that decided it, and whether new text (not a catch-up tick) moved it. */
interface Progress {
  readonly shown: number
  readonly text: string
  readonly ticks: number
  readonly byText: boolean
  /** Every finished paragraph was on screen after that render. */
  readonly caughtUp: boolean
  /** Characters a commit shows while catching up with a backlog that arrived while caught up (see `CATCH_UP_LIMIT`); 0: none. */
  readonly burst: number
}

/**
 * How many of the first `total` of `done` to show when `shown` are on screen: the next budget's
 * worth (`chars`, up to twice that while much more is waiting), at least one paragraph; a share of
 * a large backlog that arrived while the panel was caught up (`caughtUp`), that share (`burst`)
 * kept until it is shown.
 */
function catchUp(done: readonly string[], total: number, shown: number, chars: number, caughtUp: boolean, burst: number): { count: number; burst: number } {
  let count = Math.min(shown, total)
  // Caught up, what arrived is summed whole (it came since the last commit); behind, only as far as the steps grow.
  const limit = caughtUp ? Infinity : 16 * chars
  let backlog = 0
  for (let i = count; i < total && backlog <= limit; i++) backlog += done[i]!.length
  if (caughtUp) burst = backlog > CATCH_UP_LIMIT ? Math.ceil(backlog / BURST_STEPS) : 0
  for (let budget = Math.max(burst, Math.min(2 * chars, Math.max(chars, backlog / 16))); count < total && budget > 0; count++) budget -= done[count]!.length
  return { count, burst: count < total ? burst : 0 }
}

/**
 * Whether a live text that mounts with a backlog shows it from the next frame (see `StreamingText`):
 * not where the text was on screen already and only moves (a panel hydrated from server HTML moves
 * it into a portal, which mounts it again).
 */
export const DeferBacklog = /* @__PURE__ */ createContext(true)

/** The characters of the first `total` of `paragraphs`. */
function lengthOf(paragraphs: readonly string[], total: number): number {
  let length = 0
  for (let i = 0; i < total; i++) length += paragraphs[i]!.length
  return length
}

/** A commit's catch-up budget for `render`, in characters, before any commit was measured. */
const budgetOf = (render: RenderText | undefined): number => {
  const cost = traitsOf(render)?.cost
  return cost !== undefined && cost > 1 ? Math.round(CATCH_UP_CHARS / cost) : CATCH_UP_CHARS
}

/**
 * The time, ms, that rendering a catch-up commit (React's render of the new paragraphs and its DOM
 * changes, before the browser's style, layout and paint, which in bench/render take about as long
 * again) may take on a machine fast enough for more than the budget. A commit that adds finished
 * paragraphs measures its time per character, and the next one takes what fits in this time:
 * never less than the budget (`CATCH_UP_CHARS / cost`, sized so that a 2-core machine's frames
 * stay short), at most `CATCH_UP_GROWTH` times it, and like the budget up to twice that while
 * much more is waiting (`catchUp`). The span measured runs from the render of what catches up
 * (`StreamingText`, or a long paragraph's `Runs`) to its layout effect, so it also holds what
 * renders after it and its children's layout effects: it errs towards smaller steps. On a fast
 * machine a fixed budget made a flood show up to 6x later than the plain-DOM floor while the main
 * thread idled half of each frame.
 */
const CATCH_UP_MS = 6
/** How many times its fixed budget a measured commit may take at most. */
const CATCH_UP_GROWTH = 4
/** A commit that adds fewer characters is not measured: React's fixed cost per commit would dominate. */
const MEASURED_CHARS = 1_000

/** The budget `base` after a commit measured at `msPerChar` (none: the budget as it is). */
export const measuredBudget = (base: number, msPerChar: number | undefined): number =>
  msPerChar === undefined ? base : Math.round(Math.min(CATCH_UP_GROWTH * base, Math.max(base, CATCH_UP_MS / msPerChar)))

const now = (): number => (typeof performance === 'undefined' ? Date.now() : performance.now())

/**
 * Times catch-up commits: `begin` as a commit renders (with the characters of finished paragraphs
 * it adds), `end` once its DOM is in place; `budget` is the next commit's.
 */
function commitMeter() {
  let msPerChar: number | undefined
  let start = 0
  let chars = 0
  return {
    budget: (base: number): number => measuredBudget(base, msPerChar),
    begin(added: number): void {
      chars = added >= MEASURED_CHARS ? added : 0
      start = now()
    },
    end(): void {
      const elapsed = now() - start
      // A clock that stood still (a test's) measures nothing.
      if (chars > 0 && elapsed > 0) msPerChar = elapsed / chars
      chars = 0
    },
  }
}

/** The next frame, where there are frames (not in every test environment). */
const nextFrame = (callback: () => void): (() => void) => {
  if (typeof requestAnimationFrame === 'undefined') {
    const timer = setTimeout(callback, 16)
    return () => clearTimeout(timer)
  }
  const frame = requestAnimationFrame(callback)
  return () => cancelAnimationFrame(frame)
}

/**
 * How much of the main thread re-splitting a long live text may take, at most, as the time it
 * waits between splits over the time the last one took. A split that reads the whole text copies
 * it: V8 joins the appended string into one before `splitParagraphs` can look at it (3.6 ms a
 * frame at 5 MB on a 2-core machine), so at every frame it grew with the text (bench/render/large.ts:
 * the last 200 KB of a 5 MB trace cost 2.5 ms a KB in it, against none in the first). A text from
 * the store is read only near its end (`TextEnd`) and splits in well under a millisecond, as do
 * short texts: they never wait. The rest (an app's own text, a paragraph longer than the end the
 * store keeps) waits.
 */
const SPLIT_SHARE = 10
/**
 * The longest a live text waits to be split again, ms: a split that happened to take long (a
 * garbage collection inside it) must not hold back a flood's text for long; what arrived
 * meanwhile would show as one large step.
 */
const SPLIT_WAIT_MAX = 100
/**
 * A split that took less than this, ms, never makes the next one wait: in a stream the next update
 * comes a frame later, after its wait (ten times the split's time) was over anyway; where updates
 * come one right after the other (a test's, an app's own text set twice in a task), a short split
 * that something else on the machine happened to slow down made the next update wait for a timer.
 */
const SPLIT_WAIT_MIN = 1

/** The last split, its unfinished paragraph (see `tailWith`), when it was made and how long it took (ms). */
interface Split {
  readonly paragraphs: Lineage
  readonly tail: string
  readonly tailEnd?: TextEnd
  /** The text is finished and its paragraphs are slices of it (see `sliceOf`). */
  readonly sliced?: boolean
  readonly at: number
  readonly cost: number
}

/**
 * How many of the first `total` of `items` (a text's finished paragraphs, or a long paragraph's
 * finished runs) a commit shows, with `text` (what they were split from) live: a finished text
 * shows whole at once (it is not coming in faster than frames); a live one a budget per new text
 * or catch-up tick (not again in the re-render the state updates here cause; see `catchUp`, the
 * budget sized by the commits measured so far, `CATCH_UP_MS`), the rest in the next frames. `deferrable`: mounting with more
 * than a quarter of a budget, it shows them from the next frame on. `tick` renders again (a
 * catch-up step, also when no new text comes).
 */
function useCatchUp(items: readonly string[], total: number, text: string, live: boolean, render: RenderText | undefined, deferrable: boolean) {
  const [ticks, tick] = useReducer((n: number) => n + 1, 0)
  // Mutable on purpose: a measurement, read by the next render, never a reason to render.
  const [meter] = useState(commitMeter)
  const chars = meter.budget(budgetOf(render))
  // Mounting with a backlog (a flood, a panel opened mid-stream), deferred: the frame that opens a
  // panel (its content, scroll area and motion mount, their code runs the first time) was a 50-75 ms
  // task with a budget of text in it (bench/render, 200 KB). Server HTML and the hydration that
  // adopts it have the text at once, and so does a mount with a little of it.
  const [progress, setProgress] = useState<Progress>(() => {
    const deferred = live && deferrable && lengthOf(items, total) > chars / 4
    const first = !live ? { count: total, burst: 0 } : deferred ? { count: 0, burst: 0 } : catchUp(items, total, 0, chars, true, 0)
    // Deferred: tick in the next frame (not only once a whole frame passed without new text, see
    // below), and take the backlog as one that arrived while caught up (a 5 MB delta shows in steps).
    return { shown: first.count, text, ticks, byText: !deferred, caughtUp: deferred || first.count === total, burst: first.burst }
  })
  let shown = progress.shown
  if (!live) {
    // A text that is no longer coming in shows whole: a reader (or find-in-page) opening a
    // finished block right after a burst must not find its end still catching up.
    shown = total
    if (progress.shown !== shown) setProgress({ shown, text, ticks, byText: false, caughtUp: true, burst: 0 })
  } else if (progress.text !== text || progress.ticks !== ticks) {
    const next = catchUp(items, total, progress.shown, chars, progress.caughtUp, progress.burst)
    shown = next.count
    const caughtUp = shown === total
    if (shown !== progress.shown || caughtUp !== progress.caughtUp || next.burst !== progress.burst) setProgress({ shown, text, ticks, byText: progress.text !== text, caughtUp, burst: next.burst })
  }
  const behind = shown < total
  const { byText } = progress
  useEffect(() => {
    if (!behind) return
    catchingUp++
    return () => {
      catchingUp--
    }
  }, [behind])

  // Time this commit if it adds enough of a live text (see CATCH_UP_MS). Not again in the
  // re-render its own progress update causes, which adds none.
  let added = 0
  if (live) for (let i = progress.shown; i < shown; i++) added += items[i]!.length
  if (added > 0) meter.begin(added)
  useIsomorphicLayoutEffect(() => meter.end())

  useEffect(() => {
    if (!behind) return
    // Catch up in a frame of its own, never beside the store's update in the same frame. After new text
    // the stream is flowing and its next update catches up further: tick only if a whole frame passes
    // without one. After a tick the stream is quiet: tick again in the next frame.
    let cancel = nextFrame(() => {
      if (byText) cancel = nextFrame(tick)
      else tick()
    })
    return () => cancel()
  }, [behind, byText, text, ticks])
  return { shown, behind, tick }
}

/** A span of a text's finished paragraphs, with its live paragraph if that ends it: the groups of one chunk. */
interface SpanProps {
  readonly source: Source
  /** Its first paragraph (a multiple of `GROUP`) and how many finished ones it holds. */
  readonly first: number
  readonly count: number
  /** The text's unfinished paragraph, when it comes after these (see `GroupProps`). */
  readonly tail: string | undefined
  readonly tailEnd: TextEnd | undefined
  readonly live: boolean
  readonly kind: ReasoningKind
  readonly render: RenderText | undefined
  /** Groups ending at or before it may be frozen (see `freezeLimit`). */
  readonly freezable: number
}

/** The groups of `GROUP` paragraphs of a span, the tail in the last one (a group of its own after a full one). */
function groupsOf({ source, first, count, tail, tailEnd, live, kind, render, freezable }: SpanProps): ReactNode[] {
  const groups: ReactNode[] = []
  const end = first + count
  for (let from = first; from < end || (tail !== undefined && from === end); from += GROUP) {
    const to = Math.min(from + GROUP, end)
    // The group the tail paragraph ends.
    const last = tail !== undefined && to === end && to - from < GROUP
    groups.push(
      <Group
        key={from}
        source={source}
        first={from}
        count={to - from}
        tail={last ? tail : undefined}
        tailEnd={last ? tailEnd : undefined}
        // Only the live paragraph's group: the text's end then renders that group again, not all of them.
        live={last && live}
        kind={kind}
        render={render}
        settled={to <= freezable}
      />,
    )
  }
  return groups
}

/** `CHUNK` groups in an element of their own (see `CHUNK`): a commit that changes none of them skips them all. */
const Chunk = /* @__PURE__ */ memo(function Chunk(props: SpanProps) {
  return <div data-slot="reasoning-chunk">{groupsOf(props)}</div>
})

/**
 * A growing text as paragraphs. Each update splits only the new tail (see
 * `splitParagraphs`) and renders only the live paragraph again, plus the
 * paragraphs finished since: a budget of them per commit (`CATCH_UP_CHARS`, sized
 * by the commits measured so far: `CATCH_UP_MS`).
 */
export function StreamingText({ text: latest, live, kind, render, labels, end }: StreamingTextProps) {
  // Remember the previous split (React's "store information from previous renders").
  const [split, setSplit] = useState<Split>(() => {
    const start = now()
    const paragraphs = splitText(latest, undefined, end, true)
    const cost = now() - start
    const { tail, end: tailEnd } = tailWith(paragraphs, end)
    // Mounting finished (a history), its paragraphs are slices of it from the start (see below).
    return live
      ? { paragraphs, tail, tailEnd, at: start, cost }
      : { paragraphs: { ...paragraphs, log: sliceOf(latest, paragraphs.log, paragraphs.count) }, tail, tailEnd, at: start, cost, sliced: true }
  })
  let { paragraphs, tail: sliced, tailEnd } = split
  // How long until a long live text may be split again (see SPLIT_SHARE); 0: it was split now.
  let wait = 0
  if (paragraphs.text !== latest) {
    const start = now()
    wait = live && split.cost >= SPLIT_WAIT_MIN ? split.at + Math.min(SPLIT_WAIT_MAX, SPLIT_SHARE * split.cost) - start : 0
    if (wait <= 0) {
      paragraphs = splitText(latest, paragraphs, end, true)
      ;({ tail: sliced, end: tailEnd } = tailWith(paragraphs, end))
      setSplit({ paragraphs, tail: sliced, tailEnd, at: start, cost: now() - start })
    }
  }
  // A text that finished: its paragraphs as slices of it, once; their own copies are let go.
  if (!live && paragraphs.text === latest && split.sliced !== true) {
    paragraphs = { ...paragraphs, log: sliceOf(latest, paragraphs.log, paragraphs.count) }
    setSplit({ paragraphs, tail: sliced, tailEnd, at: split.at, cost: split.cost, sliced: true })
  }
  // The text as split: the latest, or while a long one waits, the one split last.
  const { text, log, count: total } = paragraphs
  // Mutable on purpose: the paragraphs' source for the groups (see `Source`), one while the text is extended.
  const [sources] = useState(() => new Map<object, Source>())
  let source = sources.get(paragraphs.origin)
  if (source === undefined) {
    sources.clear()
    source = { log }
    sources.set(paragraphs.origin, source)
  }
  source.log = log
  // A live text mounting in a client with a backlog shows it from the next frame on (see `useCatchUp`).
  const client = useClientRender()
  const { shown, behind, tick } = useCatchUp(log, total, text, live, render, useContext(DeferBacklog) && client)

  // A long text waiting to be split again: split it once its time has come, also when no more text comes.
  const waiting = wait > 0
  useEffect(() => {
    if (!waiting) return
    const timer = setTimeout(tick, Math.ceil(wait))
    return () => clearTimeout(timer)
  }, [waiting, wait, latest, tick])

  // A string of its own (see `own`): the fibers that render it keep their last props after it
  // finished, and a slice would keep this whole text alive with them. Not a long one (runs): a
  // copy per frame would cost its length, and its finished runs are strings of their own.
  const long = sliced.length > 2 * RUN_CHARS
  const tail = long ? sliced : own(sliced)
  const count = behind ? shown : total
  const withTail = !behind && hasNonSpaceIn(tail, long ? tailEnd : undefined)
  // None of a text shorter than two full groups (about 17 KB of markdown).
  const freezable = freezeLimit(count, GROUP, live, staticRender(render))
  const span = { source, live, kind, render }
  const tailAt = withTail ? count : -1
  const chunkSize = CHUNK * GROUP
  // The span from `first` that holds the tail, if one does: only its props change as the tail grows.
  const tailOf = (first: number) =>
    tailAt >= first && tailAt < first + chunkSize ? { tail, tailEnd: long ? tailEnd : undefined } : { tail: undefined, tailEnd: undefined }
  // The first chunk's groups as the text's own children (a text of up to about 270 KB of markdown has no chunk).
  const groups = groupsOf({ ...span, ...tailOf(0), first: 0, count: Math.min(count, chunkSize), freezable })
  for (let first = chunkSize; first < count || first === tailAt; first += chunkSize) {
    const end = Math.min(first + chunkSize, count)
    // Freezing's limit as far as it reaches into the chunk: once past its end, the same number (see `Chunk`).
    groups.push(<Chunk key={`c${first}`} {...span} {...tailOf(first)} first={first} count={end - first} freezable={Math.min(freezable, end)} />)
  }
  // Link definitions for every paragraph of the text (see `DefinitionLines`), kept like the split.
  const [definitions, setDefinitions] = useState<Definitions>()
  const nextDefinitions = definitionLines(log, total, sliced, live, paragraphs.origin, definitions)
  if (nextDefinitions !== definitions) setDefinitions(nextDefinitions)
  return (
    <FrozenLabels.Provider value={labels}>
      <DefinitionLines.Provider value={nextDefinitions.lines}>{groups}</DefinitionLines.Provider>
    </FrozenLabels.Provider>
  )
}
