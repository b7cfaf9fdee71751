/**
 * Size budgets (issues 6 and 13), checked by `npx size-limit` on dist/production/
 * (run `npm run build` first): the build that the package's `production` export
 * condition resolves to in an app's production build (Vite, webpack, Next.js), without
 * development-only text (diagnostic sentences, the parts' error messages). Each entry
 * is bundled the way an app's bundler ships it for production: esbuild, tree-shaken,
 * minified (with `process.env.NODE_ENV` defined as "production", `production()` below,
 * for the dependencies), and measured gzipped. Peer dependencies are the app's and do not count;
 * dependencies (@radix-ui/react-slot, eventsource-parser, streaming-markdown) do.
 *
 * `limit` is the budget the check enforces (`BUDGETS`). Issue 6's targets
 * were core ≤ 5 kB, React ≤ 12 kB and each adapter ≤ 2 kB; issue 13's are
 * `ReasoningPanel` alone ≤ 12 kB with its default markdown, everything React
 * ≤ 20 kB and core ≤ 8 kB. An entry that meets its target is held to it, one
 * that does not yet has a budget at about its current size, so that it cannot
 * grow unnoticed. Lower a budget whenever its entry shrinks; never raise one
 * without saying why.
 *
 * Contents checks prove tree-shaking: a bundle that imports one translator
 * must contain that adapter's code and no other adapter's, and no transport
 * (SSE parser, fetch); `ReasoningPanel` alone must contain no reducer, no
 * sources and no adapter. Each is checked on the bundle esbuild wrote, by
 * strings only that code contains.
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

/**
 * Strings only the markdown parser's chunk contains (marked's own error, a character reference's
 * name): the panel up front must not have them, the chunk must.
 */
const MARKDOWN_PARSER = ['Infinite loop on byte', 'ClockwiseContourIntegral']

/**
 * Strings only the huge-trace machinery contains (src/react/text/large/, loaded with import() when
 * a client's text passes the door, `LARGE_CHARS`): its chunks, frozen groups and runs. Nothing up
 * front may have them; its chunk must.
 */
const LARGE_TEXT = ['reasoning-chunk', 'data-frozen', 'reasoning-run']

/** Strings of the transport (core's body reader, eventsource-parser) that a translator alone must not pull in. */
const TRANSPORT = ['text/event-stream', 'unknown-field']

/**
 * Strings only the lazily loaded framing chunk contains: the framers' own
 * (they name the parser's error types) and one only eventsource-parser's code
 * has, so that the framing check cannot pass without the parser in its bundle.
 */
const FRAMING = ['unknown-field', 'max-buffer-size-exceeded', 'ParseError']

/**
 * Strings only the reducer contains (AG-UI event types it dispatches on, kept in
 * production builds): a bundle of the panel alone must not have them.
 */
const REDUCER = ['MESSAGES_SNAPSHOT', 'REASONING_MESSAGE_CHUNK', 'REASONING_ENCRYPTED_VALUE']

/**
 * Development-only sentences, so absent from every production bundle: a core diagnostic
 * (src/core/legacy.ts) and the React parts' errors outside a `<Reasoning>` (src/react/parts/parts.tsx,
 * summary.tsx, indicators.tsx).
 */
/** A string only the lazily loaded response reading has (src/core/sources/reading.ts): not up front. */
const READING = ['The connection broke after']

const DEV_TEXT = ['is a retired AG-UI event', 'must be used within <Reasoning>', 'prop outside <Reasoning>']

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
function contents(present, absent, hint = '') {
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
          if (problems.length > 0) throw new Error(`the bundle ${problems.join('; ')}${hint}`)
        }
      })
    },
  }
}

/**
 * The esbuild config of a check, built as an app's bundler builds for production:
 * `process.env.NODE_ENV` is "production" (esbuild, Vite, webpack and Next.js all
 * define it so). The package itself has no `process` left (its two builds replace it);
 * this is for its dependencies.
 */
function production(config, plugins) {
  return { ...config, define: { ...config.define, 'process.env.NODE_ENV': '"production"' }, plugins }
}

/**
 * What the kit loads on first use is a chunk an app's bundler splits off and
 * loads only then: body framing (the SSE parser and the NDJSON/JSON framers,
 * `import()` in src/core/sources/body.ts, on the first read of a Response or
 * URL), toMarkdown for the panels' copy button (src/react/parts/parts.tsx, on the
 * first copy) and framer-motion's animation features (src/react/styled/panel.tsx).
 * Up-front checks leave every `import()` out (esbuild, which size-limit runs
 * without code splitting, would otherwise inline it: the copy button's import
 * of the chunk that holds toMarkdown would bring the reducer into the panel);
 * the `lazy framing` check measures the framing chunk.
 */
const upFront = {
  name: 'reasoning-ui:lazy-chunks-stay-lazy',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) => (args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined))
  },
}

/** A chunk measured alone: what it imports from other chunks (those matching nothing of `chunk`'s name) is already loaded. */
function chunkAlone(chunk) {
  return {
    name: 'reasoning-ui:chunk-alone',
    setup(build) {
      build.onResolve({ filter: /^\.\.?\// }, (args) => (chunk.test(args.importer) ? { path: args.path, external: true } : undefined))
    },
  }
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
    path: 'dist/production/adapters/index.js',
    import: extra.import ?? `{ ${keys.map((k) => ADAPTERS[k].factory).join(', ')} }`,
    gzip: true,
    ignore: PEERS,
    limit,
    modifyEsbuildConfig: (config) =>
      production(config, [upFront, contents(keys.map((k) => ADAPTERS[k].marker), [...others.map((k) => ADAPTERS[k].marker), ...(extra.transport ? [] : TRANSPORT)])]),
  }
}

/**
 * A provider's entry of its own (reasoning-ui/adapters/<key>): its translator alone, with `marker`
 * (a string only its code has) and none of the other adapters' nor the transport.
 */
function providerEntry(key, factory, marker) {
  return {
    name: `reasoning-ui/adapters/${key}: ${factory} alone`,
    path: `dist/production/adapters/${key}.js`,
    import: `{ ${factory} }`,
    gzip: true,
    ignore: PEERS,
    limit: BUDGETS[key],
    modifyEsbuildConfig: (config) => production(config, [upFront, contents([marker], [...MARKERS, ...TRANSPORT])]),
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
// Issue 13 (measured with the checks as they are now: NODE_ENV=production, every import() left
// out; the same checks on the commit before gave panel 29.14, core 17.02, React 32.53 / 31.38 kB):
// * Panel alone, new, 14.76 kB (budget 14.9; target 12). It was 29.14 kB: dist/index.js is one
//   module, so an app's bundler shakes it statement by statement, and the un-annotated top-level
//   forwardRef/memo/createContext calls kept every component, ReasoningStream's store and the
//   reducer and sources with them; they are /* @__PURE__ */ now (test/react/pure-annotations.test.ts
//   keeps them so). What is left is what the panel renders: its default markdown 4.66 kB
//   (streaming-markdown's parser ~3 kB and the mapping of its tokens, ~1.7 kB), the parts, the
//   panel, labels and wording ~10.2 kB. 12 kB would need the markdown loaded lazily, which changes
//   what a server renders with renderToString (the text would fill in on the client): not done.
// * Core 17.02 → 15.60 kB (budget 15.65; target 8): diagnostic sentences are development-only
//   (codes and event indexes stay; in production the message is the code), 15.51 kB, then
//   +0.09 kB for the `typeof process` test before each, so that a page loading the core without
//   a bundler (no `process`) reports by code instead of throwing. The rest is the
//   reducer (snapshots, spans, runs, chunks, timeline ~18 kB raw of 46), selectors and visibility,
//   the body reader, toMarkdown, metadata validation and the wording: features, not waste.
// * React 32.53 → 31.03 kB for this size work alone (core's sentences); then +3.7 kB
//   (measured 34.74 / 33.55 kB, the guard above included) for issue 13's integrations in the React entry
//   (UIMessageReasoning with the AI SDK converter, AssistantUiReasoning,
//   CopilotKitReasoningMessage). Target 20 kB: not reachable while the entry re-exports all of core.
// Then the panel alone 14.76 -> 14.71 kB (React 34.74 -> 34.70 / 33.55 -> 33.51 kB; budgets kept,
// within their margin): the React parts' errors outside a <Reasoning> are development-only
// sentences (DEV_TEXT above). Measured and not done, as each changes behaviour: the markdown
// loaded lazily (-4.65 kB; a server would render the text unparsed), the scroll area's layout
// effects (follow, overflow marks, resting cut) loaded on first open (-0.55 kB; a panel open at
// mount would paint before them), the idle formatter warm-up behind import() (-0.12 kB; it would
// wait for a chunk, so the first count can build its formatter mid-stream, which
// test/react/styled/panel.test.tsx "formatters" rules out). Folding repeated code (the panel's two motion
// elements' props, the status icon's branches, the outcome's label, markdown's wrapper elements
// as a table) moves it by -0.002 to +0.05 kB: gzip already shares the repeats. What is left (leave-one-out
// per module, gzip): streaming-markdown's parser 2.71 (0.1 of it console.assert text, 0.14 its
// long state field names: upstream), the parts 2.71, the markdown mapping 1.88, wording 1.2,
// the panel 0.97, labels 0.61, text streaming 0.6 + paragraphs 0.29, open policy 0.54,
// visibility 0.52, icons 0.47, the rest 1.1; 1.26 kB is what gzip shares between modules.
// (Measured on src bundled as this check bundles dist, 0.1 kB above its numbers.) Without markdown
// the panel is about 10.1 kB: 12 kB with markdown would need 2.7 kB of its features cut.
const BUDGETS = {
  // react, react net of radix: +0.05 kB (issue 13's last read) for the incremental heading scan
  // (scanHeadings) now shared by the assistant-ui / CopilotKit part blocks, which rescanned the
  // whole part on every update: measured 35.19 → 35.26, 34.00 → 34.07 kB.
  // panel, react, react net of radix: +0.38 kB (issue 14) for keeping the reader's place when a
  // panel above the view collapses where the browser has no scroll anchoring (WebKit), measured
  // 14.69 → 15.07, 34.75 → 35.14, 33.56 → 33.94 kB. Then those and core +0.04–0.05 kB (issue 14)
  // for reading POSIX locale names (C, POSIX, C.UTF-8: WebKit's navigator.language without a
  // UTF-8 locale; en_US.UTF-8) in formattingLocale and safeLocale: panel 15.06 → 15.11,
  // core 15.47 → 15.51, react 35.14 → 35.19, net of Radix 33.94 → 34.00 kB.
  // Issue 15 (scale), measured on this build: core +0.14 kB (15.55 → 15.69) for the history indexes
  // (selectBlocksBefore's per-state index, selectAnsweredBlockIds memoised per timeline); react and
  // net of Radix +0.7 kB (35.26 → 35.96, 34.07 → 34.76) for those and ReasoningTimeline's memoised
  // rows and selective store subscription; then panel +1.34 kB (15.14 → 16.48), react and net of
  // Radix +1.39 kB (→ 37.35, 36.16) for long traces: paragraphs in memoised groups, long paragraphs
  // in runs (the markdown cut: a clean piece after a sentence), the block read through a
  // subscription instead of the context's value, and the streaming text portaled out of LazyMotion.
  // Each was measured in bench/render/large.ts (docs/performance.md#megabyte-traces). Then +0.13 kB
  // (panel 16.48 → 16.61, react 37.35 → 37.48, net 36.16 → 36.28) for the catch-up steps that grow
  // with a flood's backlog and markdown text joined once per node (not a chain per character).
  // Then panel +0.14 kB (16.61 → 16.75), react and net of Radix +0.15 kB (37.48 → 37.63, 36.28 →
  // 36.43) and core +0.01 kB (15.69 → 15.71) for the paced split of a long live text (each split
  // copies the whole text: the 5 MB markdown trace went from 8.3 to 4.0 ms a KB) and
  // selectSummary's title set (quadratic in headings before). Then panel +0.24 kB (16.75 → 16.99),
  // react and net of Radix +0.25 kB (37.63 → 37.88, 36.43 → 36.68) for catch-up steps sized by
  // measured commits (a 200 KB flood shows in 414 ms instead of 899 ms on a fast machine) and a
  // live text that mounts with a backlog showing it from the next frame (the frame that opens the
  // panel was a 50-75 ms task with the text in it). Then panel +1.08 kB (16.99 → 18.07), react and
  // net of Radix +1.08 kB (37.88 → 38.96, 36.68 → 37.77) for frozen groups: a finished group of
  // markdown off screen kept as a copy of its DOM once the page is idle, so React lets go of its
  // fibers (the 5 MB paced trace's heap from 18.9 to about 6 times the text), with what keeps it
  // invisible to the reader: a click on a copy button renders the group again and clicks the live
  // twin, never while the reader scrolls, selects or is focused in it, again on new labels. Then
  // +0.07 kB (panel 18.07 → 18.14, react 38.96 → 39.02, net 37.77 → 37.84) for each group's own
  // array of paragraphs (a memoised group kept a whole-text array of its last render: 10x a 5 MB
  // trace in all) and markdown text leaves as strings of their own (the parser's += chains).
  // +0.2 kB (panel 18.14 → 18.37, react 39.02 → 39.28, net 37.84 → 38.07; the freezing shared by
  // groups of paragraphs and a long paragraph's groups of runs, which now freeze too, the split's
  // lineage, and a finished text's paragraphs as slices of it): the endless 1 MB paragraph held
  // 4.4x its text, 1.3x now; 1 MB of markdown 4.4x, 2.9-3.1x now.
  // Then core +0.27 kB (15.75 → 16.02), panel +0.5 kB (18.37 → 18.87), react and net of Radix
  // +0.68 kB (39.28 → 39.96, 38.07 → 38.73) for reading a live text only near its end (TextEnd: the
  // store keeps each message's last 32-64 KB and its lineage; the split, the live paragraph's runs
  // and its last run read that): each read of a text built by appends copied it whole, 5 MB a frame
  // at the end of a 5 MB trace, and collecting that garbage made the long tasks there (paced 5 MB
  // markdown: 7-11 tasks over 50 ms, 74-148 ms, then 0-3, at most 84 ms; the endless paragraph none),
  // and for the store joining a text's chain of appended pieces, which nothing reads whole now.
  // Then +0.05 kB (panel 18.87 → 18.91, react 39.96 → 40.0, net 38.73 → 38.78): the scroll area
  // tells its own scrolls from a reader's (in Firefox a catch-up commit between its scroll and the
  // scroll's event made it stop following a live text).
  // Then +0.09 kB (panel 18.91 → 19.0, react 40.0 → 40.08, net 38.78 → 38.86): groups freeze while a
  // scroller at its end follows a live text (no group froze during a paced 5 MB trace: the heap
  // after it 1.44x the text, was 1.97x), and a finished paragraph's element holds its index into
  // the text's source, not its string (a frozen group's stale fiber kept those alive).
  // Then +0.08 kB (panel 19.0 → 19.07, react 40.08 → 40.16, net 38.86 → 38.95): a long paragraph's
  // finished runs catch up a budget a commit, as paragraphs do, and wait for the next frame when
  // they mount with a backlog (a flood into one endless paragraph rendered all of what had come in
  // one frame: 71-111 ms at 200 KB, 108-143 ms tasks at 5 MB; none at 200 KB and 1 MB now).
  // Then +0.2 kB (panel 19.07 → 19.3, react 40.16 → 40.36, net 38.95 → 39.18): after a text's first
  // 16 groups, each 16 sit in a memoised chunk, so a frame's layout no longer goes through every
  // group (a layout at 4 MB: 1.7-2.0 ms against 2.2-4.0, paced at 100 KB/s).
  // Then +0.05 kB (panel 19.3 → 19.36, react 40.36 → 40.43, net 39.18 → 39.24): a backlog over
  // 256 KB that arrives while the panel is caught up shows in 16 steps, not in one commit (a 5 MB
  // markdown flood's longest task 229-324 ms → 76-185 ms).
  // Then core +0.04 kB (16.04 → 16.08), panel +0.1 kB (19.36 → 19.46), react +0.17 kB (40.43 →
  // 40.6) and net of Radix +0.16 kB (39.24 → 39.4): a message's headings appended in place until a
  // built state holds them, and the splits of a text sharing one list of finished paragraphs (each
  // reading its first `count`), where each heading and each paragraph copied the whole list: at the
  // end of a 5 MB trace, 202.9-220.8 KB allocated per streamed KB, 108.7-131.8 now.
  // Then panel +0.33 kB (19.5 → 19.83), react +0.3 kB (40.65 → 40.95) and net of Radix +0.33 kB
  // (39.45 → 39.78): code blocks and tables measured after they render and again when the text's
  // width changes, frozen copies included (`data-fits`: one that fits neither clips nor scrolls,
  // so it is no layer for Chromium to update in each frame; the last 200 KB of 5 MB of markdown
  // paced at 100 KB/s cost 0.99-1.38x the first, 1.38-1.52x before).
  // Then +0.05 kB (panel 19.83 → 19.88, react 40.95 → 40.99, net 39.78 → 39.82): the same measure
  // makes what scrolls sideways a tab stop and what fits none (a wide code block's `pre` was a
  // scrolling region a keyboard could not reach: axe's scrollable-region-focusable, serious).
  // Then +0.07 kB (panel 19.88 → 19.95, react 40.99 → 41.09, net 39.82 → 39.91): a box that has
  // focus when it comes to fit keeps it (tabindex -1), and a web font that arrives measures every
  // text's boxes again (what fits changes, the text's width does not).
  // Then +1.32 kB (panel 19.95 → 21.27, react 41.09 → 42.42, net 39.91 → 41.25): built groups. A
  // client's own render builds the kit's renderers' finished paragraphs as DOM, once, outside React
  // (one mapping of markdown to React elements or to DOM; the group that places them, keeps the
  // paragraphs the reader is in as React's, and hands a click on a built button to React's twin).
  // Until groups froze, which needs an idle page, React held about 10 bytes a character of them: the
  // paced 5 MB markdown trace's heap after the stream 9.3-11.3x the text, 2.0x built; its CPU 3.63-3.79
  // ms a KB, 3.08-3.33 built; tasks over 50 ms 7-12 a run, 3-8 built (alternated runs, this machine).
  // Then core +0.36 kB (16.08 → 16.44), panel +0.34 kB (21.27 → 21.61), react +0.36 kB (42.42 →
  // 42.78) and net of Radix +0.39 kB (41.25 → 41.64): a block's titles worked out per headings array
  // as it grows (and carried over to the copy the store appends to), its newest title found without
  // making the list, and the list made only when read. `selectSummary` worked out all of a block's
  // titles again at every frame of a streaming block (5,756 headings at the end of the 5 MB trace).
  // Then core +0.05 kB (16.44 → 16.49), panel +0.16 kB (21.61 → 21.77), react +0.17 kB (42.78 →
  // 42.95) and net of Radix +0.17 kB (41.64 → 41.81), from a review: the titles' lineage as a cell
  // the arrays share (a copy that held the array before it kept every earlier copy alive: 56 MB
  // for 3,000 headings), a long finished paragraph built unless it renders in runs, labels compared
  // by the words shown (an app's labels as a new object at each render rebuilt, or thawed, every
  // group), and the text's labels for React's code blocks too.
  // Then react +0.47 kB (42.95 → 43.42) and net of Radix +0.45 kB (41.81 → 42.26): the timelines
  // on one store share one subscription that tells a text delta only to the timelines of its run,
  // and each checks its view without making it (a chat of 250 turns: a delta's commit 3.9-4.2 →
  // 1.9-2.2 ms); the scroll area follows the text after the frame's layout, not in the commit.
  // Then panel +0.09 kB (21.8 → 21.89), react +0.09 kB (43.45 → 43.54) and net of Radix +0.06 kB
  // (42.3 → 42.36): markdown that never nests a paragraph in a paragraph (a line of backticks that
  // is no fence made <p> in <p>) and an unclosed inline code span that keeps all its backticks.
  // Then panel +0.11 kB (21.89 → 22.0), react +0.1 kB (43.54 → 43.64) and net of Radix +0.11 kB
  // (42.36 → 42.47): a code block closed at the end of its last line of code (`print(1)` and the
  // backticks on one line) keeps every character; the parser dropped the one before the backticks.
  // Then core +0.13 kB (16.49 → 16.62), react +0.13 kB (43.64 → 43.77) and net of Radix +0.13 kB
  // (42.47 → 42.6): the store notifies in a task just after the frame renders, not in the frame's
  // callback, so React's commit and the frame's layout and paint are two tasks, not one (the paced
  // 5 MB markdown trace: tasks over 50 ms a run 0, 0, 0, 0 against 1, 1, 1, 2, alternated); it asks
  // for the next frame as it notifies (a source dispatching in frame callbacks is shown every frame),
  // and each store's listener error surfaces. Panel +0.04 kB (22.01 → 22.05) and react +0.05 kB
  // (43.77 → 43.82): with the commit after the frame, the text grows again before the scroll area's
  // own scroll event comes, so groups know that scroll by where the area scrolled itself (one
  // record for the area and for freezing), not by its being at the end: no group froze otherwise.
  // Issue 40: the conformant parser (marked's lexer with the HTML5 character references) is a chunk
  // loaded with import() when a panel first shows markdown (src/react/text/markdown.tsx `loadMarkdown`),
  // `markdown parser` below; no up-front budget was raised for it. With streaming-markdown and the
  // mapping of its quirks gone from the up-front code, and the token mapping in the chunk, each
  // lowered to its new size: panel 22.05 → 18.51 kB (with @radix-ui/react-slot, the issue's
  // measure, `panel with react-slot`: 22.5 → 19.71, target 22), react 43.82 → 40.34 (target 42),
  // net of Radix 42.64 → 39.14. Core is unchanged (16.62; target 16).
  // Then issue 40's door: the huge-trace machinery (catch-up budgets, runs, chunks, frozen and built
  // groups, split pacing: src/react/text/large/) is a chunk loaded with import() when a client's
  // text first passes `LARGE_CHARS` (`huge-trace machinery` below, 7.61 kB with the common text path
  // it builds on), and each up-front entry lowered to its new size: panel 18.51 → 14.63 kB (with
  // @radix-ui/react-slot 19.71 → 15.81), react 40.34 → 36.37, net of Radix 39.14 → 35.13.
  // Then the body reader's response handling (status and content type, an error's first bytes, the
  // read loop: src/core/sources/reading.ts) a chunk loaded with import() beside the framing when the
  // first body is read (`lazy reading`, 0.95 kB), each entry with core lowered to its new size:
  // core 16.62 → 16.15 kB (target 16: not met), react 36.37 → 35.9, net of Radix 35.13 → 34.68,
  // all adapters 16.2 → 15.63, connect (translator + transport) 5.45.
  // Then issue 40's last core bytes: a part's text end and a summary's newest title in WeakMaps
  // instead of symbol properties, and diagnostics' wording that production builds computed and
  // dropped (which messages were open at a stream's end, where an event outside a run came, a bad
  // usage count's value) computed in development builds only: core 16.15 → 15.99 kB (target 16:
  // met), react 35.97 → 35.83, net of Radix 34.74 → 34.58.
  panel: '14.7 kB', // target 12 kB (issue 13)
  'panel with react-slot': '15.9 kB', // target 22 kB (issue 40)
  core: '16 kB', // target 8 kB (issue 13; 5 kB in issue 6), 16 kB (issue 40: met); 16.65 until the response reading went lazy
  'ai-sdk': '3.4 kB', // no target; new in issue 13
  react: '35.85 kB', // target 20 kB (issue 13; 12 kB in issue 6), 42 kB (issue 40)
  'react net of radix': '34.6 kB',
  // Issue 40 again: the common path catches up with a flood a budget a frame too (its catch-up hook
  // moved up front from text/large/), and the kit's DOM builders and markdown's runs, which only
  // text/large/ uses, moved into that chunk (src/react/text/large/kit.tsx): panel 14.63 → 14.68 kB (react 35.9 →
  // 35.97, net of Radix 34.68 → 34.74).
  // The machinery's entry now measures the chunk alone, what passing the door loads (5.18 kB at
  // 5ce0f24, 5.38 now); with the common path it builds on, as before, it would count markdown's
  // mapping, which the chunk now imports and the panel has up front anyway.
  'huge-trace machinery': '5.4 kB', // loaded when a text first passes the door (issue 40); 7.7 while it counted the common path with it
  'markdown parser': '29.5 kB', // loaded on first markdown (issue 40): marked's lexer 16.2, character-entities 11.5, the token mapping 1.4
  'openai-responses': '4.05 kB', // target 2 kB, like every adapter
  anthropic: '3.4 kB',
  // Issue 41: GitHub Copilot's reasoning_text and reasoning_opaque, and a report of unread reasoning
  // fields (development builds only), paid for by writer methods one adapter used moving into it and a
  // few structural diagnostics' sentences becoming development-only: chat completions 4.18 → 4.12 kB,
  // all adapters 15.63 → 15.69 (Anthropic's thinking_tokens included).
  'chat-completions': '4.25 kB',
  // Issue 41's hidden reasoning (a Responses reasoning item with nothing in it, reasoning tokens a chat
  // completion counts and never shows: chat completions 4.12 → 4.21 kB, OpenAI Responses 3.92 →
  // 3.96) paid for in everything-adapters by Letta's and MEUP's structural diagnostics saying only the
  // field in production builds, as Anthropic's do: Letta 4.10 → 3.96, MEUP 4.02 → 3.86, all adapters
  // 15.69 → 15.57 kB (budgets lowered to match).
  letta: '4 kB',
  meup: '3.9 kB',
  'vercel-ai': '4.05 kB',
  // Issue 41: Ollama's native API, Gemini and Bedrock, each an entry of its own
  // (reasoning-ui/adapters/ollama, /gemini, /bedrock), as each provider added after them:
  // `reasoning-ui/adapters (everything)` keeps its promise for the six it had, and an app that
  // imports one provider still pays only for that one.
  ollama: '4.25 kB', // like every adapter
  gemini: '4.25 kB', // like every adapter
  bedrock: '4.25 kB', // like every adapter
  'two adapters': '5.45 kB',
  'all adapters': '15.6 kB',
  'connect (translator + transport)': '5.5 kB',
  'lazy framing': '2.5 kB',
  'lazy reading': '1 kB', // issue 40: the body reader's response handling out of core (core 16.62 → 16.15 kB)
  'one locale': '0.95 kB', // an app's one language
  'all locales': '3.95 kB', // labelsFor, a locale switch (+35 B in issue 14: localeTag, so POSIX names such as de_DE.UTF-8 pick their language)
}

module.exports = [
  {
    // What an app that renders stored blocks pays (issue 13): the styled panel with its default
    // markdown renderer, and none of the reducer, sources or adapters. Net of Radix like the check
    // below: the panel renders Radix Collapsible (a peer), which ships react-slot and
    // react-compose-refs already.
    name: 'reasoning-ui: ReasoningPanel alone (no reducer, sources or adapters)',
    path: 'dist/production/index.js',
    import: '{ ReasoningPanel }',
    gzip: true,
    ignore: [...PEERS, '@radix-ui/react-slot', '@radix-ui/react-compose-refs'],
    limit: BUDGETS.panel,
    modifyEsbuildConfig: (config) =>
      production(config, [
        upFront,
        contents(
          ['reasoning-panel'],
          [...REDUCER, ...TRANSPORT, ...MARKERS, ...FRAMING, ...DEV_TEXT, ...MARKDOWN_PARSER, ...LARGE_TEXT],
          ' (a top-level call in dist/index.js without /* @__PURE__ */ keeps what it references: see test/react/pure-annotations.test.ts)',
        ),
      ]),
  },
  {
    // Issue 40's measure of the same: what the panel ships counting @radix-ui/react-slot (the
    // package's own dependency; Radix Collapsible ships it too, which the check above leaves out).
    name: 'reasoning-ui: ReasoningPanel alone, @radix-ui/react-slot counted',
    path: 'dist/production/index.js',
    import: '{ ReasoningPanel }',
    gzip: true,
    ignore: PEERS,
    limit: BUDGETS['panel with react-slot'],
    modifyEsbuildConfig: (config) => production(config, [upFront, contents(['reasoning-panel'], [...REDUCER, ...MARKDOWN_PARSER, ...LARGE_TEXT])]),
  },
  {
    // The markdown parser (issue 40), loaded with import() the first time a panel shows markdown.
    name: 'markdown parser (marked, character references, the token mapping), loaded on first markdown',
    path: 'dist/production/chunks/markdown-parse-*.js',
    import: '*',
    gzip: true,
    ignore: PEERS,
    limit: BUDGETS['markdown parser'],
    modifyEsbuildConfig: (config) => production(config, [contents(MARKDOWN_PARSER, [])]),
  },
  {
    // The huge-trace machinery (issue 40), loaded with import() when a client's text first passes
    // the door (`LARGE_CHARS` in src/react/text/text.tsx): what passing it loads, the chunk alone.
    // What it imports (the common text path, markdown's mapping) is the panel's, loaded with it.
    name: 'huge-trace machinery (text/large/), loaded when a text first passes the door',
    path: 'dist/production/chunks/large-*.js',
    import: '*',
    gzip: true,
    ignore: PEERS,
    limit: BUDGETS['huge-trace machinery'],
    modifyEsbuildConfig: (config) => production(config, [upFront, chunkAlone(/[/\\]large-[^/\\]*\.js$/), contents(LARGE_TEXT, [...MARKDOWN_PARSER])]),
  },
  {
    // The AI SDK converter (issue 13): React-free, no reducer (it builds the state itself), no
    // transport; what an app that renders useChat messages without React pays.
    name: 'reasoning-ui/ai-sdk (everything)',
    path: 'dist/production/ai-sdk/index.js',
    import: '*',
    gzip: true,
    ignore: PEERS,
    limit: BUDGETS['ai-sdk'],
    modifyEsbuildConfig: (config) => production(config, [upFront, contents([], [...MARKERS, ...FRAMING, ...READING, ...DEV_TEXT])]),
  },
  {
    name: 'reasoning-ui/core (everything)',
    path: 'dist/production/core/index.js',
    import: '*',
    gzip: true,
    ignore: PEERS,
    limit: BUDGETS.core,
    modifyEsbuildConfig: (config) => production(config, [upFront, contents([], [...MARKERS, ...FRAMING, ...READING, ...DEV_TEXT])]),
  },
  {
    name: 'reasoning-ui (everything React, core included)',
    path: 'dist/production/index.js',
    import: '*',
    gzip: true,
    ignore: PEERS,
    limit: BUDGETS.react,
    modifyEsbuildConfig: (config) => production(config, [upFront, contents([], [...MARKERS, ...FRAMING, ...READING, ...DEV_TEXT, ...MARKDOWN_PARSER, ...LARGE_TEXT])]),
  },
  {
    // Radix Collapsible (a peer of the styled layer) depends on the same
    // @radix-ui/react-slot and react-compose-refs, which npm dedupes: an app
    // that renders the styled layer ships them once, for Radix.
    name: 'reasoning-ui (everything React) net of what Radix Collapsible already ships',
    path: 'dist/production/index.js',
    import: '*',
    gzip: true,
    ignore: [...PEERS, '@radix-ui/react-slot', '@radix-ui/react-compose-refs'],
    limit: BUDGETS['react net of radix'],
    modifyEsbuildConfig: (config) => production(config, [upFront, contents([], [...MARKERS, ...FRAMING, ...READING, ...DEV_TEXT])]),
  },
  ...Object.entries(ADAPTERS).map(([key, { factory }]) => adapters(`reasoning-ui/adapters: ${factory} alone`, [key], BUDGETS[key])),
  adapters('reasoning-ui/adapters: two translators (OpenAI Responses + Anthropic)', ['openai-responses', 'anthropic'], BUDGETS['two adapters']),
  adapters('reasoning-ui/adapters (everything)', Object.keys(ADAPTERS), BUDGETS['all adapters'], { import: '*', transport: true }),
  {
    name: "response reading (status, an error's first bytes, the read loop), loaded with the framing",
    path: 'dist/production/chunks/reading-*.js',
    import: '*',
    gzip: true,
    ignore: PEERS,
    limit: BUDGETS['lazy reading'],
    modifyEsbuildConfig: (config) => production(config, [contents(READING, FRAMING)]),
  },
  {
    name: 'body framing (SSE parser, NDJSON and JSON framers), loaded on first read of a Response or URL',
    path: 'dist/production/chunks/framers-*.js',
    import: '*',
    gzip: true,
    ignore: PEERS,
    limit: BUDGETS['lazy framing'],
    modifyEsbuildConfig: (config) => production(config, [contents(FRAMING, [])]),
  },
  {
    // One language's labels, the step-type words included; the English defaults
    // they spread nothing from, so they cost nothing here.
    name: 'reasoning-ui/locales: germanLabels alone',
    path: 'dist/production/locales/index.js',
    import: '{ germanLabels }',
    gzip: true,
    ignore: PEERS,
    limit: BUDGETS['one locale'],
    modifyEsbuildConfig: (config) =>
      production(config, [contents([LOCALES.germanLabels], Object.entries(LOCALES).filter(([k]) => k !== 'germanLabels').map(([, m]) => m))]),
  },
  {
    // What a locale switch pays (the helpers for an app's own language, formattingLocale
    // and stepTypeWord, are the React entry's too, and counted there).
    name: 'reasoning-ui/locales: labelsFor and localeLabels (all seven languages)',
    path: 'dist/production/locales/index.js',
    import: '{ labelsFor, localeLabels }',
    gzip: true,
    ignore: PEERS,
    limit: BUDGETS['all locales'],
    modifyEsbuildConfig: (config) => production(config, [contents(Object.values(LOCALES), [])]),
  },
  adapters('reasoning-ui/adapters: connectOpenAIResponses (translator + SSE transport)', ['openai-responses'], BUDGETS['connect (translator + transport)'], {
    import: '{ connectOpenAIResponses }',
    transport: true,
  }),
  providerEntry('ollama', 'createOllamaTranslator', 'prompt_eval_count'),
  providerEntry('gemini', 'createGeminiTranslator', 'thoughtsTokenCount'),
  providerEntry('bedrock', 'createBedrockTranslator', 'contentBlockDelta'),
]
