/**
 * End-to-end harness: the real demo server on a free port serving the built
 * page, the engine this project runs in (Chromium, Firefox or WebKit: the
 * project's `engine`, see ./engines.ts), and a recorder installed in the page
 * once it has loaded and before the user sends anything, so states that pass
 * quickly (a panel open while it streams, the "Thinking…" label) are seen
 * however fast the run goes.
 */
import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { expect, inject } from 'vitest'
import { createDemoServer } from '../../demo/server/server'
import { heldAgent } from './held-agent'
import { Page } from './driver'
import { launchEngine, type Engine, type EngineName } from './engines'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The engine of this e2e project (vitest.config.ts). */
    engine: EngineName
  }
}

export const engineName: EngineName = inject('engine')

/** Screenshots and metrics of this engine's run: test-results/e2e/<engine>/. */
export const artifacts = resolve(import.meta.dirname, '../../test-results/e2e', engineName)

export interface Demo {
  readonly url: string
  readonly engine: Engine
  close(): Promise<void>
}

/**
 * Starts the server (pace: the scripted agents' sleeps × `pace`; slow enough
 * that a run spans many frames, fast enough to keep the suite short) and the engine.
 * WebKit gets the scripts' own pace: under Xvfb, beside the two other engines' lanes on a
 * 2-core machine, it once showed the legacy agent's short reasoning (about 350 characters,
 * 0.3 s at half pace) in a single frame, and a test that checks the text grew in front of
 * the reader cannot pass on one frame. (Firefox, at half pace beside the other lanes, once did
 * too: that reasoning is now a paragraph longer, about 0.6 s at half pace, as long as a short
 * real one.)
 */
export async function startDemo(pace = engineName === 'webkit' ? 1 : 0.5): Promise<Demo> {
  const demo = createDemoServer({ staticDir: inject('demoDist'), pace, extraAgents: [heldAgent] })
  const { url } = await demo.listen(0, '127.0.0.1')
  const engine = await launchEngine(engineName).catch(async (error: unknown) => {
    await demo.close()
    throw error
  })
  return {
    url,
    engine,
    async close() {
      await engine.close()
      await demo.close()
    },
  }
}

export interface PanelRecord {
  /** `data-status` values seen, in order, without repeats. */
  readonly statuses: string[]
  /** `data-state` values seen, in order, without repeats. */
  readonly states: string[]
  /** Status-label texts seen, in order, without repeats. */
  readonly labels: string[]
  /** How many letters and digits the streamed reasoning text showed while the panel was open and streaming. */
  readonly streamedLengths: number[]
  /** The whole streamed text's lengths seen then (markdown's syntax included): how many frames it grew in. */
  readonly streamedRaw: number[]
}

declare global {
  interface Window {
    __panels: Record<string, PanelRecord>
    /** Long tasks (over 50 ms) since the page began loading. */
    __longTasks: { start: number; duration: number }[]
    /** `performance.now()` when the last message was sent (see `send`). */
    __sentAt: number
    __errors: string[]
    /** Watched strings that were in the page's text at any moment. */
    __seen: string[]
  }
}

/**
 * Runs in the page before its scripts: records every panel's states, every long
 * task, every page error, and whether any of `watch` was ever in the page's text
 * (so a leak while streaming is caught, not only in the end state).
 */
function recorder(watch: readonly string[]): void {
  window.__panels = {}
  window.__longTasks = []
  window.__sentAt = Number.NaN
  window.__errors = []
  window.__seen = []
  window.addEventListener('error', (e) => window.__errors.push(String(e.message)))
  window.addEventListener('unhandledrejection', (e) => window.__errors.push(String(e.reason)))
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks.push({ start: entry.startTime, duration: entry.duration })
    }).observe({ type: 'longtask', buffered: true })
  } catch {
    // No Long Tasks API: the list stays empty.
  }
  const push = (list: (string | number)[], value: string | number) => {
    if (list[list.length - 1] !== value) list.push(value)
  }
  const scan = () => {
    if (watch.length > 0) {
      const text = document.body?.textContent ?? ''
      for (const w of watch) if (!window.__seen.includes(w) && text.includes(w)) window.__seen.push(w)
    }
    for (const panel of document.querySelectorAll<HTMLElement>('[data-slot="reasoning-panel"]')) {
      const id = panel.dataset.blockId ?? ''
      const record = (window.__panels[id] ??= { statuses: [], states: [], labels: [], streamedLengths: [], streamedRaw: [] })
      push(record.statuses, panel.dataset.status ?? '')
      push(record.states, panel.dataset.state ?? '')
      const label = panel.querySelector('[data-slot="reasoning-status"]')?.textContent
      if (label) push(record.labels, label)
      const text = panel.querySelector('[data-slot="reasoning-text"]')?.textContent
      // Letters and digits: markdown's syntax shows as text until its construct closes (a table's
      // pipes until its delimiter row comes, `**` until its pair), then goes; what was written stays.
      if (text !== undefined && panel.dataset.status === 'streaming' && panel.dataset.state === 'open') {
        push(record.streamedLengths, text.replace(/[^\p{L}\p{N}]/gu, '').length)
        push(record.streamedRaw, text.length)
      }
    }
  }
  new MutationObserver(scan).observe(document, { subtree: true, childList: true, attributes: true, characterData: true })
}

export interface OpenOptions {
  readonly agent: string
  readonly visibility?: 'none' | 'summary' | 'full'
  readonly theme?: 'light' | 'dark' | 'brand'
  readonly locale?: string
  readonly wire?: 'sse' | 'protobuf'
  /** Strings the recorder reports if they are ever in the page's text (see `seen`). */
  readonly watch?: readonly string[]
}

/** A fresh page on the demo (900 × 1000) with the given switches (through the URL, as a user can share them). */
export async function openDemo(demo: Demo, options: OpenOptions): Promise<{ context: { close(): Promise<void> }; page: Page }> {
  const backend = await demo.engine.newPage(900, 1000)
  const page = new Page(backend, [`(${recorder.toString()})(${JSON.stringify(options.watch ?? [])})`])
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(options)) if (typeof value === 'string') query.set(key, value)
  await page.goto(`${demo.url}/?${query}`)
  const agent = page.getByRole('combobox', { name: 'Agent' })
  await expectEventually(async () => (await agent.count()) === 1 && !(await agent.evaluate((el) => (el as HTMLSelectElement).disabled)), 'the Agent picker is enabled')
  return { context: page, page }
}

/** Polls `check` until it holds (15 s). */
async function expectEventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 15_000
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** Types a message into the composer and sends it with Enter, as a user does. */
export async function send(page: Page, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Message' })
  const turns = page.locator('.demo-turn')
  const before = await turns.count()
  await box.fill(text)
  await page.evaluate(() => (window.__sentAt = performance.now()))
  await box.press('Enter')
  // The turn is on the page, and the composer offers "Stop" (the same update), before anyone waits
  // for the turn to end: in WebKit under load, the "Send" of before the Enter was handled was still
  // there, a wait for the end returned at once, and the next check found one panel, not two.
  await expect.poll(() => turns.count(), { timeout: 15_000 }).toBeGreaterThan(before)
}

/** Waits until the composer offers "Send" again: the turn has ended. */
export async function turnEnded(page: Page, timeout = 45_000): Promise<void> {
  await page.getByRole('button', { name: 'Send' }).waitFor({ timeout })
}

export async function panelRecords(page: Page): Promise<Record<string, PanelRecord>> {
  return page.evaluate(() => window.__panels)
}

/** The watched strings (`OpenOptions.watch`) that were in the page's text at any moment so far. */
export async function seen(page: Page): Promise<string[]> {
  return page.evaluate(() => window.__seen)
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(artifacts, { recursive: true })
  const path = resolve(artifacts, `${name}.png`)
  // The conversation scrolls inside the app shell: show the newest turn, as a user sees it.
  await page.locator('.demo-main').evaluate((main) => main.scrollTo({ top: main.scrollHeight }))
  // Let a panel that was just opened finish its animation first.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))))
  await page.waitForTimeout(250)
  await page.screenshot({ path })
  return path
}
