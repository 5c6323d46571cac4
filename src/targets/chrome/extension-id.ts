// An unpacked extension's ID is a function of its folder, so it is known before Chromium starts:
// the profile can pin its icon and tests can address chrome-extension://<id>/ from the first step.
import { createHash } from 'node:crypto'
import { isAbsolute } from 'node:path'
import { ConfigError } from '../../core/errors.ts'

/** Chromium's ID for an unpacked extension: sha256 of the absolute path, first 32 hex digits, each d → 'a'+d. */
export function extensionIdForPath(absPath: string): string {
  if (!isAbsolute(absPath)) throw new ConfigError(`extension path ${absPath} must be absolute to compute its ID`)
  const hex = createHash('sha256').update(absPath).digest('hex').slice(0, 32)
  return Array.from(hex, (digit) => String.fromCharCode(97 + Number.parseInt(digit, 16))).join('')
}
