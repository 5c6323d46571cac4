// Which model runs, and why: an explicit id wins (--model, then AGENTPROBE_MODEL, then the plugin
// option); else the first provider whose keys are set — Azure, OpenAI, Gemini — else the keyless
// offline model. The reason is printed, so nobody wonders what ran.
import { ConfigError } from '../core/errors.ts'
import { connectionFor, type Env } from './model-credentials.ts'
import type { ModelSettings } from './model-settings.ts'

export interface ModelChoice {
  id: string
  reason: string
  settings?: ModelSettings
}

/** Providers this build can drive; create-model.ts has one factory per name. */
export const KNOWN_MODEL_PREFIXES = ['offline', 'openai', 'azure', 'gemini', 'openai-compatible'] as const
export type ProviderName = (typeof KNOWN_MODEL_PREFIXES)[number]

export const DEFAULT_MODELS = { openai: 'gpt-5.4', azure: 'gpt-5.4', gemini: 'gemini-2.5-flash' } as const

export function chooseModel(sources: { flag?: string; env: Env; option?: string; optionSource?: string; settings?: ModelSettings }): ModelChoice {
  const { env } = sources
  const explicit =
    (sources.flag && { id: sources.flag, reason: 'from --model' }) ||
    (env.AGENTPROBE_MODEL && { id: env.AGENTPROBE_MODEL, reason: 'from AGENTPROBE_MODEL' }) ||
    (sources.option && { id: sources.option, reason: `from ${sources.optionSource ?? 'the plugin option model'}` })
  const choice = explicit || detect(env)
  const { provider } = parseModelId(choice.id, choice.reason)
  connectionFor(provider, env, choice.reason) // a missing key fails now, naming the variable
  return { ...choice, ...(sources.settings && { settings: sources.settings }) }
}

function detect(env: Env): { id: string; reason: string } {
  if (env.AZURE_CUA_API_KEY && env.AZURE_CUA_BASE_URL) {
    const deployment = env.AZURE_CUA_MODEL ? `${env.AZURE_CUA_MODEL}, from AZURE_CUA_MODEL` : `${DEFAULT_MODELS.azure}, the default; set AZURE_CUA_MODEL to change it`
    return { id: `azure/${env.AZURE_CUA_MODEL || DEFAULT_MODELS.azure}`, reason: `AZURE_CUA_API_KEY and AZURE_CUA_BASE_URL are set (Azure AI Foundry deployment ${deployment})` }
  }
  if (env.OPENAI_API_KEY) {
    return { id: `openai/${DEFAULT_MODELS.openai}`, reason: `OPENAI_API_KEY is set${env.OPENAI_BASE_URL ? ' (requests go to OPENAI_BASE_URL)' : ''}` }
  }
  if (env.GEMINI_API_KEY) return { id: `gemini/${DEFAULT_MODELS.gemini}`, reason: 'GEMINI_API_KEY is set' }
  const partial = env.AZURE_CUA_API_KEY || env.AZURE_CUA_BASE_URL ? ` (only one of AZURE_CUA_API_KEY and AZURE_CUA_BASE_URL is set)` : ''
  return { id: 'offline', reason: `no model chosen and no key set${partial}: the keyless offline model (OCR grounding, quoted-text verifier)` }
}

/** 'openai/gpt-5.4' → { provider: 'openai', model: 'gpt-5.4' }; the model may contain slashes. */
export function parseModelId(id: string, source: string): { provider: ProviderName; model: string } {
  const slash = id.indexOf('/')
  const prefix = slash < 0 ? id : id.slice(0, slash)
  const model = slash < 0 ? '' : id.slice(slash + 1)
  if (!(KNOWN_MODEL_PREFIXES as readonly string[]).includes(prefix)) {
    throw new ConfigError(`unknown model "${id}" (${source}); this build supports: ${KNOWN_MODEL_PREFIXES.join(', ')}`)
  }
  const provider = prefix as ProviderName
  if (provider !== 'offline' && model === '') throw new ConfigError(`model "${id}" (${source}) names no model: write ${provider}/<model>, e.g. ${provider}/${example(provider)}`)
  return { provider, model }
}

/** Kept for callers that only check the id. */
export function assertKnownModel(id: string, source: string): void {
  parseModelId(id, source)
}

function example(provider: Exclude<ProviderName, 'offline'>): string {
  return provider === 'openai-compatible' ? 'qwen3-vl-8b' : DEFAULT_MODELS[provider]
}
