import { describe, expect, it } from 'vitest'
import { isAgentprobeError } from '../../core/errors.ts'
import { extensionIdForPath } from './extension-id.ts'

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
