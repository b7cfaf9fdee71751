/**
 * What an AI SDK part's `providerMetadata` says about its reasoning, read the same way by the
 * Vercel AI SDK stream adapter (`vercel-ai.ts`, UI message stream chunks) and the `UIMessage`
 * converter (`reasoning-ui/ai-sdk`, parts): the OpenAI Responses item a part belongs to, its
 * encrypted content, an Anthropic signature or redacted data.
 */
import { isRecord, nonEmpty } from './json'

/**
 * `providerMetadata` keys whose reasoning parts are provider summaries: the AI SDK's OpenAI
 * Responses providers stream reasoning summaries.
 */
export const AI_SDK_SUMMARY_PROVIDERS: readonly string[] = ['openai', 'azure']

export interface ProviderExtras {
  /** The OpenAI Responses reasoning item the part belongs to. */
  readonly itemId?: string
  /** The provider key that named the item (for the summary providers). */
  readonly provider?: string
  readonly encrypted?: string
  readonly signature?: string
  readonly redacted?: string
}

/** The extras of a part's `providerMetadata` (anything but an object reads as none). */
export function providerExtras(metadata: unknown): ProviderExtras {
  if (!isRecord(metadata)) return {}
  let item: Pick<ProviderExtras, 'itemId' | 'provider'> = {}
  let encrypted: string | undefined
  let signature: string | undefined
  let redacted: string | undefined
  for (const [provider, value] of Object.entries(metadata)) {
    if (!isRecord(value)) continue
    const itemId = nonEmpty(value.itemId)
    if (itemId !== undefined && item.itemId === undefined) item = { itemId, provider }
    encrypted ??= nonEmpty(value.reasoningEncryptedContent)
    signature ??= nonEmpty(value.signature)
    redacted ??= nonEmpty(value.redactedData)
  }
  return {
    ...item,
    ...(encrypted !== undefined && { encrypted }),
    ...(signature !== undefined && { signature }),
    ...(redacted !== undefined && { redacted }),
  }
}
