import { describe, expect, it } from 'vitest'
import { cassetteSchema, CASSETTE_VERSION, parseCassette, hideSecrets, revealSecrets, serializeCassette } from './cassette.ts'

const usage = { inputTokens: 1, cachedTokens: 0, outputTokens: 1, costUsd: 0 }
const call = (model: string) => ({ kind: 'verify', model, question: 'q?', phash: '00', answer: 'YES', evidence: 'e', usage }) as const

describe('serializeCassette', () => {
  it('sorts tests and models by name so re-recording gives a stable, readable diff, and parses back', () => {
    const text = serializeCassette({ version: CASSETTE_VERSION, tests: { zebra: { m: [call('m')] }, apple: { z: [call('z')], a: [call('a')] } } })
    expect(text.indexOf('"apple"')).toBeLessThan(text.indexOf('"zebra"'))
    expect(text.indexOf('"a"')).toBeLessThan(text.indexOf('"z"'))
    expect(cassetteSchema.parse(JSON.parse(text)).tests.apple).toEqual({ a: [call('a')], z: [call('z')] })
  })
})

describe('parseCassette', () => {
  it('reads a version 1 cassette as recordings of the model each test’s calls name', () => {
    const v1 = { version: 1, tests: { opens: [call('azure/gpt-5.4'), call('azure/gpt-5.4')], empty: [] } }
    expect(parseCassette(v1)).toEqual({ cassette: { version: CASSETTE_VERSION, tests: { opens: { 'azure/gpt-5.4': [call('azure/gpt-5.4'), call('azure/gpt-5.4')] } } } })
  })
  it('says what is wrong with a file of neither version', () => {
    expect(parseCassette({ version: 7, tests: {} })).toEqual({ error: expect.stringMatching(/2/) })
  })
})

describe('secret placeholders', () => {
  it('hides a secret typed in text and fills it in again', () => {
    const hidden = hideSecrets({ type: 'type', text: 'pw: s3cret!' }, { PASSWORD: 's3cret!' })
    expect(hidden).toEqual({ type: 'type', text: 'pw: {{PASSWORD}}', secret: true })
    expect(revealSecrets(hidden, { PASSWORD: 's3cret!' })).toEqual({ type: 'type', text: 'pw: s3cret!', secret: true })
  })
  it('leaves other actions alone, and names a secret the test does not supply', () => {
    expect(hideSecrets({ type: 'keypress', keys: ['enter'] }, { A: 'x' })).toEqual({ type: 'keypress', keys: ['enter'] })
    expect(() => revealSecrets({ type: 'type', text: '{{TOKEN}}', secret: true }, {})).toThrow(/no secret named "TOKEN"/)
  })
})
