#!/usr/bin/env node
// API reports: one etc/<name>.api.md per public JavaScript entry of package.json `exports`
// (its `types` file in dist), made by API Extractor from the built declarations, so a change
// to the public API shows in review as a diff of these files. Needs a fresh `npm run build`.
//
//   node scripts/api-report.mjs            compare dist with etc/*.api.md; exit 1 (with a diff) if they differ
//   node scripts/api-report.mjs --update   write etc/*.api.md from dist (`npm run api:update` builds first)
//
// Entries come from `exports`, so a new entry gets a report without touching this script.
// Settings (messages, compiler options) are in api-extractor.json. scripts/check-package.mjs
// runs the comparison through checkApiReports().
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, posix, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');
const etc = join(root, 'etc');
const configPath = join(root, 'api-extractor.json');
const UPDATE_COMMAND = 'npm run api:update';

/**
 * The entries that get a report: every `exports` subpath whose `types` condition names a .d.ts
 * and whose code is JavaScript (the stylesheet's `export {}` types and ./package.json have none).
 * '.' → reasoning-ui, './core' → reasoning-ui-core, './ai-sdk' → reasoning-ui-ai-sdk, …
 * @returns {{ subpath: string, name: string, types: string }[]}
 */
export function apiEntries(pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))) {
  const found = (target, condition) => {
    if (typeof target === 'string') return condition(target) ? target : undefined;
    if (Array.isArray(target)) return target.map((t) => found(t, condition)).find(Boolean);
    if (target && typeof target === 'object') {
      for (const [key, value] of Object.entries(target)) {
        const hit = key === 'types' ? found(value, (p) => p.endsWith('.d.ts')) : found(value, condition);
        if (hit) return hit;
      }
    }
    return undefined;
  };
  const withoutTypes = (target) =>
    target && typeof target === 'object' && !Array.isArray(target)
      ? Object.fromEntries(Object.entries(target).filter(([key]) => key !== 'types').map(([k, v]) => [k, withoutTypes(v)]))
      : target;
  const exportsMap = typeof pkg.exports === 'string' || Array.isArray(pkg.exports) ? { '.': pkg.exports } : (pkg.exports ?? {});
  const entries = [];
  for (const [subpath, target] of Object.entries(exportsMap)) {
    if (!subpath.startsWith('.') || subpath.includes('*')) continue;
    const types = found(target, () => false);
    const code = found(withoutTypes(target), (p) => /\.[cm]?js$/.test(p));
    if (!types || !code) continue;
    const name = [pkg.name.replace(/^@/, '').replace(/\//g, '-'), ...subpath.slice(2).split('/').filter(Boolean)].join('-');
    entries.push({ subpath, name, types: resolve(root, types) });
  }
  return entries;
}

/**
 * Builds every entry's report into a temp folder (one TypeScript program for all of them).
 * @returns {Promise<{ reports: Map<string, string>, problems: string[], entries: ReturnType<typeof apiEntries> }>}
 */
async function buildReports() {
  const requireFromRoot = createRequire(join(root, 'package.json'));
  const { Extractor, ExtractorConfig, CompilerState } = await import(
    pathToFileURL(requireFromRoot.resolve('@microsoft/api-extractor')).href
  );
  const pkgName = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).name;
  const entries = apiEntries();
  const missing = entries.filter((e) => !existsSync(e.types));
  if (missing.length > 0) {
    return {
      entries,
      reports: new Map(),
      problems: missing.map((e) => `${relative(root, e.types)} (entry '${e.subpath}') does not exist: run \`npm run build\` first`),
    };
  }
  const out = mkdtempSync(join(tmpdir(), 'reasoning-ui-api-'));
  const problems = [];
  const reports = new Map();
  try {
    const base = ExtractorConfig.loadFile(configPath);
    const prepare = (entry) =>
      ExtractorConfig.prepare({
        configObject: {
          ...base,
          mainEntryPointFilePath: entry.types,
          apiReport: { ...base.apiReport, reportFileName: entry.name, reportFolder: out, reportTempFolder: join(out, 'temp') },
        },
        configObjectFullPath: configPath,
        packageJsonFullPath: join(root, 'package.json'),
      });
    const configs = entries.map(prepare);
    const compilerState = CompilerState.create(configs[0], { additionalEntryPoints: entries.map((e) => e.types) });
    // What each entry exports (by name), to tell a type exported by another entry (the adapters use
    // reasoning-ui/core's) from one no entry exports.
    const program = /** @type {any} */ (compilerState.program);
    const checker = program.getTypeChecker();
    const exportedAnywhere = new Set();
    for (const entry of entries) {
      const source = program.getSourceFile(entry.types);
      const moduleSymbol = source && checker.getSymbolAtLocation(source);
      if (moduleSymbol) for (const symbol of checker.getExportsOfModule(moduleSymbol)) exportedAnywhere.add(symbol.name);
    }
    for (const [i, entry] of entries.entries()) {
      const unexported = new Map();
      const result = Extractor.invoke(configs[i], {
        localBuild: true,
        compilerState,
        messageCallback(message) {
          // Progress lines ("Analysis will use…", "Writing…", "report created") stay quiet;
          // other warnings and errors are problems.
          if (message.messageId === 'ae-forgotten-export') {
            const name = message.properties.exportName ?? /"([^"]+)"/.exec(message.text)?.[1] ?? message.text;
            if (!exportedAnywhere.has(name)) {
              unexported.set(name, message.sourceFilePath ? relative(root, message.sourceFilePath) : '?');
            }
          } else if (
            message.category === 'Compiler' &&
            message.sourceFilePath &&
            relative(root, message.sourceFilePath).split(/[\\/]/).includes('node_modules')
          ) {
            // A library's own declarations (framer-motion's MotionStyle under API Extractor's
            // TypeScript): not ours to fix. Our dist/*.d.ts are checked (skipLibCheck is off).
          } else if (message.category === 'console') {
            // e.g. console-api-report-created: the temp folder starts empty on purpose.
          } else if (message.logLevel === 'warning' || message.logLevel === 'error') {
            const where = message.sourceFilePath
              ? `${relative(root, message.sourceFilePath)}${message.sourceFileLine ? `:${message.sourceFileLine}` : ''}: `
              : '';
            // One program serves every entry, so its compiler messages come once per entry: keep one.
            const line = `${message.category === 'Compiler' ? 'declarations' : entry.name}: ${where}(${message.messageId}) ${message.text}`;
            if (!problems.includes(line)) problems.push(line);
          }
          message.handled = true;
        },
      });
      if (!result.succeeded && result.errorCount === 0 && result.warningCount === 0) {
        problems.push(`${entry.name}: API Extractor did not succeed`);
      }
      const file = join(out, `${entry.name}.api.md`);
      if (existsSync(file)) {
        // The heading names the entry ("reasoning-ui/core"), not just the package.
        let text = readFileSync(file, 'utf8').replace(
          /^## API Report File for "[^"]*"/,
          `## API Report File for "${posix.join(pkgName, entry.subpath)}"`,
        );
        if (unexported.size > 0) {
          // Types of this entry's API that a user cannot import by name from any entry.
          const lines = [...unexported].sort(([a], [b]) => a.localeCompare(b)).map(([name, at]) => `//   ${name} (used in ${at})`);
          text = text.replace(
            /\n```\s*$/,
            `\n// Not exported by any entry (users cannot name these types; scripts/api-report.mjs):\n${lines.join('\n')}\n\n\`\`\`\n`,
          );
        }
        reports.set(`${entry.name}.api.md`, text);
      }
      else problems.push(`${entry.name}: no report written`);
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
  return { entries, reports, problems };
}

/** Reports in etc/ now (name → text). */
function committedReports() {
  if (!existsSync(etc)) return new Map();
  return new Map(
    readdirSync(etc)
      .filter((f) => f.endsWith('.api.md'))
      .map((f) => [f, readFileSync(join(etc, f), 'utf8')]),
  );
}

/** A unified diff of two texts, by git (any clone has it), else by diff(1). */
function unifiedDiff(name, before, after) {
  const dir = mkdtempSync(join(tmpdir(), 'reasoning-ui-api-diff-'));
  try {
    const a = join(dir, 'committed');
    const b = join(dir, 'built');
    writeFileSync(a, before ?? '');
    writeFileSync(b, after ?? '');
    const git = spawnSync('git', ['diff', '--no-index', '--no-color', '--', a, b], { encoding: 'utf8' });
    let text = git.status === 1 ? git.stdout : '';
    if (!text) text = spawnSync('diff', ['-u', a, b], { encoding: 'utf8' }).stdout ?? '';
    if (!text) return `(no diff tool available; compare etc/${name} with \`node scripts/api-report.mjs --update\`'s)`;
    // Name the two sides as the reader knows them, not by their temp paths.
    return text
      .replace(/^diff --git .*\n/m, '')
      .replace(/^(new file mode|index) .*\n/gm, '')
      .replace(/^--- .*$/m, `--- etc/${name} (committed)`)
      .replace(/^\+\+\+ .*$/m, `+++ etc/${name} (from dist, as built)`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Compares the built declarations' reports with etc/*.api.md.
 * @returns {Promise<{ ok: boolean, summary: string, details: string[] }>}
 */
export async function checkApiReports() {
  const { entries, reports, problems } = await buildReports();
  const committed = committedReports();
  const details = [...problems];
  const changed = [];
  for (const [name, text] of reports) {
    if (committed.get(name) !== text) {
      changed.push(name);
      details.push(
        committed.has(name)
          ? `etc/${name} differs from the built declarations:\n${unifiedDiff(name, committed.get(name), text)}`
          : `etc/${name} is missing (new entry?):\n${unifiedDiff(name, '', text)}`,
      );
    }
  }
  for (const name of committed.keys()) {
    if (!reports.has(name) && problems.length === 0) {
      changed.push(name);
      details.push(`etc/${name} has no entry in package.json exports any more`);
    }
  }
  const ok = problems.length === 0 && changed.length === 0;
  if (changed.length > 0) {
    details.push(
      `The public API changed (${changed.join(', ')}). If that is intended, run \`${UPDATE_COMMAND}\` ` +
        '(build, then rewrite etc/*.api.md) and commit etc/ with the change, so review sees it.',
    );
  }
  const summary = ok
    ? `${entries.length} entries (${entries.map((e) => e.subpath).join(', ')}) match etc/*.api.md`
    : `${changed.length} report(s) differ, ${problems.length} problem(s)`;
  return { ok, summary, details };
}

/** Writes etc/*.api.md from dist, removing reports of entries that are gone. */
export async function updateApiReports() {
  const { entries, reports, problems } = await buildReports();
  if (problems.length > 0 && reports.size < entries.length) return { ok: false, problems, written: [] };
  mkdirSync(etc, { recursive: true });
  const written = [];
  for (const [name, text] of reports) {
    const file = join(etc, name);
    if (!existsSync(file) || readFileSync(file, 'utf8') !== text) written.push(name);
    writeFileSync(file, text);
  }
  for (const name of committedReports().keys()) {
    if (!reports.has(name)) {
      rmSync(join(etc, name));
      written.push(`${name} (removed)`);
    }
  }
  return { ok: problems.length === 0, problems, written, entries };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  if (process.argv.includes('--update')) {
    const { ok, problems, written } = await updateApiReports();
    for (const p of problems) console.log(p);
    console.log(written.length > 0 ? `updated ${written.map((n) => `etc/${n}`).join(', ')}` : 'etc/*.api.md already up to date');
    console.log(`${seconds()} s`);
    process.exit(ok ? 0 : 1);
  } else {
    const { ok, summary, details } = await checkApiReports();
    for (const d of details) console.log(d);
    console.log(`${ok ? 'PASS' : 'FAIL'}  API reports — ${summary} (${seconds()} s)`);
    process.exit(ok ? 0 : 1);
  }
}
