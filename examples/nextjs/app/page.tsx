// A server component: the saved panel is in the HTML the server sends; the live one streams in the browser.
import { savedBlock } from './history'
import { LiveThoughts } from './live-thoughts'
import { SavedThoughts } from './saved-thoughts'

export default function Page() {
  return (
    <main>
      <h1>reasoning-ui · Next.js</h1>
      <section aria-labelledby="earlier">
        <h2 id="earlier">Earlier</h2>
        <p className="question">How long is a marathon at 5 minutes per kilometre?</p>
        <SavedThoughts block={savedBlock} />
      </section>
      <section aria-labelledby="now">
        <h2 id="now">Now</h2>
        <p className="question">How many r&apos;s are in &quot;strawberry&quot;?</p>
        <LiveThoughts />
      </section>
    </main>
  )
}
