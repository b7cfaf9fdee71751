import 'reasoning-ui/styles.css'
import { ReasoningProvider, ReasoningStream } from 'reasoning-ui'
import { arabicLabels } from 'reasoning-ui/locales'

/** Right to left: the page's `dir` mirrors the layout; the provider gives Arabic labels and Intl wording. */
export function Thoughts({ url }: { url: string }) {
  return (
    <div dir="rtl" lang="ar">
      <ReasoningProvider locale="ar" labels={arabicLabels}>
        <ReasoningStream source={url} visibility="full" />
      </ReasoningProvider>
    </div>
  )
}
