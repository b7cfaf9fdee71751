/**
 * Contender (c): the floor. No React, no markdown: each delta is appended to
 * the current line's text node, and every line break starts a new element.
 * The least any renderer that shows the text with its line breaks can do.
 */
import type { Contender } from './protocol'

/** Writes deltas as lines: text goes into the current line's text node, and each line break starts a new element, given to `place`. */
export interface LineWriter {
  newLine(): void
  push(delta: string): void
}

export function lineWriter(place: (element: HTMLElement) => void): LineWriter {
  let line = new Text()
  const newLine = () => {
    const element = document.createElement('div')
    line = new Text()
    element.append(line)
    place(element)
  }
  return {
    newLine,
    push(delta) {
      let from = 0
      for (let at = delta.indexOf('\n'); at !== -1; at = delta.indexOf('\n', from)) {
        if (at > from) line.appendData(delta.slice(from, at))
        newLine()
        from = at + 1
      }
      if (from < delta.length) line.appendData(delta.slice(from))
    },
  }
}

export function createContender(): Contender {
  const box = document.createElement('div')
  box.className = 'floor'
  const lines = lineWriter((element) => box.append(element))
  return {
    async mount(host) {
      lines.newLine()
      host.append(box)
    },
    push: lines.push,
    shown: () => Array.from(box.children, (element) => element.textContent),
    shownEnd: () => box.lastElementChild?.textContent ?? '',
    showsSource: true,
    commits: () => null,
  }
}
