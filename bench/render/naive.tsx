/**
 * Contender (a): a naive chat UI. The whole text lives in `useState` and is
 * rendered whole, as one text node in one element, on every delta.
 */
import type { Contender } from './protocol'
import { growingContender } from './react-root'

export function createContender(): Contender {
  return growingContender((text) => <div className="naive">{text}</div>, true)
}
