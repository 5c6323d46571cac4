// The cold verifier's reply read as the seed reads it, through the real `openai` SDK against the
// model double on a real Chromium: JSON where the API enforces it (structured output), otherwise
// a first word YES or NO, a fenced or embedded JSON verdict, and verifier_error for anything else.
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startModelDouble, type ModelDouble, type VerdictShape } from '../../fixtures/model-double/index.ts'
import { startBrowser } from '../../src/browser-pool/browser-session.ts'
import type { ModelSettings } from '../../src/model-choice/model-settings.ts'
import { TestSession } from '../../src/session/test-session.ts'
import { EXTENSION, modelFor, runAgentOnce, startTarget, type Target } from './support.ts'

const KEY = 'sk-double-verdicts-0123456789abcdef'
const PAGE = `data:text/html,${encodeURIComponent('<body style="margin:80px;font:bold 72px sans-serif">Notes saved</body>')}`
const SHOWN = "Does the page show the text 'Notes saved'?"
const MISSING = "Does the page show the text 'Upload failed'?"

/** Verifiers with no structured output: the preview model, and a chat model told not to use it. */
const UNSTRUCTURED: [name: string, env: Record<string, string>, settings: ModelSettings][] = [
  ['Responses, openai/computer-use-preview', { AGENTPROBE_MODEL: 'openai/computer-use-preview', OPENAI_API_KEY: KEY }, {}],
  ['Chat Completions, structuredOutput: false', { AGENTPROBE_MODEL: 'openai-compatible/llava-v1.6-34b', AGENTPROBE_API_KEY: KEY }, { structuredOutput: false }],
]

let double: ModelDouble
let target: Target

beforeAll(async () => {
  double = await startModelDouble({ apiKey: KEY })
  target = await startTarget()
  await target.browser.close()
  target.browser = await startBrowser(target.display, { extension: EXTENSION, url: PAGE })
}, 60_000)

afterAll(async () => {
  await target?.close()
  await double?.close()
})

async function verify(env: Record<string, string>, settings: ModelSettings, shape: VerdictShape, question: string) {
  double.verdictShape = shape
  const before = double.calls.length
  const model = await modelFor({ ...env, OPENAI_BASE_URL: double.url, AGENTPROBE_BASE_URL: double.url }, settings, target.locator)
  const dir = await mkdtemp(join(tmpdir(), 'agentprobe-verdicts-'))
  const session = new TestSession({ screen: target.display.screen, model, locator: target.locator, dir, test: { name: `verdict ${shape}` }, secrets: [KEY], signal: target.browser.chrome.signal })
  const v = await session.verify(question)
  const calls = double.calls.slice(before)
  expect(calls.length, 'verification calls').toBeGreaterThan(0)
  expect(calls.every((c) => c.kind === 'verify' && c.status === 200)).toBe(true)
  return v
}

describe.each(UNSTRUCTURED)('%s', (_name, env, settings) => {
  it.each([
    ['plain', SHOWN, 'YES', /^Checked the quoted text only: 'Notes saved'\. Found 'Notes saved' at /],
    ['plain', MISSING, 'NO', /^Checked the quoted text only: 'Upload failed'\./],
    ['fenced', SHOWN, 'YES', /^Checked the quoted text only: 'Notes saved'\. Found 'Notes saved' at /],
    ['prose', MISSING, 'NO', /^Checked the quoted text only: 'Upload failed'\./],
  ] as const)('a reply worded %s is a verdict: %s → %s, the rest its evidence', async (shape, question, answer, evidence) => {
    const v = await verify(env, settings, shape, question)
    expect(v.error).toBeUndefined()
    expect(v).toMatchObject({ answer, passed: answer === 'YES' })
    expect(v.evidence).toMatch(evidence)
  })

  it.each([
    ['hedged', 'its reply is no verdict (it is neither a JSON verdict nor a reply that starts with YES or NO): "It might be:'],
    ['both', 'its reply is no verdict (it gives both answers): "Yes and no:'],
    ['empty', 'its reply is no verdict (the reply is empty): (empty reply)'],
  ] as const)('a reply worded %s stays verifier_error, quoting what came back', async (shape, message) => {
    const v = await verify(env, settings, shape, SHOWN)
    expect(v.passed).toBe(false)
    expect(v.answer).toBeUndefined()
    expect(v.error).toContain(message.replace(/^its/, "verifier: the verifier's"))
  })
})

describe('in agent.do', () => {
  it("the preview model's plain NO after a claimed success is false_success, not verifier_error", async () => {
    double.verdictShape = 'plain'
    const [, env] = UNSTRUCTURED[0]!
    const model = await modelFor({ ...env, OPENAI_BASE_URL: double.url }, {}, target.locator)
    const r = await runAgentOnce(target, model, { instruction: 'Wait 1 second.', verify: MISSING, maxSteps: 3, secrets: [KEY] })
    expect(r.result).toBeUndefined()
    expect(r.types).toContain('false_success')
    expect(r.types).not.toContain('verifier_error')
    expect(r.trace.runs.at(-1)?.verification).toMatchObject({ answer: 'NO', passed: false })
  })
})

describe('where the API enforces structured output, the verdict is JSON whatever the model would have said', () => {
  it.each([
    ['Responses, openai/gpt-5.4', { AGENTPROBE_MODEL: 'openai/gpt-5.4', OPENAI_API_KEY: KEY }],
    ['Chat Completions, by default', { AGENTPROBE_MODEL: 'openai-compatible/llava-v1.6-34b', AGENTPROBE_API_KEY: KEY }],
  ])('%s', async (_name, env) => {
    const v = await verify(env, {}, 'hedged', SHOWN)
    expect(v.error).toBeUndefined()
    expect(v).toMatchObject({ answer: 'YES', passed: true })
  })
})
