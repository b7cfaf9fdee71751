/**
 * Frozen groups (issue 15, the markdown heap): once the page is idle, a finished group of
 * paragraphs with a full group after it is kept as a copy of its DOM, and React lets go of its
 * fibers. The copy is the same elements and text, so everything that reads the DOM (find-in-page,
 * selection and copy, screen readers) reaches all of the text as before; a click on a control in
 * it (a code block's copy button) renders the group again and clicks the control's live twin.
 * These are the groups React renders: those hydrated from server HTML (here `staticMarkdown`, the
 * kit's markdown without its DOM builder). The kit's own renderers' groups are built as DOM from the start
 * and have nothing to freeze (built-groups.test.tsx).
 */
import { act, fireEvent, render, waitFor } from '@testing-library/react'
import { markdownText, ReasoningPanel, ReasoningProvider, type RenderText, type WholeParagraphRenderer } from 'reasoning-ui'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { content, feed, msgEnd, msgStart, run, span, spanEnd, testStore } from '../../../helpers/events'
import { firstPanel } from '../../../helpers/panel'
import { kitRenderer, traitsOf } from '../../../../src/react/text/text'
import { addLargeTraits } from '../../../../src/react/text/large/kit'
import { throughLargeDoor } from '../../../helpers/large-door'

// As passing the door does: the kit renderers' runs and DOM builders, in the traits the renderers below copy.
addLargeTraits()

throughLargeDoor()

/** `count` markdown paragraphs; every tenth a code block. */
const paragraphs = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    i % 10 === 5 ? `\`\`\`ts\nconst step${i} = ${i} * 2\n\`\`\`` : `Paragraph ${i}: the **running total** still holds after \`change ${i}\`.`,
  )

/** Markdown as the kit's renderer draws it without its DOM builder (as hydrated from server HTML): React renders its groups. */
const staticMarkdown: WholeParagraphRenderer = kitRenderer(Object.assign((text: string, info: Parameters<RenderText>[1]) => markdownText(text, info), markdownText), { ...traitsOf(markdownText), build: undefined })

function mount(text: string, { renderText = staticMarkdown as RenderText, finished = true, labels }: { renderText?: RenderText; finished?: boolean; labels?: { copyCode: string } } = {}) {
  const store = testStore()
  feed(store, run(), span('s1'), msgStart('m1'), content('m1', text), ...(finished ? [msgEnd('m1'), spanEnd('s1')] : []))
  const tree = (copyCode: string | undefined) => firstPanel(store, { renderText }, copyCode === undefined ? undefined : { copyCode })
  const result = render(tree(labels?.copyCode))
  const groups = () => Array.from(result.container.querySelectorAll<HTMLElement>('[data-slot="reasoning-group"]'))
  const frozen = () => groups().map((g) => g.hasAttribute('data-frozen'))
  return { ...result, store, groups, frozen, relabel: (copyCode: string) => result.rerender(tree(copyCode)) }
}

/** Whether React holds `node` or anything in it (its fiber is kept on the node under a `__react` key). */
const heldByReact = (node: Node): boolean =>
  Object.keys(node).some((key) => key.startsWith('__react')) || Array.from(node.childNodes).some(heldByReact)

/** Hang guards, not timings: with both cores busy and two other lanes, the unit lane took 958 s (2026-12-07). */
const IDLE = { timeout: 20_000 }
/** How long a flood of paragraphs may take to show, a budget a frame (a loaded CI machine's frames are slow). */
const CAUGHT_UP = { timeout: 60_000 }

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  document.getSelection()?.removeAllRanges()
})

describe('frozen groups', () => {
  it('given a finished markdown text of five groups, should freeze all of them (none is on screen in jsdom) to the same DOM, none of it React\'s', async () => {
    const texts = paragraphs(300)
    const view = mount(texts.join('\n\n'))
    // 300 paragraphs: four full groups of 64 and one of 44 (the last paragraph, finished, in it).
    expect(view.groups()).toHaveLength(5)
    const before = view.groups().map((g) => g.innerHTML)
    expect(view.frozen()).toEqual([false, false, false, false, false])
    await waitFor(() => expect(view.frozen()).toEqual([true, true, true, true, true]), IDLE)
    expect(view.groups().map((g) => g.innerHTML)).toEqual(before)
    const [first, , third, , fifth] = view.groups()
    expect(heldByReact(first!.firstChild!)).toBe(false)
    expect(heldByReact(third!.lastChild!)).toBe(false)
    expect(heldByReact(fifth!.lastChild!)).toBe(false)
    // All of the text is in the DOM, in order.
    const shown = Array.from(view.container.querySelectorAll('[data-slot="reasoning-paragraph"]'), (p) => p.textContent)
    expect(shown).toHaveLength(300)
    expect(shown[0]).toBe('Paragraph 0: the running total still holds after change 0.')
    expect(shown[15]).toContain('const step15 = 15 * 2')
  })

  it('given a click on a frozen code block\'s copy button, should render the group again and copy that block\'s code', async () => {
    const writeText = vi.fn(() => Promise.resolve())
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    const view = mount(paragraphs(200).join('\n\n'))
    await waitFor(() => expect(view.frozen()[0]).toBe(true), IDLE)
    const first = view.groups()[0]!
    const buttons = first.querySelectorAll<HTMLButtonElement>('[data-slot="reasoning-code-copy"]')
    buttons[2]!.focus()
    expect(document.activeElement).toBe(buttons[2])
    await act(async () => fireEvent.click(buttons[2]!))
    expect(writeText).toHaveBeenCalledTimes(1)
    expect(writeText).toHaveBeenCalledWith('const step25 = 25 * 2')
    expect(first).not.toHaveAttribute('data-frozen')
    const live = first.querySelectorAll<HTMLButtonElement>('[data-slot="reasoning-code-copy"]')[2]!
    expect(heldByReact(live)).toBe(true)
    expect(live).toHaveTextContent('Copied')
    // Focus moved to the live twin: a keyboard user stays on the button they pressed.
    expect(document.activeElement).toBe(live)
  })

  it('given a click on text (no control) in a frozen group, should leave it frozen', async () => {
    const view = mount(paragraphs(200).join('\n\n'))
    await waitFor(() => expect(view.frozen()[0]).toBe(true), IDLE)
    fireEvent.click(view.groups()[0]!.querySelector('strong')!)
    expect(view.frozen()[0]).toBe(true)
  })

  it('given new labels, should render the frozen groups again with them', async () => {
    const view = mount(paragraphs(200).join('\n\n'), { labels: { copyCode: 'Copy code' } })
    await waitFor(() => expect(view.frozen()[0]).toBe(true), IDLE)
    view.relabel('Code kopieren')
    const first = view.groups()[0]!
    expect(first.querySelector('[data-slot="reasoning-code-copy"]')).toHaveTextContent('Code kopieren')
    // ...and freezes them again later, with the new labels.
    await waitFor(() => expect(view.frozen()[0]).toBe(true), IDLE)
    expect(view.groups()[0]!.querySelector('[data-slot="reasoning-code-copy"]')).toHaveTextContent('Code kopieren')
  })

  it('given the same labels as a new object, should keep the groups frozen', async () => {
    const view = mount(paragraphs(200).join('\n\n'), { labels: { copyCode: 'Copy code' } })
    await waitFor(() => expect(view.frozen()[0]).toBe(true), IDLE)
    const first = view.groups()[0]!.firstChild
    view.relabel('Copy code')
    expect(view.frozen()[0]).toBe(true)
    expect(view.groups()[0]!.firstChild).toBe(first)
  })

  it('given a selection in a group, should not freeze that group while the selection lasts', async () => {
    const view = mount(paragraphs(200).join('\n\n'))
    const range = document.createRange()
    range.selectNodeContents(view.groups()[0]!.querySelector('strong')!)
    document.getSelection()!.addRange(range)
    await waitFor(() => expect(view.frozen()[1]).toBe(true), IDLE)
    expect(view.frozen()[0]).toBe(false)
    expect(document.getSelection()!.toString()).toBe('running total')
    document.getSelection()!.removeAllRanges()
    // It waits for the page to scroll (no timer polls meanwhile), then for the scrolling to stop.
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(view.frozen()[0]).toBe(false)
    fireEvent.scroll(document)
    await waitFor(() => expect(view.frozen()[0]).toBe(true), IDLE)
  })

  it('should leave no scroll listener behind once its groups froze, nor once it unmounts with one waiting', async () => {
    const add = vi.spyOn(document, 'addEventListener')
    const remove = vi.spyOn(document, 'removeEventListener')
    const ours = (calls: unknown[][]) => calls.filter(([type, listener]) => type === 'scroll' && (listener as { name?: string }).name === 'onScroll').length
    const listening = () => ours(add.mock.calls) - ours(remove.mock.calls)
    const view = mount(paragraphs(200).join('\n\n'))
    expect(listening()).toBe(1)
    await waitFor(() => expect(view.frozen()).toEqual([true, true, true, true]), IDLE)
    expect(listening()).toBe(0)
    // A group waiting for the page to scroll (a selection in it) keeps the listener until it unmounts.
    const other = mount(paragraphs(200).join('\n\n'))
    const range = document.createRange()
    range.selectNodeContents(other.groups()[0]!.querySelector('strong')!)
    document.getSelection()!.addRange(range)
    await waitFor(() => expect(other.frozen()[1]).toBe(true), IDLE)
    expect(listening()).toBe(1)
    other.unmount()
    expect(listening()).toBe(0)
  })

  it('given a finished text shorter than two full groups, and a paragraph shorter than two full groups of runs, should never freeze nor listen for scrolling', async () => {
    const add = vi.spyOn(document, 'addEventListener')
    const ours = () => add.mock.calls.filter(([type, listener]) => type === 'scroll' && (listener as { name?: string }).name === 'onScroll').length
    // 127 paragraphs (a full group and 63), then a paragraph of about 40 KB (ten runs, one group of them).
    const long = Array.from({ length: 700 }, (_, i) => `Step ${i} keeps the **running total** as it was.`).join(' ')
    const view = mount([...paragraphs(127), long].join('\n\n'))
    expect(view.groups()).toHaveLength(3)
    // And a text of one paragraph, the group of its last paragraph alone (it ends where it starts, at 0).
    const one = mount('Paragraph 0: the **running total** still holds.')
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    expect(view.frozen()).toEqual([false, false, false])
    expect(one.frozen()).toEqual([false])
    expect(ours()).toBe(0)
  })

  it('given a renderer of the app\'s own (it may hold state or handlers), should never freeze', async () => {
    const own: RenderText = (text) => <span>{text}</span>
    const view = mount(paragraphs(300).join('\n\n'), { renderText: own })
    // A static renderer's groups freeze: the app's renderer's must not, in the same time.
    const plain = mount(paragraphs(300).join('\n\n'))
    await waitFor(() => expect(plain.frozen()).toEqual([true, true, true, true, true]), IDLE)
    expect(view.frozen()).toEqual([false, false, false, false, false])
  })

  it('given a live text, should freeze the groups a full one follows while it streams, and all once it ends', async () => {
    const texts = paragraphs(320)
    const view = mount(`${texts.slice(0, 200).join('\n\n')}\n\n`, { finished: false })
    // 200 finished paragraphs: groups of 64, 64, 64 and 8; the newest full one and the last stay React's.
    await waitFor(() => expect(view.frozen()).toEqual([true, true, false, false]), IDLE)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(view.frozen()).toEqual([true, true, false, false])
    act(() => feed(view.store, content('m1', `${texts.slice(200).join('\n\n')}`), msgEnd('m1'), spanEnd('s1')))
    view.rerender(
      <ReasoningProvider now={() => view.store.clock.now}>
        <ReasoningPanel block={view.store.getState().blocks[0]!} defaultOpen animationDuration={0} renderText={staticMarkdown} />
      </ReasoningProvider>,
    )
    await waitFor(() => expect(view.frozen()).toEqual([true, true, true, true, true]), IDLE)
    const shown = Array.from(view.container.querySelectorAll('[data-slot="reasoning-paragraph"]'), (p) => p.textContent)
    expect(shown).toHaveLength(320)
    expect(shown[319]).toBe('Paragraph 319: the running total still holds after change 319.')
  })
})

describe('frozen groups and scrolling', () => {
  /** A scroller whose scroll events say where it is (jsdom lays nothing out): at its end, or a reader's way up from it. */
  function scroller(atEnd: boolean) {
    const element = document.createElement('div')
    Object.defineProperty(element, 'scrollHeight', { value: 5_000 })
    Object.defineProperty(element, 'clientHeight', { value: 500 })
    Object.defineProperty(element, 'scrollTop', { value: atEnd ? 4_500 : 2_000 })
    document.body.append(element)
    const timer = setInterval(() => element.dispatchEvent(new Event('scroll')), 50)
    return () => {
      clearInterval(timer)
      element.remove()
    }
  }

  it('given a reader scrolling, should freeze nothing until the scrolling stops', async () => {
    const stop = scroller(false)
    const view = mount(paragraphs(200).join('\n\n'))
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_000))
      expect(view.frozen()).toEqual([false, false, false, false])
    } finally {
      stop()
    }
    await waitFor(() => expect(view.frozen()).toEqual([true, true, true, true]), IDLE)
  })

  it('given a scroller at its end, following a live text at each frame, should freeze meanwhile', async () => {
    // The panel's scroll area follows its text at every commit, and a chat its newest message: no
    // group froze while a text streamed (0 of 488 groups during a paced 5 MB trace).
    const stop = scroller(true)
    try {
      const view = mount(paragraphs(200).join('\n\n'))
      await waitFor(() => expect(view.frozen()).toEqual([true, true, true, true]), IDLE)
    } finally {
      stop()
    }
  })
})

describe('frozen groups, what they were made from', () => {
  const panel = (store: ReturnType<typeof testStore>) => firstPanel(store, { renderText: staticMarkdown })

  it('given a text replaced by one that differs inside a group, should show the new text, also in a group that was frozen', async () => {
    const texts = paragraphs(200)
    const view = mount(texts.join('\n\n'))
    await waitFor(() => expect(view.frozen()[0]).toBe(true), IDLE)
    // The same message, its text replaced (not extended): only paragraph 10, inside the first group, differs.
    const revised = texts.map((text, i) => (i === 10 ? 'Paragraph 10, revised: the total was off by one.' : text))
    const store = testStore()
    feed(store, run(), span('s1'), msgStart('m1'), content('m1', revised.join('\n\n')), msgEnd('m1'), spanEnd('s1'))
    view.rerender(panel(store))
    const shown = () => Array.from(view.container.querySelectorAll('[data-slot="reasoning-paragraph"]'), (p) => p.textContent)
    expect(shown()).toHaveLength(200)
    expect(shown()[10]).toBe('Paragraph 10, revised: the total was off by one.')
    expect(shown()[11]).toBe('Paragraph 11: the running total still holds after change 11.')
    // ...and freezes again, with the new text.
    await waitFor(() => expect(view.frozen()[0]).toBe(true), IDLE)
    expect(shown()[10]).toBe('Paragraph 10, revised: the total was off by one.')
  })

  it('given an endless paragraph, should freeze its groups of runs that a full one follows while it streams, and all once it ends', { timeout: 180_000 }, async () => {
    const sentences = Array.from({ length: 3_000 }, (_, i) => `Step ${i} keeps the **running total** in \`range ${i}\` as it was.`)
    const view = mount(sentences.join(' '), { finished: false })
    const runGroups = () => Array.from(view.container.querySelectorAll('[data-slot="reasoning-paragraph"] [data-slot="reasoning-group"]'))
    const frozenRuns = () => runGroups().map((g) => g.hasAttribute('data-frozen'))
    // About 190 KB: 46 finished runs of at least 4,000 characters, in groups of 16, 16 and 14 (and the live run);
    // only the first has a full group after it. Mounted live, it shows them a budget a frame (see `useCatchUp`).
    await waitFor(() => expect(runGroups()).toHaveLength(3), CAUGHT_UP)
    await waitFor(() => expect(frozenRuns()).toEqual([true, false, false]), IDLE)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(frozenRuns()).toEqual([true, false, false])
    expect(heldByReact(runGroups()[0]!.firstChild!)).toBe(false)
    expect(heldByReact(runGroups()[1]!.firstChild!)).toBe(true)
    act(() => feed(view.store, msgEnd('m1'), spanEnd('s1')))
    view.rerender(panel(view.store))
    await waitFor(() => expect(frozenRuns()).toEqual([true, true, true]), IDLE)
    // Every sentence is there, in order, as markdown.
    const text = view.container.querySelector('[data-slot="reasoning-paragraph"]')!.textContent!
    const steps = Array.from(text.matchAll(/Step (\d+) keeps the running total in range \1 as it was\./g), (m) => Number(m[1]))
    expect(steps).toEqual(sentences.map((_, i) => i))
  })
})

describe('what a group keeps', () => {
  type Fiber = { return: Fiber | null; alternate: Fiber | null; memoizedProps: Record<string, unknown> | null }
  /**
   * A group's props as React keeps them: the memoised group's, from its element's fiber up, in
   * that fiber and in its other one (React's double buffer). Which of the two is current depends
   * on how many commits the text took to show (one on a fast machine, several while a slow one
   * catches up), so both are checked.
   */
  const keptProps = (group: Element): Record<string, unknown>[] => {
    const key = Object.keys(group).find((k) => k.startsWith('__reactFiber'))!
    let fiber = (group as unknown as Record<string, Fiber | null>)[key] ?? null
    while (fiber !== null && !(fiber.memoizedProps !== null && 'source' in fiber.memoizedProps)) fiber = fiber.return
    return [fiber, fiber?.alternate].flatMap((f) => (f?.memoizedProps != null && 'source' in f.memoizedProps ? [f.memoizedProps] : []))
  }
  /** A group's newest props: its paragraphs only grow while its text does, so the ones with the most. */
  const propsOf = (group: Element) => keptProps(group).reduce((a, b) => (Number(b.count) > Number(a.count) ? b : a))

  it('given a text that grew over several splits, each group\'s last props should hold no paragraphs, only where they are in one source', async () => {
    const own: RenderText = (text) => <span>{text}</span>
    const texts = paragraphs(200)
    const view = mount(`${texts.slice(0, 70).join('\n\n')}\n\n`, { renderText: own, finished: false })
    // What a commit shows of a flood is a budget that grows on a fast machine: each growth is
    // waited for until all of it shows (the frames after catch up), so every split happens.
    const shows = (upTo: number) => waitFor(() => expect(view.container.textContent).toContain(texts[upTo - 1]), CAUGHT_UP)
    await shows(70)
    for (const upTo of [140, 200]) {
      act(() => feed(view.store, content('m1', `${texts.slice(upTo === 140 ? 70 : 140, upTo).join('\n\n')}\n\n`)))
      view.rerender(
        <ReasoningProvider now={() => view.store.clock.now}>
          <ReasoningPanel block={view.store.getState().blocks[0]!} defaultOpen animationDuration={0} renderText={own} />
        </ReasoningProvider>,
      )
      await shows(upTo)
    }
    // A memoised group keeps the props of its last render: the first two groups last rendered two
    // splits ago. Arrays of paragraphs in them stayed alive with them (5 MB of markdown: 494
    // groups held 10x the text in old whole-text arrays).
    expect(view.groups().map(propsOf).map((props) => [props.first, props.count])).toEqual([
      [0, 64],
      [64, 64],
      [128, 64],
      [192, 8],
    ])
    const kept = view.groups().flatMap(keptProps)
    // No array, and no string but the group's kind (the live paragraph, here none, would be one).
    expect(kept.flatMap((props) => Object.values(props).filter((value) => Array.isArray(value) || (typeof value === 'string' && value !== 'text')))).toEqual([])
    // One source for all, with the paragraphs as they are now.
    expect(new Set(kept.map((props) => props.source)).size).toBe(1)
    expect((kept[0]!.source as { log: readonly string[] }).log).toEqual(texts)
  })

  it('given a group frozen while its text streams, should keep no paragraph in the element React rendered it with, nor in that element\'s other fiber', async () => {
    const texts = paragraphs(200)
    const view = mount(`${texts.join('\n\n')}\n\n`, { finished: false })
    await waitFor(() => expect(view.frozen()[0]).toBe(true), IDLE)
    // A frozen group's element keeps the fiber React made it with, and that fiber its other one
    // (React's double buffer): one of them still has the props of the render before the freeze.
    // With the paragraphs' strings in those props, a text's paragraphs stayed alive twice once the
    // text's slices replaced them (see \`sliceOf\`).
    const group = view.groups()[0]!
    const key = Object.keys(group).find((k) => k.startsWith('__reactFiber'))!
    type Fiber = { memoizedProps?: unknown; pendingProps?: unknown; alternate: Fiber | null }
    const fiber = (group as unknown as Record<string, Fiber>)[key]!
    const strings: string[] = []
    const collect = (value: unknown, depth: number): void => {
      if (typeof value === 'string') strings.push(value)
      else if (Array.isArray(value)) for (const item of value) collect(item, depth)
      else if (value !== null && typeof value === 'object' && depth > 0 && !('log' in value)) for (const item of Object.values(value)) collect(item, depth - 1)
    }
    for (const f of [fiber, fiber.alternate]) if (f !== null) for (const props of [f.memoizedProps, f.pendingProps]) collect(props, 4)
    // The element's own attributes and the kind, but not one paragraph.
    expect(strings.filter((s) => s.startsWith('Paragraph') || s.includes('const step'))).toEqual([])
    expect(strings).toContain('reasoning-group')
  })

  it('given a live text that ends, should render only its last group again', async () => {
    // An app's renderer (never frozen), so every group stays React's to watch.
    const own: RenderText = (text) => <span>{text}</span>
    const view = mount(paragraphs(300).join('\n\n'), { renderText: own, finished: false })
    // React gives an element new props (its `__reactProps` record) only when what renders it runs again.
    const propsNow = () => view.groups().map((g) => (g as unknown as Record<string, unknown>)[Object.keys(g).find((k) => k.startsWith('__reactProps'))!])
    // A live text mounting with a backlog shows it from the next frames on.
    await waitFor(() => expect(view.container.querySelectorAll('[data-slot="reasoning-paragraph"]')).toHaveLength(300))
    const before = propsNow()
    expect(before).toHaveLength(5)
    act(() => feed(view.store, msgEnd('m1'), spanEnd('s1')))
    view.rerender(
      <ReasoningProvider now={() => view.store.clock.now}>
        <ReasoningPanel block={view.store.getState().blocks[0]!} defaultOpen animationDuration={0} renderText={own} />
      </ReasoningProvider>,
    )
    // At a 5 MB text's end, every one of its groups rendering again (a few hundred) made a long task.
    expect(propsNow().map((props, i) => props === before[i])).toEqual([true, true, true, true, false])
    expect(view.container.querySelectorAll('[data-slot="reasoning-paragraph"]')).toHaveLength(300)
  })

  it('given a text that finished, should keep its paragraphs as slices of the text: the same text, in every paragraph shown', async () => {
    const texts = paragraphs(200)
    const view = mount(texts.join('\n\n'))
    const { log: done } = propsOf(view.groups()[0]!).source as { log: readonly string[] }
    // 199 finished paragraphs in the source and the last one, finished with the text, as the last group's tail.
    expect(done).toEqual(texts.slice(0, 199))
    const shown = Array.from(view.container.querySelectorAll('[data-slot="reasoning-paragraph"]'), (p) => p.textContent)
    expect(shown).toHaveLength(200)
    expect(shown[199]).toBe('Paragraph 199: the running total still holds after change 199.')
    await waitFor(() => expect(view.frozen()).toEqual([true, true, true, true]), IDLE)
  })
})
