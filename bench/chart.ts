/**
 * Draws the benchmark charts from bench/results/:
 *
 * - docs/perf-chart.svg: per-delta cost against trace length, one line per
 *   contender, both axes logarithmic. From render.json (written by
 *   `tsx bench/render/run.ts`): first delta to the last paint, divided by the
 *   number of deltas, 25 to 200 KB. From large.json (`tsx bench/render/large.ts`):
 *   the kit's line carried on to 1,000 and 5,000 KB and a line for one endless
 *   paragraph, from the flood runs (as fast as the page takes the deltas, as in
 *   render.json): the median time from the first delta until all the text was
 *   shown, divided by the deltas. A flat line means the cost of
 *   a delta does not grow with the trace; a rising one means rendering is
 *   superlinear.
 * - docs/perf-history.svg: per-delta cost against the finished blocks already
 *   in the conversation, from history.json (`tsx bench/history/run.ts`): React's
 *   commit per delta and the main-thread CPU per delta, median over runs with a
 *   min–max bar, one line per view.
 *
 *   tsx bench/chart.ts [render.json] [perf-chart.svg] [large.json] [history.json] [perf-history.svg]
 *
 * A missing results file skips its part with a note. Hand-written SVG on its
 * own white background (readable on light and dark pages), with a <title> and
 * a <desc> that lists every value.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import type { LargeRun } from './render/large'
import type { ContenderName } from './render/protocol'
import type { Cell, Measurement, RenderResults } from './render/results'

const repo = resolve(import.meta.dirname, '..')
const renderInput = resolve(repo, process.argv[2] ?? 'bench/results/render.json')
const output = resolve(repo, process.argv[3] ?? 'docs/perf-chart.svg')
const largeInput = resolve(repo, process.argv[4] ?? 'bench/results/large.json')
const historyInput = resolve(repo, process.argv[5] ?? 'bench/results/history.json')
const historyOutput = resolve(repo, process.argv[6] ?? 'docs/perf-history.svg')

type Shape = 'circle' | 'square' | 'diamond' | 'triangle' | 'cross'
interface Style {
  readonly label: string
  readonly color: string
  readonly marker: Shape
  readonly dash?: string
}

/** How each contender is drawn: colours from the Okabe–Ito palette (colour-blind safe), plus a marker and dash each. */
const STYLE: Record<ContenderName, Style> = {
  kit: { label: 'reasoning-ui ReasoningPanel (markdown)', color: '#0072B2', marker: 'circle' },
  'kit-plain': { label: 'reasoning-ui ReasoningPanel, plain text', color: '#8A6D00', marker: 'circle', dash: '2 3' },
  naive: { label: 'naive useState text', color: '#D55E00', marker: 'square' },
  streamdown: { label: 'Streamdown (AI Elements)', color: '#A0527F', marker: 'diamond' },
  floor: { label: 'plain-DOM floor', color: '#007A5A', marker: 'triangle', dash: '6 4' },
  'floor-markdown': { label: 'markdown floor (no React)', color: '#56B4E9', marker: 'triangle', dash: '2 2' },
}

/** The megabyte traces of large.json: the kit's markdown line carried on, and one endless paragraph. */
type Trace = LargeRun['trace']
const LARGE_STYLE: Record<Trace, Style> = {
  markdown: { label: 'ReasoningPanel (markdown), megabytes', color: '#0072B2', marker: 'circle', dash: '7 4' },
  endless: { label: 'reasoning-ui, one endless paragraph', color: '#222222', marker: 'cross', dash: '7 4' },
}

const WIDTH = 920
const HEIGHT = 520
const PLOT = { left: 78, right: 560, top: 104, bottom: 424 }
const FONT = `font-family="system-ui, -apple-system, 'Segoe UI', sans-serif" font-size="12" fill="#333"`

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
const fixed = (value: number) => Number(value.toFixed(1))
const kbText = (kb: number) => kb.toLocaleString('en')

/** A number as the axis and the description print it: 0.05, 1.2, 35. */
function short(value: number): string {
  if (value >= 10) return String(Math.round(value))
  if (value >= 1) return value.toFixed(1).replace(/\.0$/, '')
  return String(Number(value.toPrecision(2)))
}

/** The middle value (the lower middle of an even count: a value some run measured). */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor((sorted.length - 1) / 2)]!
}

function readJson<T>(path: string, what: string): T | null {
  if (!existsSync(path)) {
    console.log(`No ${relative(repo, path)}: skipping ${what}`)
    return null
  }
  return JSON.parse(readFileSync(path, 'utf8')) as T
}

function write(path: string, svg: string, from: readonly string[]) {
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, svg)
  console.log(`Wrote ${relative(repo, path)} from ${from.map((f) => relative(repo, f)).join(' and ')}`)
}

interface Point {
  readonly kb: number
  /** ms per delta; for a capped run, the lower bound the cap gives. */
  readonly perDelta: number
  readonly capped: boolean
}

function points(cells: readonly Cell[], contender: ContenderName, capMs: number): Point[] {
  return cells
    .filter((c): c is Measurement => c.contender === contender && !('skipped' in c))
    .map((c) => ({ kb: c.kb, perDelta: (c.capped ? capMs : c.totalMs) / c.deltas, capped: c.capped }))
    .sort((a, b) => a.kb - b.kb)
}

/** bench/results/large.json, as bench/render/large.ts writes it. */
interface LargeResults {
  readonly environment: string
  readonly runs: number
  readonly cells: Readonly<Record<string, readonly LargeRun[]>>
}

/**
 * The flood runs' median time per delta, from the first delta until all the text was shown (a run
 * whose text never completed counts its wall time, a capped run what it delivered: both a lower
 * bound, marked as capped).
 */
function largePoints(results: LargeResults, trace: Trace): Point[] {
  return Object.values(results.cells)
    .filter((runs) => runs.length > 0 && (runs[0]!.contender ?? 'kit') === 'kit' && runs[0]!.trace === trace && (runs[0]!.delivery ?? 'flood') === 'flood')
    .map((runs) => ({
      kb: runs[0]!.kb,
      perDelta: median(runs.map((r) => (r.stream.wallMs + (r.stream.toPaintMs ?? 0)) / Math.max(1, r.stream.delivered))),
      capped: runs.some((r) => r.stream.capped || r.stream.toPaintMs === null),
    }))
    .sort((a, b) => a.kb - b.kb)
}

function marker(style: Style, x: number, y: number, hollow: boolean): string {
  const { color } = style
  const paint = hollow ? `fill="#fff" stroke="${color}" stroke-width="2"` : `fill="${color}"`
  switch (style.marker) {
    case 'circle':
      return `<circle cx="${fixed(x)}" cy="${fixed(y)}" r="4.5" ${paint}/>`
    case 'square':
      return `<rect x="${fixed(x - 4)}" y="${fixed(y - 4)}" width="8" height="8" ${paint}/>`
    case 'diamond':
      return `<path d="M${fixed(x)} ${fixed(y - 5.5)}L${fixed(x + 5.5)} ${fixed(y)}L${fixed(x)} ${fixed(y + 5.5)}L${fixed(x - 5.5)} ${fixed(y)}Z" ${paint}/>`
    case 'triangle':
      return `<path d="M${fixed(x)} ${fixed(y - 5.5)}L${fixed(x + 5.5)} ${fixed(y + 4.5)}L${fixed(x - 5.5)} ${fixed(y + 4.5)}Z" ${paint}/>`
    case 'cross':
      return `<path d="M${fixed(x - 4.5)} ${fixed(y - 4.5)}L${fixed(x + 4.5)} ${fixed(y + 4.5)}M${fixed(x - 4.5)} ${fixed(y + 4.5)}L${fixed(x + 4.5)} ${fixed(y - 4.5)}" stroke="${color}" stroke-width="${hollow ? 1.5 : 2.6}"/>`
  }
}

/** A short stretch of line with its marker, as the legend shows a series. */
function sample(style: Style, x: number, y: number): string {
  return `<path d="M${x} ${y}H${x + 30}" stroke="${style.color}" stroke-width="2.5"${style.dash ? ` stroke-dasharray="${style.dash}"` : ''}/>${marker(style, x + 15, y, false)}`
}

/** Moves labels apart vertically so none overlap, keeping their order. */
function spread(ys: number[], gap: number): number[] {
  const order = ys.map((y, i) => ({ y, i })).sort((a, b) => a.y - b.y)
  for (let k = 1; k < order.length; k++) order[k]!.y = Math.max(order[k]!.y, order[k - 1]!.y + gap)
  const placed: number[] = []
  for (const { y, i } of order) placed[i] = y
  return placed
}

interface Series {
  readonly style: Style
  readonly points: readonly Point[]
  /** What the legend says of the measure, on its own line. */
  readonly note?: string
  /** Sizes drawn as a small dot, not a marker: where the solid lines already have their markers (the megabyte lines start there). */
  readonly anchors?: ReadonlySet<number>
}

/** Per-delta cost against trace length (docs/perf-chart.svg). */
export function chart(render: RenderResults | null, large: LargeResults | null): string {
  const series: Series[] = []
  const contenders = render ? (Object.keys(STYLE) as ContenderName[]).filter((c) => render.cells.some((cell) => cell.contender === c)) : []
  const renderSizes = new Set(render ? render.cells.map((c) => c.kb) : [])
  const megabytes: Series[] = large
    ? (['markdown', 'endless'] as const).map((trace) => ({ style: LARGE_STYLE[trace], points: largePoints(large, trace), note: 'first delta → all text shown, per delta', anchors: renderSizes }))
    : []
  // The megabyte lines follow the kit's (or lead, without it).
  if (!contenders.includes('kit')) series.push(...megabytes)
  for (const c of contenders) {
    series.push({ style: STYLE[c], points: points(render!.cells, c, render!.capMs) })
    if (c === 'kit') series.push(...megabytes)
  }
  const drawn = series.filter((s) => s.points.length > 0)
  const all = drawn.flatMap((s) => s.points)
  if (all.length === 0) throw new Error('no measured cells in the render or large results')
  const sizes = [...new Set(all.map((p) => p.kb))].sort((a, b) => a - b)
  const minKb = sizes[0]!
  const maxKb = sizes[sizes.length - 1]!
  const lowDecade = Math.floor(Math.log10(Math.min(...all.map((p) => p.perDelta))))
  const highDecade = Math.ceil(Math.log10(Math.max(...all.map((p) => p.perDelta))))
  const top = highDecade === lowDecade ? highDecade + 1 : highDecade

  // Log–log: equal ratios, equal distances. A single size sits in the middle.
  const x = (kb: number) =>
    minKb === maxKb ? (PLOT.left + PLOT.right) / 2 : PLOT.left + ((Math.log(kb) - Math.log(minKb)) / (Math.log(maxKb) - Math.log(minKb))) * (PLOT.right - PLOT.left)
  const y = (ms: number) => PLOT.bottom - ((Math.log10(ms) - lowDecade) / (top - lowDecade)) * (PLOT.bottom - PLOT.top)

  const grid: string[] = []
  for (let d = lowDecade; d <= top; d++) {
    const value = 10 ** d
    grid.push(`<line x1="${PLOT.left}" x2="${PLOT.right}" y1="${fixed(y(value))}" y2="${fixed(y(value))}" stroke="#d0d0d0"/>`)
    grid.push(`<text x="${PLOT.left - 8}" y="${fixed(y(value) + 4)}" text-anchor="end">${short(value)}</text>`)
    if (d < top) {
      for (const m of [2, 5]) grid.push(`<line x1="${PLOT.left}" x2="${PLOT.right}" y1="${fixed(y(m * value))}" y2="${fixed(y(m * value))}" stroke="#ececec"/>`)
    }
  }
  for (const kb of sizes) {
    grid.push(`<line x1="${fixed(x(kb))}" x2="${fixed(x(kb))}" y1="${PLOT.top}" y2="${PLOT.bottom}" stroke="#ececec"/>`)
    grid.push(`<text x="${fixed(x(kb))}" y="${PLOT.bottom + 18}" text-anchor="middle">${kbText(kb)}</text>`)
  }

  const lines: string[] = []
  for (const { style, points: pts, anchors } of drawn) {
    const path = pts.map((p, i) => `${i === 0 ? 'M' : 'L'}${fixed(x(p.kb))} ${fixed(y(p.perDelta))}`).join('')
    lines.push(`<g aria-hidden="true"><path d="${path}" fill="none" stroke="${style.color}" stroke-width="2.5"${style.dash ? ` stroke-dasharray="${style.dash}"` : ''}/>`)
    for (const p of pts) {
      lines.push(anchors?.has(p.kb) ? `<circle cx="${fixed(x(p.kb))}" cy="${fixed(y(p.perDelta))}" r="2.5" fill="${style.color}"/>` : marker(style, x(p.kb), y(p.perDelta), p.capped))
    }
    lines.push('</g>')
  }

  // The legend, right of the plot: each series, what it measures when that differs, and its first and last values.
  const legendX = PLOT.right + 24
  const legend: string[] = []
  let legendY = PLOT.top + 6
  for (const { style, points: pts, note } of drawn) {
    const at = (p: Point) => `${kbText(p.kb)} KB: ${p.capped ? '> ' : ''}${short(p.perDelta)}`
    const values = pts.length === 1 ? `${at(pts[0]!)} ms` : `${at(pts[0]!)} → ${at(pts[pts.length - 1]!)} ms`
    const rows = [...(note ? [note] : []), values]
    legend.push(sample(style, legendX, legendY))
    legend.push(`<text x="${legendX + 38}" y="${legendY + 4}" fill="${style.color}" font-weight="600">${escape(style.label)}</text>`)
    rows.forEach((row, i) => legend.push(`<text x="${legendX + 38}" y="${legendY + 20 + i * 15}" fill="#555">${escape(row)}</text>`))
    legendY += 24 + rows.length * 15
  }

  const capped = all.some((p) => p.capped)
  const title = 'Per-delta cost of rendering a streamed reasoning trace in Chromium'
  const subtitle: string[] = []
  if (render) {
    const { machine } = render
    subtitle.push(
      `Chromium ${machine.chromium}, ${machine.cpu} (${machine.cores} cores), ${render.date.slice(0, 10)}` +
        (machine.loadAverage.length > 0 ? ` · load average ${machine.loadAverage.join(' → ')} (shared machine)` : ''),
    )
    subtitle.push(`${render.deltaChars} characters per delta, one delta per task, as fast as the page takes them · lower is better`)
  }
  if (large) subtitle.push(`Dashed, megabyte traces: ${large.environment.replace(/; paced at .*$/, '')}`)
  const description = [
    render
      ? `Milliseconds per delta, from the first delta to the last paint, divided by the number of deltas, for traces of ${[...new Set(render.cells.map((c) => c.kb))].sort((a, b) => a - b).join(', ')} KB (${render.deltaChars} characters per delta).`
      : '',
    large
      ? `The dashed lines are the megabyte flood runs of bench/render/large.ts: the median over ${large.runs} runs of the time from the first delta until all the text was shown, divided by the deltas.`
      : '',
    'Both axes are logarithmic.',
    ...drawn.map(({ style, points: pts, note }) =>
      `${style.label}${note ? ` (${note})` : ''}: ${pts.map((p) => `${kbText(p.kb)} KB ${p.capped ? 'over the cap, at least ' : ''}${short(p.perDelta)} ms`).join('; ')}.`,
    ),
    ...(capped ? ['A hollow marker is a run stopped at its cap: its true cost is higher.'] : []),
  ]
    .filter((s) => s !== '')
    .join(' ')

  const notes: string[] = []
  if (large && render) {
    notes.push(`solid: first delta → last paint (bench/render/run.ts) · dashed: median of ${large.runs} flood runs, first delta → all text shown, ÷ deltas (bench/render/large.ts);`)
    notes.push('a small dot starts a dashed line at a length the solid lines also measure')
  }
  if (capped) notes.push('hollow marker: stopped at the cap, a lower bound (longer traces skipped)')
  const subtitleY = (i: number) => 48 + i * 16

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-labelledby="chart-title chart-desc" ${FONT}>
<title id="chart-title">${escape(title)}</title>
<desc id="chart-desc">${escape(description)}</desc>
<rect width="${WIDTH}" height="${HEIGHT}" rx="8" fill="#fff"/>
<text x="20" y="28" font-size="16" font-weight="600" fill="#111">${escape(title)}</text>
${subtitle.map((s, i) => `<text x="20" y="${subtitleY(i)}" fill="#555">${escape(s)}</text>`).join('\n')}
<g aria-hidden="true">
${grid.join('\n')}
<rect x="${PLOT.left}" y="${PLOT.top}" width="${PLOT.right - PLOT.left}" height="${PLOT.bottom - PLOT.top}" fill="none" stroke="#888"/>
<text x="${(PLOT.left + PLOT.right) / 2}" y="${PLOT.bottom + 40}" text-anchor="middle">trace length (KB)</text>
<text transform="translate(${PLOT.left - 48} ${(PLOT.top + PLOT.bottom) / 2}) rotate(-90)" text-anchor="middle">ms per delta</text>
${notes.map((n, i) => `<text x="20" y="${PLOT.bottom + 62 + i * 16}" fill="#555">${escape(n)}</text>`).join('\n')}
</g>
${lines.join('\n')}
<g aria-hidden="true">
${legend.join('\n')}
</g>
</svg>
`
}

/** One statistic over runs, as bench/history/run.ts reports it. */
interface Spread {
  readonly median: number
  readonly min: number
  readonly max: number
}

/** bench/results/history.json, the parts drawn here (written by bench/history/run.ts). */
interface HistoryResults {
  readonly machine: RenderResults['machine']
  readonly date: string
  readonly blockChars: number
  readonly deltaChars: number
  readonly deltas: number
  readonly runs: number
  readonly deltaCells: readonly {
    readonly view: 'stream' | 'chat'
    readonly blocks: number
    readonly commitMedianMs: Spread
    readonly taskMsPerDelta: Spread
  }[]
}

const VIEW_STYLE: Record<HistoryResults['deltaCells'][number]['view'], Style> = {
  stream: { label: 'ReasoningStream over all blocks', color: '#0072B2', marker: 'circle' },
  chat: { label: 'chat: one ReasoningTimeline per turn', color: '#D55E00', marker: 'square', dash: '6 4' },
}

/** A round upper bound for a linear axis from zero, and its tick step. */
function niceAxis(max: number): { readonly max: number; readonly step: number } {
  const rough = max / 5
  const power = 10 ** Math.floor(Math.log10(rough))
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough)!
  return { max: Math.ceil(max / step) * step, step }
}

const H_WIDTH = 920
const H_HEIGHT = 470
const PANELS = [
  { left: 66, right: 410, measure: 'commitMedianMs', title: 'React commit per delta (store notification → commit)' },
  { left: 522, right: 856, measure: 'taskMsPerDelta', title: 'main-thread CPU per delta (script, style, layout, paint)' },
] as const
const H_TOP = 152
const H_BOTTOM = 380

/** Per-delta cost against the finished blocks in the history (docs/perf-history.svg). */
export function historyChart(history: HistoryResults): string {
  const views = (Object.keys(VIEW_STYLE) as (keyof typeof VIEW_STYLE)[]).filter((v) => history.deltaCells.some((c) => c.view === v))
  const cellsOf = (view: string) => history.deltaCells.filter((c) => c.view === view).sort((a, b) => a.blocks - b.blocks)
  const blocks = [...new Set(history.deltaCells.map((c) => c.blocks))].sort((a, b) => a - b)
  if (blocks.length === 0) throw new Error('history results have no deltaCells')
  // Log x, padded a little so the end bars stand clear of the frame.
  const lo = Math.log(blocks[0]! / 1.3)
  const hi = Math.log(blocks[blocks.length - 1]! * 1.3)
  // The two views side by side at each history length, so their bars do not cover each other.
  const dodge = (view: string) => (views.length < 2 ? 0 : view === views[0] ? -4 : 4)

  const body: string[] = []
  const description: string[] = [
    `Per-delta cost of streaming one more turn after a history of finished reasoning blocks (~${history.blockChars.toLocaleString('en')} characters of markdown each, two per turn), against the number of finished blocks (logarithmic): ${history.deltas} deltas of ${history.deltaChars} characters, one per frame; medians over ${history.runs} runs with the min–max range.`,
    'Left: React render and commit per delta, from the store notification to the commit. Right: main-thread CPU (thread time) per delta over the whole frame: script, style, layout and paint.',
  ]
  for (const view of views) {
    const cells = cellsOf(view)
    description.push(
      `${VIEW_STYLE[view].label}: ` +
        cells.map((c) => `${c.blocks} blocks commit ${c.commitMedianMs.median} ms (${c.commitMedianMs.min}–${c.commitMedianMs.max}), CPU ${c.taskMsPerDelta.median} ms (${c.taskMsPerDelta.min}–${c.taskMsPerDelta.max})`).join('; ') +
        '.',
    )
  }

  for (const panel of PANELS) {
    const x = (n: number) => panel.left + ((Math.log(n) - lo) / (hi - lo)) * (panel.right - panel.left)
    const axis = niceAxis(Math.max(...history.deltaCells.map((c) => c[panel.measure].max)))
    const y = (ms: number) => H_BOTTOM - (ms / axis.max) * (H_BOTTOM - H_TOP)
    const g: string[] = ['<g aria-hidden="true">']
    for (let v = 0; v <= axis.max + 1e-9; v += axis.step) {
      g.push(`<line x1="${panel.left}" x2="${panel.right}" y1="${fixed(y(v))}" y2="${fixed(y(v))}" stroke="${v === 0 ? '#d0d0d0' : '#ececec'}"/>`)
      g.push(`<text x="${panel.left - 8}" y="${fixed(y(v) + 4)}" text-anchor="end">${short(v)}</text>`)
    }
    for (const n of blocks) {
      g.push(`<line x1="${fixed(x(n))}" x2="${fixed(x(n))}" y1="${H_TOP}" y2="${H_BOTTOM}" stroke="#ececec"/>`)
      g.push(`<text x="${fixed(x(n))}" y="${H_BOTTOM + 18}" text-anchor="middle">${n}</text>`)
    }
    const frame = 1000 / 60
    if (frame <= axis.max) {
      g.push(`<line x1="${panel.left}" x2="${panel.right}" y1="${fixed(y(frame))}" y2="${fixed(y(frame))}" stroke="#888" stroke-dasharray="3 3"/>`)
      g.push(`<text x="${panel.left + 6}" y="${fixed(y(frame) - 5)}" fill="#555">one 60 Hz frame, 16.7 ms</text>`)
    }
    g.push(`<rect x="${panel.left}" y="${H_TOP}" width="${panel.right - panel.left}" height="${H_BOTTOM - H_TOP}" fill="none" stroke="#888"/>`)
    g.push(`<text x="${panel.left}" y="${H_TOP - 12}" font-weight="600" fill="#111">${escape(panel.title)}</text>`)
    g.push(`<text x="${(panel.left + panel.right) / 2}" y="${H_BOTTOM + 40}" text-anchor="middle">finished blocks in the history</text>`)
    g.push(`<text transform="translate(${panel.left - 42} ${(H_TOP + H_BOTTOM) / 2}) rotate(-90)" text-anchor="middle">ms per delta</text>`)
    const ends: { view: keyof typeof VIEW_STYLE; y: number; text: string }[] = []
    for (const view of views) {
      const style = VIEW_STYLE[view]
      const cells = cellsOf(view)
      const px = (n: number) => x(n) + dodge(view)
      g.push(`<path d="${cells.map((c, i) => `${i === 0 ? 'M' : 'L'}${fixed(px(c.blocks))} ${fixed(y(c[panel.measure].median))}`).join('')}" fill="none" stroke="${style.color}" stroke-width="2.5"${style.dash ? ` stroke-dasharray="${style.dash}"` : ''}/>`)
      for (const c of cells) {
        const s = c[panel.measure]
        const bx = fixed(px(c.blocks))
        g.push(`<path d="M${bx} ${fixed(y(s.min))}V${fixed(y(s.max))}M${fixed(bx - 3.5)} ${fixed(y(s.min))}h7M${fixed(bx - 3.5)} ${fixed(y(s.max))}h7" stroke="${style.color}" stroke-width="1.5"/>`)
        g.push(marker(style, px(c.blocks), y(s.median), false))
      }
      const last = cells[cells.length - 1]!
      ends.push({ view, y: y(last[panel.measure].median) + 4, text: `${short(last[panel.measure].median)} ms` })
    }
    const placed = spread(
      ends.map((e) => e.y),
      15,
    )
    ends.forEach((e, i) => g.push(`<text x="${panel.right + 8}" y="${fixed(placed[i]!)}" fill="${VIEW_STYLE[e.view].color}" font-weight="600">${e.text}</text>`))
    g.push('</g>')
    body.push(g.join('\n'))
  }

  const legend: string[] = ['<g aria-hidden="true">']
  let lx = 20
  for (const view of views) {
    const style = VIEW_STYLE[view]
    legend.push(sample(style, lx, 100))
    legend.push(`<text x="${lx + 38}" y="104" fill="${style.color}" font-weight="600">${escape(style.label)}</text>`)
    lx += 38 + style.label.length * 7 + 30
  }
  legend.push(`<path d="M${lx + 4} 94V106M${lx} 94h8M${lx} 106h8" stroke="#555" stroke-width="1.5"/>`)
  legend.push(`<text x="${lx + 16}" y="104" fill="#555">median of ${history.runs} runs, bar: min–max</text>`)
  legend.push('</g>')

  const { machine } = history
  const title = 'Per-delta cost as the conversation grows: streaming one more turn after N finished blocks'
  const subtitle = [
    `Chromium ${machine.chromium}, ${machine.cpu} (${machine.cores} cores), ${history.date.slice(0, 10)}` +
      (machine.loadAverage.length > 0 ? ` · load average ${machine.loadAverage.join(' → ')} (shared machine)` : ''),
    `Finished blocks of ~${history.blockChars.toLocaleString('en')} characters of markdown, two per turn; ${history.deltas} deltas of ${history.deltaChars} characters, one per frame · lower is better`,
  ]
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${H_WIDTH}" height="${H_HEIGHT}" viewBox="0 0 ${H_WIDTH} ${H_HEIGHT}" role="img" aria-labelledby="history-title history-desc" ${FONT}>
<title id="history-title">${escape(title)}</title>
<desc id="history-desc">${escape(description.join(' '))}</desc>
<rect width="${H_WIDTH}" height="${H_HEIGHT}" rx="8" fill="#fff"/>
<text x="20" y="28" font-size="16" font-weight="600" fill="#111">${escape(title)}</text>
${subtitle.map((s, i) => `<text x="20" y="${48 + i * 16}" fill="#555">${escape(s)}</text>`).join('\n')}
${legend.join('\n')}
${body.join('\n')}
<text x="20" y="${H_HEIGHT - 18}" fill="#555" aria-hidden="true">The commit is React's work per delta; the CPU adds the browser's style, layout and paint that follow it, over the whole page.</text>
</svg>
`
}

const render = readJson<RenderResults>(renderInput, 'the 25–200 KB lines of the per-delta chart')
const large = readJson<LargeResults>(largeInput, 'the megabyte points of the per-delta chart')
if (render || large) write(output, chart(render, large), [render ? renderInput : null, large ? largeInput : null].filter((f) => f !== null))
else console.log(`Neither results file: not writing ${relative(repo, output)}`)
const history = readJson<HistoryResults>(historyInput, 'the history chart')
if (history) write(historyOutput, historyChart(history), [historyInput])
