// Replays a team can trust in CI, through the Vitest plugin on real Chromium: recorded once against
// the model double, a test replays 5 times out of 5 under CI=true with no key and the double
// stopped with a core's worth of load beside it; a recorded frame that appears only after a
// delay still replays (and is replay_drift when replay may not wait); recordings belong to a model,
// so two models in one config each record their own and the leaderboard shows both.
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { execa } from 'execa'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { startModelDouble, type ModelDouble } from '../fixtures/model-double/index.ts'
import { copyWithEdits } from '../bench/build.ts'
import { writeRecordedCopies } from './replay-project/recorded-copies.ts'
import { artifactDirFor, slug } from '../src/session/artifact-paths.ts'
import { loadTheMachine } from './cpu-burner.ts'
import type { Trace } from '../src/core/trace.ts'

const root = resolve(import.meta.dirname, '..')
const PROJECT = join(root, 'test', 'replay-project')
const CASSETTE = join(PROJECT, '__cua__', 'panel.cua.test.ts.cassette.json')
/** Where the copies replayed five at a time go (ignored by git). */
const COPIES = join(PROJECT, 'copies')
const TEST = 'opens the side panel'
const KEY = 'sk-replay-test-0123456789abcdef'
const PROVIDER = /^(AGENTPROBE_\w+|OPENAI_\w+|AZURE_CUA_\w+|GEMINI_\w+|DISPLAY|CI|VITEST\w*)$/

/** One `vitest run` of the replay project, in an environment with no provider variable but `env`'s. */
async function vitest(env: Record<string, string>) {
  const artifacts = await mkdtemp(join(tmpdir(), 'agentprobe-replay-'))
  const base = Object.fromEntries(Object.entries(process.env).filter(([k, v]) => v !== undefined && !PROVIDER.test(k))) as Record<string, string>
  const started = performance.now()
  const run = await execa(join(root, 'node_modules', '.bin', 'vitest'), ['run', '--config', join(PROJECT, 'vitest.config.ts')], {
    cwd: root,
    env: { ...base, REPLAY_ARTIFACTS: artifacts, ...env },
    extendEnv: false,
    reject: false,
    all: true,
  })
  return { ...run, artifacts, ms: Math.round(performance.now() - started) }
}

async function traceIn(artifacts: string, file = 'panel.cua.test.ts'): Promise<Trace & { dir: string }> {
  const dir = artifactDirFor(artifacts, file, TEST)
  return { ...JSON.parse(await readFile(join(dir, 'trace.json'), 'utf8')), dir }
}

async function recordings(): Promise<string[]> {
  return Object.keys(JSON.parse(await readFile(CASSETTE, 'utf8')).tests[TEST]).sort()
}

const live = (double: ModelDouble) => ({ OPENAI_API_KEY: KEY, OPENAI_BASE_URL: double.url })

let double: ModelDouble | undefined

beforeAll(async () => {
  await rm(join(PROJECT, '__cua__'), { recursive: true, force: true })
  await rm(COPIES, { recursive: true, force: true })
  double = await startModelDouble({ apiKey: KEY })
  const recorded = await vitest({ ...live(double), AGENTPROBE_MODEL: 'openai/gpt-5.4', AGENTPROBE_CASSETTE: 'record' })
  expect(recorded.exitCode, recorded.all).toBe(0)
  expect(await recordings()).toEqual(['openai/gpt-5.4'])
  await double.close()
  double = undefined
}, 300_000)

afterAll(async () => {
  await double?.close()
  await rm(join(PROJECT, '__cua__'), { recursive: true, force: true })
  await rm(COPIES, { recursive: true, force: true })
})

describe('a recording replayed under CI=true with no key and the model double stopped', () => {
  it('passes 5 times out of 5 with a core\'s worth of load beside it', async () => {
    // Five copies of the recorded file, each with its own copy of the cassette, replayed in one run:
    // five real replays on the real browser, with the reset between files run four times.
    const files = await writeRecordedCopies(join(PROJECT, 'panel.cua.test.ts'), COPIES, 5)
    onTestFinished(() => rm(COPIES, { recursive: true, force: true }))
    const load = loadTheMachine()
    onTestFinished(load.stop)
    const r = await vitest({ CI: 'true', REPLAY_INCLUDE: 'copies/*.cua.test.ts' }).finally(load.stop)
    console.log(`5 replays under load in one vitest run (${load.said}): ${r.ms} ms`)
    expect(r.exitCode, r.all).toBe(0)
    for (const file of files) {
      // Each run says which model's decisions it replays, not "offline".
      expect(r.all, file).toContain(`agentprobe: model openai/gpt-5.4, replayed from copies/__cua__/${file}.cassette.json (no key needed)`)
      const trace = await traceIn(r.artifacts, `copies/${file}`)
      expect(trace.status, file).toBe('passed')
      expect(trace.model, file).toBe('openai/gpt-5.4')
      expect(trace.cassette, file).toMatchObject({ mode: 'replay', recordedBy: 'openai/gpt-5.4', liveSteps: 0, liveVerdicts: 0, replayedVerdicts: 1 })
      expect(trace.cassette!.replayedSteps, file).toBeGreaterThan(1)
    }
    await rm(r.artifacts, { recursive: true, force: true })
    // One `vitest run` of ten files took 93 s at a load average of 5; with the burner 146 s at 5-7,
    // 173 s at 9, and 10 of 10 passed: five keep the check at half the suite time.
  }, 480_000)

  it('waits for a recorded frame that appears only after a delay, and is replay_drift when it may not wait', async () => {
    // The same extension whose side panel shows its content 2.5 s after it opens: a settled frame
    // without it comes first, and only watching the screen reaches the recorded one.
    const slow = await copyWithEdits(join(root, 'fixtures/extensions/sidepanel'), [
      { file: 'sidepanel.css', find: 'body {', replace: '@keyframes appear { to { visibility: visible; } }\nbody { visibility: hidden; animation: appear 0s linear 2.5s forwards; ' },
    ], { label: 'slow side panel' })
    const waited = await vitest({ CI: 'true', REPLAY_EXTENSION: slow })
    expect(waited.exitCode, waited.all).toBe(0)
    expect((await traceIn(waited.artifacts)).cassette).toMatchObject({ mode: 'replay', liveSteps: 0 })

    const hurried = await vitest({ CI: 'true', REPLAY_EXTENSION: slow, REPLAY_WAIT_MS: '0' })
    expect(hurried.exitCode, hurried.all).toBe(1)
    // Which call meets the screen unlike its recording depends on how far the panel had drawn when
    // step 3 was recorded: a recording made on the panel before its text can drift only at the verdict.
    expect(hurried.all).toMatch(/replay_drift: .*did not look the way it did when (the model decided|it was judged) within 0 ms/)
    expect(await readdir((await traceIn(hurried.artifacts)).dir)).toContain('replay-drift.png')
    await rm(slow, { recursive: true, force: true })
  }, 400_000)
})

describe('recordings belong to a model', () => {
  it('two models in one config each record their own calls, and the leaderboard shows both', async () => {
    double = await startModelDouble({ apiKey: KEY })
    const r = await vitest({ ...live(double), REPLAY_MODELS: 'openai/gpt-5.4-mini,openai/gpt-5.4-nano' })
    expect(r.exitCode, r.all).toBe(0)
    // Neither replays the gpt-5.4 recording that is there: each model's calls reach the double.
    const byModel = (model: string) => double!.calls.filter((c) => c.model === model.replace(/^openai\//, '')).length
    expect(byModel('openai/gpt-5.4-mini')).toBeGreaterThan(1)
    expect(byModel('openai/gpt-5.4-nano')).toBeGreaterThan(1)
    expect(byModel('openai/gpt-5.4')).toBe(0)
    expect(await recordings()).toEqual(['openai/gpt-5.4', 'openai/gpt-5.4-mini', 'openai/gpt-5.4-nano'])
    for (const model of ['openai/gpt-5.4-mini', 'openai/gpt-5.4-nano']) {
      const trace = await traceIn(join(r.artifacts, slug(model, 60)))
      expect(trace.cassette, model).toMatchObject({ mode: 'auto', replayedSteps: 0, replayedVerdicts: 0 })
    }
    const summary = await readFile(join(r.artifacts, 'report', 'summary.md'), 'utf8')
    const rows = summary.split('\n').filter((line) => /^\| [12] \| openai\/gpt-5\.4-(mini|nano) \|/.test(line))
    expect(rows, summary).toHaveLength(2)
    // Live figures: tokens spent by each model, not a replay's zeros.
    for (const row of rows) expect(Number(row.split('|')[6]!.replace(/\D/g, ''))).toBeGreaterThan(0)
  }, 600_000)

  it('switching a test’s model re-records instead of replaying; switching back replays', async () => {
    const before = double!.calls.length
    const switched = await vitest({ ...live(double!), AGENTPROBE_MODEL: 'openai/gpt-5.4-mini' })
    expect(switched.exitCode, switched.all).toBe(0)
    expect((await traceIn(switched.artifacts)).cassette).toMatchObject({ mode: 'auto', replayedSteps: expect.any(Number), liveSteps: 0 })
    expect(double!.calls.length).toBe(before)
    const other = await vitest({ ...live(double!), AGENTPROBE_MODEL: 'openai/gpt-4.1' })
    expect(other.exitCode, other.all).toBe(0)
    expect((await traceIn(other.artifacts)).cassette).toMatchObject({ mode: 'auto', replayedSteps: 0, replayedVerdicts: 0 })
    expect(double!.calls.filter((c) => c.model === 'gpt-4.1').length).toBeGreaterThan(1)
    expect(await recordings()).toContain('openai/gpt-4.1')
  }, 400_000)
})
