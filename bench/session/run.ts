/**
 * A long session on the demo page (issue 15, "Long sessions"): the built demo, the real
 * demo server with its scripted agents at a fast pace, and Chromium driven through
 * playwright-core for many turns of one conversation, cycling through the agents, as a
 * user typing into the composer would.
 *
 *   tsx bench/session/run.ts
 *
 * What it answers: does the page keep only what the conversation keeps? Every
 * BENCH_SESSION_EVERY turns, once the page is idle, it forces garbage collection over CDP
 * (HeapProfiler.collectGarbage, twice) and records
 *   - the JS heap in use (Runtime.getHeapUsage; Performance.getMetrics' JSHeapUsedSize),
 *   - Memory.getDOMCounters (documents, nodes, JS event listeners) and the nodes attached
 *     to the document, so that detached nodes = the counter's nodes − attached nodes,
 *   - the listeners on window and document (DOMDebugger.getEventListeners), by type,
 *   - timers, intervals, animation frames and idle callbacks still pending, and observers
 *     still observing (./probe.ts, installed before the page's scripts, with the stack
 *     that scheduled each),
 *   - the characters of text in the conversation, the history the page must keep.
 * Then it fits heap against turns and against kept characters (least squares, past the
 * first checkpoint, which pays for first use: lazily loaded code, formatters, caches).
 *
 * History makes the heap grow, so a slope alone cannot tell a leak from a long chat. The
 * decisive check is the one that removes the history: before the measured turns, a
 * warm-up (one turn of each agent) then "New chat" (see `newChat`) gives the baseline of an empty
 * conversation on a warmed page; after them, "New chat" again. What is then left above
 * the baseline is what the session leaked.
 *
 * Prints a table per checkpoint and the fit, and writes bench/results/session.json.
 *
 * Env knobs:
 *   BENCH_SESSION_TURNS      measured turns, default 100
 *   BENCH_SESSION_EVERY      a checkpoint every this many turns, default 10
 *   BENCH_SESSION_PACE       the demo server's pace (its sleeps × this), default 0.1; 0 = no pauses
 *   BENCH_SESSION_AGENTS     agents to cycle through, default every scripted agent
 *                            (reasoner,private,agentic,interrupted,legacy,structured,firehose)
 *   BENCH_SESSION_WARMUP=0   no warm-up and no "New chat" at either end (the baseline is then
 *                            the page before its first turn)
 *   BENCH_SESSION_SETTLE_MS  idle time before a checkpoint (panels collapse 1 s after they
 *                            complete, then animate), default 2000
 *   BENCH_SESSION_OUT        results file, default bench/results/session.json
 *   BENCH_SESSION_MINIFY=0   keep names in the page's code, so pending timers' stacks name
 *                            their functions
 *   BENCH_SESSION_SNAPSHOT   write a heap snapshot here at the end (after the last "New chat",
 *                            so what it still holds is what leaked) and one at the baseline
 *                            (<name>.baseline.heapsnapshot), to compare in DevTools
 */
import { createWriteStream, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { chromium, type CDPSession, type Page } from 'playwright-core'
import { build } from 'vite'
import { SCRIPTED_AGENT_IDS } from '../../demo/server/agents'
import { createDemoServer } from '../../demo/server/server'
import { chromiumArgs, chromiumPath } from '../../test/helpers/chromium.mjs'
import { installProbe, type PendingEntry, type ProbeReport } from './probe'
import { fit, type Fit } from './fit'

const repo = resolve(import.meta.dirname, '../..')

function numberFromEnv(name: string, fallback: number, check: (n: number) => boolean): number {
  const raw = process.env[name]
  if (raw === undefined || raw.trim() === '') return fallback
  const value = Number(raw)
  if (!check(value)) throw new Error(`${name}: '${raw}' is out of range`)
  return value
}

const TURNS = numberFromEnv('BENCH_SESSION_TURNS', 100, (n) => Number.isInteger(n) && n > 0)
const EVERY = numberFromEnv('BENCH_SESSION_EVERY', 10, (n) => Number.isInteger(n) && n > 0)
const PACE = numberFromEnv('BENCH_SESSION_PACE', 0.1, (n) => Number.isFinite(n) && n >= 0)
const SETTLE_MS = numberFromEnv('BENCH_SESSION_SETTLE_MS', 2000, (n) => Number.isFinite(n) && n >= 0)
const AGENTS = process.env.BENCH_SESSION_AGENTS?.split(',').map((a) => a.trim()).filter(Boolean) ?? [...SCRIPTED_AGENT_IDS]
const WARMUP = process.env.BENCH_SESSION_WARMUP !== '0'
const MINIFY = process.env.BENCH_SESSION_MINIFY !== '0'
const OUT = resolve(repo, process.env.BENCH_SESSION_OUT ?? 'bench/results/session.json')
const SNAPSHOT = process.env.BENCH_SESSION_SNAPSHOT ? resolve(process.env.BENCH_SESSION_SNAPSHOT) : undefined
/** A turn that has not ended by then has hung: the run stops rather than measure a stuck page. */
const TURN_TIMEOUT_MS = 120_000

for (const agent of AGENTS) {
  if (!(SCRIPTED_AGENT_IDS as readonly string[]).includes(agent)) throw new Error(`Unknown agent ${agent}; scripted: ${SCRIPTED_AGENT_IDS.join(', ')}`)
}

export interface Checkpoint {
  /** Measured turns done (0: before the first; warm-up turns not counted). */
  readonly turn: number
  /** What state the page was in: `turns`, `baseline` (warm-up then New chat), `start` (no warm-up), `new-chat` (after the last turn). */
  readonly phase: 'baseline' | 'start' | 'turns' | 'new-chat'
  /** Runtime.getHeapUsage after GC, bytes. */
  readonly heapUsed: number
  readonly heapTotal: number
  /** Blink's (Oilpan) heap in use, bytes, where the engine reports it. */
  readonly embedderHeapUsed?: number
  /** Performance.getMetrics' JSHeapUsedSize, bytes. */
  readonly jsHeapUsedSize: number
  /** Memory.getDOMCounters. */
  readonly documents: number
  readonly nodes: number
  readonly jsEventListeners: number
  /** `document.getElementsByTagName('*').length`. */
  readonly attachedElements: number
  /** Every node in the document (elements, text, comments, the doctype, the document). */
  readonly attachedNodes: number
  /** `nodes − attachedNodes`: nodes alive outside the document after GC. */
  readonly detachedNodes: number
  readonly windowListeners: Readonly<Record<string, number>>
  readonly documentListeners: Readonly<Record<string, number>>
  readonly pending: { readonly timeout: number; readonly interval: number; readonly frame: number; readonly idle: number }
  readonly pendingEntries: readonly PendingEntry[]
  readonly observers: Readonly<Record<string, number>>
  /** Characters of text in the conversation (`.demo-log`), the history the page keeps. */
  readonly textChars: number
  readonly panels: number
  readonly elapsedMs: number
}

interface TurnRecord {
  readonly turn: number
  readonly agent: string
  readonly status: string
  readonly ms: number
}

export interface SessionResults {
  readonly meta: {
    readonly date: string
    readonly chromium: string
    readonly turns: number
    readonly every: number
    readonly pace: number
    readonly agents: readonly string[]
    readonly warmup: boolean
    readonly settleMs: number
    readonly minify: boolean
    readonly cpus: number
    readonly loadavg: readonly number[]
  }
  readonly checkpoints: readonly Checkpoint[]
  readonly turns: readonly TurnRecord[]
  readonly fit: {
    /** Over the checkpoints past the first one of the turns. */
    readonly from: number
    readonly heapPerTurn: Fit
    readonly textPerTurn: Fit
    /** Heap against kept characters: the slope is bytes of heap per character of history. */
    readonly heapPerChar: Fit
    readonly detachedPerTurn: Fit
    readonly listenersPerTurn: Fit
  }
  /** After the last turn's New chat, against the baseline's (null without a warm-up). */
  readonly leftAfterNewChat: null | {
    readonly heapBytes: number
    readonly nodes: number
    readonly detachedNodes: number
    readonly jsEventListeners: number
    readonly pending: number
    readonly observers: number
  }
  readonly pageErrors: readonly string[]
}

async function buildDemo(outDir: string): Promise<void> {
  // React and the kit pick their production code from NODE_ENV: the page `npm start` serves.
  process.env.NODE_ENV = 'production'
  await build({
    configFile: resolve(repo, 'demo/vite.config.ts'),
    mode: 'production',
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, sourcemap: false, minify: MINIFY },
  })
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

/** Polls `expression` in the page until it is true. From Node, so the page's own timers stay the page's. */
async function until(page: Page, expression: string, what: string, timeout = TURN_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeout
  while (!(await page.evaluate(expression))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`)
    await sleep(25)
  }
}

/** Sends `prompt` to `agent` as the next turn and waits until it has ended; the turn's status. */
async function playTurn(page: Page, agent: string, prompt: string): Promise<string> {
  const before = (await page.evaluate("document.querySelectorAll('.demo-turn').length")) as number
  await page.getByRole('combobox', { name: 'Agent' }).selectOption(agent)
  const box = page.getByRole('textbox', { name: 'Message' })
  await box.fill(prompt)
  await box.press('Enter')
  const ended = `(() => {
    const turns = document.querySelectorAll('.demo-turn')
    return turns.length === ${before + 1} && turns[turns.length - 1].dataset.status !== 'running'
      && document.querySelector('.demo-composer button[type=submit]') !== null
  })()`
  await until(page, ended, `turn ${before + 1} (${agent}) ended`)
  return (await page.evaluate("[...document.querySelectorAll('.demo-turn')].pop().dataset.status")) as string
}

/**
 * "New chat", then the theme switched away and back: two more commits of the whole page.
 * React keeps each fiber's previous props on its alternate until that fiber renders again,
 * so right after the New chat the page's <main> still holds the last conversation's state
 * (seen in a heap snapshot: its fiber's pendingProps → the Conversation element → the old
 * store state). Two commits replace both copies; what is left after them is kept by
 * something else.
 */
async function newChat(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'New chat' }).click()
  await until(page, "document.querySelectorAll('.demo-turn').length === 0", 'the conversation is empty', 10_000)
  const theme = page.getByRole('combobox', { name: 'Theme' })
  const current = await theme.inputValue()
  await theme.selectOption(current === 'dark' ? 'light' : 'dark')
  await theme.selectOption(current)
}

/** Listener counts by type on the object `expression` evaluates to. */
async function listenersOn(cdp: CDPSession, expression: string): Promise<Record<string, number>> {
  const objectGroup = 'session-bench'
  try {
    const { result } = await cdp.send('Runtime.evaluate', { expression, objectGroup })
    if (!result.objectId) return {}
    const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId })
    const counts: Record<string, number> = {}
    for (const l of listeners) counts[l.type] = (counts[l.type] ?? 0) + 1
    return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)))
  } finally {
    await cdp.send('Runtime.releaseObjectGroup', { objectGroup })
  }
}

const ATTACHED = `(() => {
  let nodes = 1
  const walker = document.createTreeWalker(document, NodeFilter.SHOW_ALL)
  while (walker.nextNode()) nodes++
  const log = document.querySelector('.demo-log')
  return {
    nodes,
    elements: document.getElementsByTagName('*').length,
    textChars: log ? log.textContent.length : 0,
    panels: document.querySelectorAll('[data-slot="reasoning-panel"]').length,
  }
})()`

async function checkpoint(page: Page, cdp: CDPSession, turn: number, phase: Checkpoint['phase'], started: number): Promise<Checkpoint> {
  await sleep(SETTLE_MS)
  await cdp.send('HeapProfiler.collectGarbage')
  await cdp.send('HeapProfiler.collectGarbage')
  // FinalizationRegistry callbacks (the probe's observer counts) run in a task after the GC.
  await sleep(100)
  const usage = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number; totalSize: number; embedderHeapUsedSize?: number }
  const metrics = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]))
  const counters = await cdp.send('Memory.getDOMCounters')
  const attached = (await page.evaluate(ATTACHED)) as { nodes: number; elements: number; textChars: number; panels: number }
  const probe = (await page.evaluate('window.__sessionProbe.report()')) as ProbeReport
  const pending = { timeout: 0, interval: 0, frame: 0, idle: 0 }
  for (const entry of probe.pending) pending[entry.kind]++
  return {
    turn,
    phase,
    heapUsed: usage.usedSize,
    heapTotal: usage.totalSize,
    ...(usage.embedderHeapUsedSize !== undefined && { embedderHeapUsed: usage.embedderHeapUsedSize }),
    jsHeapUsedSize: metrics.JSHeapUsedSize ?? Number.NaN,
    documents: counters.documents,
    nodes: counters.nodes,
    jsEventListeners: counters.jsEventListeners,
    attachedElements: attached.elements,
    attachedNodes: attached.nodes,
    detachedNodes: counters.nodes - attached.nodes,
    windowListeners: await listenersOn(cdp, 'window'),
    documentListeners: await listenersOn(cdp, 'document'),
    pending,
    pendingEntries: probe.pending,
    observers: probe.observers,
    textChars: attached.textChars,
    panels: attached.panels,
    elapsedMs: Math.round(performance.now() - started),
  }
}

async function heapSnapshot(cdp: CDPSession, path: string): Promise<void> {
  mkdirSync(dirname(path), { recursive: true })
  const file = createWriteStream(path)
  const write = ({ chunk }: { chunk: string }) => void file.write(chunk)
  cdp.on('HeapProfiler.addHeapSnapshotChunk', write)
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false })
  cdp.off('HeapProfiler.addHeapSnapshotChunk', write)
  await new Promise<void>((done, fail) => file.end((error?: Error | null) => (error ? fail(error) : done())))
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(2)
const sum = (record: Readonly<Record<string, number>>) => Object.values(record).reduce((a, b) => a + b, 0)

function table(points: readonly Checkpoint[]): string {
  const rows = [
    '| turn | phase | heap MB | Δ heap KB/turn | text chars | panels | nodes | attached | detached | listeners (counter) | window/document listeners | pending t/i/f/idle | observers |',
    '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|',
  ]
  let previous: Checkpoint | undefined
  for (const p of points) {
    const perTurn = previous && p.turn > previous.turn ? ((p.heapUsed - previous.heapUsed) / (p.turn - previous.turn) / 1024).toFixed(1) : ''
    rows.push(
      `| ${p.turn} | ${p.phase} | ${mb(p.heapUsed)} | ${perTurn} | ${p.textChars} | ${p.panels} | ${p.nodes} | ${p.attachedNodes} | ${p.detachedNodes} | ${p.jsEventListeners} | ${sum(p.windowListeners)}/${sum(p.documentListeners)} | ${p.pending.timeout}/${p.pending.interval}/${p.pending.frame}/${p.pending.idle} | ${sum(p.observers)} |`,
    )
    if (p.phase === 'turns') previous = p
  }
  return rows.join('\n')
}

async function main(): Promise<void> {
  const dist = mkdtempSync(join(tmpdir(), 'reasoning-ui-session-'))
  const started = performance.now()
  const demo = createDemoServer({ staticDir: dist, pace: PACE })
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
  try {
    await buildDemo(dist)
    const { url } = await demo.listen(0, '127.0.0.1')
    const context = await browser.newContext({ viewport: { width: 900, height: 1000 } })
    const page = await context.newPage()
    const pageErrors: string[] = []
    page.on('pageerror', (error) => pageErrors.push(error.message))
    // tsx compiles with esbuild's keepNames, which calls a `__name` helper inside functions
    // that only exists in Node: the page gets a stand-in (names are of no use there).
    await page.addInitScript(`{ const __name = (target) => target; (${installProbe.toString()})() }`)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Performance.enable')
    await page.goto(`${url}/?agent=${AGENTS[0]}`)
    await until(page, "(() => { const s = document.querySelector('.demo-switches select'); return !!s && !s.disabled })()", 'the agent list loaded', 30_000)

    const checkpoints: Checkpoint[] = []
    const turns: TurnRecord[] = []
    const report = (point: Checkpoint) => {
      checkpoints.push(point)
      const pending = point.pending.timeout + point.pending.interval + point.pending.frame + point.pending.idle
      console.log(
        `${point.phase} ${point.turn}: heap ${mb(point.heapUsed)} MB, text ${point.textChars} chars, nodes ${point.nodes} (detached ${point.detachedNodes}), listeners ${point.jsEventListeners}, pending ${pending}, ${(point.elapsedMs / 1000).toFixed(0)} s`,
      )
    }

    if (WARMUP) {
      for (const [i, agent] of AGENTS.entries()) await playTurn(page, agent, `Warm-up ${i + 1}: should I cycle to work in Oslo this week?`)
      await newChat(page)
      report(await checkpoint(page, cdp, 0, 'baseline', started))
      if (SNAPSHOT) await heapSnapshot(cdp, SNAPSHOT.replace(/(\.heapsnapshot)?$/, '.baseline.heapsnapshot'))
    } else {
      report(await checkpoint(page, cdp, 0, 'start', started))
    }

    for (let turn = 1; turn <= TURNS; turn++) {
      const agent = AGENTS[(turn - 1) % AGENTS.length]!
      const t0 = performance.now()
      const status = await playTurn(page, agent, `Turn ${turn}: should I cycle to work in Oslo this week?`)
      turns.push({ turn, agent, status, ms: Math.round(performance.now() - t0) })
      if (turn % EVERY === 0 || turn === TURNS) report(await checkpoint(page, cdp, turn, 'turns', started))
    }

    let leftAfterNewChat: SessionResults['leftAfterNewChat'] = null
    if (WARMUP) {
      await newChat(page)
      const after = await checkpoint(page, cdp, TURNS, 'new-chat', started)
      report(after)
      const base = checkpoints[0]!
      const pendingOf = (p: Checkpoint) => p.pending.timeout + p.pending.interval + p.pending.frame + p.pending.idle
      leftAfterNewChat = {
        heapBytes: after.heapUsed - base.heapUsed,
        nodes: after.nodes - base.nodes,
        detachedNodes: after.detachedNodes - base.detachedNodes,
        jsEventListeners: after.jsEventListeners - base.jsEventListeners,
        pending: pendingOf(after) - pendingOf(base),
        observers: sum(after.observers) - sum(base.observers),
      }
    }

    // At the very end: after the New chat, what is still reachable from the page is what leaked.
    if (SNAPSHOT) await heapSnapshot(cdp, SNAPSHOT)

    // The first checkpoint of the turns still pays for first use (code, caches): fit from the next.
    const measured = checkpoints.filter((p) => p.phase === 'turns')
    const tail = measured.length > 2 ? measured.slice(1) : measured
    const turnsOf = tail.map((p) => p.turn)
    const results: SessionResults = {
      meta: {
        date: new Date().toISOString(),
        chromium: browser.version(),
        turns: TURNS,
        every: EVERY,
        pace: PACE,
        agents: AGENTS,
        warmup: WARMUP,
        settleMs: SETTLE_MS,
        minify: MINIFY,
        cpus: cpus().length,
        loadavg: loadavg().map((l) => Math.round(l * 100) / 100),
      },
      checkpoints,
      turns,
      fit: {
        from: tail[0]?.turn ?? 0,
        heapPerTurn: fit(turnsOf, tail.map((p) => p.heapUsed)),
        textPerTurn: fit(turnsOf, tail.map((p) => p.textChars)),
        heapPerChar: fit(tail.map((p) => p.textChars), tail.map((p) => p.heapUsed)),
        detachedPerTurn: fit(turnsOf, tail.map((p) => p.detachedNodes)),
        listenersPerTurn: fit(turnsOf, tail.map((p) => p.jsEventListeners)),
      },
      leftAfterNewChat,
      pageErrors,
    }
    mkdirSync(dirname(OUT), { recursive: true })
    writeFileSync(OUT, `${JSON.stringify(results, null, 2)}\n`)

    const last = measured[measured.length - 1]
    const { heapPerTurn, textPerTurn, heapPerChar, detachedPerTurn, listenersPerTurn } = results.fit
    console.log(`\n${TURNS} turns of ${AGENTS.join(', ')} at pace ${PACE}, Chromium ${results.meta.chromium}\n`)
    console.log(table(checkpoints))
    console.log(`\nFit over turns ${results.fit.from}–${TURNS} (least squares):`)
    console.log(`  heap        ${(heapPerTurn.slope / 1024).toFixed(1)} KB/turn (r² ${heapPerTurn.r2.toFixed(3)})`)
    console.log(`  history     ${textPerTurn.slope.toFixed(0)} chars/turn`)
    console.log(`  heap/char   ${heapPerChar.slope.toFixed(1)} bytes of heap per character kept (r² ${heapPerChar.r2.toFixed(3)})`)
    console.log(`  detached    ${detachedPerTurn.slope.toFixed(2)} nodes/turn`)
    console.log(`  listeners   ${listenersPerTurn.slope.toFixed(2)} per turn (Memory.getDOMCounters)`)
    if (leftAfterNewChat) {
      const l = leftAfterNewChat
      console.log(
        `\nAfter New chat, against the warmed empty page: heap ${l.heapBytes >= 0 ? '+' : ''}${(l.heapBytes / 1024).toFixed(0)} KB, nodes ${l.nodes}, detached ${l.detachedNodes}, listeners ${l.jsEventListeners}, pending ${l.pending}, observers ${l.observers}`,
      )
    }
    const idle = checkpoints[checkpoints.length - 1]!
    console.log(`\nPending when idle at the end: ${idle.pendingEntries.length === 0 ? 'none' : ''}`)
    for (const entry of idle.pendingEntries) console.log(`  ${entry.kind}${entry.ms !== undefined ? ` ${entry.ms} ms` : ''}: ${entry.site}`)
    if (last) console.log(`Observers observing at turn ${last.turn}: ${JSON.stringify(last.observers)}`)
    const statuses = turns.reduce<Record<string, number>>((acc, t) => ((acc[`${t.agent}:${t.status}`] = (acc[`${t.agent}:${t.status}`] ?? 0) + 1), acc), {})
    console.log(`Turns: ${JSON.stringify(statuses)}`)
    if (pageErrors.length > 0) console.log(`Page errors: ${pageErrors.join('; ')}`)
    console.log(`\nWrote ${OUT}`)
  } finally {
    await browser.close()
    await demo.close()
    rmSync(dist, { recursive: true, force: true })
  }
}

await main()
