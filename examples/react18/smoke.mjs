// Run by scripts/examples.mjs against the built app (`npm start`): what a user sees.
// The runner fails the example on any page error, console error or request that leaves localhost.

/** @param {{ page: import('playwright-core').Page, baseURL: string, statesOf: (panel: import('playwright-core').Locator) => Promise<{ status: string | null, row: string }[]> }} args */
export default async function smoke({ page, baseURL, statesOf }) {
  await page.goto(baseURL)
  const version = await page.getByTestId('react-version').textContent()
  if (!/^18\./.test(version ?? '')) throw new Error(`The app runs React ${version}, not 18`)

  const saved = page.locator('section[aria-labelledby="earlier"] [data-slot="reasoning-panel"]')
  const live = page.locator('section[aria-labelledby="now"] [data-slot="reasoning-panel"]')
  const statusOf = (panel) => panel.locator('[data-slot="reasoning-status"]').textContent()

  // The stored block: finished at once, with its stored duration.
  await saved.waitFor()
  if ((await statusOf(saved)) !== 'Thought for 12 seconds') throw new Error(`Saved panel's status row: ${JSON.stringify(await statusOf(saved))}`)

  // The live one: thinking while the agent streams (checked once it has ended, in what the page
  // recorded: a busy machine may read it only then).
  await live.waitFor()

  // Then finished.
  await page.waitForFunction(
    () => /^Thought for /.test(document.querySelector('section[aria-labelledby="now"] [data-slot="reasoning-status"]')?.textContent ?? ''),
    undefined,
    { polling: 100 },
  )
  if (!/^Thought for \d+ seconds?$/.test((await statusOf(live)) ?? '')) throw new Error(`Live panel finished as ${JSON.stringify(await statusOf(live))}`)
  const states = await statesOf(live)
  if (!states.some((s) => s.status === 'streaming' && /^Thinking/.test(s.row))) throw new Error(`The live panel never said "Thinking…" while marked streaming: ${JSON.stringify(states)}`)

  // Both open to their text.
  const expectations = [
    [saved, ['Converting the units', '42.195 × 5 = 210.975 minutes']],
    [live, ['s-t-r-a-w-b-e-r-r-y', "Three r's in total."]],
  ]
  for (const [panel, texts] of expectations) {
    // Once it is closed (the saved one from the start, the live one collapsing on its own): opened before, the collapse could close it again.
    const trigger = panel.locator('[data-slot="reasoning-trigger"]')
    await panel.locator('[data-slot="reasoning-trigger"][aria-expanded="false"]').waitFor()
    await trigger.click()
    await panel.locator('[data-slot="reasoning-trigger"][aria-expanded="true"]').waitFor({ timeout: 5_000 }).catch(() => {
      throw new Error('A panel did not open on click')
    })
    const text = panel.locator('[data-slot="reasoning-text"]')
    await text.waitFor({ state: 'visible' })
    const shown = (await text.innerText()).replace(/\s+/g, ' ')
    for (const expected of texts) {
      if (!shown.includes(expected)) throw new Error(`An opened panel does not show ${JSON.stringify(expected)}; it shows ${JSON.stringify(shown)}`)
    }
    if (shown.includes('**')) throw new Error('Raw markdown markers are visible in the reasoning text')
  }
}
