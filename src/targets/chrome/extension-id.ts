// An unpacked extension's ID is known before Chromium starts, so the profile can pin its icon and
// tests can address chrome-extension://<id>/ from the first step: a function of its folder, or of
// the manifest's `key` when it has one (the way a published extension keeps its ID in development).
import { createHash } from 'node:crypto'
import { isAbsolute } from 'node:path'
import { ConfigError } from '../../core/errors.ts'

/** Chromium's ID for an unpacked extension: sha256 of the absolute path, first 32 hex digits, each d → 'a'+d. */
export function extensionIdForPath(absPath: string): string {
  if (!isAbsolute(absPath)) throw new ConfigError(`extension path ${absPath} must be absolute to compute its ID`)
  return idFromDigest(createHash('sha256').update(absPath).digest('hex'))
}

/** The fixed ID of a manifest with `key`: sha256 of the base64-decoded public key, mapped the same way. */
export function extensionIdForKey(key: string, manifestPath: string): string {
  const compact = key.replace(/\s+/g, '')
  const der = Buffer.from(compact, 'base64')
  if (der.length === 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) {
    throw new ConfigError(`${manifestPath}: "key" must be a base64-encoded public key (as the Chrome Web Store gives it)`)
  }
  return idFromDigest(createHash('sha256').update(der).digest('hex'))
}

function idFromDigest(hex: string): string {
  return Array.from(hex.slice(0, 32), (digit) => String.fromCharCode(97 + Number.parseInt(digit, 16))).join('')
}
