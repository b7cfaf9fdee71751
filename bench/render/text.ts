/**
 * The trace every contender renders: reasoning as models write it in markdown
 * — bold section titles (some followed by a blank line, some by a single
 * newline, as OpenAI-style summaries do both), prose with *emphasis*,
 * **bold** words and `inline code`, bullet and numbered lists, fenced code
 * blocks with a language, and the occasional blockquote and table —
 * deterministic so every page and every run streams the same characters, cut
 * into equal deltas. The text always ends inside a plain prose paragraph, so
 * no contender has an unclosed construct to guess about at the end.
 *
 * Markdown renderers drop the syntax and plain-text ones show it, so what the
 * contenders show is compared on `visibleChars`: letters and digits only, with
 * the syntax that leaves letters or digits behind (ordered-list numbers) set
 * aside first on the contenders that show the source (`stripSyntax`).
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

/** Words that get inline markup in prose. */
const EMPHASIS = ['really', 'only', 'not', 'every', 'before', 'exactly', 'never', 'both']
const CODE_WORDS = ['legs', 'total', 'n + 1', 'rate', 'sum()', 'x = 4', 'count', 'max_len', 'items.length', 'null']
const BOLD_WORDS = ['the key step', 'important', 'the invariant', 'wrong', 'the bound', 'one case']

const ITEMS = [
  'count the animals with four legs', 'subtract the birds from the total', 'check the answer against the example',
  'write the bound as a function of n', 'try n = 3 by hand', 'compare the two estimates', 'look at the empty input',
  'keep the units in metres', 'note where the ratio changes sign', 'list the cases that are left',
]

const CODE: readonly { readonly lang: string; readonly lines: readonly string[] }[] = [
  { lang: 'python', lines: ['def legs(chickens, cows):', '    return 2 * chickens + 4 * cows', '', 'assert legs(3, 2) == 14'] },
  { lang: 'ts', lines: ['const total = items.reduce((sum, item) => sum + item.count, 0)', 'if (total > limit) {', '  return { ok: false, total }', '}'] },
  { lang: 'js', lines: ['for (let n = 1; n <= 10; n++) {', '  console.log(n, n * (n + 1) / 2)', '}'] },
  { lang: 'sql', lines: ['SELECT species, COUNT(*) AS heads', 'FROM animals', 'GROUP BY species;'] },
  { lang: 'bash', lines: ['grep -c "error" build.log', 'wc -l < build.log'] },
]

const QUOTES = [
  'A farmer has chickens and cows: 30 heads and 74 legs. How many of each?',
  'Keep the answer short, and show the working.',
  'The total must stay below the limit for every input.',
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

/** A seeded writer of prose: `sentence()` as reasoning text has them, and the dice it rolls. */
function writer(seed: number) {
  const next = random(seed)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!
  const chance = (p: number) => next() < p

  /** A sentence; some carry *emphasis*, **bold** or `code` (never at the start, never unclosed). */
  const sentence = () => {
    if (chance(0.3)) return pick(FOLLOW_UPS)
    const roll = next()
    const subject = pick(SUBJECTS)
    const claim = pick(CLAIMS)
    if (roll < 0.15) return `${pick(OPENERS)} ${pick(VERBS)} ${subject} *${pick(EMPHASIS)}* ${claim}.`
    if (roll < 0.3) return `${pick(OPENERS)} ${pick(VERBS)} \`${pick(CODE_WORDS)}\` ${claim}.`
    if (roll < 0.38) return `${pick(OPENERS)} ${pick(VERBS)} **${pick(BOLD_WORDS)}** ${claim}.`
    return `${pick(OPENERS)} ${pick(VERBS)} ${subject} ${claim}.`
  }
  return { next, pick, chance, sentence }
}

/**
 * Exactly `chars` characters of one endless paragraph: the same prose, with its inline
 * markup, and not one line break (an open model thinking for minutes without a pause).
 */
export function endlessText(chars: number): string {
  const { sentence } = writer(7)
  const parts: string[] = []
  let length = 0
  while (length < chars) {
    const next = sentence()
    parts.push(next)
    length += next.length + 1
  }
  return parts.join(' ').slice(0, chars)
}

/** Exactly `chars` characters of markdown reasoning: sections of a bold title and two to five blocks. */
export function reasoningText(chars: number): string {
  const { next, pick, chance, sentence } = writer(6)
  const prose = (min: number, spread: number) => Array.from({ length: min + Math.floor(next() * spread) }, sentence).join(' ')
  const list = (ordered: boolean) =>
    Array.from({ length: 2 + Math.floor(next() * 4) }, (_, i) => {
      const item = pick(ITEMS)
      const text = chance(0.3) ? `${item}, then \`${pick(CODE_WORDS)}\`` : chance(0.2) ? `*${item}*` : item
      return `${ordered ? `${i + 1}.` : '-'} ${text[0]!.toUpperCase()}${text.slice(1)}`
    }).join('\n')
  const code = () => {
    const { lang, lines } = pick(CODE)
    return ['```' + lang, ...lines, '```'].join('\n')
  }
  const table = () =>
    ['| case | heads | legs |', '| --- | ---: | ---: |', ...Array.from({ length: 2 + Math.floor(next() * 3) }, (_, i) => `| ${pick(['chickens', 'cows', 'both', 'none'])} ${i + 1} | ${10 + i * 7} | ${24 + i * 18} |`)].join('\n')
  const block = () => {
    const roll = next()
    if (roll < 0.5) return prose(2, 5)
    if (roll < 0.64) return `${prose(1, 2)}\n\n${list(false)}`
    if (roll < 0.76) return `${prose(1, 2)}\n\n${list(true)}`
    if (roll < 0.9) return `${prose(1, 1)}\n\n${code()}`
    if (roll < 0.95) return `> ${pick(QUOTES)}\n\n${prose(1, 2)}`
    return `${prose(1, 1)}\n\n${table()}`
  }

  const parts: string[] = []
  let length = 0
  // Stop short of the end and fill it with plain prose: a cut never lands inside a construct.
  const ending = Math.max(0, chars - 600)
  while (length < ending) {
    const title = `**${pick(TITLES)}**`
    const section = [chance(0.3) ? `${title}\n${prose(2, 3)}` : `${title}\n\n${prose(2, 4)}`]
    const blocks = 1 + Math.floor(next() * 4)
    for (let b = 0; b < blocks; b++) section.push(block())
    const text = section.join('\n\n') + '\n\n'
    parts.push(text)
    length += text.length
  }
  let text = parts.join('')
  if (text.length > ending) text = text.slice(0, text.lastIndexOf('\n\n', ending) + 2)
  let tail = ''
  while (text.length + tail.length < chars) tail += (tail === '' ? '' : ' ') + pick(FOLLOW_UPS)
  return (text + tail).slice(0, chars)
}

/** The text cut into `size`-character deltas. */
export function deltasOf(text: string, size = DELTA_CHARS): string[] {
  const deltas: string[] = []
  for (let i = 0; i < text.length; i += size) deltas.push(text.slice(i, i + size))
  return deltas
}

/**
 * Sets aside the markdown syntax that `visibleChars` would keep: ordered-list
 * numbers (a markdown renderer draws them as list markers, outside the text).
 * For the trace, and for what a contender that shows the source shows; it
 * needs the line breaks.
 */
export function stripSyntax(text: string): string {
  return text.replace(/^(\s*)\d+\.\s/gm, '$1')
}

/**
 * What every contender must show: letters and digits only (markdown syntax, whitespace and chrome
 * set aside). Returned flat: V8 builds a global replace's result as a rope, a string object for
 * each piece, and the trace's `expected` held 2.6 million of them at 5 MB (a heap snapshot before
 * the stream: 906,666 cons strings, 1.76 million strings, 43 MB) until the end check read it. Every
 * major GC in a run marked them: a contender's GC paid for the page's own data. Reading a
 * character flattens it in place.
 */
export function visibleChars(text: string): string {
  const shown = text.replace(/[^\p{L}\p{N}]+/gu, '')
  shown.charCodeAt(0)
  return shown
}
