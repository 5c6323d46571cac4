import { describe, expect, it } from 'vitest'
import type { Recording } from './cassette.ts'
import { pickRecording } from './pick-recording.ts'

const usage = { inputTokens: 1, cachedTokens: 0, outputTokens: 1, costUsd: 0.01 }
const by = (model: string): Recording => [{ kind: 'verify', model, question: 'q?', phash: '00', answer: 'YES', evidence: 'e', usage }]
const both = { 'openai/gpt-5.4': by('openai/gpt-5.4'), 'gemini/gemini-2.5-flash': by('gemini/gemini-2.5-flash') }
const at = { file: '__cua__/a.cua.test.ts.cassette.json', test: 'opens' }

describe('pickRecording', () => {
  it('replays the configured model’s own recording in auto and replay', () => {
    expect(pickRecording(both, { ...at, mode: 'auto', modelId: 'openai/gpt-5.4' })?.model).toBe('openai/gpt-5.4')
    expect(pickRecording(both, { ...at, mode: 'replay', modelId: 'gemini/gemini-2.5-flash', cassetteModel: 'openai/gpt-5.4' })?.model).toBe('gemini/gemini-2.5-flash')
  })
  it('never replays another model’s recording in auto, and none in record', () => {
    expect(pickRecording({ 'openai/gpt-5.4': by('openai/gpt-5.4') }, { ...at, mode: 'auto', modelId: 'openai-compatible/qwen3-vl' })).toBeUndefined()
    expect(pickRecording(both, { ...at, mode: 'record', modelId: 'openai/gpt-5.4' })).toBeUndefined()
  })
  it('in replay with no key, replays the one recording there is', () => {
    expect(pickRecording({ 'openai/gpt-5.4': by('openai/gpt-5.4') }, { ...at, mode: 'replay', modelId: 'offline' })).toEqual({ model: 'openai/gpt-5.4', calls: by('openai/gpt-5.4') })
    expect(pickRecording({}, { ...at, mode: 'replay', modelId: 'offline' })).toBeUndefined()
  })
  it('with several, replays the one cassetteModel names, or fails listing them', () => {
    expect(pickRecording(both, { ...at, mode: 'replay', modelId: 'offline', cassetteModel: 'gemini/gemini-2.5-flash' })?.model).toBe('gemini/gemini-2.5-flash')
    expect(() => pickRecording(both, { ...at, mode: 'replay', modelId: 'offline' })).toThrow(
      '__cua__/a.cua.test.ts.cassette.json has recordings of test "opens" by gemini/gemini-2.5-flash, openai/gpt-5.4 and none by offline: set cassetteModel (plugin option, or AGENTPROBE_CASSETTE_MODEL) to the one to replay',
    )
    expect(() => pickRecording(both, { ...at, mode: 'replay', modelId: 'offline', cassetteModel: 'openai/gpt-4o' })).toThrow(/cassetteModel is openai\/gpt-4o, but .* by gemini\/gemini-2.5-flash, openai\/gpt-5.4/)
  })
})
