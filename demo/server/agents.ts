/**
 * The demo's seven scripted agents. Each one plays a fixed script that shows
 * one thing the kit handles: a titled summary, encrypted-only reasoning, a tool
 * call between two reasoning blocks, a stream that dies, the retired
 * `THINKING_*` events, MEUP steps through the adapter, and a 200 KB firehose.
 *
 * The scripts are pure functions of the user's prompt (the last user message's
 * text), exported so tests can assert exactly what the page must show.
 */
import type { RunAgentInput, TokenUsage } from '@ag-ui/core'
import { createMeupTranslator, EventWriter } from '../../src/adapters'
import { DropConnection, type AgentContext, type DemoAgent, type DemoEvent, type ThreadMemory } from './types'
import { deltaPause, plural, promptOf, quote, toDeltas, toSlices } from './text'

/**
 * The place a prompt names ("weather in Oslo", "cycle to work in São Paulo?"): one or two
 * capitalised words after in / for / at; undefined when it names none.
 */
export function placeIn(prompt: string): string | undefined {
  return /\b(?:in|for|at)\s+(\p{Lu}[\p{L}'’-]*(?:\s\p{Lu}[\p{L}'’-]*)?)/u.exec(prompt)?.[1]
}

/** The scripted agents' ids, in the order `GET /api/agents` lists them. */
export const SCRIPTED_AGENT_IDS = ['reasoner', 'private', 'agentic', 'interrupted', 'legacy', 'structured', 'firehose'] as const

/** The id of one of the scripted agents. */
export type ScriptedAgentId = (typeof SCRIPTED_AGENT_IDS)[number]

/** `reasoner`: a titled span holding a summary message, then the raw reasoning (with bold heading lines), then the answer. */
export interface ReasonerScript {
  /** `metadata.reasoningUi.title` of the span. */
  readonly title: string
  /** The summary-kind reasoning message. */
  readonly summary: string
  /** The text-kind reasoning message (the one with the encrypted value). */
  readonly reasoning: string
  /** The assistant's answer (starting with the round-trip line on a follow-up turn). */
  readonly answer: string
}

/** `private`: reasoning sent only as an encrypted value (zero data retention), then the answer. */
export interface PrivateScript {
  /** How long the agent "thinks" with nothing to show, in milliseconds at pace 1. */
  readonly thinkingMs: number
  readonly answer: string
}

/** The tool the `agentic` agent calls. */
export interface ScriptedToolCall {
  readonly name: string
  readonly args: Readonly<Record<string, unknown>>
  /** `args` as the JSON text streamed in `TOOL_CALL_ARGS` deltas. */
  readonly argsJson: string
  /** `TOOL_CALL_RESULT.content`. */
  readonly result: string
}

/** `agentic`: reasoning → tool call → tool result → more reasoning → answer. */
export interface AgenticScript {
  readonly title: string
  readonly reasoning: string
  readonly tool: ScriptedToolCall
  /** Title of the second reasoning block. */
  readonly followUpTitle: string
  /** Text of the second reasoning block. */
  readonly followUp: string
  readonly answer: string
}

/** `interrupted`: reasoning that stops mid-sentence when the server cuts the connection. */
export interface InterruptedScript {
  readonly title: string
  /** Every character of reasoning sent before the connection drops. */
  readonly partial: string
}

/** `legacy`: the retired `THINKING_*` events, then the answer. */
export interface LegacyScript {
  /** `THINKING_START.title`. */
  readonly title: string
  readonly reasoning: string
  readonly answer: string
}

/** One MEUP `reasoning/step` of the `structured` agent, and the step-kind message the kit makes of it. */
export interface StructuredStep {
  /** `payload.type`: `analysis`, `hypothesis`, `tool_call`, `reflection`. Becomes `metadata.reasoningUi.stepType`. */
  readonly type: string
  /** The message's title (`content.title`, or the tool's name for a `tool_call`). */
  readonly title: string
  /** The message's text, as the MEUP adapter renders `content`. */
  readonly text: string
  readonly confidence?: number
  /** `payload.content` as sent. */
  readonly content: Readonly<Record<string, unknown>>
}

/** `structured`: one MEUP reasoning session of steps, translated by the kit's MEUP adapter, then the answer. */
export interface StructuredScript {
  /** The MEUP participant (`from`); the span's `metadata.reasoningUi.source`. */
  readonly source: string
  /** `reasoning/start` description: the span's title. */
  readonly title: string
  readonly steps: readonly StructuredStep[]
  readonly conclusion: string
  readonly confidence: number
  readonly keyFactors: readonly string[]
  readonly answer: string
}

/** `firehose`: 200 KB of reasoning in about 2,000 deltas, then a short answer. */
export interface FirehoseScript {
  readonly title: string
  readonly reasoning: string
  /** The reasoning as streamed: `FIREHOSE_DELTAS` slices of at most 100 characters. */
  readonly deltas: readonly string[]
  /** The last paragraph of `reasoning`, for a test that checks the end made it. */
  readonly lastParagraph: string
  readonly answer: string
}

/** Paragraphs in the firehose's reasoning (numbered `Paragraph 1 of 420:` …). */
export const FIREHOSE_PARAGRAPHS = 420
const FIREHOSE_SLICE = 100

const FILLER = [
  'The candidate satisfies the first constraint, so the question is whether it also survives the second one.',
  'Re-reading the earlier assumption: it still holds, although the margin is thinner than it first looked.',
  'A counterexample would have to break the ordering, and none of the cases checked so far does that.',
  'This branch repeats work done above, which is a hint that the search could be pruned more aggressively.',
  'The numbers agree with the estimate to within rounding, so there is no need to revisit the model yet.',
  'One edge case remains: an empty input, which the general argument covers only by convention.',
  'Comparing this option with the previous one, the trade-off is speed against the clarity of the result.',
]

let firehoseCache: string | undefined

/** The firehose's reasoning: `FIREHOSE_PARAGRAPHS` numbered paragraphs, at least 200,000 characters. Deterministic. */
export function firehoseReasoning(): string {
  if (firehoseCache !== undefined) return firehoseCache
  const paragraphs: string[] = []
  for (let i = 1; i <= FIREHOSE_PARAGRAPHS; i++) {
    const lines = [0, 1, 2, 3].map((k) => FILLER[(i * 3 + k * 2) % FILLER.length]!)
    paragraphs.push(`Paragraph ${i} of ${FIREHOSE_PARAGRAPHS}: checking candidate ${i} against every constraint. ${lines.join(' ')}`)
  }
  firehoseCache = paragraphs.join('\n\n')
  return firehoseCache
}

/** The firehose's pause (at pace 1) between opening its block and the first delta. */
export const FIREHOSE_FIRST_TOKEN_MS = 600
/** Characters of reasoning the firehose sends (at least 200,000). */
export const FIREHOSE_CHARS = firehoseReasoning().length
/** Reasoning deltas the firehose sends (about 2,000). */
export const FIREHOSE_DELTAS = Math.ceil(FIREHOSE_CHARS / FIREHOSE_SLICE)

/** Prefixes the answer with the round-trip line, when there is one. */
const withLine = (line: string | undefined, answer: string) => (line === undefined ? answer : `${line}\n\n${answer}`)

/**
 * What each scripted agent says for a given prompt (the last user message's
 * text; may be empty). `continuity` is the round-trip line (`continuityLine`)
 * that the agents issuing encrypted values put first in their answer on a
 * follow-up turn.
 */
export const scripts = {
  reasoner(prompt: string, continuity?: string): ReasonerScript {
    const q = quote(prompt)
    return {
      title: 'Reasoning about the question',
      summary: [
        '**Understanding the request**',
        `The user asked ${q}. I worked out what a complete answer needs and which assumptions are safe to make.`,
        '**Drafting the answer**',
        'I checked the constraints, compared two ways of explaining it, and chose the shorter one with a concrete example.',
      ].join('\n\n'),
      reasoning: [
        '**Reading the question**',
        `The user wrote ${q}. Before answering I want to pin down what they actually need: a direct answer first, then just enough background to trust it. If the question can be read two ways, I should say which reading I picked instead of silently guessing.`,
        '**Checking the constraints**',
        'Three things matter here. The answer has to be correct before it is clever. It should fit on one screen, because nobody wants an essay in a chat reply. And anything I cannot verify from the conversation should be flagged as an assumption, not stated as fact.',
        '**Comparing two approaches**',
        'One option is to start from first principles and build up to the answer. That is thorough, but it buries the useful part at the bottom. The other is to lead with the conclusion, then give a short justification and an example. The second reads better in a chat, and the user can always ask for the long version.',
        '**Deciding**',
        'I will lead with a one-sentence answer, add two or three supporting points, and close with a concrete next step. That keeps it honest, short and easy to act on.',
      ].join('\n\n'),
      answer: withLine(
        continuity,
        [
          `You asked ${q}. This is the scripted reasoner agent, so the answer is canned, but the reasoning above was streamed the way a reasoning model sends it.`,
          'First came a titled reasoning span with a provider-style summary, then the raw reasoning with bold heading lines (the titles the summary view falls back on), then this answer.',
          'The raw reasoning also carried an encrypted value. Your client keeps it and sends it back with the next message: ask a follow-up and I will say whether it came back intact.',
        ].join('\n\n'),
      ),
    }
  },

  private(prompt: string, continuity?: string): PrivateScript {
    const q = quote(prompt)
    const body =
      continuity === undefined
        ? [
            `You asked ${q}. I thought about it privately: this provider keeps no data (zero data retention), so the reasoning left the server only as an encrypted value. There was no text to show, just the time spent thinking.`,
            'Your client keeps that encrypted value and sends it back with your next message, as a reasoning message with an encryptedValue. Send a follow-up and the next turn will report what came back.',
          ]
        : [
            `You asked ${q}. Again the reasoning stayed private: this turn sent a new encrypted value, which your next message should carry back as well.`,
          ]
    return { thinkingMs: 2500, answer: withLine(continuity, body.join('\n\n')) }
  },

  agentic(prompt: string): AgenticScript {
    const q = quote(prompt)
    const named = placeIn(prompt)
    const city = named ?? 'Lisbon'
    const args = { city, days: 3, units: 'celsius' }
    const forecast = {
      city,
      units: 'celsius',
      forecast: [
        { day: 'today', high: 21, low: 14, conditions: 'sunny' },
        { day: 'tomorrow', high: 19, low: 13, conditions: 'showers in the afternoon', precipitation_mm: 4 },
        { day: 'the day after', high: 22, low: 15, conditions: 'clear' },
      ],
    }
    return {
      title: 'Deciding whether to call a tool',
      reasoning: [
        '**Understanding the question**',
        `The user asked ${q}. Whatever the details, a useful answer depends on conditions I cannot know from memory: the weather where they are over the next few days. Guessing would be worse than checking.`,
        '**Choosing a tool**',
        named !== undefined
          ? `I have a get_weather tool. The user named ${city}, so I will ask for ${city}, three days ahead, in Celsius:`
          : 'I have a get_weather tool. The user named no place and their profile puts them in Lisbon, so I will ask for Lisbon, three days ahead, in Celsius:',
        // Reasoning models write out the call they are about to make: a code block, as the kit shows it.
        ['```json', JSON.stringify(args, null, 2), '```'].join('\n'),
      ].join('\n\n'),
      tool: { name: 'get_weather', args, argsJson: JSON.stringify(args), result: JSON.stringify(forecast) },
      followUpTitle: 'Reading the forecast',
      followUp: [
        '**Reading the forecast**',
        // And they tabulate what a tool returned: a table, as the kit shows it (a no-break space
        // keeps a temperature and its unit on one line in a phone's narrow column).
        'The tool returned three days:',
        [
          '| Day | High | Low | Conditions |',
          '|---|---|---|---|',
          ...forecast.forecast.map((d) => `| ${d.day} | ${d.high}\u00a0°C | ${d.low}\u00a0°C | ${d.conditions}${'precipitation_mm' in d ? ` (about ${d.precipitation_mm}\u00a0mm)` : ''} |`),
        ].join('\n'),
        'Nothing extreme, one wet window: tomorrow afternoon.',
        '**Shaping the answer**',
        'Lead with the practical takeaway, mention the rainy afternoon, and keep it to a few lines.',
      ].join('\n\n'),
      answer: [
        `You asked ${q}. I checked the forecast for ${city} with the get_weather tool: sunny today (21\u00a0°C), showers tomorrow afternoon (about 4\u00a0mm), clear the day after (22\u00a0°C).`,
        'If your plans are outdoors, today and the day after are the safe picks; take an umbrella tomorrow after lunch.',
        'This is the scripted agentic agent: reasoning, a tool call and its result, more reasoning, then this answer.',
      ].join('\n\n'),
    }
  },

  interrupted(prompt: string): InterruptedScript {
    const q = quote(prompt)
    return {
      title: 'Breaking the problem down',
      partial: [
        '**Splitting the question into parts**',
        `The user asked ${q}. This needs a few steps, so I will split it into parts: what exactly is being asked, what I already know, and what I would have to look up.`,
        '**Working through the first part**',
        'Starting with what is being asked: the core of the question is clear, but its scope is not. I will assume the common case, say so, and move on to the second part, where the interesting trade-off is',
      ].join('\n\n'),
    }
  },

  legacy(prompt: string): LegacyScript {
    const q = quote(prompt)
    return {
      title: 'Recalling what I know',
      reasoning: [
        '**Recalling the facts**',
        `The user asked ${q}. I know the general shape of the answer; the risk is in the details, so I will state only what I am sure of and mark the rest.`,
        '**Checking for gaps**',
        'Two details are uncertain. Neither changes the conclusion, so I will mention them briefly instead of hedging the whole answer.',
        '**Shaping the answer**',
        'The answer leads with what I am sure of, in two short paragraphs, and names the uncertain details once at the end rather than qualifying every sentence.',
      ].join('\n\n'),
      answer: [
        `You asked ${q}. This answer comes from a producer still on the retired THINKING_* events (THINKING_START with a title, THINKING_TEXT_MESSAGE_*, THINKING_END).`,
        'The kit translates them to the current reasoning events and keeps the title. They have no protobuf encoding, so this agent always answers as server-sent events.',
      ].join('\n\n'),
    }
  },

  structured(prompt: string): StructuredScript {
    const q = quote(prompt)
    const query = prompt.replace(/\s+/g, ' ').trim() || 'recent questions'
    const steps: StructuredStep[] = [
      {
        type: 'analysis',
        title: 'Reading the question',
        text: `The user asked ${q}. It can be read as a request for a quick fact or for a recommendation with trade-offs; the wording suggests they want something they can act on.`,
      },
      {
        type: 'hypothesis',
        title: 'A first guess',
        text: 'A short recommendation with one caveat will serve best; a long survey of options would bury the answer.',
        confidence: 0.6,
      },
      {
        type: 'tool_call',
        title: 'search_notes',
        text: '',
      },
      {
        type: 'reflection',
        title: 'Checking the guess',
        text: 'The notes agree with the hypothesis. The remaining risk is ambiguity, which one clarifying sentence at the end covers.',
      },
    ].map((step) => {
      if (step.type === 'tool_call') {
        const args = { query, limit: 3 }
        const result = '3 notes found; the most recent says the user prefers short answers with one example.'
        return { ...step, text: `Arguments: ${JSON.stringify(args)}\n\nResult: ${result}`, content: { tool: step.title, arguments: args, result } }
      }
      const content = { title: step.title, [step.type]: step.text, ...(step.confidence !== undefined && { confidence: step.confidence }) }
      return { ...step, content }
    })
    return {
      source: 'planner',
      title: 'Planning the answer step by step',
      steps,
      conclusion: 'Answer directly, with one example, and offer to go deeper.',
      confidence: 0.86,
      keyFactors: ['the user prefers short answers', 'the question is actionable', 'one ambiguity to flag'],
      answer: [
        `You asked ${q}. This answer comes from the structured agent: its reasoning arrived as MEUP steps (an analysis, a hypothesis, a tool call and a reflection), translated to AG-UI events by the kit’s MEUP adapter.`,
        'The session ended with a conclusion at 86% confidence and the key factors behind it.',
      ].join('\n\n'),
    }
  },

  firehose(prompt: string): FirehoseScript {
    const reasoning = firehoseReasoning()
    const paragraphs = reasoning.split('\n\n')
    return {
      title: 'Checking every candidate',
      reasoning,
      deltas: toSlices(reasoning, FIREHOSE_SLICE),
      lastParagraph: paragraphs[paragraphs.length - 1]!,
      answer: `You asked ${quote(prompt)}. That was ${FIREHOSE_CHARS.toLocaleString('en-US')} characters of reasoning in ${FIREHOSE_DELTAS.toLocaleString('en-US')} deltas, sent as fast as the connection allowed: the point of this agent is a panel that keeps up.`,
    }
  },
}

/**
 * The round-trip report the agents that issue encrypted values (`reasoner`,
 * `private`) put first in their answer on a follow-up turn: how many reasoning
 * messages with a non-empty `encryptedValue` came back, and how many of them
 * this server issued on this thread. Undefined on a first turn (nothing came
 * back and nothing was issued).
 */
export function continuityLine(input: Pick<RunAgentInput, 'messages'>, thread: Pick<ThreadMemory, 'issued'>): string | undefined {
  const received = input.messages.flatMap((m) =>
    m.role === 'reasoning' && typeof m.encryptedValue === 'string' && m.encryptedValue !== '' ? [m.encryptedValue] : [],
  )
  if (received.length === 0 && thread.issued.length === 0) return undefined
  if (received.length === 0) {
    const issued = thread.issued.length === 1 ? 'one' : String(thread.issued.length)
    return `Round trip: I received no reasoning message with an encryptedValue, although this server issued ${issued} on this thread.`
  }
  const issued = new Set(thread.issued)
  const matches = received.filter((value) => issued.has(value)).length
  return `Round trip: I received ${plural(received.length, 'reasoning message')} with an encryptedValue; ${matches} of ${received.length} ${received.length === 1 ? 'matches' : 'match'} what this server issued on this thread.`
}

/** An opaque value standing for a reasoning message, as a provider's encrypted reasoning would. */
/**
 * Gives reasoning message `messageId` an opaque value standing for a provider's
 * encrypted reasoning: emitted on `w` and remembered on the thread, so the next
 * turn can say whether it came back.
 */
function issueEncrypted(agent: string, input: RunAgentInput, ctx: AgentContext, w: EventWriter, messageId: string): void {
  const payload = JSON.stringify({ v: 1, agent, thread: input.threadId, run: input.runId, message: messageId })
  const value = `enc_${Buffer.from(payload).toString('base64')}`
  ctx.thread.issue(value)
  w.encrypted(messageId, value)
}

const writerFor = (input: RunAgentInput, ctx: AgentContext) => new EventWriter({ threadId: input.threadId, runId: input.runId, now: () => ctx.now() })

/**
 * Streams `pieces` one at a time, pausing 15–40 ms (at pace 1) before each:
 * `step` makes a piece's events. Stops once the request is aborted.
 */
async function* paced(ctx: AgentContext, pieces: readonly string[], step: (piece: string) => Iterable<DemoEvent>): AsyncGenerator<DemoEvent> {
  for (const [i, piece] of pieces.entries()) {
    await ctx.sleep(deltaPause(i))
    stopIfAborted(ctx)
    yield* step(piece)
  }
}

/** A `paced` step for an `EventWriter`: `append` the piece, then take the events it made. */
const written =
  (writer: EventWriter, append: (piece: string) => void) =>
  (piece: string): Iterable<DemoEvent> => {
    append(piece)
    return writer.take()
  }

/** Waits `ms` (at pace 1) in slices of 100 ms, so an abort is honoured quickly even by a custom `sleep`. */
async function think(ctx: AgentContext, ms: number): Promise<void> {
  for (let left = ms; left > 0 && !ctx.signal.aborted; left -= 100) await ctx.sleep(Math.min(100, left))
  stopIfAborted(ctx)
}

/** Thrown inside a script once the request is aborted; `scripted` turns it into a quiet end of the run. */
class Stopped extends Error {}

function stopIfAborted(ctx: AgentContext): void {
  if (ctx.signal.aborted) throw new Stopped('aborted')
}

type Script = (input: RunAgentInput, ctx: AgentContext) => AsyncGenerator<DemoEvent>

/** An agent playing `play`: once the request is aborted it stops at the next pause or delta, without finishing the run. */
function scripted(info: Omit<DemoAgent, 'run'>, play: Script): DemoAgent {
  return {
    ...info,
    async *run(input, ctx) {
      try {
        yield* play(input, ctx)
      } catch (error) {
        if (!(error instanceof Stopped)) throw error
      }
    },
  }
}

/** The model name the scripted agents report in their usage. */
export const SCRIPTED_MODEL = 'scripted-reasoner'

/** About four characters a token, as for English text with common tokenizers. */
const tokensOf = (chars: number) => Math.ceil(chars / 4)

/**
 * What a reasoning model would bill for a scripted turn (AG-UI 1.0 `usage`): the
 * prompt is the whole history sent plus a system prompt, the output is the
 * reasoning plus the answer, and reasoning tokens are a part of the output (the
 * protocol's accounting). `reasoningTokens` is the reasoning's own estimate: the
 * text shown, or for hidden reasoning what that time at 60 tokens a second would make.
 */
export function scriptedUsage(input: RunAgentInput, reasoningTokens: number, answer: string): TokenUsage {
  const inputTokens = 180 + tokensOf(JSON.stringify(input.messages).length)
  const outputTokens = reasoningTokens + tokensOf(answer.length)
  return { provider: 'reasoning-ui-demo', model: SCRIPTED_MODEL, inputTokens, outputTokens, totalTokens: inputTokens + outputTokens, reasoningTokens }
}

/** Reasoning tokens of text the agent shows. */
export const shownReasoningTokens = (...texts: readonly string[]) => tokensOf(texts.reduce((n, t) => n + t.length, 0))

/** Reasoning tokens of `ms` of hidden reasoning, at 60 tokens a second. */
export const hiddenReasoningTokens = (ms: number) => Math.round((ms / 1000) * 60)

/** The answer, streamed as one assistant text message, then `RUN_FINISHED` with the turn's usage. */
async function* answer(ctx: AgentContext, writer: EventWriter, text: string, usage: TokenUsage): AsyncGenerator<DemoEvent> {
  const id = ctx.id('msg')
  writer.startText(id, 'assistant')
  yield* writer.take()
  yield* paced(ctx, toDeltas(text), written(writer, (delta) => writer.appendText(id, delta)))
  writer.endText(id)
  writer.usage('turn', usage)
  writer.finish()
  yield* writer.take()
}

const reasoner = scripted(
  {
    id: 'reasoner',
    name: 'Reasoner',
    description: 'A titled reasoning summary, then the raw reasoning (with an encrypted value for the round trip), then the answer.',
  },
  async function* (input, ctx) {
    const script = scripts.reasoner(promptOf(input), continuityLine(input, ctx.thread))
    const w = writerFor(input, ctx)
    w.start()
    yield* w.take()
    await think(ctx, 1200)
    const block = ctx.id('reasoning')
    const summary = ctx.id('msg')
    const raw = ctx.id('msg')
    w.startBlock(block, { title: script.title })
    w.startMessage(summary, block, { kind: 'summary' })
    yield* w.take()
    yield* paced(ctx, toDeltas(script.summary), written(w, (d) => w.appendMessage(summary, d)))
    w.endMessage(summary)
    yield* w.take()
    await think(ctx, 500)
    w.startMessage(raw, block, { kind: 'text' })
    yield* w.take()
    yield* paced(ctx, toDeltas(script.reasoning), written(w, (d) => w.appendMessage(raw, d)))
    w.endMessage(raw)
    issueEncrypted('reasoner', input, ctx, w, raw)
    w.endBlock(block)
    yield* w.take()
    await think(ctx, 500)
    yield* answer(ctx, w, script.answer, scriptedUsage(input, shownReasoningTokens(script.summary, script.reasoning), script.answer))
  },
)

const privateAgent = scripted(
  {
    id: 'private',
    name: 'Private (encrypted only)',
    description: 'Zero data retention: the reasoning arrives only as an encrypted value, shown as a lock with its duration. Ask a follow-up to see the round trip.',
  },
  async function* (input, ctx) {
    const script = scripts.private(promptOf(input), continuityLine(input, ctx.thread))
    const w = writerFor(input, ctx)
    const block = ctx.id('reasoning')
    const message = ctx.id('msg')
    w.startMessage(message, block)
    yield* w.take()
    await think(ctx, script.thinkingMs)
    w.endMessage(message)
    issueEncrypted('private', input, ctx, w, message)
    w.endBlock(block)
    yield* w.take()
    await think(ctx, 200)
    yield* answer(ctx, w, script.answer, scriptedUsage(input, hiddenReasoningTokens(script.thinkingMs), script.answer))
  },
)

const agentic = scripted(
  {
    id: 'agentic',
    name: 'Agentic (tool call)',
    description: 'Reasoning, a get_weather tool call and its result, a second reasoning block, then the answer.',
  },
  async function* (input, ctx) {
    const script = scripts.agentic(promptOf(input))
    const w = writerFor(input, ctx)
    w.start()
    yield* w.take()
    await think(ctx, 500)
    yield* reasoningBlock(ctx, w, ctx.id('reasoning'), ctx.id('msg'), script.title, script.reasoning)
    const call = ctx.id('tool')
    w.startTool(call, script.tool.name)
    yield* w.take()
    yield* paced(ctx, toSlices(script.tool.argsJson, 12), written(w, (d) => w.appendToolArgs(call, d)))
    w.endTool(call)
    yield* w.take()
    await think(ctx, 900)
    w.toolResult(ctx.id('result'), call, script.tool.result)
    yield* w.take()
    await think(ctx, 400)
    yield* reasoningBlock(ctx, w, ctx.id('reasoning'), ctx.id('msg'), script.followUpTitle, script.followUp)
    await think(ctx, 300)
    yield* answer(ctx, w, script.answer, scriptedUsage(input, shownReasoningTokens(script.reasoning, script.followUp), script.answer))
  },
)

/** A titled span holding one text-kind reasoning message, streamed. */
async function* reasoningBlock(ctx: AgentContext, w: EventWriter, block: string, message: string, title: string, text: string): AsyncGenerator<DemoEvent> {
  w.startBlock(block, { title })
  w.startMessage(message, block)
  yield* w.take()
  yield* paced(ctx, toDeltas(text), written(w, (d) => w.appendMessage(message, d)))
  w.endBlock(block)
  yield* w.take()
}

const interrupted = scripted(
  {
    id: 'interrupted',
    name: 'Interrupted stream',
    description: 'Starts reasoning, then the connection drops mid-sentence: the panel keeps what arrived and marks it interrupted.',
  },
  async function* (input, ctx) {
    const script = scripts.interrupted(promptOf(input))
    const w = writerFor(input, ctx)
    w.start()
    yield* w.take()
    await think(ctx, 500)
    const block = ctx.id('reasoning')
    const message = ctx.id('msg')
    w.startBlock(block, { title: script.title })
    w.startMessage(message, block)
    yield* w.take()
    yield* paced(ctx, toDeltas(script.partial), written(w, (d) => w.appendMessage(message, d)))
    await think(ctx, 600)
    throw new DropConnection('the interrupted agent cuts its stream mid-reasoning')
  },
)

/** An assistant text message streamed as plain events (for agents whose run events come from elsewhere). */
async function* plainAnswer(ctx: AgentContext, text: string): AsyncGenerator<DemoEvent> {
  const messageId = ctx.id('msg')
  yield { type: 'TEXT_MESSAGE_START', messageId, role: 'assistant', timestamp: ctx.now() }
  yield* paced(ctx, toDeltas(text), (delta) => [{ type: 'TEXT_MESSAGE_CONTENT', messageId, delta, timestamp: ctx.now() }])
  yield { type: 'TEXT_MESSAGE_END', messageId, timestamp: ctx.now() }
}

const legacy = scripted(
  {
    id: 'legacy',
    name: 'Legacy THINKING events',
    description: 'A producer still on the retired THINKING_* events (always answered as SSE: they have no protobuf encoding).',
    sseOnly: true,
  },
  async function* (input, ctx) {
    const script = scripts.legacy(promptOf(input))
    const run = { threadId: input.threadId, runId: input.runId }
    yield { type: 'RUN_STARTED', ...run, timestamp: ctx.now() }
    await think(ctx, 500)
    yield { type: 'THINKING_START', title: script.title, timestamp: ctx.now() }
    yield { type: 'THINKING_TEXT_MESSAGE_START', timestamp: ctx.now() }
    yield* paced(ctx, toDeltas(script.reasoning), (delta) => [{ type: 'THINKING_TEXT_MESSAGE_CONTENT', delta, timestamp: ctx.now() }])
    yield { type: 'THINKING_TEXT_MESSAGE_END', timestamp: ctx.now() }
    yield { type: 'THINKING_END', timestamp: ctx.now() }
    await think(ctx, 300)
    yield* plainAnswer(ctx, script.answer)
    yield { type: 'RUN_FINISHED', ...run, timestamp: ctx.now() }
  },
)

const structured = scripted(
  {
    id: 'structured',
    name: 'Structured steps (MEUP)',
    description: 'MEUP reasoning steps (analysis, hypothesis, tool call, reflection) with a conclusion and confidence, through the MEUP adapter.',
  },
  async function* (input, ctx) {
    const script = scripts.structured(promptOf(input))
    const translator = createMeupTranslator({ threadId: input.threadId, runId: input.runId, now: () => ctx.now() })
    const reasoningId = ctx.id('reasoning')
    const envelope = (kind: string, payload: Record<string, unknown>) => ({ kind, from: script.source, payload: { reasoning_id: reasoningId, ...payload } })
    const envelopes = [
      envelope('reasoning/start', { description: script.title }),
      ...script.steps.map((step) => envelope('reasoning/step', { type: step.type, content: step.content })),
      envelope('reasoning/end', { conclusion: script.conclusion, confidence: script.confidence, key_factors: script.keyFactors }),
    ]
    for (const [i, message] of envelopes.entries()) {
      if (i > 0) await think(ctx, 800)
      stopIfAborted(ctx)
      yield* translator.push(message)
    }
    await think(ctx, 300)
    yield* plainAnswer(ctx, script.answer)
    // The translator dates its last events by the last envelope it saw: date RUN_FINISHED now.
    for (const event of translator.end()) yield { ...event, timestamp: ctx.now() }
  },
)

const firehose = scripted(
  {
    id: 'firehose',
    name: 'Firehose (200 KB)',
    description: `${FIREHOSE_CHARS.toLocaleString('en-US')} characters of reasoning in ${FIREHOSE_DELTAS.toLocaleString('en-US')} deltas, as fast as the connection allows after a moment's thought, then a short answer.`,
  },
  async function* (input, ctx) {
    const script = scripts.firehose(promptOf(input))
    const w = writerFor(input, ctx)
    const block = ctx.id('reasoning')
    const message = ctx.id('msg')
    w.startBlock(block, { title: script.title })
    w.startMessage(message, block)
    yield* w.take()
    // A model's time to first token: the reader sees "Thinking…" before the flood, on
    // any machine (without it a loaded client may parse the whole trace before its
    // first frame, and the panel is born complete).
    await think(ctx, FIREHOSE_FIRST_TOKEN_MS)
    // Then no pauses: the server's backpressure (waiting for 'drain') is the only brake.
    for (const delta of script.deltas) {
      stopIfAborted(ctx)
      w.appendMessage(message, delta)
      yield* w.take()
    }
    w.endBlock(block)
    yield* w.take()
    yield* answer(ctx, w, script.answer, scriptedUsage(input, shownReasoningTokens(...script.deltas), script.answer))
  },
)

/** The seven scripted agents, in the order of `SCRIPTED_AGENT_IDS`. */
export function scriptedAgents(): DemoAgent[] {
  return [reasoner, privateAgent, agentic, interrupted, legacy, structured, firehose]
}
