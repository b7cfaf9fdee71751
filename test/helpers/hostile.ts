/**
 * fast-check generators for hostile AG-UI event streams: well-formed episodes
 * (spans, standalone and chunk messages, legacy THINKING_*, encrypted values,
 * text messages, tool calls, runs, subagents, snapshots) that are then
 * truncated, reordered, dropped, duplicated and corrupted, with garbage mixed in.
 *
 * Values that cannot be printed or copied safely (throwing getters, trapping
 * proxies, `__proto__` own keys, huge strings) are generated as `Hostile` tags
 * that print readably in counterexamples (`hostile(getter delta→trap-proxy on {…})`) and
 * become the live value only when `arm` builds the event to dispatch.
 */
import fc from 'fast-check'

/** Every raw reasoning delta that carries it puts it at the start of a line, so it can never be part of a heading (title). */
export const RAW = '\n⟦raw⟧'
/** Part of every encrypted value and signature: must never reach the DOM. */
export const ENC = '⟦enc⟧'
/** A key that prototype pollution would add to `Object.prototype`. */
export const POLLUTED = 'hostilePolluted'

type Thrown = 'error' | 'string' | 'null-proto' | 'trap-proxy' | 'symbol' | 'bigint' | 'error-throwing-message'

export type HostileSpec =
  /** An event (the `base`) whose `field` is a getter that throws `thrown`. */
  | { readonly kind: 'getter'; readonly base: Record<string, unknown>; readonly field: string; readonly thrown: Thrown }
  /** An event whose `field` reads valid once, then garbage. */
  | { readonly kind: 'flaky'; readonly base: Record<string, unknown>; readonly field: string }
  /** A proxy whose every trap throws (as an event or as a field value). */
  | { readonly kind: 'trap-proxy' }
  | { readonly kind: 'revoked-proxy' }
  /** `{"__proto__": {…}}` and `{constructor: {prototype: {…}}}` as own keys (JSON.parse makes them so). */
  | { readonly kind: 'pollution' }
  | { readonly kind: 'pollution-metadata' }
  | { readonly kind: 'huge-text'; readonly length: number }
  | { readonly kind: 'cyclic' }
  | { readonly kind: 'deep'; readonly depth: number }
  | { readonly kind: 'symbol' }
  | { readonly kind: 'bigint' }
  | { readonly kind: 'function' }

/** A value that `arm` turns into something live and dangerous; prints as its spec. */
export class Hostile {
  constructor(readonly spec: HostileSpec) {}
  [fc.toStringMethod](): string {
    const s = this.spec
    if (s.kind === 'getter') return `hostile(getter ${s.field}→${s.thrown} on ${fc.stringify(s.base)})`
    if (s.kind === 'flaky') return `hostile(flaky ${s.field} on ${fc.stringify(s.base)})`
    if (s.kind === 'huge-text') return `hostile(huge-text ${s.length})`
    if (s.kind === 'deep') return `hostile(deep ${s.depth})`
    return `hostile(${s.kind})`
  }
}

const hostile = (spec: HostileSpec) => new Hostile(spec)

function trapProxy(): object {
  const fail = (trap: string) => () => {
    throw new Error(`trap ${trap}`)
  }
  return new Proxy({}, {
    get: fail('get'), has: fail('has'), ownKeys: fail('ownKeys'), getPrototypeOf: fail('getPrototypeOf'),
    getOwnPropertyDescriptor: fail('getOwnPropertyDescriptor'), set: fail('set'), defineProperty: fail('defineProperty'),
    deleteProperty: fail('deleteProperty'), isExtensible: fail('isExtensible'), preventExtensions: fail('preventExtensions'),
    setPrototypeOf: fail('setPrototypeOf'),
  })
}

function thrownValue(thrown: Thrown): unknown {
  switch (thrown) {
    case 'error': return new Error('getter says no')
    case 'string': return 'thrown string'
    case 'null-proto': return Object.create(null)
    case 'trap-proxy': return trapProxy()
    case 'symbol': return Symbol('thrown')
    case 'bigint': return 10n
    case 'error-throwing-message': {
      const error = new Error('x')
      Object.defineProperty(error, 'message', { get: () => { throw new Error('message getter') } })
      return error
    }
  }
}

/** Defines own data properties without ever calling the `__proto__` setter. */
function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
}

function live(spec: HostileSpec): unknown {
  switch (spec.kind) {
    case 'getter': {
      const event = arm(spec.base) as Record<string, unknown>
      Object.defineProperty(event, spec.field, {
        enumerable: true,
        get: () => {
          throw thrownValue(spec.thrown)
        },
      })
      return event
    }
    case 'flaky': {
      const event = arm(spec.base) as Record<string, unknown>
      const first = event[spec.field]
      let reads = 0
      Object.defineProperty(event, spec.field, { enumerable: true, get: () => (reads++ === 0 ? first : { not: 'a string' }) })
      return event
    }
    case 'trap-proxy': return trapProxy()
    case 'revoked-proxy': {
      const { proxy, revoke } = Proxy.revocable({}, {})
      revoke()
      return proxy
    }
    case 'pollution':
      return JSON.parse(`{"__proto__": {"${POLLUTED}": "yes"}, "constructor": {"prototype": {"${POLLUTED}": "yes"}}, "title": "polluter"}`)
    case 'pollution-metadata':
      return JSON.parse(`{"reasoningUi": {"__proto__": {"${POLLUTED}": "yes", "title": "proto title"}, "constructor": {"prototype": {"${POLLUTED}": 1}}}, "__proto__": {"reasoningUi": {"kind": "summary"}}}`)
    case 'huge-text': return `${'lorem ipsum '.repeat(Math.ceil(spec.length / 12)).slice(0, spec.length)}${RAW}`
    case 'cyclic': {
      const a: Record<string, unknown> = { type: 'REASONING_MESSAGE_CONTENT', messageId: 'a' }
      a.self = a
      a.delta = a
      return a
    }
    case 'deep': {
      let value: unknown = []
      for (let i = 0; i < spec.depth; i++) value = [value]
      return value
    }
    case 'symbol': return Symbol('value')
    case 'bigint': return 42n
    case 'function': return () => 'not an event'
  }
}

/** Plain data: an object whose prototype is Object.prototype or null (fast-check's partial records have none). */
function isPlain(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false
  const proto: unknown = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

/** A fresh copy of a plain object, same prototype, own keys defined (never through a `__proto__` setter). */
function copyPlain(value: Record<string, unknown>, map: (v: unknown) => unknown = (v) => v): Record<string, unknown> {
  const out = Object.create(Object.getPrototypeOf(value)) as Record<string, unknown>
  for (const key of Object.keys(value)) define(out, key, map(value[key]))
  return out
}

/**
 * The live value to dispatch: `Hostile` tags become their dangerous selves;
 * plain objects and arrays are copied fresh, so the generated value (which
 * fast-check prints and replays) is never touched.
 */
export function arm(value: unknown): unknown {
  if (value instanceof Hostile) return live(value.spec)
  if (Array.isArray(value)) return value.map(arm)
  if (isPlain(value)) return copyPlain(value, arm)
  return value
}

// ---------------------------------------------------------------------------
// Atoms

/** Mostly the few ids that make events collide; sometimes ids that are keys of Object.prototype, the kit's own generated ids, or odd unicode. */
export const anId = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('a', 'b', 'c') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'reasoning-ui-orphan-1', 'thinking-1',
      'thinking-1-message-1', '\uD800', 'e\u0301\u200d👩‍👩‍👧', '\u202eevil',
    ),
  },
)

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c))

const ODD = [
  '\u202e', '\u200d', 'e\u0301', '👨‍👩‍👧', '\u0000', '\r\n', '\u2028', '\ufeff', '\u00a0', '𝕏', 'ﷺ', '\uD83D', '\uDE00', '<b>x</b>', '&amp;',
]

/** One piece of a delta: words, whitespace, markdown, the RAW marker, odd unicode. */
const atom = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('think ', 'so', ' 42', 'x') },
  { weight: 3, arbitrary: fc.constantFrom('\n', '\n\n', ' ', '\t', '\n\n\n') },
  { weight: 2, arbitrary: fc.constantFrom('**Plan**', '# Heading', '```', '~~~', '__Under__', '**', '#') },
  { weight: 3, arbitrary: fc.constant(RAW) },
  { weight: 2, arbitrary: fc.constantFrom(...ODD) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 6 }) },
  { weight: 1, arbitrary: loneSurrogate },
)

/** A reasoning delta: a few atoms joined. */
export const deltaText = fc.array(atom, { maxLength: 6 }).map((parts) => parts.join(''))

/** Titles, conclusions, names: never the RAW marker (they may legitimately show under `summary`). */
const titleText = fc.constantFrom('Plan', 'Checking units', '', '  ', '\u202eevil', '__proto__', '𝕏 title', '\uD800')

/** What a field holds when the producer got it wrong. */
export const garbage: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(null, undefined, 42, -0, NaN, Infinity, true, '', [], {}, ['a'], { messageId: 'a' }) },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      hostile({ kind: 'trap-proxy' }), hostile({ kind: 'revoked-proxy' }), hostile({ kind: 'pollution' }), hostile({ kind: 'cyclic' }),
      hostile({ kind: 'deep', depth: 20_000 }), hostile({ kind: 'symbol' }), hostile({ kind: 'bigint' }), hostile({ kind: 'function' }),
    ),
  },
)

const timestamp = fc.oneof(
  { weight: 6, arbitrary: fc.constant(undefined) },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 10_000 }) },
  { weight: 1, arbitrary: fc.constantFrom(-1, 1.5, '100', 1e300, Number.MAX_SAFE_INTEGER, null) },
)

/** The subagent lane of an event: mostly none. */
const lane = fc.oneof(
  { weight: 6, arbitrary: fc.constant(undefined) },
  { weight: 2, arbitrary: fc.constant('s1') },
  { weight: 1, arbitrary: fc.constantFrom('__proto__', 7, null) },
)

const reasoningUi = fc.record(
  {
    kind: fc.constantFrom('text', 'summary', 'step', 'bogus', 3),
    title: titleText,
    stepType: fc.constantFrom('analysis', 'reflection', '', 5),
    conclusion: titleText,
    confidence: fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(NaN, -5, 1e308, '0.5')),
    keyFactors: fc.oneof(fc.array(titleText, { maxLength: 3 }), fc.constantFrom('one', [1, 2])),
    signature: fc.constant(`${ENC}sig`),
    hidden: fc.oneof(fc.boolean(), fc.constant('yes')),
  },
  { requiredKeys: [] },
)

/** `metadata` of a reasoning event: mostly absent, sometimes ours, sometimes garbage or a pollution attempt. */
const metadata = fc.oneof(
  { weight: 6, arbitrary: fc.constant(undefined) },
  { weight: 3, arbitrary: reasoningUi.map((ui) => ({ reasoningUi: ui })) },
  { weight: 1, arbitrary: fc.constantFrom(hostile({ kind: 'pollution-metadata' }), hostile({ kind: 'trap-proxy' }), 'meta', null, { reasoningUi: [] }) },
)

const huge = fc.constantFrom(hostile({ kind: 'huge-text', length: 1 }), hostile({ kind: 'huge-text', length: 50_000 }))

/** A `delta`: mostly text, sometimes a huge one, sometimes garbage. */
const delta = fc.oneof({ weight: 12, arbitrary: deltaText }, { weight: 1, arbitrary: huge }, { weight: 1, arbitrary: garbage })

type Ev = Record<string, unknown>

/** `{ type, ...fields }` without the fields that came out undefined, so counterexamples stay short. */
function ev(type: string, fields: Record<string, unknown> = {}): Ev {
  const out: Ev = { type }
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) define(out, key, value)
  return out
}

// ---------------------------------------------------------------------------
// Episodes: short stretches of a plausible stream

const messageEvents = (id: string, deltas: readonly unknown[], meta: unknown, at: unknown, sub: unknown): Ev[] => [
  ev('REASONING_MESSAGE_START', { messageId: id, role: 'reasoning', metadata: meta, timestamp: at, subagentRunId: sub }),
  ...deltas.map((d) => ev('REASONING_MESSAGE_CONTENT', { messageId: id, delta: d, subagentRunId: sub })),
  ev('REASONING_MESSAGE_END', { messageId: id, subagentRunId: sub }),
]

const spanEpisode = fc
  .record({
    span: anId,
    meta: metadata,
    at: timestamp,
    sub: lane,
    encrypted: fc.option(fc.constant(`${ENC}span`), { nil: undefined }),
    messages: fc.array(fc.record({ id: anId, deltas: fc.array(delta, { maxLength: 4 }), meta: metadata }), { maxLength: 3 }),
  })
  .map(({ span, meta, at, sub, encrypted, messages }) => [
    ev('REASONING_START', { messageId: span, metadata: meta, timestamp: at, subagentRunId: sub, encryptedContent: encrypted }),
    ...messages.flatMap((m) => messageEvents(m.id, m.deltas, m.meta, undefined, sub)),
    ev('REASONING_END', { messageId: span, subagentRunId: sub }),
  ])

const standaloneEpisode = fc
  .record({ id: anId, deltas: fc.array(delta, { maxLength: 4 }), meta: metadata, at: timestamp, sub: lane })
  .map(({ id, deltas, meta, at, sub }) => messageEvents(id, deltas, meta, at, sub))

const chunkEpisode = fc
  .record({ id: fc.option(anId, { nil: undefined, freq: 6 }), deltas: fc.array(delta, { minLength: 1, maxLength: 4 }), close: fc.boolean(), meta: metadata, sub: lane })
  .map(({ id, deltas, close, meta, sub }) => [
    ...deltas.map((d, i) => ev('REASONING_MESSAGE_CHUNK', { messageId: i === 0 ? id : undefined, delta: d, metadata: i === 0 ? meta : undefined, subagentRunId: sub })),
    ...(close ? [ev('REASONING_MESSAGE_CHUNK', { delta: '', subagentRunId: sub })] : []),
  ])

const legacyEpisode = fc
  .record({ title: fc.option(titleText, { nil: undefined }), deltas: fc.array(delta, { maxLength: 3 }) })
  .map(({ title, deltas }) => [
    ev('THINKING_START', { title }),
    ev('THINKING_TEXT_MESSAGE_START'),
    ...deltas.map((d) => ev('THINKING_TEXT_MESSAGE_CONTENT', { delta: d })),
    ev('THINKING_TEXT_MESSAGE_END'),
    ev('THINKING_END'),
  ])

const encryptedEpisode = fc
  .record({ subtype: fc.constantFrom('message', 'message', 'tool-call', 'span', 3), id: anId, value: fc.oneof(fc.constant(`${ENC}value`), garbage) })
  .map(({ subtype, id, value }) => [ev('REASONING_ENCRYPTED_VALUE', { subtype, entityId: id, encryptedValue: value, encryptedValueType: 'test.blob' })])

const textEpisode = fc
  .record({ id: anId, role: fc.constantFrom('assistant', 'user', 'developer', 3), deltas: fc.array(delta, { maxLength: 3 }), chunked: fc.boolean(), sub: lane })
  .map(({ id, role, deltas, chunked, sub }) => chunked
    ? deltas.map((d, i) => ev('TEXT_MESSAGE_CHUNK', { messageId: i === 0 ? id : undefined, role: i === 0 ? role : undefined, delta: d, subagentRunId: sub }))
    : [
        ev('TEXT_MESSAGE_START', { messageId: id, role, subagentRunId: sub }),
        ...deltas.map((d) => ev('TEXT_MESSAGE_CONTENT', { messageId: id, delta: d, subagentRunId: sub })),
        ev('TEXT_MESSAGE_END', { messageId: id, subagentRunId: sub }),
      ])

const toolEpisode = fc
  .record({ id: fc.constantFrom('t1', 't2', '__proto__'), name: fc.constantFrom('search', '', '\u202eevil', 9), parent: fc.option(anId, { nil: undefined }), chunked: fc.boolean(), sub: lane })
  .map(({ id, name, parent, chunked, sub }) => chunked
    ? [
        ev('TOOL_CALL_CHUNK', { toolCallId: id, toolCallName: name, parentMessageId: parent, delta: '{"q":', subagentRunId: sub }),
        ev('TOOL_CALL_CHUNK', { delta: '1}', subagentRunId: sub }),
      ]
    : [
        ev('TOOL_CALL_START', { toolCallId: id, toolCallName: name, parentMessageId: parent, subagentRunId: sub }),
        ev('TOOL_CALL_ARGS', { toolCallId: id, delta: '{}', subagentRunId: sub }),
        ev('TOOL_CALL_END', { toolCallId: id, subagentRunId: sub }),
        ev('TOOL_CALL_RESULT', { toolCallId: id, messageId: `${id}-result`, content: 'ok', role: 'tool' }),
      ])

const runEpisode = fc
  .record({ runId: fc.constantFrom('r1', 'r2', undefined, 5), end: fc.constantFrom('RUN_STARTED', 'RUN_FINISHED', 'RUN_ERROR') })
  .map(({ runId, end }) => [ev(end, { runId, threadId: 't', message: end === 'RUN_ERROR' ? 'boom' : undefined })])

const subagentEpisode = fc
  .record({ id: fc.constantFrom('s1', '__proto__', '', 7), name: fc.option(titleText, { nil: undefined }), end: fc.constantFrom('SUBAGENT_STARTED', 'SUBAGENT_FINISHED', 'SUBAGENT_ERROR') })
  .map(({ id, name, end }) => [ev(end, { subagentRunId: id, name, parentRunId: 'r1' })])

const snapshotMessage = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record(
      {
        id: anId,
        role: fc.constantFrom('reasoning', 'reasoning', 'assistant', 'tool', 'user'),
        content: fc.oneof(deltaText, fc.array(deltaText, { maxLength: 3 }), garbage),
        encryptedValue: fc.constant(`${ENC}snap`),
        metadata,
        toolCallId: fc.constantFrom('t1', 't2'),
      },
      { requiredKeys: ['id', 'role'] },
    ),
  },
  { weight: 1, arbitrary: garbage },
)

const snapshotEpisode = fc
  .oneof({ weight: 5, arbitrary: fc.array(snapshotMessage, { maxLength: 4 }) }, { weight: 1, arbitrary: garbage })
  .map((messages) => [ev('MESSAGES_SNAPSHOT', { messages })])

/** Every event type the reducer knows, retired and unknown ones, and names that are object keys. */
export const EVENT_TYPES = [
  'RUN_STARTED', 'RUN_FINISHED', 'RUN_ERROR', 'REASONING_START', 'REASONING_END', 'REASONING_MESSAGE_START',
  'REASONING_MESSAGE_CONTENT', 'REASONING_MESSAGE_END', 'REASONING_MESSAGE_CHUNK', 'REASONING_ENCRYPTED_VALUE',
  'THINKING_START', 'THINKING_END', 'THINKING_TEXT_MESSAGE_START', 'THINKING_TEXT_MESSAGE_CONTENT', 'THINKING_TEXT_MESSAGE_END',
  'TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_END', 'TEXT_MESSAGE_CHUNK', 'TOOL_CALL_START',
  'TOOL_CALL_ARGS', 'TOOL_CALL_END', 'TOOL_CALL_CHUNK', 'TOOL_CALL_RESULT', 'MESSAGES_SNAPSHOT', 'STEP_STARTED',
  'SUBAGENT_STARTED', 'SUBAGENT_FINISHED', 'SUBAGENT_ERROR', 'RAW', 'CUSTOM', 'NOT_A_TYPE', '__proto__', 'constructor',
]

/** A known type with each field the right shape, the wrong shape, or missing. */
const shapedEvent = fc.record(
  {
    type: fc.constantFrom(...EVENT_TYPES),
    messageId: fc.oneof(anId, garbage),
    delta,
    role: fc.constantFrom('reasoning', 'assistant', 'user', 42),
    subagentRunId: lane,
    timestamp,
    metadata,
    entityId: anId,
    subtype: fc.constantFrom('message', 'tool-call', 'x'),
    encryptedValue: fc.oneof(fc.constant(`${ENC}v`), garbage),
    toolCallId: fc.oneof(fc.constantFrom('t1', 't2'), garbage),
    title: fc.oneof(titleText, garbage),
  },
  { requiredKeys: ['type'] },
)

const getterField = fc.constantFrom('type', 'messageId', 'delta', 'metadata', 'subagentRunId', 'timestamp', 'messages', 'role', 'encryptedValue')
const thrown = fc.constantFrom<Thrown>('error', 'string', 'null-proto', 'trap-proxy', 'symbol', 'bigint', 'error-throwing-message')

/** One event that is wrong as a whole: not an object, a trapping proxy, getters that throw or change their mind. */
export const garbageEvent: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: shapedEvent },
  { weight: 1, arbitrary: garbage },
  { weight: 2, arbitrary: fc.record({ base: shapedEvent, field: getterField, thrown }).map((s) => hostile({ kind: 'getter', ...s })) },
  { weight: 1, arbitrary: fc.record({ base: shapedEvent, field: getterField }).map((s) => hostile({ kind: 'flaky', ...s })) },
  { weight: 1, arbitrary: fc.constantFrom(hostile({ kind: 'cyclic' }), hostile({ kind: 'pollution' }), hostile({ kind: 'trap-proxy' })) },
)

const episode: fc.Arbitrary<unknown[]> = fc.oneof(
  { weight: 5, arbitrary: spanEpisode },
  { weight: 3, arbitrary: standaloneEpisode },
  { weight: 3, arbitrary: chunkEpisode },
  { weight: 2, arbitrary: legacyEpisode },
  { weight: 2, arbitrary: encryptedEpisode },
  { weight: 2, arbitrary: textEpisode },
  { weight: 1, arbitrary: toolEpisode },
  { weight: 2, arbitrary: runEpisode },
  { weight: 1, arbitrary: subagentEpisode },
  { weight: 1, arbitrary: snapshotEpisode },
  { weight: 2, arbitrary: garbageEvent.map((e) => [e]) },
)

type Mutation =
  | { readonly op: 'swap'; readonly i: number; readonly j: number }
  | { readonly op: 'drop'; readonly i: number }
  | { readonly op: 'dup'; readonly i: number }
  | { readonly op: 'insert'; readonly i: number; readonly event: unknown }
  | { readonly op: 'corrupt'; readonly i: number; readonly field: string; readonly value: unknown }

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constant('swap' as const), i: fc.nat(), j: fc.nat() }),
  fc.record({ op: fc.constant('drop' as const), i: fc.nat() }),
  fc.record({ op: fc.constant('dup' as const), i: fc.nat() }),
  fc.record({ op: fc.constant('insert' as const), i: fc.nat(), event: garbageEvent }),
  fc.record({ op: fc.constant('corrupt' as const), i: fc.nat(), field: fc.constantFrom('messageId', 'delta', 'type', 'role', 'subagentRunId', 'metadata'), value: garbage }),
)

function mutate(events: unknown[], mutations: readonly Mutation[]): unknown[] {
  const out = events.slice()
  for (const m of mutations) {
    if (out.length === 0) {
      if (m.op === 'insert') out.push(m.event)
      continue
    }
    const i = m.i % out.length
    if (m.op === 'swap') {
      const j = m.j % out.length
      ;[out[i], out[j]] = [out[j], out[i]]
    } else if (m.op === 'drop') out.splice(i, 1)
    else if (m.op === 'dup') out.splice(i, 0, out[i])
    else if (m.op === 'insert') out.splice(i, 0, m.event)
    else {
      const target = out[i]
      if (isPlain(target)) {
        const copy = copyPlain(target)
        define(copy, m.field, m.value)
        out[i] = copy
      }
    }
  }
  return out
}

export interface HostileStream {
  /** The events to dispatch, in order (`arm` each before dispatching). */
  readonly events: readonly unknown[]
  /** How the transport ends after the last event. */
  readonly end: 'open' | 'closed' | 'failed' | 'failed-hostile'
}

/**
 * A stream: plausible episodes, optionally inside a run, then reordered,
 * dropped, duplicated, corrupted, with garbage inserted, and cut short.
 */
export const hostileStream = (options: { readonly maxEpisodes?: number } = {}): fc.Arbitrary<HostileStream> =>
  fc
    .record({
      wrapped: fc.boolean(),
      episodes: fc.array(episode, { maxLength: options.maxEpisodes ?? 6 }),
      mutations: fc.array(mutation, { maxLength: 4 }),
      cut: fc.option(fc.nat(), { nil: undefined, freq: 3 }),
      end: fc.constantFrom('open', 'closed', 'failed', 'failed-hostile'),
    })
    .map(({ wrapped, episodes, mutations, cut, end }) => {
      let events = episodes.flat()
      if (wrapped) events = [ev('RUN_STARTED', { runId: 'r1', threadId: 't' }), ...events, ev('RUN_FINISHED', { runId: 'r1', threadId: 't' })]
      events = mutate(events, mutations)
      if (cut !== undefined && events.length > 0) events = events.slice(0, cut % (events.length + 1))
      return { events, end }
    })

/** What `streamEnded` receives for each `end`. */
export function endError(end: HostileStream['end']): unknown {
  if (end === 'failed') return new Error('connection reset')
  if (end === 'failed-hostile') return trapProxy()
  return undefined
}
