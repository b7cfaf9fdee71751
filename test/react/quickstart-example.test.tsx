import { render, screen, waitFor } from '@testing-library/react'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Thoughts } from './quickstart-example'

const root = join(import.meta.dirname, '../..')

afterEach(() => vi.unstubAllGlobals())

describe('the quick start (README.md and Storybook\'s Introduction page)', () => {
  it('should appear in both verbatim (the example file is type-checked with the project)', () => {
    const example = readFileSync(join(root, 'test/react/quickstart-example.tsx'), 'utf8')
    const region = example.split('// #region quickstart\n')[1]!.split('// #endregion')[0]!
    expect(readFileSync(join(root, 'README.md'), 'utf8')).toContain('```tsx\n' + region + '```')
    expect(readFileSync(join(root, 'stories/introduction.mdx'), 'utf8')).toContain('```tsx\n' + region + '```')
  })

  it('should stream the URL\'s AG-UI events into panels', async () => {
    const events = [
      { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' },
      { type: 'REASONING_MESSAGE_CHUNK', messageId: 'm1', delta: '**Counting legs**\n\n20 heads, 56 legs: 8 rabbits.' },
      { type: 'TEXT_MESSAGE_CHUNK', messageId: 'a1', role: 'assistant', delta: '8 rabbits.' },
      { type: 'RUN_FINISHED', threadId: 't1', runId: 'r1' },
    ]
    const fetch = vi.fn(async () => new Response(events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join(''), {
      headers: { 'content-type': 'text/event-stream' },
    }))
    vi.stubGlobal('fetch', fetch)
    const { container } = render(<Thoughts url="/api/agent" />)
    await waitFor(() => expect(screen.getByRole('button', { name: /Thought for/ })).toBeInTheDocument())
    expect(fetch).toHaveBeenCalledWith('/api/agent', expect.anything())
    expect(container.querySelector('[data-slot="reasoning-panel"]')).toHaveTextContent('Counting legs')
  })
})
