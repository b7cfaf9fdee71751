import { forwardRef, Fragment, useEffect, useMemo, useState, type ComponentPropsWithoutRef, type ForwardedRef, type ReactElement, type ReactNode, type Ref } from 'react'
import { commitRecords, convertUIMessage, type Previous, type UIMessageReasoningOptions, type UIMessageReasoningState } from '../../ai-sdk/convert'
import { createUIMessageTracker, messageTrack } from '../../ai-sdk/tracker'
import type { UIMessageLike } from '../../ai-sdk/types'
import type { TimelineEntry } from '../../core/model'
import { definedOnly } from '../state/labels'
import { useReasoningConfig } from '../state/provider'
import type { SharedPanelProps } from '../styled/stream'
import { ReasoningTimeline } from '../styled/timeline'

export type UseUIMessageReasoningOptions = UIMessageReasoningOptions

/** Each hook instance's last committed conversion (keyed by an object the instance holds), for identity reuse. */
const committedConversions = new WeakMap<object, Previous>()

/**
 * An AI SDK `UIMessage` (from `useChat`) as a `ReasoningState` for the kit's
 * components (`ReasoningTimeline`, `ReasoningStream`, `ReasoningPanel` per block),
 * with durations measured while its parts stream. The component keeps one
 * tracker for its life (clock: the provider's `now`, else `Date.now`); pass
 * `tracker` (`createUIMessageTracker()`, one per chat) to keep times when the
 * component remounts. Pass `status` as its doc says (`useChat().status` for the last
 * message, `'ready'` for earlier ones) so a stopped reply's parts end.
 * Converts again only when `message` is a new object, as `useChat` makes on each update.
 * Times are recorded once a render commits, so a render React discards (StrictMode's
 * second render, an interrupted transition) records nothing.
 */
export function useUIMessageReasoning(message: UIMessageLike, options: UseUIMessageReasoningOptions = {}): UIMessageReasoningState {
  const config = useReasoningConfig()
  const [own] = useState(() => createUIMessageTracker(config.now !== undefined ? { now: config.now } : {}))
  // The last committed conversion, for identity reuse: this component's, not the tracker's
  // (a chat-wide tracker keeps only part times).
  const [self] = useState(() => ({}))
  const tracker = options.tracker ?? own
  const { status, summaryProviders } = options
  const providersKey = summaryProviders?.join('\n')
  const conversion = useMemo(
    () => convertUIMessage(
      message,
      {
        ...(status !== undefined && { status }),
        ...(providersKey !== undefined && { summaryProviders: providersKey === '' ? [] : providersKey.split('\n') }),
      },
      (messageId) => {
        const { track, now } = messageTrack(tracker, messageId)
        return { records: track.parts, now, prev: committedConversions.get(self) }
      },
    ),
    [message, tracker, status, providersKey, self],
  )
  useEffect(() => {
    commitRecords(messageTrack(tracker, conversion.messageId).track, conversion.records)
    committedConversions.set(self, conversion.last)
  }, [conversion, tracker, self])
  return conversion.state
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
    const flush = () => {
      if (segment.length === 0) return
      // The answer text after the segment stays in its state: a panel collapses once its answer starts.
      const after = state.timeline.slice(state.timeline.indexOf(segment[segment.length - 1]!) + 1).filter((e) => e.kind === 'text')
      // Keyed by its first entry (ids are unique in a state): appending a part to the segment keeps its
      // panels mounted, with the open state the user chose.
      nodes.push(<ReasoningTimeline key={`t:${segment[0]!.id}`} state={{ ...state, timeline: [...segment, ...after] }} showTokens={false} {...definedOnly(shared)} />)
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
      flush()
      const node = renderPart(part, index)
      if (node !== null && node !== undefined && node !== false) nodes.push(<Fragment key={`p:${index}`}>{node}</Fragment>)
    })
    flush()
    body = nodes
  }
  return (
    <div data-slot="ui-message-reasoning" {...props} ref={ref}>
      {body}
    </div>
  )
}) as <M extends UIMessageLike>(props: UIMessageReasoningProps<M> & { readonly ref?: Ref<HTMLDivElement> }) => ReactElement

const isShown = (entry: TimelineEntry) => entry.kind === 'reasoning' || entry.kind === 'tool-call'
