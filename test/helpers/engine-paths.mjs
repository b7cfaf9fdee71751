// Where Firefox's and WebKit's binaries are (Debian's packages; the environment variables
// override them). Plain JavaScript so that scripts/test.mjs (plain Node) checks the same
// paths the providers and the e2e harness launch, as test/helpers/chromium.mjs does for
// Chromium. Types in engine-paths.d.mts.

export const firefoxPath = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr'

export const miniBrowserPath = process.env.MINIBROWSER_PATH || '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser'

export const webkitDriverPath = process.env.WEBKIT_WEBDRIVER_PATH || '/usr/bin/WebKitWebDriver'
