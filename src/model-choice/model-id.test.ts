import { describe, expect, it } from 'vitest'
import { parseModelId } from './model-id.ts'

describe('parseModelId', () => {
  it('splits at the first slash', () => {
    expect(parseModelId('openai-compatible/Qwen/Qwen3-VL-8B', 's')).toEqual({ provider: 'openai-compatible', model: 'Qwen/Qwen3-VL-8B' })
    expect(parseModelId('offline', 's')).toEqual({ provider: 'offline', model: '' })
  })

  it('rejects an unknown provider or a missing model name, saying what to write', () => {
    expect(() => parseModelId('acme/x', 'from --model')).toThrow('unknown model "acme/x" (from --model); this build supports: offline, openai, azure, anthropic, gemini, gemini-openai, openai-compatible')
    expect(() => parseModelId('azure/', 'from --model')).toThrow('write azure/<model>, e.g. azure/gpt-5.4')
  })
})
