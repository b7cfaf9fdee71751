// Run by scripts/examples.mjs against the built app (`npm start`): what a user sees.
// The runner fails the example on any page error, console error or request that leaves localhost.

/** @param {{ page: import('playwright-core').Page, baseURL: string, statesOf: (panel: import('playwright-core').Locator) => Promise<{ status: string | null, row: string }[]> }} args */
export default async function smoke({ page, baseURL, statesOf }) {
  await page.goto(baseURL)
  await page.getByRole('textbox', { name: 'Message' }).fill('How many r’s are in “strawberry”?')
  await page.getByRole('button', { name: 'Send' }).click()

  // The reasoning part streams: one panel in the assistant's message, "Thinking…", open, text arriving.
  const panel = page.locator('.message.assistant [data-slot="reasoning-panel"]')
  const status = panel.locator('[data-slot="reasoning-status"]')
  // (Checked below in what the page recorded: a busy machine may read it only once it has ended.)
  await panel.first().waitFor()
  await page.waitForFunction(
    () => (document.querySelector('.message.assistant [data-slot="reasoning-text"]')?.textContent ?? '').includes('strawberry'),
    undefined,
    { polling: 100 },
  )

  // The answer starts: the part is complete, "Thought for N seconds" with the time measured while it streamed.
  await page.waitForFunction(
    () => /^Thought for /.test(document.querySelector('.message.assistant [data-slot="reasoning-status"]')?.textContent ?? ''),
    undefined,
    { polling: 100 },
  )
  const finished = await status.first().textContent()
  if (!/^Thought for \d+ seconds?$/.test(finished ?? '')) throw new Error(`Finished status row: ${JSON.stringify(finished)}`)
  if ((await panel.first().getAttribute('data-status')) !== 'complete') throw new Error('The finished panel is not marked complete')
  const states = await statesOf(panel.first())
  if (!states.some((s) => s.status === 'streaming' && /^Thinking/.test(s.row))) throw new Error(`The panel never said "Thinking…" while marked streaming: ${JSON.stringify(states)}`)
  await page.getByText('There are three r’s in “strawberry”.').waitFor({ timeout: 15_000 })
  if ((await panel.count()) !== 1) throw new Error(`Expected one reasoning panel, found ${await panel.count()}`)
  // A second after it ended the panel collapses on its own; by then the answer has streamed
  // to its end, re-rendering the message: the duration stays. Waited for, not slept on,
  // so a slow machine cannot read the panel in the middle of its collapse.
  const trigger = panel.first().locator('[data-slot="reasoning-trigger"]')
  await panel.first().locator('[data-slot="reasoning-trigger"][aria-expanded="false"]').waitFor().catch(() => {
    throw new Error('The finished panel did not collapse on its own')
  })
  const later = await status.first().textContent()
  if (later !== finished) throw new Error(`The duration changed after the part ended: ${JSON.stringify(finished)} → ${JSON.stringify(later)}`)

  // Opened: the whole reasoning, as markdown (bold), not raw text.
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
