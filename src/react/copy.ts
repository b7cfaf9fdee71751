import { useCallback, useEffect, useRef, useState } from 'react'

/** How long a copy button says "Copied". */
const COPIED_MS = 2000

/**
 * A copy button's behaviour: `copy(text)` writes to the clipboard and `copied` is true
 * for two seconds after it worked. Nothing happens where the page has no clipboard
 * (insecure context, old engine); a refused write changes nothing either.
 */
export function useCopy(): { readonly copied: boolean; readonly copy: (text: string) => void } {
  const [copied, setCopied] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  const copy = useCallback((text: string) => {
    const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard
    if (!clipboard) return
    clipboard.writeText(text).then(
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
