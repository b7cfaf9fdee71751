/**
 * Size budgets (issue 6), checked by `npx size-limit` on dist/ (run `npm run
 * build` first). Each entry is bundled the way an app's bundler would ship it
 * (esbuild, tree-shaken, minified) and measured gzipped. Peer dependencies are
 * the app's and do not count; dependencies (@radix-ui/react-slot,
 * eventsource-parser) do.
 *
 * `limit` is the budget the check enforces (`BUDGETS`). Issue 6's targets
 * are core ≤ 5 kB, React ≤ 12 kB and each adapter ≤ 2 kB; an entry that meets
 * its target is held to it, one that does not yet has a budget at about its
 * current size, so that it cannot grow unnoticed. Lower a budget whenever its
 * entry shrinks; never raise one without saying why.
 *
 * The adapter entries also prove tree-shaking: a bundle that imports one
 * translator must contain that adapter's code and no other adapter's, and no
 * transport (SSE parser, fetch) — checked on the bundle esbuild wrote, by the
 * protocol strings only each adapter's code contains.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- size-limit reads this file as CommonJS
const { readFileSync } = require('node:fs')

/** Peers: installed by the app, so not part of what this package adds. */
const PEERS = ['react', 'react-dom', 'react/jsx-runtime', '@radix-ui/react-collapsible', 'framer-motion', '@ag-ui/core']

/** Each adapter: its translator factory, and a string only its code contains. */
const ADAPTERS = {
  'openai-responses': { factory: 'createOpenAIResponsesTranslator', marker: 'response.output_item.added' },
  anthropic: { factory: 'createAnthropicTranslator', marker: 'content_block_start' },
  'chat-completions': { factory: 'createChatCompletionsTranslator', marker: 'reasoning_content' },
  letta: { factory: 'createLettaTranslator', marker: 'hidden_reasoning_message' },
  meup: { factory: 'createMeupTranslator', marker: 'reasoning/start' },
  'vercel-ai': { factory: 'createVercelAITranslator', marker: 'tool-input-available' },
}

const MARKERS = Object.values(ADAPTERS).map((a) => a.marker)

/** Strings of the transport (core's body reader, eventsource-parser) that a translator alone must not pull in. */
const TRANSPORT = ['text/event-stream', 'unknown-field']

/**
 * Strings only the lazily loaded framing chunk contains: the framers' own
 * (they name the parser's error types) and one only eventsource-parser's code
 * has, so that the framing check cannot pass without the parser in its bundle.
 */
const FRAMING = ['unknown-field', 'max-buffer-size-exceeded', 'ParseError']

/** `s` as esbuild writes a string literal in minified output: non-ASCII as `\xE9` / `\u601D`. */
function escaped(s) {
  return s.replace(/[^ -~]/g, (c) => {
    const hex = c.charCodeAt(0).toString(16).toUpperCase()
    return c.charCodeAt(0) < 0x100 ? `\\x${hex}` : `\\u${hex.padStart(4, '0')}`
  })
}

/**
 * An esbuild plugin that fails the check unless the bundle contains every
 * string in `present` and none in `absent`.
 */
function contents(present, absent) {
  return {
    name: 'reasoning-ui:bundle-contents',
    setup(build) {
      build.onEnd((result) => {
        for (const file of Object.keys(result.metafile?.outputs ?? {})) {
          const code = readFileSync(file, 'utf8')
          const has = (s) => code.includes(s) || code.includes(escaped(s))
          const missing = present.filter((s) => !has(s))
          const unexpected = absent.filter(has)
          const problems = [
            ...missing.map((s) => `lacks ${JSON.stringify(s)}`),
            ...unexpected.map((s) => `contains ${JSON.stringify(s)}, which this import should not pull in`),
          ]
          if (problems.length > 0) throw new Error(`the bundle ${problems.join('; ')}`)
        }
      })
    },
  }
}

/**
 * Body framing (the SSE parser and the NDJSON/JSON framers) is a chunk that
 * the body reader imports on first use (`import()` in
 * src/core/sources/body.ts); an app's bundler splits it off and loads it only
 * when a Response or URL is read. Up-front checks leave it out (esbuild,
 * which size-limit runs without code splitting, would otherwise inline it);
 * the `lazy framing` check measures it.
 */
const LAZY = /(^|\/)framers-[^/]*\.js$/

const upFront = {
  name: 'reasoning-ui:lazy-chunks-stay-lazy',
  setup(build) {
    build.onResolve({ filter: LAZY }, (args) => (args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined))
  },
}

/**
 * A check of an import from dist/adapters whose bundle holds exactly the
 * adapters in `keys` (by default, their translator factories are imported)
 * and, unless `extra.transport`, no transport.
 */
function adapters(name, keys, limit, extra = {}) {
  const others = Object.keys(ADAPTERS).filter((k) => !keys.includes(k))
  return {
    name,
    path: 'dist/adapters/index.js',
    import: extra.import ?? `{ ${keys.map((k) => ADAPTERS[k].factory).join(', ')} }`,
    gzip: true,
    ignore: PEERS,
    limit,
    modifyEsbuildConfig: (config) => ({
      ...config,
      plugins: [upFront, contents(keys.map((k) => ADAPTERS[k].marker), [...others.map((k) => ADAPTERS[k].marker), ...(extra.transport ? [] : TRANSPORT)])],
    }),
  }
}

/**
 * reasoning-ui/locales: one const per language, each with a string only its
 * labels contain, so that importing one proves the others are shaken out.
 */
const LOCALES = {
  germanLabels: 'Denkt nach',
  frenchLabels: 'Réflexion en cours',
  spanishLabels: 'Pensando',
  japaneseLabels: '思考時間',
  chineseLabels: '已思考',
  arabicLabels: 'جارٍ التفكير',
}

/** Budgets (kB = 1,000 bytes), from the sizes after issue 6 rounded up; the target of each is in its comment. */
// Raised for issue 11 (measured after it, then rounded up by at most 0.15 kB): core +1.25 kB for
// AG-UI `usage` on runs (validated) and the saved history on reasoning messages
// (metadata.reasoningUi written by toReasoningMessages, validated and restored by
// MESSAGES_SNAPSHOT); React the same plus the reasoning-token row; each adapter +0.4–0.8 kB for
// usage (the shared guard, per-provider fields), late parts (reopening what the translator
// closed), typed content parts and the `[DONE]` clean end; then +0.1–0.3 kB for the review's
// fixes (late signatures dated at the block's end, refusals, per-step usage).
// Raised for issue 12's markdown (measured with and without the markdown renderer, same core):
// React +4.85 kB (+4.83 kB gzip measured), within the issue's ≤ 6 kB for markdown: the parser
// (streaming-markdown, 2.8 kB; see "//markdown" in package.json) and the mapping of its tokens to
// React elements with the URL filter, unclosed constructs shown as text, ~~~ fences, code blocks
// with their copy button, and tables. Core is unchanged: the parser is the React layer's.
// Then issue 12's other parts (measured 16.07 / 29.83 / 28.62 kB): core +2.5 kB for toMarkdown
// (+2 kB: the export with its own small duration wording and the escaping that keeps untrusted
// text inside its container; an app that does not call it does not ship it) and end reasons
// (+0.5 kB); React the same plus subagent groups and the end-reason wording.
// Raised for issue 12's locales (measured on the last commit with and without them: core
// 16.11 → 16.35 kB, React 29.65 → 30.45 kB, net of Radix 28.45 → 29.24 kB): core +0.25 kB for the
// step-type words (`stepType`: eleven known types and the humaniser for the others); React the same
// plus +0.52 kB for one numbering system per locale whatever the engine (`formattingLocale`: CLDR's
// non-Latin defaults as a table, POSIX and `und` defaults made `en`) and the copy / show-all labels.
// reasoning-ui/locales is new: one language 0.87 kB, all seven with `labelsFor` 3.78 kB.
// Raised for issue 12's panel (measured 16.97 / 32.55 / 31.36 kB): core +0.52 kB, the export writing
// the locale's one numbering system like the panels (`formattingLocale` in toMarkdown); React +2 kB:
// the status row's title (`ReasoningTitle`, `headlineOf`), the per-block copy button
// (`ReasoningCopy`, with toMarkdown loaded on the first copy, so an app that imports only the
// panel ships it lazily; this "everything" check counts it up front either way), the content
// area (overflow marks for the fades, "Show all", the resting cut that avoids code and cards),
// closed text kept findable (`hidden="until-found"`, `beforematch`) and the pending row.
// Then +0.25 kB (measured 32.89 / 31.68 kB): `ReasoningToolCall` (the timeline's tool row as a
// component, with a disclosure for an app's details), `ReasoningPending` exported, closed text
// filled in a transition after first paint, and the markdown renderer's catch-up budget (at most
// 8,000 new characters a frame, so a burst never freezes the page in one long task).
// Then +0.1 kB (measured 33.02 / 31.83 kB), the review's hardening: markdown nested past 32
// levels flattened, own-key end reasons, the step-type cap, the formatter warm-up in idle slices.
const BUDGETS = {
  core: '17.05 kB', // target 5 kB
  react: '33.1 kB', // target 12 kB
  'react net of radix': '31.9 kB',
  'openai-responses': '4.05 kB', // target 2 kB, like every adapter
  anthropic: '3.4 kB',
  'chat-completions': '4.25 kB',
  letta: '4.2 kB',
  meup: '4.1 kB',
  'vercel-ai': '4.05 kB',
  'two adapters': '5.45 kB',
  'all adapters': '16.2 kB',
  'connect (translator + transport)': '6.05 kB',
  'lazy framing': '2.5 kB',
  'one locale': '0.95 kB', // an app's one language
  'all locales': '3.9 kB', // labelsFor, a locale switch
}

module.exports = [
  {
    name: 'reasoning-ui/core (everything)',
    path: 'dist/core/index.js',
    import: '*',
    gzip: true,
    ignore: PEERS,
    limit: BUDGETS.core,
    modifyEsbuildConfig: (config) => ({ ...config, plugins: [upFront, contents([], [...MARKERS, ...FRAMING])] }),
  },
  {
    name: 'reasoning-ui (everything React, core included)',
    path: 'dist/index.js',
    import: '*',
    gzip: true,
    ignore: PEERS,
    limit: BUDGETS.react,
    modifyEsbuildConfig: (config) => ({ ...config, plugins: [upFront, contents([], [...MARKERS, ...FRAMING])] }),
  },
  {
    // Radix Collapsible (a peer of the styled layer) depends on the same
    // @radix-ui/react-slot and react-compose-refs, which npm dedupes: an app
    // that renders the styled layer ships them once, for Radix.
    name: 'reasoning-ui (everything React) net of what Radix Collapsible already ships',
    path: 'dist/index.js',
    import: '*',
    gzip: true,
    ignore: [...PEERS, '@radix-ui/react-slot', '@radix-ui/react-compose-refs'],
    limit: BUDGETS['react net of radix'],
    modifyEsbuildConfig: (config) => ({ ...config, plugins: [upFront, contents([], [...MARKERS, ...FRAMING])] }),
  },
  ...Object.entries(ADAPTERS).map(([key, { factory }]) => adapters(`reasoning-ui/adapters: ${factory} alone`, [key], BUDGETS[key])),
  adapters('reasoning-ui/adapters: two translators (OpenAI Responses + Anthropic)', ['openai-responses', 'anthropic'], BUDGETS['two adapters']),
  adapters('reasoning-ui/adapters (everything)', Object.keys(ADAPTERS), BUDGETS['all adapters'], { import: '*', transport: true }),
  {
    name: 'body framing (SSE parser, NDJSON and JSON framers), loaded on first read of a Response or URL',
    path: 'dist/chunks/framers-*.js',
    import: '*',
    gzip: true,
    ignore: PEERS,
    limit: BUDGETS['lazy framing'],
    modifyEsbuildConfig: (config) => ({ ...config, plugins: [contents(FRAMING, [])] }),
  },
  {
    // One language's labels, the step-type words included; the English defaults
    // they spread nothing from, so they cost nothing here.
    name: 'reasoning-ui/locales: germanLabels alone',
    path: 'dist/locales/index.js',
    import: '{ germanLabels }',
    gzip: true,
    ignore: PEERS,
    limit: BUDGETS['one locale'],
    modifyEsbuildConfig: (config) => ({
      ...config,
      plugins: [contents([LOCALES.germanLabels], Object.entries(LOCALES).filter(([k]) => k !== 'germanLabels').map(([, m]) => m))],
    }),
  },
  {
    // What a locale switch pays (the helpers for an app's own language, formattingLocale
    // and stepTypeWord, are the React entry's too, and counted there).
    name: 'reasoning-ui/locales: labelsFor and localeLabels (all seven languages)',
    path: 'dist/locales/index.js',
    import: '{ labelsFor, localeLabels }',
    gzip: true,
    ignore: PEERS,
    limit: BUDGETS['all locales'],
    modifyEsbuildConfig: (config) => ({ ...config, plugins: [contents(Object.values(LOCALES), [])] }),
  },
  adapters('reasoning-ui/adapters: connectOpenAIResponses (translator + SSE transport)', ['openai-responses'], BUDGETS['connect (translator + transport)'], {
    import: '{ connectOpenAIResponses }',
    transport: true,
  }),
]
