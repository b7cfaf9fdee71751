/**
 * `tsx demo/server/main.ts`: the demo server on PORT (default 3000) and HOST
 * (default 127.0.0.1), serving the built page from demo/dist (built on the first start when
 * missing), with the
 * scripted agents, the provider-backed ones whose keys are set and the models of a local Ollama
 * server (OLLAMA_HOST, else its default port) when one answers.
 * DEMO_ALLOWED_HOSTS (comma-separated host names) lists the names it answers
 * for besides loopback and HOST, e.g. the machine's LAN name with HOST=0.0.0.0.
 */
import { resolve } from 'node:path'
import { ensurePage } from './build-page'
import { ollamaAgents, providerAgents } from './providers'
import { createDemoServer, type DemoServer } from './server'

const DEFAULT_PORT = 3000

function portFromEnv(): number {
  const raw = process.env.PORT
  if (raw === undefined || raw.trim() === '') return DEFAULT_PORT
  const port = Number(raw)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`reasoning-ui demo: PORT must be a port number from 0 to 65535 (got '${raw}').`)
    process.exit(1)
  }
  return port
}

/** `DEMO_ALLOWED_HOSTS`, split on commas. */
function allowedHostsFromEnv(): string[] {
  return (process.env.DEMO_ALLOWED_HOSTS ?? '')
    .split(',')
    .map((host) => host.trim())
    .filter((host) => host !== '')
}

async function main(): Promise<void> {
  const port = portFromEnv()
  const host = process.env.HOST?.trim() || '127.0.0.1'
  const staticDir = resolve(import.meta.dirname, '../dist')
  try {
    await ensurePage(staticDir, (line) => console.log(line))
  } catch (error) {
    console.error(`reasoning-ui demo: could not build the page: ${error instanceof Error ? error.message : String(error)} (npm ci installs what it needs; npm start builds it too)`)
    process.exit(1)
  }
  let demo: DemoServer
  try {
    demo = createDemoServer({
      staticDir,
      extraAgents: [...providerAgents(process.env), ...(await ollamaAgents(process.env, fetch, (line) => console.log(line)))],
      log: (line) => console.log(line),
      allowedHosts: allowedHostsFromEnv(),
    })
  } catch (error) {
    console.error(`reasoning-ui demo: ${error instanceof Error ? error.message : String(error)} (DEMO_ALLOWED_HOSTS takes host names separated by commas)`)
    process.exit(1)
  }
  let url: string
  try {
    ;({ url } = await demo.listen(port, host))
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EADDRINUSE') console.error(`reasoning-ui demo: port ${port} on ${host} is already in use. Stop what is using it, or pick another port: PORT=3001 npm start`)
    else if (code === 'EACCES') console.error(`reasoning-ui demo: not allowed to listen on ${host}:${port}. Pick a port above 1023: PORT=3001 npm start`)
    else console.error(`reasoning-ui demo: could not listen on ${host}:${port}: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  }
  console.log(`reasoning-ui demo: ${url}`)
  console.log('agents:')
  for (const agent of demo.agents) console.log(`  ${agent.id.padEnd(14)} ${agent.name}: ${agent.description}`)

  let stopping = false
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      // A second Ctrl-C: do not wait any longer.
      process.exit(130)
    }
    stopping = true
    console.log(`\nreasoning-ui demo: ${signal}, shutting down`)
    demo.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`reasoning-ui demo: error while shutting down: ${error instanceof Error ? error.message : String(error)}`)
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

void main()
