/**
 * `data: [DONE]`: OpenAI-style SSE streams (chat completions, the AI SDK UI
 * message stream) end with it, the producer's word that the stream is
 * complete. It is not JSON, so the SSE framing hands it over apart
 * (`BodyReader.onDone`), and `connectAdapter(…, { done: true })` pushes this
 * sentinel to the translator in its place among the events, so that a
 * translator can tell a finished stream from a body closed early. A recording
 * may hold it too (`translateAll(translator, [...chunks, DONE])`).
 *
 * A symbol, not the string `'[DONE]'`: no parsed value (an NDJSON line or a
 * recorded event that is the JSON string "[DONE]") can pass for it.
 */
export const DONE: unique symbol = /* @__PURE__ */ Symbol('[DONE]')
