/**
 * The huge-trace machinery, behind one door (`StreamingText` in ../text.tsx loads it with
 * `import()` once a client's text passes `LARGE_CHARS`; a server never does). A large text is
 * the common one (split, groups of paragraphs, paragraph) with what keeps megabytes fast and
 * small, each in a file of its own and measured in docs/performance.md: catching up with a burst
 * a budget a frame (catch-up.ts), long paragraphs in runs (runs.tsx), groups in chunks (below),
 * groups frozen once settled (freeze.tsx) or built as DOM (built.tsx), and re-splits paced (below).
 */
import { memo, useContext, useEffect, useState, type ReactNode } from 'react'
import type { ReasoningKind } from '../../../core/model'
import { hasNonSpaceIn, own, type TextEnd } from '../../../core/text-end'
import { useClientRender } from '../../state/client'
import { sliceOf, split as splitText, tailWith, type Lineage } from '../paragraphs'
import { DeferBacklog, DefinitionLines, definitionLines, GROUP, TextLabels, type Definitions, type RenderText, type StreamingTextProps } from '../text'
import { builderOf, BuiltGroup } from './built'
import { addLargeTraits } from './kit'
import { now, useCatchUp } from '../catch-up'
import { freezeLimit, staticRender, useCountCatchingUp } from './freeze'
import { RenderedGroup, type GroupProps } from './group'
import { Continued, RUN_CHARS, type Source } from './runs'

export { RUN_CHARS } from './runs'

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
 * How much of the main thread re-splitting a long live text may take, at most, as the time it
 * waits between splits over the time the last one took. A split that reads the whole text copies
 * it: V8 joins the appended string into one before `splitParagraphs` can look at it (3.6 ms a
 * frame at 5 MB on a 2-core machine), so at every frame it grew with the text (bench/render/large.ts:
 * the last 200 KB of a 5 MB trace cost 2.5 ms a KB in it, against none in the first). A text from
 * the store is read only near its end (`TextEnd`) and splits in well under a millisecond, as do
 * short texts: they never wait (`SPLIT_WAIT_CHARS`). The rest (an app's own text, a paragraph longer than the end the
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
/**
 * A text shorter than this, characters, never waits to be split again, whatever its last split
 * measured: splitting it takes well under a millisecond (3.6 ms at 5 MB, above), so a millisecond
 * measured on one was something else on the machine (a test's updates on a loaded one waited for
 * timers and read old text).
 */
const SPLIT_WAIT_CHARS = 1 << 17

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
 * Up to `GROUP` paragraphs, memoised as one: while the tail streams, every group but the
 * newest is skipped whole, so a commit's work does not grow with the paragraphs before it.
 * The live paragraph has the key its finished self will have: it keeps its runs when it ends.
 * Mounted by a client's own render with one of the kit's renderers, its finished paragraphs
 * are built as DOM (`BuiltGroup`); hydrated from server HTML, or with an app's renderer, React
 * renders them (`RenderedGroup`), and a settled group is frozen when the page is idle (see
 * `useFreezing`).
 */
const LargeGroup = /* @__PURE__ */ memo(
  function LargeGroup(props: GroupProps) {
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
      <LargeGroup
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
export function LargeText({ text: latest, live, kind, render, labels, end, continued }: StreamingTextProps) {
  // The kit's renderers built as DOM and cut into runs (kit.tsx), before any group renders.
  useState(addLargeTraits)
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
    wait = live && split.cost >= SPLIT_WAIT_MIN && latest.length >= SPLIT_WAIT_CHARS ? split.at + Math.min(SPLIT_WAIT_MAX, SPLIT_SHARE * split.cost) - start : 0
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
  // A live text mounting in a client with a backlog shows it from the next frame on (see `useCatchUp`);
  // one continued from the common path shows what that showed in its first commit (see `Continued`).
  const client = useClientRender()
  const [mounting] = useState(() => ({ now: continued === Infinity }))
  useEffect(() => {
    mounting.now = false
  }, [mounting])
  const { shown, behind, tick } = useCatchUp(log, total, text, live, render, useContext(DeferBacklog) && client, continued ?? 0)
  useCountCatchingUp(behind)

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
    <TextLabels.Provider value={labels}>
      <Continued.Provider value={mounting}>
        <DefinitionLines.Provider value={nextDefinitions.lines}>{groups}</DefinitionLines.Provider>
      </Continued.Provider>
    </TextLabels.Provider>
  )
}
