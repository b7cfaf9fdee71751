/**
 * Built groups (issue 15, the heap while a long text streams): in a client's own render, the
 * finished paragraphs of the kit's renderers (`markdownText`, `plainText`) are built as DOM once,
 * outside React, into their group; React renders the group's element, the live paragraph and the
 * few finished paragraphs that stay its own (a long one in runs, one the reader was in as it
 * finished). The DOM is the one React renders for them, element for element, so everything that
 * reads it (find-in-page, selection and copy, screen readers, the stylesheet) reaches the same text.
 */
import { act, fireEvent, render, waitFor } from '@testing-library/react'
import fc from 'fast-check'
import type { ReactElement } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { markdownText, plainText, ReasoningPanel, ReasoningProvider, ReasoningSummary, type RenderText, type WholeParagraphRenderer } from 'reasoning-ui'
import { RUN_CHARS } from '../../../../src/react/text/large'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { reasoningText } from '../../../../bench/render/text'
import { content, feed, msgEnd, msgStart, run, span, spanEnd, testStore, ui } from '../../../helpers/events'
import { firstPanel } from '../../../helpers/panel'
import { throughLargeDoor } from '../../../helpers/large-door'

throughLargeDoor()

/** The same renderer without its DOM builder (an app's copy of it), and never frozen: React renders its groups, always. */
const reactOnly = <R extends RenderText>(render: R): R => Object.assign((text: string, info: Parameters<RenderText>[1]) => render(text, info), render, { static: false })

function mount(text: string, { renderText = markdownText as RenderText, finished = true, labels }: { renderText?: RenderText; finished?: boolean; labels?: { copyCode: string } } = {}) {
  const store = testStore()
  feed(store, run(), span('s1'), msgStart('m1'), content('m1', text), ...(finished ? [msgEnd('m1'), spanEnd('s1')] : []))
  const tree = (copyCode: string | undefined) => firstPanel(store, { renderText }, copyCode === undefined ? undefined : { copyCode })
  const result = render(tree(labels?.copyCode))
  const textElement = () => result.container.querySelector<HTMLElement>('[data-slot="reasoning-text"]')!
  const paragraphs = () => Array.from(result.container.querySelectorAll<HTMLElement>('[data-slot="reasoning-group"] > *'))
  return {
    ...result,
    store,
    textElement,
    paragraphs,
    push(delta: string) {
      act(() => feed(store, content('m1', delta)))
      result.rerender(tree(labels?.copyCode))
    },
    relabel: (copyCode: string) => result.rerender(tree(copyCode)),
  }
}

/** Whether React holds `node` or anything in it (its fiber is kept on the node under a `__react` key). */
const heldByReact = (node: Node): boolean =>
  Object.keys(node).some((key) => key.startsWith('__react')) || Array.from(node.childNodes).some(heldByReact)

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  vi.useRealTimers()
  document.getSelection()?.removeAllRanges()
})

/** Every construct the mapping knows, each finished, several in one paragraph. */
const CONSTRUCTS = [
  '**Restating the problem**',
  '# A heading\n\nand ### a third-level one ###',
  '**Bold title**\nwith prose under it and *emphasis*, _also_, `code`, ~~struck~~ and **bold**',
  'snake_case_name costs $5 and $10; [1] is no link, [docs](https://example.com/a?b=c) is, [bad](javascript:alert(1)) is not',
  'Mail [me](mailto:a@example.com), see https://example.org/raw and ![a cat](https://example.com/cat.png) or ![](https://x.test/i.png)',
  '- one\n- two with `code`\n  - nested\n- [x] done\n- [ ] not yet',
  '3. three\n4. four\n\n1. one',
  '> quoted *words*\n> and more',
  '```ts\nconst a = 1 < 2 && "x"\n```',
  '```\nno language\n```',
  '~~~md\n```\n**not bold**\n~~~',
  '| case | heads | legs |\n| --- | ---: | ---: |\n| chickens 1 | 10 | 24 |\n| cows | 3 | 12 |',
  'a line  \nbroken, then\n\n---',
  'unclosed **bold and *em and `code and [link](https://exa',
  'مرحبا **بالعالم** and <b>raw html</b> &amp; entities',
  '$$x^2$$ and $y$',
  '| a |  | c |\n| - | - | - |\n|  | `` | x |',
  'empty `` code and ** ** bold',
]

/** Every node under `node`, as its kind and name: what the HTML does not tell (an empty text node). */
const shape = (node: Node): string => `${node.nodeName}(${Array.from(node.childNodes, shape).join(',')})`

/** The text element's DOM as the kit's panel renders `text` finished: built, and by React. */
function both(text: string, renderText: RenderText) {
  const built = mount(text, { renderText })
  const html = built.textElement().innerHTML
  const nodes = shape(built.textElement())
  const rendered = built.paragraphs().map(heldByReact)
  built.unmount()
  const react = mount(text, { renderText: reactOnly(renderText) })
  const reactHtml = react.textElement().innerHTML
  expect(nodes).toBe(shape(react.textElement()))
  react.unmount()
  return { html, reactHtml, rendered }
}

/** A panel whose text streams, for `renderText`, and a way to append to it and to end it. */
function streaming(renderText: RenderText) {
  const store = testStore()
  feed(store, run(), span('s1'), msgStart('m1'))
  const ui = () => firstPanel(store, { renderText })
  const result = render(ui())
  return {
    ...result,
    html: () => result.container.querySelector('[data-slot="reasoning-text"]')?.innerHTML ?? '',
    paragraphs: () => Array.from(result.container.querySelectorAll<HTMLElement>('[data-slot="reasoning-group"] > *')),
    push(delta: string) {
      feed(store, content('m1', delta))
      result.rerender(ui())
    },
    finish() {
      feed(store, msgEnd('m1'), spanEnd('s1'))
      result.rerender(ui())
    },
  }
}

/** Markdown pieces, some of them syntax, for texts of many paragraphs. */
const PIECE = fc.constantFrom(
  '*', '**', '_', '`', '```', '~~~', '[', ']', '(', ')', '![', '|', '- ', '> ', '# ', '1. ', '$', '<b>', 'https://x.test', '\\', '  \n',
  '\n', '\n\n', ' ', 'word', 'two words', 'مرحبا', '**Title**\n', '| a | b |\n| - | - |\n| 1 | 2 |', '- [x] ', '---',
)

describe('built groups: the DOM React renders', () => {
  it('given every construct of markdown, finished, should build the DOM React renders for it, element for element, none of it React\'s but the last paragraph', () => {
    const { html, reactHtml, rendered } = both(CONSTRUCTS.join('\n\n'), markdownText)
    expect(html).toBe(reactHtml)
    // The text's last paragraph is its tail, which React renders (live while the text was).
    expect(rendered).toEqual([...Array<boolean>(rendered.length - 1).fill(false), true])
    expect(rendered.length).toBeGreaterThan(CONSTRUCTS.length)
  })

  it('given the benchmark\'s 60 KB markdown trace, should build the DOM React renders for it', () => {
    const { html, reactHtml, rendered } = both(reasoningText(60_000), markdownText)
    expect(html).toBe(reactHtml)
    expect(rendered.length).toBeGreaterThan(128)
    expect(rendered.slice(0, -1).some(Boolean)).toBe(false)
  })

  it('given any text of markdown pieces, should build what React renders, with markdown and with plain text', () => {
    fc.assert(
      fc.property(fc.array(PIECE, { minLength: 1, maxLength: 60 }), fc.boolean(), (pieces, plain) => {
        const renderText = plain ? plainText : markdownText
        const { html, reactHtml } = both(pieces.join('') + '\n\nend', renderText)
        expect(html).toBe(reactHtml)
      }),
      { numRuns: 120 },
    )
  })

  it('given plain text with title lines, should build its paragraphs and headings as React renders them', () => {
    const { html, reactHtml, rendered } = both(['**Checking units**', 'Plain *text*, not parsed.', '# Not a heading\nsecond line', 'The end.'].join('\n\n'), plainText)
    expect(html).toBe(reactHtml)
    expect(html).toContain('<strong>Checking units</strong>')
    expect(rendered).toEqual([false, false, false, true])
  })

  it('given a text that streams, should show at every step what React would, its finished paragraphs built as they finish', async () => {
    const text = reasoningText(24_000)
    const built = streaming(markdownText)
    const react = streaming(reactOnly(markdownText))
    for (let at = 0; at < text.length; at += 700) {
      const delta = text.slice(at, at + 700)
      built.push(delta)
      react.push(delta)
      // A split that took long makes the next one wait (SPLIT_SHARE in text.tsx): both once caught up.
      await waitFor(() => expect(built.html()).toBe(react.html()))
    }
    built.finish()
    react.finish()
    expect(built.html()).toBe(react.html())
    const paragraphs = built.paragraphs()
    expect(paragraphs.length).toBeGreaterThan(64)
    expect(paragraphs.slice(0, -1).filter(heldByReact)).toEqual([])
  })

  it('given a renderer an app made from markdownText with a paragraph of its own, should render that with React, not build markdownText\'s', () => {
    const renderer: WholeParagraphRenderer = Object.assign((text: string, info: Parameters<RenderText>[1]) => markdownText(text, info), {
      ...markdownText,
      paragraph: (text: string) => <section data-own="">{text}</section>,
    })
    const view = mount(['One.', 'Two.', 'Three.'].join('\n\n'), { renderText: renderer })
    const paragraphs = view.paragraphs()
    expect(paragraphs.map((p) => p.tagName)).toEqual(['SECTION', 'SECTION', 'SECTION'])
    expect(paragraphs.every(heldByReact)).toBe(true)
  })
})

describe('built groups: what stays React\'s', () => {
  /** A list of `items` items, one paragraph of markdown with no place a run could end (no sentence of prose). */
  const longList = (items: number) => Array.from({ length: items }, (_, i) => `- item ${i} of the list, with \`code ${i}\``).join('\n')

  it('given a finished paragraph longer than RUN_CHARS that renders whole (a long list), should build it like any other', () => {
    const list = longList(200)
    expect(list.length).toBeGreaterThan(RUN_CHARS)
    const { html, reactHtml, rendered } = both(['Before.', list, 'The end.'].join('\n\n'), markdownText)
    expect(html).toBe(reactHtml)
    expect(rendered).toEqual([false, false, true])
  })

  it('given a long live paragraph with no runs (a long list) that finishes, should build it in its place', () => {
    const panel = streaming(markdownText)
    const paragraphs = () => Array.from(panel.container.querySelectorAll('[data-slot="reasoning-text"] > [data-slot="reasoning-group"] > *'))
    panel.push('First.\n\n' + longList(100))
    panel.push('\n' + longList(200).split('\n').slice(100).join('\n'))
    expect(paragraphs()[1]!.querySelector('[data-slot="reasoning-run"]')).toBeNull()
    panel.push('\n\nNext one.')
    expect(heldByReact(paragraphs()[1]!)).toBe(false)
    expect(paragraphs()[1]!.querySelectorAll('li')).toHaveLength(200)
    expect(paragraphs().map((p) => p.textContent!.slice(0, 10))).toEqual(['First.', 'item 0 of ', 'Next one.'])
  })

  it('given a finished paragraph longer than RUN_CHARS, should keep it React\'s, in runs, among built ones', () => {
    const long = Array.from({ length: 400 }, (_, i) => `Sentence ${i} goes on about the **total**.`).join(' ')
    const view = mount(['Before.', long, 'After.', 'The end.'].join('\n\n'))
    // The text's paragraphs (a long one's runs sit in groups of their own inside it).
    const paragraphs = () => Array.from(view.textElement().querySelectorAll(':scope > [data-slot="reasoning-group"] > *'))
    const [before, longParagraph, after] = paragraphs()
    expect(heldByReact(before!)).toBe(false)
    expect(heldByReact(longParagraph!)).toBe(true)
    expect(longParagraph!.querySelectorAll('[data-slot="reasoning-run"]').length).toBeGreaterThan(1)
    expect(heldByReact(after!)).toBe(false)
    expect(paragraphs().map((p) => p.textContent!.slice(0, 12))).toEqual(['Before.', 'Sentence 0 g', 'After.', 'The end.'])
  })

  it('given a long live paragraph that finishes, should keep its element and its runs', () => {
    const panel = streaming(markdownText)
    const long = Array.from({ length: 400 }, (_, i) => `Sentence ${i} goes on.`).join(' ')
    const paragraphs = () => Array.from(panel.container.querySelectorAll('[data-slot="reasoning-text"] > [data-slot="reasoning-group"] > *'))
    // It grows long on screen, so its runs show at once.
    panel.push('First.\n\nSentence')
    panel.push(long.slice('Sentence'.length))
    const live = paragraphs()[1]!
    const run = live.querySelector('[data-slot="reasoning-run"]')
    expect(run).not.toBeNull()
    panel.push('\n\nNext one.')
    expect(paragraphs()[1]).toBe(live)
    expect(live).not.toHaveAttribute('data-live')
    expect(live.querySelector('[data-slot="reasoning-run"]')).toBe(run)
    expect(paragraphs().map((p) => p.textContent!.slice(0, 10))).toEqual(['First.', 'Sentence 0', 'Next one.'])
  })

  it('given a selection in the live paragraph as it finishes, should keep its element, and the selection', () => {
    const panel = streaming(markdownText)
    panel.push('One **bold** paragraph.\n\nThe live **one** grows')
    const live = panel.paragraphs()[1]!
    const range = document.createRange()
    range.selectNodeContents(live.querySelector('strong')!)
    document.getSelection()!.addRange(range)
    panel.push(' and ends.\n\nThe next')
    expect(panel.paragraphs()[1]).toBe(live)
    expect(live).not.toHaveAttribute('data-live')
    expect(document.getSelection()!.toString()).toBe('one')
    // Not built: React keeps it, and its place among the built ones.
    expect(heldByReact(live)).toBe(true)
    expect(heldByReact(panel.paragraphs()[0]!)).toBe(false)
    panel.push(' one ends.\n\nAnd another')
    expect(panel.paragraphs().map((p) => p.textContent)).toEqual(['One bold paragraph.', 'The live one grows and ends.', 'The next one ends.', 'And another'])
  })

  it('given focus on a link in the live paragraph as it finishes, should keep its element and the focus', () => {
    const panel = streaming(markdownText)
    panel.push('First.\n\nSee [the docs](https://example.com) for')
    const link = panel.paragraphs()[1]!.querySelector('a')!
    link.focus()
    expect(document.activeElement).toBe(link)
    panel.push(' more.\n\nNext')
    expect(document.activeElement).toBe(link)
    expect(link.isConnected).toBe(true)
  })

  it('given no reader in the live paragraph as it finishes, should build it in its place, the same text', () => {
    const panel = streaming(markdownText)
    panel.push(Array.from({ length: 63 }, (_, i) => `Paragraph ${i}.`).join('\n\n') + '\n\nThe sixty-fourth')
    panel.push(' paragraph.\n\nThe next')
    const [first, second] = Array.from(panel.container.querySelectorAll('[data-slot="reasoning-group"]'))
    expect(first!.children).toHaveLength(64)
    expect(first!.lastElementChild).toHaveTextContent('The sixty-fourth paragraph.')
    expect(first!.lastElementChild).not.toHaveAttribute('data-live')
    expect(heldByReact(first!.lastElementChild!)).toBe(false)
    expect(second!.children).toHaveLength(1)
    expect(second!.firstElementChild).toHaveAttribute('data-live')
  })
})

describe('built groups: controls and labels', () => {
  const code = (i: number) => `\`\`\`ts\nconst step${i} = ${i} * 2\n\`\`\``
  const texts = Array.from({ length: 80 }, (_, i) => (i % 10 === 5 ? code(i) : `Paragraph ${i}.`))

  it('given a click on a built code block\'s copy button, should render that paragraph with React in its place, and click its twin: its code copied, "Copied" for two seconds', async () => {
    const writeText = vi.fn(() => Promise.resolve())
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    vi.useFakeTimers()
    const view = mount(texts.join('\n\n'))
    const before = view.paragraphs()
    const button = before[25]!.querySelector<HTMLButtonElement>('[data-slot="reasoning-code-copy"]')!
    expect(heldByReact(before[25]!)).toBe(false)
    button.focus()
    await act(async () => fireEvent.click(button))
    expect(writeText).toHaveBeenCalledTimes(1)
    expect(writeText).toHaveBeenCalledWith('const step25 = 25 * 2')
    const after = view.paragraphs()
    expect(after).toHaveLength(80)
    // Only that paragraph changed, in its place: React's now.
    expect(after.filter((p, i) => p !== before[i])).toEqual([after[25]])
    expect(heldByReact(after[25]!)).toBe(true)
    expect(after[25]!.outerHTML).toBe(before[25]!.outerHTML.replace('>Copy code<', ' data-copied="">Copied<'))
    const twin = after[25]!.querySelector('[data-slot="reasoning-code-copy"]')!
    // A keyboard user stays on the button they pressed.
    expect(document.activeElement).toBe(twin)
    act(() => vi.advanceTimersByTime(2_000))
    expect(twin).toHaveTextContent('Copy code')
    expect(view.paragraphs().map((p) => p.textContent)).toEqual(before.map((p) => p.textContent))
  })

  it('given a click on a copy button where the page has no clipboard, should change nothing', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined })
    const view = mount(texts.join('\n\n'))
    const button = view.paragraphs()[15]!.querySelector('[data-slot="reasoning-code-copy"]')!
    await act(async () => fireEvent.click(button))
    expect(button).toHaveTextContent('Copy code')
    expect(button).not.toHaveAttribute('data-copied')
  })

  it('given a click on the copy button of the last paragraph (React\'s), should copy once', async () => {
    const writeText = vi.fn(() => Promise.resolve())
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    const view = mount([...texts.slice(0, 10), code(99)].join('\n\n'))
    const last = view.paragraphs().at(-1)!
    expect(heldByReact(last)).toBe(true)
    await act(async () => fireEvent.click(last.querySelector('[data-slot="reasoning-code-copy"]')!))
    expect(writeText).toHaveBeenCalledTimes(1)
    expect(writeText).toHaveBeenCalledWith('const step99 = 99 * 2')
  })

  it('given the same labels as a new object at every render, should keep the built paragraphs as they are', () => {
    const store = testStore()
    feed(store, run(), span('s1'), msgStart('m1'), content('m1', texts.join('\n\n')), msgEnd('m1'), spanEnd('s1'))
    const ui = () => firstPanel(store, { labels: { copyCode: 'Copy this' } })
    const view = render(ui())
    const paragraphs = () => Array.from(view.container.querySelectorAll('[data-slot="reasoning-group"] > *'))
    const before = paragraphs()
    view.rerender(ui())
    view.rerender(ui())
    expect(paragraphs()).toEqual(before)
    expect(paragraphs().every((p, i) => p === before[i])).toBe(true)
    expect(before[5]!.querySelector('[data-slot="reasoning-code-copy"]')).toHaveTextContent('Copy this')
  })

  it('given a summary with labels of its own, should show its copy label on built and React code blocks alike', () => {
    const store = testStore()
    feed(store, run(), span('s1'), msgStart('sum', ui({ kind: 'summary' })), content('sum', texts.slice(0, 30).join('\n\n') + '\n\n' + code(99)), msgEnd('sum'), spanEnd('s1'))
    const view = render(
      <ReasoningProvider now={() => store.clock.now}>
        <ReasoningSummary block={store.getState().blocks[0]!} labels={{ copyCode: 'Kopieren' }} />
      </ReasoningProvider>,
    )
    const buttons = Array.from(view.container.querySelectorAll('[data-slot="reasoning-code-copy"]'))
    expect(buttons.length).toBe(4)
    expect(heldByReact(buttons.at(-1)!)).toBe(true)
    expect(heldByReact(buttons[0]!)).toBe(false)
    expect(buttons.map((b) => b.textContent)).toEqual(['Kopieren', 'Kopieren', 'Kopieren', 'Kopieren'])
  })

  it('given new labels, should build the paragraphs again with them', () => {
    const view = mount(texts.join('\n\n'), { labels: { copyCode: 'Copy code' } })
    const before = view.paragraphs()[5]!
    view.relabel('Code kopieren')
    const after = view.paragraphs()[5]!
    expect(after).not.toBe(before)
    expect(after.querySelector('[data-slot="reasoning-code-copy"]')).toHaveTextContent('Code kopieren')
    expect(view.paragraphs()).toHaveLength(80)
  })

  it('given a text replaced by another, should show the new one, built', () => {
    const store = testStore()
    feed(store, run(), span('s1'), msgStart('m1'), content('m1', texts.join('\n\n')), msgEnd('m1'), spanEnd('s1'))
    const ui = (block = store.getState().blocks[0]!) => (
      <ReasoningProvider now={() => store.clock.now}>
        <ReasoningPanel block={block} defaultOpen animationDuration={0} />
      </ReasoningProvider>
    )
    const view = render(ui())
    const second = testStore()
    feed(second, run(), span('s1'), msgStart('m1'), content('m1', texts.map((t) => t.replace('Paragraph', 'Line')).join('\n\n')), msgEnd('m1'), spanEnd('s1'))
    view.rerender(ui(second.getState().blocks[0]!))
    const shown = Array.from(view.container.querySelectorAll('[data-slot="reasoning-group"] > *'), (p) => p.textContent)
    expect(shown).toHaveLength(80)
    expect(shown[0]).toBe('Line 0.')
    expect(shown[79]).toBe('Line 79.')
  })
})

describe('built groups and server HTML', () => {
  /** Hydrates `ui()`'s server HTML; returns the container, the root and what React reported. */
  async function hydrated(ui: () => ReactElement) {
    const container = document.createElement('div')
    container.innerHTML = renderToString(ui())
    document.body.append(container)
    const recoverable = vi.fn()
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    let root: Root | undefined
    await act(async () => {
      root = hydrateRoot(container, ui(), { onRecoverableError: recoverable })
    })
    const groups = () => Array.from(container.querySelectorAll(':scope [data-slot="reasoning-text"] > [data-slot="reasoning-group"]'))
    return { container, root: root!, recoverable, error, groups, done: () => (act(() => root!.unmount()), container.remove()) }
  }

  it('given a finished text hydrated from the server\'s HTML, should keep the paragraphs React hydrated, with no mismatch', async () => {
    const store = testStore()
    const texts = Array.from({ length: 140 }, (_, i) => `Paragraph ${i} with **bold**.`)
    feed(store, run(), span('s1'), msgStart('m1'), content('m1', texts.join('\n\n')), msgEnd('m1'), spanEnd('s1'))
    const ui = () => firstPanel(store)
    const page = await hydrated(ui)
    expect(page.recoverable).not.toHaveBeenCalled()
    expect(page.error).not.toHaveBeenCalled()
    expect(page.groups()).toHaveLength(3)
    // React's, not built; once the page is idle a hydrated group may freeze (frozen-groups.test.tsx),
    // which a loaded machine reaches before this line.
    expect(page.groups().map((g) => g.hasAttribute('data-frozen') || heldByReact(g.firstElementChild!))).toEqual([true, true, true])
    expect(page.groups()[2]!.hasAttribute('data-frozen')).toBe(false)
    page.done()
  })

  it('given a live text hydrated from the server\'s HTML, should hydrate with no mismatch and build the groups that stream in after', async () => {
    const store = testStore()
    const texts = Array.from({ length: 70 }, (_, i) => `Paragraph ${i} with **bold**.`)
    feed(store, run(), span('s1'), msgStart('m1'), content('m1', texts.join('\n\n') + '\n\nLive'))
    const ui = () => firstPanel(store)
    const page = await hydrated(ui)
    expect(page.recoverable).not.toHaveBeenCalled()
    expect(page.error).not.toHaveBeenCalled()
    expect(page.groups()).toHaveLength(2)
    await act(async () => {
      feed(store, content('m1', ' ends.\n\n' + Array.from({ length: 130 }, (_, i) => `More ${i}.`).join('\n\n') + '\n\nTail'))
      page.root.render(ui())
    })
    expect(page.groups()).toHaveLength(4)
    expect(page.groups()[2]!.firstElementChild).toHaveTextContent('More 57.')
    expect(heldByReact(page.groups()[2]!.firstElementChild!)).toBe(false)
    expect(page.container.querySelector('[data-slot="reasoning-text"]')!.textContent).toContain('Paragraph 69 with bold.Live ends.More 0.')
    page.done()
  })
})
