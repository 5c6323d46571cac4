import { describe, expect, it } from 'vitest'
import { ANTHROPIC_BASE_URL, azureV1BaseURL, connectionFor, GEMINI_BASE_URL, GEMINI_OPENAI_BASE_URL, OPENAI_BASE_URL } from './model-credentials.ts'

describe('connectionFor', () => {
  it('OpenAI: OPENAI_API_KEY, honouring OPENAI_BASE_URL', () => {
    expect(connectionFor('openai', { OPENAI_API_KEY: 'sk' }, 'x')).toMatchObject({ apiKey: 'sk', baseURL: OPENAI_BASE_URL })
    expect(connectionFor('openai', { OPENAI_API_KEY: 'sk', OPENAI_BASE_URL: 'http://127.0.0.1:1/v1' }, 'x')?.baseURL).toBe('http://127.0.0.1:1/v1')
  })

  it("Azure: the seed's variables, the v1 path and the api-key header", () => {
    const c = connectionFor('azure', { AZURE_CUA_API_KEY: 'az', AZURE_CUA_BASE_URL: 'https://res.openai.azure.com' }, 'x')
    expect(c).toMatchObject({ apiKey: 'az', baseURL: 'https://res.openai.azure.com/openai/v1/', auth: 'api-key' })
  })

  it('Anthropic: ANTHROPIC_API_KEY, honouring ANTHROPIC_BASE_URL', () => {
    expect(connectionFor('anthropic', { ANTHROPIC_API_KEY: 'a' }, 'x')).toMatchObject({ apiKey: 'a', baseURL: ANTHROPIC_BASE_URL })
    expect(connectionFor('anthropic', { ANTHROPIC_API_KEY: 'a', ANTHROPIC_BASE_URL: 'http://127.0.0.1:1' }, 'x')?.baseURL).toBe('http://127.0.0.1:1')
  })
  it("Gemini: GEMINI_API_KEY, natively (GEMINI_BASE_URL) or on Google's OpenAI-compatible endpoint (GEMINI_OPENAI_BASE_URL)", () => {
    expect(connectionFor('gemini', { GEMINI_API_KEY: 'g' }, 'x')).toMatchObject({ apiKey: 'g', baseURL: GEMINI_BASE_URL })
    expect(connectionFor('gemini', { GEMINI_API_KEY: 'g', GEMINI_BASE_URL: 'http://127.0.0.1:2' }, 'x')?.baseURL).toBe('http://127.0.0.1:2')
    expect(connectionFor('gemini-openai', { GEMINI_API_KEY: 'g' }, 'x')).toMatchObject({ apiKey: 'g', baseURL: GEMINI_OPENAI_BASE_URL })
    expect(connectionFor('gemini-openai', { GEMINI_API_KEY: 'g', GEMINI_OPENAI_BASE_URL: 'http://127.0.0.1:3/v1' }, 'x')?.baseURL).toBe('http://127.0.0.1:3/v1')
  })

  it('OpenAI-compatible: AGENTPROBE_BASE_URL, and a key only if given', () => {
    expect(connectionFor('openai-compatible', { AGENTPROBE_BASE_URL: 'http://localhost:11434/v1' }, 'x')).toMatchObject({ apiKey: 'none', baseURL: 'http://localhost:11434/v1' })
    expect(connectionFor('openai-compatible', { AGENTPROBE_BASE_URL: 'http://h/v1', AGENTPROBE_API_KEY: 'k' }, 'x')?.apiKey).toBe('k')
  })

  it('offline needs nothing; a blank variable counts as missing', () => {
    expect(connectionFor('offline', {}, 'x')).toBeUndefined()
    expect(() => connectionFor('gemini', { GEMINI_API_KEY: '  ' }, 'from AGENTPROBE_MODEL')).toThrow('gemini/… models need GEMINI_API_KEY (model chosen from AGENTPROBE_MODEL)')
  })
})

describe('azureV1BaseURL', () => {
  it.each([
    ['https://res.openai.azure.com', 'https://res.openai.azure.com/openai/v1/'],
    ['https://res.openai.azure.com/', 'https://res.openai.azure.com/openai/v1/'],
    ['https://res.openai.azure.com/openai', 'https://res.openai.azure.com/openai/v1/'],
    ['https://res.openai.azure.com/openai/v1', 'https://res.openai.azure.com/openai/v1/'],
    ['https://res.services.ai.azure.com/openai/v1/', 'https://res.services.ai.azure.com/openai/v1/'],
  ])('%s → %s', (input, expected) => {
    expect(azureV1BaseURL(input)).toBe(expected)
  })

  it('names the variable on a bad URL', () => {
    expect(() => azureV1BaseURL('res.openai.azure.com')).toThrow('AZURE_CUA_BASE_URL is not a URL: "res.openai.azure.com"')
  })
})
