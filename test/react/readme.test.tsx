import { act, render } from '@testing-library/react'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { Saved, store, Thoughts } from './readme-example'

const root = join(import.meta.dirname, '../..')

describe('the components example of docs/react.md', () => {
  it('should appear in docs/react.md verbatim', () => {
    const example = readFileSync(join(root, 'test/react/readme-example.tsx'), 'utf8')
    const region = example.split('// #region readme\n')[1]!.split('// #endregion')[0]!
    expect(readFileSync(join(root, 'docs/react.md'), 'utf8')).toContain('```tsx\n' + region + '```')
  })

  it('should do what its comments say', async () => {
    const t = 1_700_000_000_000
    const events = [
      { type: 'RUN_STARTED', threadId: 't', runId: 'r', timestamp: t },
      { type: 'REASONING_START', messageId: 's', timestamp: t },
      { type: 'REASONING_MESSAGE_START', messageId: 'm', role: 'reasoning', timestamp: t },
      { type: 'REASONING_MESSAGE_CONTENT', messageId: 'm', delta: '**Beine zählen**\n\nraw: 20 Köpfe, 56 Beine.', timestamp: t },
      { type: 'REASONING_MESSAGE_END', messageId: 'm', timestamp: t + 12_000 },
      { type: 'REASONING_END', messageId: 's', timestamp: t + 12_000 },
    ]
    const { container } = render(<Thoughts />)
    await act(async () => {
      for (const e of events) store.dispatch(e)
      await new Promise((r) => setTimeout(r, 50)) // the store notifies once per frame
    })
    expect(container).toHaveTextContent('12 Sekunden nachgedacht')
    expect(container).not.toHaveTextContent('raw: 20 Köpfe')
    const saved = render(<Saved block={store.getState().blocks[0]!} />)
    expect(saved.container).toHaveTextContent('raw: 20 Köpfe, 56 Beine.')
    expect(saved.container.firstElementChild).toHaveClass('my-panel')
  })
})
