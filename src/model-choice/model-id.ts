// A model id names a provider and that provider's model: 'openai/gpt-5.4', 'offline'.
import { ConfigError } from '../core/errors.ts'

/** Providers this build can drive; create-model.ts has one factory per name. */
export const KNOWN_MODEL_PREFIXES = ['offline', 'openai', 'azure', 'anthropic', 'gemini', 'gemini-openai', 'openai-compatible'] as const
export type ProviderName = (typeof KNOWN_MODEL_PREFIXES)[number]

export const DEFAULT_MODELS = { openai: 'gpt-5.4', azure: 'gpt-5.4', anthropic: 'claude-sonnet-4-6', gemini: 'gemini-2.5-computer-use-preview-10-2025', 'gemini-openai': 'gemini-2.5-flash' } as const

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

function example(provider: Exclude<ProviderName, 'offline'>): string {
  return provider === 'openai-compatible' ? 'qwen3-vl-8b' : DEFAULT_MODELS[provider]
}
