import { describe, expect, it } from 'vitest'
import { modelLine } from './options.ts'
import { resolveOptions } from './resolve-options.ts'

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
