import { forwardRef, type ComponentPropsWithoutRef, type ForwardedRef } from 'react'
import type { ReasoningBlock } from '../../core/model'
import { useLiveDuration } from '../state/clock'
import { SparkIcon, LockIcon } from './icons'
import { isoDuration, type ReasoningLabels } from '../state/labels'
import { statusLabel, useLabels, useOptionalReasoningContext } from '../parts/parts'
import { safeLocale, useReasoningConfig } from '../state/provider'

export interface ThinkingIndicatorProps extends ComponentPropsWithoutRef<'span'> {
  /** The text. Default: the `thinking` label ("Thinking…"). */
  readonly label?: string
  /** Animate the shimmer. Default true; false shows the label still (e.g. when paused). */
  readonly active?: boolean
}

/**
 * The animated "Thinking…" label: a shimmer across the text that stops under
 * `prefers-reduced-motion` and turns into plain system-coloured text in forced
 * colours. Decorative motion only; announcements are the live region's job.
 */
export const ThinkingIndicator = /* @__PURE__ */ forwardRef(function ThinkingIndicator(
  { label, active = true, ...props }: ThinkingIndicatorProps,
  ref: ForwardedRef<HTMLSpanElement>,
) {
  const labels = useLabels(undefined)
  const text = label ?? labels.thinking
  return (
    <span data-slot="thinking-indicator" data-active={active ? '' : undefined} {...props} ref={ref}>
      <SparkIcon data-slot="thinking-icon" />
      <span data-slot="thinking-label" data-text={text}>
        {text}
      </span>
    </span>
  )
})

export interface EncryptedReasoningIndicatorProps extends ComponentPropsWithoutRef<'div'> {
  /** The block; optional inside a `<Reasoning>` / `<ReasoningPanel>`, which provide it. */
  readonly block?: ReasoningBlock
  /**
   * The text. Default: the status while the block streams ("Thinking…", "Thinking · 4s", as every
   * panel's row says it), then the `encrypted` label ("Reasoning hidden by the provider").
   */
  readonly label?: string
  readonly labels?: Partial<ReasoningLabels>
  readonly locale?: string
}

/**
 * Lock icon, the status while streaming ("Thinking · 4s"), then "Reasoning hidden by the
 * provider · Thought for 4 seconds": the words every panel's row uses for how long and how it
 * ended ("Stopped after 4 seconds"), so a hidden block reads like the others. For reasoning the
 * provider returned only encrypted: it never reads, let alone shows, the encrypted value.
 */
export const EncryptedReasoningIndicator = /* @__PURE__ */ forwardRef(function EncryptedReasoningIndicator(
  { block, label, labels, locale, ...props }: EncryptedReasoningIndicatorProps,
  ref: ForwardedRef<HTMLDivElement>,
) {
  const context = useOptionalReasoningContext()
  const config = useReasoningConfig()
  const merged = useLabels(labels)
  const timing = block ?? context?.block
  if (!timing) {
    // The sentence in development only (see useReasoningContext).
    throw new Error(process.env.NODE_ENV !== 'production' ? '<EncryptedReasoningIndicator> needs a `block` prop outside <Reasoning>.' : 'no block')
  }
  const resolvedLocale = locale !== undefined ? safeLocale(locale) : (context?.locale ?? safeLocale(config.locale))
  const streaming = timing.status === 'streaming'
  const duration = useLiveDuration(timing, context?.now ?? config.now ?? Date.now)
  const status = statusLabel(timing, merged, resolvedLocale, duration)
  return (
    <div
      data-slot="encrypted-indicator"
      data-status={timing.status}
      data-end-reason={timing.endReason}
      {...props}
      ref={ref}
    >
      <LockIcon data-slot="encrypted-icon" />
      <span data-slot="encrypted-label">{label ?? (streaming ? status : merged.encrypted)}</span>
      {!streaming && duration !== undefined && (
        <time data-slot="encrypted-duration" dateTime={isoDuration(duration)}>
          {status}
        </time>
      )}
    </div>
  )
})
