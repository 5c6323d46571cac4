// The @google/genai client for one connection: the Gemini API (never Vertex), an explicit key and
// base URL so nothing comes from the environment, and no SDK retries (retry.ts owns them).
import type { GoogleGenAI } from '@google/genai'
import { DEFAULT_REQUEST_TIMEOUT_MS, type Connection } from '../openai-client.ts'
import { googleSdk } from '../provider-sdks.ts'

/** The API version the computerUse tool is served on. */
export const GEMINI_API_VERSION = 'v1beta'

export async function geminiClient(c: Connection): Promise<GoogleGenAI> {
  const { GoogleGenAI } = await googleSdk()
  return new GoogleGenAI({
    vertexai: false,
    apiKey: c.apiKey,
    apiVersion: GEMINI_API_VERSION,
    httpOptions: { baseUrl: c.baseURL, timeout: c.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS },
  })
}
