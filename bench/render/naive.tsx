/**
 * Contender (a): a naive chat UI. The whole text lives in `useState` and is
 * rendered whole, as one text node in one element, on every delta.
 */
import type { Contender } from './protocol'
import { Growing, mountCounted } from './react-root'

export function createContender(): Contender {
  let append: ((delta: string) => void) | undefined
  let host: HTMLElement | undefined
  let counted: { commits(): number } | undefined
  return {
    async mount(element) {
      host = element
      const connect = (fn: (delta: string) => void) => {
        append = fn
      }
      counted = mountCounted(host, <Growing connect={connect} render={(text) => <div className="naive">{text}</div>} />)
    },
    push: (delta) => append!(delta),
    shown: () => host?.textContent ?? '',
    commits: () => counted?.commits() ?? 0,
  }
}
