import { ReasoningPanel, selectAnsweredBlockIds, type ReasoningPanelProps, type ReasoningState } from 'reasoning-ui'
import { ScriptedStream, type EventArgs } from './scripted-store'

/** Args of a panel story: the events, and every `ReasoningPanel` prop but the block. */
export type PanelStoryArgs = EventArgs & Omit<ReasoningPanelProps, 'block'>

/** One `ReasoningPanel` per block of the state, collapsing when the answer after it starts. */
export function Panels({ state, ...panel }: { readonly state: ReasoningState } & Omit<ReasoningPanelProps, 'block'>) {
  const answered = selectAnsweredBlockIds(state)
  return (
    <>
      {state.blocks.map((block) => {
        const subagent = state.subagents.find((s) => s.subagentRunId === block.subagentRunId)
        return (
          <ReasoningPanel
            key={block.id}
            block={block}
            answerStarted={answered.has(block.id)}
            {...(subagent && { subagentName: subagent.name ?? subagent.subagentRunId })}
            {...panel}
          />
        )
      })}
    </>
  )
}

/** The events through a store, one panel per block. */
export function PanelStory({ events, live, intervalMs, endStream, ...panel }: PanelStoryArgs) {
  return (
    <ScriptedStream events={events} live={live} {...(intervalMs !== undefined && { intervalMs })} {...(endStream && { endStream })}>
      {(state) => <Panels state={state} {...panel} />}
    </ScriptedStream>
  )
}
