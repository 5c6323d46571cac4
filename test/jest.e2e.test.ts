// agentprobe/jest as a Jest user runs it: real `jest` processes on real Chromium. Failures name the
// GIF and the trace, a timed-out test still leaves its trace; Claude, Android and the examples run
// under Jest too. Cassettes under Jest are jest-cassettes.e2e.test.ts.
import { execa } from 'execa'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { startModelDouble } from '../fixtures/model-double/index.ts'
import { DOUBLE_KEY, JEST, PROJECT, jest, traceOf } from './jest-project/run-jest.ts'

// Both in one Jest run, as a user's suite has them side by side (a run each cost a Jest start, a
// browser and a report for nothing the other does not show).
test('a failing test names its GIF and trace, both on disk; a test that times out is stopped, and its trace is still written', async () => {
  const run = await jest(['fails', 'times-out'])
  expect(run.exitCode, run.all).toBe(1)
  const gif = run.all.match(/GIF: (\S+\.gif)/)?.[1]
  const traces = run.all.match(/trace: (\S+trace\.json)/g) ?? []
  expect(gif, run.all).toBeDefined()
  expect(existsSync(gif!)).toBe(true)
  // Each failed test names its trace, in its file's folder: the one stopped by the timeout too.
  expect(traces.filter((line) => /[/\\]fails-jest-ts[/\\]/.test(line)), run.all).not.toEqual([])
  expect(traces.filter((line) => /[/\\]times-out-jest-ts[/\\]/.test(line)), run.all).not.toEqual([])
  const failed = await traceOf(run.artifacts, 'fails.jest.ts')
  expect(failed.status).toBe('failed')
  expect(failed.error).toMatch(/Close Sidepanel/)
  expect(run.all).toMatch(/agentprobe report: .*index\.html \(0\/2 passed/)

  expect(run.all).toMatch(/Exceeded timeout of 4000 ms/)
  const timedOut = await traceOf(run.artifacts, 'times-out.jest.ts')
  expect(timedOut.status).toBe('failed')
  expect(timedOut.runs[0]?.status).not.toBe('passed')
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

test('browsers: one suite on Chromium and on Firefox, a project each, each trace in its browser\'s folder and in the report', async () => {
  const artifacts = await mkdtemp(join(tmpdir(), 'agentprobe-jest-browsers-'))
  const run = await execa(JEST, ['-c', join(PROJECT, 'browsers', 'jest.config.mjs')], {
    reject: false,
    all: true,
    env: { AGENTPROBE_ARTIFACTS_DIR: artifacts, AGENTPROBE_MODEL: 'offline', AGENTPROBE_CASSETTE: '', CI: '' },
  })
  expect(run.exitCode, run.all).toBe(0)
  expect(run.all).toMatch(/Tests:\s+2 passed, 2 total/)
  // each project ran its own browser (Jest prints the project's displayName beside its file)
  expect(run.all).toMatch(/PASS\s+chromium\s+\S*popup\.jest\.ts/)
  expect(run.all).toMatch(/PASS\s+firefox\s+\S*popup\.jest\.ts/)
  expect([...run.all.matchAll(/BROWSER (\w+)/g)].map((m) => m[1]).sort()).toEqual(['chromium', 'firefox'])
  for (const browser of ['chromium', 'firefox']) expect((await traceOf(join(artifacts, browser), 'popup.jest.ts')).status).toBe('passed')
  expect(run.all).toMatch(/agentprobe report: .*index\.html \(2\/2 passed/)
}, 240_000)

test('the side-panel example passes as a Jest suite, broken variants included, each run recorded in the history', async () => {
  const started = new Date().toISOString()
  const run = await execa(JEST, ['-c', join('examples', 'jest', 'jest.config.mjs'), '--ci'], { reject: false, all: true, env: { AGENTPROBE_MODEL: 'offline', CI: '' } })
  expect(run.exitCode, run.all).toBe(0)
  expect(run.all).toMatch(/Tests:\s+4 passed, 4 total/)
  expect(run.all).toMatch(/agentprobe report: .*index\.html \(4\/4 passed/)
  const history = await execa('node', ['bin/agentprobe.js', 'history', '--json', '--since', started, '--store', join('examples', 'jest', '.agentprobe', 'history.sqlite')], { reject: false, all: true })
  expect(history.exitCode, history.all).toBe(0)
  const { runs } = JSON.parse(history.stdout) as { runs: { test: string; outcome: string; file: string }[] }
  expect(runs.map((r) => r.outcome)).toEqual(['passed', 'passed', 'passed', 'passed'])
  expect(runs.every((r) => r.file.endsWith('.cua.test.ts'))).toBe(true)
})
