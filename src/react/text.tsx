import { memo, useEffect, useReducer, useState, type ReactNode } from 'react'
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
  /**
   * Rendering cost per character against plain text (1, the default): a commit that
   * catches up with a burst of text adds `CATCH_UP_CHARS / cost` characters, so a
   * costlier renderer takes smaller steps and no step is a long task.
   */
  readonly cost?: number
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
const Paragraph = /* @__PURE__ */ memo(function Paragraph({ text, live, kind, render }: ParagraphProps) {
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
const Finished = /* @__PURE__ */ memo(function Finished({ paragraphs, kind, render }: FinishedProps) {
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
 * Characters of newly finished paragraphs one commit adds at most while it
 * catches up. A stream that delivers faster than frames come (a replay, a fast
 * provider, a backlog after a stall) would otherwise put all of it into one
 * long task; the rest shows in the next frames, oldest first, and the live
 * paragraph once they are all there.
 */
export const CATCH_UP_CHARS = 8_000
/**
 * A backlog larger than this shows at once: every commit costs the same again
 * for the paragraphs already shown, so catching up with a huge one in small
 * steps (one 5 MB delta) would keep the reader waiting far longer than the one
 * long task does.
 */
const CATCH_UP_LIMIT = 32 * CATCH_UP_CHARS

/** Finished paragraphs on screen, the inputs of the render that decided it, and whether new text (not a catch-up tick) moved it. */
interface Progress {
  readonly shown: number
  readonly text: string
  readonly ticks: number
  readonly byText: boolean
}

/** How many of `done` to show when `shown` are on screen: the next budget's worth (`chars`), at least one paragraph. */
function catchUp(done: readonly string[], shown: number, chars: number): number {
  let count = Math.min(shown, done.length)
  let backlog = 0
  for (let i = count; i < done.length && backlog <= CATCH_UP_LIMIT; i++) backlog += done[i]!.length
  if (backlog > CATCH_UP_LIMIT) return done.length
  for (let budget = chars; count < done.length && budget > 0; count++) budget -= done[count]!.length
  return count
}

/** A commit's catch-up budget for `render`, in characters. */
const budgetOf = (render: RenderText | undefined): number =>
  render !== undefined && drawsParagraph(render) && render.cost !== undefined && render.cost > 1 ? Math.round(CATCH_UP_CHARS / render.cost) : CATCH_UP_CHARS

/** The next frame, where there are frames (not in every test environment). */
const nextFrame = (callback: () => void): (() => void) => {
  if (typeof requestAnimationFrame === 'undefined') {
    const timer = setTimeout(callback, 16)
    return () => clearTimeout(timer)
  }
  const frame = requestAnimationFrame(callback)
  return () => cancelAnimationFrame(frame)
}

/**
 * A growing text as paragraphs. Each update splits only the new tail (see
 * `splitParagraphs`) and renders only the live paragraph again, plus the
 * paragraphs finished since: a budget of them per commit (`CATCH_UP_CHARS`).
 */
export function StreamingText({ text, live, kind, render }: StreamingTextProps) {
  // Remember the previous split (React's "store information from previous renders").
  const [split, setSplit] = useState<Paragraphs>(() => splitParagraphs(text))
  let paragraphs = split
  if (split.text !== text) {
    paragraphs = splitParagraphs(text, split)
    setSplit(paragraphs)
  }
  const { done } = paragraphs
  // A finished text shows whole at once (it is not coming in faster than frames); a live one, from its first
  // render on, a budget per new text or catch-up tick (not again in the re-render the state updates here cause).
  const [ticks, tick] = useReducer((n: number) => n + 1, 0)
  const chars = budgetOf(render)
  const [progress, setProgress] = useState<Progress>(() => ({ shown: live ? catchUp(done, 0, chars) : done.length, text, ticks, byText: true }))
  let shown = progress.shown
  if (!live) {
    // A text that is no longer coming in shows whole: a reader (or find-in-page) opening a
    // finished block right after a burst must not find its end still catching up.
    shown = done.length
    if (progress.shown !== shown) setProgress({ shown, text, ticks, byText: false })
  } else if (progress.text !== text || progress.ticks !== ticks) {
    shown = catchUp(done, progress.shown, chars)
    if (shown !== progress.shown) setProgress({ shown, text, ticks, byText: progress.text !== text })
  }
  const behind = shown < done.length
  const { byText } = progress

  useEffect(() => {
    if (!behind) return
    // Catch up in a frame of its own, never beside the store's update in the same frame. After new text
    // the stream is flowing and its next update catches up further: tick only if a whole frame passes
    // without one. After a tick the stream is quiet: tick again in the next frame.
    let cancel = nextFrame(() => {
      if (byText) cancel = nextFrame(tick)
      else tick()
    })
    return () => cancel()
  }, [behind, byText, text, ticks])

  const tail = tailOf(paragraphs)
  return (
    <>
      <Finished paragraphs={behind ? done.slice(0, shown) : done} kind={kind} render={render} />
      {!behind && tail.trim() !== '' && <Paragraph text={tail} live={live} kind={kind} render={render} />}
    </>
  )
}
