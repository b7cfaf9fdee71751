/**
 * The benchmark page: `?contender=kit|kit-plain|naive|streamdown|floor&kb=200&cap=90000`.
 * Loads only the named contender (the floor page has no React at all), mounts
 * it, and exposes `window.bench` for run.ts. `run()` streams the trace one
 * delta per task — each delta a `MessageChannel` message, the next posted when
 * the previous handler returns, so deltas come as fast as the page takes them
 * and the browser may render between any two — then waits until the DOM shows
 * the full text and the frame after it, and reports what it measured.
 */
import { installCommitCounter } from './commits'
import type { BenchHandle, Contender, ContenderName, PageResult } from './protocol'
import { DELTA_CHARS, deltasOf, reasoningText, stripSyntax, visibleChars } from './text'

// Before any contender (and so react-dom) loads.
installCommitCounter()

const params = new URLSearchParams(location.search)
const name = (params.get('contender') ?? 'kit') as ContenderName
const kb = Number(params.get('kb') ?? 200)
const capMs = Number(params.get('cap') ?? 90_000)
/** Frames to wait for the full text after the last delta before calling it dropped. */
const PAINT_FRAMES_LIMIT = 600

const loaders: Record<ContenderName, () => Promise<{ createContender(): Contender }>> = {
  kit: () => import('./kit'),
  'kit-plain': () => import('./kit-plain'),
  naive: () => import('./naive'),
  streamdown: () => import('./streamdown'),
  floor: () => import('./floor'),
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
  const text = reasoningText(kb * 1000)
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

/** Hands every delta over, one per task; stops early once `capMs` have passed. */
function stream(contender: Contender, deltas: readonly string[]) {
  return new Promise<{ start: number; end: number; delivered: number; capped: boolean }>((resolve) => {
    const { port1, port2 } = new MessageChannel()
    let i = 0
    let start = 0
    port1.onmessage = () => {
      if (i === 0) start = performance.now()
      contender.push(deltas[i++]!)
      const end = performance.now()
      const capped = end - start > capMs
      if (i === deltas.length || capped) {
        port1.close()
        resolve({ start, end, delivered: i, capped: i < deltas.length })
      } else {
        port2.postMessage(null)
      }
    }
    port2.postMessage(null)
  })
}

/** What the contender shows, comparable with the trace's `expected`. */
const visible = (contender: Contender) => visibleChars(contender.showsSource ? stripSyntax(contender.shown()) : contender.shown())

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
  if (!capped) {
    for (let i = 0; i < PAINT_FRAMES_LIMIT; i++) {
      await nextFrame()
      if (visible(contender) === expected) {
        await nextFrame()
        toPaintMs = performance.now() - end
        break
      }
    }
  }
  counting = false
  const spanEnd = performance.now()
  const commitsAfter = contender.commits()
  const shown = visible(contender)
  const inSpan = longTasks.filter((t) => t.startTime >= start && t.startTime <= spanEnd)
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
    expectedChars: expected.length,
    shownChars: shown.length,
    textOk: shown === expected,
    lastParagraphOk: shown.endsWith(lastParagraph),
  }
}

const ready = setUp()
let started = false
const handle: BenchHandle = {
  ready: ready.then(() => undefined),
  async run() {
    if (started) throw new Error('run() streams the trace once per page load')
    started = true
    return run(await ready)
  },
}
window.bench = handle
