import { version } from 'react'
import { savedBlock } from './history'
import { LiveThoughts, SavedThoughts } from './Thoughts'

export function App() {
  return (
    <main>
      <h1>reasoning-ui · React 18</h1>
      <section aria-labelledby="earlier">
        <h2 id="earlier">Earlier</h2>
        <p className="question">How long is a marathon at 5 minutes per kilometre?</p>
        <SavedThoughts block={savedBlock} />
      </section>
      <section aria-labelledby="now">
        <h2 id="now">Now</h2>
        <p className="question">How many r's are in "strawberry"?</p>
        {/* The scripted agent of server/agent.ts, served by vite.config.ts. */}
        <LiveThoughts url="/api/agent" />
      </section>
      <footer>
        React <span data-testid="react-version">{version}</span>
      </footer>
    </main>
  )
}
