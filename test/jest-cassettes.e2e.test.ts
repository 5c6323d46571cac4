// Cassettes under agentprobe/jest follow --ci and -u the way Jest snapshots do: recorded, replayed
// under --ci, re-recorded with -u; and a recording against the model double replays under load with
// no key and the double stopped.
import { existsSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, describe, expect, onTestFinished, test } from 'vitest'
import { startModelDouble } from '../fixtures/model-double/index.ts'
import { DOUBLE_KEY, PROJECT, jest, traceOf } from './jest-project/run-jest.ts'
import { writeRecordedCopies } from './replay-project/recorded-copies.ts'
import { loadTheMachine } from './cpu-burner.ts'

afterAll(() => rm(join(PROJECT, '__cua__'), { recursive: true, force: true }))

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

  test('recorded against the model double, replays 3 of 3 under --ci with no key, the double stopped and a core\'s worth of load beside it', async () => {
    await rm(join(PROJECT, '__cua__', 'double.jest.ts.cassette.json'), { force: true })
    const double = await startModelDouble({ apiKey: DOUBLE_KEY })
    try {
      const recorded = await jest(['double'], { OPENAI_API_KEY: DOUBLE_KEY, OPENAI_BASE_URL: double.url, AGENTPROBE_MODEL: 'openai/gpt-5.4', AGENTPROBE_CASSETTE: 'record' })
      expect(recorded.exitCode, recorded.all).toBe(0)
      expect(double.calls.length).toBeGreaterThan(1)
    } finally {
      await double.close()
    }
    // Three copies of the recorded file, each with its own copy of the cassette, replayed in one
    // `jest --ci`: three real replays on the real browser, with the reset between files run twice (the
    // Vitest side holds 5 of 5 in replay.e2e; the replay is the same code).
    const copies = join(PROJECT, 'copies')
    onTestFinished(() => rm(copies, { recursive: true, force: true }))
    const files = await writeRecordedCopies(join(PROJECT, 'double.jest.ts'), copies, 3)
    const load = loadTheMachine()
    onTestFinished(load.stop)
    const started = performance.now()
    const replayed = await jest(['--ci', '--testMatch', '<rootDir>/copies/*.jest.ts'], { AGENTPROBE_MODEL: '', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', CI: 'true' }).finally(load.stop)
    console.log(`3 jest replays under load in one run (${load.said}): ${Math.round(performance.now() - started)} ms`)
    expect(replayed.exitCode, replayed.all).toBe(0)
    expect(replayed.all).toMatch(/Tests:\s+3 passed, 3 total/)
    for (const file of files) {
      expect(replayed.all, file).toContain(`agentprobe: model openai/gpt-5.4, replayed from copies/__cua__/${file}.cassette.json (no key needed)`)
      const trace = await traceOf(replayed.artifacts, `copies/${file}`)
      expect(trace.status, file).toBe('passed')
      expect(trace.cassette, file).toMatchObject({ mode: 'replay', liveSteps: 0, recordedBy: 'openai/gpt-5.4' })
    }
    await rm(replayed.artifacts, { recursive: true, force: true })
    // One `jest` run of ten files took 101 s with the burner at a load average of 7 (10 of 10).
  }, 480_000)
})
