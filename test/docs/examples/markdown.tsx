// docs/react.md, "Text and markdown": run by test/docs/markdown.test.tsx.

// #region load-markdown
import { loadMarkdown } from 'reasoning-ui'

await loadMarkdown() // on the server before renderToString, on the client before hydrateRoot
// #endregion

// #region katex
import katex from 'katex'
import 'katex/dist/katex.min.css'
import { useLayoutEffect, useRef, type ReactNode } from 'react'
import { markdownText, type RenderText } from 'reasoning-ui'

/** The kit's markdown, its math (`data-slot="reasoning-math"`, as typed) typeset by KaTeX once the paragraph is finished. */
function Typeset({ live, children }: { live: boolean; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    if (live) return
    for (const math of box.current!.querySelectorAll<HTMLElement>('[data-slot="reasoning-math"]')) {
      const typed = math.textContent!
      const display = typed.startsWith('$$') || typed.startsWith('\\[')
      const marks = display || typed.startsWith('\\(') ? 2 : 1
      // KaTeX builds its own elements from the TeX (trust: false, the default: no links, no HTML).
      katex.render(typed.slice(marks, -marks), math, { displayMode: display, throwOnError: false })
    }
  })
  return <div ref={box} style={{ display: 'contents' }}>{children}</div>
}

export const mathText: RenderText = (text, info) => <Typeset live={info.live}>{markdownText(text, info)}</Typeset>
// <ReasoningPanel block={block} renderText={mathText} />
// #endregion
