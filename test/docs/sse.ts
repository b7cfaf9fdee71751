/** Test support for the docs examples: provider recordings served as a fetch would serve them. */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

const fixtures = join(import.meta.dirname, '../fixtures/providers')

/** A recorded provider stream (test/fixtures/providers/<format>/<name>.json: an array of parsed events). */
export function recording(path: string): unknown[] {
  return JSON.parse(readFileSync(join(fixtures, path), 'utf8')) as unknown[]
}

/**
 * An SSE Response of `events`: `data:` lines, with `event:` names when `named`
 * (OpenAI, Anthropic), then `data: [DONE]` when `done` (OpenAI-style streams).
 */
export function sseResponse(events: readonly unknown[], { named = false, done = false } = {}): Response {
  const frames = events.map((e) => {
    const type = (e as { type?: unknown }).type
    return `${named && typeof type === 'string' ? `event: ${type}\n` : ''}data: ${JSON.stringify(e)}\n\n`
  })
  if (done) frames.push('data: [DONE]\n\n')
  return new Response(frames.join(''), { headers: { 'content-type': 'text/event-stream' } })
}

/** A fetch that answers each URL from `routes` and records what it was asked. */
export function routedFetch(routes: Record<string, () => Response>) {
  const calls: { url: string; init: RequestInit | undefined }[] = []
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    calls.push({ url, init })
    const route = routes[url]
    if (!route) return new Response(`no route for ${url}`, { status: 404 })
    return route()
  }
  return { fetch, calls }
}
