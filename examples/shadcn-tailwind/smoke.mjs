// The added component, styled by the app's Tailwind build, streaming a scripted AG-UI run:
// it streams, then finishes; its classes are applied; its text is there when opened; the
// keyboard opens and closes it; axe finds nothing in it (contrast included), streaming, open, and
// open in dark mode.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

const axeSource = readFileSync(join(import.meta.dirname, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8')

/** axe-core's violations inside the panel, as readable lines. */
async function axeViolations(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource })
  return page.evaluate(async () => {
    // Contrast is measured as painted: let finite animations (the opening fade) end first.
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
    await Promise.all(finite.map((animation) => animation.finished))
    const { violations } = await window.axe.run(document.querySelector('[data-slot="reasoning-card"]'))
    return violations.map((v) => `${v.id} (${v.nodes.length}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  })
}

/** Records every `data-status` the panel shows, from before the app's first render. */
function recordStatuses() {
  const seen = []
  const note = () => {
    const status = document.querySelector('[data-slot="reasoning-card"]')?.getAttribute('data-status')
    if (status && seen.at(-1) !== status) seen.push(status)
  }
  new MutationObserver(note).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-status'] })
  Object.defineProperty(window, '__reasoningStatuses', { value: seen })
}

export default async function smoke({ page, baseURL }) {
  await page.addInitScript(recordStatuses)
  await page.goto(baseURL)

  const panel = page.locator('[data-slot="reasoning-card"]')
  const trigger = panel.locator('[data-slot="reasoning-card-trigger"]')
  await panel.waitFor()

  // Tailwind's classes reached the element: a border, a radius, the theme's card colour.
  const box = await panel.evaluate((element) => {
    const style = getComputedStyle(element)
    return { border: style.borderTopWidth, radius: style.borderTopLeftRadius, background: style.backgroundColor }
  })
  if (box.border !== '1px') throw new Error(`the panel has no border (border-top-width ${box.border}): Tailwind's classes are not applied`)
  if (box.radius === '0px') throw new Error('the panel has no rounded corners: Tailwind\'s classes are not applied')
  if (box.background === 'rgba(0, 0, 0, 0)') throw new Error('the panel has no background (bg-card): the theme tokens are not applied')
  const padding = await trigger.evaluate((element) => getComputedStyle(element).paddingInlineStart)
  if (padding === '0px') throw new Error('the trigger has no inline padding (px-3): Tailwind\'s classes are not applied')

  await page.waitForFunction(() => (document.querySelector('[data-slot="reasoning-card"]')?.textContent ?? '').includes('A rename in place is out.'), undefined, { polling: 100 })
  const whileStreaming = await axeViolations(page)
  if (whileStreaming.length > 0) throw new Error(`axe, while streaming:\n${whileStreaming.join('\n')}`)

  // Streaming, then finished: the status wording follows.
  // Polled on a timer, not in frames, up to the runner's 30 s (a limit that only ends a hung run).
  await page.waitForFunction(() => document.querySelector('[data-slot="reasoning-card"]')?.getAttribute('data-status') === 'complete', undefined, { polling: 100 })
  const statuses = await page.evaluate(() => window.__reasoningStatuses)
  if (statuses[0] !== 'streaming' || statuses.at(-1) !== 'complete') throw new Error(`expected streaming, then complete; the panel went ${JSON.stringify(statuses)}`)
  const label = (await trigger.innerText()).trim()
  if (!/^Thought for /.test(label)) throw new Error(`the finished panel says "${label}", not "Thought for …"`)
  if (!label.includes('Checking what the migration touches')) throw new Error(`the status row has no title: "${label}"`)

  // The default policy collapses a finished panel; the user opens it with the keyboard.
  await page.waitForFunction(() => document.querySelector('[data-slot="reasoning-card"]')?.getAttribute('data-state') === 'closed', undefined, { polling: 100 })
  const content = panel.locator('[data-slot="reasoning-card-content"]')
  if (await content.isVisible()) throw new Error('the collapsed panel still shows its text')
  await page.keyboard.press('Tab')
  if (!(await trigger.evaluate((element) => element === document.activeElement))) throw new Error('Tab does not reach the trigger first')
  const ring = await trigger.evaluate((element) => getComputedStyle(element).boxShadow)
  if (ring === 'none') throw new Error('the focused trigger shows no focus ring')
  await page.keyboard.press('Enter')
  if ((await trigger.getAttribute('aria-expanded')) !== 'true') throw new Error('Enter on the trigger did not open the panel')
  await content.waitFor({ state: 'visible' })
  const text = await content.innerText()
  for (const expected of ['A rename in place is out.', 'Backfill old rows in batches', 'otherwise the dual writes fail']) {
    if (!text.includes(expected)) throw new Error(`the opened panel does not show "${expected}": ${JSON.stringify(text.slice(0, 200))}`)
  }
  // Markdown from the stream is elements, styled: the bold title is a heading, the list a list.
  const list = await content.locator('ol').evaluate((element) => getComputedStyle(element).listStyleType)
  if (list !== 'decimal') throw new Error(`the numbered list is not styled (list-style-type ${list})`)
  const code = await content.locator('pre code').innerText()
  if (!code.includes('ON CONFLICT (id) DO NOTHING;')) throw new Error(`the SQL block is not a code block: ${JSON.stringify(code)}`)
  const whenOpen = await axeViolations(page)
  if (whenOpen.length > 0) throw new Error(`axe, opened:\n${whenOpen.join('\n')}`)
  // Dark mode: the theme's .dark tokens, the same checks.
  const lightBackground = box.background
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.waitForFunction(() => document.documentElement.classList.contains('dark'), undefined, { polling: 100 })
  const darkBackground = await panel.evaluate((element) => getComputedStyle(element).backgroundColor)
  if (darkBackground === lightBackground) throw new Error(`the panel keeps its light background (${darkBackground}) in dark mode`)
  const inDark = await axeViolations(page)
  if (inDark.length > 0) throw new Error(`axe, opened, dark:\n${inDark.join('\n')}`)

  await page.keyboard.press('Space')
  if ((await trigger.getAttribute('aria-expanded')) !== 'false') throw new Error('Space on the trigger did not close the panel')
  await content.waitFor({ state: 'hidden' })
}
