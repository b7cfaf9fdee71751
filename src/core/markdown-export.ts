/**
 * Reasoning as markdown, for a chat export or a copy button. Everything it writes
 * comes from `projectBlock`, so a visibility level exports exactly what it shows.
 */
import type { ReasoningBlock, ReasoningState, Visibility } from './model'
import { getBlockDuration, selectTokensAfterLastBlock } from './selectors'
import { defaultWords, durationParts, endedWording, formattingLocale, type DurationUnit, type ReasoningWords } from './wording'
import { projectBlock, type VisibleBlock } from './visibility'

/** `details`: a `<details>` per block; `blockquote`: a quote per block; `plain`: paragraphs. */
export type MarkdownStyle = 'details' | 'blockquote' | 'plain'

/** The words of an export: those the React layer's `ReasoningLabels` share, so the same overrides serve both. */
export type MarkdownLabels = ReasoningWords

export interface MarkdownOptions {
  /** What to export, as `projectBlock` allows it. Default `'full'`. */
  readonly visibility?: Visibility
  /** Default `'details'`. */
  readonly style?: MarkdownStyle
  /** Formats durations, counts and percentages with `Intl` ("2 Sekunden"). Default: English without `Intl`. */
  readonly locale?: string
  readonly labels?: Partial<MarkdownLabels>
}


interface Formats {
  readonly duration: (ms: number) => string
  readonly count: (n: number) => string
  readonly percent: (x: number) => string
}

const english: Formats = {
  duration: (ms) => durationParts(ms).map(([n, unit]) => `${n} ${unit}${n === 1 ? '' : 's'}`).join(', '),
  count: (n) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ','),
  percent: (x) => `${Math.round(x * 100)}%`,
}

/** `Intl` formats for `locale`, or English when it is absent or not a valid locale. */
function formatsFor(locale: string | undefined): Formats {
  if (locale === undefined) return english
  try {
    // The locale's one numbering system, as the panels write it (Latin digits for `ar` in every engine).
    const tag = formattingLocale(locale)
    const count = new Intl.NumberFormat(tag)
    const percent = new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 0 })
    const list = new Intl.ListFormat(tag, { type: 'unit', style: 'long' })
    const units = new Map<DurationUnit, Intl.NumberFormat>()
    const unit = (u: DurationUnit) => units.get(u) ?? units.set(u, new Intl.NumberFormat(tag, { style: 'unit', unit: u, unitDisplay: 'long' })).get(u)!
    return {
      duration: (ms) => list.format(durationParts(ms).map(([n, u]) => unit(u).format(n))),
      count: (n) => count.format(n),
      percent: (x) => percent.format(x),
    }
  } catch {
    return english
  }
}

/**
 * The reasoning of a state, of some blocks or of one block as markdown, at one
 * visibility level. Each block is a status line ("Thought for 12 seconds",
 * "Reasoning interrupted after 4 seconds", "Stopped after 4 seconds",
 * "Reasoning hidden by the provider")
 * with its title, then what the level shows: at `summary` the provider summary
 * (else the titles, as a list) and the outcome; at `full` the summary, the
 * reasoning text and steps, and the outcome; at `none` the status line alone.
 * Encrypted values and signatures never. With a state, the last block of each
 * run that reported reasoning tokens says how many.
 *
 * The text is exported as the markdown it is, made safe for its container:
 * unclosed code fences are closed, HTML at the start of a line and tags that
 * could close the container or run code (`</details>`, `<summary>`, `<script>`,
 * comments, …) are escaped outside code fences. Blocks are separated by a blank line.
 */
export function toMarkdown(
  input: ReasoningState | readonly ReasoningBlock[] | ReasoningBlock,
  options: MarkdownOptions = {},
): string {
  const { visibility = 'full', style = 'details' } = options
  const labels = { ...defaultWords }
  for (const [key, value] of Object.entries(options.labels ?? {})) if (value !== undefined) Object.assign(labels, { [key]: value })
  const formats = formatsFor(options.locale)
  const state = isState(input) ? input : undefined
  const blocks = state ? state.blocks : 'id' in input ? [input as ReasoningBlock] : (input as readonly ReasoningBlock[])
  const tokens = state ? selectTokensAfterLastBlock(state) : undefined
  return blocks
    .map((block) => {
      const visible = projectBlock(block, visibility)
      const count = tokens?.get(block.id)
      const status = statusLine(visible, labels, formats) + (count === undefined ? '' : ` · ${labels.reasoningTokens(count, formats.count(count))}`)
      const title = visible.title?.trim()
      return render(title ? `${status} — ${title}` : status, visible.expandable ? body(visible, labels, formats) : [], style)
    })
    .join('\n\n')
}

function isState(input: ReasoningState | readonly ReasoningBlock[] | ReasoningBlock): input is ReasoningState {
  return !Array.isArray(input) && Array.isArray((input as Partial<ReasoningState>).blocks)
}

function statusLine(block: VisibleBlock, labels: MarkdownLabels, formats: Formats): string {
  const duration = block.status === 'streaming' ? undefined : getBlockDuration(block)
  if (block.encryptedOnly) return duration !== undefined && duration >= 1000 ? `${labels.encrypted} · ${formats.duration(duration)}` : labels.encrypted
  if (block.status === 'streaming') return labels.thinking
  return endedWording({ status: block.status, endReason: block.endReason }, duration, labels, formats.duration)
}

/** What an open panel would show, as markdown paragraphs. */
function body(block: VisibleBlock, labels: MarkdownLabels, formats: Formats): string[] {
  const parts: string[] = []
  const add = (markdown: string | undefined) => {
    if (markdown) parts.push(markdown)
  }
  const summary = block.summary
  if (block.visibility === 'full') {
    if (summary?.text) parts.push(`**${inline(labels.summary)}**`, safeMarkdown(summary.text))
    for (const message of block.messages) {
      if (message.kind === 'summary') continue
      if (message.kind === 'step') {
        const type = message.meta?.stepType?.trim()
        const title = message.meta?.title?.trim()
        add([type && `_${inline(labels.stepType(type))}_`, title && `**${inline(title)}**`].filter(Boolean).join(' · '))
      }
      add(safeMarkdown(message.text))
    }
  } else if (summary?.text) {
    add(safeMarkdown(summary.text))
  } else if (summary && summary.titles.length > 0) {
    parts.push(summary.titles.map((t) => `- ${inline(t)}`).join('\n'))
  }
  const outcome = block.outcome
  if (outcome?.conclusion?.trim()) parts.push(`**${inline(labels.conclusion)}**`, safeMarkdown(outcome.conclusion))
  if (outcome?.confidence !== undefined && Number.isFinite(outcome.confidence)) parts.push(inline(labels.confidence(formats.percent(outcome.confidence))))
  const factors = outcome?.keyFactors?.filter((f) => f.trim())
  if (factors?.length) parts.push(`**${inline(labels.keyFactors)}**`, factors.map((f) => `- ${inline(f)}`).join('\n'))
  return parts.filter(Boolean)
}

function render(label: string, parts: readonly string[], style: MarkdownStyle): string {
  const content = parts.join('\n\n')
  if (style === 'blockquote') {
    const quoted = content ? `\n>\n${content.split('\n').map((line) => (line ? `> ${line}` : '>')).join('\n')}` : ''
    return `> **${inline(label)}**${quoted}`
  }
  if (style === 'plain' || !content) return content ? `${inline(label)}\n\n${content}` : inline(label)
  return `<details><summary>${escapeHtml(label)}</summary>\n\n${content}\n\n</details>`
}

/** Untrusted text as one line of literal markdown: whitespace collapsed, markup characters escaped. */
function inline(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\`*_[\]<>&|~]/g, '\\$&')
    .replace(/^([#+=-])|^(\d+)([.)])/, (_, mark?: string, digits?: string, delimiter?: string) => (mark ? `\\${mark}` : `${digits}\\${delimiter}`))
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }

function escapeHtml(text: string): string {
  return text.replace(/\s+/g, ' ').trim().replace(/[&<>"]/g, (c) => ENTITIES[c]!)
}

/** A code fence line: up to three spaces, a run of three or more backticks or tildes, the rest. */
const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/
/** Tags that could close the container, swallow what follows it, or run code; comments and processing instructions. */
const DANGEROUS =
  /<(?=\/?(?:details|summary|script|style|pre|textarea|title|xmp|plaintext|noscript|noembed|noframes|template|i?frame|frameset|object|embed|base|meta|link|form|svg|math|img)(?![a-z0-9])|[!?])/gi
/** HTML at the start of a line, which would start an HTML block. */
const LINE_HTML = /^( {0,3})<(?=[a-z/!?])/i

/**
 * Untrusted markdown made safe to nest: outside code fences, `<` is escaped where it
 * starts a line's HTML or a dangerous tag anywhere; code fence openers move to the
 * line start (so that a fence is one for every renderer, whatever list or quote it
 * was indented in); an unclosed fence is closed. Leading blank lines and trailing
 * whitespace go.
 */
function safeMarkdown(text: string): string {
  let fence: string | undefined
  const out: string[] = []
  const lines = text.replace(/\r\n?/g, '\n').replace(/^(?:[ \t]*\n)+/, '').trimEnd()
  if (!lines) return ''
  for (const line of lines.split('\n')) {
    const match = FENCE.exec(line)
    const run = match?.[1]
    const rest = match?.[2] ?? ''
    if (fence !== undefined) {
      if (run && run[0] === fence[0] && run.length >= fence.length && /^[ \t]*$/.test(rest)) fence = undefined
      out.push(line)
    } else if (run && !(run[0] === '`' && rest.includes('`'))) {
      fence = run
      out.push(line.trimStart())
    } else {
      out.push(line.replace(LINE_HTML, '$1&lt;').replace(DANGEROUS, '&lt;'))
    }
  }
  if (fence !== undefined) out.push(fence)
  return out.join('\n')
}
