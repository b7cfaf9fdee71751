/**
 * Counts React commits in React's plain production build, through the hook
 * React DevTools uses: when `__REACT_DEVTOOLS_GLOBAL_HOOK__` exists before
 * react-dom loads, react-dom calls its `onCommitFiberRoot` once per commit.
 *
 * Why not `<Profiler onRender>` alone: production react-dom never calls
 * `onRender`; its profiling build (`react-dom/profiling`) does, but also logs
 * every component render to the Performance panel's tracks
 * (`console.timeStamp`), which costs about 1 ms per commit of the naive
 * contender here against 0.2 ms without it — enough to distort the very
 * comparison being made. The `<Profiler>` stays in the tree: build with
 * BENCH_RENDER_REACT_PROFILING=1 and the page checks both counts agree.
 */

/** The part of React DevTools' global hook that react-dom calls (bench/history's counter uses it too). */
export interface DevToolsHook {
  readonly supportsFiber: true
  readonly isDisabled: false
  readonly renderers: Map<number, unknown>
  inject(renderer: unknown): number
  onCommitFiberRoot(): void
  onCommitFiberUnmount(): void
  onPostCommitFiberRoot(): void
  checkDCE(): void
}

declare global {
  interface Window {
    __REACT_DEVTOOLS_GLOBAL_HOOK__?: DevToolsHook
  }
}

let commits = 0

/** Installs the hook; call before react-dom is first imported. `onCommit` hears each commit's time (bench/history). */
export function installCommitCounter(onCommit?: (at: number) => void): void {
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
