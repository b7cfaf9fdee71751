/**
 * A large text's groups of paragraphs as React renders them (see `LargeGroup` in index.tsx for
 * when they are built as DOM instead).
 */
import { useRef, type ReactNode } from 'react'
import type { ReasoningKind } from '../../../core/model'
import type { TextEnd } from '../../../core/text-end'
import type { RenderText } from '../text'
import { useFreezing } from './freeze'
import { LargeParagraph, type Source } from './runs'

export interface GroupProps {
  /** Where the group's finished paragraphs are: `source.log[first]` and the `count - 1` after it. */
  readonly source: Source
  /** The index of its first paragraph in the text (the paragraphs' keys). */
  readonly first: number
  readonly count: number
  /** The live paragraph, when it is this group's last (the last one, finished, once the text is). */
  readonly tail: string | undefined
  /** A long `tail`'s end (see `tailWith`): made with it, so not compared. */
  readonly tailEnd?: TextEnd
  /** Its `tail` is still receiving text (false in every other group). */
  readonly live: boolean
  readonly kind: ReasoningKind
  readonly render: RenderText | undefined
  /** The group is finished, full and has another full one after it (any group of a finished text), and `render` is static: it may be frozen. */
  readonly settled: boolean
}

/** A group's paragraphs rendered by React; frozen once settled and the page idle (see `useFreezing`). */
export function RenderedGroup(props: GroupProps) {
  const { source, count, tail, kind, render, settled } = props
  const element = useRef<HTMLDivElement>(null)
  const frozen = useFreezing(element, settled, [source, count, tail, render, kind])
  if (frozen !== undefined) return frozen
  // A box of its own: the browser lays out the text's few groups, not its thousands of paragraphs.
  return (
    <div ref={element} data-slot="reasoning-group">
      {paragraphsOf(props, () => true)}
    </div>
  )
}

/** The group's paragraphs React renders: its finished ones that `react` says, then its live one. */
export function paragraphsOf({ source, first, count, tail, tailEnd, live, kind, render }: GroupProps, react: (i: number) => boolean): ReactNode[] {
  const items: ReactNode[] = []
  for (let i = first; i < first + count; i++) if (react(i)) items.push(<LargeParagraph key={i} source={source} index={i} live={false} kind={kind} render={render} />)
  if (tail !== undefined) items.push(<LargeParagraph key={first + count} text={tail} end={tailEnd} live={live} kind={kind} render={render} />)
  return items
}

