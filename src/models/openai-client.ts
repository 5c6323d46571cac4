// One way to build the SDK client for every adapter: explicit key and base URL (the SDK never
// falls back to the environment), no SDK retries (retry.ts owns them), and Azure's api-key header.
import type OpenAI from 'openai'
import { SECRET_MASK } from '../core/action.ts'
import { openaiSdk } from './provider-sdks.ts'

export interface Connection {
  apiKey: string
  baseURL: string
  /** 'bearer' (Authorization: Bearer) or Azure's 'api-key' header. */
  auth?: 'bearer' | 'api-key'
  organization?: string
  project?: string
  /** One request's timeout, ms (default 120 s). */
  timeoutMs?: number
}

export const DEFAULT_REQUEST_TIMEOUT_MS = 120_000

export async function openaiClient(c: Connection): Promise<OpenAI> {
  const { default: OpenAI } = await openaiSdk()
  return new OpenAI({
    apiKey: c.apiKey,
    adminAPIKey: null,
    baseURL: c.baseURL,
    organization: c.organization ?? null,
    project: c.project ?? null,
    maxRetries: 0,
    timeout: c.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
    ...(c.auth === 'api-key' && { defaultHeaders: { 'api-key': c.apiKey, Authorization: null } }),
  })
}

/** Masks the key wherever it appears in a text (providers echo keys in auth errors). */
export function keyRedactor(apiKey: string): (text: string) => string {
  return (text) => (apiKey.length >= 3 ? text.split(apiKey).join(SECRET_MASK) : text)
}
