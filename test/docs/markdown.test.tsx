// docs/react.md, "Text and markdown": the samples run (test/docs/samples.test.ts checks that the docs show them verbatim).
import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ReasoningPanel } from 'reasoning-ui'
import { mathText } from './examples/markdown'
import { content, feed, msgEnd, msgStart, run, span, spanEnd, testStore } from '../helpers/events'

describe('docs/react.md, math typeset by KaTeX through renderText', () => {
  it('should typeset the math of a finished block and keep the rest markdown', () => {
    const store = testStore()
    feed(store, run(), span('s1'), msgStart('m1'), content('m1', 'The area is \\(\\pi r^2\\), **so**:\n\n$$\\sum_{i=1}^n i$$'), msgEnd('m1'), spanEnd('s1'))
    const { container } = render(<ReasoningPanel block={store.getState().blocks[0]!} defaultOpen animationDuration={0} renderText={mathText} />)
    const maths = container.querySelectorAll('[data-slot="reasoning-math"]')
    expect(maths).toHaveLength(2)
    expect(maths[0]!.querySelector('.katex')).not.toBeNull()
    expect(maths[0]!.querySelector('annotation')).toHaveTextContent('\\pi r^2')
    expect(maths[1]!.querySelector('.katex-display')).not.toBeNull()
    expect(container.querySelector('strong')).toHaveTextContent('so')
  })
})
