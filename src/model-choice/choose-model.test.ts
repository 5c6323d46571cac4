import { describe, expect, it } from 'vitest'
import { chooseModel } from './choose-model.ts'

const AZURE = { AZURE_CUA_API_KEY: 'az-key', AZURE_CUA_BASE_URL: 'https://res.openai.azure.com/openai/v1/' }
const ALL = { ...AZURE, OPENAI_API_KEY: 'sk-1', GEMINI_API_KEY: 'g-1' }

describe('chooseModel: detection order', () => {
  it('--model beats AGENTPROBE_MODEL beats the plugin option beats keys', () => {
    const env = { ...ALL, AGENTPROBE_MODEL: 'gemini/gemini-2.5-pro' }
    expect(chooseModel({ flag: 'openai/computer-use-preview', env, option: 'offline' })).toMatchObject({ id: 'openai/computer-use-preview', reason: 'from --model' })
    expect(chooseModel({ env, option: 'offline' })).toMatchObject({ id: 'gemini/gemini-2.5-pro', reason: 'from AGENTPROBE_MODEL' })
    expect(chooseModel({ env: ALL, option: 'offline' })).toMatchObject({ id: 'offline', reason: 'from the plugin option model' })
  })

  it("picks Azure from the seed's variables when no model is named, with the deployment", () => {
    expect(chooseModel({ env: ALL }).id).toBe('azure/gpt-5.4')
    const chosen = chooseModel({ env: { ...ALL, AZURE_CUA_MODEL: 'cua-prod' } })
    expect(chosen.id).toBe('azure/cua-prod')
    expect(chosen.reason).toMatch(/AZURE_CUA_API_KEY and AZURE_CUA_BASE_URL are set.*cua-prod, from AZURE_CUA_MODEL/)
  })

  it('then OpenAI, saying when OPENAI_BASE_URL redirects it', () => {
    const { AZURE_CUA_BASE_URL: _b, ...noAzureUrl } = ALL
    expect(chooseModel({ env: noAzureUrl })).toMatchObject({ id: 'openai/gpt-5.4', reason: 'OPENAI_API_KEY is set' })
    expect(chooseModel({ env: { OPENAI_API_KEY: 'sk-1', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' } }).reason).toBe('OPENAI_API_KEY is set (requests go to OPENAI_BASE_URL)')
  })

  it('then Anthropic, then Gemini (native), then offline, noting a half-set Azure pair', () => {
    expect(chooseModel({ env: { ANTHROPIC_API_KEY: 'a', GEMINI_API_KEY: 'g' } })).toMatchObject({ id: 'anthropic/claude-sonnet-4-6', reason: 'ANTHROPIC_API_KEY is set' })
    expect(chooseModel({ env: { ANTHROPIC_API_KEY: 'a', ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' } }).reason).toBe('ANTHROPIC_API_KEY is set (requests go to ANTHROPIC_BASE_URL)')
    expect(chooseModel({ env: { GEMINI_API_KEY: 'g' } }).id).toBe('gemini/gemini-2.5-computer-use-preview-10-2025')
    const offline = chooseModel({ env: { AZURE_CUA_API_KEY: 'x' } })
    expect(offline.id).toBe('offline')
    expect(offline.reason).toMatch(/only one of AZURE_CUA_API_KEY and AZURE_CUA_BASE_URL is set/)
  })

  it('never puts a key in the choice, which travels to the workers', () => {
    for (const env of [ALL, { OPENAI_API_KEY: 'sk-secret-xyz' }, { ANTHROPIC_API_KEY: 'a-secret-xyz' }, { GEMINI_API_KEY: 'g-secret-xyz' }]) {
      const choice = JSON.stringify(chooseModel({ env, settings: { retry: { maxRetries: 1 } } }))
      for (const [name, value] of Object.entries(env)) if (name.endsWith('_KEY')) expect(choice).not.toContain(value)
    }
  })

  it('fails at once, naming the variable, when a named model has no key', () => {
    expect(() => chooseModel({ env: {}, flag: 'openai/gpt-5.4' })).toThrow('openai/… models need OPENAI_API_KEY (model chosen from --model)')
    expect(() => chooseModel({ env: { AZURE_CUA_API_KEY: 'k' }, option: 'azure/x' })).toThrow(/need AZURE_CUA_BASE_URL/)
    expect(() => chooseModel({ env: {}, flag: 'openai-compatible/qwen3-vl-8b' })).toThrow(/need AGENTPROBE_BASE_URL/)
    expect(() => chooseModel({ env: {}, flag: 'anthropic/claude-sonnet-4-6' })).toThrow('anthropic/… models need ANTHROPIC_API_KEY (model chosen from --model)')
    expect(() => chooseModel({ env: {}, flag: 'gemini-openai/gemini-2.5-flash' })).toThrow('gemini-openai/… models need GEMINI_API_KEY (model chosen from --model)')
  })

  it('carries the settings with the choice', () => {
    expect(chooseModel({ env: {}, settings: { coordinates: 'glm' } }).settings).toEqual({ coordinates: 'glm' })
  })
})
