import fc from 'fast-check'
import { micromark } from 'micromark'
import { describe, expect, it } from 'vitest'
import {
  createReasoningStore, projectBlock, selectSummary, toMarkdown, type MarkdownStyle, type ReasoningState, type Visibility,
} from '../../src/core/index'
import { content, encrypted, feed, msgEnd, msgStart, run, span, spanEnd, testStore, ui } from '../helpers/events'
import { ENC, RAW, arm, endError, hostileStream } from '../helpers/hostile'

const LEVELS: readonly Visibility[] = ['none', 'summary', 'full']
const STYLES: readonly MarkdownStyle[] = ['details', 'blockquote', 'plain']
const finished = (usage?: object[], runId = 'r1') => ({ type: 'RUN_FINISHED', threadId: 't1', runId, ...(usage && { usage }) })

/** One timed span: raw text, a provider summary, an outcome; 12 s; 768 reasoning tokens on its run. */
function counted(): ReasoningState {
  const store = testStore()
  feed(
    store,
    run(),
    span('s1', { timestamp: 1_000 }),
    msgStart('m1'),
    content('m1', '**Counting legs**\n20 heads, 56 legs: 8 rabbits.'),
    msgEnd('m1'),
    msgStart('sum', ui({ kind: 'summary' })),
    content('sum', 'Counted the legs.'),
    msgEnd('sum'),
    spanEnd('s1', { timestamp: 13_000, ...ui({ conclusion: '8 rabbits', confidence: 0.82, keyFactors: ['56 legs'] }) }),
    finished([{ reasoningTokens: 768 }]),
  )
  return store.getState()
}

/** One span holding `text`, dated 0..`ms`. */
function spanWith(text: string, ms = 12_000, extra: object = {}): ReasoningState {
  const store = testStore()
  feed(store, run(), span('s1', { timestamp: 0, ...extra }), msgStart('m1'), content('m1', text), msgEnd('m1'), spanEnd('s1', { timestamp: ms }), finished())
  return store.getState()
}

describe('toMarkdown: visibility levels', () => {
  it('at full (the default), should export the status line with the title, the summary, the text and the outcome, in <details>', () => {
    expect(toMarkdown(counted())).toBe(
      [
        '<details><summary>Thought for 12 seconds · 768 reasoning tokens — Counting legs</summary>',
        '',
        '**Summary**',
        '',
        'Counted the legs.',
        '',
        '**Counting legs**\n20 heads, 56 legs: 8 rabbits.',
        '',
        '**Conclusion**',
        '',
        '8 rabbits',
        '',
        'Confidence 82%',
        '',
        '**Key factors**',
        '',
        '- 56 legs',
        '',
        '</details>',
      ].join('\n'),
    )
  })

  it('at summary, should export the provider summary and the outcome but no raw text', () => {
    const md = toMarkdown(counted(), { visibility: 'summary' })
    expect(md).toBe(
      '<details><summary>Thought for 12 seconds · 768 reasoning tokens — Counting legs</summary>\n\nCounted the legs.\n\n' +
        '**Conclusion**\n\n8 rabbits\n\nConfidence 82%\n\n**Key factors**\n\n- 56 legs\n\n</details>',
    )
    expect(md).not.toContain('20 heads')
  })

  it('at summary without a provider summary, should export the titles as a list', () => {
    const store = testStore()
    feed(store, run(), span('s1', ui({ title: 'Planning' })), msgStart('m1'), content('m1', '**Reading the task**\nsecret raw words\n**Checking units**\nmore'), msgEnd('m1'), spanEnd('s1'), finished())
    const md = toMarkdown(store.getState(), { visibility: 'summary', style: 'plain' })
    expect(md).toBe('Thought for less than a second — Planning\n\n- Planning\n- Reading the task\n- Checking units')
    expect(md).not.toContain('secret')
  })

  it('at none, should export the status line alone: no title, summary, outcome or text', () => {
    for (const style of STYLES) {
      const md = toMarkdown(counted(), { visibility: 'none', style })
      expect(md).toBe(style === 'blockquote' ? '> **Thought for 12 seconds · 768 reasoning tokens**' : 'Thought for 12 seconds · 768 reasoning tokens')
    }
  })

  it('should export structured steps (type, title, content) at full, and only their titles at summary', () => {
    const store = testStore()
    feed(
      store,
      run(),
      span('s1'),
      msgStart('st1', ui({ kind: 'step', stepType: 'analysis', title: 'Reading the data' })),
      content('st1', 'Rows 1–40 look fine.'),
      msgEnd('st1'),
      spanEnd('s1'),
      finished(),
    )
    const state = store.getState()
    expect(toMarkdown(state, { style: 'plain' })).toBe('Thought for less than a second\n\n_Analysis_ · **Reading the data**\n\nRows 1–40 look fine.')
    expect(toMarkdown(state, { style: 'plain', visibility: 'summary' })).toBe('Thought for less than a second\n\n- Reading the data')
  })

  it('should never export an encrypted value or a signature, at any level', () => {
    const store = testStore()
    feed(
      store,
      run(),
      span('s1'),
      msgStart('m1', ui({ signature: `${ENC}sig` })),
      content('m1', 'visible'),
      msgEnd('m1'),
      encrypted('m1', `${ENC}value`),
      spanEnd('s1'),
      finished(),
    )
    for (const visibility of LEVELS) for (const style of STYLES) expect(toMarkdown(store.getState(), { visibility, style })).not.toContain(ENC)
    expect(toMarkdown(store.getState(), { style: 'plain' })).toBe('Thought for less than a second\n\nvisible')
  })
})

describe('toMarkdown: styles', () => {
  it('blockquote: the status line in bold, then every line quoted', () => {
    expect(toMarkdown(spanWith('**Plan**\nline one\n\nline two'), { style: 'blockquote' })).toBe(
      '> **Thought for 12 seconds — Plan**\n>\n> **Plan**\n> line one\n>\n> line two',
    )
  })

  it('plain: the status line as a paragraph, then the content', () => {
    expect(toMarkdown(spanWith('just text'), { style: 'plain' })).toBe('Thought for 12 seconds\n\njust text')
  })

  it('should separate blocks by a blank line, and export an array of blocks or a single block alike', () => {
    const store = testStore()
    feed(store, run(), span('a', { timestamp: 0 }), msgStart('a1'), content('a1', 'first'), msgEnd('a1'), spanEnd('a', { timestamp: 2_000 }))
    feed(store, span('b', { timestamp: 3_000 }), msgStart('b1'), content('b1', 'second'), msgEnd('b1'), spanEnd('b', { timestamp: 4_000 }), finished())
    const state = store.getState()
    const expected = 'Thought for 2 seconds\n\nfirst\n\nThought for 1 second\n\nsecond'
    expect(toMarkdown(state, { style: 'plain' })).toBe(expected)
    expect(toMarkdown(state.blocks, { style: 'plain' })).toBe(expected)
    expect(toMarkdown(state.blocks[1]!, { style: 'plain' })).toBe('Thought for 1 second\n\nsecond')
    expect(toMarkdown([])).toBe('')
    expect(toMarkdown(createReasoningStore().getState())).toBe('')
  })
})

describe('toMarkdown: status lines', () => {
  it('encrypted-only: "Reasoning hidden by the provider" with the duration, never expandable, at every level', () => {
    const store = testStore()
    feed(store, run(), span('s1', { timestamp: 0, encryptedContent: `${ENC}span` }), spanEnd('s1', { timestamp: 3_000 }), finished())
    for (const visibility of LEVELS) {
      expect(toMarkdown(store.getState(), { visibility })).toBe('Reasoning hidden by the provider · 3 seconds')
      expect(toMarkdown(store.getState(), { visibility, style: 'blockquote' })).toBe('> **Reasoning hidden by the provider · 3 seconds**')
    }
  })

  it('interrupted: "Reasoning interrupted after 4 seconds", and under a second after 1 second (how long is always said when known)', () => {
    const store = testStore(0)
    feed(store, run(), span('s1'), msgStart('m1'), content('m1', 'half a thought'))
    store.clock.now = 4_000
    feed(store, { type: 'RUN_ERROR', message: 'boom' })
    expect(toMarkdown(store.getState(), { style: 'plain' })).toBe('Reasoning interrupted after 4 seconds\n\nhalf a thought')
    const quick = testStore(0)
    feed(quick, run(), span('s1'), msgStart('m1'), content('m1', 'x'), { type: 'RUN_ERROR', message: 'boom' })
    expect(toMarkdown(quick.getState(), { visibility: 'none' })).toBe('Reasoning interrupted after 1 second')
  })

  it('an interrupted block says why it ended when the store knows, as the panel row does', () => {
    const ended = (reason: 'stopped' | 'cut-short' | 'disconnected' | 'failed', ms: number) => {
      const store = testStore(0)
      feed(store, run(), span('s1'), msgStart('m1'), content('m1', 'x'))
      store.clock.now = ms
      store.streamEnded(undefined, reason)
      return toMarkdown(store.getState(), { visibility: 'none' })
    }
    expect(ended('stopped', 4_000)).toBe('Stopped after 4 seconds')
    expect(ended('stopped', 10)).toBe('Stopped after 1 second')
    expect(ended('cut-short', 4_000)).toBe('Reasoning cut short after 4 seconds')
    expect(ended('disconnected', 4_000)).toBe('Connection lost after 4 seconds of thinking')
    expect(ended('disconnected', 10)).toBe('Connection lost after 1 second of thinking')
    expect(ended('failed', 4_000)).toBe('Reasoning interrupted after 4 seconds')
  })

  it('untimed (restored without timestamps): "Thought"; streaming: "Thinking…"', () => {
    const restored = createReasoningStore({ flush: 'sync' })
    restored.dispatch({ type: 'MESSAGES_SNAPSHOT', messages: [{ id: 'm1', role: 'reasoning', content: 'from history' }] })
    expect(toMarkdown(restored.getState(), { style: 'plain' })).toBe('Thought\n\nfrom history')
    const live = testStore()
    feed(live, run(), span('s1'), msgStart('m1'), content('m1', 'still going'))
    live.clock.now += 9_000
    expect(toMarkdown(live.getState(), { visibility: 'none' })).toBe('Thinking…')
  })

  it('English durations: plurals, minutes and hours, rounded to whole seconds', () => {
    const line = (ms: number) => toMarkdown(spanWith('x', ms), { visibility: 'none' })
    expect(line(1_000)).toBe('Thought for 1 second')
    expect(line(1_499)).toBe('Thought for 1 second')
    expect(line(65_000)).toBe('Thought for 1 minute, 5 seconds')
    expect(line(120_000)).toBe('Thought for 2 minutes')
    expect(line(3_601_000)).toBe('Thought for 1 hour, 1 second')
    expect(line(999)).toBe('Thought for less than a second')
  })

  it('with a locale, durations, percentages and counts come from Intl (German plurals)', () => {
    const line = (ms: number) => toMarkdown(spanWith('x', ms), { visibility: 'none', locale: 'de' })
    expect(line(1_000)).toBe('Thought for 1 Sekunde')
    expect(line(2_000)).toBe('Thought for 2 Sekunden')
    expect(line(65_000)).toBe('Thought for 1 Minute, 5 Sekunden')
    const store = testStore()
    feed(store, run(), span('s1'), msgStart('m1'), content('m1', 'x'), msgEnd('m1'), spanEnd('s1', ui({ confidence: 0.82 })), finished([{ reasoningTokens: 12_345 }]))
    expect(toMarkdown(store.getState(), { locale: 'de', style: 'plain' })).toBe('Thought for less than a second · 12.345 reasoning tokens\n\nx\n\nConfidence 82 %')
  })

  it('writes the locale\'s one numbering system, as the panels do: Latin digits for ar, Arabic-Indic when the tag asks', () => {
    const line = (locale: string) => toMarkdown(spanWith('x', 12_000), { visibility: 'none', locale })
    expect(line('ar')).toMatch(/12/)
    expect(line('ar')).not.toMatch(/[٠-٩]/)
    expect(line('ar-u-nu-arab')).toMatch(/١٢/)
  })

  it('labels override the words (the React layer’s label names), and an invalid locale falls back to English', () => {
    const labels = { thoughtFor: (d: string) => `Nachgedacht für ${d}`, reasoningTokens: (n: number, f: string) => `${f} Denk-Tokens (${n})` }
    expect(toMarkdown(counted(), { visibility: 'none', locale: 'de', labels })).toBe('Nachgedacht für 12 Sekunden · 768 Denk-Tokens (768)')
    expect(toMarkdown(spanWith('x', 2_000), { visibility: 'none', locale: 'not a locale!' })).toBe('Thought for 2 seconds')
    expect(toMarkdown(spanWith('x', 2_000), { visibility: 'none', labels: { thoughtFor: undefined } })).toBe('Thought for 2 seconds')
  })

  it('reasoning tokens: only with a state, on the last block of the run, never 0 or unreported', () => {
    const store = testStore()
    feed(store, run(), span('a'), spanEnd('a'), span('b'), spanEnd('b'), finished([{ reasoningTokens: 1 }, { reasoningTokens: 1_233 }]))
    const state = store.getState()
    expect(toMarkdown(state, { visibility: 'none' })).toBe('Thought for less than a second\n\nThought for less than a second · 1,234 reasoning tokens')
    expect(toMarkdown(state.blocks, { visibility: 'none' })).not.toContain('tokens')
    const zero = testStore()
    feed(zero, run(), span('a'), spanEnd('a'), finished([{ reasoningTokens: 0 }]))
    expect(toMarkdown(zero.getState(), { visibility: 'none' })).toBe('Thought for less than a second')
  })
})

/** The HTML a CommonMark renderer that lets raw HTML through (micromark) makes of `md`. */
const render = (md: string) => micromark(md, { allowDangerousHtml: true })

/**
 * Whether each block stayed in its container: the rendered HTML opens and closes
 * exactly `blocks` details, in turn, with one summary each, and holds no live script.
 */
function contained(html: string, blocks: number): void {
  const tags = [...html.matchAll(/<\/?(details|summary)\b/gi)].map((m) => m[0].toLowerCase())
  expect(tags).toEqual(Array.from({ length: blocks }, () => ['<details', '<summary', '</summary', '</details']).flat())
  expect(html).not.toMatch(/<(script|style|textarea|iframe|img|pre\b[^>]*>(?!<code))/i)
}

const HOSTILE = [
  '</details>\n<script>alert(1)</script>',
  '</summary></details><details open><summary>fake',
  'x </details> y <SCRIPT src=//evil></SCRIPT>',
  '```\nunclosed fence, swallowing what follows',
  '~~~~\nunclosed tilde fence\n~~~',
  '- item\n  ```\n  code\n  ```\n  <script>alert(1)</script>\n</details>',
  '- ```\n  x\n  ```\n  <img src=x onerror=alert(1)>\n</details>',
  '<div>\n```\n</details>\n\n```\nstill open?',
  '<!-- an unclosed comment\n\n</details>',
  '<pre>\nunclosed pre',
  '<textarea>\n\n</details>',
  '> quoted\n</details>\n> <script>x</script>',
  '    indented </details>\n```\n<script>in a fence</script>\n```\n</details>',
  '<details><summary>nested</summary>\n\ninside\n\n</details>',
  '``` `not a fence`\n</details>',
]

describe('toMarkdown: untrusted text stays in its container', () => {
  it.each(HOSTILE.map((text) => [text]))('given %j, every style keeps it contained and inert', (text) => {
    const state = spanWith(`**Heading**\n${text}`)
    contained(render(toMarkdown(state)), 1)
    contained(render(toMarkdown(state) + '\n\n' + toMarkdown(state)), 2)
    for (const style of ['blockquote', 'plain'] as const) {
      const html = render(`${toMarkdown(state, { style })}\n\nafter`)
      expect(html).toMatch(/<p>after<\/p>\n?$/)
      expect(html).not.toMatch(/<(script|img|\/?details|\/?summary)\b/i)
    }
  })

  it('should keep the text as it is otherwise: fenced code verbatim, markdown untouched', () => {
    const text = 'Use **bold** and `code`.\n\n```html\n<details><script>x</script>\n```\n\n1. one\n2. two'
    const md = toMarkdown(spanWith(text), { style: 'plain' })
    expect(md).toBe(`Thought for 12 seconds\n\n${text}`)
    expect(render(md)).toContain('<pre><code class="language-html">&lt;details&gt;&lt;script&gt;x&lt;/script&gt;\n</code></pre>')
  })

  it('should escape titles, labels and key factors (inline text, not markup)', () => {
    const store = testStore()
    feed(store, run(), span('s1', ui({ title: '</summary><script>x</script> *a* [b](javascript:c)' })), msgStart('m1'), content('m1', 't'), msgEnd('m1'),
      spanEnd('s1', ui({ keyFactors: ['1. not a list', '# not a heading', '<img src=x>'] })), finished())
    const state = store.getState()
    contained(render(toMarkdown(state)), 1)
    for (const style of ['blockquote', 'plain'] as const) {
      const html = render(toMarkdown(state, { style, visibility: 'summary' }))
      expect(html).not.toMatch(/<(script|img|em|a|ol|h1)\b|<\/summary/i)
      expect(html).toContain('1. not a list')
    }
  })

  it('given random text built from hostile fragments, every block stays contained (property)', () => {
    const fragment = fc.oneof(
      fc.constantFrom('\n', '\n\n', ' ', '  ', '   ', '    ', '- ', '1. ', '> ', '```', '````', '~~~', '`', 'js', '<div>', '</div>', '<details>',
        '</details>', '<summary>', '</summary>', '<script>', '</script>', '<!--', '-->', '<pre>', '<?', '<![CDATA[', '\r\n', '\t', 'x', '**'),
      fc.string({ maxLength: 6 }),
    )
    const text = fc.array(fragment, { maxLength: 30 }).map((parts) => parts.join(''))
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 3 }), (texts) => {
        const store = testStore()
        feed(store, run())
        texts.forEach((t, i) => feed(store, span(`s${i}`), msgStart(`m${i}`), content(`m${i}`, `first\n${t}`), msgEnd(`m${i}`), spanEnd(`s${i}`)))
        feed(store, finished())
        const state = store.getState()
        contained(render(toMarkdown(state)), texts.length)
        for (const style of ['blockquote', 'plain'] as const) {
          const html = render(`${toMarkdown(state, { style })}\n\nthe end`)
          expect(html).toMatch(/<p>the end<\/p>\n?$/)
          expect(html).not.toMatch(/<(script|\/?details|\/?summary)\b/i)
        }
      }),
      { numRuns: 300 },
    )
  })
})

describe('toMarkdown: privacy (goes through projectBlock)', () => {
  /** Secret words use letters no label or markup of the export contains (q, x, z, j, digits); a piece of them is what must not leak. */
  const secret = fc.string({ unit: fc.constantFrom(...'qxzjQXZJ0123456789'), minLength: 1, maxLength: 14 })
  const rawText = fc
    .array(fc.oneof(secret, fc.constantFrom(' ', '\n', '\n\n', '**', '`', '```', '</details>', '> ', '- ')), { minLength: 1, maxLength: 12 })
    .map((parts) => parts.join(''))
  const plain = fc.string({ unit: fc.constantFrom(...'abcdefghiklmnoprstuvw 0123'), minLength: 1, maxLength: 20 })
  const block = fc.record({
    texts: fc.array(rawText, { maxLength: 3 }),
    summary: fc.option(plain, { nil: undefined }),
    title: fc.option(plain, { nil: undefined }),
    step: fc.option(fc.record({ title: plain, type: plain, text: rawText }), { nil: undefined }),
    conclusion: fc.option(plain, { nil: undefined }),
    keyFactors: fc.option(fc.array(plain, { maxLength: 2 }), { nil: undefined }),
    encrypted: fc.boolean(),
    interrupted: fc.boolean(),
  })
  type Spec = typeof block extends fc.Arbitrary<infer T> ? T : never

  function build(blocks: readonly Spec[]) {
    const store = testStore()
    feed(store, run())
    blocks.forEach((b, i) => {
      feed(store, span(`s${i}`, b.title !== undefined ? ui({ title: b.title }) : {}))
      b.texts.forEach((t, j) => feed(store, msgStart(`m${i}-${j}`), content(`m${i}-${j}`, t), msgEnd(`m${i}-${j}`)))
      if (b.summary !== undefined) feed(store, msgStart(`sum${i}`, ui({ kind: 'summary' })), content(`sum${i}`, b.summary), msgEnd(`sum${i}`))
      if (b.step) feed(store, msgStart(`st${i}`, ui({ kind: 'step', stepType: b.step.type, title: b.step.title })), content(`st${i}`, b.step.text), msgEnd(`st${i}`))
      if (b.encrypted && b.texts.length > 0) feed(store, encrypted(`m${i}-0`, `${ENC}v`))
      store.clock.now += 1_500
      if (!b.interrupted) feed(store, spanEnd(`s${i}`, b.conclusion !== undefined || b.keyFactors ? ui({ conclusion: b.conclusion, keyFactors: b.keyFactors }) : {}))
    })
    store.streamEnded()
    return store.getState()
  }

  it('given random blocks, no 8-character piece of raw text appears at summary or none unless the summary or titles hold it (property)', () => {
    fc.assert(
      fc.property(fc.array(block, { minLength: 1, maxLength: 4 }), fc.constantFrom(...STYLES), (specs, style) => {
        const state = build(specs)
        for (const visibility of ['summary', 'none'] as const) {
          const md = toMarkdown(state, { visibility, style })
          expect(md).not.toContain(ENC)
          for (const b of state.blocks) {
            const summary = selectSummary(b)
            const allowed = visibility === 'none' ? '' : [summary.text, ...summary.titles, b.title, b.meta?.conclusion, ...(b.meta?.keyFactors ?? [])].join('\n')
            for (const m of b.messages) {
              if (m.kind === 'summary') continue
              for (let i = 0; i + 8 <= m.text.length; i++) {
                const piece = m.text.slice(i, i + 8)
                if (/^[qxzj0-9]{8}$/i.test(piece) && !allowed.includes(piece)) expect(md, `raw ${JSON.stringify(piece)} at ${visibility}`).not.toContain(piece)
              }
            }
          }
        }
      }),
      { numRuns: 200 },
    )
  })

  it('given two states that differ only in raw text, summary and none export the same (property)', () => {
    const headingFree = fc.string({ unit: fc.constantFrom(...'qxzj 019\n<>`'), minLength: 1, maxLength: 20 })
    fc.assert(
      fc.property(fc.array(block, { minLength: 1, maxLength: 3 }), fc.array(headingFree, { minLength: 12, maxLength: 12 }), fc.array(headingFree, { minLength: 12, maxLength: 12 }), (specs, a, b) => {
        const withTexts = (texts: string[]) => specs.map((s, i) => ({ ...s, texts: s.texts.map((_, j) => texts[i * 3 + j]!), step: s.step && { ...s.step, text: texts[9 + i]! } }))
        const left = build(withTexts(a))
        const right = build(withTexts(b))
        for (const visibility of ['summary', 'none'] as const) {
          for (const style of STYLES) expect(toMarkdown(left, { visibility, style })).toBe(toMarkdown(right, { visibility, style }))
        }
      }),
      { numRuns: 150 },
    )
  })

  it('given any hostile stream, never throws, never exports an encrypted value, nor raw text where the projection hides it (property)', () => {
    fc.assert(
      fc.property(hostileStream({ maxEpisodes: 8 }), fc.constantFrom(...STYLES), fc.constantFrom(undefined, 'de', 'ar-EG'), (stream, style, locale) => {
        const store = createReasoningStore({ flush: 'sync' })
        for (const event of stream.events) store.dispatch(arm(event))
        if (stream.end !== 'open') store.streamEnded(endError(stream.end))
        const state = store.getState()
        for (const visibility of LEVELS) {
          const md = toMarkdown(state, { visibility, style, ...(locale && { locale }) })
          expect(typeof md).toBe('string')
          expect(md).not.toContain(ENC)
          if (visibility === 'full') continue
          for (const b of state.blocks) {
            const visible = projectBlock(b, visibility)
            const provider = visible.summary?.source === 'provider' && visible.summary.text!.includes(RAW.trim())
            if (!provider) expect(toMarkdown(b, { visibility, style })).not.toContain(RAW.trim())
          }
        }
      }),
      { numRuns: 300 },
    )
  }, 60_000)
})
