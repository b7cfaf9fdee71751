// Run by scripts/examples.mjs against the built app (`npm start`): what a user sees.
// The runner fails the example on any page error, console error or request that leaves localhost.

/** @param {{ page: import('playwright-core').Page, baseURL: string, statesOf: (panel: import('playwright-core').Locator) => Promise<{ status: string | null, row: string }[]> }} args */
export default async function smoke({ page, baseURL, statesOf }) {
  await page.goto(baseURL)
  const panel = page.locator('[data-slot="reasoning-panel"]')
  const status = panel.locator('[data-slot="reasoning-status"]')

  // While the agent streams: one panel, its status row says it is thinking (checked once it has
  // ended, in what the page recorded: a busy machine may read it only then).
  await panel.first().waitFor()

  // Finished: "Thought for …" with the run's duration.
  await page.waitForFunction(
    () => /^Thought for /.test(document.querySelector('[data-slot="reasoning-status"]')?.textContent ?? ''),
    undefined,
    { polling: 100 },
  )
  const finished = await status.first().textContent()
  if (!/^Thought for \d+ seconds?$/.test(finished ?? '')) throw new Error(`Finished status row: ${JSON.stringify(finished)}`)
  if ((await panel.count()) !== 1) throw new Error(`Expected one reasoning panel, found ${await panel.count()}`)
  const states = await statesOf(panel.first())
  if (!states.some((s) => s.status === 'streaming' && /^Thinking/.test(s.row))) throw new Error(`The panel never said "Thinking…" while marked streaming: ${JSON.stringify(states)}`)

  // Opened: the whole reasoning, rendered as markdown (bold), not as raw text.
  // Once it has collapsed on its own: opened before, the collapse could close it again.
  const trigger = panel.first().locator('[data-slot="reasoning-trigger"]')
  await panel.first().locator('[data-slot="reasoning-trigger"][aria-expanded="false"]').waitFor()
  await trigger.click()
  await panel.first().locator('[data-slot="reasoning-trigger"][aria-expanded="true"]').waitFor({ timeout: 5_000 }).catch(() => {
    throw new Error('The panel did not open on click')
  })
  const text = panel.first().locator('[data-slot="reasoning-text"]')
  await text.waitFor({ state: 'visible' })
  const shown = (await text.innerText()).replace(/\s+/g, ' ')
  for (const expected of ['how many times the letter r appears', 's-t-r-a-w-b-e-r-r-y', "Three r's in total."]) {
    if (!shown.includes(expected)) throw new Error(`The opened panel does not show ${JSON.stringify(expected)}; it shows ${JSON.stringify(shown)}`)
  }
  if ((await text.locator('strong', { hasText: 'r' }).count()) < 1) throw new Error('The reasoning markdown (**r**) is not rendered bold')
  if (shown.includes('**')) throw new Error('Raw markdown markers are visible in the reasoning text')
}
