import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '../..')

describe('the quick start of Storybook\'s Introduction page', () => {
  it('should appear there verbatim (the example file is type-checked with the project)', () => {
    const example = readFileSync(join(root, 'test/react/quickstart-example.tsx'), 'utf8')
    const region = example.split('// #region quickstart\n')[1]!.split('// #endregion')[0]!
    expect(readFileSync(join(root, 'stories/introduction.mdx'), 'utf8')).toContain('```tsx\n' + region + '```')
  })
})
