/** The Chromium executable every browser test uses (CHROMIUM_PATH, default /usr/bin/chromium). */
export declare const chromiumPath: string
/** Launch flags for headless Chromium on a sandboxed, offline machine. */
export declare const chromiumArgs: string[]
