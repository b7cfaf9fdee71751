/**
 * Every code sample in README.md and docs/*.md is compiled and run: each ```ts / ```tsx /
 * ```js block must appear verbatim between `// #region <name>` and `// #endregion` in an
 * example file under test/ (type-checked with the project by tsconfig.json) that a test
 * file imports (and so runs), or in a region of an example app's source (examples/<name>/,
 * which the examples lane, scripts/examples.mjs, installs from the packed tarball,
 * type-checks, builds and drives in Chromium). Blocks marked as shell, text, CSS or JSONC by their fence's
 * language are not code and are exempt; a block with any other language, or none, fails.
 *
 * The fence scanner is strict rather than complete: it reads ``` and ~~~ fences as
 * CommonMark does at the start of a line, and fails on an indented fence (one inside a
 * list item) instead of guessing where it ends, so that no sample can slip past it.
 * (A markdown parser is not a root dependency, and the docs need no more than this.)
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '../..')

/** Fence languages that are not TypeScript/JavaScript and need no backing example. */
const EXEMPT = new Set(['sh', 'bash', 'shell', 'text', 'css', 'jsonc'])
/** Fence languages that are code, and the example files that may back them. */
const CODE: Record<string, readonly string[]> = {
  ts: ['.ts', '.tsx'],
  typescript: ['.ts', '.tsx'],
  js: ['.ts', '.tsx'],
  javascript: ['.ts', '.tsx'],
  tsx: ['.tsx'],
  jsx: ['.tsx'],
}

export interface Sample {
  readonly file: string
  readonly line: number
  readonly lang: string
  readonly code: string
}

/** The fenced blocks of a markdown text, with their language and first line. */
export function fencedBlocks(markdown: string, file: string): Sample[] {
  const lines = markdown.split('\n')
  const samples: Sample[] = []
  for (let i = 0; i < lines.length; i++) {
    const open = /^( *)(`{3,}|~{3,})\s*([^\s`]*)/.exec(lines[i]!)
    if (!open) continue
    if (open[1]!.length > 0) throw new Error(`${file}:${i + 1}: an indented code fence; put samples at the start of a line`)
    const fence = open[2]!
    const close = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`)
    const end = lines.findIndex((line, j) => j > i && close.test(line))
    if (end < 0) throw new Error(`${file}:${i + 1}: an unclosed code fence`)
    samples.push({ file, line: i + 1, lang: open[3]!.toLowerCase(), code: lines.slice(i + 1, end).join('\n') + '\n' })
    i = end
  }
  return samples
}

/** The `// #region name` … `// #endregion` texts of a source file. */
export function regions(source: string): string[] {
  return [...source.matchAll(/^[ \t]*\/\/ #region[^\n]*\n([\s\S]*?)^[ \t]*\/\/ #endregion/gm)].map((m) => m[1]!)
}

/**
 * The files `tsc -p <dir>/tsconfig.json` compiles: TypeScript's own reading of the config
 * (comments, trailing commas, `extends`, `include`/`files`/`exclude` globs), so that no sample
 * counts as type-checked when the example's compiler never sees it. An unreadable config throws.
 */
export function compiledFiles(dir: string): Set<string> {
  const configFile = join(dir, 'tsconfig.json')
  const read = ts.readConfigFile(configFile, (f) => ts.sys.readFile(f))
  const parsed = read.error ? undefined : ts.parseJsonConfigFileContent(read.config, ts.sys, dir, undefined, configFile)
  const errors = read.error ? [read.error] : parsed!.errors
  if (errors.length > 0) {
    throw new Error(`${relative(root, configFile)}: ${errors.map((e) => ts.flattenDiagnosticMessageText(e.messageText, '\n')).join('; ')}`)
  }
  return new Set(parsed!.fileNames.map((f) => resolve(f)))
}

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => keep(name) && !name.split(/[\\/]/).includes('node_modules'))
    .map((name) => join(dir, name))
}

/** Files a test file imports by relative path (static or dynamic), resolved. */
function importsOf(testFile: string): string[] {
  const source = readFileSync(testFile, 'utf8')
  const specifiers = [...source.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]!)
  return specifiers.map((s) => resolve(dirname(testFile), s))
}

const docs = [join(root, 'README.md'), ...filesUnder(join(root, 'docs'), (n) => n.endsWith('.md'))]
const samples = docs.flatMap((file) => fencedBlocks(readFileSync(file, 'utf8'), relative(root, file)))

const testDir = join(root, 'test')
const exampleFiles = filesUnder(testDir, (n) => /\.tsx?$/.test(n) && !/\.test\.tsx?$/.test(n) && !n.endsWith('.d.ts'))
const tests = filesUnder(testDir, (n) => /\.test\.tsx?$/.test(n))
/** Example files some test imports (an import may leave out the extension). */
const run = new Set(tests.flatMap(importsOf).flatMap((p) => [p, `${p}.ts`, `${p}.tsx`, p.replace(/\.js$/, '.ts'), p.replace(/\.js$/, '.tsx')]))
/**
 * The example apps' sources: an app with the scripts the examples lane runs (typecheck, build,
 * start) and a smoke test is type-checked, built and driven in Chromium, so the regions of the
 * files its `tsc --noEmit` compiles run. Only those: a file outside its tsconfig.json's
 * `include`/`files` (or in its `exclude`) is not type-checked, so it backs no sample.
 */
const appsDir = join(root, 'examples')
const appFiles = readdirSync(appsDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) => {
    const dir = join(appsDir, d.name)
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { scripts?: Record<string, string> }
    const exercised = ['typecheck', 'build', 'start'].every((k) => pkg.scripts?.[k]) && readdirSync(dir).includes('smoke.mjs')
    const compiled = exercised ? compiledFiles(dir) : new Set<string>()
    const source = (n: string) => /\.tsx?$/.test(n) && !n.endsWith('.d.ts') && !/(^|[\\/])(dist|\.next)[\\/]/.test(n)
    return filesUnder(dir, source).map((file) => ({ file, exercised: compiled.has(file) }))
  })
const examples = [
  ...exampleFiles.map((file) => ({ file, regions: regions(readFileSync(file, 'utf8')), run: run.has(file) })),
  ...appFiles.map(({ file, exercised }) => ({ file, regions: regions(readFileSync(file, 'utf8')), run: exercised })),
]

/** Why a sample is not backed, or undefined when an executed, type-checked example has it verbatim. */
export function problemOf(sample: Sample, candidates: typeof examples): string | undefined {
  if (EXEMPT.has(sample.lang)) return undefined
  const extensions = CODE[sample.lang]
  if (!extensions) {
    return `a \`\`\`${sample.lang || '(no language)'} block: give it a code language backed by an example, or one of ${[...EXEMPT].join(', ')}`
  }
  const holders = candidates.filter((e) => extensions.some((x) => e.file.endsWith(x)) && e.regions.includes(sample.code))
  if (holders.length === 0) return `no region of a ${extensions.join('/')} example under test/ or examples/ holds this block verbatim`
  if (!holders.some((e) => e.run)) {
    return `the region is in ${holders.map((e) => relative(root, e.file)).join(', ')}, which no test imports and no example app runs`
  }
  return undefined
}

describe('the code samples of README.md and docs/*.md', () => {
  it('should find the samples (README and at least the core, React and adapter pages)', () => {
    const files = new Set(samples.filter((s) => CODE[s.lang]).map((s) => s.file))
    for (const f of ['README.md', 'docs/core.md', 'docs/react.md', 'docs/adapters.md', 'docs/integrations.md']) expect(files).toContain(f)
  })

  it('should each be compiled and run: verbatim in a region of an example file that a test imports', () => {
    const problems = samples.flatMap((s) => {
      const problem = problemOf(s, examples)
      return problem === undefined ? [] : [`${s.file}:${s.line} ${problem}\n${s.code}`]
    })
    expect(problems).toEqual([])
  })

  it('should tell an unbacked sample, an unmarked block and an example no test runs from a good one', () => {
    const sample = (lang: string, code: string): Sample => ({ file: 'x.md', line: 1, lang, code })
    const example = (file: string, code: string, ran: boolean) => ({ file, regions: [code], run: ran })
    const code = "console.log('hi')\n"
    expect(problemOf(sample('ts', code), [example('/e.ts', code, true)])).toBeUndefined()
    expect(problemOf(sample('ts', code), [example('/e.ts', "console.log('bye')\n", true)])).toMatch(/no region/)
    expect(problemOf(sample('ts', code), [example('/e.ts', code, false)])).toMatch(/no test imports/)
    expect(problemOf(sample('tsx', code), [example('/e.ts', code, true)])).toMatch(/no region/)
    expect(problemOf(sample('', code), [])).toMatch(/no language/)
    expect(problemOf(sample('sh', 'npm test\n'), [])).toBeUndefined()
  })

  it("should count an example app's file as compiled only inside its tsconfig.json's include", () => {
    // An app on disk: tsconfig.json (with comments and a trailing comma, as tsc allows) includes
    // src/ and excludes src/generated/, so of its three sources only src/app.tsx is compiled.
    const dir = mkdtempSync(join(tmpdir(), 'samples-test-app-'))
    try {
      const write = (name: string, text: string) => {
        mkdirSync(dirname(join(dir, name)), { recursive: true })
        writeFileSync(join(dir, name), text)
      }
      write('tsconfig.json', '{\n  // the app\'s sources\n  "compilerOptions": { "jsx": "react-jsx", /* strict */ "strict": true },\n  "include": ["src"],\n  "exclude": ["src/generated"],\n}\n')
      for (const f of ['src/app.tsx', 'src/generated/api.ts', 'scripts/seed.ts']) write(f, 'export {}\n')
      const compiled = compiledFiles(dir)
      expect([...compiled]).toEqual([resolve(dir, 'src/app.tsx')])

      const code = "console.log('hi')\n"
      const app = (f: string) => ({ file: resolve(dir, f), regions: [code], run: compiled.has(resolve(dir, f)) })
      const sample: Sample = { file: 'x.md', line: 1, lang: 'ts', code }
      expect(problemOf(sample, [app('scripts/seed.ts'), app('src/generated/api.ts')])).toMatch(/no example app runs/)
      expect(problemOf(sample, [app('scripts/seed.ts'), app('src/app.tsx')])).toBeUndefined()

      // A config TypeScript cannot read is an error, not an empty list.
      write('tsconfig.json', '{ "include": [')
      expect(() => compiledFiles(dir)).toThrow(/tsconfig\.json/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('should read fences as CommonMark does, and refuse indented ones', () => {
    const md = 'a\n```ts\nconst a = 1\n```\n~~~~tsx title\n```\n~~~~\n````\nx\n````\n'
    expect(fencedBlocks(md, 'x.md').map((s) => [s.lang, s.code])).toEqual([
      ['ts', 'const a = 1\n'],
      ['tsx', '```\n'],
      ['', 'x\n'],
    ])
    expect(() => fencedBlocks('- item\n  ```ts\n  x\n  ```\n', 'x.md')).toThrow(/indented/)
    expect(() => fencedBlocks('```ts\nx\n', 'x.md')).toThrow(/unclosed/)
  })
})
