import { describe, expect, it } from 'vitest'
import type { Locator } from '../grounding/locate.ts'
import { AnthropicModel } from '../models/anthropic/anthropic-model.ts'
import { GeminiModel } from '../models/gemini/gemini-model.ts'
import { OpenAIChatModel } from '../models/openai-chat/chat-model.ts'
import { OpenAIResponsesModel } from '../models/openai-responses/responses-model.ts'
import { chooseModel } from './choose-model.ts'
import { createModel } from './create-model.ts'
import type { ModelSettings } from './model-settings.ts'

const locator = {} as Locator

async function build(env: Record<string, string>, settings?: ModelSettings) {
  return createModel(chooseModel({ env, settings }), { locator, env })
}

describe('createModel: one adapter per provider', () => {
  it('openai/… and azure/… drive the Responses API, with the tool their model takes', async () => {
    const ga = await build({ AGENTPROBE_MODEL: 'openai/gpt-5.4', OPENAI_API_KEY: 'k' })
    expect(ga).toBeInstanceOf(OpenAIResponsesModel)
    expect([ga.id, (ga as OpenAIResponsesModel).tool]).toEqual(['openai/gpt-5.4', 'computer'])
    const preview = await build({ AGENTPROBE_MODEL: 'openai/computer-use-preview', OPENAI_API_KEY: 'k' })
    expect((preview as OpenAIResponsesModel).tool).toBe('computer_use_preview')
    const azure = await build({ AZURE_CUA_API_KEY: 'k', AZURE_CUA_BASE_URL: 'https://r.openai.azure.com', AZURE_CUA_MODEL: 'computer-use-preview' })
    expect([azure.id, (azure as OpenAIResponsesModel).tool]).toEqual(['azure/computer-use-preview', 'computer_use_preview'])
    const forced = await build({ AGENTPROBE_MODEL: 'azure/my-deployment', AZURE_CUA_API_KEY: 'k', AZURE_CUA_BASE_URL: 'https://r.openai.azure.com' }, { tool: 'computer_use_preview' })
    expect((forced as OpenAIResponsesModel).tool).toBe('computer_use_preview')
  })

  it('anthropic/… drives AnthropicModel, gemini/… the native GeminiModel; a tool of another provider is refused', async () => {
    const claude = await build({ ANTHROPIC_API_KEY: 'k' }, { tool: 'computer_20250124' })
    expect(claude).toBeInstanceOf(AnthropicModel)
    expect(claude.id).toBe('anthropic/claude-sonnet-4-6')
    expect(await build({ GEMINI_API_KEY: 'k' })).toBeInstanceOf(GeminiModel)
    await expect(build({ ANTHROPIC_API_KEY: 'k' }, { tool: 'computer' })).rejects.toThrow('modelOptions.tool "computer" is not a tool anthropic/claude-sonnet-4-6 can declare; it takes computer_toolset_20260801, computer_20251124, computer_20250124')
    await expect(build({ OPENAI_API_KEY: 'k' }, { tool: 'computerUse' })).rejects.toThrow(/it takes computer, computer_use_preview/)
  })
  it('gemini-openai/… and openai-compatible/… drive Chat Completions, in their family’s coordinates', async () => {
    const gemini = await build({ AGENTPROBE_MODEL: 'gemini-openai/gemini-2.5-flash', GEMINI_API_KEY: 'k' })
    expect(gemini).toBeInstanceOf(OpenAIChatModel)
    expect([gemini.id, (gemini as OpenAIChatModel).family.name]).toEqual(['gemini-openai/gemini-2.5-flash', 'gemini'])
    const qwen = await build({ AGENTPROBE_MODEL: 'openai-compatible/Qwen/Qwen2.5-VL-7B-Instruct', AGENTPROBE_BASE_URL: 'http://localhost:8000/v1' })
    expect((qwen as OpenAIChatModel).family.name).toBe('qwen2.5-vl')
    const overridden = await build({ AGENTPROBE_MODEL: 'openai-compatible/my-model', AGENTPROBE_BASE_URL: 'http://h/v1' }, { coordinates: 'glm' })
    expect((overridden as OpenAIChatModel).family.name).toBe('glm')
  })

  it('the model never holds the key where it could be serialised', async () => {
    const model = await build({ AGENTPROBE_MODEL: 'openai/gpt-5.4', OPENAI_API_KEY: 'sk-must-not-leak-123' })
    expect(JSON.stringify(model)).not.toContain('sk-must-not-leak-123')
  })
})
