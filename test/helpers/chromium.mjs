// The one way every real-browser step starts Chromium: the system binary
// (Debian's package; CHROMIUM_PATH overrides /usr/bin/chromium), never a
// Playwright download, with the flags this sandboxed, offline machine needs.
// Plain JavaScript so that scripts/test.mjs (plain Node) shares it with the
// Vitest config and the e2e harness; types in chromium.d.mts.

export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
]
