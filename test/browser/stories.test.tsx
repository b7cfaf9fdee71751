/// <reference types="vite/client" />
/**
 * Every component story, in real Chromium, at every visibility level, with
 * hostile events injected into its `args.events`: what a level must not show
 * never reaches the DOM (attributes included), encrypted values never do, and
 * untrusted text stays text. Then screenshots of the key stories, light and dark.
 */
import { composeStories, composeStory, setProjectAnnotations, type Meta } from '@storybook/react-vite'
import { cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { page } from 'vitest/browser'
import * as preview from '../../.storybook/preview'

setProjectAnnotations(preview)

type StoryModule = Parameters<typeof composeStories>[0] & { readonly default: Meta }
type Event = Readonly<Record<string, unknown>>
type Level = 'none' | 'summary' | 'full'

const modules = import.meta.glob<StoryModule>('../../stories/**/*.stories.tsx', { eager: true })

interface StoryCase {
  readonly title: string
  readonly name: string
  readonly file: string
  readonly module: StoryModule
  readonly Story: ReturnType<typeof composeStory>
}

const stories: StoryCase[] = Object.entries(modules).flatMap(([file, module]) =>
  Object.entries(composeStories(module)).map(([name, Story]) => ({
    title: module.default.title ?? file,
    name,
    file,
    module,
    Story: Story as ReturnType<typeof composeStory>,
  })),
)

/** Debugging tools (the store inspector) show raw state on purpose; every other story is a component story. */
const componentStories = stories.filter((s) => !s.title.startsWith('Debugging/'))

// ── Hostile input ───────────────────────────────────────────────────────

const RAW = 'RAW-SECRET-7Q'
const ENC = 'ENC-SECRET-9Z'
const RLO = '\u202E'

/** Each would run code (setting window.__xss or opening a dialog) if rendered as HTML or followed as a link. */
const XSS = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=1">',
  '<img src=x onerror=alert(1)>',
  '<svg onload="window.__xss=1">',
  '[x](javascript:window.__xss=1)',
  '"><iframe srcdoc="<script>parent.__xss=1</script>"></iframe>',
  `${RLO}gnp.exe`,
]
const TEXT_PAYLOAD = XSS.join('\n')
const TITLE_PAYLOAD = `"><svg onload="window.__xss=1"> title ${RLO}`
const HEADING_PAYLOAD = '<img src=x onerror="window.__xss=1"> heading'
const SUMMARY_PAYLOAD = `Summary <script>window.__xss=1</script> [x](javascript:window.__xss=1) ${RLO}`
const STEP_PAYLOAD = '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe> step'
const TOOL_PAYLOAD = '<img src=x onerror=alert(1)>'

const str = (value: unknown) => (typeof value === 'string' ? value : undefined)
const reasoningUiOf = (event: Event): Record<string, unknown> => {
  const metadata = event.metadata
  if (typeof metadata !== 'object' || metadata === null || !('reasoningUi' in metadata)) return {}
  const ui = metadata.reasoningUi
  return typeof ui === 'object' && ui !== null ? { ...ui } : {}
}
const withUi = (event: Event, ui: object): Event => ({
  ...event,
  metadata: { ...(typeof event.metadata === 'object' ? event.metadata : {}), reasoningUi: { ...reasoningUiOf(event), ...ui } },
})
/** Injected events happen at the time of the event they follow, so durations do not change. */
const at = (event: Event): Event => (event.timestamp === undefined ? {} : { timestamp: event.timestamp })

/** Ids of the `text`-kind reasoning messages, and where each one's last event is. */
function textMessages(events: readonly Event[]): Map<string, number> {
  const last = new Map<string, number>()
  const kinds = new Map<string, string>()
  events.forEach((event, i) => {
    const id = str(event.messageId)
    if (id === undefined) return
    if (event.type === 'REASONING_MESSAGE_START' || (event.type === 'REASONING_MESSAGE_CHUNK' && !kinds.has(id))) {
      kinds.set(id, str(reasoningUiOf(event).kind) ?? 'text')
    }
    const content = event.type === 'REASONING_MESSAGE_CONTENT' || (event.type === 'REASONING_MESSAGE_CHUNK' && event.delta !== '')
    if (kinds.get(id) === 'text' && (content || event.type === 'REASONING_MESSAGE_START')) last.set(id, i)
  })
  return last
}

/** `REASONING_ENCRYPTED_VALUE` with the marker for every reasoning message and tool call, and the marker on every span. */
function withEncrypted(events: readonly Event[]): Event[] {
  const seen = new Set<string>()
  return events.flatMap((event) => {
    const out: Event[] = [event.type === 'REASONING_START' ? { ...event, encryptedContent: ENC } : event]
    const messageId = str(event.messageId)
    if ((event.type === 'REASONING_MESSAGE_START' || event.type === 'REASONING_MESSAGE_CHUNK') && messageId && !seen.has(messageId)) {
      seen.add(messageId)
      out.push({ type: 'REASONING_ENCRYPTED_VALUE', subtype: 'message', entityId: messageId, encryptedValue: ENC, ...at(event) })
    }
    const toolCallId = str(event.toolCallId)
    if (event.type === 'TOOL_CALL_START' && toolCallId) {
      out.push({ type: 'REASONING_ENCRYPTED_VALUE', subtype: 'tool-call', entityId: toolCallId, encryptedValue: ENC, ...at(event) })
    }
    return out
  })
}

/**
 * Variant "raw": a plain marker paragraph, XSS paragraphs and an XSS heading
 * line at the end of every text message; XSS in every span title, in a step
 * (type, title, key factor, conclusion) opening every span, and in tool names.
 */
function withRawAndXss(events: readonly Event[]): Event[] {
  const last = textMessages(events)
  const lastIndex = new Map([...last].map(([id, i]) => [i, id]))
  return events.flatMap((event, i) => {
    const out: Event[] = []
    const id = str(event.messageId)
    if (event.type === 'REASONING_START' && id !== undefined) {
      const step = `${id}--xss-step`
      out.push(
        withUi(event, { title: TITLE_PAYLOAD }),
        withUi({ type: 'REASONING_MESSAGE_START', messageId: step, role: 'reasoning', ...at(event) }, {
          kind: 'step', stepType: STEP_PAYLOAD, title: STEP_PAYLOAD, keyFactors: [STEP_PAYLOAD], conclusion: STEP_PAYLOAD, confidence: 0.5,
        }),
        { type: 'REASONING_MESSAGE_CONTENT', messageId: step, delta: TEXT_PAYLOAD, ...at(event) },
        { type: 'REASONING_MESSAGE_END', messageId: step, ...at(event) },
      )
    } else if (event.type === 'TOOL_CALL_START') {
      out.push({ ...event, toolCallName: TOOL_PAYLOAD })
    } else {
      out.push(event)
    }
    const textId = lastIndex.get(i)
    if (textId !== undefined) {
      // A plain paragraph (not a bold line, which would be a title and shown under `summary` on purpose).
      const delta = `\n\n${RAW}\n\n${TEXT_PAYLOAD}\n\n**${HEADING_PAYLOAD}**\n\n`
      const type = event.type === 'REASONING_MESSAGE_CHUNK' ? 'REASONING_MESSAGE_CHUNK' : 'REASONING_MESSAGE_CONTENT'
      out.push({ type, messageId: textId, delta, ...at(event) })
    }
    return out
  })
}

/** Variant "summary": a provider summary (`kind: 'summary'`) with XSS opening every span. */
function withProviderSummary(events: readonly Event[]): Event[] {
  return events.flatMap((event) => {
    const id = str(event.messageId)
    if (event.type !== 'REASONING_START' || id === undefined) return [event]
    const summary = `${id}--xss-summary`
    return [
      event,
      withUi({ type: 'REASONING_MESSAGE_START', messageId: summary, role: 'reasoning', ...at(event) }, { kind: 'summary' }),
      { type: 'REASONING_MESSAGE_CONTENT', messageId: summary, delta: SUMMARY_PAYLOAD, ...at(event) },
      { type: 'REASONING_MESSAGE_END', messageId: summary, ...at(event) },
    ]
  })
}

/** The story's own encrypted values: they must never appear either. */
function ownSecrets(events: readonly Event[]): string[] {
  return events.flatMap((e) => [str(e.encryptedValue), str(e.encryptedContent)]).filter((v): v is string => v !== undefined && v !== '')
}

// ── Checks ──────────────────────────────────────────────────────────────

/** Opens every panel that can open (buttons with aria-expanded="false", not disabled). */
function openAll(root: HTMLElement): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>('button[aria-expanded="false"]:not(:disabled)')) {
    fireEvent.click(button)
  }
}

/** Nothing from a payload became markup: no handlers, no scripts, frames, images or javascript: links. */
function expectInert(root: HTMLElement): void {
  const handlers = [...root.querySelectorAll('*')].flatMap((el) =>
    el.getAttributeNames().filter((name) => name.toLowerCase().startsWith('on')).map((name) => `<${el.localName} ${name}>`),
  )
  expect(handlers).toEqual([])
  expect(root.querySelectorAll('script, iframe, object, embed, img, [srcdoc]')).toHaveLength(0)
  expect(root.querySelectorAll('[href^="javascript:" i], [src^="javascript:" i]')).toHaveLength(0)
  // The kit's own icons are the only SVGs, and all of them are decorative.
  for (const svg of root.querySelectorAll('svg')) expect(svg.getAttribute('aria-hidden')).toBe('true')
  expect((window as { __xss?: unknown }).__xss).toBeUndefined()
}

const dialogs = { alert: vi.fn(), confirm: vi.fn(() => false), prompt: vi.fn(() => null) }
beforeAll(() => {
  vi.spyOn(window, 'alert').mockImplementation(dialogs.alert)
  vi.spyOn(window, 'confirm').mockImplementation(dialogs.confirm)
  vi.spyOn(window, 'prompt').mockImplementation(dialogs.prompt)
})
afterEach(cleanup)
afterAll(() => {
  expect((window as { __xss?: unknown }).__xss).toBeUndefined()
  vi.restoreAllMocks()
})

const levels: readonly Level[] = ['none', 'summary', 'full']

describe('every component story, at every visibility level, with hostile events', () => {
  it('given the story modules, should find component stories that all render from args.events', () => {
    expect(componentStories.length).toBeGreaterThanOrEqual(30)
    const missing = componentStories.filter((s) => !Array.isArray(s.Story.args.events)).map((s) => `${s.title} / ${s.name}`)
    expect(missing).toEqual([])
  })

  describe.each(componentStories)('$title › $name', ({ Story }) => {
    const events = (Story.args.events ?? []) as readonly Event[]
    const privacy = (Story.parameters.privacy ?? {}) as { rawText?: boolean; visibility?: boolean }
    // Summaries and indicators never show raw text; a standalone summary takes no visibility (it is the summary level).
    const showsRawText = privacy.rawText !== false
    const takesVisibility = privacy.visibility !== false
    const hasText = textMessages(events).size > 0
    // Every span gets an injected step whose content is the text payload: raw reasoning that `full` shows.
    const hasSpans = events.some((e) => e.type === 'REASONING_START')
    const secrets = [ENC, ...ownSecrets(events)]

    it.each(levels)('under %s, should keep raw text where the level allows, encrypted values out, and payloads inert', async (level) => {
      // Raw text, XSS in text, headings, titles, steps and tool names; encrypted values everywhere.
      const raw = render(<Story live={false} visibility={level} events={withEncrypted(withRawAndXss(events))} />)
      openAll(raw.container)
      const html = () => document.body.innerHTML
      if (level === 'full' && showsRawText && hasText) {
        await waitFor(() => expect(html()).toContain(RAW))
        // Shown, as text: the payload is escaped, not dropped.
        expect(raw.container.textContent).toContain('<script>window.__xss=1</script>')
      } else {
        expect(html()).not.toContain(RAW)
        if (!(level === 'full' && showsRawText && hasSpans)) {
          expect(raw.container.textContent).not.toContain('<script>window.__xss=1</script>')
        }
      }
      if (level === 'none' && takesVisibility) {
        for (const text of [HEADING_PAYLOAD, TITLE_PAYLOAD, STEP_PAYLOAD]) expect(raw.container.textContent).not.toContain(text)
      }
      if (level === 'summary' && hasText && raw.container.querySelector('[data-slot="reasoning-summary-titles"]')) {
        expect(raw.container.textContent).toContain(HEADING_PAYLOAD)
      }
      for (const secret of secrets) expect(html()).not.toContain(secret)
      expectInert(raw.container)
      raw.unmount()

      // A provider summary with XSS in every span; encrypted values everywhere.
      const summary = render(<Story live={false} visibility={level} events={withEncrypted(withProviderSummary(events))} />)
      openAll(summary.container)
      const provider = summary.container.querySelector('[data-slot="reasoning-summary"][data-source="provider"]')
      if (level === 'none' && takesVisibility) expect(summary.container.textContent).not.toContain(SUMMARY_PAYLOAD)
      else if (provider) expect(provider.textContent).toContain(SUMMARY_PAYLOAD)
      for (const secret of secrets) expect(html()).not.toContain(secret)
      expectInert(summary.container)
      summary.unmount()

      // Only encrypted values added: encrypted-only blocks stay encrypted-only and still show nothing of them.
      const sealed = render(<Story live={false} visibility={level} events={withEncrypted(events)} />)
      openAll(sealed.container)
      // The injection reached the store: every panel's block is now encrypted.
      for (const panel of sealed.container.querySelectorAll('[data-slot="reasoning-panel"]')) expect(panel).toHaveAttribute('data-encrypted')
      for (const secret of secrets) expect(html()).not.toContain(secret)
      expectInert(sealed.container)

      expect(dialogs.alert).not.toHaveBeenCalled()
      expect(dialogs.confirm).not.toHaveBeenCalled()
      expect(dialogs.prompt).not.toHaveBeenCalled()
    })
  })
})

// ── Screenshots ─────────────────────────────────────────────────────────

interface Shot {
  /** File name stem in test-results/screenshots/. */
  readonly name: string
  readonly title: string
  readonly story: string
  readonly args?: Record<string, unknown>
  /** Open the closed panels first (completed blocks collapse by default): all, or only the first. */
  readonly open?: 'all' | 'first'
}

const shots: readonly Shot[] = [
  { name: 'panel-streaming-full', title: 'Components/ReasoningPanel', story: 'StreamingFull' },
  { name: 'panel-complete-full', title: 'Components/ReasoningPanel', story: 'CompleteFull', open: 'all' },
  { name: 'panel-complete-summary', title: 'Components/ReasoningPanel', story: 'CompleteSummary', open: 'all' },
  { name: 'panel-complete-none', title: 'Components/ReasoningPanel', story: 'CompleteNone' },
  { name: 'panel-interrupted-full', title: 'Components/ReasoningPanel', story: 'InterruptedFull', open: 'all' },
  { name: 'panel-encrypted-only', title: 'Components/ReasoningPanel', story: 'EncryptedOnly' },
  { name: 'stream-several-blocks', title: 'Components/ReasoningStream', story: 'SeveralBlocksAtOnce' },
  { name: 'timeline-agent-loop', title: 'Components/ReasoningTimeline', story: 'AgentLoop', open: 'first' },
  { name: 'provider-german', title: 'Components/ReasoningProvider', story: 'German' },
  { name: 'stream-rtl-arabic', title: 'Components/ReasoningStream', story: 'RightToLeft' },
  { name: 'panel-brand', title: 'Components/ReasoningPanel', story: 'CustomTheme' },
  { name: 'summary-titles', title: 'Components/ReasoningSummary', story: 'TitlesOnly' },
]

const themes = ['light', 'dark'] as const

describe('screenshots of the key stories', () => {
  beforeAll(async () => {
    // No taller than the headless window (1280×720): a taller iframe is scaled down, and so is the capture.
    await page.viewport(720, 720)
  })

  describe.each(shots)('$name', (shot) => {
    const found = stories.find((s) => s.title === shot.title && s.name === shot.story)
    it.each(themes)('in the %s theme, should render and be captured to test-results/screenshots/', async (theme) => {
      expect(found, `${shot.title} / ${shot.story}`).toBeDefined()
      const { module, name } = found!
      // The theme is a Storybook global: compose with it as the initial value (a story's own globals still win).
      const annotations = (module as unknown as Record<string, Parameters<typeof composeStory>[0]>)[name]!
      const Story = composeStory(annotations, module.default, { initialGlobals: { theme } })
      const { container } = render(<Story animationDuration={0} {...shot.args} />)
      if (shot.open === 'all') openAll(container)
      if (shot.open === 'first') fireEvent.click(container.querySelector('button[aria-expanded="false"]')!)
      const surface = container.querySelector<HTMLElement>('.story-surface')!
      // Stop the shimmer and spinner where they are, so the capture is stable.
      surface.style.setProperty('--reasoning-shimmer-duration', '1000s')
      await waitFor(() => {
        for (const content of surface.querySelectorAll('[data-slot="reasoning-content"]')) expect(getComputedStyle(content).opacity).toBe('1')
      })
      const path = await page.screenshot({ element: surface, path: `../../test-results/screenshots/${shot.name}-${theme}.png` })
      expect(path).toMatch(new RegExp(`test-results/screenshots/${shot.name}-${theme}\\.png$`))
    })
  })
})
