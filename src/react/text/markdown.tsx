/**
 * Markdown for one paragraph of untrusted reasoning text. The parser (marked's lexer, see
 * "//markdown" in package.json for why) is loaded with `import()` when a panel first shows
 * markdown (`loadMarkdown`); until it has loaded, the text shows as it is. Its tree
 * (markdown-parse.ts) is mapped to React elements, or to DOM for a finished paragraph built
 * outside React, by hand: never `innerHTML`, raw HTML stays text, links only for http(s) and
 * mailto, images never loaded, math as typed.
 */
import { createElement, Fragment, Suspense, useRef, type ReactNode, type RefObject } from 'react'
import { useIsomorphicLayoutEffect } from '../state/client'
import { useCopy } from '../state/copy'
import { mergeLabels } from '../state/labels'
import { useReasoningConfig } from '../state/provider'
import type * as MarkdownParse from './markdown-parse'
import type { MdNode } from './markdown-parse'
import { kitRenderer, paragraphAttributes, useDefinitionLines, useTextLabels, type WholeParagraphRenderer } from './text'

export type Parser = typeof MarkdownParse

let parser: Parser | undefined
let loading: Promise<void> | undefined
/** The last load failed: markdown shows as text until `loadMarkdown` is called again. */
let failed = false

/** The markdown parser, once it has loaded (see `loadMarkdown`). */
export const markdownParser = (): Parser | undefined => parser

/**
 * Loads the markdown parser, a chunk of its own (29 kB gzip: docs/performance.md). A panel's
 * markdown suspends until it is there, showing the text as it is meanwhile (a `<Suspense>` of its
 * own), and a hydrating client keeps the server's markdown until then; a server starts loading it
 * as the module loads. Call it to load it ahead of time: a server that renders with
 * `renderToString` (which shows a suspended text as it is) awaits it first. Resolves at once once
 * loaded; a failed load rejects, and the next call tries again.
 */
export function loadMarkdown(): Promise<void> {
  failed = false
  loading ??= import('./markdown-parse').then(
    (module) => {
      parser = module
    },
    (error: unknown) => {
      loading = undefined
      failed = true
      throw error
    },
  )
  return loading
}

/**
 * On a server (no document), the load starts as the module loads, so that a server's first
 * renders have the parser: a bundle that never renders markdown drops this with `Markdown`, which
 * reads it (it is marked pure for that).
 */
const serverLoad = /* @__PURE__ */ (() => (typeof document === 'undefined' ? loadMarkdown().catch(() => undefined) : undefined))()

/**
 * Headings are `<p><strong>`, never `<h1>`–`<h6>`: a panel inside a chat must not add to the page's outline.
 * Like every block of text here it has `dir="auto"`: reasoning comes in any language, whatever the page's
 * direction, so each block takes the direction of its own first strong character.
 */
export function Heading({ children, level, live }: { readonly children: ReactNode; readonly level?: number; readonly live?: boolean }) {
  return (
    <p data-slot="reasoning-heading" data-level={level} data-live={live ? '' : undefined} dir="auto">
      <strong>{children}</strong>
    </p>
  )
}

/** An element's attributes, by their DOM names, in the order they are set; undefined: left out. */
export type Attributes = Readonly<Record<string, string | undefined>>

/**
 * What the mapping of a parsed paragraph (`mapNodes`) makes of it: React elements (`reactOut`),
 * or DOM (`domOut` in large/kit.tsx: a finished paragraph built outside React, see `BuildParagraph`).
 * One mapping, so both are the same elements in the same places. Text is a string in either.
 */
export interface Out<N> {
  element(tag: string, attributes: Attributes | undefined, children: readonly (N | string)[], key: number): N
  /** Children without an element of their own. */
  group(children: readonly (N | string)[], key: number): N
  heading(children: readonly (N | string)[], level: number | undefined, key: number): N
  /** A code block: its code, its language, and the info string it was written with (shown above it). */
  code(code: string, language: string | undefined, info: string | undefined, key: number): N
  /** A table: its columns' alignment, its header row's cells and its body's rows of cells, each cell's content. */
  table(align: readonly (string | undefined)[], head: readonly (readonly (N | string)[])[], body: readonly (readonly (readonly (N | string)[])[])[], key: number): N
  checkbox(checked: boolean, key: number): N
}

/** `nodes` mapped by `out`. */
function mapNodes<N>(out: Out<N>, nodes: readonly MdNode[]): (N | string)[] {
  return nodes.map((node, key) => {
    if (typeof node === 'string') return node
    switch (node.k) {
      case 'el':
        return node.tag === '' ? out.group(mapNodes(out, node.children), key) : out.element(node.tag, node.attrs, mapNodes(out, node.children), key)
      case 'heading':
        return out.heading(mapNodes(out, node.children), node.level, key)
      case 'code':
        return out.code(node.code, node.language, node.info, key)
      case 'table':
        return out.table(
          node.align,
          node.head.map((cell) => mapNodes(out, cell)),
          node.body.map((row) => row.map((cell) => mapNodes(out, cell))),
          key,
        )
      case 'checkbox':
        return out.checkbox(node.checked, key)
    }
  })
}

/** React elements: the mapping as the panel renders it. Void elements get no children. */
const reactOut: Out<ReactNode> = {
  element: (tag, attributes, children, key) => (children.length === 0 ? createElement(tag, { key, ...attributes }) : createElement(tag, { key, ...attributes }, children)),
  group: (children, key) => <Fragment key={key}>{children}</Fragment>,
  heading: (children, level, key) => (
    <Heading key={key} level={level}>
      {children}
    </Heading>
  ),
  code: (code, language, info, key) => <CodeBlock key={key} code={code} language={language} info={info} />,
  table: (align, head, body, key) => <Table key={key} align={align} head={head} body={body} />,
  checkbox: (checked, key) => <input key={key} type="checkbox" checked={checked} disabled readOnly />,
}

/**
 * Code blocks and tables scroll sideways only where they are wider than their box. Each one is
 * measured after it renders, and all of a text's again when its width changes: one whose content
 * fits gets `data-fits`, and the stylesheet then neither clips nor scrolls it. A box that clips or
 * scrolls is a paint layer of its own, and in each frame that scrolls a long text Chromium updates
 * what every such layer in the scroll area may paint: a frame at 4 MB of markdown cost twice one
 * at 0.5 MB, and about the same without them (docs/performance.md). Until it is measured (the
 * server's HTML, a closed panel) a box scrolls, as a wide one does.
 */
const unmeasured = new Set<HTMLElement>()
/** Texts whose width changed: all their boxes are measured, found when measured (a group may freeze meanwhile, copying its boxes). */
const unmeasuredTexts = new Set<Element>()
/** A measure is queued for the next frame: a group does not freeze meanwhile (large/freeze.tsx), or its copy would keep a box unmeasured. */
export let measureQueued = false
/** The width each observed text had when its boxes were last measured. */
const widths = new WeakMap<Element, number>()
let widthObserver: ResizeObserver | undefined

/** What scrolls sideways in `box`: a code block's `pre`, a table's box itself. */
const scrollerOf = (box: HTMLElement): HTMLElement | null => (box.getAttribute('data-slot') === 'reasoning-code' ? box.querySelector('pre') : box)

/** The box's content is no wider than the box (for a code block, its `pre`); undefined where it is not rendered (a closed panel). */
function fitsSideways(box: HTMLElement): boolean | undefined {
  const scroller = scrollerOf(box)
  if (scroller === null) return true
  const width = scroller.clientWidth
  return width === 0 ? undefined : scroller.scrollWidth <= width
}

/**
 * Marks whether `box` fits. What scrolls is a tab stop, so a keyboard can scroll it (rendered as
 * one until measured); what fits is not, so a keyboard user does not stop on it for nothing. React
 * renders the same `tabIndex` every time, so it never writes it back.
 */
function markFits(box: HTMLElement, fits: boolean): void {
  box.toggleAttribute('data-fits', fits)
  const scroller = scrollerOf(box)
  if (scroller === null) return
  // One that has focus keeps it (-1: focusable, no tab stop); Chromium would move focus to the body.
  if (!fits) scroller.setAttribute('tabindex', '0')
  else if (scroller.ownerDocument.activeElement === scroller) scroller.setAttribute('tabindex', '-1')
  else scroller.removeAttribute('tabindex')
}

export function measureSoon(box: HTMLElement): void {
  unmeasured.add(box)
  if (measureQueued) return
  measureQueued = true
  // In the next frame, before its own layout (docs/performance.md, "Measured in the frame"): one
  // layout for all the boxes a commit rendered, the one the frame does anyway. Read after the
  // commit, in its task, the layout joined React's work in one task.
  if (typeof requestAnimationFrame === 'undefined') queueMicrotask(measureBoxes)
  else requestAnimationFrame(measureBoxes)
}

/** All reads, then all writes: one layout for every box measured. */
function measureBoxes(): void {
  measureQueued = false
  for (const text of unmeasuredTexts) for (const box of text.querySelectorAll<HTMLElement>('[data-slot="reasoning-code"], [data-slot="reasoning-table"]')) unmeasured.add(box)
  unmeasuredTexts.clear()
  const boxes = [...unmeasured].filter((box) => box.isConnected)
  unmeasured.clear()
  const fit = boxes.map(fitsSideways)
  boxes.forEach((box, i) => {
    const fits = fit[i]
    if (fits !== undefined) markFits(box, fits)
    watchWidth(box)
  })
}

/** Measures a text's boxes again when its width changes (its frozen copies included, which React no longer renders). */
function watchWidth(box: HTMLElement): void {
  const root = box.closest('[data-slot="reasoning-text"]') ?? box.parentElement
  if (root === null || widths.has(root) || typeof ResizeObserver === 'undefined') return
  widths.set(root, root.clientWidth || -1)
  // A web font that arrives after the measure changes what fits, not the text's width: all again.
  if (widthObserver === undefined) root.ownerDocument.fonts?.addEventListener('loadingdone', measureAllTexts)
  widthObserver ??= new ResizeObserver((entries) => {
    for (const { target } of entries) {
      // Removed (its size is then 0): let it go.
      if (!target.isConnected) {
        widthObserver?.unobserve(target)
        widths.delete(target)
        continue
      }
      // Hidden (a closed panel): measured again when it shows at another width.
      const width = target.clientWidth
      if (width === 0 || width === widths.get(target)) continue
      widths.set(target, width)
      unmeasuredTexts.add(target)
    }
    measureTextsNextFrame()
  })
  widthObserver.observe(root)
}

/**
 * Measures the boxes of `unmeasuredTexts` in the next frame: in a ResizeObserver's callback, a box
 * that starts to scroll may grow a scrollbar, and the text with it.
 */
function measureTextsNextFrame(): void {
  if (unmeasuredTexts.size === 0 || measureQueued) return
  measureQueued = true
  requestAnimationFrame(measureBoxes)
}

/** Measures the boxes of every text on the page in the next frame. */
function measureAllTexts(): void {
  for (const text of document.querySelectorAll('[data-slot="reasoning-text"]')) unmeasuredTexts.add(text)
  measureTextsNextFrame()
}

/** Measures `box` (see `fitsSideways`) after each render that changes `content`. */
function useFitsSideways(box: RefObject<HTMLElement | null>, content: unknown): void {
  useIsomorphicLayoutEffect(() => {
    if (box.current !== null) measureSoon(box.current)
  }, [content])
}

/** Cells' contents, mapped (see `Out.table`). */
type Cells = readonly (readonly ReactNode[])[]

/** A table: its header row and its body's rows. Scrolls sideways in its own box (then a tab stop) when wide. */
function Table({ align, head, body }: { readonly align: readonly (string | undefined)[]; readonly head: Cells; readonly body: readonly Cells[] }) {
  const box = useRef<HTMLDivElement>(null)
  useFitsSideways(box, body)
  const cells = (row: Cells, Cell: 'th' | 'td') =>
    row.map((cell, i) => (
      <Cell key={i} align={align[i] as 'left' | 'center' | 'right' | undefined} dir="auto">
        {cell}
      </Cell>
    ))
  return (
    <div ref={box} data-slot="reasoning-table" tabIndex={0}>
      <table dir="auto">
        <thead>
          <tr>{cells(head, 'th')}</tr>
        </thead>
        {body.length > 0 && (
          <tbody>
            {body.map((row, i) => (
              <tr key={i}>{cells(row, 'td')}</tr>
            ))}
          </tbody>
        )}
      </table>
    </div>
  )
}

/** A code block: language label, copy button, the code. An open fence grows as a code block. */
function CodeBlock({ code, language, info }: { readonly code: string; readonly language: string | undefined; readonly info: string | undefined }) {
  // The text's labels (every panel, stream and summary gives its own: as a built code block has them),
  // else, for an app's own call of the renderer, the provider's.
  const fallback = useReasoningConfig().labels
  const labels = useTextLabels() ?? mergeLabels(fallback)
  const { copied, copy } = useCopy()
  const box = useRef<HTMLDivElement>(null)
  useFitsSideways(box, code)
  return (
    // Code reads left to right in every script (an RTL page must not reverse `a = b;` into `;a = b`).
    <div ref={box} data-slot="reasoning-code" data-language={language} dir="ltr">
      <div data-slot="reasoning-code-header">
        {info !== undefined && <span data-slot="reasoning-code-language">{info}</span>}
        <button type="button" data-slot="reasoning-code-copy" data-copied={copied ? '' : undefined} onClick={() => copy(code)}>
          {copied ? labels.copied : labels.copyCode}
        </button>
      </div>
      <pre tabIndex={0}>
        <code>{code}</code>
      </pre>
    </div>
  )
}


/**
 * One paragraph of markdown mapped by `out`, parsed with the link definitions found elsewhere in
 * its text (`definitions`: lines, see `useDefinitionLines` in text.tsx). Never throws: a parser
 * failure shows the text as it is.
 */
export function mapParagraph<N>(out: Out<N>, parse: Parser, text: string, definitions: readonly string[]): (N | string)[] {
  try {
    return mapNodes(out, parse.parse(text, definitions.length > 0 && text.includes('[') ? definitionsOf(parse, definitions) : undefined))
  } catch {
    return [out.element('p', { dir: 'auto' }, [text], 0)]
  }
}

/** The link definitions of a text's definition lines (one record per list of lines: they change only when one is added). */
const definitionCache = new WeakMap<readonly string[], Record<string, { href: string; title: string }>>()
function definitionsOf(parse: Parser, lines: readonly string[]) {
  let found = definitionCache.get(lines)
  if (found === undefined) {
    found = parse.lex(lines.join('\n\n')).definitions
    definitionCache.set(lines, found)
  }
  return found
}

/**
 * Renders one paragraph of markdown. Never throws. Until the parser has loaded, the text as it is,
 * marked `data-pending` (a group holding it is not frozen: see `useFreezing` in text.tsx); a
 * hydrating client keeps the server's HTML until then (React's selective hydration).
 */
export function Markdown({ text }: { readonly text: string; readonly live?: boolean }): ReactNode {
  return (
    <Suspense fallback={<span data-pending="">{text}</span>}>
      <Parsed text={text} />
    </Suspense>
  )
}

/** The markdown of `text`; suspends while the parser loads (see `loadMarkdown`), the text as it is if that failed. */
function Parsed({ text }: { readonly text: string }): ReactNode {
  const definitions = useDefinitionLines()
  if (parser !== undefined) return mapParagraph(reactOut, parser, text, definitions)
  if (failed) return <span data-pending="">{text}</span>
  // Thrown for the boundary above, which shows it again once the parser is there.
  throw serverLoad ?? loadMarkdown().catch(() => undefined)
}

/**
 * The styled components' default renderer: CommonMark and GitHub's extensions (tables, task lists,
 * strikethrough, autolinks), mapped to React elements, code blocks with a copy button. Raw HTML
 * shows as text, links are only http(s) and mailto (`rel="noopener noreferrer nofollow"`, new tab),
 * images are never loaded (their alt text and URL show as text), math shows as typed. An unclosed
 * `**bold` in the live paragraph shows as text until it closes; an open code fence grows as a code
 * block. The parser loads on first use (`loadMarkdown`). Headless parts never import it: pass it as
 * `renderText` to use it there.
 */
export const markdownText: WholeParagraphRenderer = /* @__PURE__ */ kitRenderer(
  /* @__PURE__ */ Object.assign((text: string): ReactNode => <Markdown text={text} />, {
    // A paragraph marked as markdown; a title line is a heading in it (see markdown-parse.ts).
    paragraph: (text: string, live: boolean): ReactNode => (
      <div {...paragraphAttributes(live, 'markdown')}>
        <Markdown text={text} live={live} />
      </div>
    ),
  }),
  {
    // About 2.5× plain text's work per character (parsing, 3.5× the elements, their layout:
    // bench/render, task CPU and script time of the two panels on the same trace).
    cost: 2,
    // Plain elements; a code block's copy button is the one handler (see `Group` in text.tsx).
    // Built as DOM and cut into runs past the door: text/large/ adds those traits (large/kit.tsx).
    static: true,
  },
)
