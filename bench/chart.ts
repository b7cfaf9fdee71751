/**
 * Draws docs/perf-chart.svg from bench/results/render.json (written by
 * `tsx bench/render/run.ts`): per-delta cost — first delta to the last paint,
 * divided by the number of deltas — against trace length, one line per
 * contender, both axes logarithmic. A flat line means the cost of a delta does
 * not grow with the trace; a rising one means rendering is superlinear.
 *
 *   tsx bench/chart.ts [results.json] [chart.svg]
 *
 * Hand-written SVG on its own white background (readable on light and dark
 * pages), with a <title> and a <desc> that lists every value.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import type { ContenderName } from './render/protocol'
import type { Cell, Measurement, RenderResults } from './render/results'

const repo = resolve(import.meta.dirname, '..')
const input = resolve(repo, process.argv[2] ?? 'bench/results/render.json')
const output = resolve(repo, process.argv[3] ?? 'docs/perf-chart.svg')

/** How each contender is drawn: colours from the Okabe–Ito palette (colour-blind safe), plus a marker and dash each. */
const STYLE: Record<ContenderName, { readonly label: string; readonly color: string; readonly marker: 'circle' | 'square' | 'diamond' | 'triangle'; readonly dash?: string }> = {
  kit: { label: 'reasoning-ui ReasoningPanel (markdown)', color: '#0072B2', marker: 'circle' },
  'kit-plain': { label: 'reasoning-ui ReasoningPanel, plain text', color: '#8A6D00', marker: 'circle', dash: '2 3' },
  naive: { label: 'naive useState text', color: '#D55E00', marker: 'square' },
  streamdown: { label: 'Streamdown (AI Elements)', color: '#A0527F', marker: 'diamond' },
  floor: { label: 'plain-DOM floor', color: '#007A5A', marker: 'triangle', dash: '6 4' },
}

const WIDTH = 900
const HEIGHT = 470
const PLOT = { left: 78, right: 580, top: 92, bottom: 400 }

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
const fixed = (value: number) => Number(value.toFixed(1))

/** A number as the axis and the description print it: 0.05, 1.2, 35. */
function short(value: number): string {
  if (value >= 10) return String(Math.round(value))
  if (value >= 1) return value.toFixed(1).replace(/\.0$/, '')
  return String(Number(value.toPrecision(2)))
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

function marker(shape: (typeof STYLE)[ContenderName]['marker'], x: number, y: number, color: string, hollow: boolean): string {
  const paint = hollow ? `fill="#fff" stroke="${color}" stroke-width="2"` : `fill="${color}"`
  switch (shape) {
    case 'circle':
      return `<circle cx="${fixed(x)}" cy="${fixed(y)}" r="4.5" ${paint}/>`
    case 'square':
      return `<rect x="${fixed(x - 4)}" y="${fixed(y - 4)}" width="8" height="8" ${paint}/>`
    case 'diamond':
      return `<path d="M${fixed(x)} ${fixed(y - 5.5)}L${fixed(x + 5.5)} ${fixed(y)}L${fixed(x)} ${fixed(y + 5.5)}L${fixed(x - 5.5)} ${fixed(y)}Z" ${paint}/>`
    case 'triangle':
      return `<path d="M${fixed(x)} ${fixed(y - 5.5)}L${fixed(x + 5.5)} ${fixed(y + 4.5)}L${fixed(x - 5.5)} ${fixed(y + 4.5)}Z" ${paint}/>`
  }
}

/** Moves end labels apart vertically so none overlap, keeping their order. */
function spread(ys: number[], gap: number): number[] {
  const order = ys.map((y, i) => ({ y, i })).sort((a, b) => a.y - b.y)
  for (let k = 1; k < order.length; k++) order[k]!.y = Math.max(order[k]!.y, order[k - 1]!.y + gap)
  const placed: number[] = []
  for (const { y, i } of order) placed[i] = y
  return placed
}

export function chart(results: RenderResults): string {
  const contenders = (Object.keys(STYLE) as ContenderName[]).filter((c) => results.cells.some((cell) => cell.contender === c))
  const series = contenders.map((c) => ({ contender: c, points: points(results.cells, c, results.capMs) }))
  const all = series.flatMap((s) => s.points)
  if (all.length === 0) throw new Error(`${relative(repo, input)} has no measured cells`)
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
    grid.push(`<text x="${fixed(x(kb))}" y="${PLOT.bottom + 18}" text-anchor="middle">${kb}</text>`)
  }

  const lines: string[] = []
  const ends: { contender: ContenderName; x: number; y: number; text: string }[] = []
  for (const { contender, points: pts } of series) {
    if (pts.length === 0) continue
    const { color, dash, marker: shape, label } = STYLE[contender]
    const path = pts.map((p, i) => `${i === 0 ? 'M' : 'L'}${fixed(x(p.kb))} ${fixed(y(p.perDelta))}`).join('')
    lines.push(`<g aria-hidden="true"><path d="${path}" fill="none" stroke="${color}" stroke-width="2.5"${dash ? ` stroke-dasharray="${dash}"` : ''}/>`)
    for (const p of pts) lines.push(marker(shape, x(p.kb), y(p.perDelta), color, p.capped))
    lines.push('</g>')
    const last = pts[pts.length - 1]!
    ends.push({ contender, x: x(last.kb), y: y(last.perDelta), text: `${label}: ${last.capped ? '> ' : ''}${short(last.perDelta)} ms` })
  }
  const labelYs = spread(ends.map((e) => e.y + 4), 16)
  const labels = ends.map(
    (e, i) => `<text x="${fixed(e.x + 12)}" y="${fixed(labelYs[i]!)}" fill="${STYLE[e.contender].color}" font-weight="600">${escape(e.text)}</text>`,
  )

  const { machine } = results
  const capped = all.some((p) => p.capped)
  const title = 'Per-delta cost of rendering a streamed reasoning trace in Chromium'
  const subtitle = [
    `Chromium ${machine.chromium}, ${machine.cpu} (${machine.cores} cores), ${results.date.slice(0, 10)}` +
      (machine.loadAverage.length > 0 ? ` · load average ${machine.loadAverage.join(' → ')} (shared machine)` : ''),
    `${results.deltaChars} characters per delta, one delta per task, as fast as the page takes them · lower is better`,
  ]
  const description = [
    `Milliseconds per delta, from the first delta to the last paint, divided by the number of deltas, for traces of ${sizes.join(', ')} KB (${results.deltaChars} characters per delta). Both axes are logarithmic.`,
    ...series.map(({ contender, points: pts }) =>
      `${STYLE[contender].label}: ${pts.map((p) => `${p.kb} KB ${p.capped ? 'over the cap, at least ' : ''}${short(p.perDelta)} ms`).join('; ') || 'not measured'}.`,
    ),
    ...(capped ? [`A hollow marker is a run stopped at the ${results.capMs / 1000} s cap: its true cost is higher.`] : []),
  ].join(' ')

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-labelledby="chart-title chart-desc" font-family="system-ui, -apple-system, 'Segoe UI', sans-serif" font-size="12" fill="#333">
<title id="chart-title">${escape(title)}</title>
<desc id="chart-desc">${escape(description)}</desc>
<rect width="${WIDTH}" height="${HEIGHT}" rx="8" fill="#fff"/>
<text x="${PLOT.left - 58}" y="28" font-size="16" font-weight="600" fill="#111">${escape(title)}</text>
<text x="${PLOT.left - 58}" y="48" fill="#555">${escape(subtitle[0]!)}</text>
<text x="${PLOT.left - 58}" y="64" fill="#555">${escape(subtitle[1]!)}</text>
<g aria-hidden="true">
${grid.join('\n')}
<rect x="${PLOT.left}" y="${PLOT.top}" width="${PLOT.right - PLOT.left}" height="${PLOT.bottom - PLOT.top}" fill="none" stroke="#888"/>
<text x="${(PLOT.left + PLOT.right) / 2}" y="${PLOT.bottom + 40}" text-anchor="middle">trace length (KB)</text>
<text transform="translate(${PLOT.left - 48} ${(PLOT.top + PLOT.bottom) / 2}) rotate(-90)" text-anchor="middle">ms per delta (first delta → last paint)</text>
${capped ? `<text x="${PLOT.left}" y="${PLOT.bottom + 60}" fill="#555">hollow marker: stopped at the ${results.capMs / 1000} s cap, a lower bound (longer traces skipped)</text>` : ''}
</g>
${lines.join('\n')}
<g aria-hidden="true">
${labels.join('\n')}
</g>
</svg>
`
}

const results = JSON.parse(readFileSync(input, 'utf8')) as RenderResults
mkdirSync(dirname(output), { recursive: true })
writeFileSync(output, chart(results))
console.log(`Wrote ${relative(repo, output)} from ${relative(repo, input)}`)
