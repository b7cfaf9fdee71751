/** Firefox ESR's executable (FIREFOX_PATH, default /usr/bin/firefox-esr). */
export declare const firefoxPath: string
/** WebKitGTK's MiniBrowser (MINIBROWSER_PATH, default libwebkit2gtk-4.1's). */
export declare const miniBrowserPath: string
/** WebKitWebDriver (WEBKIT_WEBDRIVER_PATH, default /usr/bin/WebKitWebDriver). */
export declare const webkitDriverPath: string
