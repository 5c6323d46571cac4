import { describe, expect, it } from 'vitest'
import { isAgentprobeError } from '../../core/errors.ts'
import { extensionLoading, findBrowser } from './find-browser.ts'

describe('findBrowser', () => {
  it('returns an explicit path that is an executable file', async () => {
    await expect(findBrowser(process.execPath)).resolves.toBe(process.execPath)
  })

  it('rejects an explicit path that does not exist with a ConfigError naming it', async () => {
    const error: unknown = await findBrowser('/nonexistent/agentprobe/chrome').catch((e: unknown) => e)
    expect(isAgentprobeError(error) && error.code).toBe('AGENTPROBE_CONFIG')
    expect(String(error)).toContain('/nonexistent/agentprobe/chrome')
  })
})

describe('extensionLoading', () => {
  it('uses --load-extension on Chromium and old Chrome, the DevTools pipe on branded Chrome 137 and later', () => {
    expect(extensionLoading('Chromium 156.0.8078.108 built on Debian GNU/Linux 12 (bookworm)')).toBe('flag')
    expect(extensionLoading('Google Chrome 136.0.7103.92')).toBe('flag')
    expect(extensionLoading('Google Chrome 137.0.7151.55')).toBe('pipe')
    expect(extensionLoading('Google Chrome for Testing 140.0.7339.0')).toBe('flag')
  })
})
