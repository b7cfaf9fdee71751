import 'reasoning-ui/styles.css'
import { useEffect, useState } from 'react'
import { createReasoningStore, ReasoningStream } from 'reasoning-ui'
import { connectBedrock } from 'reasoning-ui/adapters/bedrock'

/** `stream`: the AWS SDK's ConverseStream events (`(await client.send(new ConverseStreamCommand(input))).stream`). */
export function Thoughts({ stream }: { stream: AsyncIterable<unknown> }) {
  const [store] = useState(() => createReasoningStore())
  useEffect(() => connectBedrock(stream, store), [stream, store])
  return <ReasoningStream store={store} visibility="full" />
}
