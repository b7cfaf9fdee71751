/**
 * The markdown parser, loaded with `import()` the first time a panel shows markdown (see
 * `loadMarkdown` in markdown.tsx): a conformant parser costs more bytes than the rest of the panel
 * together, so an app pays for it only once text is shown (docs/performance.md, "Markdown").
 *
 * marked's lexer parses (CommonMark and GFM: tables, strikethrough, autolinks, task lists); this
 * module turns its tokens into a small tree of the elements the kit renders, which markdown.tsx
 * maps to React elements or DOM. Never HTML: raw HTML is text, links only http(s) and mailto,
 * images their alt text and URL, math (`\(…\)`, `\[…\]`, `$…$`, `$$…$$`) exactly as typed.
 *
 * Direction: the paragraph element around the tree has `dir="auto"` and its blocks inherit it
 * (one with a `dir` of its own would leave the paragraph's text, so it would not count towards
 * the paragraph's direction: an Arabic list would lay out left to right); table cells take their
 * own, and code and math are left to right.
 */
import { Lexer, Tokenizer, type MarkedToken, type Token, type Tokens, type TokenizerExtension } from 'marked'
import { characterEntities } from 'character-entities'

/** A node of the tree: text, or an element the kit renders. */
export type MdNode = string | MdElement

export type MdElement =
  /** A plain element: its tag, attributes and children (tags and attribute names are this module's, never the text's). */
  | { readonly k: 'el'; readonly tag: string; readonly attrs?: Readonly<Record<string, string | undefined>>; readonly children: readonly MdNode[] }
  /** A heading (`## Title`, or a paragraph that is one bold line): `level` 1–6 for ATX and setext headings. */
  | { readonly k: 'heading'; readonly level?: number; readonly children: readonly MdNode[] }
  /** A code block: its language (the info string's first word) and the whole info string, shown above it. */
  | { readonly k: 'code'; readonly code: string; readonly language?: string; readonly info?: string }
  | { readonly k: 'table'; readonly align: readonly (string | undefined)[]; readonly head: readonly (readonly MdNode[])[]; readonly body: readonly (readonly (readonly MdNode[])[])[] }
  | { readonly k: 'checkbox'; readonly checked: boolean }

/** Link definitions by normalised label, as marked keeps them. */
export type Definitions = Record<string, { href: string; title: string }>

/** Link targets that may be links: http(s) and mailto, nothing else (no javascript:, data:, relative or protocol-relative). */
export function safeHref(href: string | undefined): string | undefined {
  if (href === undefined) return undefined
  const trimmed = href.trim()
  return /^(https?:\/\/[^\s/]|mailto:[^\s])/i.test(trimmed) ? trimmed : undefined
}

const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z][A-Za-z0-9]{1,31}));/g

/** Character references decoded (CommonMark: named from HTML5's list, numeric with U+FFFD for what is no character). */
export function decode(text: string): string {
  if (!text.includes('&')) return text
  return text.replace(ENTITY, (whole, dec: string | undefined, hex: string | undefined, name: string | undefined) => {
    if (name !== undefined) return Object.hasOwn(characterEntities, name) ? characterEntities[name]! : whole
    const code = dec !== undefined ? Number(dec) : parseInt(hex!, 16)
    return String.fromCodePoint(code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) ? 0xfffd : code)
  })
}

/**
 * Math as typed: `\(…\)`, `\[…\]`, `$$…$$` and `$…$` (no space inside either dollar, none of
 * `$5 and $10`), so that `\(\pi r^2\)` keeps its backslashes and `$a*b*c$` its stars.
 */
const MATH = /^(?:\\\([\s\S]*?\\\)|\\\[[\s\S]*?\\\]|\$\$(?!\$)[\s\S]+?\$\$|\$(?![\s$])(?:\\[\s\S]|[^\\$\n])+?(?<![\s\\])\$(?!\d))/
/** What math holds: a letter or a digit (`\(\)` and `\[\\\]` are escaped brackets, as CommonMark has them). */
const MATH_CONTENT = /[\p{L}\p{N}]/u

const math: TokenizerExtension = {
  name: 'math',
  level: 'inline',
  start: (src) => {
    const at = src.search(/\\[([]|\$/)
    return at < 0 ? undefined : at
  },
  tokenizer: (src) => {
    const m = MATH.exec(src)
    return m && MATH_CONTENT.test(m[0]) ? { type: 'math', raw: m[0] } : undefined
  },
}

/**
 * The first line that decides whether a setext heading can start here: an underline (`===` or
 * `---`, group 1) or a blank line, which a setext heading's text never reaches past.
 */
const UNDERLINE_OR_BLANK = /\n(?:( {0,3}(?:=+|-+)[ \t]*(?:\n|$))|[ \t]*\n)/

/**
 * marked's tokenizer, with its setext-heading rule tried only where an underline could follow the
 * text before the first blank line. The rule's regular expression is slow in JavaScriptCore, the
 * engine of Safari and of every iOS browser: nine tenths of a paragraph's parse in WebKit
 * (docs/performance.md, "Markdown in WebKit"). Same tokens: without an underline line before a
 * blank line the rule cannot match (test/react/text/setext-filter.test.ts).
 */
export class KitTokenizer extends Tokenizer {
  override lheading(src: string): Tokens.Heading | undefined {
    return UNDERLINE_OR_BLANK.exec(src)?.[1] !== undefined ? super.lheading(src) : undefined
  }
}

/** marked's own options, with the math extension where marked's `use` would put it. */
const options = {
  gfm: true,
  tokenizer: /* @__PURE__ */ new KitTokenizer(),
  extensions: { inline: [math.tokenizer], startInline: [math.start], renderers: {}, childTokens: {} },
} as unknown as ConstructorParameters<typeof Lexer>[0]

/** The tokens of `text` with `definitions` from elsewhere in the text known, and the definitions it holds. */
export function lex(text: string, definitions?: Definitions): { tokens: Token[]; definitions: Definitions } {
  const lexer = new Lexer(options)
  const links = lexer.tokens.links as Definitions
  if (definitions !== undefined) Object.assign(links, definitions)
  const tokens = lexer.lex(text)
  return { tokens, definitions: links }
}

const el = (tag: string, children: readonly MdNode[], attrs?: Record<string, string | undefined>): MdElement => ({ k: 'el', tag, attrs, children })

/** `tokens` as the kit's tree. */
export function toTree(tokens: readonly Token[]): MdNode[] {
  const out: MdNode[] = []
  for (const token of tokens) {
    const node = toNode(token as MarkedToken)
    if (node === undefined) continue
    // Adjacent text joins, as the DOM would.
    if (typeof node === 'string' && typeof out[out.length - 1] === 'string') out[out.length - 1] += node
    else out.push(node)
  }
  return out
}

/** A paragraph's content as a title: the one bold span it is (`**Checking \`x\`**`), else undefined. */
function title(tokens: readonly Token[] | undefined): readonly MdNode[] | undefined {
  const [only, ...rest] = tokens ?? []
  if (only?.type !== 'strong' || rest.some((t) => t.type !== 'text' || t.raw.trim() !== '')) return undefined
  return toTree((only as Tokens.Strong).tokens)
}

function toNode(token: MarkedToken): MdNode | undefined {
  // Math and code read left to right in every script, isolated from the text around them.
  if ((token as Token).type === 'math') return el('span', [token.raw], { 'data-slot': 'reasoning-math', dir: 'ltr' })
  switch (token.type) {
    case 'space':
    case 'def':
      return undefined
    case 'paragraph': {
      const heading = title(token.tokens)
      return heading ? { k: 'heading', children: heading } : el('p', toTree(token.tokens ?? []))
    }
    case 'heading':
      return { k: 'heading', level: token.depth, children: toTree(token.tokens) }
    case 'code': {
      const info = decode(token.lang?.trim() ?? '')
      return { k: 'code', code: token.text, language: info.split(/\s/)[0] || undefined, info: info || undefined }
    }
    case 'blockquote':
      return el('blockquote', toTree(token.tokens))
    case 'hr':
      return el('hr', [])
    case 'list': {
      const start = Number(token.start)
      const items = token.items.map((item) => el('li', toTree(item.tokens)))
      return token.ordered ? el('ol', items, { start: Number.isSafeInteger(start) && start !== 1 ? String(start) : undefined }) : el('ul', items)
    }
    case 'checkbox':
      return { k: 'checkbox', checked: token.checked }
    case 'table':
      return {
        k: 'table',
        align: token.align.map((a) => a ?? undefined),
        head: token.header.map((cell) => toTree(cell.tokens)),
        body: token.rows.map((row) => row.map((cell) => toTree(cell.tokens))),
      }
    case 'html':
      // Raw HTML is shown as the text it is: a block of it as a paragraph of text.
      return token.block ? el('p', [token.raw.replace(/\n+$/, '')]) : token.raw
    case 'text':
      // A tight list item's text holds inline tokens; inline text is the text, references decoded.
      return token.tokens ? el('', toTree(token.tokens)) : decode(token.text)
    case 'escape':
      return token.text
    case 'strong':
      return el('strong', toTree(token.tokens))
    case 'em':
      return el('em', toTree(token.tokens))
    case 'del':
      return el('del', toTree(token.tokens))
    case 'codespan':
      return el('code', [token.text], { dir: 'ltr' })
    case 'br':
      return el('br', [])
    case 'link': {
      const href = safeHref(decode(token.href))
      const title = token.title ? decode(token.title) : undefined
      return href === undefined ? el('span', toTree(token.tokens)) : el('a', toTree(token.tokens), { href, title, rel: 'noopener noreferrer nofollow', target: '_blank' })
    }
    case 'image': {
      // Never an <img>: loading a prompt-injected URL would send data to whoever chose it.
      const alt = altOf(token.tokens ?? []).trim()
      const src = decode(token.href).trim()
      const parts: MdNode[] = []
      if (alt !== '') parts.push(el('span', [alt], { 'data-slot': 'reasoning-image-alt' }))
      if (src !== '') parts.push(el('span', [src], { 'data-slot': 'reasoning-image-url' }))
      return el('span', parts, { 'data-slot': 'reasoning-image' })
    }
    default:
      return (token as Token).raw
  }
}

/** An image's alt text: the plain text of its description, images in it by their own alt text. */
function altOf(tokens: readonly Token[]): string {
  let alt = ''
  for (const token of tokens) {
    if (token.type === 'image') alt += altOf((token as Tokens.Image).tokens ?? [])
    else if ('tokens' in token && token.tokens) alt += altOf(token.tokens)
    else alt += token.type === 'text' ? decode((token as Tokens.Text).text) : token.type === 'escape' || token.type === 'codespan' ? (token as Tokens.Escape).text : token.raw
  }
  return alt
}

/** Markdown as the kit's tree, given the definitions from elsewhere in its text. */
export function parse(text: string, definitions?: Definitions): MdNode[] {
  return toTree(lex(text, definitions).tokens)
}
