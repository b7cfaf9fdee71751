#!/usr/bin/env node
// `npm test`: every check the project has, each as a child process (an npm script of its own, so
// `npm run <script>` reproduces it alone), its output kept in test-results/logs/<key>.log and
// printed whole when it ends, so that lanes never interleave. Lanes run side by side, up to
// `TEST_LANES` at once (3 by default), as soon as the lanes they need have ended, the longest
// path first (see `rank`): no lane waits for a group to end. Keeps going after a failure, then
// prints what failed again (a CI log is read from its tail), a summary with each lane's wall
// time, its CPU time (from /proc) and its slowest test files, and a final `N passed, M failed` line (counting
// lanes). Exit 1 if any failed.
//
//   node scripts/test.mjs                 all lanes
//   node scripts/test.mjs unit lint       a subset, by key (a lane they need but not named is not run)
//   node scripts/test.mjs --list          list lane keys
import { execFileSync, spawn } from 'node:child_process';
import { accessSync, constants, createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
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

/**
 * The lanes. `after`: the lanes whose output it reads (it starts once they have ended, whether
 * they passed or not: its own checks say what is missing). `weight`: its wall time in seconds beside
 * two other lanes with both cores busy (the fresh-clone CI run of 9a487af, 2026-12-07), for the order
 * only (see `rank`): what a lane takes when the machine is loaded decides when it must start. Unit's
 * is set above the browser lanes' so that it starts first: all CPU, beside the two WebKit lanes, which
 * wait on the browser for most of theirs (438-486 s that way in loaded runs, 836 s started fourth).
 * `browser`: it drives a browser (see `BROWSERS`).
 * @type {{ key: string, label: string, cmd: string, args: string[], precheck?: () => string | null, after?: string[], browser?: boolean, weight: number }[]}
 */
const steps = [
  { key: 'typecheck', label: 'typecheck', ...npm('typecheck'), weight: 110 },
  { key: 'lint', label: 'lint', ...npm('lint'), weight: 80 },
  // Two workers on every core: started first, it does not end the run on its own.
  { key: 'unit', label: 'unit tests', ...npm('test:unit'), weight: 600 },
  { key: 'build', label: 'build', ...npm('build'), weight: 30 },
  { key: 'size', label: 'size budgets', ...npm('size'), after: ['build'], weight: 5 },
  { key: 'package', label: 'package checks', ...npm('check:package'), after: ['build'], weight: 60 },
  { key: 'browser', label: 'browser tests', ...npm('test:browser'), precheck: chromiumProblem, browser: true, weight: 480 },
  // `build` has written dist/: the runner packs it as it is (it fails if dist/ lacks a file `exports` names).
  { key: 'examples', label: 'examples', cmd: 'npm', args: ['run', '--silent', 'test:examples', '--', '--no-build'], precheck: chromiumProblem, after: ['build'], browser: true, weight: 250 },
  // The browser lane in the two other engines (every media launch of each); WebKit's in two halves.
  { key: 'firefox', label: 'Firefox browser tests', ...npm('test:firefox:browser'), precheck: firefoxProblem, browser: true, weight: 370 },
  { key: 'webkit', label: 'WebKit browser tests', ...npm('test:webkit:browser'), precheck: webkitProblem, browser: true, weight: 620 },
  { key: 'webkit-stories', label: 'WebKit stories, XSS, huge traces', ...npm('test:webkit:stories'), precheck: webkitProblem, browser: true, weight: 640 },
  // The demo end to end in the three engines.
  { key: 'e2e', label: 'end-to-end tests', ...npm('test:e2e'), precheck: chromiumProblem, browser: true, weight: 240 },
  { key: 'e2e-firefox', label: 'end-to-end tests in Firefox', ...npm('test:firefox:e2e'), precheck: firefoxProblem, browser: true, weight: 190 },
  { key: 'e2e-webkit', label: 'end-to-end tests in WebKit', ...npm('test:webkit:e2e'), precheck: webkitProblem, browser: true, weight: 345 },
  // Each engine's captures of the same state side by side (test-results/engines/); fails if one is missing.
  {
    key: 'sheets',
    label: 'engine screenshots side by side',
    ...npm('test:sheets'),
    precheck: chromiumProblem,
    after: ['browser', 'firefox', 'webkit', 'webkit-stories', 'e2e', 'e2e-firefox', 'e2e-webkit'],
    browser: true,
    weight: 55,
  },
];

/**
 * How many lanes run at once: three, all three may drive a browser. The machine has 2 cores and
 * most lanes spend much of their time waiting (on a browser's frames, WebDriver's round trips, a
 * paced stream, npm installs), and on a machine busy with other work a run's share of the cores
 * grows with what it has running. With both cores busy (`yes > /dev/null` twice, 2026-12-07), two
 * lanes at once had 8 lanes still to run at 1,693 s (stopped there); three ended in 1,592 s, its two
 * failures races since fixed (an example's smoke read a stream's state after it ended; a unit hang
 * guard of 5 s). Earlier three-lane runs lost races two lanes never did (a click answered only after
 * a million deltas, a frozen group copied before its first measure): fixed too. With lanes in fixed
 * groups, before, a group's shorter lanes sat idle while its longest ran; here a lane starts as soon
 * as one ends.
 */
const LANES = Math.max(1, Number(process.env.TEST_LANES ?? 3) || 3);
/** How many of them drive a browser at once (at most `LANES`; `TEST_BROWSER_LANES`). */
const BROWSERS = Math.max(1, Math.min(LANES, Number(process.env.TEST_BROWSER_LANES ?? 3) || 3));

const argv = process.argv.slice(2);
if (argv.includes('--list') || argv.includes('--help') || argv.includes('-h')) {
  console.log('Lanes (run all, or name some):');
  for (const s of steps) console.log(`  ${s.key.padEnd(12)} ${s.label}: ${[s.cmd, ...s.args].join(' ')}${s.after ? ` (after ${s.after.join(', ')})` : ''}`);
  process.exit(0);
}
const unknown = argv.filter((a) => !steps.some((s) => s.key === a || s.label === a));
if (unknown.length > 0) {
  console.error(`Unknown step(s): ${unknown.join(', ')}. Known: ${steps.map((s) => s.key).join(', ')}`);
  process.exit(2);
}
const selected = argv.length === 0 ? steps : steps.filter((s) => argv.includes(s.key) || argv.includes(s.label));
const chosen = new Set(selected.map((s) => s.key));

/**
 * A lane's rank: its weight plus the largest rank of the lanes that wait for it (the longest
 * path from it to the end). Ready lanes start highest rank first, so that the build, which the
 * examples wait for, starts early, and the longest lanes never start last.
 */
const ranks = new Map();
const rank = (step) => {
  if (!ranks.has(step.key)) {
    const waiting = selected.filter((s) => s.after?.includes(step.key));
    ranks.set(step.key, step.weight + Math.max(0, ...waiting.map(rank)));
  }
  return ranks.get(step.key);
};

const wallStart = performance.now();
const logs = resolve(root, 'test-results/logs');
const clock = () => `${((performance.now() - wallStart) / 1000).toFixed(0).padStart(4)} s`;

/**
 * The CPU time of each lane's processes on every core (Node, npm, the browsers and their
 * renderers), from Linux's /proc: every second the runner reads each process's user and system
 * time and its parent, and credits a process to the lane it descends from. What lives less than a
 * second between two reads is missed, and so is a process that left the lane's tree; no CPU column
 * where there is no /proc.
 */
function cpuMeter() {
  /** Lane by the pid of its own process. */
  const lanes = new Map();
  /** Per process (pid and start time, so a reused pid is another), its lane and its CPU ticks so far. */
  const seen = new Map();
  const procfs = existsSync('/proc/self/stat');
  const read = () => {
    if (!procfs || lanes.size === 0) return;
    const processes = new Map();
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      let stat;
      try {
        stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      } catch {
        continue;
      }
      // After "pid (comm) ": state, ppid, …, utime (14th field of the line), stime, …, starttime (22nd).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      processes.set(Number(name), { parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]), start: fields[19] });
    }
    for (const [pid, process] of processes) {
      let lane;
      for (let at = pid, hops = 0; lane === undefined && at > 1 && hops < 64; at = processes.get(at)?.parent ?? 0, hops++) lane = lanes.get(at);
      if (lane !== undefined) seen.set(`${pid}:${process.start}`, { lane, ticks: process.ticks });
    }
  };
  const timer = setInterval(read, 1000);
  timer.unref();
  return {
    start: (pid, key) => lanes.set(pid, key),
    /** The lane's CPU seconds (Linux's USER_HZ is 100 ticks a second), once it has ended. */
    end(pid, key) {
      read();
      lanes.delete(pid);
      if (!procfs) return undefined;
      let ticks = 0;
      for (const process of seen.values()) if (process.lane === key) ticks += process.ticks;
      return ticks / 100;
    },
  };
}
const cpu = cpuMeter();

/** Runs one lane, its output into its log, printed whole when it ends. */
function runLogged(step) {
  const started = performance.now();
  const header = `\n━━━ ${step.label} ━━━ ${[step.cmd, ...step.args].join(' ')}`;
  let pid;
  const done = (ok, note = '') => {
    const seconds = (performance.now() - started) / 1000;
    console.log(header);
    if (note) console.error(note);
    try {
      process.stdout.write(readFileSync(resolve(logs, `${step.key}.log`), 'utf8'));
    } catch {
      // No log: the step never started.
    }
    console.log(`━━━ ${step.label}: ${ok ? 'PASS' : 'FAIL'} in ${seconds.toFixed(1)} s (ended at ${clock().trim()})`);
    return { key: step.key, label: step.label, ok, note, seconds, cpu: pid === undefined ? undefined : cpu.end(pid, step.key) };
  };
  const problem = step.precheck?.();
  if (problem) return Promise.resolve(done(false, `FAIL: ${problem}`));
  mkdirSync(logs, { recursive: true });
  console.log(`${clock()}  start ${step.label}`);
  const log = createWriteStream(resolve(logs, `${step.key}.log`));
  return new Promise((settle) => {
    // TEST_LANE: each lane's Vite servers keep their own dependency cache (test/helpers/lane-cache.mjs).
    const child = spawn(step.cmd, step.args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, TEST_LANE: step.key } });
    pid = child.pid;
    if (pid !== undefined) cpu.start(pid, step.key);
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.once('error', (error) => log.end(() => settle(done(false, `FAIL: could not start ${step.cmd}: ${error.message}`))));
    child.once('close', (status, signal) =>
      log.end(() => settle(done(status === 0, signal ? `FAIL: ${step.label} killed by ${signal}` : status === 0 ? '' : `FAIL: exit code ${status}`))),
    );
  });
}

const results = [];
{
  const pending = [...selected];
  const ended = new Set();
  const running = new Map();
  while (pending.length > 0 || running.size > 0) {
    // A lane is ready once every lane it needs that this run runs has ended.
    const ready = pending.filter((s) => (s.after ?? []).every((key) => !chosen.has(key) || ended.has(key))).sort((a, b) => rank(b) - rank(a));
    let browsers = [...running.keys()].filter((key) => steps.find((s) => s.key === key)?.browser).length;
    for (const step of ready) {
      if (running.size >= LANES) break;
      if (step.browser && browsers >= BROWSERS) continue;
      if (step.browser) browsers++;
      pending.splice(pending.indexOf(step), 1);
      running.set(step.key, runLogged(step).then((result) => ({ step, result })));
    }
    const { step, result } = await Promise.race(running.values());
    running.delete(step.key);
    ended.add(step.key);
    results.push(result);
  }
  // In the order of `steps`, as the summary has always listed them.
  results.sort((a, b) => steps.findIndex((s) => s.key === a.key) - steps.findIndex((s) => s.key === b.key));
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

/** A vitest lane's slowest test files (its per-file lines), slowest first: where its time goes. */
function slowestFiles(key, count = 3) {
  const files = [];
  for (const line of logLines(key)) {
    const match = /^ [✓❯×] .*?(\S+\.test\.tsx?) \(\d+ tests?[^)]*\)\s+([\d.]+)(m?s)$/.exec(line);
    if (match) files.push({ file: match[1], seconds: Number(match[2]) / (match[3] === 'ms' ? 1000 : 1) });
  }
  return files.sort((a, b) => b.seconds - a.seconds).slice(0, count);
}

const width = Math.max(4, ...results.map((r) => r.label.length));
const line = `${'─'.repeat(width + 2)}┼────────┼─────────┼─────────┼${'─'.repeat(40)}`;
console.log(`\nSummary (up to ${LANES} lanes at once; CPU: the lane's processes on every core, sampled each second from /proc)`);
console.log(` ${'lane'.padEnd(width)} │ result │ seconds │ CPU s   │ slowest files, s`);
console.log(line);
for (const r of results) {
  const slowest = slowestFiles(r.key).map(({ file, seconds }) => `${file.replace(/^test\//, '')} ${seconds.toFixed(0)}`).join(', ');
  const cpu = r.cpu === undefined ? '' : r.cpu.toFixed(0);
  console.log(` ${r.label.padEnd(width)} │ ${(r.ok ? 'PASS' : 'FAIL').padEnd(6)} │ ${r.seconds.toFixed(1).padStart(7)} │ ${cpu.padStart(7)} │ ${slowest}`);
}
const total = results.reduce((sum, r) => sum + r.seconds, 0);
const cpuTotal = results.reduce((sum, r) => sum + (r.cpu ?? 0), 0);
console.log(line);
console.log(` ${'total'.padEnd(width)} │        │ ${total.toFixed(1).padStart(7)} │ ${cpuTotal.toFixed(0).padStart(7)} │`);
console.log(` ${'wall'.padEnd(width)} │        │ ${((performance.now() - wallStart) / 1000).toFixed(1).padStart(7)} │         │`);
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
