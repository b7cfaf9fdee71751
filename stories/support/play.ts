/** Helpers for play functions. */
import { expect, waitFor, within } from 'storybook/test'

/**
 * Waits until every panel has finished opening or closing (the height and
 * opacity animation): axe runs right after the play function, and text caught
 * mid-fade fails its colour-contrast check.
 */
export async function settled(root: HTMLElement): Promise<void> {
  await waitFor(
    () => {
      // Closed content at `full` stays mounted as hidden="until-found" (find-in-page): only what is shown counts.
      for (const content of root.querySelectorAll('[data-slot="reasoning-content"]:not([hidden])')) {
        expect(getComputedStyle(content).opacity).toBe('1')
      }
    },
    { timeout: 5_000 },
  )
}

/**
 * Hidden reasoning (a provider that counts reasoning tokens and shows none of it): the
 * encrypted-only row with the count, and nothing to open.
 */
export async function expectHiddenReasoning(root: HTMLElement, tokens: number): Promise<void> {
  await expect(within(root).getByText('Reasoning hidden by the provider')).toBeVisible()
  const panel = root.querySelector('[data-slot="reasoning-panel"]')!
  await expect(panel).toHaveAttribute('data-encrypted')
  await expect(panel).toHaveTextContent(new RegExp(`${tokens} reasoning tokens`))
  await expect(panel.querySelector('[data-slot="reasoning-chevron"]')).toBeNull()
}
