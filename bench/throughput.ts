/**
 * Event throughput: the reasoning store against @ag-ui/client's
 * `defaultApplyEvents` on identical reasoning streams, and against the floor —
 * a bare loop that only appends the same deltas to one string.
 *
 * Run with `npm run bench` (not part of `npm test`). Prints a markdown table.
 */
import { defaultApplyEvents, type AbstractAgent, type BaseEvent, type RunAgentInput } from '@ag-ui/client'
import { readFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { from, lastValueFrom } from 'rxjs'
import type * as Core from '../src/core/index'

// What users get: the built bundle (`npm run bench` builds first), not the
// sources, whose per-module transpilation adds call overhead the bundle has not.
const dist = new URL('../dist/core/index.js', import.meta.url).href
const { createReasoningStore } = (await import(dist)) as typeof Core

const SIZES = (process.env.BENCH_SIZES ?? '1000,8000,64000').split(',').map(Number)
/** defaultApplyEvents is quadratic; past this size it runs once instead of several times. */
const CLIENT_REPEAT_LIMIT = 8_000

// Real token-sized deltas: the recorded gpt-5-mini reasoning, cycled.
const recorded: { type: string; delta?: string }[] = JSON.parse(
  readFileSync(new URL('../test/fixtures/ag-ui-recorded/gpt-5-mini-reasoning-then-answer.server.json', import.meta.url), 'utf8'),
)
const TOKENS = recorded.filter((e) => e.type === 'REASONING_MESSAGE_CONTENT').map((e) => e.delta!)

function stream(deltas: number): { events: BaseEvent[]; tokens: string[] } {
  const tokens = Array.from({ length: deltas }, (_, i) => TOKENS[i % TOKENS.length]!)
  const events = [
    { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
    { type: 'REASONING_START', messageId: 's' },
    { type: 'REASONING_MESSAGE_START', messageId: 'm', role: 'reasoning' },
    ...tokens.map((delta) => ({ type: 'REASONING_MESSAGE_CONTENT', messageId: 'm', delta })),
    { type: 'REASONING_MESSAGE_END', messageId: 'm' },
    { type: 'REASONING_END', messageId: 's' },
    { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
  ] as BaseEvent[]
  return { events, tokens }
}

const now = () => performance.now()

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

/** Median wall time in ms of `repeat` runs after one warm-up. */
async function time(repeat: number, fn: () => unknown): Promise<number> {
  await fn()
  const samples: number[] = []
  for (let i = 0; i < repeat; i++) {
    const start = now()
    await fn()
    samples.push(now() - start)
  }
  return median(samples)
}

let sink = 0

function floor(tokens: string[]): void {
  let text = ''
  for (const token of tokens) text += token
  sink += text.length
}

/**
 * The least any event reducer must do per delta: look the message up, append to
 * it, and look for a line break. No validation, no lanes, no state. A yardstick
 * for what the targets ask, not something to ship.
 */
function minimalReducer(events: BaseEvent[]): void {
  const messages = new Map([['m', { text: '', lines: 0 }]])
  for (const event of events as unknown as { type: string; messageId: string; delta: string }[]) {
    if (event.type !== 'REASONING_MESSAGE_CONTENT') continue
    const message = messages.get(event.messageId)!
    message.text += event.delta
    if (event.delta.indexOf('\n') !== -1) message.lines++
  }
  sink += messages.get('m')!.text.length
}

function storeOnce(events: BaseEvent[]): void {
  const store = createReasoningStore()
  for (const event of events) store.dispatch(event)
  sink += store.getState().blocks[0]!.messages[0]!.text.length
}

/** The worst case for the store: a reader asks for the state after every delta (a render per delta). */
function storeReadEach(events: BaseEvent[]): void {
  const store = createReasoningStore()
  for (const event of events) {
    store.dispatch(event)
    sink += store.getState().blocks.length
  }
}

async function client(events: BaseEvent[]): Promise<void> {
  const input = { threadId: 't', runId: 'r', state: {}, messages: [], tools: [], context: [], forwardedProps: {} } as RunAgentInput
  const agent = { messages: [], state: {} } as unknown as AbstractAgent
  const last = await lastValueFrom(defaultApplyEvents(input, from(events), agent, []))
  sink += last.messages?.length ?? 0
}

const rows: string[][] = []
const perDelta: Record<number, { floor: number; store: number; storeRead: number; client: number }> = {}
// The client logs nothing for well-formed streams; keep its debug output off anyway.
process.env.SUPPRESS_TRANSFORMATION_WARNINGS = 'true'

for (const size of SIZES) {
  const { events, tokens } = stream(size)
  // Enough runs that each row measures about two million deltas: short runs are noisy.
  const runs = Math.max(15, Math.round(2_000_000 / size))
  const f = await time(runs, () => floor(tokens))
  const m = await time(runs, () => minimalReducer(events))
  const s = await time(runs, () => storeOnce(events))
  const sr = await time(Math.max(7, Math.round(runs / 10)), () => storeReadEach(events))
  const c = await time(size <= CLIENT_REPEAT_LIMIT ? 5 : 1, () => client(events))
  const us = (ms: number) => (ms * 1000) / size
  perDelta[size] = { floor: us(f), store: us(s), storeRead: us(sr), client: us(c) }
  rows.push([
    size.toLocaleString('en'),
    us(f).toFixed(3),
    us(m).toFixed(3),
    us(s).toFixed(3),
    us(sr).toFixed(3),
    us(c).toFixed(1),
    `${Math.round(c / s).toLocaleString('en')}×`,
    `${(s / f).toFixed(1)}×`,
  ])
  console.error(`measured ${size} deltas`)
}

const header = ['deltas', 'floor µs/delta', 'minimal reducer µs/delta', 'store µs/delta', 'store, state read per delta', '`defaultApplyEvents` µs/delta', 'store vs client', 'store vs floor']
console.log(`Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores), ${new Date().toISOString().slice(0, 10)}; \`npm run bench\`\n`)
console.log(`| ${header.join(' | ')} |`)
console.log(`|${header.map(() => '---').join('|')}|`)
for (const row of rows) console.log(`| ${row.join(' | ')} |`)

const p8 = perDelta[8000]
const p64 = perDelta[64000]
if (p8 && p64) {
  const checks: [string, boolean, string][] = [
    ['per-delta cost flat (64k within 2× of 8k)', p64.store <= 2 * p8.store, `${(p64.store / p8.store).toFixed(2)}×`],
    ['≥ 500× faster than defaultApplyEvents at 8k', p8.client / p8.store >= 500, `${Math.round(p8.client / p8.store)}×`],
    ['within 10× of the floor (8k)', p8.store <= 10 * p8.floor, `${(p8.store / p8.floor).toFixed(1)}×`],
    ['within 10× of the floor (64k)', p64.store <= 10 * p64.floor, `${(p64.store / p64.floor).toFixed(1)}×`],
  ]
  console.log('')
  for (const [name, ok, value] of checks) console.log(`- ${ok ? 'PASS' : 'FAIL'} ${name}: ${value}`)
}
if (sink < 0) console.log(sink)
