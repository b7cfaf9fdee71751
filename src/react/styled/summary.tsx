import { forwardRef, type ComponentPropsWithoutRef, type ForwardedRef } from 'react'
import type { ReasoningBlock, Visibility } from '../../core/model'
import { projectBlock, type VisibleBlock } from '../../core/visibility'
import type { ReasoningLabels } from '../state/labels'
import { useLabels, useOptionalReasoningContext } from '../parts/parts'
import { markdownText } from '../text/markdown'
import { useReasoningConfig } from '../state/provider'
import { StreamingText, type RenderText } from '../text/text'

export interface ReasoningSummaryProps extends ComponentPropsWithoutRef<'div'> {
  /** The block; optional inside a `<Reasoning>` / `<ReasoningPanel>`, which provide it (at their visibility). */
  readonly block?: ReasoningBlock
  /**
   * Standalone only (inside a panel the panel's level applies): `none` renders nothing,
   * `summary` and `full` render the summary. Default: the provider's, else `'full'`.
   */
  readonly visibility?: Visibility
  /** Show only a provider summary, nothing when there is none (how a `full` panel heads its text). Default false. */
  readonly providerOnly?: boolean
  readonly labels?: Partial<ReasoningLabels>
  /** Paragraph renderer for the provider summary. Default: the panel's / provider's, else markdown (`markdownText`); `plainText` opts out. */
  readonly renderText?: RenderText
}

/**
 * The summary view of a block: the provider's summary (live while it streams),
 * else the titles of the reasoning (bold heading lines, THINKING titles, step
 * titles), else "No summary available". Never the raw reasoning text: a
 * standalone summary projects its block to the `summary` level first. Renders
 * nothing under `none` (its `visibility` prop, the provider's, or its panel's).
 */
export const ReasoningSummary = /* @__PURE__ */ forwardRef(function ReasoningSummary(
  { block, visibility, providerOnly = false, labels, renderText, ...props }: ReasoningSummaryProps,
  ref: ForwardedRef<HTMLDivElement>,
) {
  const context = useOptionalReasoningContext()
  const config = useReasoningConfig()
  const merged = useLabels(labels)
  const level = visibility ?? config.visibility ?? 'full'
  const visible: VisibleBlock | undefined = block ? projectBlock(block, level === 'none' ? 'none' : 'summary') : context?.block
  if (!visible) {
    // The sentence in development only (see useReasoningContext).
    throw new Error(process.env.NODE_ENV !== 'production' ? '<ReasoningSummary> needs a `block` prop outside <Reasoning>.' : 'no block')
  }
  const summary = visible.summary
  if (!summary) return null
  if (providerOnly && summary.source !== 'provider') return null
  const render = renderText ?? context?.renderText ?? config.renderText ?? markdownText
  const streaming = visible.status === 'streaming'
  return (
    <div data-slot="reasoning-summary" data-source={summary.source} data-status={visible.status} {...props} ref={ref}>
      {providerOnly && <p data-slot="reasoning-summary-heading">{merged.summary}</p>}
      {summary.source === 'provider' && summary.text !== undefined ? (
        <StreamingText text={summary.text} live={streaming} kind="summary" render={render} labels={merged} />
      ) : summary.source === 'titles' ? (
        <ul data-slot="reasoning-summary-titles">
          {summary.titles.map((title, i) => (
            <li key={i} dir="auto" data-live={streaming && i === summary.titles.length - 1 ? '' : undefined}>
              {title}
            </li>
          ))}
        </ul>
      ) : streaming ? null : (
        <p data-slot="reasoning-summary-empty">{merged.noSummary}</p>
      )}
    </div>
  )
})
