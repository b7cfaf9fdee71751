import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { toReasoningMessages } from '../../src/core/index'

const root = join(import.meta.dirname, '../..')

describe('the core example of docs/core.md', () => {
  it('should appear in docs/core.md verbatim', () => {
    const example = readFileSync(join(root, 'test/core/readme-example.ts'), 'utf8')
    const region = example.split('// #region readme\n')[1]!.split('// #endregion')[0]!
    expect(readFileSync(join(root, 'docs/core.md'), 'utf8')).toContain('```ts\n' + region + '```')
  })

  it('should do what its comments say', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    const { blocks, diagnostics, store } = await import('./readme-example')
    log.mockRestore()
    expect(blocks[0]).toMatchObject({ status: 'complete', title: 'Counting legs' })
    expect(blocks[0]!.messages[0]!.text).toBe('**Counting legs**\n20 heads, 56 legs: 8 rabbits.')
    expect(diagnostics.map((d) => d.code)).toEqual(['malformed-field'])
    // Besides what the comment shows, each message carries its history in metadata.reasoningUi.
    expect(toReasoningMessages(store.getState())).toMatchObject([
      { id: 'm1', role: 'reasoning', content: '**Counting legs**\n20 heads, 56 legs: 8 rabbits.' },
    ])
  })
})
