/**
 * Where the huge-trace machinery fails to load (a chunk the network lost, a stale deploy), a text
 * past the door renders on the common path: all of it, never nothing.
 */
import { act, render } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { largeDoor, LARGE_CHARS, loadLargeText, StreamingText } from '../../../src/react/text/text'

vi.mock('../../../src/react/text/large', () => {
  throw new Error('Failed to fetch dynamically imported module')
})

describe('the door to the huge-trace machinery, when it fails to load', () => {
  it('should render a text that mounts past it on the common path, all of it', async () => {
    largeDoor.threshold = 10_000
    try {
      const text = 'The sum holds. '.repeat(2_000)
      const { container } = render(<StreamingText text={text} live={false} kind="text" render={undefined} />)
      await act(async () => {
        await loadLargeText().catch(() => undefined)
        await new Promise((resolve) => setTimeout(resolve, 0))
      })
      expect(container.querySelector('[data-slot="reasoning-run"]')).toBeNull()
      expect(container.textContent).toBe(text)
    } finally {
      largeDoor.threshold = LARGE_CHARS
    }
  })
})
