/**
 * Contender (b): Streamdown, what Vercel AI Elements renders reasoning with
 * (`<ReasoningContent>` is `<Streamdown>{children}</Streamdown>` inside a
 * collapsible), given the whole text so far on every delta, as a chat that
 * keeps the message in state does.
 */
import { Streamdown } from 'streamdown'
import 'streamdown/styles.css'
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
      counted = mountCounted(host, <Growing connect={connect} render={(text) => <Streamdown>{text}</Streamdown>} />)
    },
    push: (delta) => append!(delta),
    shown: () => host?.textContent ?? '',
    commits: () => counted?.commits() ?? 0,
  }
}
