/**
 * The headless parts and the styled components, Radix style: every part gets
 * the same checks (one element, props spread last, ref forwarded, `asChild`,
 * a clear error outside its root), then the state attributes and the
 * accessibility contract of the trigger and the content.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Component, type ReactElement, type ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  Content,
  Copy,
  Duration,
  EncryptedReasoningIndicator,
  Reasoning,
  ReasoningAnnouncer,
  ReasoningContent,
  ReasoningCopy,
  ReasoningDuration,
  ReasoningPanel,
  ReasoningProvider,
  ReasoningScrollArea,
  ReasoningStatusLabel,
  ReasoningStream,
  ReasoningSummary,
  ReasoningText,
  ReasoningTimeline,
  ReasoningTitle,
  ReasoningTrigger,
  Root,
  Status,
  Text,
  ThinkingIndicator,
  Title,
  Trigger,
  type ReasoningBlock,
  type ReasoningEndReason,
  type ReasoningState,
  type ReasoningStore,
} from 'reasoning-ui'
import {
  content, encrypted, feed, msgEnd, msgStart, run, runDone, span, spanEnd, testStore,
} from '../../helpers/events'

// ---------------------------------------------------------------------------
// Blocks, built from events with the test clock (T0 = block start).

const T0 = 10_000
const RAW = '**Plan**\n\nRaw thought about the units.'
const RAW_SENTENCE = 'Raw thought about the units.'
const SECRET = 'ENCRYPTED-BLOB-do-not-render'

type TestStore = ReturnType<typeof testStore>

function blockOf(store: ReasoningStore): ReasoningBlock {
  const block = store.getState().blocks[0]
  if (!block) throw new Error('the events made no block')
  return block
}

function startedStore(text = RAW): TestStore {
  const store = testStore(T0)
  feed(store, run(), span('s1'), msgStart('m1'), content('m1', text))
  return store
}

function streamingBlock(text = RAW): ReasoningBlock {
  return blockOf(startedStore(text))
}

function completeStore(seconds = 12, text = RAW): TestStore {
  const store = startedStore(text)
  store.clock.now = T0 + seconds * 1000
  feed(store, msgEnd('m1'), spanEnd('s1'), runDone())
  return store
}

function completeBlock(seconds = 12, text = RAW): ReasoningBlock {
  return blockOf(completeStore(seconds, text))
}

/** A block that ended early after `seconds`, for `reason` (default: the run failed). */
function interruptedBlock(seconds = 4, reason: ReasoningEndReason = 'failed'): ReasoningBlock {
  const store = startedStore()
  store.clock.now = T0 + seconds * 1000
  store.streamEnded(undefined, reason)
  return blockOf(store)
}

/** Reasoning the provider returned only encrypted: no text at all. */
function encryptedOnlyBlock(): ReasoningBlock {
  const store = testStore(T0)
  feed(store, run(), span('s1'), msgStart('m1'), encrypted('m1', SECRET))
  store.clock.now = T0 + 5000
  feed(store, msgEnd('m1'), spanEnd('s1'), runDone())
  return blockOf(store)
}

/** Readable text that also carries an encrypted value (e.g. a signed thinking block). */
function encryptedTextBlock(status: 'streaming' | 'complete' = 'complete'): ReasoningBlock {
  const store = startedStore()
  feed(store, encrypted('m1', SECRET))
  if (status === 'complete') {
    store.clock.now = T0 + 12_000
    feed(store, msgEnd('m1'), spanEnd('s1'))
  }
  return blockOf(store)
}

/** A block restored without timestamps (e.g. from history): its duration is unknown. */
const untimedBlock: ReasoningBlock = {
  id: 'old', origin: 'snapshot', status: 'complete', encrypted: false,
  messages: [{ id: 'old-m', kind: 'text', text: 'Old thought.', status: 'complete', headings: [] }],
}

/** The provider's clock: 7 s after the block started. */
const at7s = () => T0 + 7000

// ---------------------------------------------------------------------------
// Shared checks, one table row per part.

type RefCallback = (node: HTMLElement | null) => void

/** Props every check may pass to a part. */
interface Extra {
  readonly [attribute: string]: unknown
  readonly ref?: RefCallback
  readonly asChild?: boolean
  readonly children?: ReactNode
}

interface PartCase {
  readonly name: string
  /** The element the part renders by default (lower case tag name). */
  readonly tag: string
  /** Attributes the part sets itself (DOM names), as documented. A caller's value must win over each. */
  readonly own: Readonly<Record<string, string>>
  /** Whether the part supports `asChild`. */
  readonly asChild: boolean
  /** The part alone, with extra props. */
  readonly element: (extra: Extra) => ReactElement
  /** The `<Reasoning>` it needs around it, when it needs one. */
  readonly root?: (part: ReactElement) => ReactElement
}

const block12 = completeBlock(12)

const inRoot = (props: { defaultOpen?: boolean; block?: ReasoningBlock } = {}) => (part: ReactElement) => (
  <Reasoning block={props.block ?? block12} {...(props.defaultOpen !== undefined && { defaultOpen: props.defaultOpen })}>
    {part}
  </Reasoning>
)

const headlessParts: readonly PartCase[] = [
  {
    name: 'Reasoning',
    tag: 'div',
    own: { 'data-state': 'open', 'data-status': 'complete', 'data-visibility': 'full', 'data-expandable': '' },
    asChild: true,
    element: ({ children, ...extra }) => (
      <Reasoning block={block12} defaultOpen {...extra}>{children ?? <span>inside</span>}</Reasoning>
    ),
  },
  {
    name: 'ReasoningTrigger',
    tag: 'button',
    own: { type: 'button', 'aria-expanded': 'true', 'data-state': 'open', 'data-status': 'complete', 'data-visibility': 'full' },
    asChild: true,
    element: ({ children, ...extra }) => <ReasoningTrigger {...extra}>{children ?? 'Toggle'}</ReasoningTrigger>,
    root: inRoot({ defaultOpen: true }),
  },
  {
    name: 'ReasoningContent',
    tag: 'div',
    own: { 'data-state': 'open', 'data-status': 'complete', 'data-visibility': 'full' },
    asChild: true,
    element: ({ children, ...extra }) => <ReasoningContent {...extra}>{children ?? 'Body'}</ReasoningContent>,
    root: inRoot({ defaultOpen: true }),
  },
  {
    name: 'ReasoningStatusLabel',
    tag: 'span',
    own: { 'data-status': 'complete', 'data-visibility': 'full' },
    asChild: true,
    element: (extra) => <ReasoningStatusLabel {...extra} />,
    root: inRoot(),
  },
  {
    name: 'ReasoningDuration',
    tag: 'time',
    own: { datetime: 'PT12S', 'data-status': 'complete', 'data-visibility': 'full' },
    asChild: true,
    element: (extra) => <ReasoningDuration {...extra} />,
    root: inRoot(),
  },
  {
    name: 'ReasoningAnnouncer',
    tag: 'span',
    own: { role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' },
    asChild: true,
    element: (extra) => <ReasoningAnnouncer {...extra} />,
    root: inRoot(),
  },
  {
    name: 'ReasoningText',
    tag: 'div',
    own: { 'data-status': 'complete', 'data-visibility': 'full' },
    asChild: true,
    element: (extra) => <ReasoningText {...extra} />,
    root: inRoot(),
  },
  {
    name: 'ReasoningTitle',
    tag: 'span',
    own: { 'data-status': 'complete', 'data-visibility': 'full' },
    asChild: true,
    element: (extra) => <ReasoningTitle {...extra} />,
    root: inRoot(),
  },
  {
    name: 'ReasoningCopy',
    tag: 'button',
    own: { type: 'button', 'data-status': 'complete', 'data-visibility': 'full' },
    asChild: true,
    element: (extra) => <ReasoningCopy {...extra} />,
    root: inRoot(),
  },
  {
    name: 'ReasoningScrollArea',
    tag: 'div',
    own: { tabindex: '0', role: 'group', 'aria-label': 'Reasoning', 'data-status': 'complete', 'data-visibility': 'full' },
    asChild: true,
    element: ({ children, ...extra }) => <ReasoningScrollArea {...extra}>{children ?? 'Scrolled'}</ReasoningScrollArea>,
    root: inRoot(),
  },
]

const completeState: ReasoningState = completeStore(12).getState()

const styledComponents: readonly PartCase[] = [
  {
    name: 'ReasoningPanel',
    tag: 'div',
    own: { 'data-slot': 'reasoning-panel', 'data-state': 'closed', 'data-status': 'complete', 'data-visibility': 'full', 'data-expandable': '' },
    asChild: false,
    element: (extra) => <ReasoningPanel block={block12} {...extra} />,
  },
  {
    name: 'ReasoningSummary',
    tag: 'div',
    own: { 'data-slot': 'reasoning-summary', 'data-source': 'titles', 'data-status': 'complete' },
    asChild: false,
    element: (extra) => <ReasoningSummary block={block12} {...extra} />,
  },
  {
    name: 'ThinkingIndicator',
    tag: 'span',
    own: { 'data-slot': 'thinking-indicator', 'data-active': '' },
    asChild: false,
    element: (extra) => <ThinkingIndicator {...extra} />,
  },
  {
    name: 'EncryptedReasoningIndicator',
    tag: 'div',
    own: { 'data-slot': 'encrypted-indicator', 'data-status': 'complete' },
    asChild: false,
    element: (extra) => <EncryptedReasoningIndicator block={encryptedOnlyBlock()} {...extra} />,
  },
  {
    name: 'ReasoningStream',
    tag: 'div',
    own: { 'data-slot': 'reasoning-stream', 'data-status': 'complete' },
    asChild: false,
    element: (extra) => <ReasoningStream state={completeState} {...extra} />,
  },
  {
    name: 'ReasoningTimeline',
    tag: 'ol',
    own: { 'data-slot': 'reasoning-timeline' },
    asChild: false,
    element: (extra) => <ReasoningTimeline state={completeState} {...extra} />,
  },
]

/** Renders a case and returns the part's element and its parent (the root, or the container). */
function renderPart(c: PartCase, extra: Extra = {}) {
  const part = c.element(extra)
  const { container } = render(c.root ? c.root(part) : part)
  const host = c.root ? container.firstElementChild : container
  if (!host) throw new Error(`${c.name}: nothing rendered`)
  return { host, element: host.firstElementChild as HTMLElement | null }
}

/** The attributes that are a caller's to override: data-*, aria-* and role. */
const overridable = (own: PartCase['own']) => Object.keys(own).filter((name) => /^(data-|aria-|role$)/.test(name))

function sharedChecks(c: PartCase) {
  it('should render exactly one element, of the documented tag', () => {
    const { host, element } = renderPart(c)
    expect(host.children).toHaveLength(1)
    expect(element?.tagName.toLowerCase()).toBe(c.tag)
  })

  it('should carry its documented attributes', () => {
    const { element } = renderPart(c)
    for (const [name, value] of Object.entries(c.own)) expect(element, name).toHaveAttribute(name, value)
  })

  it("given the caller's data-*, aria-*, className and id, should apply them over its own", () => {
    const overrides = Object.fromEntries(overridable(c.own).map((name) => [name, 'caller']))
    const { element } = renderPart(c, {
      ...overrides,
      'data-testid': 'mine',
      'aria-describedby': 'help',
      className: 'caller-class',
      id: 'caller-id',
    })
    for (const name of Object.keys(overrides)) expect(element, name).toHaveAttribute(name, 'caller')
    expect(element).toHaveAttribute('data-testid', 'mine')
    expect(element).toHaveAttribute('aria-describedby', 'help')
    expect(element).toHaveAttribute('id', 'caller-id')
    expect(element).toHaveClass('caller-class')
  })

  it('should forward its ref to its element', () => {
    let node: HTMLElement | null = null
    const { element } = renderPart(c, { ref: (n) => { node = n } })
    expect(node).not.toBeNull()
    expect(node).toBe(element)
  })

  if (c.asChild) {
    it('given asChild, should render the child instead, with merged props and the ref', () => {
      let node: HTMLElement | null = null
      const { host, element } = renderPart(c, {
        asChild: true,
        className: 'from-part',
        ref: (n) => { node = n },
        children: <article data-child="" className="from-child" />,
      })
      expect(host.children).toHaveLength(1)
      expect(element?.tagName).toBe('ARTICLE')
      expect(element).toHaveAttribute('data-child')
      expect(element).toHaveClass('from-part', 'from-child')
      const [name, value] = Object.entries(c.own).find(([n]) => n.startsWith('data-') || n.startsWith('aria-')) ?? []
      if (name !== undefined) expect(element).toHaveAttribute(name, value)
      expect(node).toBe(element)
    })
  }

  if (c.root) {
    it('given no <Reasoning> around it, should throw an error naming the part', () => {
      vi.spyOn(console, 'error').mockImplementation(() => {})
      expect(() => render(c.element({}))).toThrow(new RegExp(`<${c.name}>.*<Reasoning>`))
    })
  }
}

afterEach(() => {
  vi.restoreAllMocks()
  vi.useRealTimers()
})

describe.each(headlessParts)('headless part $name', sharedChecks)

describe.each(styledComponents)('styled component $name', sharedChecks)

describe('aliases', () => {
  it('should export Root, Trigger, Content, Status, Duration, Text, Title and Copy as the same components', () => {
    expect(Root).toBe(Reasoning)
    expect(Trigger).toBe(ReasoningTrigger)
    expect(Content).toBe(ReasoningContent)
    expect(Status).toBe(ReasoningStatusLabel)
    expect(Duration).toBe(ReasoningDuration)
    expect(Text).toBe(ReasoningText)
    expect(Title).toBe(ReasoningTitle)
    expect(Copy).toBe(ReasoningCopy)
  })
})

// ---------------------------------------------------------------------------
// asChild on the parts that make their own content.

describe('asChild on parts that render their own text', () => {
  it('given ReasoningStatusLabel asChild with an empty <h3>, should put the status wording inside the h3', () => {
    render(
      <Reasoning block={block12}>
        <ReasoningStatusLabel asChild>
          <h3 />
        </ReasoningStatusLabel>
      </Reasoning>,
    )
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent('Thought for 12 seconds')
  })

  it('given ReasoningDuration asChild with an empty <strong>, should put the duration inside it', () => {
    const { container } = render(
      <Reasoning block={block12}>
        <ReasoningDuration asChild>
          <strong />
        </ReasoningDuration>
      </Reasoning>,
    )
    expect(container.querySelector('strong')).toHaveTextContent('12 seconds')
  })

  it('given ReasoningText asChild with an <article>, should render the paragraphs inside the article', () => {
    const { container } = render(
      <Reasoning block={block12}>
        <ReasoningText asChild>
          <article />
        </ReasoningText>
      </Reasoning>,
    )
    expect(container.querySelector('article')).toHaveTextContent(RAW_SENTENCE)
  })

  it('given ReasoningAnnouncer asChild with a <p>, should announce into the p', async () => {
    const view = (block: ReasoningBlock) => (
      <Catch>
        <ReasoningProvider now={at7s}>
          <Reasoning block={block}>
            <ReasoningAnnouncer asChild>
              <p />
            </ReasoningAnnouncer>
          </Reasoning>
        </ReasoningProvider>
      </Catch>
    )
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { container } = render(view(streamingBlock()))
    await waitFor(() => {
      expect(screen.queryByTestId('caught')?.textContent ?? 'no error').toBe('no error')
      expect(container.querySelector('p[role="status"]')).toHaveTextContent('Thinking…')
    })
  })
})

/** Keeps an error thrown by a later (timer-driven) render inside the test that caused it. */
class Catch extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {}
  static getDerivedStateFromError(error: Error) {
    return { error }
  }
  override render() {
    return this.state.error ? <output data-testid="caught">{this.state.error.message}</output> : this.props.children
  }
}

// ---------------------------------------------------------------------------
// State attributes.

function rootOf(ui: ReactElement): HTMLElement {
  const { container } = render(ui)
  const root = container.firstElementChild
  if (!(root instanceof HTMLElement)) throw new Error('no root element')
  return root
}

describe('Reasoning state attributes', () => {
  it.each([
    ['streaming', streamingBlock()],
    ['complete', completeBlock()],
    ['interrupted', interruptedBlock()],
  ] as const)('given a %s block, should set data-status to it', (status, block) => {
    expect(rootOf(<Reasoning block={block} />)).toHaveAttribute('data-status', status)
  })

  it('given no visibility, should set data-visibility="full"; given one, should set it', () => {
    expect(rootOf(<Reasoning block={block12} />)).toHaveAttribute('data-visibility', 'full')
    expect(rootOf(<Reasoning block={block12} visibility="summary" />)).toHaveAttribute('data-visibility', 'summary')
  })

  it("given a provider's visibility, should use it unless the part sets its own", () => {
    expect(rootOf(<ReasoningProvider visibility="none"><Reasoning block={block12} /></ReasoningProvider>))
      .toHaveAttribute('data-visibility', 'none')
    expect(rootOf(<ReasoningProvider visibility="none"><Reasoning block={block12} visibility="full" /></ReasoningProvider>))
      .toHaveAttribute('data-visibility', 'full')
  })

  it('given a streaming block, should be open (data-state="open"); given a finished one, closed', () => {
    expect(rootOf(<ReasoningProvider now={at7s}><Reasoning block={streamingBlock()} /></ReasoningProvider>))
      .toHaveAttribute('data-state', 'open')
    expect(rootOf(<Reasoning block={block12} />)).toHaveAttribute('data-state', 'closed')
  })

  it('given a plain block, should leave out data-encrypted and data-encrypted-only, and set data-expandable', () => {
    const root = rootOf(<Reasoning block={block12} />)
    expect(root).not.toHaveAttribute('data-encrypted')
    expect(root).not.toHaveAttribute('data-encrypted-only')
    expect(root).toHaveAttribute('data-expandable', '')
  })

  it('given readable text with an encrypted value, should set data-encrypted="" only', () => {
    const root = rootOf(<Reasoning block={encryptedTextBlock()} />)
    expect(root).toHaveAttribute('data-encrypted', '')
    expect(root).not.toHaveAttribute('data-encrypted-only')
    expect(root).toHaveAttribute('data-expandable', '')
  })

  it('given an encrypted-only block, should set data-encrypted and data-encrypted-only and drop data-expandable', () => {
    const root = rootOf(<Reasoning block={encryptedOnlyBlock()} defaultOpen />)
    expect(root).toHaveAttribute('data-encrypted', '')
    expect(root).toHaveAttribute('data-encrypted-only', '')
    expect(root).not.toHaveAttribute('data-expandable')
    expect(root).toHaveAttribute('data-state', 'closed')
  })

  it('given visibility none, should drop data-expandable and stay closed even with defaultOpen', () => {
    const root = rootOf(<Reasoning block={block12} visibility="none" defaultOpen />)
    expect(root).not.toHaveAttribute('data-expandable')
    expect(root).toHaveAttribute('data-state', 'closed')
  })

  it('given an encrypted streaming block at summary level, every state-carrying part should mirror status, visibility and encryption', () => {
    const { container } = render(
      <ReasoningProvider now={at7s}>
        <Reasoning block={encryptedTextBlock('streaming')} visibility="summary" defaultOpen>
          <ReasoningTrigger data-testid="part">t</ReasoningTrigger>
          <ReasoningContent data-testid="part">c</ReasoningContent>
          <ReasoningStatusLabel data-testid="part" />
          <ReasoningDuration data-testid="part" />
          <ReasoningScrollArea data-testid="part" />
        </Reasoning>
      </ReasoningProvider>,
    )
    const parts = within(container).getAllByTestId('part')
    expect(parts).toHaveLength(5)
    for (const part of parts) {
      expect(part).toHaveAttribute('data-status', 'streaming')
      expect(part).toHaveAttribute('data-visibility', 'summary')
      expect(part).toHaveAttribute('data-encrypted', '')
    }
  })
})

// ---------------------------------------------------------------------------
// Trigger and content: the disclosure contract.

function Disclosure(props: { block?: ReasoningBlock; visibility?: 'full' | 'summary' | 'none'; defaultOpen?: boolean; contentId?: string; onOpenChange?: (open: boolean) => void }) {
  return (
    <Reasoning
      block={props.block ?? block12}
      {...(props.visibility !== undefined && { visibility: props.visibility })}
      {...(props.defaultOpen !== undefined && { defaultOpen: props.defaultOpen })}
      {...(props.onOpenChange !== undefined && { onOpenChange: props.onOpenChange })}
    >
      <ReasoningTrigger>Show reasoning</ReasoningTrigger>
      <ReasoningContent data-testid="content" {...(props.contentId !== undefined && { id: props.contentId })}>
        <ReasoningText />
      </ReasoningContent>
    </Reasoning>
  )
}

describe('ReasoningTrigger and ReasoningContent', () => {
  it('should make the trigger a real <button type="button">', () => {
    render(<Disclosure />)
    const trigger = screen.getByRole('button', { name: 'Show reasoning' })
    expect(trigger.tagName).toBe('BUTTON')
    expect(trigger).toHaveAttribute('type', 'button')
  })

  it('given a closed panel, should say aria-expanded="false" and have no aria-controls', () => {
    render(<Disclosure />)
    const trigger = screen.getByRole('button')
    expect(trigger).toHaveAttribute('aria-expanded', 'false')
    expect(trigger).not.toHaveAttribute('aria-controls')
    expect(screen.getByText(RAW_SENTENCE)).not.toBeVisible()
  })

  it('given a closed panel at full, should keep the content in the DOM as hidden="until-found", for find-in-page', () => {
    render(<Disclosure />)
    expect(screen.getByTestId('content')).toHaveAttribute('hidden', 'until-found')
    expect(screen.getByTestId('content')).toHaveAttribute('data-state', 'closed')
    expect(screen.getByTestId('content')).toHaveTextContent(RAW_SENTENCE)
  })

  it('given a closed panel at summary, or untilFound={false}, should keep the content element itself out of the DOM', () => {
    const { unmount } = render(<Disclosure visibility="summary" />)
    expect(screen.queryByTestId('content')).not.toBeInTheDocument()
    unmount()
    render(
      <Reasoning block={block12}>
        <ReasoningTrigger>Show reasoning</ReasoningTrigger>
        <ReasoningContent data-testid="content" untilFound={false}>
          <ReasoningText />
        </ReasoningContent>
      </Reasoning>,
    )
    expect(screen.queryByTestId('content')).not.toBeInTheDocument()
    expect(document.body).not.toHaveTextContent(RAW_SENTENCE)
  })

  it('when find-in-page reveals the closed content (beforematch), should open the panel', () => {
    const onOpenChange = vi.fn()
    render(<Disclosure onOpenChange={onOpenChange} />)
    const content = screen.getByTestId('content')
    act(() => {
      content.removeAttribute('hidden')
      content.dispatchEvent(new Event('beforematch'))
    })
    expect(screen.getByRole('button')).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByRole('button')).toHaveAttribute('aria-controls', content.id)
    expect(content).not.toHaveAttribute('hidden')
    expect(onOpenChange).toHaveBeenLastCalledWith(true)
  })

  it('given an open panel, should say aria-expanded="true" and point aria-controls at the content', () => {
    render(<Disclosure defaultOpen />)
    const trigger = screen.getByRole('button')
    const contentElement = screen.getByTestId('content')
    expect(trigger).toHaveAttribute('aria-expanded', 'true')
    expect(contentElement.id).not.toBe('')
    expect(trigger).toHaveAttribute('aria-controls', contentElement.id)
    expect(contentElement).toHaveTextContent(RAW_SENTENCE)
  })

  it("given the caller's id on the content, should point aria-controls at that id", () => {
    render(<Disclosure defaultOpen contentId="my-content" />)
    expect(screen.getByTestId('content')).toHaveAttribute('id', 'my-content')
    expect(screen.getByRole('button')).toHaveAttribute('aria-controls', 'my-content')
  })

  it('when the user clicks the trigger, should open and close again, telling onOpenChange', async () => {
    const user = userEvent.setup()
    const onOpenChange = vi.fn()
    render(<Disclosure onOpenChange={onOpenChange} />)
    const trigger = screen.getByRole('button')
    await user.click(trigger)
    expect(trigger).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByTestId('content')).toHaveTextContent(RAW_SENTENCE)
    expect(onOpenChange).toHaveBeenLastCalledWith(true)
    await user.click(trigger)
    expect(trigger).toHaveAttribute('aria-expanded', 'false')
    expect(screen.getByText(RAW_SENTENCE)).not.toBeVisible()
    expect(onOpenChange).toHaveBeenLastCalledWith(false)
  })

  it('when the user collapses the content, should hide it until found at full and remove it at summary', async () => {
    const user = userEvent.setup()
    const { unmount } = render(<Disclosure defaultOpen />)
    expect(screen.getByTestId('content')).not.toHaveAttribute('hidden')
    await user.click(screen.getByRole('button'))
    expect(screen.getByTestId('content')).toHaveAttribute('hidden', 'until-found')
    unmount()
    render(<Disclosure defaultOpen visibility="summary" />)
    expect(screen.getByTestId('content')).toBeInTheDocument()
    await user.click(screen.getByRole('button'))
    expect(screen.queryByTestId('content')).not.toBeInTheDocument()
  })

  it('when the user presses Enter or Space on the focused trigger, should toggle', async () => {
    const user = userEvent.setup()
    render(<Disclosure />)
    await user.tab()
    expect(screen.getByRole('button')).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(screen.getByRole('button')).toHaveAttribute('aria-expanded', 'true')
    await user.keyboard(' ')
    expect(screen.getByRole('button')).toHaveAttribute('aria-expanded', 'false')
  })

  it.each([
    ['visibility none', { visibility: 'none' as const }],
    ['an encrypted-only block', { block: encryptedOnlyBlock() }],
  ])('given %s, should render no content even with defaultOpen, and disable the trigger', async (_, props) => {
    const user = userEvent.setup()
    render(<Disclosure {...props} defaultOpen />)
    expect(screen.queryByTestId('content')).not.toBeInTheDocument()
    const trigger = screen.getByRole('button')
    expect(trigger).toBeDisabled()
    await user.click(trigger)
    expect(screen.queryByTestId('content')).not.toBeInTheDocument()
  })

  it('given a controlled open={true} on a non-expandable block, should still render no content', () => {
    render(
      <Reasoning block={block12} visibility="none" open>
        <ReasoningContent data-testid="content">body</ReasoningContent>
      </Reasoning>,
    )
    expect(screen.queryByTestId('content')).not.toBeInTheDocument()
  })
})

// ---------------------------------------------------------------------------
// What the other parts show.

describe('ReasoningStatusLabel', () => {
  it.each([
    ['a streaming block 7 s in', streamingBlock(), 'Thinking · 7s'],
    ['a block complete after 12 s', completeBlock(12), 'Thought for 12 seconds'],
    ['a block complete after 0.4 s', completeBlock(0.4), 'Thought for less than a second'],
    ['a block interrupted after 4 s', interruptedBlock(4), 'Reasoning interrupted after 4 seconds'],
    ['a block the user stopped after 4 s', interruptedBlock(4, 'stopped'), 'Stopped after 4 seconds'],
    ['a block the user stopped at once', interruptedBlock(0.3, 'stopped'), 'Stopped after 1 second'],
    ['a block the provider cut short after 4 s', interruptedBlock(4, 'cut-short'), 'Reasoning cut short after 4 seconds'],
    ['a block whose connection dropped after 4 s', interruptedBlock(4, 'disconnected'), 'Connection lost after 4 seconds of thinking'],
    ['a finished block without timestamps', untimedBlock, 'Thought'],
  ])('given %s, should say the documented wording', (_, block, wording) => {
    render(
      <ReasoningProvider now={at7s}>
        <Reasoning block={block}>
          <ReasoningStatusLabel data-testid="status" />
        </Reasoning>
      </ReasoningProvider>,
    )
    expect(screen.getByTestId('status').textContent).toBe(wording)
  })

  it('given a streaming block, should count up once a second', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    let now = T0 + 7000
    render(
      <ReasoningProvider now={() => now}>
        <Reasoning block={streamingBlock()}>
          <ReasoningStatusLabel data-testid="status" />
        </Reasoning>
      </ReasoningProvider>,
    )
    expect(screen.getByTestId('status')).toHaveTextContent('Thinking · 7s')
    now = T0 + 8000
    act(() => { vi.advanceTimersByTime(1000) })
    expect(screen.getByTestId('status')).toHaveTextContent('Thinking · 8s')
  })
})

describe('ReasoningDuration', () => {
  it('given a block complete after 12 s, should render <time dateTime="PT12S">12 seconds</time>; narrow: 12s', () => {
    render(
      <Reasoning block={block12}>
        <ReasoningDuration data-testid="long" />
        <ReasoningDuration data-testid="narrow" format="narrow" />
      </Reasoning>,
    )
    expect(screen.getByTestId('long')).toHaveTextContent('12 seconds')
    expect(screen.getByTestId('long')).toHaveAttribute('datetime', 'PT12S')
    expect(screen.getByTestId('narrow')).toHaveTextContent('12s')
  })

  it('given a block without timestamps, should render nothing', () => {
    const root = rootOf(<Reasoning block={untimedBlock}><ReasoningDuration /></Reasoning>)
    expect(root.children).toHaveLength(0)
  })
})

describe('ReasoningAnnouncer', () => {
  it('given a block that completes while mounted, should announce the outcome politely, never the reasoning text', async () => {
    const store = startedStore()
    const view = (block: ReasoningBlock) => (
      <ReasoningProvider now={at7s}>
        <Reasoning block={block}>
          <ReasoningAnnouncer />
        </Reasoning>
      </ReasoningProvider>
    )
    const { rerender } = render(view(blockOf(store)))
    const region = screen.getByRole('status')
    expect(region).toHaveAttribute('aria-live', 'polite')
    await waitFor(() => expect(region).toHaveTextContent('Thinking…'))
    feed(store, content('m1', ' More tokens.'))
    rerender(view(blockOf(store)))
    expect(region).not.toHaveTextContent('tokens')
    store.clock.now = T0 + 12_000
    feed(store, msgEnd('m1'), spanEnd('s1'))
    rerender(view(blockOf(store)))
    await waitFor(() => expect(region).toHaveTextContent('Thought for 12 seconds'))
    expect(region).not.toHaveTextContent('Raw thought')
  })

  it('given history that was already complete on mount, should announce nothing', async () => {
    render(<Reasoning block={block12}><ReasoningAnnouncer /></Reasoning>)
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(screen.getByRole('status')).toBeEmptyDOMElement()
  })
})

describe('ReasoningText', () => {
  it('given markup in the reasoning, should render it as text, never as HTML', () => {
    const hostile = '<img src="x" onerror="alert(1)"><b>bold</b>'
    const { container } = render(
      <Reasoning block={completeBlock(3, hostile)}>
        <ReasoningText />
      </Reasoning>,
    )
    expect(container.querySelector('img')).toBeNull()
    expect(container.querySelector('b')).toBeNull()
    expect(container).toHaveTextContent(hostile)
  })

  it.each(['summary', 'none'] as const)('given visibility %s, should render nothing', (visibility) => {
    const root = rootOf(<Reasoning block={block12} visibility={visibility}><ReasoningText /></Reasoning>)
    expect(root.children).toHaveLength(0)
    expect(root).not.toHaveTextContent(RAW_SENTENCE)
  })
})

describe('ReasoningScrollArea', () => {
  it('should be a focusable group named by the content label, so keyboard users can scroll it', () => {
    render(<Reasoning block={block12}><ReasoningScrollArea>text</ReasoningScrollArea></Reasoning>)
    const area = screen.getByRole('group', { name: 'Reasoning' })
    expect(area).toHaveAttribute('tabindex', '0')
  })

  it("given the caller's onScroll, should still call it", () => {
    const onScroll = vi.fn()
    render(<Reasoning block={block12}><ReasoningScrollArea onScroll={onScroll}>text</ReasoningScrollArea></Reasoning>)
    screen.getByRole('group').dispatchEvent(new Event('scroll'))
    expect(onScroll).toHaveBeenCalledTimes(1)
  })
})

// ---------------------------------------------------------------------------
// Styled components.

describe('ReasoningPanel', () => {
  it('given a complete block, should start collapsed, its reasoning hidden until found (full) or out of the DOM (summary)', () => {
    const { container, unmount } = render(<ReasoningPanel block={block12} />)
    expect(screen.getByRole('button')).toHaveAttribute('aria-expanded', 'false')
    expect(screen.getByRole('button')).toHaveTextContent('Thought for 12 seconds')
    expect(container.querySelector('[data-slot="reasoning-content"]')).toHaveAttribute('hidden', 'until-found')
    expect(screen.getByText(RAW_SENTENCE)).not.toBeVisible()
    unmount()
    const summary = render(<ReasoningPanel block={block12} visibility="summary" />)
    expect(summary.container.querySelector('[data-slot="reasoning-content"]')).toBeNull()
  })

  it('when the user collapses an open panel, should hide the content until found', async () => {
    const user = userEvent.setup()
    const { container } = render(<ReasoningPanel block={block12} defaultOpen animationDuration={0} />)
    const trigger = screen.getByRole('button', { expanded: true })
    expect(trigger).toHaveAttribute('aria-controls', container.querySelector('[data-slot="reasoning-content"]')?.id)
    expect(container).toHaveTextContent(RAW_SENTENCE)
    await user.click(trigger)
    expect(trigger).toHaveAttribute('aria-expanded', 'false')
    await waitFor(() => expect(container.querySelector('[data-slot="reasoning-content"]')).toHaveAttribute('hidden', 'until-found'))
    expect(screen.getByText(RAW_SENTENCE)).not.toBeVisible()
  })

  it('given visibility summary, should show the titles and never the raw text', () => {
    const { container } = render(<ReasoningPanel block={block12} visibility="summary" defaultOpen />)
    expect(container.querySelector('[data-slot="reasoning-summary-titles"]')).toHaveTextContent('Plan')
    expect(container).not.toHaveTextContent(RAW_SENTENCE)
  })

  it.each([
    ['visibility none', { block: block12, visibility: 'none' as const }],
    ['an encrypted-only block', { block: encryptedOnlyBlock() }],
  ])('given %s, should render a header without any button', (_, props) => {
    const { container } = render(<ReasoningPanel {...props} defaultOpen />)
    expect(screen.queryByRole('button')).toBeNull()
    expect(container.querySelector('[data-slot="reasoning-header"]')).not.toBeNull()
    expect(container).not.toHaveTextContent(RAW_SENTENCE)
  })

  it('given an encrypted-only block, should show the lock indicator and never the encrypted value', () => {
    const { container } = render(<ReasoningPanel block={encryptedOnlyBlock()} />)
    expect(container.querySelector('[data-slot="encrypted-indicator"]')).toHaveTextContent('Reasoning hidden by the provider')
    expect(container.innerHTML).not.toContain(SECRET)
  })
})

describe('ReasoningSummary', () => {
  it('given a block with raw text and no <Reasoning>, should show titles and never the raw text', () => {
    const { container } = render(<ReasoningSummary block={block12} />)
    expect(container).toHaveTextContent('Plan')
    expect(container).not.toHaveTextContent(RAW_SENTENCE)
  })

  it('inside a <Reasoning> with visibility none, should render nothing', () => {
    const root = rootOf(<Reasoning block={block12} visibility="none"><ReasoningSummary /></Reasoning>)
    expect(root.children).toHaveLength(0)
  })

  it('given no block and no <Reasoning>, should throw an error naming the component', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() => render(<ReasoningSummary />)).toThrow(/<ReasoningSummary>.*<Reasoning>/)
  })
})

describe('EncryptedReasoningIndicator', () => {
  it('given no block and no <Reasoning>, should throw an error naming the component', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() => render(<EncryptedReasoningIndicator />)).toThrow(/<EncryptedReasoningIndicator>.*<Reasoning>/)
  })

  it('given a finished encrypted-only block, should show the lock label and the duration, not the value', () => {
    const { container } = render(<EncryptedReasoningIndicator block={encryptedOnlyBlock()} />)
    expect(container).toHaveTextContent('Reasoning hidden by the provider')
    expect(container.querySelector('time')).toHaveTextContent('5 seconds')
    expect(container.innerHTML).not.toContain(SECRET)
  })
})

describe('ThinkingIndicator', () => {
  it('given active={false}, should drop data-active; given a label, should show it', () => {
    const { container } = render(<ThinkingIndicator active={false} label="Pondering" />)
    expect(container.firstElementChild).not.toHaveAttribute('data-active')
    expect(container).toHaveTextContent('Pondering')
  })
})

describe('ReasoningStream and ReasoningTimeline', () => {
  it('given a state with one block, should render one panel for it', () => {
    const { container } = render(<ReasoningStream state={completeState} />)
    expect(container.querySelectorAll('[data-slot="reasoning-panel"]')).toHaveLength(1)
  })

  it('given a state with one block, the timeline should render one list item holding its panel', () => {
    render(<ReasoningTimeline state={completeState} />)
    const items = screen.getAllByRole('listitem')
    expect(items).toHaveLength(1)
    expect(items[0]).toHaveAttribute('data-kind', 'reasoning')
    expect(items[0]?.querySelector('[data-slot="reasoning-panel"]')).not.toBeNull()
  })
})
