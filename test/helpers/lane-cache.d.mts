/** `cacheDir` for a Vitest project's Vite server: a folder per `npm test` lane (TEST_LANE), else Vite's default. */
export declare const laneCacheDir: string | undefined
/** `optimizeDeps` for a browser project's Vite server: what its scan of the test files misses, bundled at its start. */
export declare const browserOptimizeDeps: { readonly include: string[] }
