/**
 * The floor laid out as the kit lays out a long text (large.ts only): no React, no markdown, each
 * delta appended to the current line's text node and every line break a new element, as in
 * floor.ts; but the lines sit in groups of 64 with `contain: content` (the kit's groups), each 16
 * groups after the first 16 in a block of their own (its chunks), in a scroll area as high as the
 * panel's that follows its end once a frame (as the panel does at each commit). What any page
 * that keeps all of a long text in the DOM, laid out in the cheapest way the kit knows, pays for
 * each frame: the kit's own cost is what it spends beyond this. floor-markdown-grouped.ts lays out
 * its markdown the same way (`groupedLayout`).
 */
import { lineWriter, type LineWriter } from './floor'
import type { Contender } from './protocol'

/** Blocks a group, and groups a chunk (the kit's `GROUP` paragraphs and `CHUNK` groups in text.tsx). */
const GROUP_LINES = 64
const CHUNK_GROUPS = 16

/** The kit's layout of a long text, in plain DOM: a following scroll area, blocks in contained groups and chunks. */
export interface GroupedLayout {
  /** The scroll area, as high as the panel's body. */
  readonly scroller: HTMLElement
  /** The group the next block goes into: a new one every GROUP_LINES blocks. */
  groupForNext(): HTMLElement
  /** Scrolls to the end at the next frame (once however often it is asked for in one). */
  follow(): void
  /** The blocks in document order: the children of the groups. */
  blocks(): Element[]
  /** The last block (cheap: no query). */
  lastBlock(): Element | null
  /** Empties the layout: nothing in it holds the text's elements any more. */
  clear(): void
}

export function groupedLayout(): GroupedLayout {
  const scroller = document.createElement('div')
  // The panel body's height (min(24rem, 40vh)) and its text's wrapping.
  scroller.style.cssText = 'max-block-size: min(24rem, 40vh); overflow-y: auto; white-space: pre-wrap; overflow-wrap: anywhere'
  const text = document.createElement('div')
  scroller.append(text)
  let parent = text
  let group = text
  let count = 0
  let groups = 0
  let following = false
  return {
    scroller,
    groupForNext() {
      if (count % GROUP_LINES === 0) {
        if (groups >= CHUNK_GROUPS && groups % CHUNK_GROUPS === 0) {
          parent = document.createElement('div')
          text.append(parent)
        }
        group = document.createElement('div')
        group.setAttribute('data-group', '')
        group.style.contain = 'content'
        parent.append(group)
        groups++
      }
      count++
      return group
    },
    follow() {
      if (following) return
      following = true
      requestAnimationFrame(() => {
        following = false
        scroller.scrollTop = scroller.scrollHeight
      })
    },
    blocks: () => Array.from(text.querySelectorAll('[data-group] > *')),
    lastBlock: () => (group === text ? null : group.lastElementChild),
    clear() {
      scroller.remove()
      text.replaceChildren()
      parent = group = text
      count = groups = 0
    },
  }
}

export function createContender(): Contender {
  const layout = groupedLayout()
  const place = (element: HTMLElement) => layout.groupForNext().append(element)
  let lines: LineWriter = lineWriter(place)
  return {
    async mount(host) {
      lines.newLine()
      host.append(layout.scroller)
    },
    push(delta) {
      lines.push(delta)
      layout.follow()
    },
    shown: () => layout.blocks().map((element) => element.textContent),
    showsSource: true,
    commits: () => null,
    scroller: () => layout.scroller,
    unmount() {
      layout.clear()
      // Nothing here holds the text's elements any more (the writer held the last line).
      lines = lineWriter(place)
    },
  }
}
