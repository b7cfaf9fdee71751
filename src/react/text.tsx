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
 * fenced code block stays whole). Plug in your markdown renderer here; it must
 * not inject the text as HTML. Finished paragraphs are rendered once and then
 * memoised, so keep the function stable (module scope or `useCallback`).
 */
export type RenderText = (text: string, info: RenderTextInfo) => ReactNode

interface ParagraphProps {
  readonly text: string
  readonly info: RenderTextInfo
  readonly render: RenderText | undefined
}

/** One paragraph. Memoised on its text, so finished paragraphs never re-render while the tail streams. */
const Paragraph = memo(
  function Paragraph({ text, info, render }: ParagraphProps) {
    const live = info.live ? '' : undefined
    if (render) {
      return (
        <div data-slot="reasoning-paragraph" data-live={live}>
          {render(text, info)}
        </div>
      )
    }
    if (info.heading !== undefined) {
      return (
        <p data-slot="reasoning-heading" data-live={live}>
          <strong>{info.heading}</strong>
        </p>
      )
    }
    return (
      <p data-slot="reasoning-paragraph" data-live={live}>
        {text}
      </p>
    )
  },
  (a, b) => a.text === b.text && a.render === b.render && a.info.live === b.info.live && a.info.kind === b.info.kind,
)

interface StreamingTextProps {
  readonly text: string
  /** The text is still growing: its last paragraph is live. */
  readonly live: boolean
  readonly kind: ReasoningKind
  readonly render: RenderText | undefined
}

/**
 * A growing text as paragraphs. Each update splits only the new tail (see
 * `splitParagraphs`); finished paragraphs keep their element.
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
  const items = paragraphs.done.map((p, i) => (
    <Paragraph key={i} text={p} info={infoFor(p, kind, false)} render={render} />
  ))
  if (tail.trim() !== '') {
    items.push(<Paragraph key={items.length} text={tail} info={infoFor(tail, kind, live)} render={render} />)
  }
  return <>{items}</>
}

function infoFor(text: string, kind: ReasoningKind, live: boolean): RenderTextInfo {
  // Only a finished paragraph of one line can be a heading: a live one may still grow.
  const heading = !live && !text.trim().includes('\n') ? parseHeading(text) : undefined
  return heading === undefined ? { live, kind } : { live, kind, heading }
}
