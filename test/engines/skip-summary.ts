/**
 * A Vitest reporter (beside the default one) that ends every browser run with what each
 * engine project did, skips included: a skip is named (its reason, from test/helpers/engines.ts
 * or a test's own `skipTest`), counted, and never silent.
 *
 *   webkit                    612 passed · 0 failed · 396 skipped: 380 named, 16 not selected here
 *       212 × webkit has no cdp: …
 *
 * "Not selected here" are tests a project's `testNamePattern` (or `-t`) leaves to another launch
 * of the same engine (the media states, see firefox.config.ts and webkit.config.ts). Any other skip
 * without a reason (`it.skip`, `skipIf`, a bare `ctx.skip()`) in a browser or e2e project fails
 * the run. The summary is also written to test-results/skips/<projects>.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Reporter, SerializedError, TestModule, Vitest } from 'vitest/node'

interface ProjectSummary {
  passed: number
  failed: number
  named: number
  notSelected: number
  silent: string[]
  reasons: Map<string, number>
}

/** Projects where every skip must carry a reason (the engines' lanes); `unit` is not one. */
const STRICT = /^(browser|storybook|e2e|firefox|webkit)/

export default class SkipSummary implements Reporter {
  private vitest: Vitest | undefined

  onInit(vitest: Vitest): void {
    this.vitest = vitest
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError> = []): void {
    const projects = new Map<string, ProjectSummary>()
    /** What failed, a line each, last in the log (a CI log is read from its tail). */
    const failures: string[] = []
    const firstLine = (error: SerializedError | undefined) => (error?.message ?? String(error)).split('\n')[0]!.slice(0, 160)
    for (const module of testModules) {
      const name = module.project.name
      const pattern = module.project.config.testNamePattern ?? this.vitest?.config.testNamePattern
      const summary: ProjectSummary = projects.get(name) ?? { passed: 0, failed: 0, named: 0, notSelected: 0, silent: [], reasons: new Map() }
      projects.set(name, summary)
      const file = module.moduleId.replace(`${process.cwd()}/`, '')
      // A file can fail outside its tests (an import, a hook): vitest then counts no test as failed.
      for (const error of module.errors()) failures.push(`  ${name}: ${file}: failed outside its tests: ${firstLine(error)}`)
      for (const test of module.children.allTests()) {
        const result = test.result()
        if (result.state === 'passed') summary.passed++
        else if (result.state === 'failed') {
          summary.failed++
          failures.push(`  ${name}: ${file} > ${test.fullName}: ${firstLine(result.errors?.[0])}`)
        }
        else if (result.state === 'skipped') {
          if (result.note) {
            summary.named++
            const reason = result.note.length > 200 ? `${result.note.slice(0, 197)}…` : result.note
            summary.reasons.set(reason, (summary.reasons.get(reason) ?? 0) + 1)
          } else if (pattern && !new RegExp(pattern).test(test.fullName)) summary.notSelected++
          else summary.silent.push(`${module.moduleId.replace(`${process.cwd()}/`, '')} > ${test.fullName}`)
        }
      }
    }
    for (const error of unhandledErrors) failures.push(`  unhandled error: ${firstLine(error)}`)
    if (projects.size === 0 && failures.length === 0) return
    const lines = ['', 'Per project, skips named (test/engines/skip-summary.ts):']
    let silentStrict = 0
    for (const [name, s] of [...projects].sort(([a], [b]) => a.localeCompare(b))) {
      const skipped = s.named + s.notSelected + s.silent.length
      lines.push(`  ${name.padEnd(24)} ${s.passed} passed · ${s.failed} failed · ${skipped} skipped: ${s.named} named, ${s.notSelected} not selected here${s.silent.length ? `, ${s.silent.length} WITHOUT A REASON` : ''}`)
      for (const [reason, count] of [...s.reasons].sort((a, b) => b[1] - a[1])) lines.push(`      ${String(count).padStart(4)} × ${reason}`)
      if (STRICT.test(name)) {
        silentStrict += s.silent.length
        for (const test of s.silent) lines.push(`      skipped without a reason: ${test}`)
      }
    }
    if (silentStrict > 0) {
      lines.push(`${silentStrict} browser test(s) skipped without a reason: name the reason (skipTest / engineLacks in test/helpers/engines.ts).`)
      process.exitCode = 1
    }
    if (failures.length > 0) lines.push(`${failures.length} failure(s):`, ...failures.slice(0, 12), ...(failures.length > 12 ? [`  … ${failures.length - 12} more`] : []))
    console.log(lines.join('\n'))
    const dir = resolve(process.cwd(), 'test-results/skips')
    mkdirSync(dir, { recursive: true })
    const file = resolve(dir, `${[...projects.keys()].sort().join('+').replace(/[^\w+-]/g, '_')}.json`)
    const json = Object.fromEntries([...projects].map(([name, s]) => [name, { ...s, reasons: Object.fromEntries(s.reasons) }]))
    writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`)
  }
}
