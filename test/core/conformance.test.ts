import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createReasoningStore, toReasoningMessages, type DiagnosticCode } from '../../src/core/index'

/**
 * The AG-UI protocol's own conformance fixtures (test/fixtures/ag-ui-conformance,
 * see its SOURCE.md), replayed into the store as a transport would: every event,
 * then the end of the stream.
 */
const dir = join(import.meta.dirname, '../fixtures/ag-ui-conformance')

interface Fixture {
  name: string
  stream?: unknown[]
  expect: { outcome?: 'completed' | 'failed'; messages?: { id?: string; role: string; content?: string }[] }
}

const fixtures: Fixture[] = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => ({ name: f.replace(/\.json$/, ''), ...JSON.parse(readFileSync(join(dir, f), 'utf8')) }))
  .filter((f: Fixture) => Array.isArray(f.stream))

/** The rule each fixture the official client rejects breaks, as our diagnostic code. */
const brokenRule: Record<string, DiagnosticCode> = {
  'chunk-conflicting-role-fatal': 'chunk-conflict',
  'chunk-conflicting-tool-name-fatal': 'chunk-conflict',
  'content-without-start-fatal': 'not-open',
  'custom-closes-chunk-stream-fatal': 'chunk-missing-id',
  'event-after-run-finished-fatal': 'run-order',
  'first-chunk-missing-id-fatal': 'chunk-missing-id',
  'first-event-not-run-started-fatal': 'run-order',
  'malformed-known-field-fatal': 'malformed-field',
  'nested-run-started-fatal': 'run-order',
  'open-message-at-run-finished-fatal': 'open-at-finish',
  'reasoning-discipline-verified': 'not-open',
  'reasoning-message-wrong-role-fatal': 'legacy-role',
}

function replay(fixture: Fixture) {
  const store = createReasoningStore({ flush: 'sync' })
  for (const event of fixture.stream!) store.dispatch(event)
  store.streamEnded()
  return store.getState()
}

describe('AG-UI conformance fixtures', () => {
  it('should find the fixtures', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(30)
    expect(fixtures.filter((f) => f.expect.outcome === 'failed').map((f) => f.name).sort()).toEqual(Object.keys(brokenRule).sort())
  })

  describe.each(fixtures.filter((f) => f.expect.outcome === 'completed').map((f) => [f.name, f] as const))(
    'given %s, which the official client accepts',
    (_name, fixture) => {
      it('should end with the fixture\'s expected reasoning messages', () => {
        const expected = (fixture.expect.messages ?? []).filter((m) => m.role === 'reasoning')
        const actual = toReasoningMessages(replay(fixture))
        expect(actual).toHaveLength(expected.length)
        expected.forEach((message, i) => expect(actual[i]).toMatchObject(message))
      })
    },
  )

  describe.each(fixtures.filter((f) => f.expect.outcome === 'failed').map((f) => [f.name, f] as const))(
    'given %s, which the official client rejects',
    (name, fixture) => {
      it(`should keep going and record ${brokenRule[name]}`, () => {
        const state = replay(fixture)
        expect(state.diagnostics.map((d) => d.code)).toContain(brokenRule[name])
      })
    },
  )

  it('given the conformant run, should stay quiet', () => {
    const state = replay(fixtures.find((f) => f.name === 'conformant-run-is-quiet')!)
    expect(state.diagnostics).toEqual([])
  })

  it('given a truncated run (the fixture the official client wrongly reports as completed), should not report success', () => {
    const state = replay(fixtures.find((f) => f.name === 'truncated-run-reported-as-completed')!)
    expect(state.runs[0]!.status).toBe('interrupted')
    expect(state.diagnostics.map((d) => d.code)).toEqual(['stream-truncated'])
  })

  it('given THINKING_* with a title, should keep the title the official client drops', () => {
    const state = replay(fixtures.find((f) => f.name === 'era-0-0-45-thinking-translated')!)
    expect(state.blocks[0]!.title).toBe('Working')
  })
})
