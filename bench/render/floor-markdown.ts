/**
 * Contender: the markdown floor. No React: the trace's markdown parsed as it streams by marked,
 * the parser the kit uses, with that library's own HTML renderer, each block written into the page
 * as HTML (the bench's trace is its own; a page must never do this with a model's text). Finished
 * blocks are parsed once: at each delta only the open tail (from the last block on) is parsed
 * again and its element replaced. The least a page that shows the text as markdown can do with
 * that parser: what the floor (floor.ts, lines of plain text) costs, plus parsing and the
 * markdown's elements. The kit's own cost is what it spends beyond this.
 *
 * Links and images are left without their URL (`href`, `src`): the bench's trace has none, and a
 * bench page loads nothing a text names either.
 */
import { Lexer, Parser, Renderer, type Token, type Tokens } from 'marked'
import type { Contender } from './protocol'

/** Streams markdown into the DOM: each top-level block (paragraph, list, code block, table, …) goes where `parentForNext` says. */
export interface MarkdownWriter {
  push(delta: string): void
  /** The text ends (every block is already shown). */
  end(): void
}

/**
 * marked's own renderer, with a code block's language shown above it as the kit shows it (a
 * contender shows every letter of the trace, bench/render/main.ts; the language is one).
 */
const renderer = new Renderer()
const codeBlock = renderer.code.bind(renderer)
renderer.code = (token: Tokens.Code) => `<div>${(token.lang ?? '').replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)}</div>${codeBlock(token)}`

/** The HTML of `tokens`, with no URL a page would load. */
const html = (tokens: Token[]) => Parser.parse(tokens, { renderer }).replace(/ (?:href|src)="[^"]*"/g, '')

export function markdownWriter(parentForNext: () => HTMLElement): MarkdownWriter {
  let text = ''
  /** Where the open tail starts in `text`: the blocks before it are finished and shown. */
  let tail = 0
  let live: HTMLElement | undefined
  const show = (tokens: Token[], element: HTMLElement) => {
    element.innerHTML = html(tokens)
    return element
  }
  return {
    push(delta) {
      text += delta
      const tokens = Lexer.lex(text.slice(tail), { gfm: true })
      // Every block but the last is finished (a blank line or another block followed it).
      let last = tokens.length - 1
      while (last > 0 && tokens[last]!.type === 'space') last--
      for (let i = 0; i < last; i++) {
        tail += tokens[i]!.raw.length
        if (tokens[i]!.type === 'space') continue
        const element = live ?? parentForNext().appendChild(document.createElement('div'))
        live = undefined
        show([tokens[i]!], element)
      }
      live ??= parentForNext().appendChild(document.createElement('div'))
      show(tokens.slice(last), live)
    },
    end() {},
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
