import { useReasoningStream } from 'reasoning-ui'

/** Debugging a producer: every rule its stream broke, as diagnostics (its text is still kept). */
export function Diagnostics({ url }: { url: string }) {
  const { status, diagnostics } = useReasoningStream(url)
  return (
    <ul aria-label={`Diagnostics (${status})`}>
      {diagnostics.map((d, i) => <li key={i}>{d.code} at event {d.eventIndex}: {d.message}</li>)}
    </ul>
  )
}
