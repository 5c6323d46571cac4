// agent.query, agent.waitFor and screen.click({ description }) through the OpenAI adapters (and, leaner,
// Claude's and Gemini's) against
// the model double, on a real Chromium with the Tally extension (its count lives in chrome.storage):
// the count the model reads is the one the extension stored, a described click lands on its button,
// a state that comes late is waited for, and the test replays from its cassette with the double stopped.
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { startModelDouble, type Misbehaviour, type ModelDouble } from '../../fixtures/model-double/index.ts'
import { CassetteModel } from '../../src/agent/cassette-model.ts'
import { ReadError } from '../../src/agent/read-error.ts'
import type { Point } from '../../src/core/action.ts'
import type { CassetteCall } from '../../src/core/cassette.ts'
import type { DoubleCall } from '../../fixtures/model-double/server.ts'
import type { Model } from '../../src/core/model.ts'
import type { ModelSettings } from '../../src/model-choice/model-settings.ts'
import { TestSession } from '../../src/session/test-session.ts'
import { modelFor, ROOT, startTarget, type Target } from './support.ts'

const KEY = 'sk-double-read-verbs-0123456789'
const TALLY = join(ROOT, 'bench/extensions/tally')
const COUNT = z.object({ count: z.number().int() })
const HOW_MANY = "How many clicks does the popup count in 'You clicked # times'?"
const ADD_ONE = "the 'Add one' button"

let double: ModelDouble
let target: Target
let doubleStopped = false

beforeAll(async () => {
  double = await startModelDouble({ apiKey: KEY, extension: TALLY })
  target = await startTarget(TALLY)
}, 60_000)

afterAll(async () => {
  await target?.close()
  if (!doubleStopped) await double?.close()
})

const GA = { AGENTPROBE_MODEL: 'openai/gpt-5.4', OPENAI_API_KEY: KEY }

function model(env: Record<string, string>, settings: ModelSettings = {}): Promise<Model> {
  return modelFor({ ...env, OPENAI_BASE_URL: double.url, AGENTPROBE_BASE_URL: double.url, ANTHROPIC_BASE_URL: double.origin, GEMINI_BASE_URL: double.origin }, { retry: { maxRetries: 0 }, ...settings }, target.locator)
}

async function session(m: Model): Promise<TestSession> {
  const dir = await mkdtemp(join(tmpdir(), 'agentprobe-read-verbs-'))
  return new TestSession({ screen: target.display.screen, model: m, locator: target.locator, dir, test: { name: 'read verbs' }, signal: target.browser.chrome.signal })
}

/**
 * The count the extension stored, read in its service worker over CDP (no model, no OCR). The popup
 * shows a click's count before its chrome.storage write lands: compare with expect.poll.
 */
function stored(): Promise<number> {
  return target.browser.chrome.evaluate<number>({ type: 'service_worker', url: `chrome-extension://${target.browser.chrome.extensionId}/` }, "chrome.storage.local.get('count').then((r) => r.count ?? 0)")
}

/** Opens the popup (agent.do), clicks 'Add one' twice by description, waits for the count to show, and reads it off the screen. */
async function tally(s: TestSession): Promise<{ count: number; points: Point[] }> {
  await s.agent.do('Click the extension icon in the Chrome toolbar.', { maxSteps: 4 })
  await s.screen.click({ description: ADD_ONE })
  await s.screen.click({ description: ADD_ONE })
  await s.agent.waitFor("Does the popup show 'You clicked 2 times'?", { timeoutMs: 5000 })
  const { count } = await s.agent.query(HOW_MANY, COUNT)
  // Where each click landed, as the trace recorded it with the frame it was found on.
  const points = s.writer.trace.runs.flatMap((r) => (r.read?.verb === 'locate' && r.read.point ? [r.read.point] : []))
  return { count, points }
}

const since = (before: number): DoubleCall[] => double.calls.slice(before)

// One row per API and coordinate convention that answers differently on the wire; the smart-resized and
// plain-pixel chat families, and replies without structured output, are covered by the unit tests of
// cold-call.ts and query-reply.ts (each row here is a browser run of about 20 s).
const ADAPTERS: [name: string, env: Record<string, string>, settings: ModelSettings, api: DoubleCall['api']][] = [
  ['Responses, GA computer tool (structured output)', GA, {}, 'responses'],
  ['Responses, computer-use-preview (the JSON asked for in words)', { AGENTPROBE_MODEL: 'openai/computer-use-preview', OPENAI_API_KEY: KEY }, {}, 'responses'],
  ['Chat Completions on the 0–999 grid (Qwen3-VL)', { AGENTPROBE_MODEL: 'openai-compatible/qwen3-vl-8b', AGENTPROBE_API_KEY: KEY }, {}, 'chat'],
  ['Claude, in pixels of the image sent (structured output)', { AGENTPROBE_MODEL: 'anthropic/claude-sonnet-4-6', ANTHROPIC_API_KEY: KEY }, {}, 'anthropic'],
  ["Gemini's native API on the 0–999 grid (responseJsonSchema)", { AGENTPROBE_MODEL: 'gemini/gemini-2.5-computer-use-preview-10-2025', GEMINI_API_KEY: KEY }, {}, 'gemini'],
]

describe('a query of the popup counter matches chrome.storage; a described click lands on its button', () => {
  it.each(ADAPTERS)('%s', async (_name, env, settings, api) => {
    await target.reset()
    double.verdictShape = settings.structuredOutput === false ? 'fenced' : 'json'
    const before = double.calls.length
    const s = await session(await model(env, settings))
    const { count, points } = await tally(s)
    // Two described clicks, two counts: the clicks landed on 'Add one', and the model read what was stored.
    await expect.poll(stored).toBe(2)
    expect(count).toBe(2)
    expect(Math.abs(points[0]!.x - points[1]!.x) + Math.abs(points[0]!.y - points[1]!.y)).toBeLessThanOrEqual(4)
    const calls = since(before)
    expect(calls.every((c) => c.api === api && c.status === 200)).toBe(true)
    expect(calls.filter((c) => c.kind === 'locate')).toHaveLength(2)
    expect(calls.filter((c) => c.kind === 'query')).toHaveLength(1)
    // (on a loaded machine the cold verification may look before the popup is drawn, say NO, and the loop go on to a second)
    expect(calls.filter((c) => c.kind === 'verify').length).toBeGreaterThanOrEqual(1)
    await s.finish('passed')
    const reads = s.writer.trace.runs.flatMap((r) => (r.read ? [r.read] : []))
    expect(reads.map((r) => r.verb)).toEqual(['locate', 'locate', 'waitFor', 'query'])
    expect(reads[0]!.frame).toBeDefined()
    const query = reads.at(-1)!
    expect(query).toMatchObject({ passed: true, value: { count: 2 }, evidence: expect.stringContaining('You clicked') })
    expect(query.frame).toBeDefined()
    expect(query.usage.inputTokens).toBeGreaterThan(0)
    // Priced from the table like any other call (the self-hosted chat models have no price).
    if (api !== 'chat') expect(query.usage.costUsd).toBeGreaterThan(0)
  })

  it('Azure: the same, with the key in the api-key header', async () => {
    await target.reset()
    double.verdictShape = 'json'
    const before = double.calls.length
    const s = await session(await modelFor({ AZURE_CUA_API_KEY: KEY, AZURE_CUA_BASE_URL: double.origin, AZURE_CUA_MODEL: 'cua-deployment' }, {}, target.locator))
    const { count } = await tally(s)
    await expect.poll(stored).toBe(count)
    expect(since(before).every((c) => c.azure && c.status === 200)).toBe(true)
  })
})

describe('replies that do not answer (the popup still open from the last test)', () => {
  const cases: [Misbehaviour, DoubleCall['kind'], RegExp][] = [
    ['garbage', 'query', /agent\.query\(.*\) failed: .*holds no JSON object: "Sure! I'd be glad to help/],
    ['off-schema', 'query', /does not fit the schema: .*count.*; the model replied: .*"seven"/],
    ['empty', 'query', /holds no JSON object: \(empty reply\)/],
    ['empty', 'locate', /screen\.locate\(.*\) failed: .*no JSON location for "the 'Add one' button" \(reply: \(empty reply\)\)/],
    ['off-schema', 'locate', /no point \(x, y\) or box .*near the top of the popup/],
  ]
  it.each(cases)('%s on %s fails, quoting what came back', async (misbehave, on, message) => {
    double.misbehave = misbehave
    double.misbehaveOn = on
    try {
      const s = await session(await model(GA))
      const read = on === 'query' ? s.agent.query(HOW_MANY, COUNT) : s.screen.locate({ description: ADD_ONE })
      await expect(read).rejects.toThrow(message)
    } finally {
      double.misbehave = undefined
      double.misbehaveOn = 'act'
    }
  })
})

describe('provider failures on the cold calls are retried as for verify', () => {
  const retrying: ModelSettings = { retry: { maxRetries: 1, baseDelayMs: 50 } }

  it('a 429 on a query waits Retry-After, retries, and reads the count', async () => {
    double.misbehave = 'rate-limited-once'
    double.misbehaveOn = 'query'
    try {
      const before = double.calls.length
      const started = Date.now()
      const s = await session(await model(GA, retrying))
      expect(await s.agent.query(HOW_MANY, COUNT)).toEqual({ count: await stored() })
      expect(since(before).map((c) => c.status)).toEqual([429, 200])
      expect(Date.now() - started).toBeGreaterThanOrEqual(1000)
    } finally {
      double.misbehave = undefined
      double.misbehaveOn = 'act'
    }
  })

  it('a 500 on every locate: bounded retries, then the provider message', async () => {
    double.misbehave = 'server-error'
    double.misbehaveOn = 'locate'
    try {
      const before = double.calls.length
      const s = await session(await model(GA, retrying))
      await expect(s.screen.locate({ description: ADD_ONE })).rejects.toThrow(/openai\/gpt-5\.4 locate: 500 The server had an error.*gave up after 2 attempts/)
      expect(since(before).map((c) => c.status)).toEqual([500, 500])
    } finally {
      double.misbehave = undefined
      double.misbehaveOn = 'act'
    }
  })
})

describe('agent.waitFor', () => {
  const page = (script: string) => `data:text/html,${encodeURIComponent(`<body style="font: 40px sans-serif; margin: 120px"><p id="s">Waiting for the reply</p><script>${script}</script></body>`)}`

  it('passes after one changed frame when the reply lands 2 s later', async () => {
    await target.reset()
    const s = await session(await model(GA))
    const before = double.calls.length
    await target.browser.chrome.openPage(page("setTimeout(() => { s.textContent = 'Reply landed' }, 2000)"))
    const started = Date.now()
    // The load event can come before the page is drawn: on a loaded machine waitFor's first look then
    // saw the page undrawn, and the page drawing was a changed frame of its own (a third call).
    await target.display.screen.settle({ stableMs: 300, timeoutMs: 1500 })
    const read = await s.agent.waitFor("Does the page show 'Reply landed'?", { timeoutMs: 10_000, intervalMs: 250 })
    expect(read).toMatchObject({ passed: true, calls: 2, evidence: expect.stringContaining("Found 'Reply landed'") })
    expect(read.looks).toBeGreaterThanOrEqual(2)
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500)
    expect(since(before).map((c) => c.kind)).toEqual(['verify', 'verify'])
  })

  it('fails at its deadline with its looks and the last evidence when the reply never lands, asking nothing of an unchanged screen', async () => {
    const s = await session(await model(GA))
    const before = double.calls.length
    const error = (await s.agent.waitFor("Does the page show 'Never shown'?", { timeoutMs: 2500, intervalMs: 250 }).catch((e: unknown) => e)) as ReadError
    expect(error).toBeInstanceOf(ReadError)
    expect(error.message).toMatch(/agent\.waitFor\(.*\) failed: did not hold within 2500 ms: \d+ look\(s\), 1 model call\(s\).*last evidence: .*Not found: 'Never shown'/)
    // The screen did not change after the first look: the later looks cost no call.
    expect(error.read.looks).toBeGreaterThan(1)
    expect(since(before).map((c) => c.kind)).toEqual(['verify'])
  })
})

describe('cassettes', () => {
  it('replays the popup test from its cassette with the double stopped: same values, zero calls', async () => {
    await target.reset()
    const live = await model(GA)
    const recorder = new CassetteModel({ mode: 'record', recorded: [], live: () => live, id: live.id, watch: { screen: target.display.screen, timeoutMs: 10_000 } })
    const recorded = await tally(await session(recorder))
    const cassette = JSON.parse(JSON.stringify(recorder.calls)) as CassetteCall[]
    // (waitFor looks again after a NO: on a loaded machine its first look can come before the
    // second click is drawn, and the replay then skips the NO its screen no longer shows)
    const verdicts = cassette.filter((c) => c.kind === 'verify')
    expect(cassette.map((c) => c.kind)).toEqual(['agent', 'locate', 'locate', ...verdicts.map(() => 'verify'), 'query'])
    expect(verdicts.map((c) => c.answer)).toEqual([...verdicts.slice(1).map(() => 'NO'), 'YES'])
    // Each cold call was priced from the table (gpt-5.4), and the replay saves what it cost.
    for (const c of cassette.filter((c) => c.kind !== 'agent')) expect(c.usage.costUsd).toBeGreaterThan(0)
    const calls = double.calls.length
    await double.close()
    doubleStopped = true
    await target.reset()
    const replayer = new CassetteModel({
      mode: 'replay',
      recorded: cassette,
      live: () => {
        throw new Error('a replay must not call the model')
      },
      id: live.id,
      watch: { screen: target.display.screen, timeoutMs: 10_000 },
    })
    const replayed = await tally(await session(replayer))
    expect(replayed).toEqual(recorded)
    await expect.poll(stored).toBe(2)
    expect(double.calls.length).toBe(calls)
    expect(replayer.stats).toMatchObject({ liveSteps: 0, liveVerdicts: 0, liveReads: 0, replayedReads: 3 })
    expect(replayer.stats.replayedVerdicts).toBeGreaterThanOrEqual(1)
    expect(replayer.stats.replayedVerdicts).toBeLessThanOrEqual(verdicts.length)
  })
})
