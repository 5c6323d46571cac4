// What Firefox needs to know of an unpacked extension before launch: its folder and the gecko id
// its manifest declares, which names the toolbar widget and keys its moz-extension:// UUID.
import { realpath, stat } from 'node:fs/promises'
import { resolve } from 'node:path'
import { ConfigError } from '../../core/errors.ts'
import { readManifest } from '../read-manifest.ts'
import { firefoxManifestProblems, firefoxRefusal, geckoId } from './firefox-manifest.ts'

export interface GeckoExtension {
  /** The real absolute path. */
  path: string
  /** `browser_specific_settings.gecko.id` (or the older `applications.gecko.id`), when declared. */
  geckoId: string | undefined
}

/**
 * Reads `dir`'s manifest; a ConfigError naming the path when the folder or manifest is missing or
 * invalid, or naming the field when Firefox would refuse the install (before Firefox starts).
 */
export async function readGeckoExtension(dir: string): Promise<GeckoExtension> {
  const path = await realpath(resolve(dir)).catch(() => undefined)
  if (path === undefined || !(await stat(path)).isDirectory()) throw new ConfigError(`extension folder ${resolve(dir)} does not exist or is not a folder`)
  const { manifest } = await readManifest(path)
  const refusal = firefoxRefusal(firefoxManifestProblems(manifest), `${path}/manifest.json`)
  if (refusal) throw refusal
  return { path, geckoId: geckoId(manifest) }
}
