// Which model runs, and why: an explicit id wins (--model, then AGENTPROBE_MODEL, then the plugin
// option); else the first provider whose keys are set — Azure, OpenAI, Anthropic, Gemini — else the keyless
// offline model. The reason is printed, so nobody wonders what ran.
import { DEFAULT_MODELS, parseModelId } from './model-id.ts'
import { connectionFor, type Env } from './model-credentials.ts'
import type { ModelSettings } from './model-settings.ts'

export interface ModelChoice {
  id: string
  reason: string
  settings?: ModelSettings
}

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
  if (env.ANTHROPIC_API_KEY) {
    return { id: `anthropic/${DEFAULT_MODELS.anthropic}`, reason: `ANTHROPIC_API_KEY is set${env.ANTHROPIC_BASE_URL ? ' (requests go to ANTHROPIC_BASE_URL)' : ''}` }
  }
  if (env.GEMINI_API_KEY) return { id: `gemini/${DEFAULT_MODELS.gemini}`, reason: `GEMINI_API_KEY is set${env.GEMINI_BASE_URL ? ' (requests go to GEMINI_BASE_URL)' : ''}` }
  const partial = env.AZURE_CUA_API_KEY || env.AZURE_CUA_BASE_URL ? ` (only one of AZURE_CUA_API_KEY and AZURE_CUA_BASE_URL is set)` : ''
  return { id: 'offline', reason: `no model chosen and no key set${partial}: the keyless offline model (OCR grounding, quoted-text verifier)` }
}
