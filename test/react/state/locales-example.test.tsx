import { render } from '@testing-library/react'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ReasoningPanel } from 'reasoning-ui'
import { feed, msgEnd, msgStart, content, run, span, spanEnd, testStore } from '../../helpers/events'
import { German, ReadersLanguage } from './locales-example'

const root = join(import.meta.dirname, '../../..')

function block() {
  const store = testStore(1_000)
  feed(store, run(), span('s'), msgStart('m'), content('m', 'x'))
  store.clock.now += 12_000
  feed(store, msgEnd('m'), spanEnd('s'))
  return store.getState().blocks[0]!
}

afterEach(() => vi.unstubAllGlobals())

describe('the locales example of docs/locales.md', () => {
  it('should appear in docs/locales.md verbatim', () => {
    const example = readFileSync(join(root, 'test/react/state/locales-example.tsx'), 'utf8')
    const region = example.split('// #region readme\n')[1]!.split('// #endregion')[0]!
    expect(readFileSync(join(root, 'docs/locales.md'), 'utf8')).toContain('```tsx\n' + region + '```')
  })

  it('should word the panel in German, and in the reader\'s first language the kit has', () => {
    const german = render(<German><ReasoningPanel block={block()} /></German>)
    expect(german.container).toHaveTextContent('12 Sekunden lang nachgedacht')
    german.unmount()
    vi.stubGlobal('navigator', { ...navigator, language: 'fr-CA', languages: ['fr-CA', 'en'] })
    const french = render(<ReadersLanguage><ReasoningPanel block={block()} /></ReadersLanguage>)
    expect(french.container.querySelector('[data-slot="reasoning-status"]')?.textContent).toMatch(/12\s+secondes/)
  })
})
