// @vitest-environment node
/**
 * The build bundles each entry into one file (dist/index.js holds every React
 * component), so an app's bundler can drop an unused export only statement by
 * statement: a top-level call it cannot prove pure is kept, and with it all it
 * references. One `forwardRef(...)` without `/* @__PURE__ *\/` keeps its component,
 * and through it the reducer and sources, in the bundle of an app that imports only
 * `ReasoningPanel` (issue 13; .size-limit.cjs measures that import). The same holds for
 * every entry's shared chunks. This test finds such statements in src before a size check does.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../..')

/** Module-level effects on purpose, each with its reason. */
const ALLOWED: Record<string, string> = {
  // The runtime locale's formatter warm-up when the page is idle after the panels' code
  // loads (b96c277: a cold formatter mid-stream was a 40 ms task). Useful exactly when the
  // module's exports are, so `sideEffects` lets a bundler drop the module with it.
  'src/react/parts/parts.tsx: if (typeof window': 'formatter warm-up',
}

function sources(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : []
  })
}

const isPure = (node: ts.Node, sf: ts.SourceFile) => /^\s*\/\*\s*[#@]__PURE__\s*\*\//.test(sf.text.slice(node.pos, node.getStart(sf) + 1)) || /^\/\*\s*[#@]__PURE__/.test(node.getText(sf))

/** Calls a bundler may have to keep: top-level calls (not `new` of a built-in collection) without a pure annotation. */
function impureCalls(node: ts.Node, sf: ts.SourceFile): ts.Node[] {
  if (ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isClassExpression(node)) return []
  let inner = node
  while (ts.isAsExpression(inner) || ts.isSatisfiesExpression(inner) || ts.isParenthesizedExpression(inner)) inner = inner.expression
  if (ts.isCallExpression(inner) || ts.isTaggedTemplateExpression(inner)) {
    if (isPure(inner, sf)) return []
    return [inner]
  }
  const found: ts.Node[] = []
  ts.forEachChild(inner, (child) => {
    found.push(...impureCalls(child, sf))
  })
  return found
}

describe('top-level statements in src are free of side effects a bundler must keep', () => {
  const files = ['src/core', 'src/react', 'src/adapters', 'src/locales', 'src/ai-sdk'].flatMap((dir) => sources(join(root, dir)))

  it.each(files.map((f) => [relative(root, f), f]))('%s', (name, file) => {
    const text = readFileSync(file, 'utf8')
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
    const problems: string[] = []
    for (const statement of sf.statements) {
      const start = statement.getText(sf).slice(0, 20)
      if (Object.keys(ALLOWED).some((key) => `${name}: ${statement.getText(sf)}`.startsWith(key))) continue
      const line = sf.getLineAndCharacterOfPosition(statement.getStart(sf)).line + 1
      if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          if (declaration.initializer === undefined) continue
          for (const call of impureCalls(declaration.initializer, sf)) {
            problems.push(`${name}:${line}: \`${call.getText(sf).slice(0, 40)}…\` needs /* @__PURE__ */ (or move it into a function)`)
          }
        }
      } else if (ts.isExpressionStatement(statement) || ts.isIfStatement(statement) || ts.isForStatement(statement)) {
        problems.push(`${name}:${line}: a top-level statement with effects (\`${start}…\`); run it on first use, or list it in ALLOWED with its reason`)
      }
    }
    expect(problems).toEqual([])
  })
})
