/**
 * Server rendering (react-dom/server) and hydration (react-dom/client): every
 * component renders to a string, the server HTML holds only what the
 * visibility level allows and never an encrypted value, a streaming block
 * says "Thinking…" on the server (the server cannot know the client's clock),
 * and hydration finds exactly the HTML the client would render: no console
 * error, no recoverable error. The live counter appears only after hydration.
 */
import { act, waitFor } from '@testing-library/react'
import type { ReactElement } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  EncryptedReasoningIndicator,
  Reasoning,
  ReasoningAnnouncer,
  ReasoningContent,
  ReasoningDuration,
  ReasoningPanel,
  ReasoningProvider,
  ReasoningScrollArea,
  ReasoningStatusLabel,
  ReasoningStream,
  ReasoningSummary,
  ReasoningText,
  ReasoningTimeline,
  ReasoningTrigger,
  ThinkingIndicator,
  type ReasoningBlock,
  type ReasoningLabels,
  type ReasoningStore,
  type Visibility,
} from 'reasoning-ui'
import {
  content, encrypted, feed, msgEnd, msgStart, run, runDone, span, spanEnd, testStore, text, ui,
} from '../helpers/events'

// ---------------------------------------------------------------------------
// Blocks and stores, built from events with the test clock (T0 = block start).

const T0 = 10_000
const RAW = '**Checking units**\n\nRaw thought about metres and feet.'
const RAW_SENTENCE = 'Raw thought about metres and feet.'
const TITLE = 'Checking units'
const MESSAGE_SECRET = 'SECRET-message-value'
const SPAN_SECRET = 'SECRET-span-value'
const TOOL_SECRET = 'SECRET-tool-value'
const SIGNATURE = 'SECRET-signature'

type TestStore = ReturnType<typeof testStore>

function blockOf(store: ReasoningStore, index = 0): ReasoningBlock {
  const block = store.getState().blocks[index]
  if (!block) throw new Error(`the events made no block #${index}`)
  return block
}

function startedStore(): TestStore {
  const store = testStore(T0)
  feed(store, run(), span('s1'), msgStart('m1'), content('m1', RAW))
  return store
}

const streamingBlock = () => blockOf(startedStore())

function completeBlock(seconds = 12): ReasoningBlock {
  const store = startedStore()
  store.clock.now = T0 + seconds * 1000
  feed(store, msgEnd('m1'), spanEnd('s1'), runDone())
  return blockOf(store)
}

function interruptedBlock(seconds = 4): ReasoningBlock {
  const store = startedStore()
  store.clock.now = T0 + seconds * 1000
  // The run failed: the wording the German labels below override.
  store.streamEnded(undefined, 'failed')
  return blockOf(store)
}

function encryptedOnlyBlock(status: 'streaming' | 'complete' = 'complete'): ReasoningBlock {
  const store = testStore(T0)
  feed(store, run(), span('s1'), msgStart('m1'), encrypted('m1', MESSAGE_SECRET))
  if (status === 'complete') {
    store.clock.now = T0 + 5000
    feed(store, msgEnd('m1'), spanEnd('s1'), runDone())
  }
  return blockOf(store)
}

const toolStart = (id: string, name: string) => ({ type: 'TOOL_CALL_START', toolCallId: id, toolCallName: name })
const toolEnd = (id: string) => ({ type: 'TOOL_CALL_END', toolCallId: id })

/**
 * A finished run with every kind of secret a provider can send: readable text
 * with an encrypted value and a signature, a provider summary, a block outcome,
 * an encrypted tool call, and a span that is encrypted only.
 */
function finishedStore(): TestStore {
  const store = testStore(T0)
  feed(
    store,
    run(),
    span('s1'),
    msgStart('m1', ui({ signature: SIGNATURE })),
    content('m1', RAW),
    encrypted('m1', MESSAGE_SECRET),
    msgStart('m2', ui({ kind: 'summary' })),
    content('m2', 'The provider summary.'),
    msgEnd('m2'),
  )
  store.clock.now = T0 + 12_000
  feed(
    store,
    msgEnd('m1'),
    spanEnd('s1', ui({ conclusion: 'Use metres', confidence: 0.8 })),
    toolStart('t1', 'convert'),
    encrypted('t1', TOOL_SECRET, { subtype: 'tool-call' }),
    toolEnd('t1'),
    span('s2'),
    encrypted('s2', SPAN_SECRET),
  )
  store.clock.now = T0 + 15_000
  feed(store, spanEnd('s2'), text('a1'), runDone())
  return store
}

/** A run still working: a finished block, a tool call running since T0 + 2 s, and a block streaming since T0 + 3 s. */
function liveStore(): TestStore {
  const store = testStore(T0)
  feed(store, run(), span('s0'), msgStart('m0'), content('m0', 'Earlier thought.'))
  store.clock.now = T0 + 1000
  feed(store, msgEnd('m0'), spanEnd('s0'))
  store.clock.now = T0 + 2000
  feed(store, toolStart('t1', 'search'))
  store.clock.now = T0 + 3000
  feed(store, span('s1'), msgStart('m1'), content('m1', RAW))
  return store
}

/** A run that has started but not yet produced any reasoning (the stream shows its pending indicator). */
function pendingStore(): TestStore {
  const store = testStore(T0)
  feed(store, run())
  return store
}

/** The provider's clock: 7 s after T0. */
const at7s = () => T0 + 7000

const germanLabels: Partial<ReasoningLabels> = {
  thinking: 'Denkt nach…',
  thinkingFor: (elapsed) => `Denkt nach · ${elapsed}`,
  thoughtFor: (duration) => `Dachte ${duration} lang nach`,
  interruptedAfter: (duration) => `Abgebrochen nach ${duration}`,
  encrypted: 'Vom Anbieter verborgen',
  content: 'Gedankengang',
  noSummary: 'Keine Zusammenfassung',
}

// ---------------------------------------------------------------------------
// Hydration harness.

interface Hydrated {
  readonly html: string
  readonly container: HTMLElement
  /** Every console.error message logged while hydrating and settling. */
  readonly consoleErrors: () => string[]
  /** Every error React recovered from (hydration mismatches end up here). */
  readonly recoverableErrors: () => string[]
}

const roots: { root: Root; container: HTMLElement }[] = []

afterEach(() => {
  for (const { root, container } of roots.splice(0)) {
    act(() => root.unmount())
    container.remove()
  }
  vi.restoreAllMocks()
  vi.useRealTimers()
})

/**
 * Renders `server` to a string, puts it in the document and hydrates it with
 * `client` (the same tree unless a test wants a mismatch on purpose).
 */
async function hydrate(server: ReactElement, client: ReactElement = server): Promise<Hydrated> {
  const html = renderToString(server)
  const container = document.createElement('div')
  container.innerHTML = html
  document.body.append(container)
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
  const recoverable = vi.fn()
  let root: Root | undefined
  await act(async () => {
    root = hydrateRoot(container, client, { onRecoverableError: recoverable })
  })
  if (root) roots.push({ root, container })
  // Let effects and zero-delay timers (the live region, the open policy) run too.
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
  return {
    html,
    container,
    consoleErrors: () => consoleError.mock.calls.map((args) => args.map(String).join(' ')),
    recoverableErrors: () => recoverable.mock.calls.map(([error]) => String(error)),
  }
}

function expectCleanHydration(result: Hydrated) {
  expect(result.recoverableErrors()).toEqual([])
  expect(result.consoleErrors()).toEqual([])
}

function statusText(root: ParentNode): string | null | undefined {
  return root.querySelector('[data-slot="reasoning-status"]')?.textContent
}

/** The server HTML parsed into a detached element, for querying it. */
function parse(html: string): HTMLElement {
  const element = document.createElement('div')
  element.innerHTML = html
  return element
}

// ---------------------------------------------------------------------------

describe('the hydration harness', () => {
  it('given server and client text that differ, should catch the mismatch', async () => {
    const result = await hydrate(<p>server</p>, <p>client</p>)
    expect([...result.recoverableErrors(), ...result.consoleErrors()]).not.toEqual([])
  })

  it('given server and client attributes that differ, should catch the mismatch', async () => {
    const result = await hydrate(<p data-x="server">same</p>, <p data-x="client">same</p>)
    expect([...result.recoverableErrors(), ...result.consoleErrors()]).not.toEqual([])
  })
})

describe('renderToString', () => {
  const complete = completeBlock()
  const streaming = streamingBlock()
  const inRoot = (part: ReactElement, block = complete) => <Reasoning block={block} defaultOpen>{part}</Reasoning>

  it.each<[string, () => ReactElement, string]>([
    ['Reasoning', () => <Reasoning block={streaming} />, 'data-status="streaming"'],
    ['ReasoningTrigger', () => inRoot(<ReasoningTrigger>Toggle</ReasoningTrigger>), '<button'],
    ['ReasoningContent', () => inRoot(<ReasoningContent>Body</ReasoningContent>), '>Body</div>'],
    ['ReasoningStatusLabel', () => inRoot(<ReasoningStatusLabel />), 'Thought for 12 seconds'],
    ['ReasoningDuration', () => inRoot(<ReasoningDuration />), '>12 seconds</time>'],
    ['ReasoningAnnouncer', () => inRoot(<ReasoningAnnouncer />), 'role="status"'],
    ['ReasoningText', () => inRoot(<ReasoningText />), RAW_SENTENCE],
    ['ReasoningScrollArea', () => inRoot(<ReasoningScrollArea>Scrolled</ReasoningScrollArea>, streaming), 'tabindex="0"'],
    ['ReasoningPanel', () => <ReasoningPanel block={streaming} />, 'data-slot="reasoning-panel"'],
    ['ReasoningSummary', () => <ReasoningSummary block={complete} />, TITLE],
    ['ThinkingIndicator', () => <ThinkingIndicator />, 'Thinking…'],
    ['EncryptedReasoningIndicator', () => <EncryptedReasoningIndicator block={encryptedOnlyBlock()} />, 'Reasoning hidden by the provider'],
    ['ReasoningStream (state)', () => <ReasoningStream state={finishedStore().getState()} />, 'data-slot="reasoning-stream"'],
    ['ReasoningStream (store)', () => <ReasoningStream store={liveStore()} />, 'data-slot="reasoning-panel"'],
    ['ReasoningTimeline (state)', () => <ReasoningTimeline state={finishedStore().getState()} />, 'Called convert'],
    ['ReasoningTimeline (store)', () => <ReasoningTimeline store={liveStore()} />, 'Calling search…'],
    ['ReasoningProvider', () => <ReasoningProvider locale="de"><ReasoningPanel block={complete} /></ReasoningProvider>, '12 Sekunden'],
  ])('given %s, should render to a string without throwing', (_, element, marker) => {
    expect(renderToString(element())).toContain(marker)
  })

  it('given ReasoningPanel with visibility full and defaultOpen, should contain the reasoning text', () => {
    const html = renderToString(<ReasoningPanel block={completeBlock()} visibility="full" defaultOpen />)
    expect(html).toContain(RAW_SENTENCE)
  })

  it('given ReasoningPanel with visibility summary and defaultOpen, should contain the titles and not the raw text', () => {
    const html = renderToString(<ReasoningPanel block={completeBlock()} visibility="summary" defaultOpen />)
    expect(html).toContain(TITLE)
    expect(html).not.toContain(RAW_SENTENCE)
  })

  it('given ReasoningPanel with visibility none and defaultOpen, should contain neither the raw text nor its titles', () => {
    const html = renderToString(<ReasoningPanel block={completeBlock()} visibility="none" defaultOpen />)
    expect(html).toContain('Thought for 12 seconds')
    expect(html).not.toContain(RAW_SENTENCE)
    expect(html).not.toContain(TITLE)
  })

  it("given a provider's visibility summary, stream and timeline should keep the raw text out, even open", () => {
    const state = finishedStore().getState()
    const html = renderToString(
      <ReasoningProvider visibility="summary" openPolicy="stay-open">
        <ReasoningStream state={state} />
        <ReasoningTimeline state={state} />
      </ReasoningProvider>,
    )
    expect(html).toContain('The provider summary.')
    expect(html).not.toContain(RAW_SENTENCE)
  })

  describe('encrypted values', () => {
    const store = finishedStore()
    const state = store.getState()

    it('should have built blocks that really carry the secrets (the checks below mean something)', () => {
      expect(JSON.stringify(state)).toContain(MESSAGE_SECRET)
      expect(JSON.stringify(state)).toContain(SPAN_SECRET)
      expect(JSON.stringify(state)).toContain(TOOL_SECRET)
      expect(JSON.stringify(state)).toContain(SIGNATURE)
      expect(blockOf(store, 1).encrypted).toBe(true)
    })

    it.each<Visibility>(['full', 'summary', 'none'])('given visibility %s, should never appear in server HTML', (visibility) => {
      const html = renderToString(
        <ReasoningProvider visibility={visibility} openPolicy="stay-open">
          <ReasoningPanel block={blockOf(store, 0)} defaultOpen />
          <ReasoningPanel block={blockOf(store, 1)} defaultOpen />
          <ReasoningStream state={state} />
          <ReasoningTimeline state={state} />
          <ReasoningSummary block={blockOf(store, 0)} />
          <EncryptedReasoningIndicator block={blockOf(store, 1)} />
          <Reasoning block={blockOf(store, 0)} defaultOpen>
            <ReasoningText />
          </Reasoning>
        </ReasoningProvider>,
      )
      expect(html).toContain('Reasoning hidden by the provider')
      expect(html).not.toContain('SECRET')
    })
  })

  describe('a streaming block', () => {
    it('should say "Thinking…" with no live counter, even when the clock is 7 s after its start', () => {
      const html = renderToString(
        <ReasoningProvider now={at7s}>
          <ReasoningPanel block={streamingBlock()} />
        </ReasoningProvider>,
      )
      expect(statusText(parse(html))).toBe('Thinking…')
      expect(html).not.toMatch(/Thinking ·/)
    })

    it('should render the same HTML whatever the clock says', () => {
      const block = streamingBlock()
      const at = (ms: number) => renderToString(
        <ReasoningProvider now={() => T0 + ms}>
          <ReasoningPanel block={block} />
          <EncryptedReasoningIndicator block={encryptedOnlyBlock('streaming')} />
          <ReasoningTimeline store={liveStore()} />
        </ReasoningProvider>,
      )
      expect(at(7000)).toBe(at(70_000))
    })

    it('should render no duration for it, its encrypted indicator or a running tool call', () => {
      const html = renderToString(
        <ReasoningProvider now={at7s}>
          <Reasoning block={streamingBlock()}>
            <ReasoningDuration />
          </Reasoning>
          <EncryptedReasoningIndicator block={encryptedOnlyBlock('streaming')} />
          <ReasoningTimeline store={liveStore()} />
        </ReasoningProvider>,
      )
      expect(html).not.toContain('<time')
    })
  })
})

// ---------------------------------------------------------------------------

const panelBlocks: readonly [string, () => ReasoningBlock][] = [
  ['streaming', streamingBlock],
  ['complete', () => completeBlock()],
  ['interrupted', () => interruptedBlock()],
  ['encrypted-only', () => encryptedOnlyBlock()],
]
const visibilities: readonly Visibility[] = ['full', 'summary', 'none']
const panelCases = panelBlocks.flatMap(([status, block]) =>
  visibilities.flatMap((visibility) => [
    { status, block, visibility, defaultOpen: undefined },
    { status, block, visibility, defaultOpen: true },
  ]),
)

describe('hydrateRoot', () => {
  it.each(panelCases)(
    'given ReasoningPanel with a $status block at $visibility (defaultOpen: $defaultOpen), should hydrate without a mismatch',
    async ({ block, visibility, defaultOpen }) => {
      const result = await hydrate(
        <ReasoningProvider now={at7s}>
          <ReasoningPanel block={block()} visibility={visibility} {...(defaultOpen !== undefined && { defaultOpen })} />
        </ReasoningProvider>,
      )
      expectCleanHydration(result)
      expect(result.container.querySelector('[data-slot="reasoning-panel"]')).toHaveAttribute('data-visibility', visibility)
    },
  )

  it('given a streaming panel with a backlog of finished paragraphs, should have them in the server HTML, hydrate without a mismatch and keep them on the page as they move into the portal', async () => {
    // A client mount shows such a backlog from its next frame on (mount-backlog.test.tsx); the server and hydration at once.
    const paragraphs = Array.from({ length: 6 }, (_, i) => `Paragraph ${i}: ${'the units agree after the conversion. '.repeat(12).trim()}`)
    const store = testStore(T0)
    feed(store, run(), span('s1'), msgStart('m1'), content('m1', `${paragraphs.join('\n\n')}\n\nlive`))
    const shown = (root: ParentNode) => Array.from(root.querySelectorAll('[data-slot="reasoning-paragraph"]'), (p) => p.textContent.trim())
    // After hydration the panel moves its streaming text into a portal, which mounts it again: the
    // paragraphs must never leave the page meanwhile (as a deferred backlog would, for a frame).
    const counts: number[] = []
    const observer = new MutationObserver(() => counts.push(document.querySelectorAll('[data-slot="reasoning-paragraph"]').length))
    observer.observe(document.body, { childList: true, subtree: true })
    const result = await hydrate(
      <ReasoningProvider now={at7s}>
        <ReasoningPanel block={blockOf(store)} visibility="full" defaultOpen />
      </ReasoningProvider>,
    ).finally(() => observer.disconnect())
    expectCleanHydration(result)
    expect(shown(parse(result.html))).toEqual([...paragraphs, 'live'])
    expect(shown(result.container)).toEqual([...paragraphs, 'live'])
    expect(counts.length).toBeGreaterThan(0)
    expect(Math.min(...counts)).toBe(paragraphs.length + 1)
  })

  it('given every headless part inside a streaming <Reasoning>, should hydrate without a mismatch', async () => {
    const result = await hydrate(
      <ReasoningProvider now={at7s}>
        <Reasoning block={streamingBlock()}>
          <ReasoningAnnouncer />
          <ReasoningTrigger>
            <ReasoningStatusLabel />
            <ReasoningDuration />
          </ReasoningTrigger>
          <ReasoningContent>
            <ReasoningScrollArea>
              <ReasoningText />
            </ReasoningScrollArea>
          </ReasoningContent>
        </Reasoning>
      </ReasoningProvider>,
    )
    expectCleanHydration(result)
  })

  describe("given the caller's id on an open ReasoningContent", () => {
    const disclosure = () => (
      <Reasoning block={completeBlock()} defaultOpen>
        <ReasoningTrigger>Toggle</ReasoningTrigger>
        <ReasoningContent id="my-content">Body</ReasoningContent>
      </Reasoning>
    )

    it('should hydrate without a mismatch and point aria-controls at that id', async () => {
      const result = await hydrate(disclosure())
      expectCleanHydration(result)
      expect(result.container.querySelector('button')).toHaveAttribute('aria-controls', 'my-content')
    })

    it("given the id on the root's contentId instead, should already point the server HTML's aria-controls at it", () => {
      // The server renders the trigger before it meets the content, so only the root can name the id up front.
      const server = parse(
        renderToString(
          <Reasoning block={completeBlock()} defaultOpen contentId="my-content">
            <ReasoningTrigger>Toggle</ReasoningTrigger>
            <ReasoningContent>Body</ReasoningContent>
          </Reasoning>,
        ),
      )
      expect(server.querySelector('#my-content')).not.toBeNull()
      expect(server.querySelector('button')).toHaveAttribute('aria-controls', 'my-content')
    })
  })

  it.each<[string, () => ReactElement]>([
    ['a finished state', () => <ReasoningStream state={finishedStore().getState()} />],
    ['a live store', () => <ReasoningStream store={liveStore()} />],
    ['a live state', () => <ReasoningStream state={liveStore().getState()} />],
    ['a pending run (no block yet)', () => <ReasoningStream store={pendingStore()} />],
  ])('given ReasoningStream with %s, should hydrate without a mismatch', async (_, element) => {
    const result = await hydrate(<ReasoningProvider now={at7s}>{element()}</ReasoningProvider>)
    expectCleanHydration(result)
    expect(result.container.querySelector('[data-slot="reasoning-stream"]')).not.toBeNull()
  })

  it.each<[string, () => ReactElement]>([
    ['a finished state', () => <ReasoningTimeline state={finishedStore().getState()} />],
    ['a live store', () => <ReasoningTimeline store={liveStore()} />],
    ['a live state at summary level', () => <ReasoningTimeline state={liveStore().getState()} visibility="summary" />],
  ])('given ReasoningTimeline with %s, should hydrate without a mismatch', async (_, element) => {
    const result = await hydrate(<ReasoningProvider now={at7s}>{element()}</ReasoningProvider>)
    expectCleanHydration(result)
    expect(result.container.querySelectorAll('[data-slot="timeline-item"]').length).toBeGreaterThan(1)
  })

  it.each<[string, () => ReasoningBlock]>([
    ['a complete block', () => completeBlock()],
    ['a streaming block', streamingBlock],
    ['a block with a provider summary', () => blockOf(finishedStore())],
    ['a block without titles', () => completeBlock(3)],
  ])('given ReasoningSummary with %s, should hydrate without a mismatch', async (_, block) => {
    const result = await hydrate(<ReasoningSummary block={block()} />)
    expectCleanHydration(result)
  })

  it('given ThinkingIndicator, active or not, should hydrate without a mismatch', async () => {
    const result = await hydrate(
      <div>
        <ThinkingIndicator />
        <ThinkingIndicator active={false} label="Paused" />
      </div>,
    )
    expectCleanHydration(result)
  })

  it.each<[string, () => ReasoningBlock]>([
    ['streaming', () => encryptedOnlyBlock('streaming')],
    ['complete', () => encryptedOnlyBlock('complete')],
  ])('given EncryptedReasoningIndicator with a %s block, should hydrate without a mismatch', async (_, block) => {
    const result = await hydrate(
      <ReasoningProvider now={at7s}>
        <EncryptedReasoningIndicator block={block()} />
      </ReasoningProvider>,
    )
    expectCleanHydration(result)
  })

  describe('given a ReasoningProvider with locale "de" and German labels', () => {
    const german = (element: ReactElement) => (
      <ReasoningProvider locale="de" labels={germanLabels} now={at7s}>
        {element}
      </ReasoningProvider>
    )

    it('should render the German wording on the server and hydrate a finished panel without a mismatch', async () => {
      const result = await hydrate(german(<ReasoningPanel block={completeBlock()} defaultOpen />))
      expect(statusText(parse(result.html))).toBe('Dachte 12 Sekunden lang nach')
      expect(result.html).toContain('aria-label="Gedankengang"')
      expectCleanHydration(result)
    })

    it('should say "Denkt nach…" on the server, hydrate cleanly, then count in German', async () => {
      const result = await hydrate(german(<ReasoningPanel block={streamingBlock()} />))
      expect(statusText(parse(result.html))).toBe('Denkt nach…')
      expectCleanHydration(result)
      await waitFor(() => expect(statusText(result.container)).toBe('Denkt nach · 7 Sek.'))
    })

    it('should hydrate a stream, a timeline and the indicators without a mismatch', async () => {
      const store = liveStore()
      const result = await hydrate(
        german(
          <div>
            <ReasoningStream store={store} />
            <ReasoningTimeline store={store} />
            <ReasoningPanel block={interruptedBlock()} />
            <EncryptedReasoningIndicator block={encryptedOnlyBlock()} />
            <ThinkingIndicator />
          </div>,
        ),
      )
      expect(result.html).toContain('Abgebrochen nach 4 Sekunden')
      expect(result.html).toContain('Vom Anbieter verborgen')
      expect(result.html).toContain('Denkt nach…')
      expectCleanHydration(result)
    })
  })

  describe('the live counter', () => {
    it('given a streaming panel and a clock 7 s after its start, should show "Thinking · 7s" only after hydration', async () => {
      const result = await hydrate(
        <ReasoningProvider now={at7s}>
          <ReasoningPanel block={streamingBlock()} />
        </ReasoningProvider>,
      )
      expect(statusText(parse(result.html))).toBe('Thinking…')
      expectCleanHydration(result)
      await waitFor(() => expect(statusText(result.container)).toBe('Thinking · 7s'))
    })

    it('after hydration, should count up once a second', async () => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
      let now = T0 + 7000
      const result = await hydrate(
        <ReasoningProvider now={() => now}>
          <ReasoningPanel block={streamingBlock()} />
        </ReasoningProvider>,
      )
      expectCleanHydration(result)
      expect(statusText(result.container)).toBe('Thinking · 7s')
      now = T0 + 9000
      act(() => { vi.advanceTimersByTime(1000) })
      expect(statusText(result.container)).toBe('Thinking · 9s')
    })

    it('given a streaming encrypted-only block, should show its duration only after hydration', async () => {
      const result = await hydrate(
        <ReasoningProvider now={at7s}>
          <EncryptedReasoningIndicator block={encryptedOnlyBlock('streaming')} />
        </ReasoningProvider>,
      )
      // The live counter in the status, as every streaming row says it: "Thinking…" on the server.
      expect(parse(result.html).querySelector('[data-slot="encrypted-label"]')).toHaveTextContent(/^Thinking…$/)
      expectCleanHydration(result)
      await waitFor(() => expect(result.container.querySelector('[data-slot="encrypted-label"]')).toHaveTextContent(/^Thinking · 7s$/))
    })

    it('given a running tool call in the timeline, should show its duration only after hydration', async () => {
      const result = await hydrate(
        <ReasoningProvider now={at7s}>
          <ReasoningTimeline store={liveStore()} />
        </ReasoningProvider>,
      )
      expect(parse(result.html).querySelector('[data-slot="timeline-duration"]')).toBeNull()
      expectCleanHydration(result)
      // The tool call started at T0 + 2 s: 5 s before the clock.
      await waitFor(() => expect(result.container.querySelector('[data-slot="timeline-duration"]')).toHaveTextContent('5s'))
    })
  })
})
