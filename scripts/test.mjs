#!/usr/bin/env node
// `npm test`: every check the project has, in order, each as a child process
// with inherited output. Keeps going after a failure, then prints a summary and
// a final `N passed, M failed` line (counting steps). Exit 1 if any failed.
//
//   node scripts/test.mjs                 all steps
//   node scripts/test.mjs unit lint       a subset, by key (order is kept)
//   node scripts/test.mjs --list          list step keys
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { resolve } from 'node:path';
import { chromiumPath } from '../test/helpers/chromium.mjs';

const root = resolve(import.meta.dirname, '..');

/** Returns an error message if the browser steps cannot run, else null. */
function chromiumProblem() {
  try {
    accessSync(chromiumPath, constants.X_OK);
    return null;
  } catch {
    return (
      `No Chromium executable at ${chromiumPath}. Install it (Debian: \`apt-get install -y chromium\`, ` +
      'as .ci/run does) or set CHROMIUM_PATH. Browser tests are never skipped.'
    );
  }
}

const npm = (script) => ({ cmd: 'npm', args: ['run', '--silent', script] });

/** Each step is an npm script, so `npm run <script>` reproduces it alone. */
/** @type {{ key: string, label: string, cmd: string, args: string[], precheck?: () => string | null }[]} */
const steps = [
  { key: 'typecheck', label: 'typecheck', ...npm('typecheck') },
  { key: 'lint', label: 'lint', ...npm('lint') },
  { key: 'unit', label: 'unit tests', ...npm('test:unit') },
  { key: 'browser', label: 'browser tests', ...npm('test:browser'), precheck: chromiumProblem },
  { key: 'e2e', label: 'end-to-end tests', ...npm('test:e2e'), precheck: chromiumProblem },
  { key: 'build', label: 'build', ...npm('build') },
  { key: 'size', label: 'size budgets', ...npm('size') },
  { key: 'package', label: 'package checks', ...npm('check:package') },
  // `build` above has just written dist/: the runner packs it as it is (it fails if dist/ lacks a file `exports` names).
  { key: 'examples', label: 'examples', cmd: 'npm', args: ['run', '--silent', 'test:examples', '--', '--no-build'], precheck: chromiumProblem },
];

const argv = process.argv.slice(2);
if (argv.includes('--list') || argv.includes('--help') || argv.includes('-h')) {
  console.log('Steps (run all, or name some):');
  for (const s of steps) console.log(`  ${s.key.padEnd(10)} ${s.label}: ${[s.cmd, ...s.args].join(' ')}`);
  process.exit(0);
}
const unknown = argv.filter((a) => !steps.some((s) => s.key === a || s.label === a));
if (unknown.length > 0) {
  console.error(`Unknown step(s): ${unknown.join(', ')}. Known: ${steps.map((s) => s.key).join(', ')}`);
  process.exit(2);
}
const selected = argv.length === 0 ? steps : steps.filter((s) => argv.includes(s.key) || argv.includes(s.label));

const results = [];
for (const step of selected) {
  console.log(`\n━━━ ${step.label} ━━━ ${[step.cmd, ...step.args].join(' ')}`);
  const started = performance.now();
  let ok;
  const problem = step.precheck?.();
  if (problem) {
    console.error(`FAIL: ${problem}`);
    ok = false;
  } else {
    const r = spawnSync(step.cmd, step.args, { cwd: root, stdio: 'inherit', env: process.env });
    if (r.error) console.error(`FAIL: could not start ${step.cmd}: ${r.error.message}`);
    else if (r.signal) console.error(`FAIL: ${step.label} killed by ${r.signal}`);
    ok = !r.error && r.status === 0;
  }
  const seconds = (performance.now() - started) / 1000;
  results.push({ label: step.label, ok, seconds });
}

const width = Math.max(4, ...results.map((r) => r.label.length));
const line = `${'─'.repeat(width + 2)}┼────────┼─────────`;
console.log('\nSummary');
console.log(` ${'step'.padEnd(width)} │ result │ seconds`);
console.log(line);
for (const r of results) {
  console.log(` ${r.label.padEnd(width)} │ ${(r.ok ? 'PASS' : 'FAIL').padEnd(6)} │ ${r.seconds.toFixed(1).padStart(7)}`);
}
const total = results.reduce((sum, r) => sum + r.seconds, 0);
console.log(line);
console.log(` ${'total'.padEnd(width)} │        │ ${total.toFixed(1).padStart(7)}`);
const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
