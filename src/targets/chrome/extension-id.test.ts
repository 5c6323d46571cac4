import { describe, expect, it } from 'vitest'
import { isAgentprobeError } from '../../core/errors.ts'
import { extensionIdForKey, extensionIdForPath } from './extension-id.ts'

// A 2048-bit RSA public key (DER, base64), as a manifest's "key" holds it.
const KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAqblNRowW9e89pp29HGYKirr05t7jIx3U6NiwYYhnFx9L8iwKAojFwzs6' +
  '4CAbu0kpnKiNN5Mh/3cmQIoy52KJGTct9NWOhw6UvjdQb36uED9f/aAgWBnd6jkAHBNMyRFWhNtt6rAjBouy84WOHs2KssFzNVir' +
  '5N/dBYX0oPOz1Om/LDVGhMEEO7AE2GshDH0MmbOuSh4FTWLt8oVPk1YLFVi1dCPGuHQXp15N5P8485wzXvbitJMDvdkNrwn9aHRm' +
  'pDkkeiuch+EzxPJ95ZYLLh4WvoPzh8Kt/ai9OcHc+Jkfy/hM6dzsV7MqhhFkhj4wkmSvuvPAebkPdCoUbrJKwQIDAQAB'

describe('extensionIdForPath', () => {
  it('maps the sha256 of the path to 32 letters a–p', () => {
    // Reference values from an independent implementation of the same rule.
    expect(extensionIdForPath('/home/user/my-extension')).toBe('nilnepjhjgfacmijbmgplkmpgnbgekgi')
    expect(extensionIdForPath('/srv/ext/dist')).toBe('njbdlccajaalikemgpfkbkmjbjkoehcd')
  })

  it('depends on the exact path', () => {
    expect(extensionIdForPath('/srv/ext/dist/')).not.toBe(extensionIdForPath('/srv/ext/dist'))
    expect(extensionIdForPath('/srv/ext/dist')).toMatch(/^[a-p]{32}$/)
  })

  it('rejects a relative path with a ConfigError naming it', () => {
    let caught: unknown
    try {
      extensionIdForPath('dist')
    } catch (error) {
      caught = error
    }
    expect(isAgentprobeError(caught) && caught.code).toBe('AGENTPROBE_CONFIG')
    expect(String(caught)).toContain('dist')
  })
})

describe('extensionIdForKey', () => {
  it('maps the sha256 of the decoded key to 32 letters a–p', () => {
    // Reference value from an independent implementation (sha256sum of the DER bytes, tr 0-9a-f a-p).
    expect(extensionIdForKey(KEY, 'manifest.json')).toBe('nggapjfkkobnbflaonnhpbjmlpjopigk')
  })

  it('ignores line breaks inside the key, as Chromium does', () => {
    expect(extensionIdForKey(KEY.replace(/(.{64})/g, '$1\n'), 'manifest.json')).toBe('nggapjfkkobnbflaonnhpbjmlpjopigk')
  })

  it('rejects a key that is not base64 with a ConfigError naming the manifest', () => {
    expect(() => extensionIdForKey('not a key!', '/ext/manifest.json')).toThrow(/\/ext\/manifest\.json: "key" must be a base64/)
  })
})
