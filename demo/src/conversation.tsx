import { useEffect, useRef } from 'react'
import {
  ReasoningPanel,
  ReasoningPending,
  ReasoningToolCall,
  selectAnsweredBlockIds,
  selectReasoningTokens,
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
            <p className="demo-user" dir="auto">{turn.prompt === '' ? <em>(empty message)</em> : turn.prompt}</p>
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
      {/* Only before the turn shows anything: once reasoning ended, its row says so (no second "Thinking…"). */}
      {working && !busy && !entries.some((e) => e.kind !== 'tool-call') && <ReasoningPending className="demo-pending" />}
      {/* One report of a failure: a panel whose reasoning it cut off already says so ("Connection lost after …"). */}
      {turn.status === 'failed' && !reportedByPanel(entries, blocks) && (
        <p role="alert" className="demo-alert">
          The run failed: {turn.error}
        </p>
      )}
      {turn.status === 'stopped' && <p className="demo-note">Stopped.</p>}
    </>
  )
}

/** Whether a reasoning panel of the turn shows that its run ended early (its row says how). */
const reportedByPanel = (entries: readonly TimelineEntry[], blocks: ReadonlyMap<string, ReasoningBlock>): boolean =>
  entries.some((entry) => entry.kind === 'reasoning' && blocks.get(entry.id)?.status === 'interrupted')

function Answer({ entry, text }: { entry: TimelineText; text: string }) {
  const paragraphs = text.split(/\n{2,}/)
  return (
    <div className="demo-answer" data-status={entry.status} data-message-id={entry.id}>
      {paragraphs.map((p, i) => (
        // The text's own direction: English on an Arabic page keeps its full stop at its end.
        <p key={i} dir="auto">
          {p}
        </p>
      ))}
    </div>
  )
}

/**
 * A tool call: the kit's own row (`ReasoningToolCall`, as `ReasoningTimeline` draws it),
 * opening to the call's arguments and result, which are the demo's data to lay out.
 */
function ToolCall({ entry, tool, labels }: { entry: TimelineToolCall; tool: ToolCallView | undefined; labels: ReasoningLabels }) {
  const args = tool && tool.args !== '' ? tool.args : undefined
  const result = tool?.result
  return (
    <ReasoningToolCall className="demo-tool" call={entry} labels={labels}>
      {(args !== undefined || result !== undefined) && (
        <>
          {args !== undefined && <ToolData caption={labels.toolArguments} text={args} />}
          {result !== undefined && <ToolData caption={labels.toolResult} text={result} />}
        </>
      )}
    </ReasoningToolCall>
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

/** JSON indented when it parses, else the text as it came. */
function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2)
  } catch {
    return text
  }
}
