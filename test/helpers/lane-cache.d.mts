/** `cacheDir` for a Vitest project's Vite server: a folder per `npm test` lane (TEST_LANE), else Vite's default. */
export declare const laneCacheDir: string | undefined
