/**
 * One conversation with the demo server, the way a chat app would hold it.
 * `@ag-ui/client`'s `HttpAgent` does the transport (`run()`: the request, SSE or
 * protobuf decoding, abort), every event goes to one reasoning-ui store for the
 * panels, and the answer text and tool calls, which reasoning-ui does not keep,
 * live in a small store of their own here. The next turn's history is built from
 * those two: `toReasoningMessages` gives the reasoning messages, encrypted values
 * included, so the server gets them back (the zero-data-retention round trip).
 *
 * Why `run()` and not `runAgent()`: `runAgent()` also applies every event to the
 * agent's message list and deep-copies that list per event, which for a 200 KB
 * reasoning trace is hundreds of milliseconds of main-thread work (measured in the
 * e2e firehose test). Nothing here needs that list.
 */
import { HttpAgent, type BaseEvent, type Message, type RunAgentInput } from '@ag-ui/client'
import { createReasoningStore, toReasoningMessages, type ReasoningState, type ReasoningStore } from 'reasoning-ui'

/** `@ag-ui/proto`'s media type; the server answers with length-prefixed protobuf frames. */
export const PROTOBUF_MEDIA_TYPE = 'application/vnd.ag-ui.event+proto'

export type Wire = 'sse' | 'protobuf'

export interface AgentInfo {
  readonly id: string
  readonly name: string
  readonly description: string
}

export interface Turn {
  readonly id: string
  readonly runId: string
  readonly agentId: string
  readonly prompt: string
  readonly status: 'running' | 'done' | 'failed' | 'stopped'
  readonly error?: string
}

export interface ToolCallView {
  readonly name: string
  readonly args: string
  readonly result?: string
  readonly resultMessageId?: string
}

export interface ChatSnapshot {
  readonly turns: readonly Turn[]
  /** Answer text per text message id. */
  readonly texts: ReadonlyMap<string, string>
  readonly tools: ReadonlyMap<string, ToolCallView>
  readonly running: boolean
  /** Reasoning messages with an encrypted value that the next turn will send back. */
  readonly encryptedToSend: number
}

/** An `HttpAgent` that asks for protobuf when the page's wire switch says so. */
class DemoHttpAgent extends HttpAgent {
  constructor(
    config: ConstructorParameters<typeof HttpAgent>[0],
    private readonly wire: Wire,
  ) {
    super(config)
  }

  protected override requestInit(input: RunAgentInput): RequestInit {
    const init = super.requestInit(input)
    if (this.wire !== 'protobuf') return init
    return { ...init, headers: { ...(init.headers as Record<string, string>), Accept: `${PROTOBUF_MEDIA_TYPE}, text/event-stream;q=0.5` } }
  }
}

let counter = 0
const newId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(++counter).toString(36)}`

export class ChatSession {
  /** Every run's reasoning, in one store: the panels filter it per run. */
  readonly reasoning: ReasoningStore = createReasoningStore()
  private threadId = newId('thread')
  private messages: Message[] = []
  private abort: (() => void) | undefined
  private snapshot: ChatSnapshot = { turns: [], texts: new Map(), tools: new Map(), running: false, encryptedToSend: 0 }
  private readonly listeners = new Set<() => void>()
  private scheduled = false
  /** Streaming text and tool calls not yet published: copied into a snapshot once per frame, not per event. */
  private pending: (() => Partial<ChatSnapshot>) | undefined
  private stopping = false
  /** Bumped by `reset()`: a turn that started before it must not write into the new conversation. */
  private generation = 0

  constructor(private readonly baseUrl = '') {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  readonly getSnapshot = (): ChatSnapshot => this.snapshot

  /** Sends `prompt` to `agentId` as the next turn of this conversation. Resolves when the turn ends, whatever the outcome. */
  async send(agentId: string, prompt: string, wire: Wire = 'sse'): Promise<void> {
    if (this.snapshot.running) return
    const generation = this.generation
    const turn: Turn = { id: newId('turn'), runId: newId('run'), agentId, prompt, status: 'running' }
    const texts = new Map(this.snapshot.texts)
    const tools = new Map(this.snapshot.tools)
    const user: Message = { id: newId('user'), role: 'user', content: prompt }
    this.update({ turns: [...this.snapshot.turns, turn], running: true })

    const agent = new DemoHttpAgent(
      { url: `${this.baseUrl}/api/agents/${encodeURIComponent(agentId)}`, threadId: this.threadId, fetch: fetchWithQuietCancel },
      wire,
    )
    const input: RunAgentInput = {
      threadId: this.threadId,
      runId: turn.runId,
      state: {},
      messages: [...this.messages, user],
      tools: [],
      context: [],
      forwardedProps: {},
    }
    this.stopping = false
    let finished = false
    const outcome = await new Promise<{ status: Turn['status']; error?: string }>((settle) => {
      const subscription = agent.run(input).subscribe({
        next: (event) => {
          if (event.type === 'RUN_FINISHED') finished = true
          this.reasoning.dispatch(event)
          if (this.collect(event, texts, tools)) this.publishSoon(() => ({ texts: new Map(texts), tools: new Map(tools) }))
          if (event.type === 'RUN_ERROR') {
            const e = event as BaseEvent & { message?: unknown; code?: unknown }
            settle(e.code === 'abort' || this.stopping ? { status: 'stopped' } : { status: 'failed', error: String(e.message ?? 'The run failed') })
          }
        },
        error: (cause: unknown) => {
          // What the abort broke is the user's stop, not a failure.
          if (this.stopping) this.reasoning.streamEnded(undefined, 'stopped')
          else this.reasoning.streamEnded(cause)
          settle(this.stopping ? { status: 'stopped' } : { status: 'failed', error: describe(cause) })
        },
        complete: () => {
          this.reasoning.streamEnded(undefined, this.stopping ? 'stopped' : undefined)
          // A body that ends without RUN_FINISHED is a dropped connection too: WebKit's fetch
          // ends a chunked response cut off mid-stream as a clean end of the body, where
          // Chromium and Firefox throw a TypeError (seen in the e2e interrupted scenario).
          if (this.stopping) settle({ status: 'stopped' })
          else if (!finished) settle({ status: 'failed', error: ENDED_EARLY })
          else settle({ status: 'done' })
        },
      })
      this.abort = () => {
        agent.abortRun()
        subscription.unsubscribe()
        // The user's stop: the panels read "Stopped after N seconds", neutrally.
        this.reasoning.streamEnded(undefined, 'stopped')
        settle({ status: 'stopped' })
      }
    })
    this.abort = undefined
    if (generation !== this.generation) return
    this.messages = [...this.messages, user, ...this.turnMessages(turn.runId, texts, tools)]
    const turns = this.snapshot.turns.map((t) => (t.id === turn.id ? { ...t, ...outcome } : t))
    this.update({ turns, texts, tools, running: false, encryptedToSend: countEncrypted(this.messages) })
  }

  /**
   * What this turn adds to the history, in the order it happened: reasoning
   * messages (from the kit, encrypted values included), assistant messages with
   * their tool calls, tool results.
   */
  private turnMessages(runId: string, texts: ReadonlyMap<string, string>, tools: ReadonlyMap<string, ToolCallView>): Message[] {
    const state = this.reasoning.getState()
    const out: Message[] = []
    for (const entry of state.timeline) {
      if (entry.runId !== runId) continue
      if (entry.kind === 'reasoning') {
        const blocks = state.blocks.filter((b) => b.id === entry.id)
        out.push(...toReasoningMessages({ ...state, blocks } satisfies ReasoningState))
      } else if (entry.kind === 'text') {
        out.push({ id: entry.id, role: 'assistant', content: texts.get(entry.id) ?? '' })
      } else {
        const tool = tools.get(entry.id)
        if (!tool) continue
        out.push({ id: `${entry.id}-call`, role: 'assistant', toolCalls: [{ id: entry.id, type: 'function', function: { name: tool.name, arguments: tool.args } }] })
        if (tool.result !== undefined) out.push({ id: tool.resultMessageId || `${entry.id}-result`, role: 'tool', toolCallId: entry.id, content: tool.result })
      }
    }
    return out
  }

  /** Stops the running turn (the panels show it stopped, with the text so far). */
  stop(): void {
    if (!this.abort) return
    this.stopping = true
    this.abort()
  }

  /** Starts a new conversation (a new thread on the server). */
  reset(): void {
    this.stop()
    this.generation++
    this.threadId = newId('thread')
    this.messages = []
    this.reasoning.reset()
    this.update({ turns: [], texts: new Map(), tools: new Map(), running: false, encryptedToSend: 0 })
  }

  /** Folds answer text and tool calls out of one event; true when something changed. */
  private collect(event: BaseEvent, texts: Map<string, string>, tools: Map<string, ToolCallView>): boolean {
    const e = event as BaseEvent & Record<string, unknown>
    const str = (v: unknown) => (typeof v === 'string' ? v : '')
    switch (event.type) {
      case 'TEXT_MESSAGE_START':
        if (!texts.has(str(e.messageId))) texts.set(str(e.messageId), '')
        return true
      case 'TEXT_MESSAGE_CONTENT':
        texts.set(str(e.messageId), (texts.get(str(e.messageId)) ?? '') + str(e.delta))
        return true
      case 'TOOL_CALL_START':
        tools.set(str(e.toolCallId), { name: str(e.toolCallName), args: '' })
        return true
      case 'TOOL_CALL_ARGS': {
        const tool = tools.get(str(e.toolCallId))
        if (tool) tools.set(str(e.toolCallId), { ...tool, args: tool.args + str(e.delta) })
        return tool !== undefined
      }
      case 'TOOL_CALL_RESULT': {
        const tool = tools.get(str(e.toolCallId))
        if (tool) tools.set(str(e.toolCallId), { ...tool, result: str(e.content), resultMessageId: str(e.messageId) })
        return tool !== undefined
      }
      default:
        return false
    }
  }

  /** Publishes a new snapshot now (turn boundaries); anything pending from a stream is superseded. */
  private update(patch: Partial<ChatSnapshot>): void {
    this.pending = undefined
    this.snapshot = { ...this.snapshot, ...patch }
    this.notify()
  }

  /**
   * Publishes streaming changes at most once per animation frame, just after the frame renders, as
   * the reasoning store notifies: the answer and the panels then show in the same frame, and React's
   * commit is no part of the frame's own task.
   */
  private publishSoon(patch: () => Partial<ChatSnapshot>): void {
    this.pending = patch
    if (typeof requestAnimationFrame !== 'function') return this.flush()
    if (this.scheduled) return
    this.scheduled = true
    requestAnimationFrame(() => setTimeout(() => this.flush(), 0))
  }

  private flush(): void {
    this.scheduled = false
    const patch = this.pending
    if (!patch) return
    this.pending = undefined
    this.snapshot = { ...this.snapshot, ...patch() }
    this.notify()
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener()
  }
}

/**
 * `fetch` for `HttpAgent`, working around ag-ui-protocol/ag-ui#2510 (open in
 * `@ag-ui/client` 1.0.0): when a stream dies mid-run, the client's teardown calls
 * `reader.cancel()` on the failed body and rethrows its rejection, an unhandled
 * rejection on every dropped connection. The run itself still fails properly, so
 * only that second, unobserved copy of the error is swallowed here.
 */
async function fetchWithQuietCancel(url: string, init: RequestInit): Promise<Response> {
  const response = await fetch(url, init)
  const body = response.body
  if (body) {
    const getReader = body.getReader.bind(body) as () => ReadableStreamDefaultReader<Uint8Array>
    Object.defineProperty(body, 'getReader', {
      value: () => {
        const reader = getReader()
        const cancel = reader.cancel.bind(reader)
        reader.cancel = (reason?: unknown) => cancel(reason).catch(() => undefined)
        return reader
      },
    })
  }
  return response
}

/** The turn's error when the stream ended cleanly but the run never finished. */
export const ENDED_EARLY = 'the connection closed before the run finished'

function countEncrypted(messages: readonly Message[]): number {
  return messages.filter((m) => m.role === 'reasoning' && typeof m.encryptedValue === 'string' && m.encryptedValue !== '').length
}

function describe(cause: unknown): string {
  // fetch reports a dropped connection as a bare TypeError ("network error", "terminated").
  if (cause instanceof TypeError) return `the connection dropped before the run finished (${cause.message})`
  if (cause instanceof Error) return cause.message || cause.name
  return typeof cause === 'string' ? cause : 'The run failed'
}

/** The demo server's agent list. */
export async function fetchAgents(baseUrl = ''): Promise<AgentInfo[]> {
  const response = await fetch(`${baseUrl}/api/agents`)
  if (!response.ok) throw new Error(`GET /api/agents answered ${response.status}`)
  const body = (await response.json()) as { agents?: AgentInfo[] }
  return Array.isArray(body.agents) ? body.agents : []
}
