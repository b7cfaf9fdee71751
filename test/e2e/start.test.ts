/**
 * `npm start` as a new user runs it: it builds the page, starts the server on
 * `PORT` (0 here: any free port), prints the URL, and serves both the page and
 * the AG-UI API there. The other e2e tests drive `createDemoServer` directly; this
 * one checks the command itself.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { resolve } from 'node:path'
import { afterAll, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../..')
let child: ChildProcess | undefined

afterAll(async () => {
  if (!child || child.exitCode !== null) return
  const exited = new Promise((done) => child!.once('exit', done))
  // npm runs the server in a child of its own: signal the whole process group.
  process.kill(-child.pid!, 'SIGTERM')
  await exited
})

it('npm start builds the page, prints the URL, and serves the page and the agents on that one port', async () => {
  child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let output = ''
  const url = await new Promise<string>((found, fail) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /reasoning-ui demo: (http:\/\/127\.0\.0\.1:\d+)/.exec(output)
      if (match) found(match[1]!)
    }
    child!.stdout!.on('data', onData)
    child!.stderr!.on('data', onData)
    child!.once('exit', (code) => fail(new Error(`npm start exited with ${code} before printing the URL:\n${output}`)))
  })
  expect(url).not.toMatch(/:0$/)

  const page = await fetch(`${url}/`)
  expect(page.status).toBe(200)
  const html = await page.text()
  const script = /src="\.\/(assets\/[^"]+\.js)"/.exec(html)?.[1]
  expect(script).toBeDefined()
  const asset = await fetch(`${url}/${script}`)
  expect(asset.status).toBe(200)
  expect(asset.headers.get('content-type')).toMatch(/javascript/)

  const agents = (await (await fetch(`${url}/api/agents`)).json()) as { agents: { id: string }[] }
  expect(agents.agents.map((a) => a.id)).toEqual(['reasoner', 'private', 'agentic', 'interrupted', 'legacy', 'structured', 'firehose'])
  expect(output).toContain('agents:')
})
