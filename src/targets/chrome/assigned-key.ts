// The manifest `key` agentprobe gives an extension that has none, so that two builds loaded from
// two folders (the version users have, then the build under test) are one extension to Chromium:
// same ID, same storage, onInstalled with reason 'update'. It is derived from the build's folder,
// so the launcher can pin its icon before the first frame and every process agrees without a cache.
import { createECDH, createHash, createPrivateKey, createPublicKey } from 'node:crypto'
import { extensionIdForKey } from './extension-id.ts'

export interface AssignedKey {
  /** A P-256 public key, SPKI DER in base64, as a manifest's `key` holds one. */
  key: string
  id: string
}

/** The key for the extension whose build lives at `absPath` (a real public key; its private half is never used). */
export function assignedKey(absPath: string): AssignedKey {
  const d = createHash('sha256').update('agentprobe assigned key\0').update(absPath).digest()
  const ecdh = createECDH('prime256v1')
  ecdh.setPrivateKey(d)
  const point = ecdh.getPublicKey()
  const b64 = (bytes: Buffer) => bytes.toString('base64url')
  const jwk = { kty: 'EC', crv: 'P-256', x: b64(point.subarray(1, 33)), y: b64(point.subarray(33)), d: b64(d) }
  const key = createPublicKey(createPrivateKey({ key: jwk, format: 'jwk' })).export({ type: 'spki', format: 'der' }).toString('base64')
  return { key, id: extensionIdForKey(key, absPath) }
}
