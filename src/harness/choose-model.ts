// Which model runs, and why: an explicit id wins, then AGENTPROBE_MODEL, then the plugin option,
// else the keyless offline model. The reason is printed, so nobody wonders what ran.
import { ConfigError } from '../core/errors.ts'

export interface ModelChoice {
  id: string
  reason: string
}

/** Providers this build can drive. Key detection joins here as adapters land. */
export const KNOWN_MODEL_PREFIXES = ['offline'] as const

export function chooseModel(sources: { flag?: string; env: Record<string, string | undefined>; option?: string }): ModelChoice {
  const explicit =
    (sources.flag && { id: sources.flag, reason: 'from --model' }) ||
    (sources.env.AGENTPROBE_MODEL && { id: sources.env.AGENTPROBE_MODEL, reason: 'from AGENTPROBE_MODEL' }) ||
    (sources.option && { id: sources.option, reason: 'from the plugin option model' })
  if (explicit) {
    assertKnownModel(explicit.id, explicit.reason)
    return explicit
  }
  return { id: 'offline', reason: 'no model chosen: the keyless offline model (OCR grounding, quoted-text verifier)' }
}

export function assertKnownModel(id: string, source: string): void {
  const prefix = id.split('/')[0] ?? id
  if (!(KNOWN_MODEL_PREFIXES as readonly string[]).includes(prefix)) {
    throw new ConfigError(`unknown model "${id}" (${source}); this build supports: ${KNOWN_MODEL_PREFIXES.join(', ')}`)
  }
}
