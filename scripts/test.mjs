#!/usr/bin/env node
// `npm test`: every check the project has, in order, each as a child process,
// its output shown as it comes and kept in test-results/logs/<key>.log. Keeps going
// after a failure, then prints what failed again (a CI log is read from its tail),
// a summary and a final `N passed, M failed` line (counting steps). Exit 1 if any failed.
// Steps of one `group` run side by side (type-check and lint; the Chromium browser lane and
// the examples; the Firefox and WebKit browser lanes; the three engines' e2e); their output
// goes to test-results/logs/<key>.log and is printed whole as each ends, so they never interleave.
//
//   node scripts/test.mjs                 all steps
//   node scripts/test.mjs unit lint       a subset, by key (order is kept)
//   node scripts/test.mjs --list          list step keys
import { execFileSync, spawn } from 'node:child_process';
import { accessSync, constants, createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromiumPath } from '../test/helpers/chromium.mjs';
import { firefoxPath, miniBrowserPath, webkitDriverPath } from '../test/helpers/engine-paths.mjs';

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

/** The first of `paths` that is not executable, with the Debian package that provides it. */
function missing(paths) {
  for (const [path, apt] of paths) {
    try {
      accessSync(path, constants.X_OK);
    } catch {
      return `No ${path}: apt-get install -y ${apt} (as .ci/run does). Browser tests are never skipped.`;
    }
  }
  return null;
}

const firefoxProblem = () => missing([[firefoxPath, 'firefox-esr']]);

function webkitProblem() {
  const problem = missing([
    [miniBrowserPath, 'libwebkit2gtk-4.1-0'],
    [webkitDriverPath, 'webkit2gtk-driver'],
    ['/usr/bin/Xvfb', 'xvfb'],
  ]);
  if (problem) return problem;
  let locales;
  try {
    locales = execFileSync('locale', ['-a'], { encoding: 'utf8' }).toLowerCase();
  } catch {
    return 'No `locale` command: apt-get install -y locales, then localedef -i en_US -f UTF-8 en_US.UTF-8';
  }
  return /^en_us\.utf-?8$/m.test(locales) ? null : 'No en_US.UTF-8 locale (WebKit would report navigator.language "C"): localedef -i en_US -f UTF-8 en_US.UTF-8 (as root)';
}

const npm = (script) => ({ cmd: 'npm', args: ['run', '--silent', script] });

/** Each step is an npm script, so `npm run <script>` reproduces it alone. */
/** @type {{ key: string, label: string, cmd: string, args: string[], precheck?: () => string | null, group?: string }[]} */
const steps = [
  // Steps of one group run side by side: the machine has 2 cores, and the browser lanes spend
  // much of their time waiting (paced streams, frames), so pairs of them fill it better.
  { key: 'typecheck', label: 'typecheck', ...npm('typecheck'), group: 'static' },
  { key: 'lint', label: 'lint', ...npm('lint'), group: 'static' },
  { key: 'unit', label: 'unit tests', ...npm('test:unit') },
  { key: 'build', label: 'build', ...npm('build') },
  { key: 'size', label: 'size budgets', ...npm('size') },
  { key: 'package', label: 'package checks', ...npm('check:package') },
  // The Chromium browser lane beside the examples: the one mostly waits on the browser, the other
  // on npm installs and servers (2026-12-01: 244 s of wall time for both in one run, 201 + 118 s one after the other in another).
  { key: 'browser', label: 'browser tests', ...npm('test:browser'), precheck: chromiumProblem, group: 'chromium' },
  // `build` above has just written dist/: the runner packs it as it is (it fails if dist/ lacks a file `exports` names).
  { key: 'examples', label: 'examples', cmd: 'npm', args: ['run', '--silent', 'test:examples', '--', '--no-build'], precheck: chromiumProblem, group: 'chromium' },
  // The browser lane in the two other engines (every media launch of each), side by side.
  { key: 'firefox', label: 'Firefox browser tests', ...npm('test:firefox:browser'), precheck: firefoxProblem, group: 'engines' },
  { key: 'webkit', label: 'WebKit browser tests', ...npm('test:webkit:browser'), precheck: webkitProblem, group: 'engines' },
  // The demo end to end in the three engines, side by side (each builds the page into its own folder).
  { key: 'e2e', label: 'end-to-end tests', ...npm('test:e2e'), precheck: chromiumProblem, group: 'e2e' },
  { key: 'e2e-firefox', label: 'end-to-end tests in Firefox', ...npm('test:firefox:e2e'), precheck: firefoxProblem, group: 'e2e' },
  { key: 'e2e-webkit', label: 'end-to-end tests in WebKit', ...npm('test:webkit:e2e'), precheck: webkitProblem, group: 'e2e' },
  // Each engine's captures of the same state side by side (test-results/engines/); fails if one is missing.
  { key: 'sheets', label: 'engine screenshots side by side', ...npm('test:sheets'), precheck: chromiumProblem },
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

const wallStart = performance.now();
const results = [];
const logs = resolve(root, 'test-results/logs');

/** Runs one step, its output to the terminal as it comes and into its log (for the digest of failures at the end). */
function runInline(step) {
  console.log(`\n━━━ ${step.label} ━━━ ${[step.cmd, ...step.args].join(' ')}`);
  const started = performance.now();
  const finish = (ok, note = '') => {
    if (note) console.error(note);
    return { key: step.key, label: step.label, ok, note, seconds: (performance.now() - started) / 1000 };
  };
  const problem = step.precheck?.();
  if (problem) return Promise.resolve(finish(false, `FAIL: ${problem}`));
  mkdirSync(logs, { recursive: true });
  const log = createWriteStream(resolve(logs, `${step.key}.log`));
  return new Promise((settle) => {
    const child = spawn(step.cmd, step.args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    for (const [from, to] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
      from.on('data', (chunk) => {
        to.write(chunk);
        log.write(chunk);
      });
    }
    child.once('error', (error) => log.end(() => settle(finish(false, `FAIL: could not start ${step.cmd}: ${error.message}`))));
    child.once('close', (status, signal) =>
      log.end(() => settle(finish(status === 0, signal ? `FAIL: ${step.label} killed by ${signal}` : status === 0 ? '' : `FAIL: exit code ${status}`))),
    );
  });
}

/** Runs one step of a group, its output into its log; prints the log when it ends. */
function runLogged(step) {
  const started = performance.now();
  const header = `\n━━━ ${step.label} ━━━ ${[step.cmd, ...step.args].join(' ')}`;
  const done = (ok, note = '') => {
    const seconds = (performance.now() - started) / 1000;
    console.log(header);
    if (note) console.error(note);
    try {
      process.stdout.write(readFileSync(resolve(logs, `${step.key}.log`), 'utf8'));
    } catch {
      // No log: the step never started.
    }
    console.log(`━━━ ${step.label}: ${ok ? 'PASS' : 'FAIL'} in ${seconds.toFixed(1)} s`);
    return { key: step.key, label: step.label, ok, note, seconds };
  };
  const problem = step.precheck?.();
  if (problem) return Promise.resolve(done(false, `FAIL: ${problem}`));
  mkdirSync(logs, { recursive: true });
  const log = createWriteStream(resolve(logs, `${step.key}.log`));
  return new Promise((settle) => {
    const child = spawn(step.cmd, step.args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.once('error', (error) => log.end(() => settle(done(false, `FAIL: could not start ${step.cmd}: ${error.message}`))));
    child.once('close', (status, signal) =>
      log.end(() => settle(done(status === 0, signal ? `FAIL: ${step.label} killed by ${signal}` : status === 0 ? '' : `FAIL: exit code ${status}`))),
    );
  });
}

for (let i = 0; i < selected.length; ) {
  const step = selected[i];
  if (!step.group) {
    results.push(await runInline(step));
    i++;
    continue;
  }
  const group = [];
  while (i < selected.length && selected[i].group === step.group) group.push(selected[i++]);
  if (group.length === 1) {
    results.push(await runInline(group[0]));
    continue;
  }
  console.log(`\n━━━ side by side: ${group.map((s) => s.label).join(', ')} (logs in test-results/logs/) ━━━`);
  const started = performance.now();
  results.push(...(await Promise.all(group.map(runLogged))));
  console.log(`━━━ side by side: ${((performance.now() - started) / 1000).toFixed(1)} s wall`);
}

/** A step's log without its colour codes, a line each (none if it never started). */
function logLines(key) {
  let text;
  try {
    text = readFileSync(resolve(logs, `${key}.log`), 'utf8');
  } catch {
    return [];
  }
  // eslint-disable-next-line no-control-regex -- colour codes are what we strip
  return text.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
}

/**
 * What failed, again at the end: a CI log is often read from its tail, where a failure printed
 * minutes earlier is long gone. From vitest's "Failed Tests" section when there is one, else the
 * step's last lines.
 */
function failureDigest(key) {
  const lines = logLines(key);
  // Vitest heads a file that failed outside its tests (a hook, an import) "Failed Suites".
  const start = lines.findIndex((line) => /⎯ Failed (?:Tests?|Suites?) \d+ ⎯|⎯ Unhandled Errors? ⎯/.test(line));
  return start >= 0 ? lines.slice(start, start + 120) : lines.slice(-40);
}

/** What failed in a step's log, a line each: tests, files that failed outside their tests, unhandled errors, examples. */
function failedNames(key) {
  const lines = logLines(key);
  // The skip summary's own list (test/engines/skip-summary.ts), which also names a file that
  // failed outside its tests and an unhandled error; else an example's failure with its first
  // line ("┌── assistant-ui: smoke failed: …", scripts/examples.mjs), vitest's FAIL lines, the
  // examples' table rows, the runner's own FAIL: lines.
  const head = lines.findLastIndex((l) => /^\d+ failure\(s\):$/.test(l));
  if (head >= 0) return lines.slice(head + 1).filter((l) => l.startsWith('  ')).map((l) => l.trim());
  const reasons = lines.filter((l) => l.startsWith('┌── ')).map((l) => l.slice('┌── '.length).trim());
  const names = lines.map((l) => l.trim()).filter((l) => /^(?:FAIL\s|FAIL:|.*│ FAIL )/.test(l));
  return [...new Set([...reasons, ...names])];
}

for (const r of results.filter((result) => !result.ok)) {
  console.log(`\n━━━ what failed in ${r.label} (test-results/logs/${r.key}.log) ━━━`);
  for (const line of failureDigest(r.key)) console.log(line);
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
console.log(` ${'wall (side by side counted once)'.padEnd(width)} │        │ ${((performance.now() - wallStart) / 1000).toFixed(1).padStart(7)}`);
// Last, what failed by name: the few lines a reader of a long log sees first.
for (const r of results.filter((result) => !result.ok)) {
  const names = failedNames(r.key);
  console.log(`failed in ${r.label} (${r.note.replace(/^FAIL: /, '')})${names.length === 0 ? `: no test named; see "what failed in ${r.label}" above` : ':'}`);
  for (const name of names.slice(0, 6)) console.log(`  ${name.length > 200 ? `${name.slice(0, 199)}…` : name}`);
  if (names.length > 6) console.log(`  … ${names.length - 6} more (test-results/logs/${r.key}.log)`);
}
const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
