import { memo, useState, type ReactNode } from 'react'
import { parseHeading } from '../core/headings'
import type { ReasoningKind } from '../core/model'
import { splitParagraphs, tailOf, type Paragraphs } from './paragraphs'

export interface RenderTextInfo {
  /** The paragraph is the one still receiving text. */
  readonly live: boolean
  /** What the paragraph belongs to: reasoning text, a provider summary, or a step. */
  readonly kind: ReasoningKind
  /** The heading this paragraph is (a bold line such as `**Checking units**`), if it is one. */
  readonly heading?: string
}

/**
 * Renders one paragraph of untrusted reasoning text (split at blank lines; a
 * fenced code block stays whole). The styled components default to
 * `markdownText`, the headless parts to `plainText` (the text as it is); plug in your own renderer here, which must not inject
 * the text as HTML. Finished paragraphs are rendered once and then memoised, so
 * keep the function stable (module scope or `useCallback`).
 */
export type RenderText = (text: string, info: RenderTextInfo) => ReactNode

/**
 * The headless parts' default: the paragraph as it is (a bold title line as
 * bold), never parsed. The styled components default to `markdownText`; pass
 * `renderText={plainText}` to opt them out.
 */
export const plainText: RenderText = (text, { heading }) => (heading !== undefined ? <strong>{heading}</strong> : text)

/**
 * A renderer that draws the whole paragraph element itself (`markdownText` does,
 * to mark its format and make a heading the paragraph itself), instead of
 * content inside the kit's paragraph element.
 */
export interface WholeParagraphRenderer extends RenderText {
  readonly paragraph: (text: string, live: boolean, heading: string | undefined) => ReactNode
}

const drawsParagraph = (render: RenderText): render is WholeParagraphRenderer => 'paragraph' in render

interface ParagraphProps {
  readonly text: string
  /** The paragraph is still receiving text. */
  readonly live: boolean
  readonly kind: ReasoningKind
  readonly render: RenderText | undefined
}

/** One paragraph. Memoised on its props, so a finished paragraph renders once. */
const Paragraph = memo(function Paragraph({ text, live, kind, render }: ParagraphProps) {
  // Only a finished paragraph of one line can be a heading: a live one may still grow.
  const heading = !live && !text.trim().includes('\n') ? parseHeading(text) : undefined
  const liveAttribute = live ? '' : undefined
  if (render !== undefined && drawsParagraph(render)) return render.paragraph(text, live, heading)
  const info: RenderTextInfo = heading === undefined ? { live, kind } : { live, kind, heading }
  // dir="auto": each paragraph takes the direction of its own first strong character, so English on an
  // RTL page ends "… next week?" instead of "?… next week", and Arabic in an LTR app reads right to left.
  return (
    <div data-slot="reasoning-paragraph" data-live={liveAttribute} dir="auto">
      {(render ?? plainText)(text, info)}
    </div>
  )
})

interface FinishedProps {
  readonly paragraphs: readonly string[]
  readonly kind: ReasoningKind
  readonly render: RenderText | undefined
}

/**
 * The finished paragraphs. `splitParagraphs` keeps the same array until one more
 * paragraph finishes, so while the tail streams this whole list is skipped.
 */
const Finished = memo(function Finished({ paragraphs, kind, render }: FinishedProps) {
  return paragraphs.map((p, i) => <Paragraph key={i} text={p} live={false} kind={kind} render={render} />)
})

interface StreamingTextProps {
  readonly text: string
  /** The text is still growing: its last paragraph is live. */
  readonly live: boolean
  readonly kind: ReasoningKind
  readonly render: RenderText | undefined
}

/**
 * A growing text as paragraphs. Each update splits only the new tail (see
 * `splitParagraphs`) and renders only the live paragraph again.
 */
export function StreamingText({ text, live, kind, render }: StreamingTextProps) {
  // Remember the previous split (React's "store information from previous renders").
  const [split, setSplit] = useState<Paragraphs>(() => splitParagraphs(text))
  let paragraphs = split
  if (split.text !== text) {
    paragraphs = splitParagraphs(text, split)
    setSplit(paragraphs)
  }
  const tail = tailOf(paragraphs)
  return (
    <>
      <Finished paragraphs={paragraphs.done} kind={kind} render={render} />
      {tail.trim() !== '' && <Paragraph text={tail} live={live} kind={kind} render={render} />}
    </>
  )
}
