/**
 * `<think>…</think>` in a model's answer text: open models (DeepSeek R1, Qwen3) served without a
 * reasoning parser, or an Ollama model run without `think`, write their reasoning inline. Shared by
 * the adapters that read such text (chat completions, Ollama).
 */
const OPEN_TAG = '<think>'
const CLOSE_TAG = '</think>'

/**
 * Splits streamed content into answer text and `<think>` reasoning, whatever
 * the chunking: a tag cut across chunks (`"<thi"` + `"nk>"`) is held back until
 * it is complete or proven not to be a tag. Whitespace right inside and around
 * the tags (the newlines models put there) is dropped; elsewhere text is kept
 * as is.
 */
export class ThinkTagParser {
  private mode: 'text' | 'reasoning' = 'text'
  /** A possible tag start at the end of what came so far. */
  private carry = ''
  /** Trailing whitespace held back: dropped if a tag follows, kept if more text does. */
  private space = ''
  /** Just after a tag: leading whitespace is dropped. */
  private afterTag = false

  constructor(private readonly out: (kind: 'text' | 'reasoning', text: string) => void) {}

  get inReasoning(): boolean {
    return this.mode === 'reasoning'
  }

  feed(input: string): void {
    let rest = this.carry + input
    this.carry = ''
    for (;;) {
      const tag = this.mode === 'text' ? OPEN_TAG : CLOSE_TAG
      const at = rest.indexOf(tag)
      if (at === -1) {
        const keep = partialTagLength(rest, tag)
        this.carry = rest.slice(rest.length - keep)
        this.piece(rest.slice(0, rest.length - keep), false)
        return
      }
      this.piece(rest.slice(0, at), true)
      this.mode = this.mode === 'text' ? 'reasoning' : 'text'
      this.afterTag = true
      rest = rest.slice(at + tag.length)
    }
  }

  /** The content is over (or a tool call interrupts it): what was held back is plain text of the current mode. */
  flush(): void {
    const held = this.space + this.carry
    this.space = ''
    this.carry = ''
    if (held !== '') this.out(this.mode, held)
  }

  private piece(text: string, beforeTag: boolean): void {
    let body = text
    if (this.afterTag) {
      body = body.trimStart()
      if (body === '' && !beforeTag) return
      this.afterTag = false
    }
    let full = this.space + body
    this.space = ''
    if (beforeTag) full = full.trimEnd()
    else {
      const trailing = full.length - full.trimEnd().length
      this.space = full.slice(full.length - trailing)
      full = full.slice(0, full.length - trailing)
    }
    if (full !== '') this.out(this.mode, full)
  }
}

/** Length of the longest end of `text` that is a proper start of `tag`. */
function partialTagLength(text: string, tag: string): number {
  for (let n = Math.min(tag.length - 1, text.length); n > 0; n--) {
    if (text.endsWith(tag.slice(0, n))) return n
  }
  return 0
}
