/**
 * The kit's own renderers past the door: their finished paragraphs built as DOM without React
 * (`BuildParagraph`, for `BuiltGroup` in built.tsx) and markdown's long paragraphs cut into runs
 * (`ParagraphRuns`). Added to `plainText`'s and `markdownText`'s traits (`KitRenderer`) by the
 * first `LargeText` that mounts: a text below the door never needs them, so they are not up front
 * (docs/performance.md, "Size"). The DOM is the one `markdown.tsx`'s mapping (`mapParagraph`)
 * makes, with `domOut` for React's elements, attribute for attribute.
 */
import type { MdNode } from '../markdown-parse'
import type { ReasoningLabels } from '../../state/labels'
import { mapParagraph, Markdown, markdownParser, markdownText, measureSoon, type Attributes, type Out } from '../markdown'
import { kitRenderer, paragraphAttributes, plainText, traitsOf } from '../text'
import type { ParagraphRuns } from './runs'

/** A finished paragraph's element as DOM (see `paragraphAttributes`), holding `children`. */
function paragraphNode(format: 'markdown' | undefined, children: readonly (Node | string)[]): HTMLElement {
  const element = document.createElement('div')
  for (const [name, value] of Object.entries(paragraphAttributes(false, format))) if (value !== undefined) element.setAttribute(name, value)
  // One at a time: spreading thousands of children as arguments overflows the stack.
  for (const child of children) element.append(child)
  return element
}

/** What `Paragraph` renders for a finished paragraph of plain text, as DOM. */
function buildPlain(text: string, heading: string | undefined): HTMLElement {
  if (heading === undefined) return paragraphNode(undefined, [text])
  const strong = document.createElement('strong')
  strong.append(heading)
  return paragraphNode(undefined, [strong])
}

/** An element with `attributes` and `children` (strings as text), made without React. */
function domElement(tag: string, attributes: Attributes | undefined, children: readonly (Node | string)[]): HTMLElement {
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
 * in (see `BuiltGroup` in built.tsx); code blocks and tables are measured once in place.
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
    code: (code, language, info) => {
      const header = domElement('div', { 'data-slot': 'reasoning-code-header' }, [
        ...(info === undefined ? [] : [domElement('span', { 'data-slot': 'reasoning-code-language' }, [info])]),
        domElement('button', { type: 'button', 'data-slot': 'reasoning-code-copy' }, [labels.copyCode]),
      ])
      const box = domElement('div', { 'data-slot': 'reasoning-code', 'data-language': language, dir: 'ltr' }, [header, domElement('pre', { tabindex: '0' }, [domElement('code', {}, [code])])])
      measureSoon(box)
      return box
    },
    table: (align, head, body) => {
      const row = (cells: readonly (readonly (Node | string)[])[], tag: 'th' | 'td') => domElement('tr', {}, cells.map((cell, i) => domElement(tag, { align: align[i], dir: 'auto' }, cell)))
      const table = domElement('table', { dir: 'auto' }, [
        domElement('thead', {}, [row(head, 'th')]),
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
 * A finished paragraph of markdown as DOM, made without React: the element `markdownText.paragraph`
 * renders for it (see `BuildParagraph` in text.tsx). Only once the parser has loaded (see `ready` below).
 */
function buildMarkdown(text: string, labels: ReasoningLabels, definitions: readonly string[]): HTMLElement {
  const parser = markdownParser()
  return paragraphNode('markdown', parser === undefined ? [text] : mapParagraph(domOut(labels), parser, text, definitions))
}

/**
 * What may still open a construct that a later character closes, left as text in a rendered piece:
 * `*`, `~`, a backtick, a bracket, or `_` not inside a word (`snake_case` opens nothing).
 */
const OPENER = /[*~`[\]]|(?<![\p{L}\p{N}])_/u

/** Whether `nodes` show an opener as text (code and math excepted: what is in them is theirs). */
function showsOpener(nodes: readonly MdNode[]): boolean {
  return nodes.some((node) => (typeof node === 'string' ? OPENER.test(node) : node.k === 'el' && node.tag !== 'code' && node.tag !== 'span' ? showsOpener(node.children) : false))
}

/**
 * Whether `piece`, the start of a paragraph, renders alone as it does inside the whole: one
 * paragraph of text, no heading, and no opener left as text (an `**` still unclosed might close
 * after the cut, and `**bold` shows as text only until it does). Until the parser has loaded, a
 * piece with no opener at all.
 */
function cleanPiece(piece: string): boolean {
  const parser = markdownParser()
  if (parser === undefined) return !OPENER.test(piece)
  try {
    const nodes = parser.parse(piece)
    const [only] = nodes
    return nodes.length === 1 && typeof only === 'object' && only.k === 'el' && only.tag === 'p' && !showsOpener(only.children)
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
function markdownCut(text: string, start: number, from: number, span: number): number {
  const limit = Math.min(text.length - 1, from + 2 * span)
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
  paragraph: (runs, live) => <div {...paragraphAttributes(live, 'markdown')}>{runs}</div>,
}


/** Adds the traits above to the kit's renderers (see `KitRenderer`): each `LargeText` does as it mounts (again changes nothing). */
export function addLargeTraits(): void {
  kitRenderer(plainText, { ...traitsOf(plainText), build: buildPlain })
  kitRenderer(markdownText, {
    ...traitsOf(markdownText),
    runs: markdownRuns,
    build: (text, _heading, labels, definitions) => buildMarkdown(text, labels, definitions),
    ready: () => markdownParser() !== undefined,
  })
}
