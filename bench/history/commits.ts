/**
 * Times React commits in React's plain production build, through the hook
 * React DevTools uses: when `__REACT_DEVTOOLS_GLOBAL_HOOK__` exists before
 * react-dom loads, react-dom calls its `onCommitFiberRoot` once per commit,
 * after the DOM was changed and layout effects ran. Production react-dom never
 * calls `<Profiler onRender>`, and its profiling build logs every component to
 * the Performance panel, which costs more than the work measured here (see
 * bench/render/commits.ts).
 */

import { installCommitCounter } from '../render/commits'

let commits = 0
const waiting: ((at: number) => void)[] = []
let onCommit: ((at: number) => void) | undefined

/** Installs the hook (bench/render's counter); call before react-dom is first imported. */
export function installCommitHook(): void {
  installCommitCounter((at) => {
    commits++
    onCommit?.(at)
    for (const resolve of waiting.splice(0)) resolve(at)
  })
}

/** React commits since the page loaded (every root). */
export function reactCommits(): number {
  return commits
}

/** Resolves with the time of the next commit. */
export function nextCommit(): Promise<number> {
  return new Promise((resolve) => waiting.push(resolve))
}

/** Calls `listener` with the time of every commit until the returned function is called. */
export function watchCommits(listener: (at: number) => void): () => void {
  onCommit = listener
  return () => {
    onCommit = undefined
  }
}
