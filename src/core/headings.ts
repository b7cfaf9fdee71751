/**
 * Heading lines are how reasoning text titles itself: OpenAI-style summaries open
 * each part with a bold line (`**Solving the problem**`), open models often use
 * markdown headings. They feed block titles and the `summary` visibility level.
 */

/** Longer lines are prose, not headings; capping also bounds the per-delta work. */
export const MAX_HEADING_LINE = 200

const BOLD = /^(\*\*|__)(?!\s)(.+?)(?<!\s)\1:?$/
const ATX = /^#{1,6}[ \t]+(.+?)(?:[ \t]+#+)?$/

/** The heading a single line holds, or undefined. Never sees more than one line. */
export function parseHeading(line: string): string | undefined {
  const trimmed = line.trim()
  if (trimmed.length < 3 || trimmed.length > MAX_HEADING_LINE) return undefined
  const bold = BOLD.exec(trimmed)
  if (bold) {
    const inner = bold[2]!
    // `**a** and **b**` is a line with bold words, not a bold line.
    return inner.includes(bold[1]!) ? undefined : inner.trim()
  }
  const atx = ATX.exec(trimmed)
  return atx ? atx[1]!.trim() : undefined
}

/** All headings of a whole text, for text that arrives at once (snapshots). */
export function headingsOf(text: string): string[] {
  const found: string[] = []
  for (const line of text.split('\n')) {
    const heading = parseHeading(line)
    if (heading !== undefined) found.push(heading)
  }
  return found
}
