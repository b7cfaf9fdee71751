/**
 * The benchmark page: `?contender=kit|kit-plain|naive|streamdown|floor|floor-markdown&kb=200&cap=90000`,
 * and for megabyte traces (large.ts) `contender=floor-grouped` or `floor-markdown-grouped` (the
 * floors laid out as the kit lays out a long text), `&trace=endless` (one paragraph, no line break), `&open=stay` (the kit's
 * panel stays open when the block ends, to be scrolled) and `&check=late` (the text is compared
 * after the measured span; see run()), `&rate=250` (deltas paced to 250 KB a second instead of as
 * fast as the page takes them).
 * Loads only the named contender (the floor page has no React at all), mounts
 * it, and exposes `window.bench` for run.ts. `run()` streams the trace one
 * delta per task — each delta a `MessageChannel` message, the next posted when
 * the previous handler returns, so deltas come as fast as the page takes them
 * and the browser may render between any two — then waits until the DOM shows
 * the full text and the frame after it, and reports what it measured.
 */
import { installCommitCounter } from './commits'
import type { BenchHandle, Contender, PageContender, PageResult, ScrollResult } from './protocol'
import { DELTA_CHARS, deltasOf, endlessText, reasoningText, stripSyntax, visibleChars } from './text'

// Before any contender (and so react-dom) loads.
installCommitCounter()

const params = new URLSearchParams(location.search)
const name = (params.get('contender') ?? 'kit') as PageContender
const kb = Number(params.get('kb') ?? 200)
const capMs = Number(params.get('cap') ?? 90_000)
const trace = params.get('trace') === 'endless' ? 'endless' : 'markdown'
const lateCheck = params.get('check') === 'late'
/** KB a second the deltas are paced to; 0: as fast as the page takes them (a flood). */
const rateKbps = Number(params.get('rate') ?? 0)
/** Frames the contender gets after the last delta, under `&check=late`, before its text is compared. */
const LATE_FRAMES = 30
/** Frames to wait for the full text after the last delta before calling it dropped. */
const PAINT_FRAMES_LIMIT = 600
/** Frames without a DOM change before `quietThenCheck` reads the text. */
const QUIET_FRAMES = 10
/** How long `quietThenCheck` waits for a panel still catching up after a flood. */
const LATE_CHECK_LIMIT_MS = 120_000

const loaders: Record<PageContender, () => Promise<{ createContender(): Contender }>> = {
  kit: () => import('./kit'),
  'kit-plain': () => import('./kit-plain'),
  naive: () => import('./naive'),
  streamdown: () => import('./streamdown'),
  floor: () => import('./floor'),
  'floor-markdown': () => import('./floor-markdown'),
  'floor-grouped': () => import('./floor-grouped'),
  'floor-markdown-grouped': () => import('./floor-markdown-grouped'),
}

const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve))

/** Tasks over 50 ms, from page load on; run() keeps those inside its span. */
const longTasks: PerformanceEntry[] = []
new PerformanceObserver((list) => longTasks.push(...list.getEntries())).observe({ type: 'longtask' })

/** The trace and what the DOM must show at the end, made before the clock starts. */
interface Trace {
  readonly deltas: readonly string[]
  readonly expected: string
  readonly lastParagraph: string
}

function makeTrace(): Trace {
  const text = (trace === 'endless' ? endlessText : reasoningText)(kb * 1000)
  const paragraphs = text.split('\n\n').filter((p) => p.trim() !== '')
  return {
    deltas: deltasOf(text, DELTA_CHARS),
    expected: visibleChars(stripSyntax(text)),
    lastParagraph: visibleChars(stripSyntax(paragraphs[paragraphs.length - 1]!)),
  }
}

async function setUp(): Promise<{ contender: Contender; trace: Trace }> {
  const trace = makeTrace()
  const contender = (await loaders[name]()).createContender()
  await contender.mount(document.getElementById('host')!)
  // Let lazy chunks (the kit's motion features) arrive and the first frames settle.
  for (let i = 0; i < 10; i++) await nextFrame()
  await new Promise((resolve) => setTimeout(resolve, 200))
  return { contender, trace }
}

/** Deltas handed over so far (for a runner sampling CPU time as the trace streams). */
let delivered = 0

/**
 * Hands every delta over, one per task; stops early once `capMs` have passed. Paced (`rateKbps`),
 * a delta that would run ahead of the rate waits for its time.
 */
function stream(contender: Contender, deltas: readonly string[]) {
  return new Promise<{ start: number; end: number; delivered: number; capped: boolean }>((resolve) => {
    const { port1, port2 } = new MessageChannel()
    let i = 0
    let start = 0
    port1.onmessage = () => {
      if (i === 0) {
        start = performance.now()
        // Where the stream starts in a trace of the page (anatomy.ts): a user-timing mark.
        performance.mark('bench:stream-start')
      }
      contender.push(deltas[i++]!)
      if (i === deltas.length) contender.textEnd?.()
      delivered = i
      const end = performance.now()
      const capped = end - start > capMs
      if (i === deltas.length || capped) {
        port1.close()
        resolve({ start, end, delivered: i, capped: i < deltas.length })
        return
      }
      const ahead = rateKbps > 0 ? (i * DELTA_CHARS) / rateKbps - (end - start) : 0
      if (ahead > 1) setTimeout(() => port2.postMessage(null), ahead)
      else port2.postMessage(null)
    }
    port2.postMessage(null)
  })
}

/** What the contender shows against the trace: how many of its characters, and whether they are `expected` and end with `lastParagraph`. */
interface Shown {
  readonly chars: number
  readonly complete: boolean
  readonly endsWithLast: boolean
}

/**
 * Compares what the contender shows with the trace's `expected`, piece by piece (`shown()`): no
 * string of the whole text is made. At 5 MB one was, with its regular expressions' results: tens
 * of MB of garbage in large-object space, made just before the block ends, which a major GC then
 * collected inside the frames the bench counts as the end of the block (large.ts).
 */
function compareShown(contender: Contender, expected: string, lastParagraph: string): Shown {
  let chars = 0
  let same = true
  let tail = ''
  const pieces = contender.shown()
  for (const [i, piece] of pieces.entries()) {
    // A piece but the last ends a line, as it did when the pieces were joined with line breaks.
    const visible = visibleChars(contender.showsSource ? stripSyntax(i < pieces.length - 1 ? piece + '\n' : piece) : piece)
    if (same && !expected.startsWith(visible, chars)) same = false
    chars += visible.length
    if (lastParagraph !== '') tail = (tail + visible).slice(-lastParagraph.length)
  }
  return { chars, complete: same && chars === expected.length, endsWithLast: tail.endsWith(lastParagraph) }
}

/**
 * Whether the contender's last paragraph (`shownEnd`) can be the end of the trace's: the last of it,
 * or nothing to tell. Reading and comparing all of the kit's 200 KB text took 5 ms a frame while
 * the panel caught up (querying every paragraph), frames the panel needed; the whole comparison
 * follows.
 */
function endsAsExpected(contender: Contender, lastParagraph: string): boolean {
  const end = contender.shownEnd?.()
  if (!end) return true
  return lastParagraph.endsWith(visibleChars(contender.showsSource ? stripSyntax(end) : end))
}

/** DOM changes in the host from `since` on: when the last one was, and whether one came since the last look. */
interface Changes {
  readonly lastChange: () => number
  /** Whether the DOM changed since the previous call. */
  readonly changed: () => boolean
  readonly stop: () => void
}

function watchChanges(since: number): Changes {
  let changed = false
  let lastChange = since
  // A group frozen at idle (the kit, text.tsx) swaps React's elements for the same ones copied:
  // the text does not change, so it does not count.
  const frozen = (record: MutationRecord) => record.target instanceof Element && record.target.hasAttribute('data-frozen')
  const observer = new MutationObserver((records) => {
    if (records.every(frozen)) return
    changed = true
    lastChange = performance.now()
  })
  observer.observe(document.getElementById('host')!, { subtree: true, childList: true, characterData: true })
  return {
    lastChange: () => lastChange,
    changed: () => {
      const was = changed
      changed = false
      return was
    },
    stop: () => observer.disconnect(),
  }
}

/**
 * Waits, up to LATE_CHECK_LIMIT_MS, until the contender shows `expected`, reading its text only once
 * its DOM has been still for QUIET_FRAMES frames: reading megabytes of text every frame would take
 * the frames the contender needs to catch up. Returns when the text was complete (the last DOM
 * change `changes` saw before it was found so: they are watched from the last delta on), or null
 * when it never was.
 */
async function quietThenCheck(contender: Contender, expected: string, lastParagraph: string, changes: Changes): Promise<number | null> {
  const limit = performance.now() + LATE_CHECK_LIMIT_MS
  for (let quiet = 0; performance.now() < limit; ) {
    await nextFrame()
    if (changes.changed()) quiet = 0
    else if (++quiet === QUIET_FRAMES) {
      if (compareShown(contender, expected, lastParagraph).complete) return changes.lastChange()
      quiet = 0
    }
  }
  return null
}

async function run({ contender, trace }: { contender: Contender; trace: Trace }): Promise<PageResult> {
  const { deltas, expected, lastParagraph } = trace

  // Start inside a frame (the first delta's task runs once it is rendered), so
  // every run and every contender meets the next frame at the same phase.
  await nextFrame()
  // Frames are counted by a rAF loop of their own: the frames after this one.
  let frames = 0
  let counting = true
  const count = () => {
    if (!counting) return
    frames++
    requestAnimationFrame(count)
  }
  requestAnimationFrame(count)
  const commitsBefore = contender.commits()

  const { start, end, delivered, capped } = await stream(contender, deltas)

  // The full text is on screen in the frame where the DOM first shows it; the
  // next frame's rAF fires once that one has been produced.
  let toPaintMs: number | null = null
  // `&check=late` (large.ts): comparing megabytes of DOM text with the trace takes a long task of
  // its own, in the same frame as the contender's work, so the long tasks are counted over the
  // stream and LATE_FRAMES after it, and the text is compared once, after that span.
  let checkFrom = Infinity
  // From the last delta on: a panel that completes its text within the late frames did so then.
  const changes = lateCheck && !capped ? watchChanges(end) : undefined
  if (changes) {
    for (let i = 0; i < LATE_FRAMES; i++) await nextFrame()
    checkFrom = performance.now()
  } else if (!capped) {
    for (let i = 0; i < PAINT_FRAMES_LIMIT; i++) {
      await nextFrame()
      if (endsAsExpected(contender, lastParagraph) && compareShown(contender, expected, lastParagraph).complete) {
        await nextFrame()
        toPaintMs = performance.now() - end
        break
      }
    }
  }
  counting = false
  const spanEnd = performance.now()
  const commitsAfter = contender.commits()
  const inSpan = longTasks.filter((t) => t.startTime >= start && t.startTime <= Math.min(spanEnd, checkFrom))
  // A flood is shown in steps: under the late check, the panel may still be catching up. Wait for
  // it, outside the measured span (nothing below counts towards the long tasks).
  if (changes) {
    const complete = await quietThenCheck(contender, expected, lastParagraph, changes).finally(changes.stop)
    toPaintMs = complete === null ? null : Math.max(0, complete - end)
  }
  const shown = compareShown(contender, expected, lastParagraph)
  // The last regular expression's subject stays reachable from the realm (RegExp.lastMatch): here a
  // piece of the shown text. A match on a short string lets it go, so the heap after the run is the contender's.
  ;/x/.exec('x')
  return {
    deltas: deltas.length,
    delivered,
    capped,
    wallMs: end - start,
    toPaintMs,
    frames,
    commits: commitsBefore === null || commitsAfter === null ? null : commitsAfter - commitsBefore,
    longTasks: inSpan.length,
    longestTaskMs: Math.max(0, ...inSpan.map((t) => t.duration)),
    longTaskTimes: inSpan.map((t) => [Math.round(t.startTime - start), Math.round(t.duration)] as const),
    expectedChars: expected.length,
    shownChars: shown.chars,
    textOk: shown.complete,
    lastParagraphOk: shown.endsWithLast,
  }
}

/**
 * Ends the block, then scrolls its open text (the kit's panel body): `frames` frames from the
 * top, one step of `step` px each, then as many from the middle. Reports the longest task of the
 * block's end, the intervals between frames (a frame whose work took longer than a frame shows
 * as a long interval) and the scroll's long tasks.
 */
async function scroll({ contender }: { contender: Contender }, frames: number, step: number): Promise<ScrollResult> {
  // The block's end restyles and re-renders the panel (status, label, icon): its cost is counted too.
  const ended = performance.now()
  contender.finish?.()
  for (let i = 0; i < 30; i++) await nextFrame()
  const endTasks = longTasks.filter((t) => t.startTime >= ended)
  const body = contender.scroller?.()
  if (!body) throw new Error('this contender has no scrolling text')
  const intervals: number[] = []
  const from = performance.now()
  for (const top of [0, Math.round((body.scrollHeight - body.clientHeight) / 2)]) {
    body.scrollTop = top
    await nextFrame()
    let last = await nextFrame()
    for (let i = 0; i < frames; i++) {
      body.scrollTop += step
      const now = await nextFrame()
      intervals.push(now - last)
      last = now
    }
  }
  const tasks = longTasks.filter((t) => t.startTime >= from)
  return {
    frames: intervals.length,
    scrollHeight: body.scrollHeight,
    intervals,
    longTasks: tasks.length,
    longestTaskMs: Math.max(0, ...tasks.map((t) => t.duration)),
    endLongestTaskMs: Math.max(0, ...endTasks.map((t) => t.duration)),
  }
}

const ready = setUp()
let started = false
const handle: BenchHandle = {
  ready: ready.then(() => undefined),
  progress: () => delivered,
  async scroll(frames, step) {
    return scroll(await ready, frames, step)
  },
  async unmount() {
    ;(await ready).contender.unmount?.()
  },
  async run() {
    if (started) throw new Error('run() streams the trace once per page load')
    started = true
    return run(await ready)
  },
}
window.bench = handle
