// Every way the model double can misbehave, through the real SDK, the real loop and a real
// Chromium: each run fails with the failure type the taxonomy names (DESIGN §5), and none passes.
import Anthropic, { AuthenticationError } from '@anthropic-ai/sdk'
import OpenAI, { BadRequestError } from 'openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startModelDouble, type Misbehaviour, type ModelDouble } from '../../fixtures/model-double/index.ts'
import type { ModelSettings } from '../../src/model-choice/model-settings.ts'
import { modelFor, runAgentOnce, SIDEPANEL_SHOWS_UI, startTarget, type Run, type Target } from './support.ts'

const KEY = 'sk-double-misbehaviours-0123456789abcdef'
const FAST: ModelSettings = { retry: { maxRetries: 2, baseDelayMs: 50 } }
const ADAPTERS = {
  responses: { AGENTPROBE_MODEL: 'openai/gpt-5.4', OPENAI_API_KEY: KEY },
  chat: { AGENTPROBE_MODEL: 'openai-compatible/qwen3-vl-8b', AGENTPROBE_API_KEY: KEY },
  gemini: { AGENTPROBE_MODEL: 'gemini/gemini-2.5-computer-use-preview-10-2025', GEMINI_API_KEY: KEY },
  anthropic: { AGENTPROBE_MODEL: 'anthropic/claude-sonnet-4-6', ANTHROPIC_API_KEY: KEY },
} as const
type Adapter = keyof typeof ADAPTERS

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

async function run(adapter: Adapter, misbehave: Misbehaviour | undefined, options: Parameters<typeof runAgentOnce>[2] = {}, settings: ModelSettings = FAST): Promise<Run & { calls: typeof double.calls }> {
  double.misbehave = misbehave
  const before = double.calls.length
  const model = await modelFor({ ...ADAPTERS[adapter], OPENAI_BASE_URL: double.url, AGENTPROBE_BASE_URL: double.url, GEMINI_BASE_URL: double.origin, ANTHROPIC_BASE_URL: double.origin }, settings, target.locator)
  const result = await runAgentOnce(target, model, { maxSteps: 6, ...options, secrets: [KEY] })
  return { ...result, calls: double.calls.slice(before) }
}

function expectFailed(r: Run, ...types: string[]): void {
  expect(r.result, 'nothing may pass').toBeUndefined()
  expect(r.error?.code).toBe('AGENTPROBE_TEST_FAILED')
  expect(r.trace.runs.at(-1)?.status).toBe('failed')
  expect(r.types).toEqual(expect.arrayContaining(types))
  // A failed test's message names the failure types it hit.
  for (const type of types) expect(r.error?.message).toContain(type)
}

describe.each(['responses', 'chat', 'gemini', 'anthropic'] as const)('%s adapter: wrong replies', (adapter) => {
  it('garbage text gets one nudge, then malformed_action', async () => {
    const r = await run(adapter, 'garbage')
    expectFailed(r, 'malformed_action')
    expect(r.calls.filter((c) => c.kind === 'act')).toHaveLength(2)
    expect(r.trace.runs[0]!.steps[0]!.notes?.join()).toMatch(/nudged once/)
    expect(r.error?.message).toMatch(/Lorem ipsum/)
  })

  it('an empty reply gets one nudge, then empty_response', async () => {
    const r = await run(adapter, 'empty')
    expectFailed(r, 'empty_response')
    expect(r.calls).toHaveLength(2)
  })

  it('an unknown action is unknown_action on every step, until the step budget', async () => {
    const r = await run(adapter, 'unknown-action', { maxSteps: 3 })
    expectFailed(r, 'unknown_action', 'max_steps_exceeded')
    expect(r.types.filter((t) => t === 'unknown_action')).toHaveLength(3)
    expect(r.trace.runs[0]!.steps.every((s) => s.actions.length === 0)).toBe(true)
  })

  it('a malformed action is forgiven once, then malformed_action', async () => {
    const r = await run(adapter, 'malformed-action')
    expectFailed(r, 'malformed_action')
    expect(r.trace.runs[0]!.steps).toHaveLength(2)
    expect(r.trace.runs[0]!.steps[0]!.notes?.join()).toMatch(/forgiven once/)
  })

  it('out-of-bounds clicks are recorded and clamped; the claimed success is caught by the cold verification', async () => {
    const r = await run(adapter, 'out-of-bounds', { verify: SIDEPANEL_SHOWS_UI })
    expectFailed(r, 'out_of_bounds', 'false_success')
    const clicks = r.trace.runs[0]!.steps.flatMap((s) => s.actions)
    expect(clicks).toHaveLength(2)
    for (const c of clicks) expect(c).toMatchObject({ type: 'click', x: 1919, y: 1079 })
  })

  it('the same click forever is repeated_action and no_progress, then max_steps_exceeded', async () => {
    const r = await run(adapter, 'same-click', { maxSteps: 5 })
    expectFailed(r, 'repeated_action', 'no_progress', 'max_steps_exceeded')
  })
})

describe('provider failures (Responses adapter)', () => {
  it('500 forever: bounded retries, then provider_error with the provider message', async () => {
    const r = await run('responses', 'server-error')
    expectFailed(r, 'provider_error')
    expect(r.calls.map((c) => c.status)).toEqual([500, 500, 500])
    expect(r.error?.message).toMatch(/The server had an error.*gave up after 3 attempts/)
    expect(r.trace.runs[0]!.steps).toHaveLength(1)
  })

  it('429 forever: waits as Retry-After says, then provider_error', async () => {
    const started = Date.now()
    const r = await run('responses', 'rate-limited')
    expectFailed(r, 'provider_error')
    expect(r.calls.map((c) => c.status)).toEqual([429, 429, 429])
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000)
    expect(r.error?.message).toMatch(/Rate limit reached/)
  })

  it('a hang past the request timeout: retried, then provider_error', async () => {
    const r = await run('responses', 'hang', {}, { requestTimeoutMs: 800, retry: { maxRetries: 1, baseDelayMs: 50 } })
    expectFailed(r, 'provider_error')
    expect(r.calls).toHaveLength(2)
    expect(r.error?.message).toMatch(/timed out/)
  })

  it('a hang past the wall-clock budget: budget_exceeded', async () => {
    const started = Date.now()
    const r = await run('responses', 'hang', { timeoutMs: 1500 })
    expectFailed(r, 'budget_exceeded')
    expect(Date.now() - started).toBeLessThan(15_000)
  })

  it('a context window error is context_overflow, not a retry', async () => {
    const r = await run('responses', 'context-overflow')
    expectFailed(r, 'context_overflow')
    expect(r.calls).toHaveLength(1)
  })

  it('a request over the configured context is context_overflow before anything is sent', async () => {
    const r = await run('responses', undefined, {}, { ...FAST, contextTokens: 500 })
    expectFailed(r, 'context_overflow')
    expect(r.calls).toHaveLength(0)
  })

  it('a safety check with safetyChecks: fail ends the run as provider_error, naming the check', async () => {
    const r = await run('responses', 'safety-check', {}, { ...FAST, safetyChecks: 'fail' })
    expectFailed(r, 'provider_error')
    expect(r.error?.message).toMatch(/malicious_instructions/)
  })

  it('the double rejects a computer_call_output that does not acknowledge a pending safety check, as the API does', async () => {
    double.misbehave = 'safety-check'
    const client = new OpenAI({ apiKey: KEY, baseURL: double.url, maxRetries: 0 })
    const frame = await (await target.display.screen.capture()).png()
    const image_url = `data:image/png;base64,${Buffer.from(frame).toString('base64')}`
    const first = await client.responses.create({ model: 'gpt-5.4', tools: [{ type: 'computer' }], input: [{ role: 'user', content: [{ type: 'input_text', text: 'Instruction: click the extension icon' }, { type: 'input_image', image_url, detail: 'high' }] }] })
    const call = first.output.find((o) => o.type === 'computer_call')!
    expect(call.type === 'computer_call' && call.pending_safety_checks[0]?.code).toBe('malicious_instructions')
    const unacknowledged = client.responses.create({ model: 'gpt-5.4', tools: [{ type: 'computer' }], previous_response_id: first.id, input: [{ type: 'computer_call_output', call_id: call.type === 'computer_call' ? call.call_id : '', output: { type: 'computer_screenshot', image_url } }] })
    await expect(unacknowledged).rejects.toBeInstanceOf(BadRequestError)
    await expect(unacknowledged).rejects.toThrow(/were not acknowledged/)
  })
})

describe('provider failures (native Gemini adapter, Google\'s error shape)', () => {
  it('500 forever: bounded retries, then provider_error with the provider message', async () => {
    const r = await run('gemini', 'server-error')
    expectFailed(r, 'provider_error')
    expect(r.calls.map((c) => c.status)).toEqual([500, 500, 500])
    expect(r.error?.message).toMatch(/An internal error has occurred.*gave up after 3 attempts/)
  })

  it("429 forever: waits as the RetryInfo detail says, then provider_error", async () => {
    const started = Date.now()
    const r = await run('gemini', 'rate-limited')
    expectFailed(r, 'provider_error')
    expect(r.calls.map((c) => c.status)).toEqual([429, 429, 429])
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000)
    expect(r.error?.message).toMatch(/Resource has been exhausted/)
  })

  it('a hang past the request timeout: retried, then provider_error', async () => {
    const r = await run('gemini', 'hang', {}, { requestTimeoutMs: 800, retry: { maxRetries: 1, baseDelayMs: 50 } })
    expectFailed(r, 'provider_error')
    expect(r.calls).toHaveLength(2)
    expect(r.error?.message).toMatch(/timed out/)
  })

  it('the input-token error is context_overflow, not a retry', async () => {
    const r = await run('gemini', 'context-overflow')
    expectFailed(r, 'context_overflow')
    expect(r.calls).toHaveLength(1)
  })

  it('a safety decision asking for confirmation, with safetyChecks: fail, is provider_error naming it', async () => {
    const r = await run('gemini', 'safety-check', {}, { ...FAST, safetyChecks: 'fail' })
    expectFailed(r, 'provider_error')
    expect(r.error?.message).toMatch(/safety decision asks to confirm click_at/)
  })

  it('a safety decision is confirmed by default (the double rejects a response without safety_acknowledgement), noted, and the run passes', async () => {
    const r = await run('gemini', 'safety-check', { instruction: 'Wait 1 second.' })
    expect(r.error?.message).toBeUndefined()
    expect(r.calls.every((c) => c.status === 200)).toBe(true)
    expect(r.trace.runs[0]!.steps.flatMap((s) => s.notes ?? []).join()).toMatch(/confirmed safety decision wait_5_seconds/)
  })

  it("a wrong key is Google's 400 API_KEY_INVALID: provider_error at once, never the key", async () => {
    double.misbehave = undefined
    const before = double.calls.length
    const env = { AGENTPROBE_MODEL: 'gemini/gemini-2.5-computer-use-preview-10-2025', GEMINI_API_KEY: 'not-the-key-456', GEMINI_BASE_URL: double.origin }
    const r = await runAgentOnce(target, await modelFor(env, FAST, target.locator), { maxSteps: 3, secrets: ['not-the-key-456'] })
    expectFailed(r, 'provider_error')
    expect(double.calls.slice(before).map((c) => c.status)).toEqual([400])
    expect(r.error?.message).toMatch(/400 API key not valid/)
    expect(r.error?.message).not.toContain('not-the-key-456')
  })

  it('a key echoed in an error is masked everywhere', async () => {
    const r = await run('gemini', 'echo-key')
    expectFailed(r, 'provider_error')
    expect(r.error?.message).toMatch(/•••/)
    for (const [file, text] of Object.entries(r.texts)) expect(text, file).not.toContain(KEY)
  })
})

describe("provider failures (Claude adapter, Anthropic's error shape)", () => {
  it('529 overloaded forever: bounded retries, then provider_error with the provider message', async () => {
    const r = await run('anthropic', 'overloaded')
    expectFailed(r, 'provider_error')
    expect(r.calls.map((c) => c.status)).toEqual([529, 529, 529])
    expect(r.error?.message).toMatch(/529 Overloaded \(gave up after 3 attempts\)/)
  })

  it('429 once: waits retry-after, then goes on; 500 forever: provider_error', async () => {
    const started = Date.now()
    const once = await run('anthropic', 'rate-limited-once', { maxSteps: 1 })
    expect(once.calls.map((c) => c.status).slice(0, 2)).toEqual([429, 200])
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000)
    expect(once.trace.runs[0]!.steps[0]!.notes?.join()).toMatch(/429 Number of request tokens.*retrying in 1000 ms/)
    const r = await run('anthropic', 'server-error')
    expectFailed(r, 'provider_error')
    expect(r.error?.message).toMatch(/500 Internal server error/)
  })

  it('a hang past the request timeout: retried, then provider_error', async () => {
    const r = await run('anthropic', 'hang', {}, { requestTimeoutMs: 800, retry: { maxRetries: 1, baseDelayMs: 50 } })
    expectFailed(r, 'provider_error')
    expect(r.calls).toHaveLength(2)
    expect(r.error?.message).toMatch(/timed out/)
  })

  it('"prompt is too long" is context_overflow, not a retry', async () => {
    const r = await run('anthropic', 'context-overflow')
    expectFailed(r, 'context_overflow')
    expect(r.calls).toHaveLength(1)
  })

  it('a key echoed in a 401 is masked everywhere', async () => {
    const r = await run('anthropic', 'echo-key')
    expectFailed(r, 'provider_error')
    expect(r.error?.message).toMatch(/401 invalid x-api-key: •••/)
    for (const [file, text] of Object.entries(r.texts)) expect(text, file).not.toContain(KEY)
  })

  it('the double enforces the API: a wrong key is 401, a beta tool without its header 400, a tool_use without its tool_result 400', async () => {
    double.misbehave = undefined
    const png = Buffer.from(await (await target.display.screen.capture()).png()).toString('base64')
    const task = { role: 'user' as const, content: [{ type: 'text' as const, text: 'Instruction: click the extension icon' }, { type: 'image' as const, source: { type: 'base64' as const, media_type: 'image/png' as const, data: png } }] }
    const tool = { type: 'computer_20251124' as const, name: 'computer' as const, display_width_px: 1920, display_height_px: 1080 }
    const client = (apiKey: string) => new Anthropic({ apiKey, baseURL: double.origin, maxRetries: 0 })
    await expect(client('wrong-key').beta.messages.create({ model: 'claude-sonnet-4-6', max_tokens: 100, messages: [task], tools: [tool], betas: ['computer-use-2025-11-24'] })).rejects.toBeInstanceOf(AuthenticationError)
    await expect(client(KEY).beta.messages.create({ model: 'claude-sonnet-4-6', max_tokens: 100, messages: [task], tools: [tool] })).rejects.toThrow(/requires the anthropic-beta header 'computer-use-2025-11-24'/)
    const first = await client(KEY).beta.messages.create({ model: 'claude-sonnet-4-6', max_tokens: 100, messages: [task], tools: [tool], betas: ['computer-use-2025-11-24'] })
    const toolUse = first.content.find((b) => b.type === 'tool_use')
    expect(toolUse).toMatchObject({ name: 'computer', input: { action: expect.any(String) } })
    const unanswered = client(KEY).beta.messages.create({ model: 'claude-sonnet-4-6', max_tokens: 100, messages: [task, { role: 'assistant', content: first.content }, { role: 'user', content: 'go on' }], tools: [tool], betas: ['computer-use-2025-11-24'] })
    await expect(unanswered).rejects.toBeInstanceOf(Anthropic.BadRequestError)
    await expect(unanswered).rejects.toThrow(/tool_use` ids were found without `tool_result` blocks immediately after/)
  })
})

describe('the cold verifier', () => {
  it.each([['server-error'], ['garbage'], ['empty']] as const)('a verifier that answers %s fails the run as verifier_error', async (misbehave) => {
    const verifyDouble = await startModelDouble({ apiKey: KEY, misbehave, misbehaveOn: 'verify' })
    try {
      const model = await modelFor({ AGENTPROBE_MODEL: 'openai/gpt-5.4', OPENAI_API_KEY: KEY, OPENAI_BASE_URL: verifyDouble.url }, FAST, target.locator)
      const r = await runAgentOnce(target, model, { instruction: 'Wait 1 second.', verify: SIDEPANEL_SHOWS_UI })
      expectFailed(r, 'verifier_error')
    } finally {
      await verifyDouble.close()
    }
  })
})

describe('budgets and usage', () => {
  it('maxCostUsd stops the run from the price table', async () => {
    const r = await run('responses', 'same-click', { maxCostUsd: 0.005 })
    expectFailed(r, 'budget_exceeded')
    expect(r.error?.message).toMatch(/cost budget spent/)
    const usage = r.trace.runs[0]!.usage
    expect(usage.costUsd).toBeGreaterThan(0.005)
    expect(usage.inputTokens).toBeGreaterThan(1000)
  })

  it('maxTokens stops the run', async () => {
    const r = await run('chat', 'same-click', { maxTokens: 3000 })
    expectFailed(r, 'budget_exceeded')
    expect(r.error?.message).toMatch(/token budget spent/)
  })
})

describe('recoveries and keys (these open the side panel: they run last, each on a browser reset in place)', () => {
  it('429 once, then success: waits Retry-After, retries, and passes; the retry is in the trace', async () => {
    await target.reset()
    const started = Date.now()
    const r = await run('responses', 'rate-limited-once', { verify: SIDEPANEL_SHOWS_UI })
    expect(r.error?.message).toBeUndefined()
    expect(r.calls[0]?.status).toBe(429)
    expect(r.calls.slice(1).every((c) => c.status === 200)).toBe(true)
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000)
    expect(r.trace.runs[0]!.steps[0]!.notes?.join()).toMatch(/429 Rate limit reached.*retrying in 1000 ms/)
  })

  it('a pending safety check is acknowledged by default, recorded in the trace, and the run passes', async () => {
    await target.reset()
    const r = await run('responses', 'safety-check', { verify: SIDEPANEL_SHOWS_UI })
    expect(r.error?.message).toBeUndefined()
    expect(r.result?.status).toBe('passed')
    expect(r.trace.runs[0]!.steps.flatMap((s) => s.notes ?? []).join()).toMatch(/acknowledged safety check malicious_instructions/)
  })

  it('a provider echoing the key in an error: provider_error, and the key is in no message, trace or artifact', async () => {
    const r = await run('responses', 'echo-key')
    expectFailed(r, 'provider_error')
    expect(r.error?.message).toMatch(/Incorrect API key provided: •••/)
    expect(r.error?.message).not.toContain(KEY)
    expect(Object.keys(r.texts).length).toBeGreaterThan(0)
    for (const [file, text] of Object.entries(r.texts)) expect(text, file).not.toContain(KEY)
  })
})
