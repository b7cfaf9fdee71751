/**
 * The AG-UI event scripts the component stories play. Each one is what a real
 * producer would send, with timestamps, so durations read the same everywhere.
 */
import {
  answer,
  encryptedValue,
  reasoningEnd,
  reasoningMessage,
  reasoningStart,
  runError,
  runFinished,
  usage,
  runStarted,
  Script,
  toolCall,
  type AgUiEvent,
} from './events'

// ── One block in three states ───────────────────────────────────────────

/** Reasoning that titles itself with bold heading lines, as OpenAI-style summaries do. */
export const trainsReasoning = `**Reading the question**

Two trains leave stations 300 km apart at 9:00 and head towards each other, one at 80 km/h and the other at 70 km/h. The question is when and where they meet.

**Setting up the equation**

The gap closes at 80 + 70 = 150 km/h, so they meet after 300 / 150 = 2 hours.

**Checking the units**

Kilometres divided by kilometres per hour gives hours, and 2 hours after 9:00 is 11:00. By then the first train has covered 160 km and the second 140 km, which adds up to the 300 km between the stations.`

const trainsAnswer = 'They meet at 11:00, 160 km from the first station.'

/** The part of the reasoning that has arrived while it still streams. */
const trainsSoFar = trainsReasoning.slice(0, trainsReasoning.indexOf('so they meet'))

/** Reasoning that completed after 12 seconds, then the answer. */
export const completeEvents: readonly AgUiEvent[] = new Script()
  .add(runStarted())
  .over(12_000, reasoningStart('reasoning-1'), reasoningMessage('thought-1', trainsReasoning), reasoningEnd('reasoning-1'))
  .add(answer('answer-1', trainsAnswer), runFinished(undefined, undefined, usage(86, 1_262, 1_216)))
  .events

/** Reasoning still streaming, 7 seconds in. */
export const streamingEvents: readonly AgUiEvent[] = new Script()
  .add(runStarted())
  .over(7_000, reasoningStart('reasoning-1'), reasoningMessage('thought-1', trainsSoFar, { open: true }))
  .events

/** Reasoning cut off after 9 seconds by a failed run; what arrived is kept. */
export const interruptedEvents: readonly AgUiEvent[] = new Script()
  .add(runStarted())
  .over(9_000, reasoningStart('reasoning-1'), reasoningMessage('thought-1', trainsSoFar, { open: true }), runError('The model provider closed the connection.'))
  .events

/**
 * Reasoning the user stopped 4 seconds in (the app's Stop button aborts the request and
 * calls `store.streamEnded(undefined, 'stopped')`; play it with `endStream: 'stopped'`).
 */
export const stoppedEvents: readonly AgUiEvent[] = new Script()
  .add(runStarted())
  .over(4_000, reasoningStart('reasoning-1'), reasoningMessage('thought-1', trainsSoFar, { open: true }))
  .events

// ── Encrypted ───────────────────────────────────────────────────────────

/** What a provider returns instead of its reasoning (opaque, for the round trip only). */
export const opaqueReasoning = 'gAAAAABpZ2x2X0VOQ1JZUFRFRF9SRUFTT05JTkdfT05MWV9GT1JfVEhFX1JPVU5EX1RSSVA='

/** A span whose only content is an encrypted value. */
const sealedBlock = [
  reasoningStart('sealed-1'),
  reasoningMessage('sealed-thought-1', ''),
  encryptedValue('sealed-thought-1', opaqueReasoning),
  reasoningEnd('sealed-1'),
]

/** A block whose only content is an encrypted value: 6 seconds of hidden reasoning, then the answer. */
export const encryptedOnlyEvents: readonly AgUiEvent[] = new Script()
  .add(runStarted())
  .over(6_000, ...sealedBlock)
  .add(answer('answer-1', trainsAnswer), runFinished(undefined, undefined, usage(86, 640, 594)))
  .events

/** Hidden reasoning still going, 4 seconds in. */
export const encryptedStreamingEvents: readonly AgUiEvent[] = new Script()
  .add(runStarted())
  .over(4_000, reasoningStart('sealed-1'), reasoningMessage('sealed-thought-1', '', { open: true }), encryptedValue('sealed-thought-1', opaqueReasoning))
  .events

/**
 * Two turns that report their usage (AG-UI 1.0 `usage` on `RUN_FINISHED`): 12 seconds of
 * reasoning (1,216 reasoning tokens), then 6 seconds of hidden reasoning (594 tokens).
 */
export const usageEvents: readonly AgUiEvent[] = new Script()
  .add(runStarted('run-1'))
  .over(12_000, reasoningStart('reasoning-1'), reasoningMessage('thought-1', trainsReasoning), reasoningEnd('reasoning-1'))
  .add(answer('answer-1', trainsAnswer), runFinished('run-1', undefined, usage(86, 1_262, 1_216)))
  .add(runStarted('run-2'))
  .over(6_000, ...sealedBlock)
  .add(answer('answer-2', 'The slower train covers 140 km.'), runFinished('run-2', undefined, usage(1_410, 640, 594)))
  .events

// ── Summaries ───────────────────────────────────────────────────────────

const trainsSummary =
  'Worked out when two trains 300 km apart meet: together they close the gap at 150 km/h, so they meet after 2 hours, at 11:00, 160 km from the first station.'

/** A provider summary (`kind: 'summary'`) next to the raw reasoning. */
export const providerSummaryEvents: readonly AgUiEvent[] = new Script()
  .add(runStarted())
  .over(
    10_000,
    reasoningStart('reasoning-1'),
    reasoningMessage('thought-1', trainsReasoning),
    reasoningMessage('summary-1', trainsSummary, { ui: { kind: 'summary' } }),
    reasoningEnd('reasoning-1'),
  )
  .add(runFinished())
  .events

/** Reasoning with heading lines and a span title, no provider summary: the summary is its titles. */
export const titlesOnlyEvents: readonly AgUiEvent[] = new Script()
  .add(runStarted())
  .over(
    12_000,
    reasoningStart('reasoning-1', { title: 'Meeting time of two trains' }),
    reasoningMessage('thought-1', trainsReasoning),
    reasoningEnd('reasoning-1'),
  )
  .add(runFinished())
  .events

/** Reasoning with no headings, no title and no summary. */
export const noSummaryEvents: readonly AgUiEvent[] = new Script()
  .add(runStarted())
  .over(
    5_000,
    reasoningStart('reasoning-1'),
    reasoningMessage('thought-1', 'The user wants a synonym for "happy" that fits a formal letter. "Content" is too weak and "elated" too strong; "pleased" fits the register.'),
    reasoningEnd('reasoning-1'),
  )
  .add(runFinished())
  .events

// ── A long trace ────────────────────────────────────────────────────────

/** A small deterministic PRNG, so the long trace is the same text on every run. */
function prng(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0
    return s / 2 ** 32
  }
}

const subjects = ['The cache budget', 'The second constraint', 'Each worker', 'The retry loop', 'The slowest shard', 'This estimate', 'The merge step', 'The worst case']
const verbs = ['bounds', 'depends on', 'rules out', 'doubles', 'stays within', 'outweighs', 'tightens', 'explains']
const objects = ['the queue length', 'the p99 latency', 'the memory ceiling', 'the earlier assumption', 'the write amplification', 'the batch size', 'the failure rate', 'the cold-start cost']
const tails = [
  'so the plan still holds.',
  'which I should double-check against the logs.',
  'unless the input is skewed.',
  'and that changes the order of the steps.',
  'so the simple approach is enough here.',
  'but only under sustained load.',
]
const topics = ['the workload', 'the cache budget', 'the failure modes', 'the shard layout', 'the retry policy', 'the rollout order', 'the cost model', 'the monitoring gaps']

/**
 * About `bytes` of reasoning: many paragraphs under bold heading lines, like a
 * model that thinks for minutes.
 */
export function longReasoning(bytes = 200 * 1024): string {
  const random = prng(42)
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!
  const parts: string[] = []
  let size = 0
  for (let section = 1; size < bytes; section++) {
    const heading = `**Step ${section}: checking ${pick(topics)}**`
    parts.push(heading)
    size += heading.length + 2
    for (let p = 0; p < 8 && size < bytes; p++) {
      const sentences: string[] = []
      for (let s = 0; s < 5; s++) sentences.push(`${pick(subjects)} ${pick(verbs)} ${pick(objects)}, ${pick(tails)}`)
      const paragraph = sentences.join(' ')
      parts.push(paragraph)
      size += paragraph.length + 2
    }
  }
  return parts.join('\n\n')
}

/** 200 KB of reasoning over 4 minutes, in paragraph-sized deltas. */
export const longTraceEvents: readonly AgUiEvent[] = new Script()
  .add(runStarted())
  .over(
    4 * 60_000 + 18_000,
    reasoningStart('reasoning-1'),
    reasoningMessage('thought-1', longReasoning(), { deltas: 'paragraphs' }),
    reasoningEnd('reasoning-1'),
  )
  .add(runFinished())
  .events

/**
 * Reasoning that works with code and a table, as coding models' does: a short code block and a
 * small table that fit a desktop panel (the code scrolls on a phone), and a line of code too long
 * for any, which scrolls sideways.
 */
export const codeReasoning = `**Finding the slow query**

The handler calls \`loadOrders\` once per customer, so a page of 50 customers makes 51 queries. Two ways to fix it:

1. batch the lookups into one \`IN\` query;
2. cache the orders per customer.

\`\`\`ts
const orders = await loadOrdersFor(ids) // one query
\`\`\`

**Comparing them**

| approach | queries per page | stale data |
|---|---|---|
| batch | 2 | never |
| cache | 1–51 | up to the TTL |

The batch wins. The log line that showed it, unwrapped:

\`\`\`text
2026-11-29T10:14:03.512Z WARN  db.slow  query="SELECT id, customer_id, total, created_at FROM orders WHERE customer_id = $1 ORDER BY created_at DESC" params=[4182] rows=37 ms=212 handler=GET /customers/page
\`\`\`

> The cache also needs invalidation on every order write, which the batch does not.`

/** A finished block whose text has code blocks and a table. */
export const codeEvents: readonly AgUiEvent[] = new Script()
  .add(runStarted())
  .over(21_000, reasoningStart('reasoning-1'), reasoningMessage('thought-1', codeReasoning), reasoningEnd('reasoning-1'))
  .add(answer('answer-1', 'Batch the lookups: one query for the page\'s orders instead of one per customer.'), runFinished())
  .events

// ── Several blocks ──────────────────────────────────────────────────────

/** One run that reasons in several blocks: a plan, a subagent's research, hidden reasoning, and a block still streaming. */
export const severalBlocksEvents: readonly AgUiEvent[] = new Script()
  .add(runStarted())
  .over(
    5_000,
    reasoningStart('plan'),
    reasoningMessage('plan-1', '**Planning the trip**\n\nThe user wants three days in Lisbon in March. I need the weather, the opening hours of the main sights, and a rough budget.'),
    reasoningEnd('plan'),
  )
  .add({ type: 'SUBAGENT_STARTED', subagentRunId: 'research-1', name: 'researcher' })
  .over(
    3_000,
    reasoningMessage(
      'research-1-thought',
      '**Looking up the weather**\n\nMarch in Lisbon averages 18 °C by day with some rain, so indoor sights should fill the afternoons.',
      { extra: { subagentRunId: 'research-1' } },
    ),
  )
  .add({ type: 'SUBAGENT_FINISHED', subagentRunId: 'research-1' })
  .over(2_000, reasoningStart('sealed'), reasoningMessage('sealed-1', ''), encryptedValue('sealed-1', opaqueReasoning), reasoningEnd('sealed'))
  .over(
    4_000,
    reasoningStart('draft'),
    reasoningMessage('draft-1', '**Drafting the itinerary**\n\nDay one: Alfama and the castle in the morning, the tile museum in the afternoon. Day two:', { open: true }),
  )
  .events

// ── A run with tool calls and structured steps ──────────────────────────

/** An agentic loop: structured steps, a tool call, more reasoning, another tool call, a reflection with an outcome, the answer. */
export const agentLoopEvents: readonly AgUiEvent[] = new Script()
  .add(runStarted())
  .over(
    6_000,
    reasoningStart('analyse', { title: 'Understanding the request' }),
    reasoningMessage('analyse-1', 'The user asks whether to take the 7:40 or the 8:10 train to reach a 10:00 meeting in Utrecht from Amsterdam.', {
      ui: {
        kind: 'step',
        stepType: 'analysis',
        title: 'What the user needs',
        confidence: 0.8,
        keyFactors: ['Meeting at 10:00', 'Travel time about 30 minutes', 'Walk from the station unknown'],
        conclusion: 'Both trains look early enough; check live departures and the walk.',
      },
    }),
    reasoningMessage('analyse-2', 'If trains run on time, either works. The risk is a delay on the 8:10 with no slack left.', {
      ui: { kind: 'step', stepType: 'hypothesis', title: 'The later train is probably fine', confidence: 0.6 },
    }),
    reasoningEnd('analyse'),
  )
  .add(toolCall('call-1', 'get_departures', { from: 'Amsterdam Centraal', to: 'Utrecht Centraal' }, '7:40 on time; 8:10 delayed 12 min'))
  .wait(2_000)
  .over(
    4_000,
    reasoningStart('weigh'),
    reasoningMessage('weigh-1', '**Weighing the delay**\n\nThe 8:10 is 12 minutes late, arriving around 8:57. That leaves an hour, but delays tend to grow in the morning rush.'),
    reasoningEnd('weigh'),
  )
  .add(toolCall('call-2', 'walking_time', { from: 'Utrecht Centraal', to: 'Stadsplateau 1' }, '9 minutes'))
  .wait(1_000)
  .over(
    3_000,
    reasoningStart('reflect', { title: 'Recommendation' }),
    reasoningMessage('reflect-1', 'With a 9-minute walk, the 7:40 arrives with over an hour to spare and no dependence on the delayed train.', {
      ui: { kind: 'step', stepType: 'reflection', title: 'Take the earlier train' },
    }),
    reasoningEnd('reflect', {
      conclusion: 'Take the 7:40 train.',
      confidence: 0.9,
      keyFactors: ['The 8:10 is already 12 minutes late', 'The walk takes 9 minutes'],
    }),
  )
  .add(answer('answer-1', 'Take the 7:40: it is on time and leaves you over an hour before your meeting.'), runFinished(undefined, undefined, usage(412, 3_175, 3_072)))
  .events

// ── Other languages ─────────────────────────────────────────────────────

/** German: a one-second block, a tool call, a twelve-second block, and a block still streaming. */
export const germanEvents: readonly AgUiEvent[] = new Script()
  .add(runStarted())
  .over(1_000, reasoningStart('de-1'), reasoningMessage('de-1-text', '**Frage verstehen**\n\nGefragt ist nach dem Wetter in Berlin morgen.'), reasoningEnd('de-1'))
  .add(toolCall('de-call', 'wetter_abrufen', { ort: 'Berlin' }, '12 °C, Regen am Nachmittag'))
  .wait(1_500)
  .over(
    12_000,
    reasoningStart('de-2'),
    reasoningMessage(
      'de-2-text',
      '**Vorhersage einordnen**\n\n12 °C sind für Mitte Januar mild. Der Regen kommt erst am Nachmittag.\n\n**Empfehlung formulieren**\n\nVormittags ist ein Spaziergang gut möglich, für den Nachmittag braucht man einen Schirm.',
    ),
    reasoningEnd('de-2'),
  )
  .over(
    4_000,
    reasoningStart('de-3'),
    reasoningMessage('de-3-text', '**Antwort prüfen**\n\nDie Temperaturangabe stimmt mit der Quelle überein, die Uhrzeit des Regens', { open: true }),
  )
  .events

/** Arabic (right to left): a completed block and one still streaming. */
export const arabicEvents: readonly AgUiEvent[] = new Script()
  .add(runStarted())
  .over(
    8_000,
    reasoningStart('ar-1'),
    reasoningMessage(
      'ar-1-text',
      '**فهم السؤال**\n\nيغادر قطاران محطتين تفصل بينهما 300 كيلومتر في الساعة التاسعة، ويسيران نحو بعضهما بسرعة 80 و70 كيلومترًا في الساعة.\n\n**حل المعادلة**\n\nتتقلص المسافة بسرعة 150 كيلومترًا في الساعة، فيلتقيان بعد ساعتين، أي في الساعة الحادية عشرة.',
    ),
    reasoningEnd('ar-1'),
  )
  .over(
    5_000,
    reasoningStart('ar-2'),
    reasoningMessage('ar-2-text', '**التحقق من النتيجة**\n\nيقطع القطار الأول 160 كيلومترًا والثاني 140 كيلومترًا، ومجموعهما', { open: true }),
  )
  .events
