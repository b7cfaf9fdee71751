/**
 * Contender: the markdown floor. No React: the trace's markdown parsed as it streams by
 * streaming-markdown, the parser the kit uses, with that library's own DOM renderer, which
 * appends each element and each delta's text to the page as the parser finds them and never
 * parses a character twice. The least a page that shows the text as markdown can do with that
 * parser: what the floor (floor.ts, lines of plain text) costs, plus parsing and the markdown's
 * elements. The kit's own cost is what it spends beyond this.
 *
 * A fenced code block's language is shown above its code, as the kit's code block header shows it.
 * Links and images are left without their URL (`href`, `src`): the bench's trace has none, and a
 * bench page loads nothing a text names either.
 */
import {
  DOCUMENT,
  default_add_text,
  default_add_token,
  default_end_token,
  default_renderer,
  default_set_attr,
  parser,
  parser_end,
  parser_write,
  type Attr,
  type Default_Renderer_Data,
  type Token,
} from 'streaming-markdown'
import type { Contender } from './protocol'

const HREF = 1 as Attr
const SRC = 2 as Attr
const LANG = 4 as Attr

/** Streams markdown into the DOM: each top-level block (paragraph, list, code block, table, …) goes where `parentForNext` says. */
export interface MarkdownWriter {
  push(delta: string): void
  /** The text ends: shows what the parser held back (it keeps the last character until it sees the next). */
  end(): void
}

export function markdownWriter(parentForNext: () => HTMLElement): MarkdownWriter {
  // The root is set before each block at the root, the parser never writes text there.
  const renderer = default_renderer(document.createElement('div'))
  const p = parser({
    ...renderer,
    add_token(data: Default_Renderer_Data, type: Token) {
      // A block at the root: it goes into the parent the layout has for it.
      if (data.index === 0 && type !== DOCUMENT) data.nodes[0] = parentForNext()
      default_add_token(data, type)
    },
    end_token: default_end_token,
    add_text: default_add_text,
    set_attr(data: Default_Renderer_Data, type: Attr, value: string) {
      if (type === HREF || type === SRC) return
      default_set_attr(data, type, value)
      // A code block's language shows above its code, as the kit's header shows it.
      if (type === LANG) data.nodes[data.index]!.before(value)
    },
  })
  return {
    push: (delta) => parser_write(p, delta),
    end: () => parser_end(p),
  }
}

export function createContender(): Contender {
  const box = document.createElement('div')
  box.className = 'floor-markdown'
  const writer = markdownWriter(() => box)
  return {
    async mount(host) {
      host.append(box)
    },
    push: writer.push,
    shown: () => Array.from(box.children, (element) => element.textContent),
    shownEnd: () => box.lastElementChild?.textContent ?? '',
    showsSource: false,
    commits: () => null,
    textEnd: writer.end,
  }
}
