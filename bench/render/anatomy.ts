/**
 * What the long tasks of a paced megabyte stream are made of, in Chromium.
 *
 *   tsx bench/render/anatomy.ts        (npm run bench:anatomy)
 *
 * large.ts counts the tasks over 50 ms while the 5 MB markdown trace streams into the kit's panel
 * at 250 KB/s, and finds a few a run, at no fixed place in the trace. This streams the same trace on
 * the same page, traces Chromium meanwhile (the scheduler's tasks and V8's and Blink's garbage
 * collection: light enough that a frame costs about what it does untraced) and takes each task
 * the page's Long Tasks API reported apart:
 *
 * - wall time against the main thread's CPU time in it (the trace's `dur` and `tdur`): a task of
 *   60 ms wall with 30 ms of CPU was off the CPU half of its time (descheduled, or blocked: the
 *   trace does not say which), and how much of the CPU time the machine's cores had in it the
 *   renderer's threads used;
 * - the garbage collection on the main thread inside it (V8's and Blink's GC events, overlaps
 *   counted once), and of it the major GC's incremental marking steps, its atomic pause and
 *   scavenges;
 * - what the renderer's other threads ran meanwhile (CPU time), garbage collection (V8's and
 *   Blink's concurrent marking, parallel scavenging, sweeping) apart from the rest.
 *
 * And, from the first delta to the last: the main thread's CPU time, its garbage collection,
 * major GCs' atomic pauses, and the GC threads' CPU. Against the floors by default, in alternating
 * runs: `floor-grouped` (plain DOM laid out as the kit lays out a long text, no React, no markdown)
 * and `floor-markdown-grouped` (the same layout, the kit's parser writing markdown into it, no React).
 *
 * Env knobs:
 *   BENCH_ANATOMY_CONTENDERS  default kit,floor-grouped,floor-markdown-grouped
 *   BENCH_ANATOMY_RUNS        runs per contender, default 3
 *   BENCH_ANATOMY_KB          default 5000
 *   BENCH_ANATOMY_RATE        KB a second, default 250
 *   BENCH_ANATOMY_OUT         default bench/results/anatomy.json
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { withBenchPage } from './page'
import { LARGE_CONTENDERS, type LargeContender, type PageResult } from './protocol'

const CONTENDERS = (process.env.BENCH_ANATOMY_CONTENDERS ?? 'kit,floor-grouped,floor-markdown-grouped').split(',').map((name) => {
  if (!(LARGE_CONTENDERS as readonly string[]).includes(name)) throw new Error(`Unknown contender ${name}; known: ${LARGE_CONTENDERS.join(', ')}`)
  return name as LargeContender
})
const RUNS = Number(process.env.BENCH_ANATOMY_RUNS ?? 3)
const KB = Number(process.env.BENCH_ANATOMY_KB ?? 5000)
const RATE = Number(process.env.BENCH_ANATOMY_RATE ?? 250)
const OUT = resolve(process.env.BENCH_ANATOMY_OUT ?? 'bench/results/anatomy.json')
/** The machine's cores: what CPU time a task's wall time had to share. */
const CORES = cpus().length
/** V8's and Blink's (cppgc's) GC on every thread, the scheduler's tasks, and the page's mark where the stream starts. */
const CATEGORIES = ['toplevel', 'v8.gc', 'disabled-by-default-v8.gc', 'blink_gc', 'cppgc', 'disabled-by-default-cppgc', 'blink.user_timing']

interface TraceEvent {
  readonly name: string
  readonly ph: string
  readonly ts: number
  readonly dur?: number
  /** Thread (CPU) time; where a slice has none, it is counted as on the CPU throughout. */
  readonly tdur?: number
  readonly pid: number
  readonly tid: number
  readonly tts?: number
}

/** A task's top-level slice on a thread: the scheduler's. */
const TASK = new Set(['ThreadControllerImpl::RunTask', 'ThreadPool_RunTask', 'TaskGraphRunner::RunTask'])
const isGc = (name: string) => /^(V8\.GC|BlinkGC|CppGC|MajorGC|MinorGC)/.test(name)
/** A major GC's atomic pause (its last step, one a major GC). */
const isMajorGcPause = (name: string) => name === 'V8.GC_MARK_COMPACTOR'
/** A step of a major GC's incremental marking on the main thread (Blink's tracing inside). */
const isMarkingStep = (name: string) => name === 'V8.GC_MC_INCREMENTAL'
const isScavenge = (name: string) => name === 'V8.GC_SCAVENGER'

/** A task over 50 ms, taken apart. */
interface LongTask {
  /** ms from the stream's first delta, and its duration, as the Long Tasks API reported them. */
  readonly at: number
  readonly apiMs: number
  /** The trace's task: wall time, and the main thread's CPU time in it. */
  readonly wallMs: number
  readonly cpuMs: number
  /** Garbage collection on the main thread in it (wall; overlaps once), and of that, marking steps, atomic pauses and scavenges. */
  readonly gcMs: number
  readonly markingMs: number
  readonly pauseMs: number
  readonly scavengeMs: number
  /** CPU time the renderer's other threads spent in it, collecting garbage and otherwise. */
  readonly othersGcCpuMs: number
  readonly othersCpuMs: number
  /** The renderer's other threads' GC slices in it, by name, wall ms (the five longest). */
  readonly othersGc: Readonly<Record<string, number>>
  /** The renderer's threads' CPU in it (main, GC, other) over what the machine's cores had in that time. */
  readonly rendererShare: number
}

interface AnatomyRun {
  readonly contender: LargeContender
  readonly longTasks: readonly LongTask[]
  /** From the first delta to the last (the page counts long tasks 30 frames further). */
  readonly stream: {
    readonly wallMs: number
    readonly mainCpuMs: number
    readonly mainGcMs: number
    readonly majorGcPauses: number
    readonly othersGcCpuMs: number
  }
  /** GC slices in the trace by prefix (`CppGC`, `V8.GC`, ...): that Blink's and V8's were seen at all. */
  readonly gcSlices: Readonly<Record<string, number>>
}

type Interval = readonly [number, number]

/** `intervals` sorted by start and merged where they overlap. */
function merged(intervals: readonly Interval[]): Interval[] {
  const sorted = [...intervals].sort((x, y) => x[0] - y[0])
  const out: [number, number][] = []
  for (const [a, b] of sorted) {
    const last = out[out.length - 1]
    if (last !== undefined && a <= last[1]) last[1] = Math.max(last[1], b)
    else out.push([a, b])
  }
  return out
}

/** The length of merged `intervals` (see `merged`) inside `[from, to)`. */
function covered(intervals: readonly Interval[], from: number, to: number): number {
  let sum = 0
  for (const [a, b] of intervals) {
    if (a >= to) break
    const overlap = Math.min(b, to) - Math.max(a, from)
    if (overlap > 0) sum += overlap
  }
  return sum
}

/** CPU time of `slices` (top-level, one thread each) inside `[from, to)`: each slice's share of its thread time. */
function cpuIn(slices: readonly TraceEvent[], from: number, to: number): number {
  let sum = 0
  for (const slice of slices) {
    const overlap = Math.min(slice.ts + slice.dur!, to) - Math.max(slice.ts, from)
    if (overlap > 0) sum += (overlap * (slice.tdur ?? slice.dur!)) / slice.dur!
  }
  return sum
}

/** Complete slices: the trace's `X` events, and its `B`/`E` pairs joined per thread. */
function slicesOf(events: readonly TraceEvent[]): TraceEvent[] {
  const out = events.filter((e) => e.ph === 'X' && (e.dur ?? 0) > 0)
  const open = new Map<string, TraceEvent[]>()
  for (const e of [...events].filter((e) => e.ph === 'B' || e.ph === 'E').sort((x, y) => x.ts - y.ts)) {
    const thread = `${e.pid}:${e.tid}`
    const stack = open.get(thread) ?? []
    open.set(thread, stack)
    if (e.ph === 'B') stack.push(e)
    else {
      const begin = stack.pop()
      if (begin !== undefined && e.ts > begin.ts)
        out.push({ ...begin, ph: 'X', dur: e.ts - begin.ts, tdur: begin.tts !== undefined && e.tts !== undefined ? e.tts - begin.tts : undefined })
    }
  }
  return out
}

function analyse(contender: LargeContender, events: readonly TraceEvent[], result: PageResult): AnatomyRun {
  const mark = events.find((e) => e.name === 'bench:stream-start')
  if (mark === undefined) throw new Error('No bench:stream-start mark in the trace')
  const key = (e: { pid: number; tid: number }) => `${e.pid}:${e.tid}`
  const main = key(mark)
  const slices = slicesOf(events)
  const gcSlices: Record<string, number> = {}
  for (const e of slices) if (isGc(e.name)) gcSlices[e.name.split(/[._]/)[0]!] = (gcSlices[e.name.split(/[._]/)[0]!] ?? 0) + 1
  const mainTasks = slices.filter((e) => key(e) === main && TASK.has(e.name))
  const mainGcOf = (test: (name: string) => boolean) => merged(slices.filter((e) => key(e) === main && test(e.name)).map((e) => [e.ts, e.ts + e.dur!] as const))
  const mainGc = mainGcOf(isGc)
  const [marking, pauses, scavenges] = [mainGcOf(isMarkingStep), mainGcOf(isMajorGcPause), mainGcOf(isScavenge)]
  // The renderer's other threads: their tasks, and which of them collected garbage.
  const others = slices.filter((e) => e.pid === mark.pid && key(e) !== main)
  const othersGcSlices = others.filter((e) => isGc(e.name))
  const gcByThread = new Map<string, Interval[]>()
  for (const e of othersGcSlices) {
    const list = gcByThread.get(key(e)) ?? []
    gcByThread.set(key(e), list)
    list.push([e.ts, e.ts + e.dur!])
  }
  for (const [thread, list] of gcByThread) gcByThread.set(thread, merged(list))
  const otherTasks = others.filter((e) => TASK.has(e.name))
  const gcTasks = new Set(otherTasks.filter((t) => covered(gcByThread.get(key(t)) ?? [], t.ts, t.ts + t.dur!) > 0))
  const restTasks = otherTasks.filter((t) => !gcTasks.has(t))

  const from = mark.ts
  const to = mark.ts + result.wallMs * 1000
  const longTasks = result.longTaskTimes.map(([at, apiMs]): LongTask => {
    const start = from + at * 1000
    // The Long Tasks API's task is the scheduler's task that starts there: of those starting within
    // 5 ms (the two clocks differ by a little), the one whose length is closest to the API's.
    const task = mainTasks
      .filter((t) => Math.abs(t.ts - start) <= 5_000)
      .reduce<TraceEvent | undefined>((best, t) => (best === undefined || Math.abs(t.dur! / 1000 - apiMs) < Math.abs(best.dur! / 1000 - apiMs) ? t : best), undefined)
    if (task === undefined || Math.abs(task.dur! / 1000 - apiMs) > 5) throw new Error(`No task of about ${apiMs} ms in the trace at ${at} ms`)
    const end = task.ts + task.dur!
    const byName = new Map<string, number>()
    for (const e of othersGcSlices) {
      const overlap = Math.min(e.ts + e.dur!, end) - Math.max(e.ts, task.ts)
      if (overlap > 0) byName.set(e.name, (byName.get(e.name) ?? 0) + overlap / 1000)
    }
    const cpu = (task.tdur ?? task.dur!) + cpuIn([...gcTasks], task.ts, end) + cpuIn(restTasks, task.ts, end)
    return {
      at,
      apiMs,
      wallMs: round(task.dur! / 1000),
      cpuMs: round((task.tdur ?? task.dur!) / 1000),
      gcMs: round(covered(mainGc, task.ts, end) / 1000),
      markingMs: round(covered(marking, task.ts, end) / 1000),
      pauseMs: round(covered(pauses, task.ts, end) / 1000),
      scavengeMs: round(covered(scavenges, task.ts, end) / 1000),
      othersGcCpuMs: round(cpuIn([...gcTasks], task.ts, end) / 1000),
      othersCpuMs: round(cpuIn(restTasks, task.ts, end) / 1000),
      othersGc: Object.fromEntries([...byName].sort((x, y) => y[1] - x[1]).slice(0, 5).map(([name, ms]) => [name, round(ms)])),
      rendererShare: Math.round((100 * cpu) / (CORES * task.dur!)) / 100,
    }
  })
  return {
    contender,
    longTasks,
    stream: {
      wallMs: round(result.wallMs),
      mainCpuMs: round(cpuIn(mainTasks, from, to) / 1000),
      mainGcMs: round(covered(mainGc, from, to) / 1000),
      majorGcPauses: pauses.filter(([a]) => a >= from && a < to).length,
      othersGcCpuMs: round(cpuIn([...gcTasks], from, to) / 1000),
    },
    gcSlices,
  }
}

const round = (n: number) => Math.round(n * 10) / 10
const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted.length === 0 ? 0 : sorted[Math.floor((sorted.length - 1) / 2)]!
}
const spread = (values: readonly number[]) => (values.length === 0 ? '–' : `${round(median(values))} (${round(Math.min(...values))}–${round(Math.max(...values))})`)

/** The table as docs/performance.md shows it, and a line on the long tasks under it. */
function table(runs: readonly AnatomyRun[]): string {
  const seconds = (ms: number) => round(ms / 100) / 10
  const rows = CONTENDERS.map((contender) => {
    const mine = runs.filter((r) => r.contender === contender)
    const tasks = mine.flatMap((r) => r.longTasks)
    const none = tasks.length === 0
    return [
      contender === 'floor-grouped' ? "floor in the kit's layout" : contender === 'floor-markdown-grouped' ? "markdown floor in the kit's layout" : contender,
      mine.map((r) => r.longTasks.length).join(', '),
      none ? '–' : `${spread(tasks.map((t) => t.wallMs))}; ${spread(tasks.map((t) => t.cpuMs))}`,
      none ? '–' : `${spread(tasks.map((t) => t.gcMs))}: marking ${spread(tasks.map((t) => t.markingMs))}, pauses ${spread(tasks.map((t) => t.pauseMs))}, scavenges ${spread(tasks.map((t) => t.scavengeMs))}`,
      none ? '–' : `${spread(tasks.map((t) => t.othersGcCpuMs))}; other ${spread(tasks.map((t) => t.othersCpuMs))}`,
      `${spread(mine.map((r) => seconds(r.stream.mainCpuMs)))} s`,
      `${spread(mine.map((r) => r.stream.mainGcMs))} ms; ${mine.map((r) => r.stream.majorGcPauses).join(', ')}`,
      `${spread(mine.map((r) => r.stream.othersGcCpuMs))} ms`,
    ]
  })
  const header = [
    'contender',
    'tasks over 50 ms, per run',
    'their wall ms; main-thread CPU ms',
    'main-thread GC inside, wall ms',
    "other renderer threads' GC inside, CPU ms",
    'stream: main-thread CPU',
    'stream: main-thread GC; major GC pauses',
    "stream: GC threads' CPU",
  ]
  const lines = [header, header.map(() => '---'), ...rows].map((row) => `| ${row.join(' | ')} |`)
  for (const contender of CONTENDERS) {
    const tasks = runs.filter((r) => r.contender === contender).flatMap((r) => r.longTasks)
    if (tasks.length === 0) continue
    const names = new Map<string, number>()
    for (const t of tasks) for (const [name, ms] of Object.entries(t.othersGc)) names.set(name, (names.get(name) ?? 0) + ms)
    const top = [...names].sort((x, y) => y[1] - x[1]).slice(0, 3).map(([name]) => `\`${name}\``)
    lines.push(
      '',
      `${contender}: ${tasks.filter((t) => t.cpuMs < 50).length} of ${tasks.length} tasks took under 50 ms of main-thread CPU; ${tasks.filter((t) => t.gcMs >= 5).length} of ${tasks.length} had 5 ms or more of GC on the main thread; the other threads' GC in them mostly ${top.join(', ')}; in them the renderer's threads used ${spread(tasks.map((t) => Math.round(t.rendererShare * 100)))}% of the CPU time the machine's ${CORES} cores had.`,
    )
  }
  return lines.join('\n')
}

async function main(): Promise<void> {
  const loadBefore = loadavg()[0]!
  await withBenchPage('anatomy', async ({ origin, browser, context, dir }) => {
    const runs: AnatomyRun[] = []
    for (let round = 0; round < RUNS; round++) {
      for (const contender of CONTENDERS) {
        const page = await context.newPage()
        try {
          await page.goto(`${origin}/?contender=${contender}&kb=${KB}&cap=600000&trace=markdown&open=stay&check=late&rate=${RATE}`)
          await page.evaluate(() => window.bench!.ready)
          const path = join(dir, 'trace.json')
          await browser.startTracing(page, { path, categories: CATEGORIES })
          const result = await page.evaluate(() => window.bench!.run())
          await browser.stopTracing()
          if (!result.textOk) throw new Error(`${contender}: the text shown is not the trace's`)
          const events = (JSON.parse(readFileSync(path, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents
          rmSync(path)
          const run = analyse(contender, events, result)
          runs.push(run)
          const tasks = run.longTasks.map((t) => `${t.at} ms (${t.apiMs} by the API): ${t.wallMs} wall, ${t.cpuMs} CPU, GC ${t.gcMs} (marking ${t.markingMs}, pauses ${t.pauseMs}, scavenges ${t.scavengeMs}); others GC ${t.othersGcCpuMs} (${JSON.stringify(t.othersGc)}), other ${t.othersCpuMs}`)
          console.log(`${contender}, run ${round + 1}: ${run.longTasks.length} tasks over 50 ms${tasks.length > 0 ? `\n  ${tasks.join('\n  ')}` : ''}\n  stream: ${JSON.stringify(run.stream)}\n  GC slices: ${JSON.stringify(run.gcSlices)}`)
        } finally {
          await page.close()
        }
      }
    }
    const loadAfter = loadavg()[0]!
    const environment = `Chromium ${browser.version()}, ${cpus()[0]?.model.trim() ?? 'unknown CPU'} (${cpus().length} cores, load average ${loadBefore.toFixed(2)} → ${loadAfter.toFixed(2)}), Node ${process.version}, ${new Date().toISOString().slice(0, 10)}; ${KB} KB markdown paced at ${RATE} KB/s, traced (${CATEGORIES.join(', ')})`
    const markdown = table(runs)
    console.log(`\n${environment}\n\n${markdown}`)
    mkdirSync(dirname(OUT), { recursive: true })
    writeFileSync(OUT, JSON.stringify({ environment, runs, table: markdown }, null, 2) + '\n')
    console.log(`\nWrote ${relative(process.cwd(), OUT)}`)
  })
}

await main()
