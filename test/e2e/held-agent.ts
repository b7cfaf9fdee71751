/**
 * A test-only agent for Stop: a reasoning block that goes on until the client stops
 * the run, so a test of Stop cannot lose a race with the reasoning's end (a loaded CI
 * machine once let the scripted reasoning finish before the click landed). Any prompt
 * but `HOLD_PROMPT` plays the reasoner, so the turn after a stop runs as usual.
 */
import { EventWriter } from '../../src/adapters'
import { scriptedAgents } from '../../demo/server/agents'
import { promptOf } from '../../demo/server/text'
import type { DemoAgent } from '../../demo/server/types'

export const HOLD_PROMPT = 'Think until I stop you'
/** Deltas before the agent gives up and ends the run normally (about a minute at half pace): a Stop that never lands fails the test instead of hanging it. */
const MAX_DELTAS = 1_200
const reasoner = scriptedAgents().find((a) => a.id === 'reasoner')!

export const heldAgent: DemoAgent = {
  id: 'held',
  name: 'Held (tests)',
  description: 'Reasons until stopped when asked to; otherwise the reasoner.',
  async *run(input, ctx) {
    if (promptOf(input) !== HOLD_PROMPT) return yield* reasoner.run(input, ctx)
    const w = new EventWriter({ threadId: input.threadId, runId: input.runId, now: () => ctx.now() })
    const block = ctx.id('reasoning')
    const message = ctx.id('msg')
    w.start()
    w.startBlock(block, { title: 'Holding on' })
    w.startMessage(message, block, { kind: 'text' })
    yield* w.take()
    for (let i = 0; i < MAX_DELTAS; i++) {
      await ctx.sleep(100)
      if (ctx.signal.aborted) return
      w.appendMessage(message, `Step ${i + 1}: still weighing the options. `)
      yield* w.take()
    }
    w.endMessage(message)
    w.endBlock(block)
    w.finish()
    yield* w.take()
  },
}
