/**
 * A long conversation in Chromium: a reasoning store holding a history of N
 * finished turns (two reasoning blocks with a tool call between them, then the
 * answer; history.ts), rendered as `ReasoningStream` over every block (the
 * headline) and as a chat lays it out (one memoised turn per run with its
 * `ReasoningTimeline`; app.tsx). Per history length it measures
 *
 * - deltas: one more turn streams, one delta per frame; each store
 *   notification → React commit is timed (median and p95 per run), and the
 *   renderer's main-thread CPU time (CDP, thread time) over the turn per delta,
 *   with its layout and style parts: the browser's work that follows each commit;
 * - mount: `createRoot().render` of the history, to the first commit, to the
 *   frame after it, and to every panel's text in the DOM;
 * - hydrate: `renderToString` of the same element, then `hydrateRoot` of its
 *   HTML, timed as mount.
 *
 *   tsx bench/history/run.ts
 *
 * Builds the page (bench/history/, React production build) into a temporary
 * directory, serves it on 127.0.0.1 and drives the system Chromium through
 * playwright-core: one fresh page per measurement, measurements one at a time
 * (two cores; the compositor needs the other), in rounds of one of each, so
 * load from elsewhere on a shared machine falls on all of them alike. Reports
 * medians over runs with their ranges (min–max), the 250-turn / smallest
 * history ratio against the 1.5× target, prints a markdown table and writes
 * bench/results/history.json.
 *
 * Commit times come from the store's notification (our listener is subscribed
 * first) to React's DevTools commit hook (bench/history/commits.ts): React's
 * render and commit of that delta, not the browser's style, layout and paint
 * after it, which the kit cannot change per block. `<Profiler onRender>` does not
 * fire in React's production build and its profiling build distorts the times.
 *
 * Env knobs:
 *   BENCH_HISTORY_TURNS     finished turns (2 blocks each), default 2,5,50,125,250: 2 turns and the
 *                           streaming block are the 5-block history the target compares with
 *   BENCH_HISTORY_VIEWS     subset of stream,chat (default both)
 *   BENCH_HISTORY_MEASURES  subset of deltas,mount,hydrate (default all)
 *   BENCH_HISTORY_DELTAS    deltas streamed per run, default 300 (40 characters each)
 *   BENCH_HISTORY_RUNS      runs per cell, default 5
 *   BENCH_HISTORY_OUT       results file, default bench/results/history.json
 *   BENCH_HISTORY_MINIFY=0  keep names in the page's code (for a CPU profile)
 *   BENCH_HISTORY_EXTRA_CSS CSS added to every page before it renders, to try a stylesheet change
 *                           (e.g. '[data-slot=reasoning-panel]{contain:layout style}')
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { cpus, loadavg, release, tmpdir, type } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { chromium, type Browser, type BrowserContext } from 'playwright-core'
import { chromiumArgs, chromiumPath } from '../../test/helpers/chromium.mjs'
import { buildPage, serve } from '../render/page'
import { BLOCK_CHARS, DELTA_CHARS } from './history'
import { MEASURES, VIEWS, type DeltasResult, type MeasureName, type MountResult, type PageResult, type ViewName } from './protocol'

const here = import.meta.dirname
const repo = resolve(here, '../..')

const list = (value: string | undefined, fallback: string) => (value ?? fallback).split(',').map((s) => s.trim()).filter(Boolean)
const TURNS = list(process.env.BENCH_HISTORY_TURNS, '2,5,50,125,250').map(Number).sort((a, b) => a - b)
const SELECTED_VIEWS = list(process.env.BENCH_HISTORY_VIEWS, VIEWS.join(',')) as ViewName[]
const SELECTED_MEASURES = list(process.env.BENCH_HISTORY_MEASURES, MEASURES.join(',')) as MeasureName[]
const DELTAS = Number(process.env.BENCH_HISTORY_DELTAS ?? 300)
const RUNS = Number(process.env.BENCH_HISTORY_RUNS ?? 5)
const OUT = resolve(repo, process.env.BENCH_HISTORY_OUT ?? 'bench/results/history.json')
const EXTRA_CSS = process.env.BENCH_HISTORY_EXTRA_CSS ?? ''
/** Per-delta commit time of the longest history within this factor of the shortest's. */
const TARGET_RATIO = 1.5
/** Per measurement, beyond what the deltas take at 60 frames a second. */
const PAGE_TIMEOUT_MS = 180_000

for (const view of SELECTED_VIEWS) if (!VIEWS.includes(view)) throw new Error(`Unknown view ${view}; known: ${VIEWS.join(', ')}`)
for (const m of SELECTED_MEASURES) if (!MEASURES.includes(m)) throw new Error(`Unknown measure ${m}; known: ${MEASURES.join(', ')}`)
if (TURNS.some((t) => !(t >= 1 && Number.isInteger(t)))) throw new Error(`BENCH_HISTORY_TURNS must be whole numbers ≥ 1, got ${process.env.BENCH_HISTORY_TURNS}`)
if (!(DELTAS >= 20) || !(RUNS >= 1)) throw new Error('BENCH_HISTORY_DELTAS must be ≥ 20 and BENCH_HISTORY_RUNS ≥ 1')

/** One fresh page, one measurement. */
/** Main-thread CPU time per delta over the streaming turn (CDP Performance metrics, thread time). */
interface CpuPerDelta {
  readonly taskMs: number
  readonly scriptMs: number
  readonly layoutMs: number
  readonly styleMs: number
}

interface Sample {
  readonly result: PageResult
  readonly cpu: CpuPerDelta | null
}

async function measureOnce(context: BrowserContext, origin: string, view: ViewName, turns: number, measure: MeasureName): Promise<Sample> {
  const page = await context.newPage()
  const label = `${view} ${turns} turns ${measure}`
  try {
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.goto(`${origin}/?view=${view}&turns=${turns}&measure=${measure}&deltas=${DELTAS}`)
    await page.evaluate(() => window.historyBench!.ready)
    if (EXTRA_CSS !== '') await page.addStyleTag({ content: EXTRA_CSS })
    const cdp = await context.newCDPSession(page)
    // Thread CPU time, not wall time: on a shared machine a descheduled renderer does not inflate these.
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' })
    const metrics = async (): Promise<Record<string, number>> =>
      Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]))
    let timer: ReturnType<typeof setTimeout> | undefined
    const measured = (async () => {
      const running = page.evaluate(() => window.historyBench!.run())
      if (measure !== 'deltas') return { result: await running, cpu: null }
      // Counters over the deltas alone: the page waits at this mark, with the history mounted, for startDeltas().
      await page.waitForFunction(() => performance.getEntriesByName('history:deltas').length > 0, undefined, { polling: 20, timeout: PAGE_TIMEOUT_MS })
      const before = await metrics()
      await page.evaluate(() => window.historyBench!.startDeltas())
      const result = await running
      const after = await metrics()
      // CDP reports seconds.
      const perDelta = (name: string) => (((after[name] ?? 0) - (before[name] ?? 0)) * 1000) / DELTAS
      return { result, cpu: { taskMs: perDelta('TaskDuration'), scriptMs: perDelta('ScriptDuration'), layoutMs: perDelta('LayoutDuration'), styleMs: perDelta('RecalcStyleDuration') } }
    })()
    const { result, cpu } = await Promise.race([
      measured,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${label}: no result ${PAGE_TIMEOUT_MS / 1000} s in`)), PAGE_TIMEOUT_MS)
      }),
    ]).finally(() => clearTimeout(timer))
    if (errors.length > 0) throw new Error(`${label}: page errors: ${errors.join('; ')}`)
    const expectedPanels = turns * 2 + (measure === 'deltas' ? 1 : 0)
    if (result.panels !== expectedPanels) throw new Error(`${label}: ${result.panels} panels in the DOM, expected ${expectedPanels}`)
    if (result.measure !== 'deltas' && result.recoverableErrors.length > 0) throw new Error(`${label}: hydration errors: ${result.recoverableErrors.join('; ')}`)
    return { result, cpu }
  } finally {
    await page.close()
  }
}

const round = (value: number, digits = 2) => Number(value.toFixed(digits))
/** The value at quantile q of sorted values (nearest rank). */
const quantile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!
const sortNum = (values: readonly number[]) => [...values].sort((a, b) => a - b)

/** A statistic over runs: its median and range, and every run's value in run order. */
interface Spread {
  readonly median: number
  readonly min: number
  readonly max: number
  readonly samples: readonly number[]
}

function spread(values: readonly number[]): Spread {
  const sorted = sortNum(values)
  // The lower middle one of an even count: a value some run measured.
  return { median: round(sorted[Math.floor((sorted.length - 1) / 2)]!), min: round(sorted[0]!), max: round(sorted[sorted.length - 1]!), samples: values.map((v) => round(v)) }
}

interface DeltasCell {
  readonly view: ViewName
  readonly turns: number
  readonly blocks: number
  readonly runs: number
  /** Over runs: each run's median and p95 commit time per delta. */
  readonly commitMedianMs: Spread
  readonly commitP95Ms: Spread
  readonly commitMaxMs: Spread
  /** Main-thread CPU per delta over the whole frame's work (script, style, layout, paint, …), and its layout and style parts. */
  readonly taskMsPerDelta: Spread
  readonly layoutMsPerDelta: Spread
  readonly styleMsPerDelta: Spread
  /** Commits timed per run (should equal the deltas: one per frame). */
  readonly commitsTimed: readonly number[]
  readonly otherCommits: readonly number[]
  readonly missed: readonly number[]
}

interface MountCell {
  readonly view: ViewName
  readonly turns: number
  readonly blocks: number
  readonly measure: 'mount' | 'hydrate'
  readonly runs: number
  readonly ssrMs: Spread | null
  readonly commitMs: Spread
  readonly paintMs: Spread
  readonly settledMs: Spread
}

function deltasCell(view: ViewName, turns: number, samples: readonly Sample[]): DeltasCell {
  const runs = samples.map((s) => s.result as DeltasResult)
  const cpu = samples.map((s) => s.cpu!)
  const per = runs.map((r) => sortNum(r.commitMs))
  return {
    view,
    turns,
    blocks: turns * 2,
    runs: runs.length,
    commitMedianMs: spread(per.map((s) => quantile(s, 0.5))),
    commitP95Ms: spread(per.map((s) => quantile(s, 0.95))),
    commitMaxMs: spread(per.map((s) => s[s.length - 1]!)),
    taskMsPerDelta: spread(cpu.map((c) => c.taskMs)),
    layoutMsPerDelta: spread(cpu.map((c) => c.layoutMs)),
    styleMsPerDelta: spread(cpu.map((c) => c.styleMs)),
    commitsTimed: runs.map((r) => r.commitMs.length),
    otherCommits: runs.map((r) => r.otherCommits),
    missed: runs.map((r) => r.missed),
  }
}

function mountCell(view: ViewName, turns: number, measure: 'mount' | 'hydrate', runs: readonly MountResult[]): MountCell {
  return {
    view,
    turns,
    blocks: turns * 2,
    measure,
    runs: runs.length,
    ssrMs: measure === 'hydrate' ? spread(runs.map((r) => r.ssrMs ?? 0)) : null,
    commitMs: spread(runs.map((r) => r.commitMs)),
    paintMs: spread(runs.map((r) => r.paintMs)),
    settledMs: spread(runs.map((r) => r.settledMs)),
  }
}

const fmt = (s: Spread | null) => (s === null ? '—' : `${num(s.median)} (${num(s.min)}–${num(s.max)})`)
const num = (v: number) => (v >= 100 ? Math.round(v).toLocaleString('en') : v >= 10 ? v.toFixed(1) : v.toFixed(2))

function deltasTable(cells: readonly DeltasCell[]): string {
  const header = ['view', 'turns', 'finished blocks', 'commit ms/delta, median (range)', 'p95 (range)', 'max (range)', 'main-thread CPU ms/delta', 'of it layout', 'of it style', 'commits timed / deltas', 'other commits']
  const lines = [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`]
  for (const c of cells) {
    lines.push(`| ${[c.view, c.turns, c.blocks, fmt(c.commitMedianMs), fmt(c.commitP95Ms), fmt(c.commitMaxMs), fmt(c.taskMsPerDelta), fmt(c.layoutMsPerDelta), fmt(c.styleMsPerDelta), `${c.commitsTimed.join(', ')} / ${DELTAS}`, c.otherCommits.join(', ')].join(' | ')} |`)
  }
  return lines.join('\n')
}

function mountTable(cells: readonly MountCell[]): string {
  const header = ['view', 'turns', 'finished blocks', 'measure', 'renderToString ms', 'to first commit ms', 'to first paint ms', 'to all text + paint ms']
  const lines = [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`]
  for (const c of cells) lines.push(`| ${[c.view, c.turns, c.blocks, c.measure, fmt(c.ssrMs), fmt(c.commitMs), fmt(c.paintMs), fmt(c.settledMs)].join(' | ')} |`)
  return lines.join('\n')
}

interface Target {
  readonly name: string
  readonly pass: boolean
  readonly value: string
}

/** Per view: the longest history's per-delta commit time over the shortest's, median and p95. */
function targets(cells: readonly DeltasCell[]): Target[] {
  const out: Target[] = []
  for (const view of SELECTED_VIEWS) {
    const mine = cells.filter((c) => c.view === view)
    if (mine.length < 2) continue
    const base = mine[0]!
    const top = mine[mine.length - 1]!
    const median = top.commitMedianMs.median / base.commitMedianMs.median
    const p95 = top.commitP95Ms.median / base.commitP95Ms.median
    out.push({
      name: `${view}: per-delta commit time, ${top.blocks}-block history ≤ ${TARGET_RATIO}× the ${base.blocks}-block one (+ the streaming block), median`,
      pass: median <= TARGET_RATIO,
      value: `${median.toFixed(2)}× (${num(top.commitMedianMs.median)} vs ${num(base.commitMedianMs.median)} ms; p95 ${p95.toFixed(2)}×, ${num(top.commitP95Ms.median)} vs ${num(base.commitP95Ms.median)} ms)`,
    })
  }
  return out
}

function commandLine(): string {
  const knobs = Object.entries(process.env)
    .filter(([key]) => key.startsWith('BENCH_HISTORY_') || key === 'CHROMIUM_PATH')
    .map(([key, value]) => `${key}=${value}`)
  return [...knobs, 'tsx', relative(repo, process.argv[1] ?? 'bench/history/run.ts')].join(' ')
}

async function main(): Promise<void> {
  const started = performance.now()
  const loadBefore = loadavg()[0]!
  const outDir = mkdtempSync(join(tmpdir(), 'reasoning-ui-bench-history-'))
  let server: Server | undefined
  let browser: Browser | undefined
  try {
    await buildPage(outDir, join(here, 'vite.config.ts'))
    server = await serve(outDir)
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const cellsOf = [] as { view: ViewName; turns: number; measure: MeasureName }[]
    for (const view of SELECTED_VIEWS) for (const turns of TURNS) for (const measure of SELECTED_MEASURES) cellsOf.push({ view, turns, measure })
    const samples = new Map<string, Sample[]>(cellsOf.map((c) => [`${c.view}/${c.turns}/${c.measure}`, []]))
    // Rounds: one run of every cell, then the next round.
    for (let r = 0; r < RUNS; r++) {
      for (const { view, turns, measure } of cellsOf) {
        const sample = await measureOnce(context, origin, view, turns, measure)
        samples.get(`${view}/${turns}/${measure}`)!.push(sample)
        const { result } = sample
        const what = result.measure === 'deltas'
          ? `median ${num(quantile(sortNum(result.commitMs), 0.5))} ms/delta`
          : `${result.ssrMs === null ? '' : `ssr ${num(result.ssrMs)} ms, `}commit ${num(result.commitMs)} ms, paint ${num(result.paintMs)} ms`
        console.error(`round ${r + 1}/${RUNS}: ${view} ${turns} turns ${measure}: ${what}`)
      }
    }
    const deltaCells: DeltasCell[] = []
    const mountCells: MountCell[] = []
    for (const { view, turns, measure } of cellsOf) {
      const runs = samples.get(`${view}/${turns}/${measure}`)!
      if (measure === 'deltas') deltaCells.push(deltasCell(view, turns, runs))
      else mountCells.push(mountCell(view, turns, measure, runs.map((r) => r.result as MountResult)))
    }
    const results = {
      machine: {
        cpu: cpus()[0]?.model ?? 'unknown CPU',
        cores: cpus().length,
        os: `${type()} ${release()}`,
        node: process.version,
        chromium: browser.version(),
        // Other work on a shared machine moves these times a lot: keep the 1-minute load average with them.
        loadAverage: [round(loadBefore), round(loadavg()[0]!)],
      },
      date: new Date().toISOString(),
      command: commandLine(),
      blockChars: BLOCK_CHARS,
      deltaChars: DELTA_CHARS,
      deltas: DELTAS,
      extraCss: EXTRA_CSS,
      runs: RUNS,
      deltaCells,
      mountCells,
      targets: targets(deltaCells),
    }
    mkdirSync(dirname(OUT), { recursive: true })
    writeFileSync(OUT, JSON.stringify(results, null, 2) + '\n')

    const { machine } = results
    console.log(`Chromium ${machine.chromium}, ${machine.cpu} (${machine.cores} cores, load average ${machine.loadAverage.join(' → ')}), Node ${machine.node}, ${results.date.slice(0, 10)}; \`${results.command}\``)
    console.log(`Finished blocks of ~${BLOCK_CHARS} characters of markdown, two per turn with a tool call between; ${DELTAS} deltas of ${DELTA_CHARS} characters, one per frame; medians over ${RUNS} runs (range min–max); commit times from the store's notification to React's commit; CPU columns: main-thread thread time over the streaming turn / deltas${EXTRA_CSS === '' ? '' : `; extra CSS: ${EXTRA_CSS}`}\n`)
    if (deltaCells.length > 0) console.log(deltasTable(deltaCells) + '\n')
    if (mountCells.length > 0) console.log(mountTable(mountCells) + '\n')
    for (const t of results.targets) console.log(`- ${t.pass ? 'PASS' : 'FAIL'} ${t.name}: ${t.value}`)
    console.log(`\nWrote ${relative(repo, OUT)} in ${((performance.now() - started) / 1000).toFixed(0)} s`)
  } finally {
    await browser?.close()
    server?.close()
    rmSync(outDir, { recursive: true, force: true })
  }
}

await main()
