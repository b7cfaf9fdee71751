/** Helpers for the browser tests (real Chromium). */
import { act, fireEvent } from '@testing-library/react'

/** Resolves at the next animation frame. */
export const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()))

/** Waits `count` animation frames. */
export async function frames(count: number): Promise<void> {
  for (let i = 0; i < count; i++) await nextFrame()
}

/** Opens every closed panel that can open, clicking as a user would, until none is left (opening one may mount more). */
export function openAll(root: HTMLElement): void {
  for (let round = 0; round < 3; round++) {
    const closed = root.querySelectorAll<HTMLButtonElement>('button[aria-expanded="false"]:not(:disabled)')
    if (closed.length === 0) return
    act(() => {
      for (const button of closed) fireEvent.click(button)
    })
  }
}
