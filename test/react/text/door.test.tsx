/**
 * The door to the huge-trace machinery (`StreamingText`, src/react/text/text.tsx): below it a text
 * renders on the common path; past it, on a client, through text/large/ once that has loaded with
 * `import()`; a server never loads it; and no text is ever lost on the way through.
 * Runs (`data-slot="reasoning-run"`) are the machinery's alone, so they show which path rendered.
 */
import { act, render, waitFor } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import { LARGE_CHARS, largeDoor, StreamingText } from '../../../src/react/text/text'

const runs = (container: HTMLElement) => container.querySelectorAll('[data-slot="reasoning-run"]').length
/** One paragraph long enough for runs (`RUN_CHARS` is 4,000). */
const paragraph = (n: number) => 'The sum holds. '.repeat(n)
const ui = (text: string, live: boolean) => <StreamingText text={text} live={live} kind="text" render={undefined} />

describe('the door to the huge-trace machinery', () => {
  afterEach(() => {
    largeDoor.threshold = LARGE_CHARS
  })

  it('should render a text past the door on a server on the common path, all of it, without loading the machinery', () => {
    largeDoor.threshold = 1_000
    const text = paragraph(1_000)
    const html = renderToString(ui(text, false))
    expect(html).not.toContain('reasoning-run')
    expect(html.split('The sum holds.').length - 1).toBe(1_000)
  })

  it('should keep showing a text that grows past the door while the machinery loads, then render it in runs', async () => {
    largeDoor.threshold = 10_000
    const { container, rerender } = render(ui(paragraph(600), true))
    expect(runs(container)).toBe(0)
    // 15,000 characters: past the door. The common path still shows every character at once.
    rerender(ui(paragraph(1_000), true))
    expect(container.textContent).toBe(paragraph(1_000))
    await waitFor(() => expect(runs(container)).toBeGreaterThan(1))
    await waitFor(() => expect(container.textContent).toBe(paragraph(1_000)))
  })

  it('should render a text below the door on the common path even once the machinery has loaded', async () => {
    largeDoor.threshold = 10_000
    // The previous test loaded it; a long paragraph below the door is one paragraph, not runs.
    const { container } = render(ui(paragraph(600), true))
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(runs(container)).toBe(0)
    expect(container.textContent).toBe(paragraph(600))
  })

  it('should show all of a text that grows past the door once the machinery has loaded, in the same commit, never less', async () => {
    largeDoor.threshold = 10_000
    // Loaded by the test before; 15,000 characters of one paragraph are runs at once, all shown.
    const { container, rerender } = render(ui(paragraph(600), true))
    rerender(ui(paragraph(1_000), true))
    expect(runs(container)).toBeGreaterThan(1)
    expect(container.textContent).toBe(paragraph(1_000))
    // Of several paragraphs too.
    const paragraphs = (n: number) => Array.from({ length: n }, (_, i) => `Step ${i}: the sum holds.`).join('\n\n')
    rerender(ui(paragraphs(300), true))
    // A replaced text mounts again: its backlog shows from the next frame (mount-backlog.test.tsx).
    await waitFor(() => expect(container.textContent).toBe(paragraphs(300).replaceAll('\n\n', '')))
    const before = container.textContent
    rerender(ui(paragraphs(600), true))
    expect(before.length).toBeLessThan(10_000)
    expect(container.textContent).toBe(paragraphs(600).replaceAll('\n\n', ''))
  })

  it('given a flood the common path is still catching up with, should show what it showed when the text crosses the door, never less, and the rest in the frames after', async () => {
    largeDoor.threshold = 30_000
    // Loaded by a test before. Paragraphs of about 1,000 characters: a flood of 25 KB shows a budget (8,000) at a time.
    const paragraphs = (n: number) => Array.from({ length: n }, (_, i) => `Step ${i}: ${'the running total still holds. '.repeat(33)}`)
    const text = (n: number) => `${paragraphs(n).join('\n\n')}\n\n`
    const shown = () => container.querySelectorAll('[data-slot="reasoning-paragraph"]').length
    const { container, rerender } = render(ui('Starting.\n\n', true))
    rerender(ui(`Starting.\n\n${text(25)}`, true))
    const before = shown()
    expect(before).toBeGreaterThan(1)
    expect(before).toBeLessThan(26)
    // Past the door while still behind: text/large/ shows at least those, not all 40 at once.
    rerender(ui(`Starting.\n\n${text(40)}live`, true))
    expect(shown()).toBeGreaterThanOrEqual(before)
    expect(shown()).toBeLessThan(42)
    await waitFor(() => expect(shown()).toBe(42))
    expect(container.textContent).toBe(`Starting.${paragraphs(40).join('')}live`)
  })

  it('given a text that mounted past the door, fell below it and grows past it again, should show all of it in that commit', async () => {
    largeDoor.threshold = 10_000
    const { container, rerender } = render(ui(paragraph(2_000), true))
    await waitFor(() => expect(container.textContent).toBe(paragraph(2_000)))
    // Replaced by a text below the door: the common path shows it; then it grows past the door again.
    rerender(ui(paragraph(100), true))
    expect(container.textContent).toBe(paragraph(100))
    rerender(ui(paragraph(1_000), true))
    expect(runs(container)).toBeGreaterThan(1)
    expect(container.textContent).toBe(paragraph(1_000))
  })

  it('should render a text that mounts past the door through the machinery, all of it', async () => {
    largeDoor.threshold = 10_000
    const { container } = render(ui(paragraph(2_000), false))
    await waitFor(() => expect(runs(container)).toBeGreaterThan(1))
    await waitFor(() => expect(container.textContent).toBe(paragraph(2_000)))
  })
})
