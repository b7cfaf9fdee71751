/**
 * The benchmark page: `?view=stream|chat&turns=250&measure=deltas|mount|hydrate&deltas=300`.
 * Loads the history into a reasoning store before anything is timed, then
 * `run()` measures one thing on this fresh page:
 *
 * - `deltas`: the history is mounted and settled; one more turn opens and its
 *   block streams, one delta per animation frame (the store's default
 *   `flush: 'frame'` then notifies once per frame, so each commit is one
 *   delta's); each notification → commit is timed.
 * - `mount`: `createRoot(host).render(…)` of the history, to the first commit,
 *   the frame after it, and the frame after every panel's text is in.
 * - `hydrate`: `renderToString` of the same element, its HTML put in the host
 *   (untimed, and a frame to parse and paint it), then `hydrateRoot`, timed as `mount`.
 */
import { installCommitHook, nextCommit, watchCommits } from './commits'
import { makeHistory } from './history'
import type { BenchHandle, DeltasResult, MeasureName, MountResult, PageResult, ViewName } from './protocol'

// Before react-dom loads.
installCommitHook()

const params = new URLSearchParams(location.search)
const view = (params.get('view') ?? 'stream') as ViewName
const turns = Number(params.get('turns') ?? 250)
const measure = (params.get('measure') ?? 'deltas') as MeasureName
const deltaCount = Number(params.get('deltas') ?? 300)
/** Frames to wait for the history's text before giving up. */
const SETTLE_FRAMES_LIMIT = 1200

const host = document.getElementById('host')!
const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve))
/** Resolves after the next frame has been produced: a task posted from its rAF callback runs once the frame is done. */
const afterPaint = () =>
  new Promise<number>((resolve) =>
    requestAnimationFrame(() => {
      const { port1, port2 } = new MessageChannel()
      port1.onmessage = () => {
        port1.close()
        resolve(performance.now())
      }
      port2.postMessage(null)
    }),
  )

const panels = () => host.querySelectorAll('[data-slot="reasoning-panel"]').length
const texts = () => host.querySelectorAll('[data-slot="reasoning-text"]').length

async function setUp() {
  const [{ createElement }, { createRoot, hydrateRoot }, { renderToString }, { createReasoningStore }, { App }] = await Promise.all([
    import('react'),
    import('react-dom/client'),
    import('react-dom/server'),
    import('reasoning-ui'),
    import('./app'),
  ])
  const history = makeHistory(turns, deltaCount)
  const store = createReasoningStore()
  for (const event of history.events) store.dispatch(event)
  const list = history.runIds.map((runId, i) => ({ runId, answer: history.answers.get(`answer-${i}`) }))
  const blocks = store.getState().blocks.length
  if (blocks !== turns * 2) throw new Error(`History has ${blocks} blocks, expected ${turns * 2}`)
  const element = (withLive: boolean) =>
    createElement(App, { view, store, turns: withLive ? [...list, { runId: history.live.runId, answer: undefined }] : list })

  /** Waits until every block's text is in the DOM, then for the frame after it. */
  const settled = async (expected: number) => {
    for (let i = 0; i < SETTLE_FRAMES_LIMIT && texts() < expected; i++) await nextFrame()
    if (texts() < expected) throw new Error(`Only ${texts()} of ${expected} panels show their text after ${SETTLE_FRAMES_LIMIT} frames`)
    return afterPaint()
  }

  const mount = async (): Promise<MountResult> => {
    const start = performance.now()
    const committed = nextCommit()
    createRoot(host).render(element(false))
    const commit = await committed
    const paint = await afterPaint()
    const done = await settled(blocks)
    return { measure: 'mount', ssrMs: null, commitMs: commit - start, paintMs: paint - start, settledMs: done - start, panels: panels(), recoverableErrors: [] }
  }

  const hydrate = async (): Promise<MountResult> => {
    const ssrStart = performance.now()
    const html = renderToString(element(false))
    const ssrMs = performance.now() - ssrStart
    host.innerHTML = html
    // The server's HTML is parsed and painted before hydration starts, as on a real page.
    await afterPaint()
    const errors: string[] = []
    const start = performance.now()
    const committed = nextCommit()
    hydrateRoot(host, element(false), { onRecoverableError: (error) => errors.push(String(error)) })
    const commit = await committed
    const paint = await afterPaint()
    const done = await settled(blocks)
    return { measure: 'hydrate', ssrMs, commitMs: commit - start, paintMs: paint - start, settledMs: done - start, panels: panels(), recoverableErrors: errors }
  }

  const stream = async (): Promise<DeltasResult> => {
    const commitMs: number[] = []
    let notifiedAt: number | undefined
    let otherCommits = 0
    let missed = 0
    // Subscribed before React's own subscription, so the store calls this first.
    store.subscribe(() => {
      if (notifiedAt !== undefined) missed++
      notifiedAt = performance.now()
    })
    createRoot(host).render(element(true))
    await settled(blocks)
    // Let lazy chunks (the motion features) arrive and the first frames settle.
    for (let i = 0; i < 10; i++) await nextFrame()
    await new Promise((resolve) => setTimeout(resolve, 200))
    for (const event of history.live.opening) store.dispatch(event)
    await afterPaint()
    await afterPaint()
    notifiedAt = undefined
    missed = 0
    const unwatch = watchCommits((at) => {
      if (notifiedAt === undefined) {
        otherCommits++
        return
      }
      commitMs.push(at - notifiedAt)
      notifiedAt = undefined
    })
    // The runner reads the renderer's CPU counters now, then lets the deltas go: they cover the deltas alone.
    performance.mark('history:deltas')
    await deltasGate
    for (const event of history.live.deltas) {
      await nextFrame()
      store.dispatch(event)
    }
    // The last delta's notification comes in the next frame.
    await afterPaint()
    await afterPaint()
    unwatch()
    return { measure: 'deltas', deltas: history.live.deltas.length, commitMs, otherCommits, missed, panels: panels() }
  }

  return { mount, hydrate, stream }
}

let openGate: () => void = () => {}
const deltasGate = new Promise<void>((resolve) => {
  openGate = resolve
})

const ready = setUp()
let started = false
const handle: BenchHandle = {
  ready: ready.then(() => undefined),
  async run(): Promise<PageResult> {
    if (started) throw new Error('run() measures once per page load')
    started = true
    const page = await ready
    return measure === 'mount' ? page.mount() : measure === 'hydrate' ? page.hydrate() : page.stream()
  },
  startDeltas: () => openGate(),
}
window.historyBench = handle
