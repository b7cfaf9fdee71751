/**
 * The trace every contender renders: reasoning-like markdown (bold heading
 * lines, prose paragraphs, blank lines between them), deterministic so every
 * page and every run streams the same characters, cut into equal deltas.
 *
 * The prose uses no markdown but the `**…**` headings (no lists, code, links,
 * underscores or angle brackets), so a markdown renderer and a plain-text one
 * show the same characters once whitespace and `*` are set aside — which is
 * what `visibleChars` compares.
 */

/** Characters per delta: 200 KB arrive in 2,000 deltas. */
export const DELTA_CHARS = 100

const TITLES = [
  'Restating the problem', 'Checking the units', 'Setting up the equations', 'Trying a smaller case',
  'Looking for a counterexample', 'Comparing both approaches', 'Estimating the bound', 'Verifying the answer',
  'Reconsidering the assumptions', 'Planning the explanation', 'Tracing the edge cases', 'Weighing the trade-offs',
]

const OPENERS = [
  'I need to', 'Let me', 'I should', 'It would help to', 'Next I will', 'I could also', 'Now I want to', 'First I will',
]

const VERBS = [
  'check whether', 'confirm that', 'work out why', 'estimate how often', 'verify that', 'see if', 'figure out whether',
  'double-check that',
]

const SUBJECTS = [
  'the total of the first column', 'the rate at the boundary', 'the second equation', 'each remaining case',
  'the substitution I made', 'the number of rabbits', 'the average over all inputs', 'the cost of the naive method',
  'the intermediate result', 'the constraint on x', 'the sum of the legs', 'the ratio between the two terms',
]

const CLAIMS = [
  'still holds after the change', 'matches the value from before', 'stays below the limit', 'grows linearly with n',
  'comes out to 12 in this case', 'does not depend on the order', 'fits the example the user gave',
  'breaks only when the input is empty', 'is off by one somewhere', 'agrees with a quick estimate',
]

const FOLLOW_UPS = [
  'That seems consistent, but I will keep an eye on it.',
  'If that fails, the earlier step needs another look.',
  'This matters because the final answer depends on it.',
  'A quick sanity check with small numbers should settle it.',
  'I think that is right, though the wording is ambiguous.',
  'So the remaining work is mostly arithmetic.',
  'Hmm, that contradicts what I assumed a moment ago.',
  'Good, that narrows things down to two options.',
]

/** A small seeded PRNG (mulberry32): the same text on every machine. */
function random(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Exactly `chars` characters of reasoning: sections of a bold title and two to four paragraphs. */
export function reasoningText(chars: number): string {
  const next = random(6)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!
  const sentence = () =>
    next() < 0.3 ? pick(FOLLOW_UPS) : `${pick(OPENERS)} ${pick(VERBS)} ${pick(SUBJECTS)} ${pick(CLAIMS)}.`
  const parts: string[] = []
  let length = 0
  while (length < chars) {
    const section = [`**${pick(TITLES)}**`]
    const paragraphs = 2 + Math.floor(next() * 3)
    for (let p = 0; p < paragraphs; p++) {
      const sentences = 3 + Math.floor(next() * 6)
      section.push(Array.from({ length: sentences }, sentence).join(' '))
    }
    const text = section.join('\n\n') + '\n\n'
    parts.push(text)
    length += text.length
  }
  return parts.join('').slice(0, chars)
}

/** The text cut into `size`-character deltas. */
export function deltasOf(text: string, size = DELTA_CHARS): string[] {
  const deltas: string[] = []
  for (let i = 0; i < text.length; i += size) deltas.push(text.slice(i, i + size))
  return deltas
}

/** What every contender must show: the text without whitespace and `*` (markdown emphasis, kept or not). */
export function visibleChars(text: string): string {
  return text.replace(/[\s*]+/g, '')
}
