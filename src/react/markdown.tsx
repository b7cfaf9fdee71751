/**
 * Markdown for one paragraph of untrusted reasoning text. The parser is
 * streaming-markdown (see "//markdown" in package.json for why); its tokens
 * are collected into a small tree here and mapped to React elements by hand:
 * never `innerHTML`, raw HTML stays text (the parser has no HTML construct),
 * links only for http(s) and mailto, images never loaded.
 */
import { createElement, Fragment, useRef, type ReactNode, type RefObject } from 'react'
import {
  BLOCKQUOTE,
  CHECKBOX,
  CODE_BLOCK,
  CODE_FENCE,
  CODE_INLINE,
  DOCUMENT,
  EQUATION_BLOCK,
  EQUATION_INLINE,
  HEADING_1,
  HEADING_6,
  IMAGE,
  ITALIC_AST,
  ITALIC_UND,
  LINE_BREAK,
  LINK,
  LIST_ITEM,
  LIST_ORDERED,
  LIST_UNORDERED,
  PARAGRAPH,
  RAW_URL,
  RULE,
  STRIKE,
  STRONG_AST,
  STRONG_UND,
  TABLE,
  TABLE_CELL,
  TABLE_ROW,
  parser,
  parser_end,
  parser_write,
  type Attr,
  type Token,
} from 'streaming-markdown'
import { parseHeading } from '../core/headings'
import { useIsomorphicLayoutEffect } from './client'
import { useCopy } from './copy'
import { own } from '../core/text-end'
import { FENCE_LINE, fenceAfter } from './paragraphs'
import type { ReasoningLabels } from './labels'
import { useLabels } from './parts'
import { RUN_CHARS, useTextLabels, withBuild, type ParagraphRuns, type WholeParagraphRenderer } from './text'

/** A node of the parsed paragraph: a token with its attributes and children, or text. */
export type MarkdownNode = string | MarkdownElement

export interface MarkdownElement {
  readonly type: Token
  /** Attributes by the parser's `Attr` number (href, src, lang, checked, start). */
  readonly attrs: Partial<Record<Attr, string>>
  readonly children: MarkdownNode[]
  /** The source closed it (`**bold**`); false for what the end of the text cut short (`**bold`). */
  closed: boolean
}

const HREF = 1 as Attr
const SRC = 2 as Attr
const LANG = 4 as Attr
const CHECKED = 8 as Attr
const START = 16 as Attr

/** How deep constructs nest in the tree at most; deeper ones are flattened into their text. */
const MAX_DEPTH = 32

/** Parses markdown into a tree. Inline constructs the text leaves open are marked `closed: false`. */
export function parseMarkdown(text: string): MarkdownNode[] {
  const root: MarkdownElement = { type: DOCUMENT, attrs: {}, children: [], closed: true }
  const stack: MarkdownElement[] = [root]
  // Constructs nested deeper than MAX_DEPTH (`*_*_*_…`, `>>>>…`) add no element: their text goes
  // to the deepest one, so rendering never recurses past the stack (hostile input, never a crash).
  let skipped = 0
  let ending = false
  const top = () => stack[stack.length - 1]!
  // The parser hands text over about a character at a time. Joined as it comes (`+=`), each
  // piece of text would be a chain of one-character strings in V8, about 20 bytes a character
  // for as long as the paragraph is shown (heap snapshots of the demo after 100 turns); the
  // pieces are joined once, when the node they belong to changes, into a string of its own: the
  // parser builds a node's text with `+=` too, and a join of that one piece would be that chain
  // (5 MB of V8 cons strings held for 1 MB of text shown, bench/render/large.ts).
  let pending: string[] = []
  let pendingIn: MarkdownElement | undefined
  const flush = () => {
    if (pendingIn === undefined) return
    const children = pendingIn.children
    const last = children.length - 1
    const before = children[last]
    if (typeof before === 'string') children[last] = own(before + pending.join(''))
    else children.push(own(pending.join('')))
    pending = []
    pendingIn = undefined
  }
  const p = parser({
    data: undefined,
    add_token(_data: undefined, type: Token) {
      flush()
      if (stack.length > MAX_DEPTH) {
        skipped++
        return
      }
      // The parser can open a paragraph inside a paragraph, or inside an inline construct in one (`a`
      // then a line `\`\`\`b\`\`\``: a fence it took back, its info string holding backticks). That is the
      // outer paragraph going on after a line break (CommonMark), and <p> in <p> is not HTML (React
      // says so, and a browser's parser would split it): the inner one adds a break, and its content
      // goes where the text is: that node stands in for it on the stack, and ends with its own end.
      if (type === PARAGRAPH && stack.some((n) => n.type === PARAGRAPH)) {
        top().children.push({ type: LINE_BREAK, attrs: {}, children: [], closed: true })
        stack.push(top())
        return
      }
      const node: MarkdownElement = { type, attrs: {}, children: [], closed: false }
      top().children.push(node)
      stack.push(node)
    },
    end_token() {
      flush()
      if (skipped > 0) {
        skipped--
        return
      }
      const node = stack.length > 1 ? stack.pop()! : root
      if (!ending && node !== top()) node.closed = true
    },
    add_text(_data: undefined, chunk: string) {
      const node = top()
      if (pendingIn !== node) {
        flush()
        pendingIn = node
      }
      pending.push(chunk)
    },
    set_attr(_data: undefined, attr: Attr, value: string) {
      top().attrs[attr] = value
    },
  })
  parser_write(p, text)
  ending = true
  parser_end(p)
  flush()
  return root.children
}

/** Link targets that may be links: http(s) and mailto, nothing else (no javascript:, data:, relative or protocol-relative). */
export function safeHref(href: string | undefined): string | undefined {
  if (href === undefined) return undefined
  const trimmed = href.trim()
  return /^(https?:\/\/[^\s/]|mailto:[^\s])/i.test(trimmed) ? trimmed : undefined
}

/** The literal markers of inline constructs, for showing an unclosed one as the text it is. */
const MARKERS: Partial<Record<Token, string>> = {
  [ITALIC_AST]: '*',
  [ITALIC_UND]: '_',
  [STRONG_AST]: '**',
  [STRONG_UND]: '__',
  [STRIKE]: '~~',
  [CODE_INLINE]: '`',
  [LINK]: '[',
  [IMAGE]: '![',
  [EQUATION_INLINE]: '$',
  [EQUATION_BLOCK]: '$$',
}

const WORD = /[\p{L}\p{N}]/u

/** `snake_case_name`: underscores inside a word are not emphasis (CommonMark), whatever the parser thought. */
function intraword(siblings: readonly MarkdownNode[], i: number): boolean {
  const before = siblings[i - 1]
  const after = siblings[i + 1]
  return (typeof before === 'string' && WORD.test(before.slice(-1))) || (typeof after === 'string' && WORD.test(after.charAt(0)))
}

/** The text a list of nodes shows. */
export function textOf(nodes: readonly MarkdownNode[]): string {
  return nodes.map((n) => (typeof n === 'string' ? n : textOf(n.children))).join('')
}

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
type Attributes = Readonly<Record<string, string | undefined>>

/**
 * What the mapping of a parsed paragraph (`mapNodes`) makes of it: React elements (`reactOut`),
 * or DOM (`domOut`: a finished paragraph built outside React, see `BuildParagraph` in text.tsx).
 * One mapping, so both are the same elements in the same places. Text is a string in either.
 */
interface Out<N> {
  element(tag: string, attributes: Attributes, children: readonly (N | string)[], key: number): N
  /** Children without an element of their own. */
  group(children: readonly (N | string)[], key: number): N
  heading(children: readonly (N | string)[], level: number | undefined, key: number): N
  code(code: string, language: string | undefined, key: number): N
  /** A table: its header row's cells and its body's rows of cells, each cell's content. */
  table(head: readonly (readonly (N | string)[])[] | undefined, body: readonly (readonly (readonly (N | string)[])[])[], key: number): N
  checkbox(checked: boolean, key: number): N
}

/** The React elements for `nodes`, parsed from `source` (the text of the whole segment: an unclosed construct shows as the source it came from). */
function mapNodes<N>(out: Out<N>, nodes: readonly MarkdownNode[], source: string): (N | string)[] {
  return nodes.map((node, i) => (typeof node === 'string' ? node : mapElement(out, node, i, nodes, source)))
}

/**
 * An inline construct the text has not closed (yet) is the text it is: `**bold`
 * streams as text until `**` comes. An unclosed link is open at the end of the
 * text, so it is the end of the source from its marker on (label and half-typed URL).
 */
function unclosed(node: MarkdownElement, marker: string, source: string): string {
  const first = node.children[0]
  let at = source.lastIndexOf(marker + (typeof first === 'string' ? first : ''))
  if (at === -1) at = source.lastIndexOf(marker)
  return at === -1 ? marker + textOf(node.children) : source.slice(at)
}

/** The run of backticks an unclosed inline code span opened with (`\`\`a` is two: one marker would lose a character). */
function backticks(node: MarkdownElement, source: string): string {
  const first = node.children[0]
  const at = source.lastIndexOf('`' + (typeof first === 'string' ? first : ''))
  return at < 0 ? '`' : /`+$/.exec(source.slice(0, at + 1))![0]
}

function mapElement<N>(out: Out<N>, node: MarkdownElement, key: number, siblings: readonly MarkdownNode[], source: string): N {
  const { type, attrs, children } = node
  const inner = () => mapNodes(out, children, source)
  const marker = MARKERS[type]
  if (marker !== undefined && !node.closed) {
    // A link or image swallows what follows its label (`](https://exa`): show the source. Emphasis and
    // the like show their marker and their content, which may hold finished constructs (`snake_case and [a link](…)`).
    if (type === LINK || type === IMAGE) return out.group([unclosed(node, marker, source)], key)
    return out.group([type === CODE_INLINE ? backticks(node, source) : marker, ...inner()], key)
  }
  // Math is not rendered: `$5 and $10` in reasoning is money far more often than TeX. `[1]` without a
  // URL is text, not a link; `snake_case_name` has no emphasis.
  if (
    marker !== undefined &&
    (type === EQUATION_INLINE ||
      type === EQUATION_BLOCK ||
      (type === ITALIC_UND && intraword(siblings, key)) ||
      (type === LINK && attrs[HREF] === undefined) ||
      (type === IMAGE && attrs[SRC] === undefined))
  ) {
    return out.group([marker, ...inner(), type === LINK || type === IMAGE ? ']' : marker], key)
  }
  if (type >= HEADING_1 && type <= HEADING_6) return out.heading(inner(), type - HEADING_1 + 1, key)
  switch (type) {
    case PARAGRAPH:
      return out.element('p', { dir: 'auto' }, inner(), key)
    case CODE_BLOCK:
    case CODE_FENCE:
      return out.code(textOf(children), attrs[LANG]?.trim() || undefined, key)
    case CODE_INLINE:
      return out.element('code', {}, [textOf(children)], key)
    case ITALIC_AST:
    case ITALIC_UND:
      return out.element('em', {}, inner(), key)
    case STRONG_AST:
    case STRONG_UND:
      return out.element('strong', {}, inner(), key)
    case STRIKE:
      return out.element('del', {}, inner(), key)
    case LINK:
    case RAW_URL: {
      const href = safeHref(attrs[HREF])
      if (href === undefined) return out.element('span', {}, inner(), key)
      return out.element('a', { href, rel: 'noopener noreferrer nofollow', target: '_blank' }, inner(), key)
    }
    case IMAGE: {
      // Never an <img>: loading a prompt-injected URL would send data to whoever chose it.
      const alt = textOf(children).trim()
      const src = attrs[SRC]?.trim()
      const parts: N[] = []
      if (alt !== '') parts.push(out.element('span', { 'data-slot': 'reasoning-image-alt' }, [alt], 0))
      if (src !== undefined && src !== '') parts.push(out.element('span', { 'data-slot': 'reasoning-image-url' }, [src], 1))
      return out.element('span', { 'data-slot': 'reasoning-image' }, parts, key)
    }
    case BLOCKQUOTE:
      return out.element('blockquote', { dir: 'auto' }, inner(), key)
    case LINE_BREAK:
      return out.element('br', {}, [], key)
    case RULE:
      return out.element('hr', {}, [], key)
    case LIST_UNORDERED:
      return out.element('ul', { dir: 'auto' }, inner(), key)
    case LIST_ORDERED: {
      const start = Number(attrs[START])
      return out.element('ol', { start: Number.isSafeInteger(start) && start !== 1 ? String(start) : undefined, dir: 'auto' }, inner(), key)
    }
    case LIST_ITEM:
      return out.element('li', { dir: 'auto' }, inner(), key)
    case CHECKBOX:
      return out.checkbox(attrs[CHECKED] !== undefined, key)
    case TABLE: {
      // The first row is the header; a cell's content without the padding spaces around it.
      const rows = children.filter((r): r is MarkdownElement => typeof r !== 'string' && r.type === TABLE_ROW)
      const cells = (row: MarkdownElement) =>
        row.children.flatMap((cell) => (typeof cell === 'string' || cell.type !== TABLE_CELL ? [] : [mapNodes(out, trimmed(cell.children), source)]))
      const [head, ...body] = rows
      return out.table(head && cells(head), body.map(cells), key)
    }
    default:
      return out.group(inner(), key)
  }
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
  code: (code, language, key) => <CodeBlock key={key} code={code} language={language} />,
  table: (head, body, key) => <Table key={key} head={head} body={body} />,
  checkbox: (checked, key) => <input key={key} type="checkbox" checked={checked} disabled readOnly />,
}

/** An element with `attributes` and `children` (strings as text), made without React. */
function domElement(tag: string, attributes: Attributes, children: readonly (Node | string)[]): HTMLElement {
  const element = document.createElement(tag)
  for (const name in attributes) {
    const value = attributes[name]
    if (value !== undefined) element.setAttribute(name, value)
  }
  // One at a time: spreading a list of thousands of items as arguments overflows the stack. No
  // empty text: React makes no node for an empty string (a click's path counts the nodes).
  for (const child of children) if (child !== '') element.append(child)
  return element
}

/**
 * DOM: the mapping as `reactOut` renders it, attribute for attribute, for a finished paragraph
 * (never live: nothing of it changes). A code block's copy button is handled by the group it is
 * in (see `BuiltGroup` in text.tsx); code blocks and tables are measured once in place.
 */
function domOut(labels: ReasoningLabels): Out<Node> {
  return {
    element: (tag, attributes, children) => domElement(tag, attributes, children),
    group: (children) => {
      const fragment = document.createDocumentFragment()
      for (const child of children) if (child !== '') fragment.append(child)
      return fragment
    },
    heading: (children, level) => domElement('p', { 'data-slot': 'reasoning-heading', 'data-level': level === undefined ? undefined : String(level), dir: 'auto' }, [domElement('strong', {}, children)]),
    code: (code, language) => {
      const header = domElement('div', { 'data-slot': 'reasoning-code-header' }, [
        ...(language === undefined ? [] : [domElement('span', { 'data-slot': 'reasoning-code-language' }, [language])]),
        domElement('button', { type: 'button', 'data-slot': 'reasoning-code-copy' }, [labels.copyCode]),
      ])
      const box = domElement('div', { 'data-slot': 'reasoning-code', 'data-language': language, dir: 'ltr' }, [header, domElement('pre', { tabindex: '0' }, [domElement('code', {}, [code])])])
      measureSoon(box)
      return box
    },
    table: (head, body) => {
      const row = (cells: readonly (readonly (Node | string)[])[], tag: 'th' | 'td') => domElement('tr', {}, cells.map((cell) => domElement(tag, { dir: 'auto' }, cell)))
      const table = domElement('table', { dir: 'auto' }, [
        ...(head === undefined ? [] : [domElement('thead', {}, [row(head, 'th')])]),
        ...(body.length === 0 ? [] : [domElement('tbody', {}, body.map((cells) => row(cells, 'td')))]),
      ])
      const box = domElement('div', { 'data-slot': 'reasoning-table', tabindex: '0' }, [table])
      measureSoon(box)
      return box
    },
    // As React 19 sets them: `type` after the others, `checked` as the default state.
    checkbox: (checked) => domElement('input', { disabled: '', readonly: '', type: 'checkbox', checked: checked ? '' : undefined }, []),
  }
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
let measureQueued = false
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

function measureSoon(box: HTMLElement): void {
  unmeasured.add(box)
  if (measureQueued) return
  measureQueued = true
  // After the commit, its other effects done: one layout for all the boxes it rendered.
  queueMicrotask(measureBoxes)
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
function Table({ head, body }: { readonly head: Cells | undefined; readonly body: readonly Cells[] }) {
  const box = useRef<HTMLDivElement>(null)
  useFitsSideways(box, body)
  const cells = (row: Cells, Cell: 'th' | 'td') =>
    row.map((cell, i) => (
      <Cell key={i} dir="auto">
        {cell}
      </Cell>
    ))
  return (
    <div ref={box} data-slot="reasoning-table" tabIndex={0}>
      <table dir="auto">
        {head && (
          <thead>
            <tr>{cells(head, 'th')}</tr>
          </thead>
        )}
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

/** A cell's content without the padding spaces around it. */
function trimmed(nodes: readonly MarkdownNode[]): MarkdownNode[] {
  const out = [...nodes]
  if (typeof out[0] === 'string') out[0] = out[0].trimStart()
  const last = out.length - 1
  if (typeof out[last] === 'string') out[last] = out[last].trimEnd()
  return out
}

/** A code block: language label, copy button, the code. An open fence grows as a code block. */
function CodeBlock({ code, language }: { readonly code: string; readonly language: string | undefined }) {
  // The text's labels (as a built code block has them), else the panel's or the provider's.
  const fallback = useLabels(undefined)
  const labels = useTextLabels() ?? fallback
  const { copied, copy } = useCopy()
  const box = useRef<HTMLDivElement>(null)
  useFitsSideways(box, code)
  return (
    // Code reads left to right in every script (an RTL page must not reverse `a = b;` into `;a = b`).
    <div ref={box} data-slot="reasoning-code" data-language={language} dir="ltr">
      <div data-slot="reasoning-code-header">
        {language !== undefined && <span data-slot="reasoning-code-language">{language}</span>}
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
 * The parser knows only backtick fences: a ~~~ fence becomes a backtick fence
 * longer than any backtick run inside it, so its content stays code.
 */
function tildeFences(text: string): string {
  if (!text.includes('~~~')) return text
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE_LINE.exec(lines[i]!)
    if (!open) continue
    const [, indent, marks, info] = open as unknown as [string, string, string, string]
    if (fenceAfter(lines[i]!, undefined) === undefined) continue
    let end = i + 1
    while (end < lines.length && fenceAfter(lines[end]!, marks) !== undefined) end++
    if (marks[0] === '~') {
      // A plain loop: spreading one argument per line or per run overflows the stack on a huge fence.
      let longest = 2
      for (let j = i + 1; j < end; j++) for (const run of lines[j]!.match(/`+/g) ?? []) if (run.length > longest) longest = run.length
      const ticks = '`'.repeat(longest + 1)
      lines[i] = `${indent}${ticks}${info.replace(/`/g, '')}`
      if (end < lines.length) lines[end] = lines[end]!.replace(/~{3,}/, ticks)
    }
    i = end
  }
  return lines.join('\n')
}

/**
 * A code block closed at the end of its last line of code (`print(1)\`\`\``, as models write it):
 * the parser closes the fence there too, but drops the character before the backticks (`print(1`),
 * and at the end of the text drops that and the backticks. The backticks go on a line of their
 * own, as a closing fence is written, and the code keeps all of its characters.
 */
function gluedFences(text: string): string {
  // Only a text with a line that ends in backticks after something else (a fence closed on its own
  // line does not): a streaming code block is parsed again at every frame, and is not copied for this.
  if (!/[^`\n]`{3,}$/m.test(text)) return text
  let fence: string | undefined
  return text
    .split('\n')
    .map((line) => {
      const at = line.length - (fence?.length ?? 0)
      if (fence?.[0] === '`' && at > 0 && line.endsWith(fence) && line[at - 1] !== '`' && !FENCE_LINE.test(line)) {
        fence = undefined
        return `${line.slice(0, at)}\n${line.slice(at)}`
      }
      fence = fenceAfter(line, fence)
      return line
    })
    .join('\n')
}

/**
 * Splits a paragraph at bold title lines (`**Counting legs**` followed by a
 * newline is a heading, as OpenAI-style summaries write it), outside code
 * fences. The live paragraph's last line may still grow, so it is not a title yet.
 */
function segments(text: string, live: boolean): ({ heading: string } | { text: string })[] {
  if (!text.includes('**') && !text.includes('__')) return [{ text }]
  const out: ({ heading: string } | { text: string })[] = []
  const lines = text.split('\n')
  let fence: string | undefined
  let start = 0
  let offset = 0
  lines.forEach((line, i) => {
    const complete = i < lines.length - 1 || !live
    fence = fenceAfter(line, fence)
    const heading = fence === undefined && complete && /^\s*(\*\*|__)/.test(line) ? parseHeading(line) : undefined
    if (heading !== undefined) {
      if (offset > start) out.push({ text: text.slice(start, offset) })
      out.push({ heading })
      start = offset + line.length + 1
    }
    offset += line.length + 1
  })
  if (start < text.length) out.push({ text: text.slice(start) })
  return out
}

/**
 * One paragraph of markdown mapped by `out`: its heading lines and the markdown between them.
 * Never throws: a parser failure shows the text as it is.
 */
function mapParagraph<N>(out: Out<N>, text: string, live: boolean): N[] {
  return segments(text, live).map((segment, i) => {
    if ('heading' in segment) return out.heading([segment.heading], undefined, i)
    let source: string
    let nodes: MarkdownNode[]
    try {
      source = gluedFences(tildeFences(segment.text))
      nodes = parseMarkdown(source)
    } catch {
      return out.element('p', { dir: 'auto' }, [segment.text], i)
    }
    return out.group(mapNodes(out, nodes, source), i)
  })
}

/** Renders one paragraph of markdown. Never throws: a parser failure shows the text as it is. */
export function Markdown({ text, live = false }: { readonly text: string; readonly live?: boolean }): ReactNode {
  return mapParagraph(reactOut, text, live)
}

/**
 * A finished paragraph of markdown as DOM, made without React: the element `markdownText.paragraph`
 * renders for it (see `BuildParagraph` in text.tsx).
 */
function buildParagraph(text: string, heading: string | undefined, labels: ReasoningLabels): HTMLElement {
  const out = domOut(labels)
  if (heading !== undefined) return out.heading([heading], undefined, 0) as HTMLElement
  return domElement('div', { 'data-slot': 'reasoning-paragraph', 'data-format': 'markdown', dir: 'auto' }, mapParagraph(out, text, false))
}

/** True when every construct in `nodes` (and below) was closed by the text itself. */
function allClosed(nodes: readonly MarkdownNode[]): boolean {
  return nodes.every((node) => typeof node === 'string' || (node.closed && allClosed(node.children)))
}

/**
 * Whether `piece`, the start of a paragraph, renders alone as it does inside the whole: one
 * markdown paragraph, no heading line, nothing left open (an `**` still unclosed might close
 * after the cut, and `**bold` shows as text only until it does).
 */
function cleanPiece(piece: string): boolean {
  if (segments(piece, false).length !== 1) return false
  try {
    const nodes = parseMarkdown(gluedFences(tildeFences(piece)))
    const [only] = nodes
    return nodes.length === 1 && typeof only !== 'string' && only !== undefined && only.type === PARAGRAPH && allClosed(only.children)
  } catch {
    return false
  }
}

const LETTER = /\p{L}/u
/** Places tried per search: a paragraph that never leaves a clean place stays whole rather than costing a parse per place. */
const CUT_TRIES = 8

/**
 * Markdown in runs: a paragraph is cut only after a sentence (`. `, `! `, `? `, or `。！？`
 * with no space), before a letter, where the piece before renders alone as it does in the
 * whole. The rest then starts with a letter, which begins a paragraph in markdown as it
 * continued one (never a list, heading, quote or code).
 */
function markdownCut(text: string, start: number, from: number): number {
  const limit = Math.min(text.length - 1, from + 2 * RUN_CHARS)
  let tries = 0
  for (let i = Math.max(from, start + 2); i < limit; i++) {
    const before = text[i - 1]!
    const sentence = (before === ' ' && '.!?'.includes(text[i - 2]!)) || '。！？'.includes(before)
    if (!sentence || !LETTER.test(text[i]!)) continue
    if (cleanPiece(text.slice(start, i))) return i
    if (++tries === CUT_TRIES) return -1
  }
  return -1
}

const markdownRuns: ParagraphRuns = {
  cut: markdownCut,
  run: (text, live) => <Markdown text={text} live={live} />,
  paragraph: (runs, live) => (
    <div data-slot="reasoning-paragraph" data-format="markdown" data-live={live ? '' : undefined} dir="auto">
      {runs}
    </div>
  ),
}

/**
 * The styled components' default renderer: markdown (bold, emphasis, code and
 * fenced code blocks with a copy button, lists, headings, blockquotes, tables,
 * links), mapped to React elements. Raw HTML shows as text, links are only
 * http(s) and mailto (`rel="noopener noreferrer nofollow"`, new tab), images are
 * never loaded (their alt text and URL show as text). An unclosed `**bold` in the
 * live paragraph shows as text until it closes; an open code fence grows as a
 * code block. Headless parts never import it: pass it as `renderText` to use it there.
 */
export const markdownText: WholeParagraphRenderer = /* @__PURE__ */ withBuild(
  /* @__PURE__ */ Object.assign((text: string, { live, heading }: { readonly live: boolean; readonly heading?: string }): ReactNode => (heading !== undefined ? <Heading>{heading}</Heading> : <Markdown text={text} live={live} />), {
    // About 2.5× plain text's work per character (parsing, 3.5× the elements, their layout:
    // bench/render, task CPU and script time of the two panels on the same trace).
    cost: 2,
    runs: markdownRuns,
    // Plain elements; a code block's copy button is the one handler (see `Group` in text.tsx).
    static: true,
    // A heading paragraph is the heading itself; any other is a paragraph marked as markdown.
    paragraph: (text: string, live: boolean, heading: string | undefined): ReactNode =>
      heading !== undefined ? (
        <Heading live={live}>{heading}</Heading>
      ) : (
        <div data-slot="reasoning-paragraph" data-format="markdown" data-live={live ? '' : undefined} dir="auto">
          <Markdown text={text} live={live} />
        </div>
      ),
  }),
  // Its finished paragraphs, built as DOM (see `BuiltGroup` in text.tsx).
  buildParagraph,
)
