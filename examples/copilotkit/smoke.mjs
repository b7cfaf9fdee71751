// Run by scripts/examples.mjs against the built app (`npm start`): what a user sees.
// The runner fails the example on any page error, console error or request that leaves localhost.

/** @param {{ page: import('playwright-core').Page, baseURL: string, statesOf: (panel: import('playwright-core').Locator) => Promise<{ status: string | null, row: string }[]> }} args */
export default async function smoke({ page, baseURL, statesOf }) {
  await page.goto(baseURL)
  await page.getByTestId('copilot-chat-textarea').fill('How many r’s are in “strawberry”?')
  await page.getByTestId('copilot-send-button').click()

  // The agent streams its reasoning message: one panel in CopilotChat's reasoning slot, "Thinking…", open.
  const panel = page.locator('[data-slot="reasoning-panel"]')
  const status = panel.locator('[data-slot="reasoning-status"]')
  // Every state it shows is recorded by the page as it changes (the runner's `statesOf`): the agent
  // reasons for about two seconds, which a loaded machine's round trips from here could miss.
  await panel.first().waitFor()
  if (!(await panel.first().getAttribute('data-message-id'))) throw new Error('The panel does not carry the reasoning message id')
  await page.waitForFunction(
    () => (document.querySelector('[data-slot="reasoning-text"]')?.textContent ?? '').includes('strawberry'),
    undefined,
    { polling: 100 },
  )

  // The answer starts: "Thought for N seconds", measured while the message streamed.
  await page.waitForFunction(
    () => /^Thought for /.test(document.querySelector('[data-slot="reasoning-status"]')?.textContent ?? ''),
    undefined,
    { polling: 100 },
  )
  const finished = await status.first().textContent()
  if (!/^Thought for \d+ seconds?$/.test(finished ?? '')) throw new Error(`Finished status row: ${JSON.stringify(finished)}`)
  if ((await panel.first().getAttribute('data-status')) !== 'complete') throw new Error('The finished panel is not marked complete')
  const states = await statesOf(panel.first())
  if (!states.some((s) => s.status === 'streaming' && /^Thinking/.test(s.row))) throw new Error(`The panel never said "Thinking…" while marked streaming: ${JSON.stringify(states)}`)
  await page.getByTestId('copilot-assistant-message').getByText('There are three r’s in “strawberry”.').waitFor({ timeout: 15_000 })
  if ((await panel.count()) !== 1) throw new Error(`Expected one reasoning panel, found ${await panel.count()}`)
  // A second after it ended the panel collapses on its own; by then the answer has streamed
  // to its end, re-rendering the chat: the duration stays. Waited for, not slept on,
  // so a slow machine cannot read the panel in the middle of its collapse.
  const trigger = panel.first().locator('[data-slot="reasoning-trigger"]')
  await panel.first().locator('[data-slot="reasoning-trigger"][aria-expanded="false"]').waitFor().catch(() => {
    throw new Error('The finished panel did not collapse on its own')
  })
  const later = await status.first().textContent()
  if (later !== finished) throw new Error(`The duration changed after the reasoning ended: ${JSON.stringify(finished)} → ${JSON.stringify(later)}`)

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
