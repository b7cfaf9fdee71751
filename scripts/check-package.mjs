#!/usr/bin/env node
// Checks the package as it would be published. Needs a fresh `npm run build`.
//   1. dist directives: dist/index.js starts with exactly one 'use client';
//      no other built file (core, adapters, shared chunks) carries it, and
//      nothing reachable from dist/core/index.js or dist/adapters/index.js
//      imports react.
//   2. `npm pack` into a temp dir.
//   3. publint on the tarball (errors and warnings fail).
//   4. arethetypeswrong on the tarball (esm-only profile; any problem fails).
//   5. a consumer's type-check of the unpacked tarball, strict, with
//      `noUncheckedSideEffectImports` (TypeScript 7's default), under TypeScript 5.9
//      (`typescript`) and 7 (`typescript-7`): every entry, the stylesheet included.
//
//   node scripts/check-package.mjs
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';

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
const CLIENT_FILES = new Set(['index.js']);
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
  // Everything statically reachable from the core, adapters and locales entries must be React-free.
  const seen = new Set();
  const queue = ['core/index.js', 'adapters/index.js', 'locales/index.js'];
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file) || !existsSync(join(dist, file))) continue;
    seen.add(file);
    const code = readFileSync(join(dist, file), 'utf8');
    for (const [, spec] of code.matchAll(/(?:^|[\s;])(?:import|export)\b[^'"]*?['"]([^'"]+)['"]/g)) {
      if (spec.startsWith('.')) queue.push(relative(dist, resolve(dist, dirname(file), spec)));
      else if (/^(react|react-dom|framer-motion|@radix-ui)(\/|$)/.test(spec)) {
        problems.push(`${file} (reachable from core, adapters or locales) imports ${spec}`);
      }
    }
  }
  for (const p of problems) console.log(`  ${p}`);
  report(
    "dist directives ('use client', React-free core, adapters and locales)",
    problems.length === 0,
    problems.length === 0 ? `${jsFiles.length} files, ${seen.size} in the core, adapters and locales graph` : `${problems.length} problem(s)`,
  );
}

const dir = mkdtempSync(join(tmpdir(), 'reasoning-ui-pack-'));
try {
  // 1. npm pack
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

  // 2. publint: --strict turns warnings into errors; suggestions are printed only.
  const publint = run(bin('publint'), ['run', tarball, '--strict'], { stdio: 'pipe' });
  const publintOut = `${publint.stdout}${publint.stderr}`.trim();
  if (publintOut) console.log(publintOut.replace(/^/gm, '  '));
  report('publint', publint.status === 0, publint.status === 0 ? 'no errors or warnings' : `exit ${publint.status}`);

  // 3. arethetypeswrong on the same tarball. The package is ESM-only, so the
  // esm-only profile (skips the node10 and node16-from-CJS resolutions).
  const attw = run(bin('attw'), [tarball, '--profile', 'esm-only', '--format', 'table-flipped', '--no-emoji'], {
    stdio: 'pipe',
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  const attwOut = `${attw.stdout}${attw.stderr}`.trim();
  if (attwOut) console.log(attwOut.replace(/^/gm, '  '));
  report('attw --profile esm-only', attw.status === 0, attw.status === 0 ? 'no problems' : `exit ${attw.status}`);

  // 5. A consumer type-checks the unpacked tarball: the package in node_modules/reasoning-ui,
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

const failed = results.filter((r) => !r.ok).length;
console.log(failed === 0 ? 'package checks: all passed' : `package checks: ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
