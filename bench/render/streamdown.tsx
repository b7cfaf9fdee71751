/**
 * Contender (b): Streamdown, what Vercel AI Elements renders reasoning with
 * (`<ReasoningContent>` is `<Streamdown>{children}</Streamdown>` inside a
 * collapsible), given the whole text so far on every delta, as a chat that
 * keeps the message in state does.
 */
import { Streamdown } from 'streamdown'
import 'streamdown/styles.css'
import type { Contender } from './protocol'
import { growingContender } from './react-root'

export function createContender(): Contender {
  return growingContender((text) => <Streamdown>{text}</Streamdown>, false)
}
