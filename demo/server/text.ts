/**
 * Small text helpers for the scripted agents: what the user asked, and how a
 * text is cut into the deltas a model would stream.
 */
import type { RunAgentInput } from '@ag-ui/core'

/** Longest prompt quoted back in reasoning and answers; longer ones are cut with an ellipsis. */
export const MAX_QUOTED_PROMPT = 140

/**
 * The text of the last user message of a run (its text parts joined with a
 * space when the content is a list of parts); `''` when there is none.
 */
export function promptOf(input: Pick<RunAgentInput, 'messages'>): string {
  for (let i = input.messages.length - 1; i >= 0; i--) {
    const message = input.messages[i]!
    if (message.role !== 'user') continue
    const { content } = message
    if (typeof content === 'string') return content
    return content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join(' ')
  }
  return ''
}

/**
 * The prompt as it appears inside a sentence: on one line (so it can never
 * start a bold heading line of its own), trimmed, cut to `MAX_QUOTED_PROMPT`
 * characters and in curly quotes; `(an empty message)` when there is no text.
 */
export function quote(prompt: string): string {
  const line = prompt.replace(/\s+/g, ' ').trim()
  if (line === '') return '(an empty message)'
  const cut = line.length > MAX_QUOTED_PROMPT ? `${line.slice(0, MAX_QUOTED_PROMPT - 1).trimEnd()}…` : line
  return `“${cut}”`
}

/** How many words each successive delta holds: a few words each, irregular like a real model's tokens. */
const WORDS_PER_DELTA = [3, 2, 4, 3, 1, 3, 2, 5, 2, 3]

/**
 * Cuts `text` into deltas of a few words each. Joining the deltas gives back
 * `text` exactly (whitespace and line breaks included). Deterministic.
 */
export function toDeltas(text: string): string[] {
  // Each word takes the whitespace around it, so nothing is lost; a text of whitespace only is one delta.
  const tokens = text.match(/\s*\S+\s*/g) ?? (text === '' ? [] : [text])
  const deltas: string[] = []
  for (let i = 0, n = 0; i < tokens.length; n++) {
    const size = WORDS_PER_DELTA[n % WORDS_PER_DELTA.length]!
    deltas.push(tokens.slice(i, i + size).join(''))
    i += size
  }
  return deltas
}

/** Cuts `text` into slices of `size` characters (the last one shorter). */
export function toSlices(text: string, size: number): string[] {
  const slices: string[] = []
  for (let i = 0; i < text.length; i += size) slices.push(text.slice(i, i + size))
  return slices
}

/**
 * The pause before delta `index`, in milliseconds at pace 1: 15–40 ms,
 * irregular but deterministic, so a run takes the same time every time.
 */
export function deltaPause(index: number): number {
  return 15 + ((index * 7919) % 26)
}

/** `1 message`, `2 messages`: English count with the right plural. */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`
}
