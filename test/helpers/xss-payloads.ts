/**
 * Hostile strings for the XSS tests (test/browser/xss.test.tsx and the story
 * sweep in test/browser/stories.test.tsx). Each payload would, if it were ever
 * parsed as HTML, followed as a link, evaluated as a template or run as CSS, set
 * its own global flag (`window.__xss_<id>`; some also open a dialog), so a
 * failure names the payload that ran. The kit must render all of them as text.
 */

export type XssCategory =
  | 'script'
  | 'event-handler'
  | 'javascript-url'
  | 'svg'
  | 'markdown'
  | 'bidi'
  | 'template'
  | 'css'
  | 'frame'
  | 'document'
  | 'polyglot'

export interface XssPayload {
  /** Unique, kebab-case: also the flag's suffix. */
  readonly id: string
  readonly category: XssCategory
  /** The global this payload sets if it runs (`window[flag]`). */
  readonly flag: string
  readonly text: string
}

const RLO = '\u202E'
const LRO = '\u202D'
const PDF = '\u202C'
const LRI = '\u2066'
const RLI = '\u2067'
const FSI = '\u2068'
const PDI = '\u2069'
const ZWSP = '\u200B'

/** `btoa` for the data: URL payloads (the browser's, or Node's when this list is read there). */
const base64 = (text: string) => btoa(text)

/** Every entry: [id, category, (flag) => text]. The flag is `__xss_<id with - as _>`. */
const entries: readonly (readonly [string, XssCategory, (f: string) => string])[] = [
  // ── Script elements ──────────────────────────────────────────────
  ['script-tag', 'script', (f) => `<script>window.${f}=1</script>`],
  ['script-src-data', 'script', (f) => `<SCRIPT SRC=data:text/javascript,window.${f}=1></SCRIPT>`],
  ['script-alert', 'script', (f) => `<script>alert(window.${f}=1)</script>`],
  ['script-nested-filter-evasion', 'script', (f) => `<scr<script>ipt>window.${f}=1</scr</script>ipt>`],
  ['script-module-breakout', 'script', (f) => `</p></div><script type="module">window.${f}=1</script><div><p>`],
  ['script-entity-encoded', 'script', (f) => `&lt;script&gt;window.${f}=1&lt;/script&gt;`],

  // ── Event-handler attributes ─────────────────────────────────────
  ['img-onerror', 'event-handler', (f) => `<img src=x onerror="window.${f}=1">`],
  ['img-onerror-alert', 'event-handler', (f) => `<img src=x onerror=alert(window.${f}=1)>`],
  ['body-onload', 'event-handler', (f) => `<body onload=window.${f}=1>`],
  ['div-onmouseover', 'event-handler', (f) => `<div onmouseover="window.${f}=1" style="position:fixed;inset:0">hover</div>`],
  ['input-autofocus', 'event-handler', (f) => `<input autofocus onfocus=window.${f}=1>`],
  ['details-ontoggle', 'event-handler', (f) => `<details open ontoggle=window.${f}=1>`],
  ['video-source-onerror', 'event-handler', (f) => `<video><source onerror="window.${f}=1"></video>`],
  ['attribute-breakout-double', 'event-handler', (f) => `" onmouseover="window.${f}=1" x="`],
  ['attribute-breakout-single', 'event-handler', (f) => `' autofocus onfocus='window.${f}=1' x='`],
  ['marquee-onstart', 'event-handler', (f) => `<marquee onstart=window.${f}=1>`],
  ['img-null-byte', 'event-handler', (f) => `<img src=x o\u0000nerror=window.${f}=1>`],

  // ── javascript: URLs ─────────────────────────────────────────────
  ['a-javascript', 'javascript-url', (f) => `<a href="javascript:window.${f}=1">click</a>`],
  ['a-javascript-mixed-case', 'javascript-url', (f) => `<a href="JaVaScRiPt:window.${f}=1">click</a>`],
  ['a-javascript-entities', 'javascript-url', (f) => `<a href="&#106;&#97;vascript&#58;window.${f}=1">click</a>`],
  ['a-javascript-tab', 'javascript-url', (f) => `<a href="java\tscript:window.${f}=1">click</a>`],
  ['bare-javascript-url', 'javascript-url', (f) => `javascript:window.${f}=1`],
  ['javascript-zero-width', 'javascript-url', (f) => `java${ZWSP}script:window.${f}=1`],
  ['form-action', 'javascript-url', (f) => `<form action="javascript:window.${f}=1"><button>Submit</button></form>`],
  ['button-formaction', 'javascript-url', (f) => `<form><button formaction="javascript:window.${f}=1">Go</button></form>`],

  // ── SVG ──────────────────────────────────────────────────────────
  ['svg-onload', 'svg', (f) => `<svg onload="window.${f}=1">`],
  ['svg-script', 'svg', (f) => `<svg><script>window.${f}=1</script></svg>`],
  ['svg-foreign-object', 'svg', (f) => `<svg><foreignObject><iframe srcdoc="<script>parent.${f}=1</script>"></iframe></foreignObject></svg>`],
  [
    'svg-use-href',
    'svg',
    (f) => `<svg><use href="data:image/svg+xml,<svg id='x' xmlns='http://www.w3.org/2000/svg'><image href='x' onerror='top.${f}=1'/></svg>#x"/></svg>`,
  ],
  ['svg-animate-onbegin', 'svg', (f) => `<svg><animate onbegin="window.${f}=1" attributeName="x" dur="1s"/></svg>`],
  ['svg-xlink-javascript', 'svg', (f) => `<svg><a xlink:href="javascript:window.${f}=1"><text x="20" y="20">click</text></a></svg>`],
  ['svg-set-href', 'svg', (f) => `<svg><a><set attributeName="href" to="javascript:window.${f}=1"/><text y="20">click</text></a></svg>`],
  ['math-mxss', 'svg', (f) => `<math><mtext><table><mglyph><style><img src=x onerror=window.${f}=1>`],

  // ── Markdown tricks (for a renderer that parses them; the default must show them as text) ──
  ['md-link-javascript', 'markdown', (f) => `[x](javascript:window.${f}=1)`],
  ['md-link-javascript-entity', 'markdown', (f) => `[x](javascript&#58;window.${f}=1)`],
  ['md-link-javascript-angle', 'markdown', (f) => `[x](<javascript:window.${f}=1>)`],
  ['md-reference-link', 'markdown', (f) => `See [the docs][ref].\n\n[ref]: javascript:window.${f}=1 "title"`],
  ['md-autolink', 'markdown', (f) => `<javascript:window.${f}=1>`],
  ['md-image-breakout', 'markdown', (f) => `![img](x" onerror="window.${f}=1)`],
  ['md-data-url', 'markdown', (f) => `[x](data:text/html;base64,${base64(`<script>top.${f}=1</script>`)}#${f})`],
  ['md-html-data-url', 'markdown', (f) => `<a href="data:text/html,<script>top.${f}=1</script>">x</a>`],
  ['md-bold-html', 'markdown', (f) => `**<img src=x onerror=window.${f}=1>**`],
  // The default renderer parses markdown: payloads in link targets, images, code fences and tables.
  ['md-link-vbscript', 'markdown', (f) => `[x](vbscript:window.${f}=1) and [y](VBScript:window.${f}=1)`],
  ['md-link-protocol-relative', 'markdown', (f) => `[x](//xss.invalid/${f}) and [y](/${f}) and [z](#${f})`],
  ['md-link-space-javascript', 'markdown', (f) => `[x]( javascript:window.${f}=1) and [y](\tjavascript:window.${f}=1)`],
  ['md-link-title-breakout', 'markdown', (f) => `[x](https://example.com/" onmouseover="window.${f}=1)`],
  ['md-link-text-html', 'markdown', (f) => `[<img src=x onerror=window.${f}=1>](https://example.com/${f})`],
  ['md-image-remote', 'markdown', (f) => `![secret](https://xss.invalid/leak?${f}=1) and ![](http://xss.invalid/${f}.png)`],
  ['md-image-javascript', 'markdown', (f) => `![x](javascript:window.${f}=1)`],
  ['md-image-data-svg', 'markdown', (f) => `![x](data:image/svg+xml,<svg onload=top.${f}=1>)`],
  ['md-image-in-link', 'markdown', (f) => `[![x](https://xss.invalid/${f}.png)](javascript:window.${f}=1)`],
  ['md-fence-language-breakout', 'markdown', (f) => `\`\`\`"><img src=x onerror=window.${f}=1>\nwindow.${f}=1\n\`\`\``],
  ['md-fence-unclosed', 'markdown', (f) => `\`\`\`html\n<script>window.${f}=1</script>\n\n<img src=x onerror=window.${f}=1>`],
  ['md-fence-tilde', 'markdown', (f) => `~~~js\n\`\`\`\n<script>window.${f}=1</script>\n~~~`],
  ['md-table-html', 'markdown', (f) => `| <img src=x onerror=window.${f}=1> | [x](javascript:window.${f}=1) |\n|---|---|\n| <script>window.${f}=1</script> | ![y](https://xss.invalid/${f}) |`],
  ['md-task-list', 'markdown', (f) => `- [x] <input autofocus onfocus=window.${f}=1>\n- [ ] [x](javascript:window.${f}=1)`],
  ['md-blockquote-html', 'markdown', (f) => `> <iframe src="javascript:parent.${f}=1"></iframe>\n> **<svg onload=window.${f}=1>**`],
  ['md-inline-code-html', 'markdown', (f) => `\`<img src=x onerror=window.${f}=1>\``],
  ['md-fenced-html', 'markdown', (f) => `\`\`\`html\n<script>window.${f}=1</script>\n\`\`\``],
  ['md-html-block', 'markdown', (f) => `<div>\n\n<img src=x onerror=window.${f}=1>\n\n</div>`],

  // ── Unicode direction overrides and isolates ─────────────────────
  ['bidi-rlo', 'bidi', (f) => `${RLO}<img src=x onerror=window.${f}=1>gnp.exe`],
  ['bidi-lro', 'bidi', (f) => `${LRO}<svg onload=window.${f}=1>${PDF}`],
  ['bidi-lri-pdi', 'bidi', (f) => `${LRI}<script>window.${f}=1</script>${PDI}`],
  ['bidi-rli-fsi', 'bidi', (f) => `${RLI}${FSI}[x](javascript:window.${f}=1)${PDI}${PDI}`],
  ['bidi-trojan-source', 'bidi', (f) => `/*${RLO} } ${LRI}if (isAdmin)${PDI} ${LRI} begin admins only */ window.${f}=1 /* end admins only ${RLO} { ${LRI}*/`],

  // ── Template literals and JSX-ish text ───────────────────────────
  ['template-literal', 'template', (f) => '${window.' + f + '=1}'],
  ['jsx-expression', 'template', (f) => `{window.${f}=1}`],
  ['angular-constructor', 'template', (f) => `{{constructor.constructor('window.${f}=1')()}}`],
  ['jsx-dangerously-set', 'template', (f) => `<Foo dangerouslySetInnerHTML={{ __html: '<img src=x onerror=window.${f}=1>' }} />`],
  ['erb-ruby-template', 'template', (f) => `<%= window.${f}=1 %> #{window.${f}=1}`],
  ['react-element-json', 'template', (f) => `{"$$typeof":"Symbol(react.element)","type":"img","props":{"src":"x","onError":"window.${f}=1"}}`],

  // ── CSS injection ────────────────────────────────────────────────
  ['css-style-breakout', 'css', (f) => `</style><script>window.${f}=1</script>`],
  ['css-url-javascript', 'css', (f) => `<style>*{background:url("javascript:window.${f}=1")}</style>`],
  ['css-expression', 'css', (f) => `<div style="width:expression(window.${f}=1)">x</div>`],
  ['css-style-img', 'css', (f) => `</style><img src=x onerror=window.${f}=1>`],
  ['css-link-stylesheet', 'css', (f) => `<link rel=stylesheet href="javascript:window.${f}=1">`],
  ['css-import-data', 'css', (f) => `<style>@import 'data:text/css,*{x:expression(window.${f}=1)}';</style>`],

  // ── Frames and embedded documents ────────────────────────────────
  ['iframe-srcdoc', 'frame', (f) => `"><iframe srcdoc="<script>parent.${f}=1</script>"></iframe>`],
  ['iframe-javascript', 'frame', (f) => `<iframe src="javascript:parent.${f}=1"></iframe>`],
  ['object-data', 'frame', (f) => `<object data="javascript:window.${f}=1"></object>`],
  ['embed-data', 'frame', (f) => `<embed src="data:text/html,<script>parent.${f}=1</script>">`],
  ['noscript-mxss', 'frame', (f) => `<noscript><p title="</noscript><img src=x onerror=window.${f}=1>">`],

  // ── Document-level elements ──────────────────────────────────────
  ['meta-refresh', 'document', (f) => `<meta http-equiv="refresh" content="0;url=javascript:window.${f}=1">`],
  ['base-href', 'document', (f) => `<base href="javascript:window.${f}=1//">`],
  ['template-element', 'document', (f) => `<template><img src=x onerror=window.${f}=1></template>`],

  // ── Polyglot ─────────────────────────────────────────────────────
  [
    'polyglot',
    'polyglot',
    (f) =>
      `jaVasCript:/*-/*\`/*\\\`/*'/*"/**/(/* */oNcliCk=alert(window.${f}=1) )//%0D%0A%0d%0a//</stYle/</titLe/</teXtarEa/</scRipt/--!>\\x3csVg/<sVg/oNloAd=alert(window.${f}=1)//>\\x3e`,
  ],
]

export const xssPayloads: readonly XssPayload[] = entries.map(([id, category, make]) => {
  const flag = `__xss_${id.replaceAll('-', '_')}`
  return { id, category, flag, text: make(flag) }
})

/** Every flag a payload could set. */
export const xssFlags: readonly string[] = xssPayloads.map((p) => p.flag)

/** The flags that are set on `target` (the test window): the payloads that ran. */
export function ranPayloads(target: object = globalThis): string[] {
  const keys = Object.keys(target).filter((k) => k.startsWith('__xss'))
  return [...new Set([...keys, ...xssFlags.filter((f) => f in target)])]
}

/** One payload per line is not enough for a single-line slot (titles, headings): all of them, newlines as spaces. */
export function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ')
}

/** Whitespace removed, to compare text that paragraph splitting and layout re-flowed. */
export function squash(text: string): string {
  return text.replace(/\s+/g, '')
}

/** Elements that no payload may become. */
const activeElements = [
  'script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'base', 'meta', 'link', 'style', 'form',
  'img', 'image', 'video', 'audio', 'source', 'input', 'textarea', 'select', 'details', 'marquee', 'math',
  'template', 'noscript', 'foreignObject', 'use', 'set', 'animate', 'a', 'body', 'html', 'head', 'title',
]

/** Attributes that take a URL (where `javascript:` or `data:` would run or load something). */
const urlAttributes = ['href', 'xlink:href', 'src', 'srcdoc', 'action', 'formaction', 'data', 'poster', 'background', 'ping', 'to', 'values']

/** A URL as the URL parser reads its scheme: leading controls and spaces dropped, tabs and newlines inside ignored. */
function urlScheme(value: string): string {
  let start = 0
  while (start < value.length && value.charCodeAt(start) <= 0x20) start++
  return value.slice(start).replace(/[\t\n\r]/g, '').toLowerCase()
}

/**
 * The markdown renderer's own active elements: links only to http(s) or mailto,
 * with `rel="noopener noreferrer nofollow"`, and disabled task-list checkboxes.
 */
function kitMade(el: Element): boolean {
  if (el.localName === 'a') {
    return /^(https?:\/\/|mailto:)/i.test(el.getAttribute('href') ?? '') && el.getAttribute('rel') === 'noopener noreferrer nofollow' && el.getAttributeNames().every((n) => ['href', 'rel', 'target'].includes(n))
  }
  if (el.localName === 'input') {
    return el.getAttribute('type') === 'checkbox' && el.hasAttribute('disabled') && el.getAttributeNames().every((n) => ['type', 'checked', 'disabled', 'readonly'].includes(n))
  }
  return false
}

/**
 * What in `root` a payload made active: elements that run or load things,
 * event-handler attributes, URL attributes with a script or data scheme, and
 * inline styles that name a payload. Empty when everything stayed text.
 */
export function activeContent(root: Element): string[] {
  const found: string[] = []
  const describe = (el: Element) => `<${el.localName}${el.getAttribute('data-slot') ? ` data-slot="${el.getAttribute('data-slot')}"` : ''}>`
  for (const el of root.querySelectorAll(activeElements.join(', '))) {
    if (!kitMade(el)) found.push(`element ${describe(el)}`)
  }
  for (const el of [root, ...root.querySelectorAll('*')]) {
    for (const name of el.getAttributeNames()) {
      const lower = name.toLowerCase()
      const value = el.getAttribute(name) ?? ''
      if (lower.startsWith('on')) found.push(`handler ${name} on ${describe(el)}`)
      if (urlAttributes.includes(lower) && /^(javascript|vbscript|data):/.test(urlScheme(value))) found.push(`${name}="${value.slice(0, 40)}" on ${describe(el)}`)
      if (lower === 'style' && /__xss|expression\(|url\(/i.test(value)) found.push(`style="${value.slice(0, 40)}" on ${describe(el)}`)
    }
  }
  return found
}
