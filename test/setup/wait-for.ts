/**
 * Setup for the unit projects (vitest.config.ts): `vi.waitFor` waits up to 10 s unless a test says
 * otherwise, not Vitest's 1 s, as testing-library's `waitFor` does (test/setup/dom.ts). What a test
 * waits for (a lazily loaded chunk, a stream read a chunk per task) took longer than 1 s in a CI run
 * with both cores busy (2026-12-07: five chat-completions tests); a test asserts what happens, not
 * how soon. A hang still ends.
 */
import { vi } from 'vitest'

const waitFor = vi.waitFor.bind(vi)
vi.waitFor = ((callback, options) => waitFor(callback, typeof options === 'number' ? options : { timeout: 10_000, ...options })) as typeof vi.waitFor
