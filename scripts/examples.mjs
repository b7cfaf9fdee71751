#!/usr/bin/env node
// `npm run test:examples`: every app under examples/ installed, checked, built and
// smoke-tested as a user would get it (contract: the examples section of issue 13).
//
//   1. `npm run build`, then `npm pack` into .pack/reasoning-ui.tgz.
//   2. For each examples/<name>/ with a package.json (all, or the names given):
//      copy it to a fresh temp dir (no node_modules, build output or lockfile), point
//      its `file:…/.pack/reasoning-ui.tgz` dependency at the tarball, then
//        install    npm install --no-audit --no-fund --prefer-offline (npm's own cache)
//        prepare    npm run prepare-example (only if the example has that script)
//        typecheck  npm run typecheck
//        build      npm run build
//        start      npm run start with PORT (a free port) and HOST=127.0.0.1; waits
//                   until the port answers HTTP
//        smoke      smoke.mjs's default export ({ page, baseURL, newPage }) in the system
//                   Chromium (playwright-core, test/helpers/chromium.mjs); newPage(options)
//                   opens another page with context options such as { locale }; any
//                   `pageerror`, console error or request that leaves localhost fails it
//      and stops the server.
//   3. One line per example with seconds per phase, a summary table, exit 1 on any
//      failure; a failed phase prints its log.
//
//   node scripts/examples.mjs [name…] [--jobs N] [--no-build] [--keep]
//     --jobs N    examples at a time (default EXAMPLES_JOBS or 2)
//     --no-build  reuse dist/ as it is (still packs it; fails if a file package.json's
//                 `exports` names is missing)
//     --keep      keep the temp dirs (they are removed after a pass otherwise)
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../test/helpers/chromium.mjs';

const root = resolve(import.meta.dirname, '..');
const examplesDir = join(root, 'examples');
const packDir = join(root, '.pack');
const tarball = join(packDir, 'reasoning-ui.tgz');

/** Seconds a phase may take before the example fails (installs of Next.js are the slow ones). */
const TIMEOUTS = { install: 600, prepare: 300, typecheck: 300, build: 600, start: 90, smoke: 120 };
/** What never goes into the copy (top level of the example): installs, build output, lockfiles (examples commit none). */
const SKIP = new Set(['node_modules', 'dist', '.next', 'build', 'out', 'package-lock.json', '.turbo', '.vite']);

// ── arguments ────────────────────────────────────────────────────────────────
const argv = process.argv.slice(2);
const names = [];
let jobs = Number(process.env.EXAMPLES_JOBS || 2);
let build = true;
let keep = false;
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  if (a === '--jobs' || a === '-j') jobs = Number(argv[++i]);
  else if (a.startsWith('--jobs=')) jobs = Number(a.slice('--jobs='.length));
  else if (a === '--no-build') build = false;
  else if (a === '--keep') keep = true;
  else if (a === '--help' || a === '-h') {
    console.log('node scripts/examples.mjs [name…] [--jobs N] [--no-build] [--keep]');
    process.exit(0);
  } else if (a.startsWith('-')) {
    console.error(`Unknown option ${a}`);
    process.exit(2);
  } else names.push(a.replace(/^examples\//, '').replace(/\/$/, ''));
}
if (!Number.isInteger(jobs) || jobs < 1) {
  console.error('--jobs needs a whole number ≥ 1');
  process.exit(2);
}

const all = existsSync(examplesDir)
  ? readdirSync(examplesDir, { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(join(examplesDir, d.name, 'package.json')))
      .map((d) => d.name)
      .sort()
  : [];
const unknown = names.filter((n) => !all.includes(n));
if (unknown.length > 0) {
  console.error(`No example ${unknown.join(', ')} (examples/<name>/package.json). Known: ${all.join(', ') || 'none'}`);
  process.exit(2);
}
// Next.js apps first: their install and build take several times a Vite app's, so starting
// them early keeps the other worker busy with the small ones instead of waiting at the end.
const heavy = (n) => {
  try {
    const pkg = JSON.parse(readFileSync(join(examplesDir, n, 'package.json'), 'utf8'));
    return pkg.dependencies?.next || pkg.devDependencies?.next ? 0 : 1;
  } catch {
    return 1; // a broken package.json fails in its own run, with its error
  }
};
const selected = (names.length > 0 ? all.filter((n) => names.includes(n)) : all).sort((a, b) => heavy(a) - heavy(b) || a.localeCompare(b));
if (selected.length === 0) {
  console.error('No examples to run (no examples/<name>/package.json).');
  process.exit(1);
}

// Children get the CI environment without the variables `npm run` sets for the
// root package (they would describe the wrong package to the example's scripts).
const env = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => !/^npm_(package|lifecycle)_/.test(k) && k !== 'npm_config_local_prefix' && k !== 'INIT_CWD'),
);
Object.assign(env, {
  CI: process.env.CI || 'true',
  NEXT_TELEMETRY_DISABLED: '1',
  STORYBOOK_DISABLE_TELEMETRY: '1',
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
  npm_config_update_notifier: 'false',
  FORCE_COLOR: '0',
  NO_COLOR: '1',
});

const seconds = (since) => (performance.now() - since) / 1000;

/** Every file package.json's `exports` names (the targets without a `*`): what the build must have written. */
function builtFiles() {
  const targets = [];
  const walk = (v) => {
    if (typeof v === 'string') {
      if (v.startsWith('./') && !v.includes('*')) targets.push(v.slice(2));
    } else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).exports);
  return [...new Set(targets)];
}

// ── 1. build and pack ───────────────────────────────────────────────────────
const prepStarted = performance.now();
if (build) {
  console.log('examples: npm run build');
  const r = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit', env: process.env });
  if (r.status !== 0) {
    console.error('FAIL: npm run build');
    process.exit(1);
  }
} else {
  // --no-build packs dist/ as it is (scripts/test.mjs's `build` step has just written it):
  // without it, or with part of it, npm pack would make a tarball that fails every example
  // at its typecheck or build with a module-not-found that does not say why.
  const missing = builtFiles().filter((f) => !existsSync(join(root, f)));
  if (missing.length > 0) {
    console.error(`FAIL: --no-build, but the build output is missing (${missing.slice(0, 5).join(', ')}${missing.length > 5 ? `, … ${missing.length - 5} more` : ''}). Run \`npm run build\` first, or leave out --no-build.`);
    process.exit(1);
  }
}
{
  mkdirSync(packDir, { recursive: true });
  for (const f of readdirSync(packDir)) if (f.endsWith('.tgz')) rmSync(join(packDir, f));
  const r = spawnSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', packDir], { cwd: root, encoding: 'utf8', env: process.env });
  if (r.status !== 0) {
    process.stderr.write(`${r.stdout}${r.stderr}`);
    console.error('FAIL: npm pack');
    process.exit(1);
  }
  const info = JSON.parse(r.stdout.slice(r.stdout.indexOf('[')))[0];
  renameSync(join(packDir, info.filename), tarball);
  console.log(`examples: packed ${info.filename} → .pack/reasoning-ui.tgz (${info.entryCount} files, ${(info.size / 1024).toFixed(0)} KB) in ${seconds(prepStarted).toFixed(1)} s`);
}

// ── helpers ─────────────────────────────────────────────────────────────────

/** Runs `cmd args` in `cwd`, appending its output to `log`; resolves to an error message or null. */
function run(cmd, args, { cwd, log, timeout, extraEnv = {} }) {
  return new Promise((done) => {
    log.push(`$ ${[cmd, ...args].join(' ')}\n`);
    const child = track(spawn(cmd, args, { cwd, env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'], detached: true }));
    const collect = (chunk) => log.push(chunk.toString());
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const timer = setTimeout(() => {
      log.push(`\n[runner] timed out after ${timeout} s`);
      killGroup(child, 'SIGKILL');
    }, timeout * 1000);
    child.once('error', (e) => {
      clearTimeout(timer);
      done(`could not start ${cmd}: ${e.message}`);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      done(code === 0 ? null : signal ? `killed by ${signal}` : `exit ${code}`);
    });
  });
}

/** Process groups still running, stopped if the runner is interrupted. */
const running = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    for (const child of running) killGroup(child, 'SIGKILL');
    process.exit(130);
  });
}
function track(child) {
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** Ports this run has handed out: never handed out twice, so parallel jobs cannot pick the same one. */
const handedOut = new Set();

/**
 * A TCP port that was free a moment ago on 127.0.0.1 and that no other job of this run got.
 * It is closed again before the example's server binds it, so something outside the runner
 * can still take it in between: startServer retries once on a bind failure.
 */
async function freePort() {
  for (let attempt = 0; attempt < 20; attempt++) {
    const port = await new Promise((done, fail) => {
      const server = createServer();
      server.once('error', fail);
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address();
        server.close(() => done(port));
      });
    });
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error('no free port that this run has not already used');
}

/** What a server prints when its port is taken (Node's EADDRINUSE, as Next.js and Vite report it). */
const BIND_FAILURE = /EADDRINUSE|address already in use|port \d+ is (?:already )?in use/i;

/**
 * Starts `npm run start` and waits until baseURL answers; resolves to { child, error, … }.
 * A server that stops early because its port was taken (another process bound it between
 * freePort() and the server's own bind) is started once more on a new port.
 */
async function startServer(cwd, log) {
  const first = await startOnce(cwd, log);
  if (!first.bindFailed) return first;
  log.push(`\n[runner] ${new URL(first.baseURL).port} was taken before the server bound it; starting again on another port\n`);
  return startOnce(cwd, log);
}

async function startOnce(cwd, log) {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  log.push(`$ PORT=${port} HOST=127.0.0.1 npm run start\n`);
  const child = track(
    spawn('npm', ['run', 'start'], {
      cwd,
      env: { ...env, PORT: String(port), HOST: '127.0.0.1', HOSTNAME: '127.0.0.1', NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    }),
  );
  const serverLog = [];
  const collect = (chunk) => serverLog.push(chunk.toString());
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  let exited = null;
  child.once('exit', (code, signal) => (exited = signal ?? `exit ${code}`));
  const closed = new Promise((done) => child.once('close', done));
  const stopped = async () => {
    await closed; // all of its output is in
    log.push(...serverLog);
    return {
      child,
      closed,
      baseURL,
      log: serverLog,
      bindFailed: BIND_FAILURE.test(serverLog.join('')),
      error: `the server stopped (${exited}) before answering on ${baseURL}`,
    };
  };
  const deadline = performance.now() + TIMEOUTS.start * 1000;
  while (performance.now() < deadline) {
    if (exited) return stopped();
    try {
      const res = await fetch(baseURL, { signal: AbortSignal.timeout(5000) });
      await res.arrayBuffer();
      // Whatever answered must be this server: one that lost the port to another process exits.
      await new Promise((r) => setTimeout(r, 250));
      if (exited) return stopped();
      return { child, closed, baseURL, log: serverLog, error: null };
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  log.push(...serverLog);
  return { child, closed, baseURL, log: serverLog, error: `nothing answered on ${baseURL} within ${TIMEOUTS.start} s` };
}

async function stopServer(server) {
  if (!server?.child || server.child.exitCode !== null) return;
  killGroup(server.child, 'SIGTERM');
  const timer = setTimeout(() => killGroup(server.child, 'SIGKILL'), 5000);
  await server.closed;
  clearTimeout(timer);
}

let browser;
async function getBrowser() {
  browser ??= chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  return browser;
}

/**
 * In every page, before the app's code runs: each reasoning panel's states as they change (its
 * `data-status` and status row), for `statesOf`. A stream that lasts a second or two can end
 * between two reads from here on a busy machine (the Next.js example's did, 2026-12-07, both
 * cores busy): the page's own record of what it showed cannot miss a state.
 */
function recordPanelStates() {
  const states = [];
  const ids = new WeakMap();
  let next = 0;
  new MutationObserver(() => {
    for (const panel of document.querySelectorAll('[data-slot="reasoning-panel"]')) {
      if (!ids.has(panel)) ids.set(panel, next++);
      const state = { panel: ids.get(panel), status: panel.getAttribute('data-status'), row: panel.querySelector('[data-slot="reasoning-status"]')?.textContent ?? '' };
      const last = states.findLast((s) => s.panel === state.panel);
      if (!last || last.status !== state.status || last.row !== state.row) states.push(state);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['data-status'] });
  Object.defineProperty(window, '__panelStates', { value: { states, ids } });
}

/** Every state the panel `locator` points at has shown so far, oldest first (see `recordPanelStates`). */
const statesOf = (locator) =>
  locator.evaluate((panel) => {
    const { states, ids } = window.__panelStates;
    return states.filter((s) => s.panel === ids.get(panel)).map(({ status, row }) => ({ status, row }));
  });

/**
 * Runs smoke.mjs against baseURL; resolves to an error message or null. The smoke gets
 * `{ page, baseURL, newPage, statesOf }`: `newPage(options)` opens a page in a browser context of its
 * own with playwright-core's context options (e.g. `{ locale: 'ar-EG' }`, a browser whose
 * language formats numbers otherwise), watched like `page`: a page error, a console error
 * (React's hydration mismatches among them) or a request beyond localhost fails the example.
 * `statesOf(locator)` is every state (`{ status, row }`) a panel has shown, as the page recorded it.
 */
async function smoke(dir, baseURL, log) {
  const file = join(dir, 'smoke.mjs');
  if (!existsSync(file)) return 'no smoke.mjs';
  const problems = [];
  const local = new Set([new URL(baseURL).host]);
  const contexts = [];
  const newPage = async (options = {}) => {
    const context = await (await getBrowser()).newContext(options);
    contexts.push(context);
    const tag = options.locale ? ` [locale ${options.locale}]` : '';
    // No network beyond the example's own server (the contract): anything else is refused and fails the example.
    await context.route('**/*', (route) => {
      const url = new URL(route.request().url());
      if (url.protocol === 'data:' || url.protocol === 'blob:' || local.has(url.host)) return route.continue();
      problems.push(`request outside localhost${tag}: ${url.href}`);
      return route.abort('blockedbyclient');
    });
    await context.addInitScript(recordPanelStates);
    const page = await context.newPage();
    page.on('pageerror', (e) => problems.push(`pageerror${tag}: ${e.stack || e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console error${tag}: ${m.text()}${m.location()?.url ? ` (${m.location().url})` : ''}`);
    });
    page.on('console', (m) => log.push(`[console.${m.type()}]${tag} ${m.text()}\n`));
    // A hang guard per wait (the smoke as a whole has TIMEOUTS.smoke): a loaded machine passed 30 s once.
    page.setDefaultTimeout(60_000);
    return page;
  };
  let error = null;
  try {
    const page = await newPage();
    const mod = await import(pathToFileURL(file).href);
    if (typeof mod.default !== 'function') throw new Error('smoke.mjs has no default export function');
    let timer;
    await Promise.race([
      mod.default({ page, baseURL, newPage, statesOf }),
      new Promise((_, fail) => (timer = setTimeout(() => fail(new Error(`smoke timed out after ${TIMEOUTS.smoke} s`)), TIMEOUTS.smoke * 1000))),
    ]).finally(() => clearTimeout(timer));
  } catch (e) {
    error = e instanceof Error ? e.stack || e.message : String(e);
    // What each page showed when the smoke failed: a CI log is all there is to go on.
    for (const context of contexts) for (const p of context.pages()) error += `\n${await pageAtFailure(p)}`;
  }
  await Promise.all(contexts.map((c) => c.close().catch(() => {})));
  if (problems.length > 0) error = [error, ...problems].filter(Boolean).join('\n');
  if (error) log.push(`${error}\n`);
  return error;
}

/** A page's address, its reasoning panels' state (data-* attributes, status row) and the start of its text, as lines. */
async function pageAtFailure(page) {
  try {
    const seen = await page.evaluate(async () => ({
      // The kit's panels, and the shadcn registry's card (its own data-slot names).
      panels: [...document.querySelectorAll('[data-slot="reasoning-panel"], [data-slot="reasoning-card"]')].map((panel) => ({
        slot: panel.getAttribute('data-slot'),
        data: { ...panel.dataset },
        expanded: panel.querySelector('[data-slot="reasoning-trigger"], [data-slot="reasoning-card-trigger"]')?.getAttribute('aria-expanded') ?? null,
        status: panel.querySelector('[data-slot="reasoning-status"]')?.textContent ?? null,
      })),
      // Whether the page still gets frames (a wait polls in them) and timers, and how soon.
      visibility: document.visibilityState,
      frameMs: await new Promise((done) => {
        const start = performance.now();
        requestAnimationFrame(() => done(Math.round(performance.now() - start)));
        setTimeout(() => done('none within 2 s'), 2000);
      }),
      sinceLoadMs: Math.round(performance.now()),
      text: document.body.innerText.replace(/\s+/g, ' ').slice(0, 600),
    }));
    return [
      `page at failure ${page.url()} (${seen.visibility}, a frame in ${seen.frameMs} ms, ${seen.sinceLoadMs} ms after it loaded):`,
      ...seen.panels.map((p, i) => `  panel ${i}: ${JSON.stringify(p)}`),
      `  text: ${JSON.stringify(seen.text)}`,
    ].join('\n');
  } catch (e) {
    return `page at failure ${page.url()}: unreadable (${e instanceof Error ? e.message : String(e)})`;
  }
}

/** Copies examples/<name> to a temp dir with the tarball path made absolute. */
function copyExample(name) {
  const dir = mkdtempSync(join(tmpdir(), `reasoning-ui-example-${name}-`));
  const from = join(examplesDir, name);
  cpSync(from, dir, { recursive: true, filter: (src) => !(dirname(src) === from && SKIP.has(basename(src))) });
  const pkgFile = join(dir, 'package.json');
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));
  let rewritten = 0;
  for (const field of ['dependencies', 'devDependencies', 'optionalDependencies']) {
    for (const [dep, spec] of Object.entries(pkg[field] ?? {})) {
      if (typeof spec === 'string' && spec.startsWith('file:') && spec.endsWith('.pack/reasoning-ui.tgz')) {
        pkg[field][dep] = `file:${tarball}`;
        rewritten++;
      }
    }
  }
  writeFileSync(pkgFile, `${JSON.stringify(pkg, null, 2)}\n`);
  return { dir, pkg, rewritten };
}

// ── 2. the examples ─────────────────────────────────────────────────────────
const PHASES = ['install', 'prepare', 'typecheck', 'build', 'start', 'smoke'];

async function runExample(name) {
  const started = performance.now();
  const times = {};
  const result = { name, ok: false, times, failedPhase: null, log: [], dir: null };
  let server;
  const phase = async (key, fn) => {
    const log = [];
    const t = performance.now();
    const error = await fn(log);
    times[key] = seconds(t);
    if (error) {
      result.failedPhase = key;
      result.log = log;
      result.error = error;
      return false;
    }
    return true;
  };
  try {
    const { dir, pkg, rewritten } = copyExample(name);
    result.dir = dir;
    const scripts = pkg.scripts ?? {};
    const missing = ['typecheck', 'build', 'start'].filter((s) => !scripts[s]);
    if (missing.length > 0 || rewritten === 0) {
      result.failedPhase = 'contract';
      result.error = [
        missing.length > 0 && `package.json lacks script(s) ${missing.join(', ')}`,
        rewritten === 0 && 'package.json does not depend on "reasoning-ui": "file:../../.pack/reasoning-ui.tgz"',
      ].filter(Boolean).join('; ');
      return result;
    }
    const npmRun = (script, timeout) => (log) => run('npm', ['run', script], { cwd: dir, log, timeout });
    const ok =
      (await phase('install', (log) => run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: dir, log, timeout: TIMEOUTS.install }))) &&
      (!scripts['prepare-example'] || (await phase('prepare', npmRun('prepare-example', TIMEOUTS.prepare)))) &&
      (await phase('typecheck', npmRun('typecheck', TIMEOUTS.typecheck))) &&
      (await phase('build', npmRun('build', TIMEOUTS.build))) &&
      (await phase('start', async (log) => {
        server = await startServer(dir, log);
        return server.error;
      })) &&
      (await phase('smoke', async (log) => {
        const error = await smoke(dir, server.baseURL, log);
        // The server's output often says why the page failed.
        if (error) log.push('\n[runner] the server\'s output:\n', ...server.log);
        return error;
      }));
    result.ok = ok;
  } catch (e) {
    result.failedPhase ??= 'runner';
    result.error = e instanceof Error ? e.stack || e.message : String(e);
  } finally {
    await stopServer(server);
    times.total = seconds(started);
    if (result.ok && !keep && result.dir) rmSync(result.dir, { recursive: true, force: true });
  }
  return result;
}

function line(r) {
  const parts = PHASES.filter((p) => r.times[p] !== undefined).map((p) => `${p} ${r.times[p].toFixed(1)}s`);
  const status = r.ok ? 'PASS' : `FAIL (${r.failedPhase})`;
  return `${status.padEnd(18)} ${r.name.padEnd(width)}  ${parts.join('  ')}  │ total ${r.times.total.toFixed(1)}s`;
}

const width = Math.max(...selected.map((n) => n.length));
console.log(`examples: ${selected.length} (${selected.join(', ')}), ${Math.min(jobs, selected.length)} at a time`);
const runStarted = performance.now();
const queue = [...selected];
const results = [];
await Promise.all(
  Array.from({ length: Math.min(jobs, selected.length) }, async () => {
    while (queue.length > 0) {
      const name = queue.shift();
      console.log(`…    ${name}: started`);
      const r = await runExample(name);
      results.push(r);
      console.log(line(r));
      if (!r.ok) {
        console.log(`┌── ${r.name}: ${r.failedPhase} failed: ${String(r.error).split('\n')[0]}`);
        const text = r.log.length > 0 ? r.log.join('') : String(r.error);
        const lines = text.split('\n');
        const shown = lines.length > 200 ? [`… (${lines.length - 200} earlier lines cut)`, ...lines.slice(-200)] : lines;
        for (const l of shown) console.log(`│ ${l}`);
        console.log(`└── ${r.dir ? `files kept in ${r.dir}` : ''}`);
      }
    }
  }),
);
if (browser) await (await browser).close();

// ── 3. summary ──────────────────────────────────────────────────────────────
results.sort((a, b) => a.name.localeCompare(b.name));
const cols = [...PHASES, 'total'];
console.log('\nExamples (seconds)');
console.log(` ${'example'.padEnd(width)} │ result │ ${cols.map((c) => c.padStart(9)).join(' ')}`);
console.log(`${'─'.repeat(width + 2)}┼────────┼${'─'.repeat(cols.length * 10)}`);
for (const r of results) {
  const cells = cols.map((c) => (r.times[c] === undefined ? '-' : r.times[c].toFixed(1)).padStart(9));
  console.log(` ${r.name.padEnd(width)} │ ${(r.ok ? 'PASS' : 'FAIL').padEnd(6)} │ ${cells.join(' ')}`);
}
const passed = results.filter((r) => r.ok).length;
console.log(`${passed} passed, ${results.length - passed} failed; ${seconds(runStarted).toFixed(1)} s for the examples (${Math.min(jobs, selected.length)} at a time), ${seconds(prepStarted).toFixed(1)} s with build and pack`);
process.exit(passed === results.length ? 0 : 1);
