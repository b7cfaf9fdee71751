#!/usr/bin/env node
// Checks the package as it would be published. Needs a fresh `npm run build`.
//   1. dist directives: dist/index.js starts with exactly one 'use client';
//      no other built file (core, adapters, shared chunks) carries it, and
//      nothing reachable from the other entries of `exports` (core, adapters,
//      locales, …) imports react.
//   1b. the two builds: dist/ (the `default` condition) keeps development text,
//      dist/production/ (the `production` condition) has none of it; neither refers
//      to `process` (each build replaced `process.env.NODE_ENV`); every JavaScript
//      entry of `exports` has both.
//   2. `npm publish --dry-run --json` (never publishes): no npm warnings (but the
//      login one every dry run without credentials gives), and the file list is what
//      a consumer needs: package.json, README.md, CHANGELOG.md, LICENSE if there is
//      one, dist's .js/.js.map/.d.ts and styles.css; no tests, stories or build info;
//      every export target and every relative import of a shipped file is shipped;
//      every source map carries its sources' text (src/ is not shipped) and names
//      no path outside src/.
//   3. `npm pack` into a temp dir.
//   4. publint on the tarball (errors and warnings fail).
//   5. arethetypeswrong on the tarball (esm-only profile; any problem fails).
//   6. a consumer's type-check of the unpacked tarball, strict, with
//      `noUncheckedSideEffectImports` (TypeScript 7's default), under TypeScript 5.9
//      (`typescript`) and 7 (`typescript-7`): every entry, the stylesheet included.
//   7. API reports: the built declarations of every entry match etc/*.api.md
//      (scripts/api-report.mjs; `npm run api:update` rewrites them).
//
//   node scripts/check-package.mjs
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix, relative, resolve } from 'node:path';
import { apiEntries, checkApiReports } from './api-report.mjs';

const root = resolve(import.meta.dirname, '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const results = [];

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: root, encoding: 'utf8', ...opts });
  if (r.error) throw r.error;
  return r;
}

function report(name, ok, detail) {
  results.push({ name, ok });
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}${detail ? ` — ${detail}` : ''}`);
}

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const missing = [];
(function collect(node) {
  if (typeof node === 'string') {
    if (node.startsWith('./dist/') && !existsSync(join(root, node))) missing.push(node);
  } else if (node && typeof node === 'object') {
    Object.values(node).forEach(collect);
  }
})(pkg.exports);
if (missing.length > 0) {
  report('build output', false, `missing ${missing.join(', ')} (run \`npm run build\` first)`);
  process.exit(1);
}

// 1. 'use client' only on the React entry; core stays React-free.
// Built files that must start with the directive (paths relative to dist).
const CLIENT_FILES = new Set(['index.js', 'production/index.js']);
{
  const dist = join(root, 'dist');
  const jsFiles = readdirSync(dist, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.js'));
  const directive = /^\s*(['"])use client\1;?/;
  const problems = [];
  for (const file of jsFiles) {
    const code = readFileSync(join(dist, file), 'utf8');
    const count = (code.match(/^\s*(['"])use client\1;?\s*$/gm) ?? []).length;
    if (CLIENT_FILES.has(file)) {
      if (!directive.test(code)) problems.push(`${file} does not start with 'use client'`);
      else if (count > 1) problems.push(`${file} has ${count} 'use client' directives (drop the one in src; the build adds it)`);
    } else if (count > 0) {
      problems.push(`${file} has 'use client' but is not a client entry`);
    }
  }
  // Everything statically reachable from the other entries (core, adapters, locales, and any entry
  // package.json `exports` gains) must be React-free.
  const serverEntries = apiEntries(pkg)
    .map((e) => relative(dist, e.types).replace(/\.d\.ts$/, '.js'))
    .filter((file) => !CLIENT_FILES.has(file))
    .flatMap((file) => [file, `production/${file}`]);
  const seen = new Set();
  const queue = [...serverEntries];
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file) || !existsSync(join(dist, file))) continue;
    seen.add(file);
    const code = readFileSync(join(dist, file), 'utf8');
    for (const [, spec] of code.matchAll(/(?:^|[\s;])(?:import|export)\b[^'"]*?['"]([^'"]+)['"]/g)) {
      if (spec.startsWith('.')) queue.push(relative(dist, resolve(dist, dirname(file), spec)));
      else if (/^(react|react-dom|framer-motion|@radix-ui)(\/|$)/.test(spec)) {
        problems.push(`${file} (reachable from ${serverEntries.join(', ')}) imports ${spec}`);
      }
    }
  }
  for (const p of problems) console.log(`  ${p}`);
  report(
    `dist directives ('use client' on ${[...CLIENT_FILES].join(', ')} only; React-free ${serverEntries.join(', ')})`,
    problems.length === 0,
    problems.length === 0 ? `${jsFiles.length} files, ${seen.size} in the React-free graph` : `${problems.length} problem(s)`,
  );
}

// 1b. Development text only in the default build; no `process` in either.
{
  const { transformSync } = await import('esbuild');
  const dist = join(root, 'dist');
  // Sentences from the reducer's diagnostics, the draft's cap note and the parts' misuse errors.
  const SENTENCES = ['is a retired AG-UI event', 'Diagnostics are capped at', 'must be used within <Reasoning>'];
  const problems = [];
  const jsFiles = readdirSync(dist, { recursive: true }).map(String).filter((f) => f.endsWith('.js'));
  const text = (files) => files.map((f) => readFileSync(join(dist, f), 'utf8')).join('\n');
  for (const file of jsFiles) {
    // Minified, so that comments (which may mention it) are gone and only code is left.
    const { code } = transformSync(readFileSync(join(dist, file), 'utf8'), { minify: true, format: 'esm', loader: 'js' });
    if (/\bprocess\b/.test(code)) problems.push(`${file} refers to process (the build should have replaced process.env.NODE_ENV)`);
  }
  const development = text(jsFiles.filter((f) => !f.startsWith('production/')));
  const production = text(jsFiles.filter((f) => f.startsWith('production/')));
  for (const sentence of SENTENCES) {
    if (!development.includes(sentence)) problems.push(`dist/ lacks the development sentence ${JSON.stringify(sentence)}`);
    if (production.includes(sentence)) problems.push(`dist/production/ contains the development sentence ${JSON.stringify(sentence)}`);
  }
  for (const [key, target] of Object.entries(pkg.exports)) {
    if (typeof target !== 'object' || !target.default?.endsWith('.js')) continue;
    if (target.production !== target.default.replace('./dist/', './dist/production/')) {
      problems.push(`exports[${JSON.stringify(key)}].production should be ${target.default.replace('./dist/', './dist/production/')}`);
    }
  }
  for (const p of problems) console.log(`  ${p}`);
  report(
    'two builds (development text in dist/, none in dist/production/, no process in either)',
    problems.length === 0,
    problems.length === 0 ? `${jsFiles.length} files` : `${problems.length} problem(s)`,
  );
}

// 2. npm publish --dry-run: what `npm publish` would do, without publishing. A user config of its
// own (empty): the machine's ~/.npmrc neither warns here nor lends credentials to a dry run.
{
  const scratch = mkdtempSync(join(tmpdir(), 'reasoning-ui-publish-'));
  const userconfig = join(scratch, 'npmrc');
  writeFileSync(userconfig, '');
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
  const dry = run('npm', ['publish', '--dry-run', '--json', '--ignore-scripts'], {
    env: { ...env, npm_config_userconfig: userconfig, npm_config_update_notifier: 'false', NO_COLOR: '1' },
  });
  rmSync(scratch, { recursive: true, force: true });
  const problems = [];
  // Every dry run without credentials says it would need them; nothing else may be said.
  const expected = /^npm warn publish This command requires you to be logged in to \S+ \(dry-run\)$/;
  const warnings = [...new Set(dry.stderr.split('\n').filter((line) => /^npm (warn|error|err!)/i.test(line) && !expected.test(line)))];
  problems.push(...warnings);
  let files = [];
  if (dry.status !== 0) problems.push(`npm publish --dry-run exited ${dry.status}: ${dry.stderr.trim()}`);
  else {
    const json = JSON.parse(dry.stdout.slice(dry.stdout.indexOf('{')));
    files = (json[pkg.name] ?? json).files.map((f) => f.path);
  }
  const shipped = new Set(files);
  if (files.length > 0) {
    const allowed = (f) =>
      ['package.json', 'README.md', 'CHANGELOG.md'].includes(f) ||
      /^LICEN[CS]E(\.md|\.txt)?$/.test(f) ||
      (f.startsWith('dist/') && /\.(js|js\.map|d\.ts|css)$/.test(f) && !/(^|\/)(__tests__|tests?|stories)\/|\.(test|spec|stories)\./.test(f));
    for (const f of files) if (!allowed(f)) problems.push(`unexpected file in the package: ${f}`);
    for (const f of ['package.json', 'README.md', 'CHANGELOG.md']) if (!shipped.has(f)) problems.push(`${f} is not in the package (package.json "files")`);
    (function targets(node) {
      if (typeof node === 'string') {
        if (node.startsWith('./') && !shipped.has(node.slice(2))) problems.push(`export target ${node} is not in the package`);
      } else if (node && typeof node === 'object') Object.values(node).forEach(targets);
    })(pkg.exports);
    for (const f of files.filter((f) => /\.(js|d\.ts)$/.test(f))) {
      const code = readFileSync(join(root, f), 'utf8');
      // Relative specifiers of static and dynamic imports and re-exports.
      for (const [, spec] of code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g)) {
        const target = posix.join(posix.dirname(f), spec);
        const candidates = f.endsWith('.d.ts') ? [target.replace(/\.js$/, '.d.ts'), target] : [target];
        if (!candidates.some((c) => shipped.has(c))) problems.push(`${f} imports ${spec}, which is not in the package`);
      }
      if (f.endsWith('.js')) {
        const url = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(code)?.[1];
        if (url && !shipped.has(posix.join(posix.dirname(f), url))) problems.push(`${f} names source map ${url}, which is not in the package`);
      }
    }
    // Source maps point at ../src/…, which is not shipped: each must carry its sources' text
    // (sourcesContent), so a debugger shows the original without src/, and name nothing else.
    for (const f of files.filter((f) => f.endsWith('.js.map'))) {
      const map = JSON.parse(readFileSync(join(root, f), 'utf8'));
      const sources = map.sources ?? [];
      const content = map.sourcesContent ?? [];
      const outside = [];
      const bare = [];
      sources.forEach((source, i) => {
        const where = posix.join(posix.dirname(f), map.sourceRoot ?? '', source);
        if (source.startsWith('/') || /^[a-z]+:/i.test(source) || !where.startsWith('src/')) outside.push(source);
        else if (typeof content[i] !== 'string') bare.push(source);
      });
      if (outside.length > 0) problems.push(`${f} maps to ${outside.join(', ')}: outside src/`);
      if (bare.length > 0) problems.push(`${f} has no sourcesContent for ${bare.length} of its ${sources.length} sources (${bare[0]}, …)`);
    }
  }
  for (const p of problems) console.log(`  ${p}`);
  if (!files.some((f) => /^LICEN[CS]E/.test(f)) && pkg.license) {
    console.log(`  note: "license": "${pkg.license}" but no LICENSE file ships (npm adds one from the root if present)`);
  }
  report(
    'npm publish --dry-run',
    problems.length === 0,
    problems.length === 0
      ? `no warnings, ${files.length} files as expected, every import and source map resolves within the package`
      : `${problems.length} problem(s)`,
  );
}

const dir = mkdtempSync(join(tmpdir(), 'reasoning-ui-pack-'));
try {
  // 3. npm pack
  const pack = run('npm', ['pack', '--json', '--pack-destination', dir, '--ignore-scripts']);
  let tarball;
  if (pack.status === 0) {
    const info = JSON.parse(pack.stdout.slice(pack.stdout.indexOf('[')))[0];
    tarball = join(dir, info.filename);
    report('npm pack', true, `${info.filename}, ${info.entryCount} files, ${info.size} bytes`);
  } else {
    process.stderr.write(pack.stderr);
    report('npm pack', false, `exit ${pack.status}`);
    process.exit(1);
  }

  // 4. publint: --strict turns warnings into errors; suggestions are printed only.
  const publint = run(bin('publint'), ['run', tarball, '--strict'], { stdio: 'pipe' });
  const publintOut = `${publint.stdout}${publint.stderr}`.trim();
  if (publintOut) console.log(publintOut.replace(/^/gm, '  '));
  report('publint', publint.status === 0, publint.status === 0 ? 'no errors or warnings' : `exit ${publint.status}`);

  // 5. arethetypeswrong on the same tarball. The package is ESM-only, so the
  // esm-only profile (skips the node10 and node16-from-CJS resolutions).
  const attw = run(bin('attw'), [tarball, '--profile', 'esm-only', '--format', 'table-flipped', '--no-emoji'], {
    stdio: 'pipe',
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  const attwOut = `${attw.stdout}${attw.stderr}`.trim();
  if (attwOut) console.log(attwOut.replace(/^/gm, '  '));
  report('attw --profile esm-only', attw.status === 0, attw.status === 0 ? 'no problems' : `exit ${attw.status}`);

  // 6. A consumer type-checks the unpacked tarball: the package in node_modules/reasoning-ui,
  // everything else (React, its types, the peers) linked from this project's node_modules.
  const consumer = join(dir, 'consumer');
  const modules = join(consumer, 'node_modules');
  mkdirSync(modules, { recursive: true });
  run('tar', ['-xzf', tarball, '-C', consumer]);
  renameSync(join(consumer, 'package'), join(modules, 'reasoning-ui'));
  for (const name of readdirSync(join(root, 'node_modules'))) {
    if (name === 'reasoning-ui' || name.startsWith('.')) continue;
    symlinkSync(join(root, 'node_modules', name), join(modules, name));
  }
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  writeFileSync(
    join(consumer, 'index.tsx'),
    [
      "import 'reasoning-ui/styles.css'",
      "import { ReasoningPanel, ReasoningStream, useReasoningStream } from 'reasoning-ui'",
      "import { createReasoningStore, toMarkdown } from 'reasoning-ui/core'",
      "import { createOpenAIResponsesTranslator } from 'reasoning-ui/adapters'",
      "import { germanLabels, labelsFor } from 'reasoning-ui/locales'",
      'const store = createReasoningStore()',
      "export const App = () => <ReasoningStream store={store} labels={labelsFor('de') ?? germanLabels} />",
      'export const parts = [ReasoningPanel, useReasoningStream, toMarkdown, createOpenAIResponsesTranslator]',
      // Every JavaScript entry in `exports`, so one added later is type-checked too.
      ...apiEntries(pkg).map((e, i) => `export * as entry${i} from '${posix.join(pkg.name, e.subpath)}'`),
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(consumer, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        module: 'nodenext',
        moduleResolution: 'nodenext',
        jsx: 'react-jsx',
        noUncheckedSideEffectImports: true,
        skipLibCheck: true,
        types: [],
      },
      files: ['index.tsx'],
    }),
  );
  for (const [label, compiler] of [
    ['TypeScript 5.9', join(root, 'node_modules', 'typescript', 'bin', 'tsc')],
    ['TypeScript 7', join(root, 'node_modules', 'typescript-7', 'bin', 'tsc')],
  ]) {
    const version = run(process.execPath, [compiler, '--version'], { stdio: 'pipe' }).stdout.trim();
    const tsc = run(process.execPath, [compiler, '-p', consumer], { stdio: 'pipe', cwd: consumer });
    const out = `${tsc.stdout}${tsc.stderr}`.trim();
    if (out) console.log(out.replace(/^/gm, '  '));
    report(`consumer type-check, ${label}`, tsc.status === 0, tsc.status === 0 ? `${version}: strict, noUncheckedSideEffectImports, every entry and the stylesheet` : `exit ${tsc.status}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

// 7. API reports: the public API as built (dist/**/*.d.ts) matches etc/*.api.md.
{
  const started = performance.now();
  const { ok, summary, details } = await checkApiReports();
  for (const d of details) console.log(d.replace(/^/gm, '  '));
  report('API reports (etc/*.api.md)', ok, `${summary}, ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const failed = results.filter((r) => !r.ok).length;
console.log(failed === 0 ? 'package checks: all passed' : `package checks: ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
