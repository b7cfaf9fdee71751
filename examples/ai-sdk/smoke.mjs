// Run by scripts/examples.mjs against the built app (`npm start`): what a user sees.
// The runner fails the example on any page error, console error or request that leaves localhost.

/** @param {{ page: import('playwright-core').Page, baseURL: string, statesOf: (panel: import('playwright-core').Locator) => Promise<{ status: string | null, row: string }[]> }} args */
export default async function smoke({ page, baseURL, statesOf }) {
  await page.goto(baseURL)
  await page.getByRole('button', { name: 'Send' }).click()

  const root = page.locator('[data-slot="ui-message-reasoning"]')
  const panels = root.locator('[data-slot="reasoning-panel"]')

  // While the reply streams: the first panel is marked streaming and its row says it is thinking
  // (checked below in what the page recorded: a busy machine may read it only once it has ended).
  await panels.first().waitFor()

  // Finished: the answer, and every panel says how long it thought (measured in the browser).
  await page.getByText('Lisbon is warmer right now: 19 °C, against 4 °C in Oslo.').waitFor()
  await page.waitForFunction(
    () => [...document.querySelectorAll('[data-slot="reasoning-panel"] [data-slot="reasoning-status"]')].every((el) => /^Thought for /.test(el.textContent ?? '')),
    undefined,
    { polling: 100 },
  )
  const finished = await root.locator('[data-slot="reasoning-status"]').allTextContents()
  if (finished.length !== 2) throw new Error(`Expected two reasoning panels (one per step), found ${finished.length}`)
  for (const words of finished) {
    if (!/^Thought for \d+ seconds?$/.test(words)) throw new Error(`A finished status row says ${JSON.stringify(words)}`)
  }
  if (finished[0] === 'Thought for 0 seconds') throw new Error('The first block streamed for seconds but shows no duration')
  const states = await statesOf(panels.first())
  if (!states.some((s) => s.status === 'streaming' && /^Thinking/.test(s.row))) throw new Error(`The first panel never said "Thinking…" while marked streaming: ${JSON.stringify(states)}`)

  // In the order of message.parts: reasoning, the two tool calls, reasoning, then the answer.
  const order = await root.evaluate((el) =>
    [...el.querySelectorAll(':scope > p, [data-slot="reasoning-panel"], [data-slot="timeline-tool"]')].map((node) =>
      node.parentElement === el && node.tagName === 'P' ? 'answer' : node.matches('[data-slot="timeline-tool"]') ? `tool:${node.querySelector('[data-slot="timeline-tool-label"]')?.textContent}` : 'reasoning',
    ),
  )
  const expected = ['reasoning', 'tool:Called getWeather', 'tool:Called getWeather', 'reasoning', 'answer']
  if (JSON.stringify(order) !== JSON.stringify(expected)) throw new Error(`Parts in the wrong order: ${JSON.stringify(order)}`)

  // Opened: the first block's reasoning as markdown; the provider's signature never reaches the page.
  // Once it has collapsed on its own (the answer started): opened before, the collapse could close it again.
  const trigger = panels.first().locator('[data-slot="reasoning-trigger"]')
  await panels.first().locator('[data-slot="reasoning-trigger"][aria-expanded="false"]').waitFor()
  await trigger.click()
  await panels.first().locator('[data-slot="reasoning-trigger"][aria-expanded="true"]').waitFor({ timeout: 5_000 })
  const text = panels.first().locator('[data-slot="reasoning-text"]')
  await text.waitFor({ state: 'visible' })
  const shown = (await text.innerText()).replace(/\s+/g, ' ')
  if (!shown.includes('call the weather tool once for each city')) throw new Error(`The opened panel shows ${JSON.stringify(shown)}`)
  if (shown.includes('**')) throw new Error('Raw markdown markers are visible in the reasoning text')
  if ((await page.content()).includes('scripted-signature')) throw new Error('A thinking signature reached the page')
}
