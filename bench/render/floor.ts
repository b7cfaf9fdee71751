/**
 * Contender (c): the floor. No React, no markdown: each delta is appended to
 * the current line's text node, and every line break starts a new element.
 * The least any renderer that shows the text with its line breaks can do.
 */
import type { Contender } from './protocol'

export function createContender(): Contender {
  const box = document.createElement('div')
  box.className = 'floor'
  let line = new Text()
  const newLine = () => {
    const element = document.createElement('div')
    line = new Text()
    element.append(line)
    box.append(element)
  }
  return {
    async mount(host) {
      newLine()
      host.append(box)
    },
    push(delta) {
      let from = 0
      for (let at = delta.indexOf('\n'); at !== -1; at = delta.indexOf('\n', from)) {
        if (at > from) line.appendData(delta.slice(from, at))
        newLine()
        from = at + 1
      }
      if (from < delta.length) line.appendData(delta.slice(from))
    },
    shown: () => Array.from(box.children, (element) => element.textContent).join('\n'),
    showsSource: true,
    commits: () => null,
  }
}
