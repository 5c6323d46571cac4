// The Android loop through a provider adapter: the OpenAI computer tool, a chat model, Claude and Gemini, served
// by the model double (fixtures/model-double), sign in on the device double with real adb
// commands, at the adapters' default canvas. (No cold verification here: the model double reads
// images upscaled to 1920 px wide, and on a 1080×2280 phone frame that clips the first letters of
// words — 'Welcome, demo' reads 'We come, emo'. The offline model's verified run is examples/android.)
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startModelDouble, type ModelDouble } from '../fixtures/model-double/index.ts'
import { ANDROID_HOME, DeviceDouble } from '../fixtures/android/device-double.ts'
import { SIGN_IN } from '../examples/android.flows.ts'
import { Locator } from '../src/grounding/locate.ts'
import { startAndroid, type AndroidSession } from '../src/session/android-session.ts'
import { chooseModel } from '../src/model-choice/choose-model.ts'
import { createModel } from '../src/model-choice/create-model.ts'
import { GeminiModel } from '../src/models/gemini/gemini-model.ts'
import { TestSession } from '../src/session/test-session.ts'

const KEY = 'sk-double-android-0123456789'
const double = DeviceDouble.create()
const locator = new Locator()
let models: ModelDouble
let device: AndroidSession
let saved: string | undefined

beforeAll(async () => {
  saved = process.env.ADB_DOUBLE_STATE
  process.env.ADB_DOUBLE_STATE = double.dir
  models = await startModelDouble({ apiKey: KEY })
  device = await startAndroid({ sdkRoot: ANDROID_HOME, sdkReason: 'the device double' })
}, 60_000)

afterAll(async () => {
  await device?.close()
  await models?.close()
  await locator.close()
  if (saved === undefined) delete process.env.ADB_DOUBLE_STATE
  else process.env.ADB_DOUBLE_STATE = saved
  double.remove()
})

const ADAPTERS: [name: string, env: Record<string, string>, api: 'responses' | 'chat' | 'anthropic' | 'gemini'][] = [
  ['the OpenAI computer tool', { AGENTPROBE_MODEL: 'openai/gpt-5.4', OPENAI_API_KEY: KEY }, 'responses'],
  ['a chat model answering in pixels', { AGENTPROBE_MODEL: 'openai-compatible/llava-v1.6-34b', AGENTPROBE_API_KEY: KEY }, 'chat'],
  ["Claude's GA computer toolset, on a phone-shaped canvas", { AGENTPROBE_MODEL: 'anthropic/claude-opus-5', ANTHROPIC_API_KEY: KEY }, 'anthropic'],
  ["Gemini's computerUse tool in its mobile environment", { AGENTPROBE_MODEL: 'gemini/gemini-2.5-computer-use-preview-10-2025', GEMINI_API_KEY: KEY }, 'gemini'],
]

describe('the Android loop through the model double', () => {
  it.each(ADAPTERS)('%s signs in on the device double', async (_name, env, api) => {
    double.reset()
    const full = { ...env, OPENAI_BASE_URL: models.url, AGENTPROBE_BASE_URL: models.url, GEMINI_BASE_URL: models.origin, ANTHROPIC_BASE_URL: models.origin }
    const model = await createModel(chooseModel({ env: full }), { locator, env: full, target: 'android' })
    if (model instanceof GeminiModel) expect(model.environment).toBe('mobile')
    const session = new TestSession({ screen: device.screen, model, locator, dir: await mkdtemp(join(tmpdir(), 'agentprobe-android-model-')), test: { name: api } })
    await device.android.launch('com.example.app', { clearData: true })
    const before = models.calls.length
    const { run } = await session.agent.do(SIGN_IN, { maxSteps: 10 })
    expect(run.status).toBe('passed')
    expect(await device.android.find({ resourceId: 'welcome', text: 'Welcome, demo' })).toHaveLength(1)
    expect(models.calls.slice(before).every((c) => c.api === api && c.status === 200)).toBe(true)
    expect(double.shellLines()).toEqual(expect.arrayContaining(['input text demo']))
    expect(double.state().data['com.example.app']).toEqual({ session: 'demo' })
  })
})
