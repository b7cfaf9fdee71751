/** Helpers for play functions. */
import { expect, waitFor } from 'storybook/test'

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
