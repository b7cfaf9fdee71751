/**
 * Setup for the `unit` project (jsdom in a VM context, `pool: 'vmThreads'`; vitest.config.ts):
 * the context has Node's `fetch`, `Request` and `Response`, but not the web streams they read
 * and write, which the kit's SSE reader and the AI SDK use. They are Node's own here, as in a
 * Node app, so a `Response` takes a `ReadableStream` made in a test.
 */
import * as streams from 'node:stream/web'

for (const [name, value] of Object.entries(streams)) {
  if (!(name in globalThis)) Object.defineProperty(globalThis, name, { value, writable: true, configurable: true })
}
