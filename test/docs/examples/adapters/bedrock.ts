// docs/adapters.md, "AWS Bedrock": run by test/docs/adapters.test.ts on a real recording as the SDK's stream.
// #region sample
import { createReasoningStore } from 'reasoning-ui/core'
import { connectBedrock } from 'reasoning-ui/adapters/bedrock'

/** `stream`: the AWS SDK's `(await client.send(new ConverseStreamCommand(input))).stream`, with thinking on in `additionalModelRequestFields`. */
export function showConverseStream(stream: AsyncIterable<unknown>) {
  const store = createReasoningStore()
  const stop = connectBedrock(stream, store)
  return { store, stop }
}
// #endregion
