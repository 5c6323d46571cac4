// Each adapter drives the real loop on a real Chromium against the model double, through the real
// provider's SDK: the GA tool without provider storage, the preview tool, Claude on the beta tool and
// the GA toolset, gemini-openai/… through GEMINI_API_KEY, chat models in pixels, on the 0–999 grid
// and on a smart-resized image, and Azure's header with no model named. (The GA tool, Claude's and
// Gemini's own tools also run the example suite through the plugin: examples.e2e.test.ts.)
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startModelDouble, type ModelDouble } from '../../fixtures/model-double/index.ts'
import type { ModelSettings } from '../../src/model-choice/model-settings.ts'
import { modelFor, runAgentOnce, SIDEPANEL_SHOWS_UI, startTarget, type Target } from './support.ts'

const KEY = 'sk-double-adapters-0123456789'
let double: ModelDouble
let target: Target

beforeAll(async () => {
  double = await startModelDouble({ apiKey: KEY })
  target = await startTarget()
}, 60_000)

afterAll(async () => {
  await target?.close()
  await double?.close()
})

const CASES: [name: string, env: Record<string, string>, settings: ModelSettings, api: 'responses' | 'chat' | 'anthropic' | 'gemini', sent: string][] = [
  ['GA computer tool with store: false (every item re-sent)', { AGENTPROBE_MODEL: 'openai/gpt-5.4', OPENAI_API_KEY: KEY }, { store: false }, 'responses', '1280×720'],
  ['the preview tool (openai/computer-use-preview)', { AGENTPROBE_MODEL: 'openai/computer-use-preview', OPENAI_API_KEY: KEY }, {}, 'responses', '1280×720'],
  ["gemini-openai/… with GEMINI_API_KEY, on Google's OpenAI-compatible endpoint (0–999 grid)", { AGENTPROBE_MODEL: 'gemini-openai/gemini-2.5-flash', GEMINI_API_KEY: KEY }, {}, 'chat', '1280×720'],
  ["gemini/… on Google's computerUse tool, through @google/genai (0–999 grid)", { AGENTPROBE_MODEL: 'gemini/gemini-2.5-computer-use-preview-10-2025', GEMINI_API_KEY: KEY }, {}, 'gemini', '1280×720'],
  ['anthropic/… chosen by ANTHROPIC_API_KEY: the beta computer tool with its header (claude-sonnet-4-6)', { ANTHROPIC_API_KEY: KEY }, {}, 'anthropic', '1280×720'],
  ['anthropic/… on the GA computer toolset', { AGENTPROBE_MODEL: 'anthropic/claude-opus-5', ANTHROPIC_API_KEY: KEY }, {}, 'anthropic', '1280×720'],
  ['a Qwen3-VL chat model on the 0–999 grid', { AGENTPROBE_MODEL: 'openai-compatible/qwen3-vl-8b-instruct', AGENTPROBE_API_KEY: KEY }, {}, 'chat', '1280×720'],
  ['a chat model answering in pixels of the image', { AGENTPROBE_MODEL: 'openai-compatible/llava-v1.6-34b', AGENTPROBE_API_KEY: KEY }, {}, 'chat', '1280×720'],
  ['a chat model on a smart-resized image (UI-TARS 1.5)', { AGENTPROBE_MODEL: 'openai-compatible/ui-tars-1.5-7b', AGENTPROBE_API_KEY: KEY }, {}, 'chat', '1288×728'],
  ['a chat model told its family by the coordinates option', { AGENTPROBE_MODEL: 'openai-compatible/my-finetune', AGENTPROBE_API_KEY: KEY }, { coordinates: 'pixels', canvas: { width: 960, height: 600 } }, 'chat', '960×540'],
]

describe('through each adapter the side panel opens, and the cold verification says YES', () => {
  it.each(CASES)('%s', async (_name, env, settings, api, sent) => {
    await target.reset()
    const before = double.calls.length
    const model = await modelFor({ ...env, OPENAI_BASE_URL: double.url, AGENTPROBE_BASE_URL: double.url, GEMINI_OPENAI_BASE_URL: double.url, ANTHROPIC_BASE_URL: double.origin, GEMINI_BASE_URL: double.origin }, settings, target.locator)
    const run = await runAgentOnce(target, model, { verify: SIDEPANEL_SHOWS_UI, maxSteps: 8 })
    expect(run.error?.message).toBeUndefined()
    expect(run.result?.verification).toMatchObject({ passed: true, answer: 'YES' })
    const calls = double.calls.slice(before)
    expect(calls.every((c) => c.api === api && c.status === 200)).toBe(true)
    expect(calls.filter((c) => c.kind === 'verify')).toHaveLength(1)
    // The exact image sent is kept with each step.
    const step = run.trace.runs[0]!.steps[0]!
    const meta = await sharp(await readFile(join(run.dir, step.sent!))).metadata()
    expect(`${meta.width}×${meta.height}`).toBe(sent)
    expect(run.trace.runs[0]!.usage.inputTokens).toBeGreaterThan(0)
  })
})

describe('Azure AI Foundry', () => {
  it("is chosen from the seed's variables with no model named, and sends the key in the api-key header", async () => {
    await target.reset()
    const before = double.calls.length
    const env = { AZURE_CUA_API_KEY: KEY, AZURE_CUA_BASE_URL: double.origin }
    const model = await modelFor(env, {}, target.locator)
    expect(model.id).toBe('azure/gpt-5.4')
    const run = await runAgentOnce(target, model, { verify: SIDEPANEL_SHOWS_UI, maxSteps: 8 })
    expect(run.error?.message).toBeUndefined()
    const calls = double.calls.slice(before)
    expect(calls.length).toBeGreaterThanOrEqual(3)
    expect(calls.every((c) => c.azure && c.model === 'gpt-5.4' && c.status === 200)).toBe(true)
    // AZURE_CUA_MODEL names the deployment.
    expect((await modelFor({ ...env, AZURE_CUA_MODEL: 'cua-deployment' }, {}, target.locator)).id).toBe('azure/cua-deployment')
  })

  it('a wrong key is a provider_error naming the api-key header, never the key', async () => {
    const env = { AZURE_CUA_API_KEY: 'not-the-key-123', AZURE_CUA_BASE_URL: double.origin }
    const run = await runAgentOnce(target, await modelFor(env, { retry: { maxRetries: 0 } }, target.locator), { maxSteps: 3, secrets: ['not-the-key-123'] })
    expect(run.types).toEqual(['provider_error'])
    expect(run.error?.message).toMatch(/401 .*api-key header/)
    expect(run.error?.message).not.toContain('not-the-key-123')
  })
})
