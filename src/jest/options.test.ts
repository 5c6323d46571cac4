import { describe, expect, test } from 'vitest'
import { jestOptions } from './options.ts'

const project = (agentprobe?: unknown) => ({ rootDir: '/repo', testEnvironmentOptions: agentprobe === undefined ? {} : { agentprobe } })
const run = { ci: false, updateSnapshot: 'new' as const }

describe('jestOptions', () => {
  test('resolves paths against rootDir and picks the keyless model without keys', () => {
    const o = jestOptions(project({ extension: './dist', artifactsDir: 'out' }), run, {})
    expect(o.extension).toBe('/repo/dist')
    expect(o.artifactsDir).toBe('/repo/out')
    expect(o.model.id).toBe('offline')
  })

  test("Jest's -u re-records cassettes and --ci replays them, as for snapshots", () => {
    expect(jestOptions(project(), { ci: false, updateSnapshot: 'all' }, {}).cassette).toMatchObject({ update: true, ci: false })
    expect(jestOptions(project(), { ci: true, updateSnapshot: 'none' }, {}).cassette).toMatchObject({ update: false, ci: true })
  })

  test('a bad cassette mode names the option it came from', () => {
    expect(() => jestOptions(project({ cassette: 'sometimes' }), run, {})).toThrow(/testEnvironmentOptions\.agentprobe cassette must be one of/)
  })

  test('options that are not an object are refused with what was given', () => {
    expect(() => jestOptions(project('./dist'), run, {})).toThrow(/testEnvironmentOptions\.agentprobe must be an object.*"\.\/dist"/)
  })
})

test('the model line says the choice came from the Jest config', () => {
  expect(jestOptions(project({ model: 'offline' }), run, {}).model.reason).toBe('from testEnvironmentOptions.agentprobe model')
})
