import { forwardRef, Fragment, useMemo, useState, type ComponentPropsWithoutRef, type ForwardedRef, type ReactElement, type ReactNode, type Ref } from 'react'
import { uiMessageToReasoning, type UIMessageReasoningOptions, type UIMessageReasoningState } from '../ai-sdk/convert'
import { createUIMessageTracker } from '../ai-sdk/tracker'
import type { UIMessageLike } from '../ai-sdk/types'
import type { TimelineEntry } from '../core/model'
import { definedOnly } from './labels'
import { useReasoningConfig } from './provider'
import type { SharedPanelProps } from './stream'
import { ReasoningTimeline } from './timeline'

export type UseUIMessageReasoningOptions = UIMessageReasoningOptions

/**
 * An AI SDK `UIMessage` (from `useChat`) as a `ReasoningState` for the kit's
 * components (`ReasoningTimeline`, `ReasoningStream`, `ReasoningPanel` per block),
 * with durations measured while its parts stream. The component keeps one
 * tracker for its life (clock: the provider's `now`, else `Date.now`); pass
 * `tracker` (`createUIMessageTracker()`, one per chat) to keep times when the
 * component remounts. Pass `status` from `useChat` so a stopped reply's parts end.
 * Converts again only when `message` is a new object, as `useChat` makes on each update.
 */
export function useUIMessageReasoning(message: UIMessageLike, options: UseUIMessageReasoningOptions = {}): UIMessageReasoningState {
  const config = useReasoningConfig()
  const [own] = useState(() => createUIMessageTracker(config.now !== undefined ? { now: config.now } : {}))
  const tracker = options.tracker ?? own
  const { status, summaryProviders } = options
  const providersKey = summaryProviders?.join('\n')
  return useMemo(
    () => uiMessageToReasoning(message, {
      tracker,
      ...(status !== undefined && { status }),
      ...(providersKey !== undefined && { summaryProviders: providersKey === '' ? [] : providersKey.split('\n') }),
    }),
    [message, tracker, status, providersKey],
  )
}

export interface UIMessageReasoningProps<M extends UIMessageLike = UIMessageLike>
  extends UseUIMessageReasoningOptions, SharedPanelProps, Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
  /** The message, e.g. one of `useChat().messages`. */
  readonly message: M
  /**
   * Renders the parts the kit does not (answer text, files, sources, data, …) in
   * their place between the panels and tool rows. Without it, only the reasoning
   * and the tool calls render, as one timeline.
   */
  readonly renderPart?: (part: M['parts'][number], index: number) => ReactNode
}

/**
 * One AI SDK `UIMessage`'s reasoning: a panel per reasoning block (streaming,
 * then "Thought for …"; encrypted-only ones as the lock indicator) with its tool
 * calls between them, in the order of `message.parts`, as `ReasoningTimeline`
 * draws them. With `renderPart`, the message's other parts render in their
 * places too, so the whole message is one component.
 * `data-slot="ui-message-reasoning"`.
 */
export const UIMessageReasoning = /* @__PURE__ */ forwardRef(function UIMessageReasoning<M extends UIMessageLike>(
  { message, status, tracker, summaryProviders, renderPart, visibility, openPolicy, labels, locale, renderText, animationDuration, ...props }: UIMessageReasoningProps<M>,
  ref: ForwardedRef<HTMLDivElement>,
) {
  const state = useUIMessageReasoning(message, {
    ...(status !== undefined && { status }),
    ...(tracker !== undefined && { tracker }),
    ...(summaryProviders !== undefined && { summaryProviders }),
  })
  const shared = { visibility, openPolicy, labels, locale, renderText, animationDuration }
  let body: ReactNode
  if (!renderPart) {
    body = state.timeline.some(isShown) ? <ReasoningTimeline state={state} showTokens={false} {...definedOnly(shared)} /> : null
  } else {
    // Runs of reasoning and tool rows are timelines of their own, with the message's parts in between.
    const nodes: ReactNode[] = []
    let segment: TimelineEntry[] = []
    const flush = (index: number) => {
      if (segment.length === 0) return
      // The answer text after the segment stays in its state: a panel collapses once its answer starts.
      const after = state.timeline.slice(state.timeline.indexOf(segment[segment.length - 1]!) + 1).filter((e) => e.kind === 'text')
      nodes.push(<ReasoningTimeline key={`t:${index}`} state={{ ...state, timeline: [...segment, ...after] }} showTokens={false} {...definedOnly(shared)} />)
      segment = []
    }
    const parts = Array.isArray(message.parts) ? message.parts : []
    parts.forEach((part, index) => {
      const entry = state.parts[index]
      if (entry !== undefined && isShown(entry)) {
        // The parts of one block share its entry: the block's row once.
        if (!segment.includes(entry)) segment.push(entry)
        return
      }
      flush(index)
      const node = renderPart(part, index)
      if (node !== null && node !== undefined && node !== false) nodes.push(<Fragment key={`p:${index}`}>{node}</Fragment>)
    })
    flush(parts.length)
    body = nodes
  }
  return (
    <div data-slot="ui-message-reasoning" {...props} ref={ref}>
      {body}
    </div>
  )
}) as <M extends UIMessageLike>(props: UIMessageReasoningProps<M> & { readonly ref?: Ref<HTMLDivElement> }) => ReactElement

const isShown = (entry: TimelineEntry) => entry.kind === 'reasoning' || entry.kind === 'tool-call'
