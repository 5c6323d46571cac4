import { describe, expect, test } from 'vitest'
import { withAgentprobe } from './config.ts'

describe('withAgentprobe', () => {
  test("adds agentprobe's environment, global setup and reporter, and keeps the user's config", () => {
    const config = withAgentprobe({ extension: './dist' }, { testMatch: ['**/*.cua.test.ts'], reporters: ['default', 'jest-junit'], testEnvironmentOptions: { url: 'x' } })
    expect(config.testMatch).toEqual(['**/*.cua.test.ts'])
    expect(config.testEnvironment).toMatch(/jest[/\\]environment\.(ts|js)$/)
    expect(config.globalSetup).toMatch(/global-setup\.(ts|js)$/)
    expect(config.globalTeardown).toMatch(/global-teardown\.(ts|js)$/)
    expect(config.testEnvironmentOptions).toEqual({ url: 'x', agentprobe: { extension: './dist' } })
    expect(config.reporters).toEqual(['default', 'jest-junit', [expect.stringMatching(/reporter\.(ts|js)$/), { artifactsDir: undefined, history: undefined, report: true }]])
  })

  test('says that browsers is the Vitest plugin\'s rather than run one browser in silence', () => {
    expect(() => withAgentprobe({ browsers: ['chromium', 'firefox'] } as never)).toThrow(/browsers is the Vitest plugin's .* set browser \('chromium' or 'firefox'\), one config each/)
  })

  test('a computer-use timeout unless the user set one', () => {
    expect(withAgentprobe().testTimeout).toBe(180_000)
    expect(withAgentprobe({}, { testTimeout: 5000 }).testTimeout).toBe(5000)
  })

  test('report: false keeps the reporter for the history only; with history: false too, the reporters are left alone', () => {
    expect(withAgentprobe({ report: false }).reporters).toEqual(['default', [expect.stringMatching(/reporter\.(ts|js)$/), { artifactsDir: undefined, history: undefined, report: false }]])
    expect(withAgentprobe({ report: false, history: false }).reporters).toEqual(['default'])
  })

  test('refuses to silently replace a test environment the user chose', () => {
    expect(() => withAgentprobe({}, { testEnvironment: 'jsdom' })).toThrow(/testEnvironment is agentprobe's/)
  })
})
