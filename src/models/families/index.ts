// The registry of coordinate families, typed so a family without an entry is a compile error,
// and the rule that picks one for a model name (an explicit choice always wins).
import { ConfigError } from '../../core/errors.ts'
import { FAMILY_NAMES, type Family, type FamilyName } from './family.ts'
import { gemini } from './gemini.ts'
import { glm } from './glm.ts'
import { pixels } from './pixels.ts'
import { qwen25Vl } from './qwen25-vl.ts'
import { qwen3Vl } from './qwen3-vl.ts'
import { uiTars } from './ui-tars.ts'

export { FAMILY_NAMES, type Family, type FamilyName } from './family.ts'

export const FAMILIES: Record<FamilyName, Family> = {
  pixels,
  gemini,
  'qwen3-vl': qwen3Vl,
  glm,
  'qwen2.5-vl': qwen25Vl,
  'ui-tars': uiTars,
}

/** UI-TARS names often contain "qwen", so it is checked before the Qwen families. */
const DETECTION_ORDER: readonly FamilyName[] = ['ui-tars', 'qwen2.5-vl', 'qwen3-vl', 'glm', 'gemini']

/** The family for a model name; `override` (a family name) wins; unknown names get pixels. */
export function familyFor(model: string, override?: string): Family {
  if (override !== undefined) {
    if (!(FAMILY_NAMES as readonly string[]).includes(override)) {
      throw new ConfigError(`unknown coordinate family "${override}" (option coordinates); known: ${FAMILY_NAMES.join(', ')}`)
    }
    return FAMILIES[override as FamilyName]
  }
  const name = DETECTION_ORDER.find((n) => FAMILIES[n].matches.test(model))
  return FAMILIES[name ?? 'pixels']
}
