#!/usr/bin/env node
// Sets each engine's screenshots of the same state side by side, so that differences between
// Chromium, Firefox and WebKit are seen at a glance (issue 14). Reads what the lanes wrote:
//
//   test-results/screenshots/<engine>/<state>.png   the key stories (browser lane)
//   test-results/e2e/<engine>/<state>.png           the demo (e2e scenario)
//
// and writes test-results/engines/<source>-<state>.png (one row: Chromium | Firefox | WebKit,
// each labelled, a missing capture marked) plus test-results/engines/index.html. The sheets are
// drawn by the system Chromium (playwright-core), as everything else here.
//
// Fails if an engine has no capture of a state another engine captured: every lane must produce
// its key-state screenshots. `--allow-missing` draws the sheets anyway (running one engine alone).
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { chromium } from 'playwright-core'
import { chromiumArgs, chromiumPath } from '../test/helpers/chromium.mjs'

const root = resolve(import.meta.dirname, '..')
const engines = ['chromium', 'firefox', 'webkit']
const sources = [
  { key: 'stories', dir: 'test-results/screenshots' },
  { key: 'demo', dir: 'test-results/e2e' },
]
const out = resolve(root, 'test-results/engines')
const allowMissing = process.argv.includes('--allow-missing')

const pngs = (dir) => (existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.png')) : [])
const escape = (text) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)

/** One sheet's page: the three captures in a row, each under its engine's name. */
function sheetHtml(title, cells) {
  const cell = ({ engine, png }) =>
    `<figure><figcaption>${engine}</figcaption>${png ? `<img src="data:image/png;base64,${png.toString('base64')}" alt="${engine}">` : '<div class="missing">no capture</div>'}</figure>`
  return `<!doctype html><meta charset="utf-8"><style>
    body { margin: 0; padding: 16px; font: 14px/1.4 system-ui, sans-serif; background: #f6f8fa; color: #1f2328 }
    h1 { font-size: 15px; margin: 0 0 12px }
    .row { display: flex; gap: 16px; align-items: flex-start }
    figure { margin: 0; background: #fff; border: 1px solid #d1d9e0; border-radius: 6px; padding: 8px }
    figcaption { font-weight: 600; margin-bottom: 6px }
    img { display: block; max-width: 640px; height: auto }
    .missing { width: 240px; padding: 40px 0; text-align: center; color: #cf222e; border: 1px dashed #cf222e }
  </style><h1>${escape(title)}</h1><div class="row">${cells.map(cell).join('')}</div>`
}

rmSync(out, { recursive: true, force: true })
mkdirSync(out, { recursive: true })
const sheets = []
const gaps = []
for (const source of sources) {
  const names = new Set(engines.flatMap((engine) => pngs(resolve(root, source.dir, engine))))
  for (const name of [...names].sort()) {
    const cells = engines.map((engine) => {
      const path = resolve(root, source.dir, engine, name)
      return { engine, png: existsSync(path) ? readFileSync(path) : undefined }
    })
    for (const { engine, png } of cells) if (!png) gaps.push(`${source.dir}/${engine}/${name}`)
    sheets.push({ file: `${source.key}-${name}`, title: `${source.key}: ${name.replace(/\.png$/, '')}`, cells })
  }
}
if (sheets.length === 0) {
  console.error('engine-sheets: no screenshots under test-results/screenshots/<engine>/ or test-results/e2e/<engine>/: run the browser lanes first')
  process.exit(1)
}

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
try {
  const page = await browser.newPage({ viewport: { width: 2100, height: 400 } })
  for (const sheet of sheets) {
    await page.setContent(sheetHtml(sheet.title, sheet.cells))
    await page.evaluate(() => Promise.all([...document.images].map((img) => img.decode())))
    await page.screenshot({ path: resolve(out, sheet.file), fullPage: true })
  }
} finally {
  await browser.close()
}
const index = `<!doctype html><meta charset="utf-8"><title>Three engines side by side</title>
<style>body { font: 14px system-ui, sans-serif; margin: 16px } img { max-width: 100%; border: 1px solid #d1d9e0; margin: 4px 0 24px }</style>
<h1>Chromium · Firefox · WebKit</h1>
${sheets.map((s) => `<h2>${escape(s.title)}</h2><img src="${escape(s.file)}" alt="${escape(s.title)}">`).join('\n')}`
writeFileSync(resolve(out, 'index.html'), index)
console.log(`engine-sheets: ${sheets.length} sheets in test-results/engines/ (index.html)`)
if (gaps.length > 0) {
  console.error(`engine-sheets: ${gaps.length} capture(s) missing:\n  ${gaps.join('\n  ')}`)
  if (!allowMissing) process.exit(1)
}
