/**
 * Groups built as DOM (docs/performance.md, "Groups built as DOM"): a client's large text of the
 * kit's own renderers has its finished paragraphs built without React, once each.
 */
import { useContext, useRef, useState, type MouseEvent } from 'react'
import { useIsomorphicLayoutEffect } from '../../state/client'
import { defaultLabels } from '../../state/labels'
import { headingOf, TextLabels, traitsOf, useDefinitionLines, type BuildParagraph, type RenderText } from '../text'
import { clickedControl, replayClick, selectionIn, type Replay } from './freeze'
import { paragraphsOf, type GroupProps } from './group'
import { hasRuns, RUN_CHARS, runsOf, type Source } from './runs'

/** The kit's builder of `render`'s finished paragraphs, while it can build (markdown: once its parser has loaded). */
export const builderOf = (render: RenderText | undefined): BuildParagraph | undefined => {
  const traits = traitsOf(render)
  return traits?.ready === undefined || traits.ready() ? traits?.build : undefined
}

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
export function BuiltGroup(props: GroupProps) {
  const { source, first, count, tail, render } = props
  const element = useRef<HTMLDivElement>(null)
  const build = builderOf(render)!
  const labels = useContext(TextLabels) ?? defaultLabels
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
