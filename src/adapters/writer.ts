import { aggregateTokenUsage, type TokenUsage } from '@ag-ui/core'
import { METADATA_KEY } from '../core/metadata'
import type { ReasoningUiMetadata } from '../core/model'
import { describeError } from './json'
import type { AdapterDiagnostic, AgUiEvent, Translator, TranslatorOptions } from './types'
import { count } from './usage'

type Open = 'reasoning' | 'text' | 'tool'

/**
 * What every adapter shares: it emits valid AG-UI 1.0 events in a valid order
 * and keeps track of what is open, so a translator only says what happened.
 * `RUN_STARTED` comes before the first event; a text message or tool call
 * closes open reasoning (as `@ag-ui/client` expects); `finish()` closes
 * everything and `fail()` ends the run with `RUN_ERROR`.
 */
export class EventWriter {
  private out: AgUiEvent[] = []
  private started = false
  private ended = false
  private time: number | undefined
  private extra: Readonly<Record<string, unknown>> | undefined
  /** Open reasoning spans (block id → open message ids), text messages and tool calls, in opening order. */
  private readonly spans = new Map<string, Set<string>>()
  private readonly open = new Map<string, Open>()
  private readonly messageBlock = new Map<string, string>()
  /**
   * When each message and span last ended (the timestamp of its END event): a
   * block's entry, under its span id, is the time the store stamped as its end.
   */
  private readonly ends = new Map<string, number>()
  /**
   * Token usage by what it was reported for (a response, a message), for the run's end (see `usage`).
   * An adapter may read whether there is any, or withdraw all of it for a report that replaces it
   * (a total that includes its parts).
   */
  readonly usages = new Map<string, TokenUsage>()
  readonly diagnostics: AdapterDiagnostic[] = []
  private index = -1
  threadId: string
  runId: string | undefined
  private readonly now: () => number

  constructor(options: TranslatorOptions = {}) {
    this.threadId = options.threadId ?? 'thread'
    this.runId = options.runId
    this.now = options.now ?? Date.now
  }

  /** Call once per provider event, before translating it (numbers diagnostics). */
  next(): void {
    this.index++
    this.time = undefined
    this.extra = undefined
  }

  /**
   * Provider fields AG-UI has no place for (e.g. Letta's `otid`, `step_id`), put in
   * the `metadata` of every event of the current provider event under the keys
   * given (never `reasoningUi`). Other AG-UI clients ignore them; the raw data stays available.
   */
  annotate(extra: Readonly<Record<string, unknown>>): void {
    const { [METADATA_KEY]: _reserved, ...rest } = extra
    this.extra = Object.keys(rest).length > 0 ? rest : undefined
  }

  /** Skip the current provider event with a diagnostic. */
  skip(message: string): void {
    this.diagnostics.push({ message, index: this.index })
  }

  /** Timestamp (ms) for the events of the current provider event, when the provider dates it. */
  at(ms: number | undefined): void {
    this.time = count(ms)
  }

  /** The events produced since the last call. */
  take(): AgUiEvent[] {
    const out = this.out
    this.out = []
    return out
  }

  get isEnded(): boolean {
    return this.ended
  }

  isOpen(id: string): boolean {
    return this.open.has(id) || this.spans.has(id)
  }

  private emit(event: Record<string, unknown>, ended?: string): void {
    if (this.ended) return
    const { metadata, ...rest } = event as { metadata?: Record<string, unknown> }
    const merged = this.extra || metadata ? { metadata: { ...this.extra, ...metadata } } : {}
    const timestamp = this.time ?? this.now()
    if (ended !== undefined) this.ends.set(ended, timestamp)
    this.out.push({ ...rest, ...merged, timestamp } as AgUiEvent)
  }

  /** `RUN_STARTED`, if it has not gone out yet (every other method sends it first anyway). */
  start(): void {
    if (this.started || this.ended) return
    this.started = true
    this.emit({ type: 'RUN_STARTED', threadId: this.threadId, runId: this.runId ?? 'run' })
  }

  /** Opens a reasoning span (`REASONING_START`), optionally titled. No-op when already open. */
  startBlock(id: string, ui?: ReasoningUiMetadata): void {
    this.start()
    if (this.spans.has(id)) return
    this.closeKinds(['text', 'tool'])
    this.spans.set(id, new Set())
    this.emit({ type: 'REASONING_START', messageId: id, ...meta(ui) })
  }

  /** Ends a span and its open messages (`REASONING_END`), optionally with an outcome. */
  endBlock(id: string, ui?: ReasoningUiMetadata): void {
    const messages = this.spans.get(id)
    if (!messages) return
    for (const m of [...messages]) this.endMessage(m)
    this.spans.delete(id)
    this.emit({ type: 'REASONING_END', messageId: id, ...meta(ui) }, id)
  }

  /** Opens a reasoning message inside block `blockId` (opened when needed). No-op when already open. */
  startMessage(id: string, blockId: string, ui?: ReasoningUiMetadata): void {
    if (this.open.has(id)) return
    this.startBlock(blockId)
    this.spans.get(blockId)!.add(id)
    this.open.set(id, 'reasoning')
    this.messageBlock.set(id, blockId)
    this.emit({ type: 'REASONING_MESSAGE_START', messageId: id, role: 'reasoning', ...meta(ui) })
  }

  /**
   * Continues a reasoning message that ended, in the block it was in (AG-UI: a
   * new `REASONING_MESSAGE_START` with a closed message's id reopens it), for a
   * producer whose last delta or end metadata came after the writer had closed
   * it. No span is opened and open text or tool calls stay open. No-op when it is
   * open, or never started and no `blockId` is given.
   *
   * A message that never started but belongs in span `blockId`, which ended,
   * starts there: the span continues for it (a `REASONING_START` with an ended
   * span's id continues that span), open text and tool calls still stay open,
   * and the caller ends the span again (`endBlock`).
   */
  reopenMessage(id: string, blockId?: string, ui?: ReasoningUiMetadata): void {
    const started = this.messageBlock.has(id)
    if (this.open.has(id) || (!started && blockId === undefined)) return
    this.start()
    if (!started) {
      if (!this.spans.has(blockId!)) {
        this.spans.set(blockId!, new Set())
        this.emit({ type: 'REASONING_START', messageId: blockId })
      }
      return this.startMessage(id, blockId!, ui)
    }
    this.open.set(id, 'reasoning')
    // Back in its span's open messages while the span is open, so that ending the span ends it first.
    this.spans.get(this.messageBlock.get(id)!)?.add(id)
    this.emit({ type: 'REASONING_MESSAGE_START', messageId: id, role: 'reasoning' })
  }

  /**
   * Ends reasoning message `id` with metadata `ui` (a signature, an outcome). One
   * that ended already takes it late: it is reopened and ended again, both dated
   * when its block ended (when its message ended, while the span is open), since
   * AG-UI's reopen clears the block's end and the new end would otherwise stretch
   * the block's duration over the answer or tool call streamed since. A message
   * never started joins span `blockId`, which ended, the same way (its span is
   * continued for it and ended again), for a late value of its own (e.g. an
   * encrypted one, sent next). No-op for a message never started without a `blockId`.
   * Late text is different: the reasoning really went on, so it is appended to
   * the reopened message at the time it came (`reopenMessage`).
   */
  amendMessage(id: string, ui?: ReasoningUiMetadata, blockId = this.messageBlock.get(id)): void {
    if (this.open.has(id)) return this.endMessage(id, ui)
    if (blockId === undefined) return
    const time = this.time
    const spanOpen = this.spans.has(blockId)
    this.time = this.ends.get(spanOpen ? id : blockId) ?? time
    this.reopenMessage(id, blockId)
    this.endMessage(id, ui)
    if (!spanOpen) this.endBlock(blockId)
    this.time = time
  }

  /** Appends to an open reasoning message. Empty deltas are dropped. */
  appendMessage(id: string, delta: string): void {
    if (delta === '' || this.open.get(id) !== 'reasoning') return
    this.emit({ type: 'REASONING_MESSAGE_CONTENT', messageId: id, delta })
  }

  endMessage(id: string, ui?: ReasoningUiMetadata): void {
    if (this.open.get(id) !== 'reasoning') return
    this.open.delete(id)
    this.spans.get(this.messageBlock.get(id)!)?.delete(id)
    this.emit({ type: 'REASONING_MESSAGE_END', messageId: id, ...meta(ui) }, id)
  }

  /** Attaches an opaque provider value to a message or tool call (`REASONING_ENCRYPTED_VALUE`), e.g. for the round trip. */
  encrypted(entityId: string, value: string, valueType?: string, subtype: 'message' | 'tool-call' = 'message'): void {
    if (value === '') return
    this.start()
    this.emit({
      type: 'REASONING_ENCRYPTED_VALUE',
      subtype,
      entityId,
      encryptedValue: value,
      ...(valueType !== undefined && { encryptedValueType: valueType }),
    })
  }

  startText(id: string, role: 'assistant' | 'developer' | 'system' | 'user' = 'assistant'): void {
    this.start()
    if (this.open.has(id)) return
    this.closeKinds(['reasoning', 'tool'])
    this.open.set(id, 'text')
    this.emit({ type: 'TEXT_MESSAGE_START', messageId: id, role })
  }

  appendText(id: string, delta: string): void {
    if (delta === '') return
    if (!this.open.has(id)) this.startText(id)
    this.emit({ type: 'TEXT_MESSAGE_CONTENT', messageId: id, delta })
  }

  endText(id: string): void {
    if (this.open.get(id) !== 'text') return
    this.open.delete(id)
    this.emit({ type: 'TEXT_MESSAGE_END', messageId: id })
  }

  startTool(id: string, name: string, parentMessageId?: string): void {
    this.start()
    if (this.open.has(id)) return
    this.closeKinds(['reasoning', 'text'])
    this.open.set(id, 'tool')
    this.emit({ type: 'TOOL_CALL_START', toolCallId: id, toolCallName: name, ...(parentMessageId !== undefined && { parentMessageId }) })
  }

  appendToolArgs(id: string, delta: string): void {
    if (delta === '' || this.open.get(id) !== 'tool') return
    this.emit({ type: 'TOOL_CALL_ARGS', toolCallId: id, delta })
  }

  endTool(id: string): void {
    if (this.open.get(id) !== 'tool') return
    this.open.delete(id)
    this.emit({ type: 'TOOL_CALL_END', toolCallId: id })
  }

  toolResult(messageId: string, toolCallId: string, content: string): void {
    this.start()
    this.emit({ type: 'TOOL_CALL_RESULT', messageId, toolCallId, content, role: 'tool' })
  }

  /**
   * Token usage the provider reported for `key` (one response, one message):
   * a later report for the same key replaces the earlier one (providers report
   * running totals), reports for different keys add up per provider and model.
   * `finish()` and `fail()` carry it as AG-UI `usage`, when there is some.
   */
  usage(key: string, entry: TokenUsage | undefined): void {
    if (entry) this.usages.set(key, entry)
  }

  private usageField(): { usage?: TokenUsage[] } {
    if (this.usages.size === 0) return {}
    // aggregateTokenUsage sums per provider and model, and leaves the labels as undefined keys when absent.
    return { usage: aggregateTokenUsage([...this.usages.values()]).map(defined) }
  }

  /** Closes everything still open, normally. */
  closeAll(): void {
    this.closeKinds(['reasoning', 'text', 'tool'])
  }

  /** The provider finished: close everything and `RUN_FINISHED`. Idempotent. */
  finish(): void {
    if (this.ended) return
    this.start()
    this.closeAll()
    this.emit({ type: 'RUN_FINISHED', threadId: this.threadId, runId: this.runId ?? 'run', ...this.usageField() })
    this.ended = true
  }

  /**
   * The provider stopped short (token limit, error, cut stream): `RUN_ERROR`,
   * which leaves whatever is open interrupted with its text. Idempotent.
   */
  fail(message: string, code?: string): void {
    if (this.ended) return
    this.start()
    this.emit({ type: 'RUN_ERROR', message, ...(code !== undefined && { code }), ...this.usageField() })
    this.ended = true
  }

  private closeKinds(kinds: readonly Open[]): void {
    for (const [id, kind] of [...this.open]) {
      if (!kinds.includes(kind)) continue
      if (kind === 'reasoning') this.endMessage(id)
      else if (kind === 'text') this.endText(id)
      else this.endTool(id)
    }
    if (kinds.includes('reasoning')) for (const id of [...this.spans.keys()]) this.endBlock(id)
  }
}

/** `value` without its undefined keys. */
const defined = <T extends object>(value: T): T => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T

function meta(ui: ReasoningUiMetadata | undefined): { metadata?: { [METADATA_KEY]: ReasoningUiMetadata } } {
  if (!ui) return {}
  const known = defined(ui)
  return Object.keys(known).length > 0 ? { metadata: { [METADATA_KEY]: known } } : {}
}

/**
 * A translator from what an adapter does with one provider event (`handle`) and at the end of the
 * stream (`settle`), its events written by `writer`: it never throws (an error in `handle` skips
 * that event with a diagnostic).
 */
export function translatorOf(writer: EventWriter, handle: (event: unknown) => void, settle: () => void): Translator {
  const step = (run: () => void): AgUiEvent[] => {
    writer.next()
    run()
    return writer.take()
  }
  return {
    push: (event) =>
      step(() => {
        try {
          handle(event)
        } catch (error) {
          writer.skip(`could not translate the event: ${describeError(error)}`)
        }
      }),
    end: () => step(settle),
    get diagnostics() {
      return writer.diagnostics
    },
  }
}

