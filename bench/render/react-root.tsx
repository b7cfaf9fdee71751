import { Profiler, useLayoutEffect, useState, type ReactNode } from 'react'
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { reactCommits } from './commits'
import type { Contender } from './protocol'

/**
 * Renders `element` into `host` under a `<Profiler>`, and counts commits
 * (see commits.ts). Under a profiling build of react-dom
 * (BENCH_RENDER_REACT_PROFILING=1), `onRender` counts too, and the two
 * counts must agree.
 */
export function mountCounted(host: HTMLElement, element: ReactNode): { commits(): number; unmount(): void } {
  let rendered = 0
  const onRender = () => {
    rendered++
  }
  const before = reactCommits()
  const root = createRoot(host)
  flushSync(() => root.render(<Profiler id="contender" onRender={onRender}>{element}</Profiler>))
  return {
    unmount: () => root.unmount(),
    commits() {
      const commits = reactCommits() - before
      if (rendered > 0 && rendered !== commits) throw new Error(`<Profiler> saw ${rendered} commits, the DevTools hook ${commits}`)
      return commits
    },
  }
}

interface GrowingProps {
  /** Receives the function that appends one delta, once mounted. */
  readonly connect: (append: (delta: string) => void) => void
  /** Renders the whole text so far. */
  readonly render: (text: string) => ReactNode
}

/**
 * How a chat UI typically holds a streaming message: the whole text in
 * `useState`, one state update per delta. Each update is flushed at once
 * (`flushSync`), so every delta is one commit and "handled" means "in the
 * DOM" — React would otherwise batch deltas that land in one task, which
 * they never do here.
 */
export function Growing({ connect, render }: GrowingProps) {
  const [text, setText] = useState('')
  useLayoutEffect(() => connect((delta) => flushSync(() => setText((t) => t + delta))), [connect])
  return render(text)
}

/** A contender that holds the text as `Growing` does and shows it through `render` (the naive one, streamdown). */
export function growingContender(render: (text: string) => ReactNode, showsSource: boolean): Contender {
  let append: ((delta: string) => void) | undefined
  let host: HTMLElement | undefined
  let counted: { commits(): number } | undefined
  const connect = (fn: (delta: string) => void) => {
    append = fn
  }
  return {
    async mount(element) {
      host = element
      counted = mountCounted(host, <Growing connect={connect} render={render} />)
    },
    push: (delta) => append!(delta),
    shown: () => [host?.textContent ?? ''],
    showsSource,
    commits: () => counted?.commits() ?? 0,
  }
}
