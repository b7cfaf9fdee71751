/**
 * Megabyte traces in the kit's default panel (markdown, `full`, open), in Chromium:
 * does a frame cost the same at 5 MB as at 200 KB?
 *
 *   tsx bench/render/large.ts
 *
 * Streams each trace as run.ts does (100-character deltas, one per task; the store flushes once a
 * frame), on the same page, in two deliveries: a `flood` (as fast as the page takes them: on a fast
 * machine faster than the panel shows them, which then catches up in steps) and `paced` (at
 * BENCH_LARGE_RATE KB a second, which the panel keeps up with, so what a frame costs at each point
 * of the trace is what is measured), and measures:
 *
 * - main-thread CPU per streamed KB in slices of the trace: CDP `Performance.getMetrics`
 *   TaskDuration (thread time) sampled with the page's delivered count every 0.25 s; the
 *   flatness is the last slice's CPU per KB over the first's (paced: a flood's panel lags the
 *   delivered count, and its slices can be shorter than a sample);
 * - the longest task over the whole stream (Long Tasks API) and how many passed 50 ms, and the
 *   longest task when the block ends (its status, label and icon change on a panel of megabytes);
 * - when all the text shows: a flood outruns the frames and the panel shows it in steps, so the
 *   text may complete after the last delta (the last DOM change before the text was found
 *   complete, read once the DOM was still for 10 frames); the whole run's CPU per KB includes
 *   that catch-up;
 * - the JS heap after GC with the finished trace on screen, less the heap before the stream
 *   (the page, its code and the trace it streams), against the text's size: right after the
 *   scroll, and once the page was idle long enough for the kit to freeze its finished groups
 *   (their number held for a second, at most 20 s), each less the heap once the panel is
 *   unmounted and its store let go: what the kit holds (see `heapBefore` for why not the heap
 *   before the stream);
 * - scrolling the finished panel: frame intervals while its text moves 200 px a frame,
 *   from the top and from the middle (a frame over 16.7 ms shows as a longer interval).
 *
 * Two traces: `markdown` (run.ts's, realistic paragraphs, lists, code, tables) and
 * `endless` (the same prose as one paragraph with no line break at all).
 *
 * Against the floors (`BENCH_LARGE_CONTENDERS=kit,floor-grouped,floor-markdown-grouped`): the same
 * traces streamed into plain DOM laid out as the kit lays out a long text (lines in contained
 * groups and chunks, a scroll area that follows its end): as lines of text (floor-grouped.ts, no
 * React, no markdown), and as markdown that the kit's parser writes straight into the DOM
 * (floor-markdown-grouped.ts, no React), to tell what a frame costs any page that keeps all of a
 * long text in the DOM, and one that shows it as markdown, from what the kit adds to it.
 * `npm run bench:floor` runs all three for the 5 MB markdown trace paced at 100 and at 250 KB/s
 * into bench/results/large-floor-100.json and large-floor-250.json.
 *
 * Env knobs:
 *   BENCH_LARGE_CONTENDERS default kit; floor-grouped, floor-markdown-grouped add the floors in the kit's layout
 *   BENCH_LARGE_SIZES    KB, default 200,1000,5000
 *   BENCH_LARGE_TRACES   default markdown,endless
 *   BENCH_LARGE_DELIVERY default flood,paced
 *   BENCH_LARGE_RATE     KB a second of the paced delivery, default 250
 *   BENCH_LARGE_RUNS     runs per cell, default 3 (medians and ranges are reported)
 *   BENCH_LARGE_CAP_MS   stop a stream after this long, default 600000
 *   BENCH_LARGE_OUT      default bench/results/large.json
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { dirname, relative, resolve } from 'node:path'
import type { BrowserContext } from 'playwright-core'
import { withBenchPage } from './page'
import { LARGE_CONTENDERS, type LargeContender, type PageResult, type ScrollResult } from './protocol'

const repo = resolve(import.meta.dirname, '../..')
const CONTENDERS = (process.env.BENCH_LARGE_CONTENDERS ?? 'kit').split(',') as LargeContender[]
for (const name of CONTENDERS) if (!LARGE_CONTENDERS.includes(name)) throw new Error(`Unknown contender ${name}; known: ${LARGE_CONTENDERS.join(', ')}`)
const SIZES = (process.env.BENCH_LARGE_SIZES ?? '200,1000,5000').split(',').map(Number)
const TRACES = (process.env.BENCH_LARGE_TRACES ?? 'markdown,endless').split(',') as Trace[]
const DELIVERIES = (process.env.BENCH_LARGE_DELIVERY ?? 'flood,paced').split(',') as Delivery[]
const RATE_KBPS = Number(process.env.BENCH_LARGE_RATE ?? 250)
const RUNS = Number(process.env.BENCH_LARGE_RUNS ?? 3)
const CAP_MS = Number(process.env.BENCH_LARGE_CAP_MS ?? 600_000)
const OUT = resolve(repo, process.env.BENCH_LARGE_OUT ?? 'bench/results/large.json')
/** CPU per KB is compared over slices of this many KB (the last one against the first). */
const SLICE_KB = 200
const SCROLL_FRAMES = 240
const SCROLL_STEP = 200
/** The longest the page is left idle after the scroll for the kit's finished groups to freeze, ms. */
const IDLE_MS = 20_000

type Trace = 'markdown' | 'endless'
/** As fast as the page takes the deltas, or paced to RATE_KBPS. */
export type Delivery = 'flood' | 'paced'

interface Sample {
  /** KB delivered and main-thread CPU so far (ms), as sampled. */
  readonly kb: number
  readonly taskMs: number
}

export interface LargeRun {
  /** Absent in results written before the floor was measured too: the kit. */
  readonly contender?: LargeContender
  readonly trace: Trace
  /** Absent in results written before deliveries were told apart: a flood. */
  readonly delivery?: Delivery
  readonly kb: number
  readonly stream: PageResult
  /** Main-thread CPU (thread time) over the stream, ms. */
  readonly taskMs: number
  readonly cpuPerKb: number
  /** CPU per KB in the first and the last SLICE_KB of the trace, and their ratio. */
  readonly firstSliceMsPerKb: number
  readonly lastSliceMsPerKb: number
  /**
   * JS heap after GC, bytes: before the stream (the page with an empty panel); with the finished trace
   * shown, right after the scroll; once the page was idle (the kit's finished groups frozen); and
   * with the panel unmounted and its store let go (the page and the trace it streamed). What the
   * kit holds is the heap before the unmount less the heap after it. The heap before the stream was
   * no baseline for it: there the page also held the trace's `expected` as a rope of V8 cons
   * strings, about 8 bytes a character, until the end check flattened it (see `visibleChars`),
   * which made the kit's growth look smaller than what it holds, below zero at 1 and 5 MB. It is
   * flat from the start now; the baseline stays the heap after the unmount.
   */
  readonly heapBefore: number
  readonly heapScrolled: number
  readonly heapAfter: number
  readonly heapEmptied: number
  /** Frozen groups (`data-frozen`) of all the text's groups when `heapAfter` was read, and how long the page was left idle for them, ms. */
  readonly frozen: { readonly groups: number; readonly of: number; readonly waitedMs: number }
  readonly textBytes: number
  readonly scroll: ScrollResult & { readonly p50: number; readonly p95: number; readonly max: number; readonly over17: number }
}

const round = (value: number, digits = 1) => Number(value.toFixed(digits))
const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0
}
const median = (values: readonly number[]) => percentile(values, 0.5)

/** CPU per KB between the samples nearest to `fromKb` and `toKb`. */
function sliceRate(samples: readonly Sample[], fromKb: number, toKb: number): number {
  const near = (kb: number) => samples.reduce((best, s) => (Math.abs(s.kb - kb) < Math.abs(best.kb - kb) ? s : best))
  const a = near(fromKb)
  const b = near(toKb)
  return b.kb > a.kb ? (b.taskMs - a.taskMs) / (b.kb - a.kb) : NaN
}

async function measureOnce(context: BrowserContext, origin: string, contender: LargeContender, trace: Trace, delivery: Delivery, kb: number): Promise<LargeRun> {
  const page = await context.newPage()
  try {
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.goto(`${origin}/?contender=${contender}&kb=${kb}&cap=${CAP_MS}&trace=${trace}&open=stay&check=late${delivery === 'paced' ? `&rate=${RATE_KBPS}` : ''}`)
    await page.evaluate(() => window.bench!.ready)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' })
    const metric = async (name: string) => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === name)?.value ?? 0
    const heap = async () => {
      await cdp.send('HeapProfiler.collectGarbage')
      await cdp.send('HeapProfiler.collectGarbage')
      return metric('JSHeapUsedSize')
    }
    const heapBefore = await heap()
    const task0 = await metric('TaskDuration')
    const samples: Sample[] = [{ kb: 0, taskMs: 0 }]
    let streaming = true
    const sampling = (async () => {
      while (streaming) {
        await new Promise((done) => setTimeout(done, 250))
        if (!streaming) break
        const [delivered, task] = await Promise.all([page.evaluate(() => window.bench!.progress()), metric('TaskDuration')])
        samples.push({ kb: (delivered * 100) / 1000, taskMs: (task - task0) * 1000 })
      }
    })()
    const stream = await page.evaluate(() => window.bench!.run())
    streaming = false
    await sampling
    const taskMs = ((await metric('TaskDuration')) - task0) * 1000
    samples.push({ kb, taskMs })
    const scroll = await page.evaluate(([frames, step]) => window.bench!.scroll(frames, step), [SCROLL_FRAMES, SCROLL_STEP] as const)
    const heapScrolled = await heap()
    // The kit freezes a finished group once it is off screen and the page idle, never while the page
    // scrolls (text.tsx): read the heap again once their number held for a second (at most IDLE_MS).
    const frozen = await page.evaluate(async (limit) => {
      // (No named functions in here: tsx wraps them in a helper the page does not have.)
      const start = performance.now()
      let last = document.querySelectorAll('[data-frozen]').length
      for (let held = 0; held < 4 && performance.now() - start < limit; ) {
        await new Promise((done) => setTimeout(done, 250))
        const now = document.querySelectorAll('[data-frozen]').length
        held = now === last ? held + 1 : 0
        last = now
      }
      return { groups: last, of: document.querySelectorAll('[data-slot="reasoning-group"]').length, waitedMs: Math.round(performance.now() - start) }
    }, IDLE_MS)
    const heapAfter = await heap()
    await page.evaluate(() => window.bench!.unmount())
    const heapEmptied = await heap()
    if (errors.length > 0) throw new Error(`${trace} ${kb} KB: page errors: ${errors.join('; ')}`)
    const first = sliceRate(samples, 0, Math.min(SLICE_KB, kb))
    const last = sliceRate(samples, Math.max(0, kb - SLICE_KB), kb)
    return {
      contender,
      trace,
      delivery,
      kb,
      stream,
      taskMs: round(taskMs),
      cpuPerKb: round(taskMs / kb, 2),
      firstSliceMsPerKb: round(first, 2),
      lastSliceMsPerKb: round(last, 2),
      heapBefore,
      heapScrolled,
      heapAfter,
      heapEmptied,
      frozen,
      textBytes: kb * 1000,
      scroll: {
        ...scroll,
        intervals: [],
        p50: round(median(scroll.intervals)),
        p95: round(percentile(scroll.intervals, 0.95)),
        max: round(Math.max(...scroll.intervals)),
        over17: scroll.intervals.filter((i) => i > 17.5).length,
      },
    }
  } finally {
    await page.close()
  }
}

const range = (values: readonly number[], digits = 1) =>
  values.length === 1 ? `${round(values[0]!, digits)}` : `${round(median(values), digits)} (${round(Math.min(...values), digits)}–${round(Math.max(...values), digits)})`

function table(cells: ReadonlyMap<string, LargeRun[]>): string {
  const head = [
    'contender', 'trace', 'delivery', 'KB', 'runs', 'wall s', 'all text shown, s after the last delta', 'CPU ms/KB (whole)', 'ms/KB first 200 KB', 'ms/KB last 200 KB', 'last ÷ first',
    'longest task ms', 'tasks > 50 ms', 'longest task at the end ms', 'commits / frames', 'heap held ÷ text, after scrolling', 'heap held ÷ text, idle', 'frozen groups when idle', 'scroll: frame p50 / p95 / max ms', 'frames > 17.5 ms', 'full text',
  ]
  const rows = [...cells.values()].map((runs) => {
    const r = runs[0]!
    return [
      r.contender ?? 'kit', r.trace, r.delivery ?? 'flood', String(r.kb), String(runs.length),
      range(runs.map((x) => x.stream.wallMs / 1000)),
      runs.every((x) => x.stream.toPaintMs !== null) ? range(runs.map((x) => x.stream.toPaintMs! / 1000)) : 'never',
      range(runs.map((x) => x.cpuPerKb), 2),
      range(runs.map((x) => x.firstSliceMsPerKb), 2),
      range(runs.map((x) => x.lastSliceMsPerKb), 2),
      range(runs.map((x) => x.lastSliceMsPerKb / x.firstSliceMsPerKb), 2),
      range(runs.map((x) => x.stream.longestTaskMs), 0),
      range(runs.map((x) => x.stream.longTasks), 0),
      range(runs.map((x) => x.scroll.endLongestTaskMs), 0),
      range(runs.map((x) => (x.stream.commits ?? 0) / Math.max(1, x.stream.frames)), 2),
      range(runs.map((x) => (x.heapScrolled - x.heapEmptied) / x.textBytes), 2),
      range(runs.map((x) => (x.heapAfter - x.heapEmptied) / x.textBytes), 2),
      runs.map((x) => `${x.frozen.groups}/${x.frozen.of}`).join(', '),
      `${range(runs.map((x) => x.scroll.p50))} / ${range(runs.map((x) => x.scroll.p95))} / ${range(runs.map((x) => x.scroll.max))}`,
      range(runs.map((x) => x.scroll.over17), 0),
      runs.every((x) => x.stream.textOk) ? '✓' : '✗',
    ]
  })
  return [head, head.map(() => '---'), ...rows].map((row) => `| ${row.join(' | ')} |`).join('\n')
}

async function main(): Promise<void> {
  const loadBefore = loadavg()[0]!
  await withBenchPage('large', async ({ origin, browser, context }) => {
    const cells = new Map<string, LargeRun[]>()
    // Rounds: one run of every cell, then the next round, so that load from elsewhere falls on all alike.
    for (let round = 0; round < RUNS; round++) {
      for (const trace of TRACES) {
        for (const delivery of DELIVERIES) {
          for (const kb of SIZES) {
            for (const contender of CONTENDERS) {
              const run = await measureOnce(context, origin, contender, trace, delivery, kb)
              // The kit's cells keep their keys of before the floor was measured too.
              const key = `${contender === 'kit' ? '' : `${contender} `}${trace} ${delivery} ${kb}`
              cells.set(key, [...(cells.get(key) ?? []), run])
              console.log(`  long tasks (start ms, duration ms): ${JSON.stringify(run.stream.longTaskTimes)}`)
              console.log(`${key} KB, run ${round + 1}: ${run.cpuPerKb} ms/KB, last ÷ first slice ${(run.lastSliceMsPerKb / run.firstSliceMsPerKb).toFixed(2)}, longest task ${run.stream.longestTaskMs} ms (at the end ${run.scroll.endLongestTaskMs} ms), heap held ÷ text ${((run.heapScrolled - run.heapEmptied) / run.textBytes).toFixed(2)} after scrolling, ${((run.heapAfter - run.heapEmptied) / run.textBytes).toFixed(2)} idle (${run.frozen.groups} of ${run.frozen.of} groups frozen after ${run.frozen.waitedMs} ms), scroll p95 ${run.scroll.p95} ms`)
            }
          }
        }
      }
    }
    const loadAfter = loadavg()[0]!
    const environment = `Chromium ${browser.version()}, ${cpus()[0]?.model.trim() ?? 'unknown CPU'} (${cpus().length} cores, load average ${loadBefore.toFixed(2)} → ${loadAfter.toFixed(2)}), Node ${process.version}, ${new Date().toISOString().slice(0, 10)}${DELIVERIES.includes('paced') ? `; paced at ${RATE_KBPS} KB/s` : ''}`
    const markdown = table(cells)
    console.log(`\n${environment}\n\n${markdown}`)
    mkdirSync(dirname(OUT), { recursive: true })
    writeFileSync(OUT, JSON.stringify({ environment, runs: RUNS, sliceKb: SLICE_KB, scroll: { frames: SCROLL_FRAMES, stepPx: SCROLL_STEP }, cells: Object.fromEntries(cells), table: markdown }, null, 2) + '\n')
    console.log(`\nWrote ${relative(process.cwd(), OUT)}`)
  })
}

await main()
