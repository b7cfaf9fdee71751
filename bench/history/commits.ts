/**
 * Times React commits in React's plain production build, through the hook
 * React DevTools uses: when `__REACT_DEVTOOLS_GLOBAL_HOOK__` exists before
 * react-dom loads, react-dom calls its `onCommitFiberRoot` once per commit,
 * after the DOM was changed and layout effects ran. Production react-dom never
 * calls `<Profiler onRender>`, and its profiling build logs every component to
 * the Performance panel, which costs more than the work measured here (see
 * bench/render/commits.ts).
 */


let commits = 0
const waiting: ((at: number) => void)[] = []
let onCommit: ((at: number) => void) | undefined

/** Installs the hook; call before react-dom is first imported. */
export function installCommitHook(): void {
  if (window.__REACT_DEVTOOLS_GLOBAL_HOOK__) throw new Error('A React DevTools hook is already installed')
  const renderers = new Map<number, unknown>()
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers,
    inject(renderer) {
      renderers.set(renderers.size + 1, renderer)
      return renderers.size
    },
    onCommitFiberRoot() {
      const at = performance.now()
      commits++
      onCommit?.(at)
      for (const resolve of waiting.splice(0)) resolve(at)
    },
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
  }
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
