import { describe, expect, it } from 'vitest'
import { isAgentprobeError } from '../../core/errors.ts'
import { findFirefox, firefoxMajor } from './find-firefox.ts'
import { geckoId } from './firefox-manifest.ts'

describe('findFirefox', () => {
  it('rejects an explicit path that does not exist with a ConfigError naming it and FIREFOX_PATH', async () => {
    const error: unknown = await findFirefox('/nonexistent/agentprobe/firefox').catch((e: unknown) => e)
    expect(isAgentprobeError(error) && error.code).toBe('AGENTPROBE_CONFIG')
    expect(String(error)).toContain('/nonexistent/agentprobe/firefox')
    expect(String(error)).toContain('FIREFOX_PATH')
  })
})

describe('firefoxMajor', () => {
  it("reads the major version of `firefox --version`", () => {
    expect(firefoxMajor('Mozilla Firefox 153.8.0esr')).toBe(153)
    expect(firefoxMajor('Mozilla Firefox 140.0')).toBe(140)
    expect(firefoxMajor('something else')).toBeUndefined()
  })
})

describe('geckoId', () => {
  it('reads browser_specific_settings.gecko.id, or the older applications.gecko.id', () => {
    expect(geckoId({ browser_specific_settings: { gecko: { id: 'a@b' } } })).toBe('a@b')
    expect(geckoId({ applications: { gecko: { id: 'c@d' } } })).toBe('c@d')
    expect(geckoId({ name: 'x' })).toBeUndefined()
  })
})
