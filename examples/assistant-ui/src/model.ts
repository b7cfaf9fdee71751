import type { ChatModelAdapter } from '@assistant-ui/react'

/**
 * A scripted model for assistant-ui's local runtime: no server, no API key. It streams a
 * reasoning part word by word, then the answer as a text part, as a reasoning model would
 * through any assistant-ui runtime (AI SDK, LangGraph, …).
 */
const REASONING = [
  '**Counting letters**\n\n',
  'The question is how many times the letter r appears in "strawberry". ',
  'Spelling it out: s-t-r-a-w-b-e-r-r-y. ',
  'One **r** after the t, then two more after the e.\n\n',
  "Three r's in total.",
]
const ANSWER = 'There are three r’s in “strawberry”.'

const STEP_MS = 60
const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true })
  })

/** The chunks of a text as a model streams them: a word (and its space) at a time. */
const words = (text: string) => text.match(/\S+\s*|\s+/g) ?? []

export const scriptedModel: ChatModelAdapter = {
  async *run({ abortSignal }) {
    let reasoning = ''
    for (const chunk of REASONING.flatMap(words)) {
      await pause(STEP_MS, abortSignal)
      reasoning += chunk
      yield { content: [{ type: 'reasoning', text: reasoning }] }
    }
    let answer = ''
    for (const chunk of words(ANSWER)) {
      await pause(STEP_MS, abortSignal)
      answer += chunk
      yield { content: [{ type: 'reasoning', text: reasoning }, { type: 'text', text: answer }] }
    }
  },
}
