import { describe, expect, it } from 'vitest'
import { cassetteSchema, hideSecrets, revealSecrets, serializeCassette } from './cassette.ts'

describe('serializeCassette', () => {
  it('sorts tests by name so re-recording gives a stable, readable diff, and parses back', () => {
    const usage = { inputTokens: 1, cachedTokens: 0, outputTokens: 1, costUsd: 0 }
    const call = { kind: 'verify', model: 'm', question: 'q?', phash: '00', answer: 'YES', evidence: 'e', usage } as const
    const text = serializeCassette({ version: 1, tests: { zebra: [call], apple: [call] } })
    expect(text.indexOf('"apple"')).toBeLessThan(text.indexOf('"zebra"'))
    expect(cassetteSchema.parse(JSON.parse(text)).tests.apple).toEqual([call])
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
