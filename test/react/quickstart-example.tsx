// The quick start of README.md and of Storybook's Introduction page (stories/introduction.mdx),
// type-checked with the project, checked to be in both verbatim and run by quickstart-example.test.tsx.
// #region quickstart
import 'reasoning-ui/styles.css'
import { ReasoningStream } from 'reasoning-ui'

/** Every reasoning block of an AG-UI stream (an SSE URL, a Response, an agent or an Observable). */
export function Thoughts({ url }: { url: string }) {
  return <ReasoningStream source={url} visibility="full" />
}
// #endregion
