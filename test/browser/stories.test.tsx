/// <reference types="vite/client" />
/**
 * Every component story, in real Chromium, at every visibility level, with
 * hostile events injected into its `args.events`: what a level must not show
 * never reaches the DOM (attributes included), the accessibility tree (names,
 * descriptions, values, live regions: Chromium's own, read over CDP) or the
 * console; encrypted values never do; and untrusted text (every payload of
 * test/helpers/xss-payloads.ts) stays text. Then screenshots of the key
 * stories, light and dark.
 */
import { composeStories, composeStory, setProjectAnnotations, type Meta } from '@storybook/react-vite'
import { cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import type { ReactElement } from 'react'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { cdp, page, server } from 'vitest/browser'
import { engineLacks, lacks } from '../helpers/engines'
import * as ui from 'reasoning-ui'
import { plainText, ReasoningProvider } from 'reasoning-ui'
import * as adapters from 'reasoning-ui/adapters'
import * as bedrock from 'reasoning-ui/adapters/bedrock'
import * as gemini from 'reasoning-ui/adapters/gemini'
import * as ollama from 'reasoning-ui/adapters/ollama'
import * as core from 'reasoning-ui/core'
import * as locales from 'reasoning-ui/locales'
import * as preview from '../../.storybook/preview'
import { harnessArgs } from '../../stories/support/scripted-store'
import { snippetFor, snippets } from '../../stories/support/snippets'
import { nextFrame, openAll } from '../helpers/dom'
import { activeContent, oneLine, ranPayloads, xssPayloads } from '../helpers/xss-payloads'

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

/** Leads the text payload and appears nowhere else: when it shows, the raw text payload shows (as text). */
const TEXT_SENTINEL = '<i>raw-xss-text</i>'

/** How many payloads of the shared list each story gets, in turn: every payload reaches several stories. */
const PAYLOADS_PER_STORY = 8

/** The hostile strings for one story: its share of test/helpers/xss-payloads.ts in every slot. */
interface Hostile {
  /** The payloads, each its own paragraph, after the sentinel. */
  readonly text: string
  readonly title: string
  readonly step: string
  readonly keyFactors: readonly string[]
  readonly tool: string
  readonly summary: string
  /** One payload that fits a bold heading line (one line, no `**`, short enough to be a heading). */
  readonly heading: string
}

const headingPayloads = xssPayloads.map((p) => oneLine(p.text)).filter((t) => !t.includes('**') && !t.includes('__') && t.length <= 180)

function hostileFor(story: number): Hostile {
  const texts = Array.from({ length: PAYLOADS_PER_STORY }, (_, k) => xssPayloads[(story * PAYLOADS_PER_STORY + k) % xssPayloads.length]!.text)
  const line = oneLine(texts.join(' '))
  return {
    text: [TEXT_SENTINEL, ...texts].join('\n\n'),
    title: `title ${line}`,
    step: `step ${line}`,
    keyFactors: texts,
    tool: `tool ${line}`,
    summary: `Summary ${line}`,
    heading: headingPayloads[story % headingPayloads.length]!,
  }
}

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
 * (type, title, key factors, conclusion) opening every span, and in tool names.
 */
function withRawAndXss(events: readonly Event[], hostile: Hostile): Event[] {
  const last = textMessages(events)
  const lastIndex = new Map([...last].map(([id, i]) => [i, id]))
  return events.flatMap((event, i) => {
    const out: Event[] = []
    const id = str(event.messageId)
    if (event.type === 'REASONING_START' && id !== undefined) {
      const step = `${id}--xss-step`
      out.push(
        withUi(event, { title: hostile.title }),
        withUi({ type: 'REASONING_MESSAGE_START', messageId: step, role: 'reasoning', ...at(event) }, {
          kind: 'step', stepType: hostile.step, title: hostile.step, keyFactors: hostile.keyFactors, conclusion: hostile.step, confidence: 0.5,
        }),
        { type: 'REASONING_MESSAGE_CONTENT', messageId: step, delta: hostile.text, ...at(event) },
        { type: 'REASONING_MESSAGE_END', messageId: step, ...at(event) },
      )
    } else if (event.type === 'TOOL_CALL_START') {
      out.push({ ...event, toolCallName: hostile.tool })
    } else {
      out.push(event)
    }
    const textId = lastIndex.get(i)
    if (textId !== undefined) {
      // A plain paragraph (not a bold line, which would be a title and shown under `summary` on purpose).
      const delta = `\n\n${RAW}\n\n${hostile.text}\n\n**${hostile.heading}**\n\n`
      const type = event.type === 'REASONING_MESSAGE_CHUNK' ? 'REASONING_MESSAGE_CHUNK' : 'REASONING_MESSAGE_CONTENT'
      out.push({ type, messageId: textId, delta, ...at(event) })
    }
    return out
  })
}

/** Variant "summary": a provider summary (`kind: 'summary'`) with XSS opening every span. */
function withProviderSummary(events: readonly Event[], hostile: Hostile): Event[] {
  return events.flatMap((event) => {
    const id = str(event.messageId)
    if (event.type !== 'REASONING_START' || id === undefined) return [event]
    const summary = `${id}--xss-summary`
    return [
      event,
      withUi({ type: 'REASONING_MESSAGE_START', messageId: summary, role: 'reasoning', ...at(event) }, { kind: 'summary' }),
      { type: 'REASONING_MESSAGE_CONTENT', messageId: summary, delta: hostile.summary, ...at(event) },
      { type: 'REASONING_MESSAGE_END', messageId: summary, ...at(event) },
    ]
  })
}

/** The story's own encrypted values: they must never appear either. */
function ownSecrets(events: readonly Event[]): string[] {
  return events.flatMap((e) => [str(e.encryptedValue), str(e.encryptedContent)]).filter((v): v is string => v !== undefined && v !== '')
}

// ── Checks ──────────────────────────────────────────────────────────────


/** Nothing from a payload became markup: no handlers, no scripts, frames, images or script links, and nothing ran. */
function expectInert(root: HTMLElement): void {
  expect(activeContent(root)).toEqual([])
  // The kit's own icons are the only SVGs, and all of them are decorative.
  for (const svg of root.querySelectorAll('svg')) expect(svg.getAttribute('aria-hidden')).toBe('true')
  expect(ranPayloads(window)).toEqual([])
}

/** The test iframe's frame id, for CDP (the session is the page's; the test runs in a frame of it). */
let testFrameId: Promise<string> | undefined

interface FrameTree {
  readonly frame: { readonly id: string; readonly url: string }
  readonly childFrames?: readonly FrameTree[]
}

async function findTestFrame(): Promise<string> {
  const session = cdp()
  await session.send('Accessibility.enable')
  const { frameTree } = (await session.send('Page.getFrameTree')) as { frameTree: FrameTree }
  const frames: FrameTree['frame'][] = []
  const walk = (tree: FrameTree) => {
    frames.push(tree.frame)
    tree.childFrames?.forEach(walk)
  }
  walk(frameTree)
  const frame = frames.find((f) => f.url === location.href)
  if (!frame) throw new Error(`no frame at ${location.href} in the CDP frame tree`)
  return frame.id
}

/**
 * Chromium's accessibility tree of this document, every node (ignored ones too) with
 * its role, name, description, value and properties, as one string to search.
 */
async function accessibilityTree(): Promise<string> {
  testFrameId ??= findTestFrame()
  const { nodes } = (await cdp().send('Accessibility.getFullAXTree', { frameId: await testFrameId })) as { nodes: unknown[] }
  return JSON.stringify(nodes)
}

/** A macrotask: effects ran and live regions spoke (the announcer updates on a timeout). */
const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/** What a console call printed, as far as a marker could hide in it (objects, errors and DOM nodes included). */
function printed(args: readonly unknown[]): string {
  const seen = new WeakSet<object>()
  return args
    .map((arg) => {
      if (typeof arg === 'string') return arg
      if (arg instanceof Element) return arg.outerHTML
      if (arg instanceof Node) return arg.textContent ?? ''
      if (arg instanceof Error) return `${arg.message}\n${arg.stack ?? ''}`
      try {
        return JSON.stringify(arg, (_key, value: unknown) => {
          if (typeof value === 'object' && value !== null) {
            if (seen.has(value)) return '[cycle]'
            seen.add(value)
          }
          return typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint' ? String(value) : value
        })
      } catch {
        return String(arg)
      }
    })
    .join(' ')
}

const consoleMethods = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const
let consoleSpies: MockInstance[] = []

/** Everything logged since the test started (the spies call through, so the output is still shown). */
function consoleOutput(): string {
  return consoleSpies.flatMap((spy) => spy.mock.calls.map((call) => printed(call))).join('\n')
}

const dialogs = { alert: vi.fn(), confirm: vi.fn(() => false), prompt: vi.fn(() => null) }
beforeAll(() => {
  vi.spyOn(window, 'alert').mockImplementation(dialogs.alert)
  vi.spyOn(window, 'confirm').mockImplementation(dialogs.confirm)
  vi.spyOn(window, 'prompt').mockImplementation(dialogs.prompt)
})
beforeEach(() => {
  consoleSpies = consoleMethods.map((method) => vi.spyOn(console, method))
})
afterEach(() => {
  cleanup()
  for (const spy of consoleSpies) spy.mockRestore()
  consoleSpies = []
})
afterAll(() => {
  expect(ranPayloads(window)).toEqual([])
  vi.restoreAllMocks()
})

const levels: readonly Level[] = ['none', 'summary', 'full']

describe('every component story, at every visibility level, with hostile events', () => {
  it('given the story modules, should find component stories that all render from args.events, enough to give every payload several', () => {
    expect(componentStories.length).toBeGreaterThanOrEqual(30)
    expect(componentStories.length * PAYLOADS_PER_STORY).toBeGreaterThanOrEqual(xssPayloads.length * 3)
    const missing = componentStories.filter((s) => !Array.isArray(s.Story.args.events)).map((s) => `${s.title} / ${s.name}`)
    expect(missing).toEqual([])
  })

  it('given a spied console, should see what is logged, objects and DOM nodes included (control for the sweep)', () => {
    const node = document.createElement('p')
    node.title = RAW
    for (const spy of consoleSpies) spy.mockImplementationOnce(() => undefined)
    console.warn('a message', { nested: { value: ENC } })
    console.debug(node)
    expect(consoleOutput()).toContain(ENC)
    expect(consoleOutput()).toContain(RAW)
  })

  describe.each(componentStories.map((story, i) => ({ ...story, i })))('$title › $name', ({ Story, i }) => {
    const events = (Story.args.events ?? []) as readonly Event[]
    const hostile = hostileFor(i)
    const privacy = (Story.parameters.privacy ?? {}) as { rawText?: boolean; visibility?: boolean }
    // Summaries and indicators never show raw text; a standalone summary takes no visibility (it is the summary level).
    const showsRawText = privacy.rawText !== false
    const takesVisibility = privacy.visibility !== false
    const hasText = textMessages(events).size > 0
    // Every span gets an injected step whose content is the text payload: raw reasoning that `full` shows.
    const hasSpans = events.some((e) => e.type === 'REASONING_START')
    const secrets = [ENC, ...ownSecrets(events)]

    it.each(levels)('under %s, should keep raw text where the level allows (DOM, accessibility tree, console), encrypted values out, and payloads inert', async (level) => {
      // Markers the level must not show, in the accessibility tree and the console as in the DOM.
      const hidden = level === 'full' && showsRawText ? secrets : [RAW, ...secrets]
      const expectNotLogged = (variant: string) => {
        const logged = consoleOutput()
        // Nothing of the reasoning is logged at any level, and never an encrypted value.
        for (const marker of [RAW, ...secrets]) expect(logged.includes(marker), `${variant}: ${marker} logged`).toBe(false)
      }
      /** Reads the accessibility tree (after the live regions spoke) and checks no hidden marker is in it; returns it. */
      const expectNotInAccessibilityTree = async (variant: string) => {
        await tick()
        // Without CDP (Firefox), the tree's part of the test is named as skipped at its end.
        if (lacks('cdp')) return undefined
        const tree = await accessibilityTree()
        for (const marker of hidden) expect(tree.includes(marker), `${variant}: ${marker} in the accessibility tree`).toBe(false)
        return tree
      }

      // Raw text, XSS in text, headings, titles, steps and tool names; encrypted values everywhere.
      const raw = render(<Story live={false} visibility={level} events={withEncrypted(withRawAndXss(events, hostile))} />)
      openAll(raw.container)
      const html = () => document.body.innerHTML
      if (level === 'full' && showsRawText && hasText) {
        await waitFor(() => expect(html()).toContain(RAW))
        // Shown, as text: the payload is escaped, not dropped.
        expect(raw.container.textContent).toContain(TEXT_SENTINEL)
      } else {
        expect(html()).not.toContain(RAW)
        if (!(level === 'full' && showsRawText && hasSpans)) {
          expect(raw.container.textContent).not.toContain(TEXT_SENTINEL)
        }
      }
      if (level === 'none' && takesVisibility) {
        for (const text of [hostile.heading, hostile.title, hostile.step]) expect(raw.container.textContent).not.toContain(text)
      }
      if (level === 'summary' && hasText && raw.container.querySelector('[data-slot="reasoning-summary-titles"]')) {
        expect(raw.container.textContent).toContain(hostile.heading)
      }
      for (const secret of secrets) expect(html()).not.toContain(secret)
      expectInert(raw.container)
      // The raw variant has every marker at once: its tree is the one to search (and, where the
      // level shows the text, the control that shown text does reach the tree).
      const tree = await expectNotInAccessibilityTree('raw text')
      if (tree !== undefined && level === 'full' && showsRawText && hasText) expect(tree).toContain(RAW)
      const status = raw.container.querySelector('[data-slot="reasoning-status"]')?.textContent
      if (tree !== undefined && status) expect(tree).toContain(JSON.stringify(status).slice(1, -1))
      expectNotLogged('raw text')
      raw.unmount()

      // A provider summary with XSS in every span; encrypted values everywhere.
      // Rendered as plain text, so the summary can be checked to hold the payload verbatim (markdown
      // would rightly turn its `__…__` into bold); the markdown paths have their own payloads in xss.test.tsx.
      const summary = render(
        <ReasoningProvider renderText={plainText}>
          <Story live={false} visibility={level} events={withEncrypted(withProviderSummary(events, hostile))} />
        </ReasoningProvider>,
      )
      openAll(summary.container)
      const provider = summary.container.querySelector('[data-slot="reasoning-summary"][data-source="provider"]')
      if (level === 'none' && takesVisibility) expect(summary.container.textContent).not.toContain(hostile.summary)
      else if (provider) expect(provider.textContent).toContain(hostile.summary)
      for (const secret of secrets) expect(html()).not.toContain(secret)
      expectInert(summary.container)
      expectNotLogged('provider summary')
      summary.unmount()

      // Only encrypted values added: encrypted-only blocks stay encrypted-only and still show nothing of them.
      const sealed = render(<Story live={false} visibility={level} events={withEncrypted(events)} />)
      openAll(sealed.container)
      // The injection reached the store: every panel's block is now encrypted.
      for (const panel of sealed.container.querySelectorAll('[data-slot="reasoning-panel"]')) expect(panel).toHaveAttribute('data-encrypted')
      for (const secret of secrets) expect(html()).not.toContain(secret)
      expectInert(sealed.container)
      await expectNotInAccessibilityTree('encrypted values only')
      expectNotLogged('encrypted values only')

      expect(dialogs.alert).not.toHaveBeenCalled()
      expect(dialogs.confirm).not.toHaveBeenCalled()
      expect(dialogs.prompt).not.toHaveBeenCalled()
      engineLacks('cdp', 'the accessibility-tree part (DOM, console and payload checks ran and passed)')
    })
  })
})

// ── Docs pages ──────────────────────────────────────────────────────────

/** What a snippet may import, by module: the package's entries (and React). */
const entries: Readonly<Record<string, object>> = {
  'reasoning-ui': ui,
  'reasoning-ui/core': core,
  'reasoning-ui/adapters': adapters,
  'reasoning-ui/adapters/bedrock': bedrock,
  'reasoning-ui/adapters/gemini': gemini,
  'reasoning-ui/adapters/ollama': ollama,
  'reasoning-ui/locales': locales,
}

/** The values a snippet imports (`type` imports are checked by `tsc`, which compiles stories/snippets/). */
function importedValues(code: string): { readonly from: string; readonly name: string }[] {
  return [...code.matchAll(/^import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/gm)].flatMap(([statement, names, from]) =>
    statement.startsWith('import type')
      ? []
      : names!
          .split(',')
          .map((n) => n.trim())
          .filter((n) => n !== '' && !n.startsWith('type '))
          .map((n) => ({ from: from!, name: n.split(/\s+as\s+/)[0]! })),
  )
}

interface SnippetSource {
  readonly type?: string
  readonly snippet?: string
  readonly transform?: (code: string, context: { readonly args: Record<string, unknown> }) => string
}

describe('the Docs pages', () => {
  const levels = new Set(['none', 'summary', 'full'])

  describe.each(stories)('$title › $name', ({ Story, module }) => {
    const docs = (Story.parameters.docs ?? {}) as { source?: SnippetSource; controls?: { exclude?: readonly string[] } }

    it('should show a short snippet of stories/snippets/ as its code, at the story\'s visibility, not the harness', () => {
      const source = docs.source ?? {}
      expect(source.type).toBe('code')
      expect(Object.keys(snippets)).toContain(source.snippet)
      // What the Docs page shows: the transform of the story's args (Storybook passes the current args).
      const code = source.transform!('<PanelStory events={[…]} />', { args: Story.args })
      expect(code).toBe(snippetFor(source.snippet!, Story.args))
      expect(code.split('\n').length).toBeLessThanOrEqual(25)
      // No harness (`PanelStory`, `events={…}`) and no event data.
      expect(code).not.toMatch(/\b[A-Z][a-z]+Story\b|\bevents=|REASONING_|"type":/)
      expect(code).toMatch(/ from 'reasoning-ui(\/[a-z]+)?'$/m)
      const level = Story.args.visibility
      if (typeof level === 'string' && levels.has(level)) expect(code).toContain(`visibility="${level}"`)
      const policy = Story.args.openPolicy
      if (typeof policy === 'string') expect(code).toContain(`openPolicy="${policy}"`)
    })

    it('should document the real component, with the story harness\'s args kept out of the prop table', () => {
      expect(docs.controls?.exclude).toEqual(expect.arrayContaining([...harnessArgs]))
      if (module.default.title?.startsWith('Debugging/')) return
      const component = module.default.component
      const name = Object.entries(ui).find(([, value]) => value === component)?.[0]
      expect(name, 'meta.component is an export of reasoning-ui').toBeDefined()
      const rendered = [component, ...Object.values(module.default.subcomponents ?? {})].map(
        (c) => Object.entries(ui).find(([, value]) => value === c)?.[0],
      )
      const code = snippets[docs.source!.snippet!]!
      expect(rendered.some((n) => n !== undefined && new RegExp(`<${n}[\\s>]`).test(code)), `the snippet renders ${rendered.join(' or ')}`).toBe(true)
    })
  })

  it.each(Object.keys(snippets))('snippet %s should import only names the package (or React) exports, and be shown by a story', async (name) => {
    const code = snippets[name]!
    const react = await import('react')
    for (const { from, name: value } of importedValues(code)) {
      const entry = from === 'react' ? react : entries[from]
      expect(entry, `${name}: imports from ${from}`).toBeDefined()
      expect(Object.keys(entry!), `${name}: ${value} from ${from}`).toContain(value)
    }
    // Side-effect imports: only the stylesheet.
    for (const [, from] of code.matchAll(/^import\s+'([^']+)'/gm)) expect(from).toBe('reasoning-ui/styles.css')
    const used = stories.map((s) => (s.Story.parameters.docs as { source?: SnippetSource } | undefined)?.source?.snippet)
    expect(used).toContain(name)
  })

  it('given a made-up name, should find it missing (control for the export check)', () => {
    expect(importedValues("import { ReasoningPanel, NotAnExport, type ReasoningBlock } from 'reasoning-ui'").map((i) => i.name)).toEqual([
      'ReasoningPanel',
      'NotAnExport',
    ])
    expect(Object.keys(ui)).not.toContain('NotAnExport')
  })
})

// ── Screenshots ─────────────────────────────────────────────────────────

interface Shot {
  /** File name stem in test-results/screenshots/<engine>/. */
  readonly name: string
  readonly title: string
  readonly story: string
  readonly args?: Record<string, unknown>
  /** Open the closed panels first (completed blocks collapse by default): all, or only the first. */
  readonly open?: 'all' | 'first'
  /** Press each open panel's "Show all", so its whole text shows instead of the body's first screenful. */
  readonly showAll?: boolean
  /** Storybook globals besides the theme (e.g. `dir` and `locale` for a right-to-left capture). */
  readonly globals?: Record<string, unknown>
  /**
   * The iframe's width in CSS px for this shot (e.g. 390, a phone); default 720. The height stays
   * the window's 720: a taller iframe would be scaled down, and so would the capture.
   */
  readonly width?: number
}

/** The iframe viewport of the captures: no taller than the headless window (1280×720), see `Shot.width`. */
const VIEWPORT = { width: 720, height: 720 } as const
/** Right to left, in Arabic with the Arabic labels. */
const arabic = { dir: 'rtl', locale: 'ar' } as const

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
  { name: 'stream-reasoning-tokens', title: 'Components/ReasoningStream', story: 'ReasoningTokens' },
  { name: 'stream-reasoning-tokens-rtl', title: 'Components/ReasoningStream', story: 'ReasoningTokens', globals: arabic },
  { name: 'panel-brand', title: 'Components/ReasoningPanel', story: 'CustomTheme' },
  { name: 'summary-titles', title: 'Components/ReasoningSummary', story: 'TitlesOnly' },
  // Issue 12: every changed state of the panel (light, dark, 390 px, right to left).
  { name: 'panel-stopped-full', title: 'Components/ReasoningPanel', story: 'StoppedByUser', open: 'all' },
  { name: 'panel-long-open', title: 'Components/ReasoningPanel', story: 'LongTrace' },
  { name: 'panel-streaming-full-390', title: 'Components/ReasoningPanel', story: 'StreamingFull', width: 390 },
  { name: 'panel-complete-full-390', title: 'Components/ReasoningPanel', story: 'CompleteFull', open: 'all', width: 390 },
  { name: 'panel-complete-full-rtl-390', title: 'Components/ReasoningPanel', story: 'CompleteFull', open: 'all', globals: arabic, width: 390 },
  { name: 'panel-long-open-1280', title: 'Components/ReasoningPanel', story: 'LongTrace', width: 1280 },
  { name: 'panel-long-open-390', title: 'Components/ReasoningPanel', story: 'LongTrace', width: 390 },
  { name: 'stream-several-blocks-390', title: 'Components/ReasoningStream', story: 'SeveralBlocksAtOnce', width: 390 },
  { name: 'timeline-agent-loop-390', title: 'Components/ReasoningTimeline', story: 'AgentLoop', open: 'first', width: 390 },
  // Code blocks and tables: what fits sits unclipped, a long line scrolls sideways; code reads left to right in an RTL page.
  { name: 'panel-code-tables', title: 'Components/ReasoningPanel', story: 'CodeAndTables', showAll: true },
  { name: 'panel-code-tables-1280', title: 'Components/ReasoningPanel', story: 'CodeAndTables', showAll: true, width: 1280 },
  { name: 'panel-code-tables-390', title: 'Components/ReasoningPanel', story: 'CodeAndTables', showAll: true, width: 390 },
  { name: 'panel-code-tables-rtl-390', title: 'Components/ReasoningPanel', story: 'CodeAndTables', showAll: true, globals: arabic, width: 390 },
  // Issue 43: a stop and a failure on a phone (title kept, duration said, the text's end marked), the hidden block's row and why.
  { name: 'panel-stopped-full-390', title: 'Components/ReasoningPanel', story: 'StoppedByUser', open: 'all', width: 390 },
  { name: 'panel-stopped-full-rtl-390', title: 'Components/ReasoningPanel', story: 'StoppedByUser', open: 'all', globals: arabic, width: 390 },
  { name: 'panel-interrupted-full-390', title: 'Components/ReasoningPanel', story: 'InterruptedFull', open: 'all', width: 390 },
  { name: 'panel-encrypted-only-390', title: 'Components/ReasoningPanel', story: 'EncryptedOnly', width: 390 },
  { name: 'panel-encrypted-only-rtl-390', title: 'Components/ReasoningPanel', story: 'EncryptedOnly', globals: arabic, width: 390 },
]

const themes = ['light', 'dark'] as const

describe('screenshots of the key stories', () => {
  beforeAll(async () => {
    // No taller than the headless window (1280×720): a taller iframe is scaled down, and so is the capture.
    await page.viewport(VIEWPORT.width, VIEWPORT.height)
  })

  describe.each(shots)('$name', (shot) => {
    const found = stories.find((s) => s.title === shot.title && s.name === shot.story)
    it.each(themes)('in the %s theme, should render and be captured to test-results/screenshots/<engine>/', async (theme) => {
      expect(found, `${shot.title} / ${shot.story}`).toBeDefined()
      const { module, name } = found!
      // The theme is a Storybook global: compose with it as the initial value (a story's own globals still win).
      const annotations = (module as unknown as Record<string, Parameters<typeof composeStory>[0]>)[name]!
      const Story = composeStory(annotations, module.default, { initialGlobals: { ...shot.globals, theme } })
      if (shot.width !== undefined) await page.viewport(shot.width, VIEWPORT.height)
      try {
        await capture(<Story animationDuration={0} {...shot.args} />, theme)
      } finally {
        if (shot.width !== undefined) await page.viewport(VIEWPORT.width, VIEWPORT.height)
      }
    })

    async function capture(story: ReactElement, theme: (typeof themes)[number]): Promise<void> {
      const { container } = render(story)
      if (shot.width !== undefined) expect(window.innerWidth).toBe(shot.width)
      if (shot.open === 'all') openAll(container)
      if (shot.open === 'first') fireEvent.click(container.querySelector('button[aria-expanded="false"]')!)
      if (shot.showAll) for (const button of container.querySelectorAll('[data-slot="reasoning-show-all"]')) fireEvent.click(button)
      const surface = container.querySelector<HTMLElement>('.story-surface')!
      // Stop the shimmer and spinner where they are, so the capture is stable.
      surface.style.setProperty('--reasoning-shimmer-duration', '1000s')
      // Every shown content fully faded in (closed content at `full` stays in the page as hidden="until-found").
      await waitFor(() => {
        for (const content of surface.querySelectorAll('[data-slot="reasoning-content"]:not([hidden])')) expect(getComputedStyle(content).opacity).toBe('1')
      })
      // Each engine's in a folder named after it (scripts/engine-sheets.mjs sets them side by side).
      const dir = `test-results/screenshots/${server.browser}/`
      const path = await page.screenshot({ element: surface, path: `../../${dir}${shot.name}-${theme}.png` })
      expect(path).toMatch(new RegExp(`${dir}${shot.name}-${theme}\\.png$`))
    }
  })
})

// ── Containment ─────────────────────────────────────────────────────────

/**
 * The stylesheet gives each panel `contain: layout style` so a growing panel does not lay out the
 * finished ones around it (bench/history). Containment must move nothing: every element of every
 * key story sits where it sits without it, in each engine (margins that collapsed through a panel,
 * positioned or floating content, counters). Compared as geometry, not pixels: a contained panel may
 * be rasterised apart, and its text anti-aliased a shade differently.
 */
describe('panel containment', () => {
  /** Unlayered, so it beats the stylesheet's layered rule; animations stopped so nothing moves between readings. */
  const css = (contain: string) =>
    `[data-slot='reasoning-panel'] { contain: ${contain} !important } *, *::before, *::after { animation: none !important; transition: none !important }`

  async function rects(surface: HTMLElement, contain: string): Promise<string[]> {
    const style = document.createElement('style')
    style.textContent = css(contain)
    document.head.append(style)
    try {
      await nextFrame()
      return [surface, ...surface.querySelectorAll('*')].map((el) => {
        const r = el.getBoundingClientRect()
        const round = (n: number) => Math.round(n * 100) / 100
        return `${el.tagName.toLowerCase()}[${el.getAttribute('data-slot') ?? ''}] ${round(r.x)},${round(r.y)} ${round(r.width)}×${round(r.height)}`
      })
    } finally {
      style.remove()
    }
  }

  async function mountShot(shot: Shot): Promise<HTMLElement> {
    const found = stories.find((s) => s.title === shot.title && s.name === shot.story)
    expect(found, `${shot.title} / ${shot.story}`).toBeDefined()
    const annotations = (found!.module as unknown as Record<string, Parameters<typeof composeStory>[0]>)[found!.name]!
    const Story = composeStory(annotations, found!.module.default, { initialGlobals: { ...shot.globals, theme: 'light' } })
    const { container } = render(<Story animationDuration={0} {...shot.args} />)
    if (shot.open === 'all') openAll(container)
    if (shot.open === 'first') fireEvent.click(container.querySelector('button[aria-expanded="false"]')!)
    const surface = container.querySelector<HTMLElement>('.story-surface')!
    await waitFor(() => {
      for (const content of surface.querySelectorAll('[data-slot="reasoning-content"]:not([hidden])')) expect(getComputedStyle(content).opacity).toBe('1')
    })
    return surface
  }

  /** Every key story with a panel (the summary view has none). */
  const withPanels = shots.filter((s) => s.title !== 'Components/ReasoningSummary')

  it.each(withPanels)('$name: should lay out the same with and without it', async (shot) => {
    if (shot.width !== undefined) await page.viewport(shot.width, VIEWPORT.height)
    try {
      const surface = await mountShot(shot)
      expect(surface.querySelector('[data-slot="reasoning-panel"]'), 'a panel to contain').not.toBeNull()
      expect(getComputedStyle(surface.querySelector('[data-slot="reasoning-panel"]')!).contain).toMatch(/layout/)
      expect(await rects(surface, 'layout style')).toEqual(await rects(surface, 'none'))
    } finally {
      if (shot.width !== undefined) await page.viewport(VIEWPORT.width, VIEWPORT.height)
    }
  })

  it('given size containment instead (control), should find the layout changed', async () => {
    const surface = await mountShot(shots.find((s) => s.name === 'panel-complete-full')!)
    expect(await rects(surface, 'size layout style')).not.toEqual(await rects(surface, 'none'))
  })
})
