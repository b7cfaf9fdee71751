/**
 * Starting WebKitGTK for automation: an Xvfb display, WebKitWebDriver on a free
 * port, and a webdriverio session on MiniBrowser. Shared by the browser lane's
 * provider (./webkit-provider.ts) and the e2e harness (test/e2e/engines.ts).
 *
 * MiniBrowser inherits the driver's environment: a UTF-8 locale (LANG/LC_ALL
 * en_US.UTF-8, else navigator.language is "C"), a temporary XDG_CONFIG_HOME whose
 * gtk-3.0/settings.ini sets gtk-enable-animations (WebKitGTK's prefers-reduced-motion
 * follows it) and GTK_THEME Adwaita or Adwaita:dark (prefers-color-scheme follows
 * it): media states are chosen at launch, since WebDriver classic cannot emulate
 * media at run time.
 *
 * Machine needs (Debian): apt-get install -y webkit2gtk-driver xvfb locales, and
 * the en_US.UTF-8 locale: localedef -i en_US -f UTF-8 en_US.UTF-8.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { remote } from 'webdriverio'
import { miniBrowserPath, webkitDriverPath } from '../helpers/engine-paths.mjs'

export { miniBrowserPath, webkitDriverPath }
const LOCALE = 'en_US.UTF-8'

export interface WebKitLaunchOptions {
  /** prefers-reduced-motion for the whole run: GTK's gtk-enable-animations is read at launch only. */
  readonly reducedMotion?: 'reduce' | 'no-preference'
  /** prefers-color-scheme for the whole run, through GTK's gtk-application-prefer-dark-theme (read at launch). */
  readonly colorScheme?: 'light' | 'dark'
  /** Size of the MiniBrowser window. */
  readonly window?: { readonly width: number, readonly height: number }
}

export interface WebKitSession {
  readonly browser: WebdriverIO.Browser
  /** Ends the session, then the driver and Xvfb (SIGTERM, SIGKILL after 3 s), and removes the GTK settings. */
  close(): Promise<void>
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolvePort(port))
    })
  })
}

/** Xvfb chooses a free display and writes its number to fd 3. */
function startXvfb(): Promise<{ process: ChildProcess, display: string }> {
  return new Promise((resolveXvfb, reject) => {
    const child = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1920x1080x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    child.stderr!.on('data', (chunk: Buffer) => { err += chunk })
    child.stdio[3]!.on('data', (chunk: Buffer) => {
      out += chunk
      if (out.includes('\n')) resolveXvfb({ process: child, display: `:${out.trim()}` })
    })
    child.once('error', reject)
    child.once('exit', code => reject(new Error(`Xvfb exited (${code}) before giving a display: ${err.trim()}`)))
  })
}

async function waitForDriver(port: number, driver: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 15_000
  while (Date.now() < deadline) {
    if (driver.exitCode !== null) throw new Error(`WebKitWebDriver exited (${driver.exitCode}): ${log()}`)
    try {
      const response = await fetch(`http://127.0.0.1:${port}/status`)
      if (response.ok) return
    }
    catch { /* not listening yet */ }
    await new Promise(r => setTimeout(r, 100))
  }
  throw new Error(`WebKitWebDriver did not answer on port ${port} within 15 s: ${log()}`)
}

/** Throws with the apt command or the localedef line when the machine lacks a piece. */
export function assertWebKitMachine(): void {
  for (const [path, apt] of [[miniBrowserPath, 'libwebkit2gtk-4.1-0'], [webkitDriverPath, 'webkit2gtk-driver']] as const) {
    if (!existsSync(path)) throw new Error(`${path} is missing: apt-get install -y ${apt}`)
  }
  const locales = execFileSync('locale', ['-a'], { encoding: 'utf8' }).split('\n').map(l => l.trim().toLowerCase())
  if (!locales.includes('en_us.utf8') && !locales.includes('en_us.utf-8')) {
    throw new Error(`The ${LOCALE} locale is missing, so WebKit would report navigator.language "C". Generate it (as root): localedef -i en_US -f UTF-8 ${LOCALE}`)
  }
}

/** Starts Xvfb, WebKitWebDriver and a MiniBrowser session in the given launch state. */
export async function launchWebKit(options: WebKitLaunchOptions = {}): Promise<WebKitSession> {
  assertWebKitMachine()
  const children: ChildProcess[] = []
  const killChildren = () => { for (const child of children) child.kill('SIGKILL') }
  process.once('exit', killChildren)
  const configHome = mkdtempSync(join(tmpdir(), 'webkit-gtk-'))
  let browser: WebdriverIO.Browser | undefined
  const close = async () => {
    if (browser) await browser.deleteSession().catch(() => undefined)
    browser = undefined
    for (const child of children.reverse()) {
      if (child.exitCode === null) {
        child.kill('SIGTERM')
        await new Promise(r => { child.once('exit', r); setTimeout(r, 3000).unref() })
        if (child.exitCode === null) child.kill('SIGKILL')
      }
    }
    children.length = 0
    process.off('exit', killChildren)
    rmSync(configHome, { recursive: true, force: true })
  }
  try {
    const xvfb = await startXvfb()
    children.push(xvfb.process)
    mkdirSync(join(configHome, 'gtk-3.0'))
    writeFileSync(join(configHome, 'gtk-3.0', 'settings.ini'), [
      '[Settings]',
      `gtk-enable-animations=${options.reducedMotion === 'reduce' ? 0 : 1}`,
      `gtk-application-prefer-dark-theme=${options.colorScheme === 'dark' ? 1 : 0}`,
      '',
    ].join('\n'))
    const port = await freePort()
    let log = ''
    const driver = spawn(webkitDriverPath, [`--port=${port}`], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, DISPLAY: xvfb.display, LANG: LOCALE, LC_ALL: LOCALE, LANGUAGE: 'en_US', XDG_CONFIG_HOME: configHome, GTK_THEME: options.colorScheme === 'dark' ? 'Adwaita:dark' : 'Adwaita' },
    })
    children.push(driver)
    driver.stdout!.on('data', (chunk: Buffer) => { log = (log + chunk).slice(-2000) })
    driver.stderr!.on('data', (chunk: Buffer) => { log = (log + chunk).slice(-2000) })
    await waitForDriver(port, driver, () => log)
    browser = await remote({
      hostname: '127.0.0.1',
      port,
      path: '/',
      logLevel: 'error',
      connectionRetryTimeout: 60_000,
      capabilities: {
        'webkitgtk:browserOptions': { binary: miniBrowserPath, args: ['--automation'] },
        'wdio:enforceWebDriverClassic': true,
      } as WebdriverIO.Capabilities,
    })
    const { width, height } = options.window ?? { width: 1280, height: 1000 }
    await browser.setWindowRect(0, 0, width, height)
    const opened = browser
    return { browser: opened, close }
  }
  catch (error) {
    await close()
    throw error
  }
}
