/**
 * Event throughput: the reasoning store against @ag-ui/client's
 * `defaultApplyEvents` on identical reasoning streams, and against the floor —
 * a bare loop that only appends the same deltas to one string.
 *
 * Traces are either a number of deltas or a size in characters of reasoning
 * (`1MB` = 1,000,000 characters), always made of the recording's token-sized
 * deltas. `BENCH_SIZES=1000,8000,64000,1MB,5MB` is the default.
 *
 * Run with `npm run bench` (not part of `npm test`). Prints a markdown table.
 */
import { defaultApplyEvents, type AbstractAgent, type BaseEvent, type RunAgentInput } from '@ag-ui/client'
import { readFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { from, lastValueFrom } from 'rxjs'
import type * as Core from '../src/core/index'

// What users get: the built bundle (`npm run bench` builds first), not the
// sources, whose per-module transpilation adds call overhead the bundle has not.
const dist = new URL('../dist/core/index.js', import.meta.url).href
const { createReasoningStore } = (await import(dist)) as typeof Core

/** defaultApplyEvents is quadratic; past this many deltas it runs once (no warm-up) instead of several times. */
const CLIENT_REPEAT_LIMIT = 8_000
/** Nor does it run at all when one run would take longer than this (extrapolated from the previous size). */
const CLIENT_MAX_SECONDS = Number(process.env.BENCH_CLIENT_MAX_SECONDS ?? 60)

// Real token-sized deltas: the recorded gpt-5-mini reasoning, cycled.
const recorded: { type: string; delta?: string }[] = JSON.parse(
  readFileSync(new URL('../test/fixtures/ag-ui-recorded/gpt-5-mini-reasoning-then-answer.server.json', import.meta.url), 'utf8'),
)
const TOKENS = recorded.filter((e) => e.type === 'REASONING_MESSAGE_CONTENT').map((e) => e.delta!)

/** A trace to measure: `label` for the table, and how many of the recording's deltas (cycled) it takes. */
interface Trace {
  readonly label: string
  readonly deltas: number
}

/** `8000` is 8,000 deltas; `1MB` is as many deltas as make 1,000,000 characters of reasoning. */
function trace(spec: string): Trace {
  const mb = /^(\d+(?:\.\d+)?)MB$/i.exec(spec.trim())
  if (!mb) return { label: Number(spec).toLocaleString('en'), deltas: Number(spec) }
  const chars = Number(mb[1]) * 1_000_000
  let deltas = 0
  for (let total = 0; total < chars; deltas++) total += TOKENS[deltas % TOKENS.length]!.length
  return { label: `${mb[1]} MB (${deltas.toLocaleString('en')})`, deltas }
}

const TRACES = (process.env.BENCH_SIZES ?? '1000,8000,64000,1MB,5MB').split(',').map(trace)

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

/** Median wall time in ms of `repeat` runs after one warm-up (none when `warmUp` is false). */
async function time(repeat: number, fn: () => unknown, warmUp = true): Promise<number> {
  if (warmUp) await fn()
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
/** µs per delta by trace label, in trace order. */
const perDelta = new Map<string, { deltas: number; floor: number; minimal: number; store: number; storeRead: number; client?: number }>()
// The client logs nothing for well-formed streams; keep its debug output off anyway.
process.env.SUPPRESS_TRANSFORMATION_WARNINGS = 'true'
/** The last size the client ran at and how long one run took, to extrapolate (quadratically) to the next. */
let clientRun: { deltas: number; ms: number } | undefined

for (const { label, deltas } of TRACES) {
  const { events, tokens } = stream(deltas)
  // Enough runs that each row measures about two million deltas: short runs are noisy.
  const runs = Math.max(15, Math.round(2_000_000 / deltas))
  const f = await time(runs, () => floor(tokens))
  const m = await time(runs, () => minimalReducer(events))
  const s = await time(runs, () => storeOnce(events))
  const sr = await time(Math.max(7, Math.round(runs / 10)), () => storeReadEach(events))
  const estimate = clientRun && clientRun.ms * (deltas / clientRun.deltas) ** 2
  let c: number | undefined
  if (estimate === undefined || estimate <= CLIENT_MAX_SECONDS * 1000) {
    const small = deltas <= CLIENT_REPEAT_LIMIT
    c = await time(small ? 5 : 1, () => client(events), small)
    clientRun = { deltas, ms: c }
  }
  const us = (ms: number) => (ms * 1000) / deltas
  perDelta.set(label, { deltas, floor: us(f), minimal: us(m), store: us(s), storeRead: us(sr), ...(c !== undefined && { client: us(c) }) })
  const skipped = `n/a (> ${CLIENT_MAX_SECONDS} s a run; about ${Math.round((estimate ?? 0) / 1000).toLocaleString('en')} s)`
  rows.push([
    label,
    us(f).toFixed(3),
    us(m).toFixed(3),
    us(s).toFixed(3),
    us(sr).toFixed(3),
    c !== undefined ? us(c).toFixed(1) : skipped,
    c !== undefined ? `${Math.round(c / s).toLocaleString('en')}×` : 'n/a',
    `${(s / f).toFixed(1)}×`,
  ])
  console.error(`measured ${label}`)
}

const header = ['trace (deltas)', 'floor µs/delta', 'minimal reducer µs/delta', 'store µs/delta', 'store, state read per delta', '`defaultApplyEvents` µs/delta', 'store vs client', 'store vs floor']
// The load average says whether other work shared the CPU (numbers from a busy machine are noisy).
console.log(`Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}), ${new Date().toISOString().slice(0, 10)}; \`npm run bench\`\n`)
console.log(`| ${header.join(' | ')} |`)
console.log(`|${header.map(() => '---').join('|')}|`)
for (const row of rows) console.log(`| ${row.join(' | ')} |`)

const p8 = [...perDelta.values()].find((p) => p.deltas === 8_000)
const checks: [string, boolean, string][] = []
if (p8) {
  if (p8.client !== undefined) checks.push(['≥ 500× faster than defaultApplyEvents at 8k', p8.client / p8.store >= 500, `${Math.round(p8.client / p8.store)}×`])
  checks.push(['within 10× of the floor (8k)', p8.store <= 10 * p8.floor, `${(p8.store / p8.floor).toFixed(1)}×`])
  // The store's cost per delta must not grow with the trace. Past 64k deltas even the floor slows down
  // per delta (the text, a rope of up to a million pieces, keeps surviving young-generation collections),
  // so there the store is judged against the minimal reducer, which builds the same text.
  for (const [label, p] of perDelta) {
    if (p.deltas <= 8_000) continue
    if (p.deltas <= 64_000) checks.push([`per-delta cost flat (${label} within 2× of 8k)`, p.store <= 2 * p8.store, `${(p.store / p8.store).toFixed(2)}×`])
    else {
      const growth = p.store / p.minimal / (p8.store / p8.minimal)
      checks.push([`per-delta cost flat (${label}: store / minimal reducer within 2× of 8k's)`, growth <= 2, `${growth.toFixed(2)}×`])
    }
    checks.push([`within 10× of the floor (${label})`, p.store <= 10 * p.floor, `${(p.store / p.floor).toFixed(1)}×`])
  }
}
if (checks.length > 0) {
  console.log('')
  for (const [name, ok, value] of checks) console.log(`- ${ok ? 'PASS' : 'FAIL'} ${name}: ${value}`)
}
if (sink < 0) console.log(sink)
