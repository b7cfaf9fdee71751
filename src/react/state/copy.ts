import { useCallback, useEffect, useRef, useState } from 'react'

/** How long a copy button says "Copied". */
const COPIED_MS = 2000

/**
 * A copy button's behaviour: `copy(text)` writes to the clipboard and `copied` is true
 * for two seconds after it worked. `text` may be a promise (text made by lazily loaded
 * code): where the browser has `ClipboardItem`, it is written at once with the promise,
 * inside the click's user activation, as Safari requires. Nothing happens where the page
 * has no clipboard (insecure context, old engine); a refused write changes nothing either.
 */
export function useCopy(): { readonly copied: boolean; readonly copy: (text: string | Promise<string>) => void } {
  const [copied, setCopied] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  const copy = useCallback((text: string | Promise<string>) => {
    const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard
    if (!clipboard) return
    const written =
      typeof text === 'string' ? clipboard.writeText(text)
        : typeof ClipboardItem === 'function' && typeof clipboard.write === 'function'
          ? clipboard.write([new ClipboardItem({ 'text/plain': text.then((t) => new Blob([t], { type: 'text/plain' })) })])
          : text.then((t) => clipboard.writeText(t))
    written.then(
      () => {
        setCopied(true)
        clearTimeout(timer.current)
        timer.current = setTimeout(() => setCopied(false), COPIED_MS)
      },
      () => {},
    )
  }, [])
  return { copied, copy }
}
