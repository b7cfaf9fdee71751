/**
 * Untrusted text stays text, in real Chromium with the default renderer: every
 * payload of test/helpers/xss-payloads.ts goes into every place a producer or an
 * app controls (reasoning text, heading lines, span titles, provider summaries,
 * structured steps, block outcomes, tool names, subagent names, labels from the
 * provider and from the `labels` prop, indicator labels), and the components
 * render it at every visibility level. Nothing may run (no flag set, no dialog,
 * no navigation), load (no request for a payload's URL) or become markup other
 * than the markdown renderer's own elements (links only to http(s)/mailto).
 */
import { cleanup, render } from '@testing-library/react'
import {
  EncryptedReasoningIndicator,
  ReasoningPanel,
  ReasoningProvider,
  ReasoningStream,
  ReasoningSummary,
  ReasoningTimeline,
  ThinkingIndicator,
  defaultLabels,
  parseHeading,
  splitParagraphs,
  type ReasoningLabels,
  type ReasoningState,
  type Visibility,
} from 'reasoning-ui'
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { Markdown } from '../../src/react/text/markdown'
import '../../src/styles/reasoning.css'
import { openAll } from '../helpers/dom'
import { testStore } from '../helpers/events'
import { activeContent, oneLine, ranPayloads, squash, xssPayloads, type XssPayload } from '../helpers/xss-payloads'

type Event = Readonly<Record<string, unknown>>
type Subagent = 'named' | 'unnamed'

const ENC = 'ENC-SECRET-XSS'
const T0 = 1_700_000_000_000

const levels: readonly Visibility[] = ['full', 'summary', 'none']

/** The elements the kit itself renders (and the test's wrappers): anything else came from a payload. */
const kitElements = new Set([
  'div', 'span', 'p', 'strong', 'button', 'svg', 'path', 'rect', 'ol', 'ul', 'li', 'dl', 'dt', 'dd', 'meter', 'time', 'bdi', 'data',
  // Markdown, the default renderer (links and checkboxes are checked by activeContent).
  'em', 'del', 'code', 'pre', 'blockquote', 'hr', 'br', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'a', 'input',
])

/**
 * What the default (markdown) renderer shows of `text` as a finished message:
 * each paragraph rendered on its own, a one-line bold/ATX paragraph as its heading.
 * Whitespace squashed. The copy buttons of code blocks say what `labels` say.
 */
function markdownShown(text: string, labels: ReasoningLabels): string {
  const split = splitParagraphs(text)
  const paragraphs = [...split.done, text.slice(split.tailStart)].filter((p) => p.trim() !== '')
  const element = document.createElement('div')
  const root = createRoot(element)
  flushSync(() =>
    root.render(
      <ReasoningProvider labels={labels}>
        {paragraphs.map((p, i) => {
          const heading = p.trim().includes('\n') ? undefined : parseHeading(p)
          return heading !== undefined ? <p key={i}>{heading}</p> : <Markdown key={i} text={p} />
        })}
      </ReasoningProvider>,
    ),
  )
  const shown = element.textContent
  root.unmount()
  return squash(shown)
}

/** Every label the payload: strings, and functions whose result starts with it. */
function labelsOf(text: string): ReasoningLabels {
  return Object.fromEntries(
    Object.entries(defaultLabels).map(([key, value]) => [
      key,
      typeof value === 'string' ? text : (...args: unknown[]) => `${text} ${args.join(' ')}`,
    ]),
  ) as unknown as ReasoningLabels
}

const ui = (reasoningUi: object) => ({ metadata: { reasoningUi } })

/**
 * One run: block `a`, by a subagent ('named': the payload is its name;
 * 'unnamed': its run id, which the badge then shows), with a provider summary,
 * a structured step, text (with a heading line) and an outcome; the
 * subagent's tool call; then, without a subagent, block `b` with a title and a
 * heading only (titles summary), block `c` encrypted-only and block `d` still
 * streaming. So every render has panels with and without a subagent badge.
 */
function hostileEvents(text: string, subagent: Subagent): Event[] {
  const line = oneLine(text)
  const lane = subagent === 'named' ? 'sub-1' : text
  const inLane = { subagentRunId: lane }
  let at = T0
  const e = (event: Event, extra: object = {}): Event => ({ ...event, ...extra, timestamp: (at += 700) })
  return [
    e({ type: 'RUN_STARTED', threadId: 't', runId: 'r' }),
    e({ type: 'SUBAGENT_STARTED', subagentRunId: lane, ...(subagent === 'named' && { name: text }) }),
    e({ type: 'REASONING_START', messageId: 'a', ...ui({ title: text }) }, inLane),
    e({ type: 'REASONING_MESSAGE_START', messageId: 'a-summary', role: 'reasoning', ...ui({ kind: 'summary' }) }, inLane),
    e({ type: 'REASONING_MESSAGE_CONTENT', messageId: 'a-summary', delta: text }, inLane),
    e({ type: 'REASONING_MESSAGE_END', messageId: 'a-summary' }, inLane),
    e({
      type: 'REASONING_MESSAGE_START', messageId: 'a-step', role: 'reasoning',
      ...ui({ kind: 'step', stepType: text, title: text, keyFactors: [text, text], conclusion: text, confidence: 0.5 }),
    }, inLane),
    e({ type: 'REASONING_MESSAGE_CONTENT', messageId: 'a-step', delta: text }, inLane),
    e({ type: 'REASONING_MESSAGE_END', messageId: 'a-step' }, inLane),
    e({ type: 'REASONING_MESSAGE_START', messageId: 'a-text', role: 'reasoning' }, inLane),
    e({ type: 'REASONING_MESSAGE_CONTENT', messageId: 'a-text', delta: `${text}\n\n**${line}**\n\n` }, inLane),
    e({ type: 'REASONING_MESSAGE_CONTENT', messageId: 'a-text', delta: text }, inLane),
    e({ type: 'REASONING_MESSAGE_END', messageId: 'a-text' }, inLane),
    e({ type: 'REASONING_END', messageId: 'a', ...ui({ conclusion: text, keyFactors: [text], confidence: 0.7 }) }, inLane),
    e({ type: 'TOOL_CALL_START', toolCallId: 'tool-1', toolCallName: text }, inLane),
    e({ type: 'TOOL_CALL_END', toolCallId: 'tool-1' }, inLane),
    e({ type: 'SUBAGENT_FINISHED', subagentRunId: lane }),
    e({ type: 'REASONING_START', messageId: 'b', ...ui({ title: line }) }),
    e({ type: 'REASONING_MESSAGE_START', messageId: 'b-text', role: 'reasoning' }),
    e({ type: 'REASONING_MESSAGE_CONTENT', messageId: 'b-text', delta: `**${line}**\n\nplain words` }),
    e({ type: 'REASONING_MESSAGE_END', messageId: 'b-text' }),
    e({ type: 'REASONING_END', messageId: 'b' }),
    e({ type: 'REASONING_START', messageId: 'c' }),
    e({ type: 'REASONING_MESSAGE_START', messageId: 'c-sealed', role: 'reasoning' }),
    e({ type: 'REASONING_ENCRYPTED_VALUE', subtype: 'message', entityId: 'c-sealed', encryptedValue: ENC }),
    e({ type: 'REASONING_MESSAGE_END', messageId: 'c-sealed' }),
    e({ type: 'REASONING_END', messageId: 'c' }),
    e({ type: 'REASONING_START', messageId: 'd' }),
    e({ type: 'REASONING_MESSAGE_START', messageId: 'd-text', role: 'reasoning' }),
    e({ type: 'REASONING_MESSAGE_CONTENT', messageId: 'd-text', delta: text }),
  ]
}

function stateOf(events: readonly Event[]): ReasoningState {
  const store = testStore(T0)
  for (const event of events) store.dispatch(event)
  store.clock.now = at(events) + 2_500
  return store.getState()
}

const at = (events: readonly Event[]) => Number(events[events.length - 1]?.timestamp ?? T0)

/**
 * Every component of the kit, fed the hostile state, under a provider with
 * hostile labels (what the timeline, the stream and the label-less indicators
 * show), and with hostile `labels` props on a panel, the standalone summaries
 * and an indicator. The timeline holds a panel for every block (the stream
 * renders the same panels, so it only shows its pending indicator here).
 * No height animation: it is not what is under test, and it is the slow part.
 */
function Everything({ text, level, subagent }: { text: string; level: Visibility; subagent: Subagent }) {
  const events = hostileEvents(text, subagent)
  const state = stateOf(events)
  const pending = stateOf([{ type: 'RUN_STARTED', threadId: 't', runId: 'r', timestamp: T0 }])
  const labels = labelsOf(text)
  const block = (id: string) => {
    const found = state.blocks.find((b) => b.id === id)
    if (!found) throw new Error(`test setup: no block '${id}'`)
    return found
  }
  const [rich, titled, sealed] = [block('a'), block('b'), block('c')]
  const now = () => at(events) + 2_500
  return (
    <ReasoningProvider labels={labelsOf(text)} now={now}>
      <ReasoningTimeline state={state} visibility={level} animationDuration={0} />
      <ReasoningStream state={pending} visibility={level} />
      <ReasoningPanel block={rich} visibility={level} defaultOpen subagentName={text} labels={labels} animationDuration={0} />
      <ReasoningSummary block={rich} visibility={level} labels={labels} />
      <ReasoningSummary block={titled} visibility={level} labels={labels} />
      <ThinkingIndicator />
      <ThinkingIndicator label={text} />
      <EncryptedReasoningIndicator block={sealed} />
      <EncryptedReasoningIndicator block={sealed} label={text} labels={labels} />
    </ReasoningProvider>
  )
}

// ── Traps: anything that runs, asks or leaves the page is recorded ──────

const dialogs = { alert: vi.fn(), confirm: vi.fn(() => false), prompt: vi.fn(() => null) }
const navigations: string[] = []
interface NavigateEvent extends Event {
  readonly destination: { readonly url: string }
  readonly cancelable: boolean
  preventDefault(): void
}
const onNavigate = (event: globalThis.Event) => {
  const navigate = event as unknown as NavigateEvent
  navigations.push(navigate.destination.url)
  if (navigate.cancelable) navigate.preventDefault()
}
const navigation = (window as unknown as { navigation?: EventTarget }).navigation
const startUrl = location.href

beforeAll(() => {
  vi.spyOn(window, 'alert').mockImplementation(dialogs.alert)
  vi.spyOn(window, 'confirm').mockImplementation(dialogs.confirm)
  vi.spyOn(window, 'prompt').mockImplementation(dialogs.prompt)
  navigation?.addEventListener('navigate', onNavigate)
})
afterEach(cleanup)
afterAll(async () => {
  // Handlers that would fire late (an image's error after its request fails) have had time.
  await new Promise((resolve) => setTimeout(resolve, 300))
  expect(ranPayloads(window)).toEqual([])
  navigation?.removeEventListener('navigate', onNavigate)
  vi.restoreAllMocks()
})

/** A macrotask: effects have run and the live regions have spoken (they update on a timeout). */
const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0))


function slotText(root: ParentNode, slot: string): string {
  return [...root.querySelectorAll(`[data-slot="${slot}"]`)].map((el) => el.textContent ?? '').join(' ')
}

describe('every XSS payload in every untrusted slot, rendered by the default renderer', () => {
  it('given the payload list, should hold at least 50 distinct payloads across every category', () => {
    expect(xssPayloads.length).toBeGreaterThanOrEqual(50)
    expect(new Set(xssPayloads.map((p) => p.flag)).size).toBe(xssPayloads.length)
    expect(new Set(xssPayloads.map((p) => p.category))).toEqual(
      new Set(['script', 'event-handler', 'javascript-url', 'svg', 'markdown', 'bidi', 'template', 'css', 'frame', 'document', 'polyglot']),
    )
    for (const p of xssPayloads) expect(p.text, p.id).toContain(p.flag)
  })

  it.each(xssPayloads.map((payload, i) => ({ ...payload, i })))('$category › $id: should stay text at full, summary and none, with and without a subagent', async (payload: XssPayload & { i: number }) => {
    const { text } = payload
    // The subagent is named by the payload, or (every other payload) has it as its run id.
    const subagent: Subagent = payload.i % 2 === 0 ? 'named' : 'unnamed'
    for (const level of levels) {
      const where = `${level}, subagent ${subagent}`
      const { container, unmount } = render(<Everything text={text} level={level} subagent={subagent} />)
      openAll(container)
      await tick()

      // Nothing became markup.
      expect(activeContent(container), where).toEqual([])
      const foreign = [...container.querySelectorAll('*')].map((el) => el.localName).filter((name) => !kitElements.has(name))
      expect(foreign, where).toEqual([])
      for (const svg of container.querySelectorAll('svg')) {
        expect(svg.getAttribute('aria-hidden'), where).toBe('true')
        expect(svg.getAttribute('data-slot'), where).toMatch(/-(icon|chevron)$/)
      }

      // It is there, as text: escaped, not dropped.
      const shown = squash(container.textContent ?? '')
      const p = squash(text)
      expect(squash(slotText(container, 'reasoning-status')), where).toContain(p)
      expect(squash(slotText(container, 'thinking-label')), where).toContain(p)
      expect(squash(slotText(container, 'encrypted-label')), where).toContain(p)
      expect(squash(slotText(container, 'timeline-tool-label')), where).toContain(p)
      expect(squash(slotText(container, 'reasoning-subagent')), where).toContain(p)
      // Panels without a subagent: no badge.
      const unbadged = [...container.querySelectorAll('[data-slot="reasoning-panel"]')].filter((panel) => !panel.querySelector('[data-slot="reasoning-subagent"]'))
      expect(unbadged.length, where).toBeGreaterThan(0)
      if (level === 'full') {
        // Reasoning text is markdown: what it shows of the payload, as text.
        expect(squash(slotText(container, 'reasoning-text')), where).toContain(markdownShown(text, labelsOf(text)))
        expect(squash(slotText(container, 'reasoning-step-type')), where).toContain(p)
        expect(squash(slotText(container, 'reasoning-step-title')), where).toContain(p)
        expect(squash(slotText(container, 'reasoning-key-factors')), where).toContain(p)
        expect(squash(slotText(container, 'reasoning-conclusion')), where).toContain(p)
      }
      if (level !== 'none') {
        expect(squash(slotText(container, 'reasoning-summary')), where).toContain(markdownShown(text, labelsOf(text)))
        expect(squash(slotText(container, 'reasoning-summary-titles')), where).toContain(squash(oneLine(text)))
      } else {
        expect(container.querySelector('[data-slot="reasoning-text"], [data-slot="reasoning-summary"]'), where).toBeNull()
      }
      expect(shown, where).toContain(p)
      expect(container.innerHTML).not.toContain(ENC)

      // Nothing ran, asked, loaded or left.
      expect(ranPayloads(window), where).toEqual([])
      const loaded = performance.getEntriesByType('resource').map((r) => r.name).filter((url) => url.includes('xss.invalid') || url.includes('__xss'))
      expect(loaded, where).toEqual([])
      expect(dialogs.alert, where).not.toHaveBeenCalled()
      expect(dialogs.confirm, where).not.toHaveBeenCalled()
      expect(dialogs.prompt, where).not.toHaveBeenCalled()
      expect(navigations, where).toEqual([])
      expect(location.href, where).toBe(startUrl)
      unmount()
    }
  })
})
