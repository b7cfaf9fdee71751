import { createParser } from 'eventsource-parser'
import type { BodyFraming } from './types'
import { quote } from './quote'

/**
 * Framing of a response body into JSON values: SSE (through
 * `eventsource-parser`), NDJSON, or a single JSON value (loaded by `connectBody`
 * on first use, so that the parser is not in an app's first bundle).
 */

export interface FramerContext {
  readonly value: (value: unknown) => void
  /** SSE `data: [DONE]`, the producer's word that an OpenAI-style stream is complete (it carries no value). */
  readonly done?: () => void
  readonly report: (message: string) => void
  readonly maxEventLength: number
}

export interface Framer {
  /** Decoded text, in order. */
  feed(text: string): void
  /** The body ended cleanly: take what is still buffered. */
  flush(): void
  /** The stream ended (cleanly or not): say what arrived only in part and is dropped. */
  discard(): void
}

function parseJson(data: string, what: string, report: (message: string) => void): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(data) as unknown }
  } catch {
    report(`${what} is not JSON and was skipped: ${quote(data)}`)
    return undefined
  }
}

/**
 * SSE through `eventsource-parser`, with three things around it: line ends are
 * made LF first (a CR that ends a chunk cannot wait for a possible LF: the event
 * it completes would sit unseen until the next bytes, or be lost at the end of
 * the body); an event over `maxEventLength` is skipped up to the blank line that
 * ends it; and an event cut off by the end of the stream is reported, not
 * silently dropped (the SSE spec discards it).
 */
function sseFramer({ value, done, report, maxEventLength }: FramerContext): Framer {
  let events = 0
  /** The last chunk ended with a CR: an LF opening the next one is the rest of that CRLF. */
  let afterCR = false
  /** The last character seen was an end of line. */
  let atLineStart = true
  let overflowed = false
  /** An event over the limit is being skipped, up to the blank line that ends it. */
  let skipping = false
  /** The stream has ended: an event completed now never arrived whole. */
  let discarding = false
  const skipped = () => report(`An SSE event longer than maxEventLength (${maxEventLength} characters) was skipped, after SSE event #${events}.`)
  const parser = createParser({
    onEvent: ({ data }) => {
      if (discarding) {
        if (data) report(`The stream ended inside an unfinished SSE event; it was discarded: ${quote(data)}`)
        return
      }
      if (!data) return
      // `[DONE]` ends OpenAI-style streams: no event, but a clean end that a translator may need to tell from a cut.
      if (data === '[DONE]') return done?.()
      // The parser stops an event that grows too long only while it is incomplete;
      // one that arrived whole in a single read is held to the same limit.
      if (data.length > maxEventLength) return skipped()
      events++
      const parsed = parseJson(data, `SSE event #${events}`, report)
      if (parsed) value(parsed.value)
    },
    onError: (error) => {
      if (discarding) return
      if (error.type === 'max-buffer-size-exceeded') overflowed = true
      else if (error.type === 'unknown-field') report(`An SSE line with an unknown field was ignored: ${quote(error.line ?? '')}`)
      else if (error.type === 'invalid-retry') report(`An SSE retry line with a value that is not a number was ignored: ${quote(error.line ?? '')}`)
      else report(`Malformed SSE: ${error.message}`)
    },
    maxBufferSize: maxEventLength,
  })
  return {
    feed(raw) {
      if (raw === '') return
      let text = afterCR && raw.charCodeAt(0) === 10 ? raw.slice(1) : raw
      afterCR = raw.charCodeAt(raw.length - 1) === 13
      if (text.includes('\r')) text = text.replace(/\r\n?/g, '\n')
      if (text === '') return
      const lineStart = atLineStart
      atLineStart = text.endsWith('\n')
      if (skipping) {
        const rest = (lineStart ? '\n' : '') + text
        const blank = rest.indexOf('\n\n')
        if (blank === -1) return
        skipping = false
        text = rest.slice(blank + 2)
      }
      parser.feed(text)
      if (!overflowed) return
      // The parser dropped what it held and stopped; the rest of that event is skipped as it comes.
      overflowed = false
      skipping = true
      parser.reset()
      skipped()
    },
    flush() {},
    discard() {
      if (skipping) return
      discarding = true
      // Ends the pending line and event, so that the parser hands over what it held.
      parser.feed('\n\n')
    },
  }
}

function ndjsonFramer({ value, report }: FramerContext): Framer {
  let pending = ''
  let lines = 0
  const line = (raw: string) => {
    const trimmed = raw.trim()
    if (!trimmed) return
    lines++
    const parsed = parseJson(trimmed, `NDJSON line #${lines}`, report)
    if (parsed) value(parsed.value)
  }
  return {
    feed(text) {
      pending += text
      const all = pending.split('\n')
      pending = all.pop()!
      all.forEach(line)
    },
    flush: () => line(pending),
    discard() {},
  }
}

function jsonFramer({ value, report }: FramerContext): Framer {
  let whole = ''
  return {
    feed(text) {
      whole += text
    },
    flush() {
      const parsed = parseJson(whole, 'The JSON body', report)
      if (!parsed) return
      if (Array.isArray(parsed.value)) parsed.value.forEach(value)
      else value(parsed.value)
    },
    discard() {},
  }
}

/** The framer for `framing`. */
export function createFramer(framing: BodyFraming, context: FramerContext): Framer {
  return framing === 'sse' ? sseFramer(context) : framing === 'ndjson' ? ndjsonFramer(context) : jsonFramer(context)
}
