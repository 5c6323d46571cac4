// The SDK client, built like every adapter's: explicit key and base URL (the SDK never falls back
// to ANTHROPIC_* variables of the process), no SDK retries (retry.ts owns them), one timeout.
import type Anthropic from '@anthropic-ai/sdk'
import { DEFAULT_REQUEST_TIMEOUT_MS, type Connection } from '../openai-client.ts'
import { anthropicSdk } from '../provider-sdks.ts'

export async function anthropicClient(c: Connection): Promise<Anthropic> {
  const { default: Anthropic } = await anthropicSdk()
  return new Anthropic({ apiKey: c.apiKey, baseURL: c.baseURL, maxRetries: 0, timeout: c.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS })
}
