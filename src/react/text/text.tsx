import { createContext, memo, useContext, useEffect, useReducer, useState, type ReactNode } from 'react'
import { parseHeading } from '../../core/headings'
import type { ReasoningKind } from '../../core/model'
import { useClientRender, useIsomorphicLayoutEffect } from '../state/client'
import type { ReasoningLabels } from '../state/labels'
import { hasNonSpaceIn, own, type TextEnd } from '../../core/text-end'
import { split as splitText, tailWith, type Lineage } from './paragraphs'
import { useCatchUp } from './catch-up'
import type { ParagraphRuns } from './large/runs'
import type * as Large from './large'

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
  /** Its finished paragraph is plain DOM (no state, no handler but a button's click): its groups may be frozen. */
  readonly static?: boolean
  // Text/large/'s, added to the kit's renderers by its first text (large/kit.tsx):
  /** How a long paragraph renders in runs (see `RUN_CHARS`); without, it renders whole, every frame while live. */
  readonly runs?: ParagraphRuns
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

/**
 * The lines of a text that look like link reference definitions (`[label]: url`, with the two lines
 * after it, which may hold its destination and title), so that a paragraph's `[label]` finds a
 * definition made in another paragraph.
 * One array for as long as no line is added: the paragraphs that read it render again only then.
 */
export const DefinitionLines = /* @__PURE__ */ createContext<readonly string[]>([])

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

export interface Definitions {
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
export function definitionLines(log: readonly string[], count: number, tail: string, live: boolean, origin: object, previous: Definitions | undefined): Definitions {
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


/**
 * The kit's paragraph element, as attributes: the one description of it, which React's elements
 * (`Paragraph`, runs, markdown's) and the DOM built without React (`paragraphNode` in
 * large/kit.tsx) both use.
 * `dir="auto"`: each paragraph takes the direction of its own first strong character, so English
 * on an RTL page ends "… next week?" instead of "?… next week", and Arabic in an LTR app reads
 * right to left.
 */
export const paragraphAttributes = (live: boolean, format?: 'markdown'): Record<string, string | undefined> => ({
  'data-slot': 'reasoning-paragraph',
  'data-format': format,
  'data-live': live ? '' : undefined,
  dir: 'auto',
})

/**
 * The headless parts' default: the paragraph as it is (a bold title line as
 * bold), never parsed. The styled components default to `markdownText`; pass
 * `renderText={plainText}` to opt them out.
 */
export const plainText: RenderText = /* @__PURE__ */ kitRenderer((text: string, { heading }: RenderTextInfo): ReactNode => (heading !== undefined ? <strong>{heading}</strong> : text), {
  // Built as DOM and cut into runs past the door: text/large/ adds those traits (large/kit.tsx).
  static: true,
})

/**
 * A renderer that draws the whole paragraph element itself (`markdownText` does, to mark its
 * format and make a heading the paragraph itself), instead of content inside the kit's paragraph
 * element.
 */
export interface WholeParagraphRenderer extends RenderText {
  readonly paragraph: (text: string, live: boolean, heading: string | undefined) => ReactNode
}


const drawsParagraph = (render: RenderText): render is WholeParagraphRenderer => 'paragraph' in render

/** The heading a finished paragraph is: only one of one line can be (a live one may still grow). */
export const headingOf = (text: string): string | undefined => (text.trim().includes('\n') ? undefined : parseHeading(text))

/** A paragraph as React renders it: its renderer's own element (`WholeParagraphRenderer`), or the kit's around the renderer's content. */
export function paragraphOf(text: string, live: boolean, kind: ReasoningKind, render: RenderText | undefined): ReactNode {
  const heading = live ? undefined : headingOf(text)
  if (render !== undefined && drawsParagraph(render)) return render.paragraph(text, live, heading)
  const info: RenderTextInfo = heading === undefined ? { live, kind } : { live, kind, heading }
  return <div {...paragraphAttributes(live)}>{(render ?? plainText)(text, info)}</div>
}

interface ParagraphProps {
  /** The live paragraph (a finished one comes as `log` and `index`). */
  readonly text?: string
  readonly log?: readonly string[]
  readonly index?: number
  readonly live: boolean
  readonly kind: ReasoningKind
  readonly render: RenderText | undefined
}

/** One paragraph, memoised on its props: a finished paragraph renders once. */
const Paragraph = /* @__PURE__ */ memo(function Paragraph({ text, log, index, live, kind, render }: ParagraphProps) {
  return paragraphOf(log === undefined ? text! : log[index!]!, live, kind, render)
})

/** Paragraphs per memoised group: a commit renders the newest group again and skips the others whole. */
export const GROUP = 64

interface GroupProps {
  /**
   * The text's finished paragraphs so far: the group's are `log[first]` and the `count - 1` after
   * it. A log is only ever appended to (see `Lineage`), so the same log, first and count are the
   * same paragraphs.
   */
  readonly log: readonly string[]
  readonly first: number
  readonly count: number
  /** The live paragraph, when it is this group's last (the last one, finished, once the text is). */
  readonly tail: string | undefined
  /** Its `tail` is still receiving text (false in every other group). */
  readonly live: boolean
  readonly kind: ReasoningKind
  readonly render: RenderText | undefined
}

/**
 * Up to `GROUP` paragraphs in a box of their own, memoised as one: while the tail streams, every
 * group but the newest is skipped whole, and the browser lays out the text's few groups, not its
 * many paragraphs. The live paragraph has the key its finished self will have.
 */
const Group = /* @__PURE__ */ memo(function Group({ log, first, count, tail, live, kind, render }: GroupProps) {
  const items: ReactNode[] = []
  for (let i = first; i < first + count; i++) items.push(<Paragraph key={i} log={log} index={i} live={false} kind={kind} render={render} />)
  if (tail !== undefined) items.push(<Paragraph key={first + count} text={tail} live={live} kind={kind} render={render} />)
  return <div data-slot="reasoning-group">{items}</div>
})

/** The labels the renderer shows (a code block's copy button): a group built outside React renders again when they change. */
export const TextLabels = /* @__PURE__ */ createContext<ReasoningLabels | undefined>(undefined)

/** The labels of the text being rendered (`StreamingText`'s), if any: what a code block's copy button says, built or React's. */
export const useTextLabels = (): ReasoningLabels | undefined => useContext(TextLabels)

/**
 * Whether a live text that mounts with a backlog shows it from the next frame (a long text's, see
 * text/large/): not where the text was on screen already and only moves (a panel hydrated from
 * server HTML moves it into a portal, which mounts it again).
 */
export const DeferBacklog = /* @__PURE__ */ createContext(true)

export interface StreamingTextProps {
  readonly text: string
  /** The text is still growing: its last paragraph is live. */
  readonly live: boolean
  readonly kind: ReasoningKind
  readonly render: RenderText | undefined
  /** The labels the renderer shows (a code block's copy button), if any: groups built outside React render again when they change. */
  readonly labels?: ReasoningLabels
  /** The text's end, when it comes from the store (see `TextEnd`): a live text is then read only near its end. */
  readonly end?: TextEnd
  /**
   * The text was on screen through the common path until it grew past the door (`LARGE_CHARS`):
   * how many of its finished paragraphs that showed (`Infinity`: all, and the live one), which
   * text/large/ shows from its first commit, never a frame with less.
   */
  readonly continued?: number
}

/**
 * What the common path has on screen, for text/large/ to continue (see `StreamingTextProps.continued`):
 * its finished paragraphs (`Infinity`: all, and the live one), set as it commits; none before.
 */
type OnScreen = Map<'paragraphs', number>

/**
 * A text as paragraphs, the common case (a trace of a few to some tens of KB). Each update splits
 * only the unfinished tail (see `split`) and renders the newest group again; finished groups are
 * skipped whole. Text that comes faster than frames (a flood, a backlog on mount) shows a budget
 * a frame (see `useCatchUp`).
 */
function CommonText({ text, live, kind, render, labels, end, onScreen }: StreamingTextProps & { readonly onScreen?: OnScreen }) {
  // Remember the previous split (React's "store information from previous renders").
  const [split, setSplit] = useState<Lineage>(() => splitText(text, undefined, end, true))
  let paragraphs = split
  if (paragraphs.text !== text) {
    paragraphs = splitText(text, paragraphs, end, true)
    setSplit(paragraphs)
  }
  const { log, count: total } = paragraphs
  // A server, and the hydration that adopts its HTML, render all of it at once.
  const client = useClientRender()
  const { shown, behind } = useCatchUp(log, total, text, live, render, useContext(DeferBacklog) && client, client ? 0 : Infinity)
  const count = behind ? shown : total
  useIsomorphicLayoutEffect(() => {
    onScreen?.set('paragraphs', behind ? shown : Infinity)
  })
  // A string of its own (see `own`): a memoised group keeps its last props, and a slice would keep the whole text alive with it.
  const tail = own(tailWith(paragraphs).tail)
  const withTail = !behind && hasNonSpaceIn(tail, undefined)
  const groups: ReactNode[] = []
  for (let from = 0; from < count || (withTail && from === count); from += GROUP) {
    const to = Math.min(from + GROUP, count)
    // The group the tail paragraph ends (a group of its own after a full one).
    const last = withTail && to === count && to - from < GROUP
    groups.push(<Group key={from} log={log} first={from} count={to - from} tail={last ? tail : undefined} live={last && live} kind={kind} render={render} />)
  }
  // Link definitions for every paragraph of the text (see `DefinitionLines`), kept like the split.
  const [definitions, setDefinitions] = useState<Definitions>()
  const nextDefinitions = definitionLines(log, total, tail, live, paragraphs.origin, definitions)
  if (nextDefinitions !== definitions) setDefinitions(nextDefinitions)
  return (
    <TextLabels.Provider value={labels}>
      <DefinitionLines.Provider value={nextDefinitions.lines}>{groups}</DefinitionLines.Provider>
    </TextLabels.Provider>
  )
}

/**
 * The door to the huge-trace machinery (text/large/: catch-up budgets, long paragraphs in runs,
 * groups built as DOM and frozen, split pacing): a client's text of at least this many characters
 * renders through it, loaded with `import()` the first time one does; a server never loads it.
 * Crossing it mounts the text again once (docs/performance.md, "The door to the huge-trace
 * machinery", has the measurements behind the number).
 */
export const LARGE_CHARS = 64_000

/** The door's threshold, which tests of the machinery behind it lower (not part of the package's API). */
export const largeDoor = { threshold: LARGE_CHARS }

let large: typeof Large | undefined
let loadingLarge: Promise<typeof Large> | undefined

/** Loads text/large/ (once; a failed load is tried again by the next call). */
export function loadLargeText(): Promise<typeof Large> {
  loadingLarge ??= import('./large').then(
    (module) => (large = module),
    (error: unknown) => {
      loadingLarge = undefined
      throw error
    },
  )
  return loadingLarge
}

/**
 * A growing text as paragraphs: `CommonText`, or past the door (`LARGE_CHARS`) on a client,
 * text/large/'s. A text that mounts past it shows once the machinery has loaded (the next tick; a
 * backlog shows from the next frame anyway); one that grows past it stays on the common path until
 * then, and the machinery then shows at least what the common path showed, from its first commit
 * (`continued`). One that hydrated finished keeps the server's elements. Where the machinery
 * fails to load, the common path renders the text: never lost.
 */
export function StreamingText(props: StreamingTextProps) {
  const client = useClientRender()
  const [hydrated] = useState(() => !client)
  const wanted = client && props.text.length >= largeDoor.threshold && !(hydrated && !props.live)
  const [mountedPast] = useState(() => wanted)
  const [failed, fail] = useState(false)
  const [, loaded] = useReducer((n: number) => n + 1, 0)
  const path = wanted && large !== undefined ? 'large' : mountedPast && wanted && !failed ? 'none' : 'common'
  // What the common path has on screen (mutable on purpose: written as it commits, read once as
  // text/large/ mounts in its place, which continues from there).
  const [onScreen] = useState<OnScreen>(() => new Map())
  useEffect(() => {
    if (wanted && large === undefined) loadLargeText().then(loaded, () => fail(true))
  }, [wanted])
  if (path === 'large' && large !== undefined) return <large.LargeText {...props} continued={onScreen.get('paragraphs') ?? 0} />
  return path === 'none' ? null : <CommonText {...props} onScreen={onScreen} />
}
