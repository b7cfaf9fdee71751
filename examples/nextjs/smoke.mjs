// Run by scripts/examples.mjs against the built app (`npm start`): what a user sees.
// The runner fails the example on any page error, console error or request that leaves localhost.

/**
 * @param {{
 *   page: import('playwright-core').Page,
 *   baseURL: string,
 *   newPage: (options?: import('playwright-core').BrowserContextOptions) => Promise<import('playwright-core').Page>,
 *   statesOf: (panel: import('playwright-core').Locator) => Promise<{ status: string | null, row: string }[]>,
 * }} args
 */
export default async function smoke({ page, baseURL, newPage, statesOf }) {
  // Without JavaScript: the server's HTML already holds the finished panel, open, with its text.
  const html = await (await fetch(baseURL)).text()
  const savedHtml = /<section aria-labelledby="earlier">[\s\S]*?<\/section>/.exec(html)?.[0]
  if (!savedHtml) throw new Error('The server HTML has no "earlier" section')
  for (const expected of ['data-slot="reasoning-panel"', 'Thought for 12 seconds', 'Converting the units', '42.195 km']) {
    if (!savedHtml.includes(expected)) throw new Error(`The server-rendered panel lacks ${JSON.stringify(expected)}:\n${savedHtml.slice(0, 2000)}`)
  }
  if (savedHtml.includes('**Converting')) throw new Error('The server-rendered panel shows raw markdown')

  await page.goto(baseURL)
  const saved = page.locator('section[aria-labelledby="earlier"] [data-slot="reasoning-panel"]')
  const live = page.locator('section[aria-labelledby="now"] [data-slot="reasoning-panel"]')
  const statusOf = (panel) => panel.locator('[data-slot="reasoning-status"]').textContent()

  // Hydrated, the saved panel is the same: finished, open, its text visible.
  if ((await statusOf(saved)) !== 'Thought for 12 seconds') throw new Error(`Saved panel's status row: ${JSON.stringify(await statusOf(saved))}`)
  const savedText = saved.locator('[data-slot="reasoning-text"]')
  await savedText.waitFor({ state: 'visible' })
  if (!(await savedText.innerText()).includes('42.195 × 5 = 210.975 minutes')) throw new Error('The saved panel does not show its text')

  // The live one, from the route handler: thinking while it streams (checked once it has ended, in
  // what the page recorded: with both cores busy it had ended before a read from here, 2026-12-07) …
  await live.waitFor()

  // … then finished, and it opens to the whole reasoning.
  await page.waitForFunction(
    () => /^Thought for /.test(document.querySelector('section[aria-labelledby="now"] [data-slot="reasoning-status"]')?.textContent ?? ''),
    undefined,
    { polling: 100 },
  )
  if (!/^Thought for \d+ seconds?$/.test((await statusOf(live)) ?? '')) throw new Error(`Live panel finished as ${JSON.stringify(await statusOf(live))}`)
  const states = await statesOf(live)
  if (!states.some((s) => s.status === 'streaming' && /^Thinking/.test(s.row))) throw new Error(`The live panel never said "Thinking…" while marked streaming: ${JSON.stringify(states)}`)
  // Once it has collapsed on its own: opened before, the collapse could close it again.
  const trigger = live.locator('[data-slot="reasoning-trigger"]')
  await live.locator('[data-slot="reasoning-trigger"][aria-expanded="false"]').waitFor()
  await trigger.click()
  await live.locator('[data-slot="reasoning-trigger"][aria-expanded="true"]').waitFor({ timeout: 5_000 }).catch(() => {
    throw new Error('The live panel did not open on click')
  })
  const text = live.locator('[data-slot="reasoning-text"]')
  await text.waitFor({ state: 'visible' })
  const shown = (await text.innerText()).replace(/\s+/g, ' ')
  for (const expected of ['s-t-r-a-w-b-e-r-r-y', "Three r's in total."]) {
    if (!shown.includes(expected)) throw new Error(`The live panel does not show ${JSON.stringify(expected)}; it shows ${JSON.stringify(shown)}`)
  }

  // A browser whose language writes other digits (Egyptian Arabic: ١٢, not 12) hydrates the same
  // server HTML: the saved panel is given the page's locale on the server, so the browser renders
  // the same text and React finds no mismatch (a mismatch is a console error or page error, which
  // fails the run). The live panel, rendered in the browser only, may use the browser's digits.
  const arabic = await newPage({ locale: 'ar-EG' })
  if ((await arabic.evaluate(() => new Intl.NumberFormat().format(12))) === '12') {
    throw new Error('The ar-EG browser context formats 12 with Latin digits: it cannot show a locale mismatch')
  }
  await arabic.goto(baseURL)
  const arabicSaved = arabic.locator('section[aria-labelledby="earlier"] [data-slot="reasoning-panel"]')
  // Hydrated: the trigger reacts to a click only once React has attached to the server's HTML.
  const arabicTrigger = arabicSaved.locator('[data-slot="reasoning-trigger"]')
  await arabicTrigger.click()
  await arabic.waitForFunction(
    () => document.querySelector('section[aria-labelledby="earlier"] [data-slot="reasoning-trigger"]')?.getAttribute('aria-expanded') === 'false',
    undefined,
    { polling: 100 },
  )
  const arabicStatus = await arabicSaved.locator('[data-slot="reasoning-status"]').textContent()
  if (arabicStatus !== 'Thought for 12 seconds') throw new Error(`In an ar-EG browser, the saved panel's status row says ${JSON.stringify(arabicStatus)}`)
}
