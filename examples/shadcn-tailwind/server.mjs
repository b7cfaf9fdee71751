// Serves the production build and a scripted AG-UI run as server-sent events, on
// 127.0.0.1:$PORT. No API key, no network: the "agent" is the script below, paced like a
// model that thinks for a few seconds before it answers.
import { createReadStream, existsSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import { extname, join, normalize, sep } from 'node:path'
import process from 'node:process'

const port = Number(process.env.PORT ?? 4173)
const dist = join(import.meta.dirname, 'dist')
const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
}

const reasoning = [
  '**Checking what the migration touches**\n\n',
  'The orders table is written on every checkout, so a blocking `ALTER TABLE` ',
  'would stall purchases for as long as the rewrite takes. ',
  'A rename in place is out.\n\n',
  'The safe order of operations:\n\n',
  '1. Create the new table alongside the old one.\n',
  '2. Dual-write from the application, behind a flag.\n',
  '3. Backfill old rows in batches of a few thousand.\n',
  '4. Compare row counts and checksums, then switch reads.\n\n',
  '**Weighing the backfill**\n\n',
  'Batches keep each transaction short, so replication lag stays low ',
  'and the locks are held for milliseconds. ',
  'The backfill has to be idempotent in case it restarts halfway:\n\n',
  '```sql\nINSERT INTO orders_v2 SELECT * FROM orders\n',
  'WHERE id > $1 ORDER BY id LIMIT 5000\nON CONFLICT (id) DO NOTHING;\n```\n\n',
  'Foreign keys from `order_items` should point at the new table only after the switch, ',
  'otherwise the dual writes fail on rows the backfill has not reached yet.',
]
const answer = 'Yes: with dual writes and a batched backfill, the switch is a flag flip, not a lock.'

/** The run, as AG-UI events (@ag-ui/core's REASONING_* and TEXT_MESSAGE_* shapes). */
function script() {
  const threadId = 'thread-1'
  const runId = 'run-1'
  return [
    { type: 'RUN_STARTED', threadId, runId },
    { type: 'REASONING_START', messageId: 'reasoning-1' },
    { type: 'REASONING_MESSAGE_START', messageId: 'reasoning-1-text', role: 'reasoning' },
    ...reasoning.map((delta) => ({ type: 'REASONING_MESSAGE_CONTENT', messageId: 'reasoning-1-text', delta })),
    { type: 'REASONING_MESSAGE_END', messageId: 'reasoning-1-text' },
    { type: 'REASONING_END', messageId: 'reasoning-1' },
    { type: 'TEXT_MESSAGE_START', messageId: 'answer-1', role: 'assistant' },
    { type: 'TEXT_MESSAGE_CONTENT', messageId: 'answer-1', delta: answer },
    { type: 'TEXT_MESSAGE_END', messageId: 'answer-1' },
    { type: 'RUN_FINISHED', threadId, runId },
  ]
}

function streamRun(request, response) {
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  })
  const events = script()
  let next = 0
  const timer = setInterval(() => {
    const event = events[next++]
    if (event === undefined) {
      clearInterval(timer)
      response.end()
      return
    }
    response.write(`data: ${JSON.stringify({ ...event, timestamp: Date.now() })}\n\n`)
  }, 180)
  request.on('close', () => clearInterval(timer))
}

function serveFile(pathname, response) {
  // Inside dist only; unknown paths get the app (single page).
  const file = normalize(join(dist, decodeURIComponent(pathname)))
  const inside = file === dist || file.startsWith(dist + sep)
  const target = inside && existsSync(file) && statSync(file).isFile() ? file : join(dist, 'index.html')
  response.writeHead(200, { 'content-type': types[extname(target)] ?? 'application/octet-stream' })
  createReadStream(target).pipe(response)
}

createServer((request, response) => {
  const { pathname } = new URL(request.url ?? '/', 'http://localhost')
  if (pathname === '/api/run') streamRun(request, response)
  else serveFile(pathname, response)
}).listen(port, '127.0.0.1', () => {
  console.log(`http://127.0.0.1:${port}/`)
})
