/**
 * The markdown floor (floor-markdown.ts: marked's own HTML renderer, no React) laid out
 * as the kit lays out a long text (large.ts only), as floor-grouped.ts lays out the plain-text
 * floor: each block at the root (paragraph, list, code block, table, …) in groups of 64 with
 * `contain: content`, the groups in chunks, in a scroll area that follows its end once a frame.
 * What a page that shows a long text as markdown, parsed once with the kit's parser and laid out
 * in the cheapest way the kit knows, pays for each frame.
 */
import { groupedLayout } from './floor-grouped'
import { markdownWriter } from './floor-markdown'
import type { Contender } from './protocol'

export function createContender(): Contender {
  const layout = groupedLayout()
  const writer = markdownWriter(layout.groupForNext)
  return {
    async mount(host) {
      host.append(layout.scroller)
    },
    push(delta) {
      writer.push(delta)
      layout.follow()
    },
    shown: () => layout.blocks().map((element) => element.textContent),
    shownEnd: () => layout.lastBlock()?.textContent ?? '',
    showsSource: false,
    commits: () => null,
    textEnd: writer.end,
    scroller: () => layout.scroller,
    unmount: layout.clear,
  }
}
