import { describe, expect, it } from 'vitest'
import { browserExecutable, modelLine, secretsFromEnv } from './options.ts'
import { resolveHistory, resolveOptions } from './resolve-options.ts'

describe('cassette options', () => {
  it('takes cassetteModel from the option, else AGENTPROBE_CASSETTE_MODEL, and checks replayWaitMs', () => {
    expect(resolveOptions({ cassetteModel: 'openai/gpt-5.4', replayWaitMs: 2500 }, '/repo', { AGENTPROBE_CASSETTE_MODEL: 'gemini/gemini-2.5-flash' }).cassette).toMatchObject({ model: 'openai/gpt-5.4', waitMs: 2500 })
    expect(resolveOptions({}, '/repo', { AGENTPROBE_CASSETTE_MODEL: 'gemini/gemini-2.5-flash' }).cassette.model).toBe('gemini/gemini-2.5-flash')
    expect(() => resolveOptions({ replayWaitMs: -1 }, '/repo', {})).toThrow('the plugin option replayWaitMs must be a number of milliseconds, 0 or more, got -1')
  })
})

describe('modelLine', () => {
  it('says that cassettes replay their recorded model when CI runs with no key', () => {
    const ci = resolveOptions({}, '/repo', { CI: 'true' })
    expect(modelLine(ci)).toMatch(/^model offline \(no model chosen and no key set.*\); a test with a cassette replays the model that recorded it$/)
    expect(modelLine(resolveOptions({}, '/repo', {}))).not.toMatch(/cassette/)
    expect(modelLine(resolveOptions({ cassette: 'off' }, '/repo', { CI: 'true' }))).not.toMatch(/cassette/)
  })
})

describe('history option', () => {
  const history = (option: Parameters<typeof resolveHistory>[0], env: Record<string, string> = {}) => resolveHistory(option, '/repo', env, 'the plugin option')

  it("is the project's SQLite file unless a server or another file is named, and off with false or AGENTPROBE_HISTORY=off", () => {
    expect(history(undefined)).toEqual({ kind: 'sqlite', path: '/repo/.agentprobe/history.sqlite' })
    expect(history({ path: 'h.sqlite' })).toEqual({ kind: 'sqlite', path: '/repo/h.sqlite' })
    expect(history(undefined, { AGENTPROBE_HISTORY_URL: 'postgres://ci:pw@db/runs' })).toEqual({ kind: 'postgres', url: 'postgres://ci:pw@db/runs' })
    expect(history({ url: 'postgresql://ci@db/runs' })).toEqual({ kind: 'postgres', url: 'postgresql://ci@db/runs' })
    expect(history(false)).toBeUndefined()
    expect(history(undefined, { AGENTPROBE_HISTORY: 'off' })).toBeUndefined()
  })

  it('refuses a password in the config, and a URL that is not PostgreSQL, naming the field', () => {
    expect(() => history({ url: 'postgres://ci:hunter2@db/runs' })).toThrow(/the plugin option history\.url carries a password: .*PGPASSWORD/)
    expect(() => history({ url: 'postgres://ci:hunter2@db/runs' })).not.toThrow(/hunter2/)
    expect(() => history(undefined, { AGENTPROBE_HISTORY_URL: 'mysql://u:hunter2@db/x' })).toThrow(/AGENTPROBE_HISTORY_URL must be a postgres:\/\/ URL, got "mysql:\/\/…@db\/x"/)
    expect(() => history('yes' as never)).toThrow(/history must be false or \{ url \} or \{ path \}/)
  })

  it("counts the server's password among the secrets kept off disk", () => {
    expect(secretsFromEnv({ AGENTPROBE_HISTORY_URL: 'postgres://ci:p%40ss@db/runs?password=two' })).toEqual(['p%40ss', 'p@ss', 'two'])
  })
})

describe('the browser option', () => {
  it('is chromium when absent, firefox when asked, with FIREFOX_PATH as its executable', () => {
    expect(resolveOptions({}, '/p', {}).browser).toBeUndefined()
    const firefox = resolveOptions({ browser: 'firefox' }, '/p', { FIREFOX_PATH: '/opt/ff/firefox' })
    expect([firefox.browser, browserExecutable(firefox)]).toEqual(['firefox', '/opt/ff/firefox'])
    expect(browserExecutable(resolveOptions({}, '/p', { CHROME_PATH: '/opt/c/chrome', FIREFOX_PATH: '/opt/ff/firefox' }))).toBe('/opt/c/chrome')
  })

  it('names the option and the browsers it takes when it is neither', () => {
    expect(() => resolveOptions({ browser: 'safari' as never }, '/p', {})).toThrow('the plugin option browser must be one of chromium, firefox, got "safari"')
  })
})

describe('zoom option', () => {
  it('is resolved beside the device scale', () => {
    expect(resolveOptions({ zoom: 1.25, deviceScaleFactor: 2 }, '/repo', {})).toMatchObject({ zoom: 1.25, deviceScaleFactor: 2 })
  })
})
