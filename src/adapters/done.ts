/**
 * `data: [DONE]`: OpenAI-style SSE streams (chat completions, the AI SDK UI
 * message stream) end with it, the producer's word that the stream is
 * complete. It is not JSON, so the SSE framing hands it over apart
 * (`BodyReader.onDone`), and `connectAdapter(…, { done: true })` pushes this
 * sentinel to the translator in its place among the events, so that a
 * translator can tell a finished stream from a body closed early. A recording
 * may hold it too (`translateAll(translator, [...chunks, DONE])`).
 */
export const DONE = '[DONE]'
