// agentprobe/jest as a Jest user runs it: real `jest` processes on real Chromium. Failures name the
// GIF and the trace, a timed-out test still leaves its trace, and cassettes follow --ci and -u the
// way Jest snapshots do.
import { execa } from 'execa'
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, onTestFinished, test } from 'vitest'
import { startModelDouble } from '../fixtures/model-double/index.ts'
import { writeRecordedCopies } from './replay-project/recorded-copies.ts'
import { artifactDirFor } from '../src/session/artifact-paths.ts'

const JEST = join('node_modules', '.bin', 'jest')
const PROJECT = join('test', 'jest-project')
const DOUBLE_KEY = 'sk-jest-double-0123456789abcdef'
/** One core kept busy, ending by itself after 30 minutes should its test be killed. */
const BURN = 'const end = Date.now() + 1_800_000; while (Date.now() < end) {}'

async function jest(args: string[], env: Record<string, string> = {}) {
  const artifacts = await mkdtemp(join(tmpdir(), 'agentprobe-jest-'))
  const run = await execa(JEST, ['-c', join(PROJECT, 'jest.config.mjs'), ...args], {
    reject: false,
    all: true,
    env: { AGENTPROBE_ARTIFACTS_DIR: artifacts, AGENTPROBE_MODEL: 'offline', AGENTPROBE_CASSETTE: '', CI: '', ...env },
  })
  return { ...run, artifacts }
}

async function traceOf(artifacts: string, file: string): Promise<{ status: string; error?: string; cassette?: { mode: string; replayedSteps: number; liveSteps: number; recordedBy?: string }; runs: { status: string }[] }> {
  // Artifacts are named after the test file relative to the Jest project's rootDir, then the test.
  const dir = dirname(artifactDirFor(artifacts, file, ''))
  const [test] = await readdir(dir)
  return JSON.parse(await readFile(join(dir, test!, 'trace.json'), 'utf8'))
}

afterAll(() => rm(join(PROJECT, '__cua__'), { recursive: true, force: true }))

test('a failing test names its GIF and trace, and both are on disk', async () => {
  const run = await jest(['fails'])
  expect(run.exitCode, run.all).toBe(1)
  const gif = run.all.match(/GIF: (\S+\.gif)/)?.[1]
  const trace = run.all.match(/trace: (\S+trace\.json)/g)
  expect(gif, run.all).toBeDefined()
  expect(trace, run.all).not.toBeNull()
  expect(existsSync(gif!)).toBe(true)
  const written = await traceOf(run.artifacts, 'fails.jest.ts')
  expect(written.status).toBe('failed')
  expect(written.error).toMatch(/Close Sidepanel/)
  expect(run.all).toMatch(/agentprobe report: .*index\.html \(0\/1 passed/)
})

test('a test that times out is stopped, and its trace is still written', async () => {
  const run = await jest(['times-out'])
  expect(run.exitCode, run.all).toBe(1)
  expect(run.all).toMatch(/Exceeded timeout of 4000 ms/)
  expect(run.all).toMatch(/trace: \S+trace\.json/)
  const written = await traceOf(run.artifacts, 'times-out.jest.ts')
  expect(written.status).toBe('failed')
  expect(written.runs[0]?.status).not.toBe('passed')
})

describe('cassettes', () => {
  test('record, then --ci replays, then -u records again', async () => {
    const recorded = await jest(['replays'], { AGENTPROBE_CASSETTE: 'record' })
    expect(recorded.exitCode, recorded.all).toBe(0)
    expect((await traceOf(recorded.artifacts, 'replays.jest.ts')).cassette).toMatchObject({ mode: 'record', replayedSteps: 0 })
    expect(existsSync(join(PROJECT, '__cua__', 'replays.jest.ts.cassette.json'))).toBe(true)

    const replayed = await jest(['replays', '--ci'])
    expect(replayed.exitCode, replayed.all).toBe(0)
    const replay = (await traceOf(replayed.artifacts, 'replays.jest.ts')).cassette
    expect(replay).toMatchObject({ mode: 'replay', liveSteps: 0 })
    expect(replay!.replayedSteps).toBeGreaterThan(0)

    const updated = await jest(['replays', '--ci', '-u'])
    expect(updated.exitCode, updated.all).toBe(0)
    expect((await traceOf(updated.artifacts, 'replays.jest.ts')).cassette).toMatchObject({ mode: 'record' })

    // Three whole `jest` runs (start, browser, the 3 steps the task needs, GIF, report): 12 s each
    // at a load average of 7, several times that at 25, which once passed the 120 s default.
  }, 300_000)

  test('recorded against the model double, replays 10 of 10 under --ci with no key, the double stopped and a CPU burner beside it', async () => {
    await rm(join(PROJECT, '__cua__', 'double.jest.ts.cassette.json'), { force: true })
    const double = await startModelDouble({ apiKey: DOUBLE_KEY })
    try {
      const recorded = await jest(['double'], { OPENAI_API_KEY: DOUBLE_KEY, OPENAI_BASE_URL: double.url, AGENTPROBE_MODEL: 'openai/gpt-5.4', AGENTPROBE_CASSETTE: 'record' })
      expect(recorded.exitCode, recorded.all).toBe(0)
      expect(double.calls.length).toBeGreaterThan(1)
    } finally {
      await double.close()
    }
    // Ten copies of the recorded file, each with its own copy of the cassette, replayed in one
    // `jest --ci`: ten real replays on the real browser, with the reset between files run nine times.
    const copies = join(PROJECT, 'copies')
    onTestFinished(() => rm(copies, { recursive: true, force: true }))
    const files = await writeRecordedCopies(join(PROJECT, 'double.jest.ts'), copies, 10)
    const burner = spawn(process.execPath, ['-e', BURN], { stdio: 'ignore' })
    onTestFinished(() => void burner.kill())
    const started = performance.now()
    const replayed = await jest(['--ci', '--testMatch', '<rootDir>/copies/*.jest.ts'], { AGENTPROBE_MODEL: '', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', CI: 'true' }).finally(() => burner.kill())
    console.log(`10 jest replays under load in one run: ${Math.round(performance.now() - started)} ms`)
    expect(replayed.exitCode, replayed.all).toBe(0)
    expect(replayed.all).toMatch(/Tests:\s+10 passed, 10 total/)
    for (const file of files) {
      expect(replayed.all, file).toContain(`agentprobe: model openai/gpt-5.4, replayed from copies/__cua__/${file}.cassette.json (no key needed)`)
      const trace = await traceOf(replayed.artifacts, `copies/${file}`)
      expect(trace.status, file).toBe('passed')
      expect(trace.cassette, file).toMatchObject({ mode: 'replay', liveSteps: 0, recordedBy: 'openai/gpt-5.4' })
    }
    await rm(replayed.artifacts, { recursive: true, force: true })
    // One `jest` run of ten files: 101 s with the burner at a load average of 7.
  }, 480_000)
})

test('a live run through Claude (anthropic/…, the beta computer tool) against the model double passes under Jest', async () => {
  const double = await startModelDouble({ apiKey: DOUBLE_KEY })
  try {
    const run = await jest(['double'], { ANTHROPIC_API_KEY: DOUBLE_KEY, ANTHROPIC_BASE_URL: double.origin, AGENTPROBE_MODEL: 'anthropic/claude-sonnet-4-6', AGENTPROBE_CASSETTE: 'off' })
    expect(run.exitCode, run.all).toBe(0)
    expect(run.all).not.toContain(DOUBLE_KEY)
    expect(double.calls.some((c) => c.kind === 'verify')).toBe(true)
    expect(double.calls.every((c) => c.api === 'anthropic' && c.model === 'claude-sonnet-4-6' && c.status === 200)).toBe(true)
    expect((await traceOf(run.artifacts, 'double.jest.ts')).status).toBe('passed')
  } finally {
    await double.close()
  }
}, 240_000)

test('the Android target: the device double signs in, and uiautomator matchers check it', async () => {
  const state = await mkdtemp(join(tmpdir(), 'agentprobe-jest-adb-'))
  const run = await execa(JEST, ['-c', join(PROJECT, 'android', 'jest.config.mjs')], {
    reject: false,
    all: true,
    env: { ADB_DOUBLE_STATE: state, AGENTPROBE_ARTIFACTS_DIR: join(state, 'artifacts'), AGENTPROBE_MODEL: 'offline', CI: '' },
  })
  expect(run.exitCode, run.all).toBe(0)
  expect(run.all).toMatch(/Tests:\s+1 passed, 1 total/)
  await rm(state, { recursive: true, force: true })
})

test('the side-panel example passes as a Jest suite, broken variants included', async () => {
  const run = await execa(JEST, ['-c', join('examples', 'jest', 'jest.config.mjs'), '--ci'], { reject: false, all: true, env: { AGENTPROBE_MODEL: 'offline', CI: '' } })
  expect(run.exitCode, run.all).toBe(0)
  expect(run.all).toMatch(/Tests:\s+4 passed, 4 total/)
  expect(run.all).toMatch(/agentprobe report: .*index\.html \(4\/4 passed/)
})
