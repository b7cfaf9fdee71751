/**
 * The floor laid out as the kit lays out a long text (large.ts only): no React, no markdown, each
 * delta appended to the current line's text node and every line break a new element, as in
 * floor.ts; but the lines sit in groups of 64 with `contain: content` (the kit's groups), each 16
 * groups after the first 16 in a block of their own (its chunks), in a scroll area as high as the
 * panel's that follows its end once a frame (as the panel does at each commit). What any page
 * that keeps all of a long text in the DOM, laid out in the cheapest way the kit knows, pays for
 * each frame: the kit's own cost is what it spends beyond this.
 */
import { lineWriter, type LineWriter } from './floor'
import type { Contender } from './protocol'

/** Lines a group, and groups a chunk (the kit's `GROUP` paragraphs and `CHUNK` groups in text.tsx). */
const GROUP_LINES = 64
const CHUNK_GROUPS = 16

export function createContender(): Contender {
  const scroller = document.createElement('div')
  // The panel body's height (min(24rem, 40vh)) and its text's wrapping.
  scroller.style.cssText = 'max-block-size: min(24rem, 40vh); overflow-y: auto; white-space: pre-wrap; overflow-wrap: anywhere'
  const text = document.createElement('div')
  scroller.append(text)
  let parent = text
  let group = text
  let count = 0
  let groups = 0
  const place = (element: HTMLElement) => {
    if (count % GROUP_LINES === 0) {
      if (groups >= CHUNK_GROUPS && groups % CHUNK_GROUPS === 0) {
        parent = document.createElement('div')
        text.append(parent)
      }
      group = document.createElement('div')
      group.style.contain = 'content'
      parent.append(group)
      groups++
    }
    count++
    group.append(element)
  }
  let lines: LineWriter = lineWriter(place)
  let following = false
  const follow = () => {
    if (following) return
    following = true
    requestAnimationFrame(() => {
      following = false
      scroller.scrollTop = scroller.scrollHeight
    })
  }
  return {
    async mount(host) {
      lines.newLine()
      host.append(scroller)
    },
    push(delta) {
      lines.push(delta)
      follow()
    },
    // The lines in document order: the children of the groups (the only elements with a style).
    shown: () => Array.from(text.querySelectorAll('[style] > div'), (element) => element.textContent),
    showsSource: true,
    commits: () => null,
    scroller: () => scroller,
    unmount() {
      scroller.remove()
      text.replaceChildren()
      // Nothing here holds the text's elements any more (the writer held the last line).
      parent = group = text
      lines = lineWriter(place)
    },
  }
}
