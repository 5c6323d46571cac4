// Where each provider's key and base URL come from. Called with the environment by the CLI or the
// Vitest worker (the only places that read it); a missing variable is a ConfigError naming it.
import { ConfigError } from '../core/errors.ts'
import type { Connection } from '../models/openai-client.ts'
import type { ProviderName } from './model-id.ts'

export type Env = Record<string, string | undefined>

export const OPENAI_BASE_URL = 'https://api.openai.com/v1'
export const ANTHROPIC_BASE_URL = 'https://api.anthropic.com'
/** The Gemini API root @google/genai talks to (it adds /v1beta/models/…). */
export const GEMINI_BASE_URL = 'https://generativelanguage.googleapis.com'
export const GEMINI_OPENAI_BASE_URL = 'https://generativelanguage.googleapis.com/v1beta/openai/'

/** The API connection of a provider, from the environment; undefined for the offline model. */
export function connectionFor(provider: ProviderName, env: Env, why: string, timeoutMs?: number): Connection | undefined {
  const need = (name: string) => {
    const value = env[name]?.trim()
    if (!value) throw new ConfigError(`${provider}/… models need ${name} (model chosen ${why})`)
    return value
  }
  switch (provider) {
    case 'offline':
      return undefined
    case 'openai':
      return { apiKey: need('OPENAI_API_KEY'), baseURL: env.OPENAI_BASE_URL || OPENAI_BASE_URL, organization: env.OPENAI_ORG_ID, project: env.OPENAI_PROJECT_ID, timeoutMs }
    case 'azure':
      return { apiKey: need('AZURE_CUA_API_KEY'), baseURL: azureV1BaseURL(need('AZURE_CUA_BASE_URL')), auth: 'api-key', timeoutMs }
    case 'anthropic':
      return { apiKey: need('ANTHROPIC_API_KEY'), baseURL: env.ANTHROPIC_BASE_URL || ANTHROPIC_BASE_URL, timeoutMs }
    case 'gemini':
      return { apiKey: need('GEMINI_API_KEY'), baseURL: env.GEMINI_BASE_URL || GEMINI_BASE_URL, timeoutMs }
    case 'gemini-openai':
      return { apiKey: need('GEMINI_API_KEY'), baseURL: env.GEMINI_OPENAI_BASE_URL || GEMINI_OPENAI_BASE_URL, timeoutMs }
    case 'openai-compatible':
      // Local servers (Ollama, vLLM) take any key; the SDK needs one to send.
      return { apiKey: env.AGENTPROBE_API_KEY || 'none', baseURL: need('AGENTPROBE_BASE_URL'), timeoutMs }
    default:
      return provider satisfies never
  }
}

/**
 * Azure AI Foundry's v1 endpoint: https://<resource>.openai.azure.com/openai/v1/. A resource URL
 * without the path gets it; one that already has it is kept.
 */
export function azureV1BaseURL(url: string): string {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new ConfigError(`AZURE_CUA_BASE_URL is not a URL: "${url}"`)
  }
  const path = parsed.pathname.replace(/\/+$/, '')
  parsed.pathname = path.endsWith('/openai/v1') ? `${path}/` : path.endsWith('/openai') ? `${path}/v1/` : `${path}/openai/v1/`
  return parsed.toString()
}
