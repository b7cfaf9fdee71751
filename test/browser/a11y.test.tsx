/// <reference types="vite/client" />
/**
 * Accessibility in real Chromium, beyond what the `storybook` project checks
 * (axe on every story in the light theme, after its play function):
 *
 *  - axe on every story in the light and the dark theme, with every panel that
 *    can open opened, with the rules the Storybook a11y addon uses;
 *  - prefers-reduced-motion: no animation or transition anywhere while a panel
 *    streams, opens, collapses and completes;
 *  - forced colours: the thinking indicator, the streaming status and the lock
 *    indicator stay visible, in a text colour distinct from their background;
 *    the timeline's icons and dots stay visible against it.
 */
import { composeStories, composeStory, setProjectAnnotations, type Meta } from '@storybook/react-vite'
import { act, fireEvent, render, waitFor } from '@testing-library/react'
import axe, { type Result, type RunOptions, type Spec } from 'axe-core'
import type { ReactNode } from 'react'
import {
  EncryptedReasoningIndicator,
  ReasoningPanel,
  ReasoningStream,
  ReasoningTimeline,
  ThinkingIndicator,
  type ReasoningStore,
} from 'reasoning-ui'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { emulateMediaOrSkip } from '../helpers/engines'
import * as preview from '../../.storybook/preview'
import '../../src/styles/reasoning.css'
import '../../stories/support/themes.css'
import { frames, nextFrame, openAll } from '../helpers/dom'
import { content, encrypted, feed, msgEnd, msgStart, run, span, spanEnd, testStore, text } from '../helpers/events'
import type { EmulatedMedia } from './commands'

setProjectAnnotations(preview)

beforeAll(async () => {
  // Load the panel's lazily loaded animation features first, so every test sees the animated panel.
  await import('../../src/react/styled/motion-features')
})

afterEach(async () => {
  await emulate({ reducedMotion: null, forcedColors: null })
})


/** Emulates media features, then waits for the rendering update where Chromium fires the media change events. */
async function emulate(media: EmulatedMedia): Promise<void> {
  await emulateMediaOrSkip(media)
  await frames(2)
}


// ── axe on every story, light and dark ──────────────────────────────────

type StoryModule = Parameters<typeof composeStories>[0] & { readonly default: Meta }
type Annotations = Parameters<typeof composeStory>[0]

const modules = import.meta.glob<StoryModule>('../../stories/**/*.stories.tsx', { eager: true })

const stories = Object.entries(modules).flatMap(([file, module]) =>
  Object.keys(composeStories(module)).map((name) => ({
    title: module.default.title ?? file,
    name,
    module,
    annotations: (module as unknown as Record<string, Annotations>)[name]!,
  })),
)

/** What the a11y addon passes to axe (`parameters.a11y.config` / `.options`), the addon's default on top. */
interface A11yParameters {
  readonly config?: Spec
  readonly options?: RunOptions
}

/** The addon turns `region` off: a component on its own has no landmarks around it. */
const addonDisabledRules = ['region']

async function runAxe(root: Element, parameters: A11yParameters): Promise<axe.AxeResults> {
  axe.reset()
  axe.configure({ ...parameters.config, rules: [...addonDisabledRules.map((id) => ({ id, enabled: false })), ...(parameters.config?.rules ?? [])] })
  const options: RunOptions = { ...parameters.options }
  if (options.runOnly) options.rules = { ...Object.fromEntries(addonDisabledRules.map((id) => [id, { enabled: false }])), ...options.rules }
  return axe.run(root, options)
}

/** One line per failing node: rule, impact, target and axe's summary (colours and ratio for contrast). */
function describeViolations(violations: readonly Result[]): string[] {
  return violations.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}) ${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ')}`))
}

const themes = ['light', 'dark'] as const

describe('axe on every story, in the light and the dark theme, with every panel opened', () => {
  it('given the story modules, should find every story', () => {
    expect(stories.length).toBeGreaterThanOrEqual(70)
  })

  describe.each(stories)('$title › $name', ({ annotations, module }) => {
    it.each(themes)('in the %s theme, should have no axe violations', async (theme) => {
      // As in the `storybook` project: no panel is caught half-faded by the contrast check.
      await emulate({ reducedMotion: 'reduce' })
      // The theme is a Storybook global (the story surface's data-theme); a story's own globals still win.
      const Story = composeStory(annotations, module.default, { initialGlobals: { theme } })
      const debugging = module.default.title?.startsWith('Debugging/') === true
      // Where a replayed story ends, at once: deterministic. The store inspector replays on its own timer; let it finish.
      const { container } = render(<Story live={false} {...(debugging && { intervalMs: 1 })} />)
      if (debugging) await waitFor(() => expect(container).toHaveTextContent('· finished'), { timeout: 10_000 })
      openAll(container)
      await frames(2)
      expect(container.querySelector('.story-surface')).not.toBeNull()
      const results = await runAxe(container, (Story.parameters.a11y ?? {}) as A11yParameters)
      expect(describeViolations(results.violations)).toEqual([])
      // The contrast rule ran on this story's text (it is the one the theme can break).
      expect([...results.passes, ...results.incomplete].some((r) => r.id === 'color-contrast')).toBe(true)
    })
  })
})

// ── Reduced motion ──────────────────────────────────────────────────────

/** Every animation and transition in `root` (pseudo-elements included) and in the document: empty when nothing moves. */
function motion(root: Element): string[] {
  const found = document.getAnimations().map((a) => {
    const target = (a.effect as KeyframeEffect | null)?.target
    const name = a instanceof CSSAnimation ? a.animationName : a instanceof CSSTransition ? a.transitionProperty : a.id || 'script animation'
    return `animation ${name} on ${target instanceof Element ? nameOf(target) : 'nothing'}`
  })
  for (const element of [root, ...root.querySelectorAll('*')]) {
    for (const pseudo of [null, '::before', '::after']) {
      const style = getComputedStyle(element, pseudo)
      const where = `${nameOf(element)}${pseudo ?? ''}`
      if (style.animationName.split(',').some((n) => n.trim() !== 'none')) found.push(`animation-name ${style.animationName} on ${where}`)
      if (style.transitionDuration.split(',').some((d) => parseFloat(d) !== 0)) found.push(`transition-duration ${style.transitionDuration} on ${where}`)
    }
  }
  return found
}

function nameOf(element: Element): string {
  const slot = element.getAttribute('data-slot')
  return `<${element.localName}${slot ? ` data-slot="${slot}"` : ''}>`
}

/** A store with one block streaming (on the real clock), a finished block before it, and an encrypted-only one. */
function liveStore(): ReasoningStore {
  const store = testStore(Date.now())
  feed(
    store,
    run(),
    span('done'), msgStart('done-1'), content('done-1', '**Reading the question**\n\nTwo trains leave at nine.\n\n'), msgEnd('done-1'), spanEnd('done'),
    span('sealed'), msgStart('sealed-1'), encrypted('sealed-1', 'opaque'), msgEnd('sealed-1'), spanEnd('sealed'),
    span('live'), msgStart('live-1'), content('live-1', 'The gap closes at 150 km/h.\n\n'),
  )
  return store
}

function Column({ children }: { children: ReactNode }) {
  return <div style={{ inlineSize: 360 }}>{children}</div>
}

describe('prefers-reduced-motion: reduce', () => {
  function Scene({ store }: { store: ReasoningStore }) {
    return (
      <Column>
        <ReasoningStream store={store} />
        <ThinkingIndicator />
      </Column>
    )
  }

  it('given no motion preference, should find the shimmer and spinner running (control for the next test)', async () => {
    const { container } = render(<Scene store={liveStore()} />)
    await frames(2)
    expect(motion(container).join('\n')).toMatch(/reasoning-shimmer/)
    expect(document.getAnimations().length).toBeGreaterThan(0)
  })

  it('given reduce, should run no animation and no transition while a panel streams, opens, collapses, completes and collapses on its own', async () => {
    await emulate({ reducedMotion: 'reduce' })
    const store = liveStore()
    const { container } = render(<Scene store={store} />)
    /**
     * Checks now and on each of the next frames (an animation or transition starts a frame
     * after its cause): no CSS or Web Animation, and the panel's JavaScript-driven height and
     * opacity animation (framer-motion) already at its end: open content at full height and
     * opaque, closed content gone from the first frame on.
     */
    const still = async (moment: string) => {
      for (let i = 0; i < 4; i++) {
        const when = `${moment}, frame ${i}`
        expect(motion(container), when).toEqual([])
        // From the first painted frame on (the panel's animation starts in a frame callback).
        if (i > 0) {
          // Closed content at full stays in the page, hidden until found: only shown content counts.
          for (const content of container.querySelectorAll<HTMLElement>('[data-slot="reasoning-content"]:not([hidden])')) {
            expect(getComputedStyle(content).opacity, when).toBe('1')
            expect(Math.abs(content.getBoundingClientRect().height - content.scrollHeight), when).toBeLessThanOrEqual(1)
          }
          const open = container.querySelectorAll('[data-slot="reasoning-panel"][data-state="open"]').length
          expect(container.querySelectorAll('[data-slot="reasoning-content"]:not([hidden])'), when).toHaveLength(open)
        }
        await nextFrame()
      }
    }
    const trigger = (name: RegExp) => [...container.querySelectorAll('button')].find((b) => name.test(b.textContent ?? ''))!

    await still('streaming')
    act(() => store.dispatch(content('live-1', 'More text arrives.\n\n')))
    await still('streaming, text arriving')

    fireEvent.click(trigger(/Thought/))
    expect(trigger(/Thought/)).toHaveAttribute('aria-expanded', 'true')
    await still('a finished panel opening')

    fireEvent.click(trigger(/Thought/))
    expect(trigger(/Thought/)).toHaveAttribute('aria-expanded', 'false')
    await still('a finished panel collapsing')

    // The block completes and the answer starts: the open policy collapses it.
    act(() => feed(store, msgEnd('live-1'), spanEnd('live'), text('answer-1')))
    expect(container.querySelector('[data-slot="reasoning-panel"][data-state="open"]')).toBeNull()
    await still('completed and collapsed by the open policy')
  })
})

// ── Forced colours ──────────────────────────────────────────────────────

/** [r, g, b, a] of a computed colour (`rgb()` / `rgba()` / `color(srgb …)`). */
function rgba(value: string): [number, number, number, number] {
  const srgb = /^color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)(?: \/ ([\d.]+))?\)$/.exec(value)
  if (srgb) return [Number(srgb[1]) * 255, Number(srgb[2]) * 255, Number(srgb[3]) * 255, srgb[4] === undefined ? 1 : Number(srgb[4])]
  const match = /^rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)$/.exec(value)
  if (!match) throw new Error(`unexpected colour ${value}`)
  return [Number(match[1]), Number(match[2]), Number(match[3]), match[4] === undefined ? 1 : Number(match[4])]
}

/** The colour painted behind `element`: the nearest ancestor background that is not transparent, else the canvas. */
function backgroundBehind(element: Element): string {
  for (let el: Element | null = element; el; el = el.parentElement) {
    const background = getComputedStyle(el).backgroundColor
    if (rgba(background)[3] > 0) return background
  }
  const probe = document.createElement('div')
  probe.style.backgroundColor = 'Canvas'
  document.body.append(probe)
  const canvas = getComputedStyle(probe).backgroundColor
  probe.remove()
  return canvas
}

/** WCAG contrast ratio of two opaque colours. */
function contrast(a: string, b: string): number {
  const luminance = (colour: string) => {
    const [r, g, bl] = rgba(colour).slice(0, 3).map((c) => {
      const s = c / 255
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
    }) as [number, number, number]
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl
  }
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

/** Laid out, not hidden and fully opaque, up to the root. */
function expectShown(element: Element, what: string): void {
  const box = element.getBoundingClientRect()
  expect(box.width, `${what}: width`).toBeGreaterThan(0)
  expect(box.height, `${what}: height`).toBeGreaterThan(0)
  expect(getComputedStyle(element).visibility, what).toBe('visible')
  for (let el: Element | null = element; el; el = el.parentElement) expect(getComputedStyle(el).opacity, `${what}: opacity of ${nameOf(el)}`).toBe('1')
}

describe('forced-colors: active', () => {
  function sealedBlock() {
    const store = testStore(Date.now() - 6_000)
    feed(store, run(), span('s'), msgStart('s-1'), encrypted('s-1', 'opaque'), msgEnd('s-1'))
    store.clock.now = Date.now()
    feed(store, spanEnd('s'))
    return store.getState().blocks[0]!
  }

  it.each(themes)('in the %s theme, should keep the thinking indicator, the streaming status and the lock indicator visible in a text colour distinct from the background', async (theme) => {
    await emulate({ forcedColors: 'active' })
    expect(matchMedia('(forced-colors: active)').matches).toBe(true)
    const { container } = render(
      <div className="story-surface" data-theme={theme}>
        <Column>
          <ThinkingIndicator />
          <ReasoningStream store={liveStore()} />
          <ReasoningPanel block={sealedBlock()} />
          <EncryptedReasoningIndicator block={sealedBlock()} />
        </Column>
      </div>,
    )
    await frames(2)
    const checks: [string, string][] = [
      ['thinking-label', 'ThinkingIndicator label'],
      ['thinking-icon', 'ThinkingIndicator icon'],
      ['reasoning-status', 'streaming status label'],
      ['encrypted-label', 'lock indicator label'],
      ['encrypted-icon', 'lock icon'],
    ]
    for (const [slot, what] of checks) {
      const elements = [...container.querySelectorAll(`[data-slot="${slot}"]`)]
      expect(elements.length, what).toBeGreaterThan(0)
      for (const element of elements) {
        expectShown(element, what)
        const style = getComputedStyle(element)
        const isIcon = element instanceof SVGElement
        // Icons paint with stroke="currentColor". Text paints with -webkit-text-fill-color, which the
        // shimmer sets transparent; otherwise it follows `color` (reported before forcing, so not read here).
        const paint = isIcon ? style.stroke : style.color
        const background = backgroundBehind(element)
        expect(rgba(style.color)[3], `${what}: color ${style.color}`).toBe(1)
        expect(rgba(paint)[3], `${what}: paint ${paint}`).toBe(1)
        if (!isIcon) {
          const fill = style.getPropertyValue('-webkit-text-fill-color')
          expect(rgba(fill)[3], `${what}: -webkit-text-fill-color ${fill}`).toBe(1)
          expect(style.backgroundImage, `${what}: background image`).toBe('none')
          expect(element.textContent, what).not.toBe('')
        }
        expect(contrast(paint, background), `${what}: ${paint} on ${background}`).toBeGreaterThanOrEqual(4.5)
      }
    }
  })

  it.each(themes)('in the %s theme, should keep the timeline\'s status icons and dots visible against the background (non-text contrast)', async (theme) => {
    await emulate({ forcedColors: 'active' })
    const store = liveStore()
    // A finished tool call, then a block cut off by the end of the run (the danger-coloured icon).
    feed(store, { type: 'TOOL_CALL_START', toolCallId: 'tool-1', toolCallName: 'lookup' }, { type: 'TOOL_CALL_END', toolCallId: 'tool-1' })
    const cut = testStore(Date.now())
    feed(cut, run(), span('cut'), msgStart('cut-1'), content('cut-1', 'Half a thought'), { type: 'RUN_ERROR', message: 'stopped' })
    const { container } = render(
      <div className="story-surface" data-theme={theme}>
        <Column>
          <ReasoningTimeline store={store} />
          <ReasoningTimeline store={cut} />
        </Column>
      </div>,
    )
    await frames(2)
    const statuses = new Set([...container.querySelectorAll('[data-slot="reasoning-panel"]')].map((p) => p.getAttribute('data-status')))
    expect(statuses).toEqual(new Set(['complete', 'streaming', 'interrupted']))
    for (const icon of container.querySelectorAll('[data-slot="reasoning-icon"], [data-slot="timeline-icon"]')) {
      const what = `${icon.getAttribute('data-slot')} in a ${icon.closest('[data-status]')?.getAttribute('data-status')} row`
      expectShown(icon, what)
      const stroke = getComputedStyle(icon).stroke
      expect(contrast(stroke, backgroundBehind(icon)), `${what}: ${stroke}`).toBeGreaterThanOrEqual(3)
    }
    const items = [...container.querySelectorAll('[data-slot="timeline-item"]')]
    expect(items.length).toBeGreaterThanOrEqual(4)
    for (const item of items) {
      const dot = getComputedStyle(item, '::after').backgroundColor
      expect(contrast(dot, backgroundBehind(item)), `the dot of a ${item.getAttribute('data-status')} ${item.getAttribute('data-kind')} row: ${dot}`).toBeGreaterThanOrEqual(3)
    }
  })
})
