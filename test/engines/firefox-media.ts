/**
 * Plain values shared by the Firefox provider (Node) and the tests (browser):
 * no Node or browser imports here.
 */

/** In an `emulateMedia` error when the engine cannot switch to that media state at run time. */
export const MEDIA_UNSUPPORTED = 'media emulation unsupported in this engine at run time'
