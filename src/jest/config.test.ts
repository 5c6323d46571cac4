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

  test('browsers: a project per browser, named for it, each with its browser, the reporter told which is which', () => {
    const config = withAgentprobe({ extension: './dist', browsers: ['chromium', 'firefox'] }, { rootDir: '/repo', testMatch: ['**/*.cua.test.ts'], reporters: ['default'] })
    const projects = config.projects as Record<string, unknown>[]
    expect(projects.map((p) => p.displayName)).toEqual(['chromium', 'firefox'])
    expect(projects.map((p) => p.testEnvironmentOptions)).toEqual([
      { agentprobe: { extension: './dist', browser: 'chromium' }, agentprobeBrowsers: ['chromium', 'firefox'] },
      { agentprobe: { extension: './dist', browser: 'firefox' }, agentprobeBrowsers: ['chromium', 'firefox'] },
    ])
    for (const p of projects) expect(p).toMatchObject({ rootDir: '/repo', testMatch: ['**/*.cua.test.ts'], testTimeout: 180_000, globalSetup: expect.stringMatching(/global-setup\.(ts|js)$/) })
    expect(config.testTimeout, 'Jest reads it from the root').toBe(180_000)
    expect(config.reporters).toEqual(['default', [expect.stringMatching(/reporter\.(ts|js)$/), { artifactsDir: undefined, history: undefined, report: true, browsers: { chromium: 'chromium', firefox: 'firefox' } }]])
    const named = withAgentprobe({ browsers: ['firefox'] }, { displayName: 'e2e' })
    expect((named.projects as { displayName: string }[]).map((p) => p.displayName)).toEqual(['e2e (firefox)'])
  })

  test('browsers is checked: a known browser each, not beside browser, not beside projects of their own', () => {
    expect(() => withAgentprobe({ browsers: ['chromium', 'safari' as never] })).toThrow(/the withAgentprobe option browsers\[1\] must be one of chromium, firefox, got "safari"/)
    expect(() => withAgentprobe({ browsers: [] })).toThrow(/the withAgentprobe option browsers must name one browser or more/)
    expect(() => withAgentprobe({ browser: 'firefox', browsers: ['chromium'] })).toThrow(/the withAgentprobe options browser \("firefox"\) and browsers \(\["chromium"\]\) were both given/)
    expect(() => withAgentprobe({ browsers: ['chromium'] }, { projects: ['a'] })).toThrow(/browsers makes the config's projects/)
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
