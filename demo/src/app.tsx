import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type FormEvent, type KeyboardEvent } from 'react'
import { ReasoningProvider, mergeLabels, useReasoningStore } from 'reasoning-ui'
import { ChatSession, fetchAgents, type AgentInfo } from './chat'
import { Conversation } from './conversation'
import {
  localeOption,
  locales,
  readSettings,
  themes,
  visibilities,
  wires,
  writeSettings,
  type Settings,
} from './settings'

const themeNames = { system: 'System', light: 'Light', dark: 'Dark', brand: 'Brand (Fjord)' } as const
const wireNames = { sse: 'SSE', protobuf: 'Protobuf' } as const

export function App() {
  const [settings, setSettings] = useState<Settings>(() => readSettings(window.location.search))
  const [agents, setAgents] = useState<readonly AgentInfo[] | undefined>(undefined)
  const [agentError, setAgentError] = useState<string | undefined>(undefined)
  const chat = useMemo(() => new ChatSession(), [])
  const snapshot = useSyncExternalStore(chat.subscribe, chat.getSnapshot)
  const { state: reasoning } = useReasoningStore(chat.reasoning)
  const locale = localeOption(settings.locale)
  const labels = useMemo(() => mergeLabels(locale.labels), [locale])

  useEffect(() => {
    let live = true
    fetchAgents().then(
      (list) => live && setAgents(list),
      (error: unknown) => live && setAgentError(error instanceof Error ? error.message : String(error)),
    )
    return () => {
      live = false
    }
  }, [])

  // The system's light or dark until the Theme menu picks one.
  const systemDark = useMediaQuery('(prefers-color-scheme: dark)')
  const theme = settings.theme === 'system' ? (systemDark ? 'dark' : 'light') : settings.theme
  // A phone's header: the agent and "New chat" in one row, the other switches behind "Settings".
  const compact = useMediaQuery('(max-width: 40rem)')
  const [settingsOpen, setSettingsOpen] = useState(false)

  // The switches live in the URL, and theme and locale on the document.
  useEffect(() => {
    window.history.replaceState(null, '', `${window.location.pathname}${writeSettings(settings)}`)
    const html = document.documentElement
    html.dataset.theme = theme
    html.style.colorScheme = theme === 'dark' ? 'dark' : 'light'
    html.lang = locale.id
    html.dir = locale.dir
  }, [settings, locale, theme])

  const set = <K extends keyof Settings>(key: K, value: Settings[K]) => setSettings((s) => ({ ...s, [key]: value }))
  const agent = agents?.find((a) => a.id === settings.agent)

  return (
    <ReasoningProvider visibility={settings.visibility} locale={locale.id} labels={locale.labels}>
      <div className="demo">
        <header className="demo-bar">
          <h1 className="demo-title">
            reasoning-ui <span className="demo-subtitle">live AG-UI demo</span>
          </h1>
          <div className="demo-switches" role="group" aria-label="Settings" data-compact={compact ? '' : undefined}>
            <label className="demo-field demo-agent">
              <span className={compact ? 'demo-visually-hidden' : undefined}>Agent</span>
              <select value={settings.agent} onChange={(e) => set('agent', e.target.value)} disabled={!agents}>
                {!agent && <option value={settings.agent}>{agents ? `${settings.agent} (unknown)` : 'Loading…'}</option>}
                {agents?.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name}
                  </option>
                ))}
              </select>
            </label>
            {compact && (
              <button type="button" className="demo-button" aria-expanded={settingsOpen} aria-controls="demo-more" onClick={() => setSettingsOpen((open) => !open)}>
                Settings
              </button>
            )}
            {/* On a phone behind "Settings"; elsewhere in the row (display: contents). */}
            <div id="demo-more" className="demo-more" hidden={compact && !settingsOpen}>
              <fieldset className="demo-segmented">
                <legend>Visibility</legend>
                <div className="demo-options">
                  {visibilities.map((v) => (
                    <label key={v}>
                      <input type="radio" name="visibility" value={v} checked={settings.visibility === v} onChange={() => set('visibility', v)} />
                      <span>{v}</span>
                    </label>
                  ))}
                </div>
              </fieldset>
              <label className="demo-field">
                <span>Theme</span>
                <select value={settings.theme} onChange={(e) => set('theme', e.target.value as Settings['theme'])}>
                  {themes.map((t) => (
                    <option key={t} value={t}>
                      {themeNames[t]}
                    </option>
                  ))}
                </select>
              </label>
              <label className="demo-field">
                <span>Locale</span>
                <select value={settings.locale} onChange={(e) => set('locale', e.target.value)}>
                  {locales.map((l) => (
                    <option key={l.id} value={l.id} lang={l.id}>
                      {l.name}
                    </option>
                  ))}
                </select>
              </label>
              <label className="demo-field">
                <span>Wire</span>
                <select value={settings.wire} onChange={(e) => set('wire', e.target.value as Settings['wire'])}>
                  {wires.map((w) => (
                    <option key={w} value={w}>
                      {wireNames[w]}
                    </option>
                  ))}
                </select>
              </label>
            </div>
            <button type="button" className="demo-button" onClick={() => chat.reset()} disabled={snapshot.turns.length === 0}>
              New chat
            </button>
          </div>
        </header>

        <main className="demo-main">
          {agentError && (
            <p role="alert" className="demo-alert">
              Could not load the agent list: {agentError}
            </p>
          )}
          {snapshot.turns.length === 0 ? (
            <Intro agents={agents} />
          ) : (
            <Conversation snapshot={snapshot} state={reasoning} labels={labels} />
          )}
        </main>

        <Composer
          running={snapshot.running}
          agent={agent}
          encryptedToSend={snapshot.encryptedToSend}
          onSend={(prompt) => void chat.send(settings.agent, prompt, settings.wire)}
          onStop={() => chat.stop()}
        />
      </div>
    </ReasoningProvider>
  )
}

function Intro({ agents }: { agents: readonly AgentInfo[] | undefined }) {
  return (
    <section className="demo-intro" aria-label="About this demo">
      <p>
        Every reply below streams from a real AG-UI server on this port. Pick an agent, ask anything, and flip the switches while it
        thinks: visibility decides what of the reasoning reaches the page at all.
      </p>
      {agents && (
        <dl className="demo-agents">
          {agents.map((a) => (
            <div key={a.id}>
              <dt>{a.name}</dt>
              <dd>{a.description}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  )
}

interface ComposerProps {
  readonly running: boolean
  readonly agent: AgentInfo | undefined
  readonly encryptedToSend: number
  readonly onSend: (prompt: string) => void
  readonly onStop: () => void
}

function Composer({ running, agent, encryptedToSend, onSend, onStop }: ComposerProps) {
  const [prompt, setPrompt] = useState('')
  const input = useRef<HTMLTextAreaElement>(null)
  const submit = (event?: FormEvent) => {
    event?.preventDefault()
    if (running || !agent || prompt.trim() === '') return
    onSend(prompt.trim())
    setPrompt('')
    input.current?.focus()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event)
  }
  return (
    <form className="demo-composer" onSubmit={submit}>
      <label htmlFor="demo-prompt" className="demo-visually-hidden">
        Message
      </label>
      <textarea
        id="demo-prompt"
        ref={input}
        rows={2}
        dir="auto"
        value={prompt}
        placeholder={agent ? `Ask ${agent.name}…` : 'Loading agents…'}
        onChange={(e) => setPrompt(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="demo-actions">
        {/* Distinct keys: React must not turn the clicked Stop button into a submit button
            while its click is still being dispatched (that would send the form). */}
        {running ? (
          <button key="stop" type="button" className="demo-button" onClick={onStop}>
            Stop
          </button>
        ) : (
          <button key="send" type="submit" className="demo-button demo-primary" disabled={!agent || prompt.trim() === ''}>
            Send
          </button>
        )}
      </div>
      <p className="demo-hint" dir="auto">
        {agent?.description}
        {encryptedToSend > 0 && (
          <span className="demo-continuity">
            {' '}
            The next turn sends back {encryptedToSend} encrypted reasoning {encryptedToSend === 1 ? 'value' : 'values'}.
          </span>
        )}
      </p>
    </form>
  )
}

/** Whether `query` matches, kept up to date as it changes (the system's colour scheme, the window's width). */
function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    [query],
  )
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches, () => false)
}
