import { describe, expect, it } from 'vitest'
import { isAgentprobeError } from '../../core/errors.ts'
import { findBrowser } from './find-browser.ts'

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
