import { useEffect, useRef, type SVGProps } from 'react'
import {
  ReasoningPanel,
  ThinkingIndicator,
  formatDuration,
  selectAnsweredBlockIds,
  selectReasoningTokens,
  useReasoningConfig,
  type ReasoningBlock,
  type ReasoningLabels,
  type ReasoningState,
  type TimelineEntry,
  type TimelineText,
  type TimelineToolCall,
} from 'reasoning-ui'
import type { ChatSnapshot, ToolCallView, Turn } from './chat'

interface ConversationProps {
  readonly snapshot: ChatSnapshot
  readonly state: ReasoningState
  readonly labels: ReasoningLabels
}

/**
 * The message list. Each turn shows the user's message, then what the run did in
 * the order it happened (the store's timeline): reasoning panels, tool calls and
 * answers, so every panel sits right before the answer it led to.
 */
export function Conversation({ snapshot, state, labels }: ConversationProps) {
  const end = useRef<HTMLDivElement>(null)
  const blocks = new Map(state.blocks.map((b) => [b.id, b]))
  const answered = selectAnsweredBlockIds(state)
  const last = snapshot.turns[snapshot.turns.length - 1]

  // Keep the newest turn in view while it streams, unless the reader scrolled up.
  useEffect(() => {
    const scroller = end.current?.closest('.demo-main')
    if (!scroller || !end.current) return
    const nearBottom = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 160
    if (nearBottom) end.current.scrollIntoView({ block: 'end' })
  }, [snapshot, state])

  return (
    <section className="demo-log" aria-label="Conversation">
      <ol>
        {snapshot.turns.map((turn) => (
          <li key={turn.id} className="demo-turn" data-status={turn.status} data-agent={turn.agentId}>
            <p className="demo-user">{turn.prompt === '' ? <em>(empty message)</em> : turn.prompt}</p>
            <div className="demo-reply" data-run-id={turn.runId}>
              <TurnItems
                turn={turn}
                entries={state.timeline.filter((e) => e.runId === turn.runId)}
                tokens={turn.runId === undefined ? undefined : selectReasoningTokens(state, turn.runId)}
                blocks={blocks}
                answered={answered}
                snapshot={snapshot}
                labels={labels}
                working={turn === last && snapshot.running}
              />
            </div>
          </li>
        ))}
      </ol>
      <div ref={end} />
    </section>
  )
}

interface TurnItemsProps {
  readonly turn: Turn
  readonly entries: readonly TimelineEntry[]
  /** The run's reasoning tokens (from its usage), shown after its last block. */
  readonly tokens: number | undefined
  readonly blocks: ReadonlyMap<string, ReasoningBlock>
  readonly answered: ReadonlySet<string>
  readonly snapshot: ChatSnapshot
  readonly labels: ReasoningLabels
  readonly working: boolean
}

function TurnItems({ turn, entries, tokens, blocks, answered, snapshot, labels, working }: TurnItemsProps) {
  const busy = entries.some((e) => (e.kind === 'reasoning' ? blocks.get(e.id)?.status === 'streaming' : e.status === 'streaming'))
  const lastBlock = entries.filter((e) => e.kind === 'reasoning').pop()?.id
  return (
    <>
      {entries.map((entry) => {
        switch (entry.kind) {
          case 'reasoning': {
            const block = blocks.get(entry.id)
            return (
              block && (
                <ReasoningPanel
                  key={entry.id}
                  data-block-id={block.id}
                  block={block}
                  answerStarted={answered.has(block.id)}
                  {...(entry.id === lastBlock && tokens !== undefined && { tokens })}
                />
              )
            )
          }
          case 'tool-call':
            return <ToolCall key={entry.id} entry={entry} tool={snapshot.tools.get(entry.id)} labels={labels} />
          case 'text':
            return <Answer key={entry.id} entry={entry} text={snapshot.texts.get(entry.id) ?? ''} />
        }
      })}
      {working && !busy && <ThinkingIndicator className="demo-pending" />}
      {turn.status === 'failed' && (
        <p role="alert" className="demo-alert">
          The run failed: {turn.error}
        </p>
      )}
      {turn.status === 'stopped' && <p className="demo-note">Stopped.</p>}
    </>
  )
}

function Answer({ entry, text }: { entry: TimelineText; text: string }) {
  const paragraphs = text.split(/\n{2,}/)
  return (
    <div className="demo-answer" data-status={entry.status} data-message-id={entry.id}>
      {paragraphs.map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </div>
  )
}

/**
 * A tool call as the kit's timeline draws it (`ReasoningTimeline`'s tool row: the same
 * `data-slot` markup, so the kit's stylesheet gives it the same icon, size and spacing),
 * made a disclosure for its arguments and result: a native `<details>` (keyboard and
 * screen readers for free) whose marker is the kit's chevron, not the browser's ▶.
 * The kit exports no single tool row yet, so the row's markup and icons are copied here.
 */
function ToolCall({ entry, tool, labels }: { entry: TimelineToolCall; tool: ToolCallView | undefined; labels: ReasoningLabels }) {
  const { locale } = useReasoningConfig()
  const captions = toolCaptions[locale?.split('-')[0] ?? 'en'] ?? toolCaptions.en!
  const label =
    entry.status === 'streaming'
      ? labels.toolCallRunning(entry.name)
      : entry.status === 'interrupted'
        ? labels.toolCallInterrupted(entry.name)
        : labels.toolCall(entry.name)
  // As the kit's row: a duration once it is known and at least a second (a finished call only; the kit's live counter is not exported).
  const duration = entry.status !== 'streaming' && entry.startedAt !== undefined && entry.endedAt !== undefined ? entry.endedAt - entry.startedAt : undefined
  const row = (
    <>
      {entry.status === 'interrupted' ? <AlertIcon data-slot="timeline-icon" /> : <ToolIcon data-slot="timeline-icon" />}
      <span data-slot="timeline-tool-label">{label}</span>
      {duration !== undefined && duration >= 1000 && (
        <time data-slot="timeline-duration" dateTime={`PT${Math.round(duration / 100) / 10}S`}>
          {formatDuration(duration, locale)}
        </time>
      )}
    </>
  )
  const args = tool && tool.args !== '' ? tool.args : undefined
  const result = tool?.result
  // Nothing to inspect yet: the kit's plain row, no disclosure (as a panel with nothing to show has no chevron).
  if (args === undefined && result === undefined) {
    return (
      <div className="demo-tool" data-status={entry.status}>
        <div data-slot="timeline-tool-call" data-status={entry.status}>
          {row}
        </div>
      </div>
    )
  }
  return (
    <details className="demo-tool" data-status={entry.status}>
      <summary data-slot="timeline-tool-call" data-status={entry.status}>
        {row}
        <ChevronIcon data-slot="reasoning-chevron" />
      </summary>
      <div className="demo-tool-body">
        {args !== undefined && <ToolData caption={captions.args} text={args} />}
        {result !== undefined && <ToolData caption={captions.result} text={result} />}
      </div>
    </details>
  )
}

/** Arguments or a result as the kit draws a code block (header row, then the code); JSON reads left to right in any locale. */
function ToolData({ caption, text }: { caption: string; text: string }) {
  return (
    <figure data-slot="reasoning-code" data-language="json">
      <figcaption data-slot="reasoning-code-header">{caption}</figcaption>
      <pre dir="ltr">
        <code>{pretty(text)}</code>
      </pre>
    </figure>
  )
}

/** The captions of a tool call's data, per demo locale (the kit's labels have none). */
const toolCaptions: Readonly<Record<string, { readonly args: string; readonly result: string }>> = {
  en: { args: 'Arguments', result: 'Result' },
  de: { args: 'Argumente', result: 'Ergebnis' },
  ar: { args: 'المعطيات', result: 'النتيجة' },
}

// The kit's icons (src/react/icons.tsx, not exported): decorative, currentColor, sized by the font.
const iconBase = {
  width: '1em',
  height: '1em',
  viewBox: '0 0 16 16',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.5,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const

function ToolIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg {...iconBase} {...props}>
      <path d="M10.5 2.5a3 3 0 0 0-2.8 4L3 11.2 4.8 13l4.7-4.7a3 3 0 0 0 4-2.8l-1.7 1.7-1.8-.5-.5-1.8Z" />
    </svg>
  )
}

function AlertIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg {...iconBase} {...props}>
      <path d="M8 2.5 14 13.5H2Z" />
      <path d="M8 6.5v3M8 11.5v.01" />
    </svg>
  )
}

function ChevronIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg {...iconBase} {...props}>
      <path d="m4 6 4 4 4-4" />
    </svg>
  )
}

/** JSON indented when it parses, else the text as it came. */
function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2)
  } catch {
    return text
  }
}
