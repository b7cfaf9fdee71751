import { Thoughts } from './Thoughts'

export function App() {
  return (
    <main>
      <h1>reasoning-ui · Vite + React 19</h1>
      <p className="question">How many r's are in "strawberry"?</p>
      {/* The scripted agent of server/agent.ts, served by vite.config.ts. */}
      <Thoughts url="/api/agent" />
    </main>
  )
}
