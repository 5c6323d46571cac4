import { createPublicKey } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { assignedKey } from './assigned-key.ts'
import { extensionIdForKey, extensionIdForPath } from './extension-id.ts'

describe('assignedKey', () => {
  it('is the same for one folder, another for another, and unlike the folder-derived ID', () => {
    const a = assignedKey('/repo/dist')
    expect(assignedKey('/repo/dist')).toEqual(a)
    expect(assignedKey('/repo/build').id).not.toBe(a.id)
    expect(a.id).not.toBe(extensionIdForPath('/repo/dist'))
    expect(a.id).toMatch(/^[a-p]{32}$/)
    expect(extensionIdForKey(a.key, 'manifest.json')).toBe(a.id)
  })

  it('is a real public key', () => {
    const key = createPublicKey({ key: Buffer.from(assignedKey('/repo/dist').key, 'base64'), format: 'der', type: 'spki' })
    expect(key.asymmetricKeyType).toBe('ec')
  })
})
