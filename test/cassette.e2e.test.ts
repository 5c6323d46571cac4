// Cassettes as a team uses them: record once against a model (here the model double), replay in
// CI with the model gone and zero calls, and refuse to replay on a restyled extension.
import { execa } from 'execa'
import { mkdtemp, readFile, readdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { materializeMutant } from '../fixtures/extensions/mutate.ts'
import { startModelDouble, type ModelDouble } from '../fixtures/model-double/index.ts'

const root = resolve(import.meta.dirname, '..')
const KEY = 'sk-cassette-test-0123456789abcdef'
const extension = join(root, 'fixtures/extensions/sidepanel')
const sidepanelCase = join(root, 'examples/cases/sidepanel.yaml')
const PROVIDER = /^(AGENTPROBE_\w+|OPENAI_\w+|AZURE_CUA_\w+|ANTHROPIC_\w+|GEMINI_\w+|DISPLAY|CI)$/

function run(args: string[], env: Record<string, string>) {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k, v]) => v !== undefined && !PROVIDER.test(k))) as Record<string, string>
  return execa('node', [join(root, 'bin/agentprobe.js'), 'run', '--target', 'browser', ...args], { cwd: root, env: { ...base, ...env }, extendEnv: false, reject: false, all: true })
}

let double: ModelDouble
let dir: string
let cassette: string
const model = { OPENAI_API_KEY: KEY, AGENTPROBE_MODEL: 'openai/gpt-5.4' }

beforeAll(async () => {
  double = await startModelDouble({ apiKey: KEY })
  dir = await mkdtemp(join(tmpdir(), 'agentprobe-cassette-'))
  cassette = join(dir, 'sidepanel.cassette.json')
})
afterAll(() => double?.close())

describe('a cassette recorded against the model double', () => {
  it('records a live run, with no secret in the file', async () => {
    const r = await run(['--extension', extension, '--case', sidepanelCase, '--output-dir', join(dir, 'record'), '--cassette', cassette, '--cassette-mode', 'record'], { ...model, OPENAI_BASE_URL: double.url })
    expect(r.exitCode, r.all).toBe(0)
    const text = await readFile(cassette, 'utf8')
    expect(JSON.parse(text)).toMatchObject({ version: 2, tests: { 'sidepanel-open-test': { 'openai/gpt-5.4': expect.any(Array) } } })
    expect(text).not.toContain(KEY)
    expect(double.calls.length).toBeGreaterThan(0)
  })

  it('replays under CI=true with no key at all: zero model calls, and says whose recording it replays', async () => {
    const before = double.calls.length
    const r = await run(['--extension', extension, '--case', sidepanelCase, '--output-dir', join(dir, 'replay'), '--cassette', cassette], { CI: 'true' })
    expect(r.exitCode, r.all).toBe(0)
    expect(double.calls.length).toBe(before)
    expect(r.all).toMatch(/model offline \(.*\); a test with a cassette replays the model that recorded it/)
    expect(r.all).toMatch(/agentprobe: model openai\/gpt-5\.4, replayed from \S+sidepanel\.cassette\.json \(no key needed\)/)
    const trace = JSON.parse(await readFile(join(dir, 'replay', 'trace.json'), 'utf8'))
    expect(trace.model).toBe('openai/gpt-5.4')
    expect(trace.cassette).toMatchObject({ mode: 'replay', recordedBy: 'openai/gpt-5.4', liveSteps: 0, liveVerdicts: 0 })
    expect(trace.cassette.replayedSteps).toBeGreaterThan(0)
  })

  it('fails as replay_drift on a restyled extension, with a side-by-side diff image', async () => {
    const restyled = await materializeMutant('restyled-button')
    const out = join(dir, 'drift')
    const r = await run(['--extension', restyled, '--case', sidepanelCase, '--output-dir', out, '--cassette', cassette], { ...model, OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', CI: 'true' })
    expect(r.exitCode, r.all).toBe(1)
    expect(r.all).toMatch(/replay_drift/)
    expect(await readdir(out)).toContain('replay-drift.png')
    const result = JSON.parse(await readFile(join(out, 'result.json'), 'utf8'))
    expect(result.failures.map((f: { type: string }) => f.type)).toContain('replay_drift')
  })

  it('in auto mode hands over to the model from the drifting step and re-records', async () => {
    const restyled = await materializeMutant('restyled-button')
    const before = double.calls.length
    const recorded = await readFile(cassette, 'utf8')
    await run(['--extension', restyled, '--case', sidepanelCase, '--output-dir', join(dir, 'auto'), '--cassette', cassette, '--cassette-mode', 'auto'], { ...model, OPENAI_BASE_URL: double.url })
    // Whether the run then passes is up to the model (this double restarts its script in a new
    // conversation); what the cassette owes is the handover and the new recording.
    expect(double.calls.length).toBeGreaterThan(before)
    const trace = JSON.parse(await readFile(join(dir, 'auto', 'trace.json'), 'utf8'))
    // The handover comes at the restyled button; how many steps replay before it depends on the
    // recording (on a loaded machine it may hold a look-again step while the panel opens).
    expect(trace.cassette).toMatchObject({ mode: 'auto' })
    expect(trace.cassette.replayedSteps).toBeGreaterThanOrEqual(1)
    expect(trace.cassette.liveSteps).toBeGreaterThan(0)
    const rerecorded = await readFile(cassette, 'utf8')
    expect(rerecorded).not.toBe(recorded)
    expect(rerecorded).not.toContain(KEY)
  })
})

describe('a cassette recorded through Claude', () => {
  const claude = () => join(dir, 'claude.cassette.json')

  // Each is a whole CLI run (Xvfb, Chromium, the case): on two loaded cores one took 100 s.
  it('records a live anthropic/… run, with no secret in the file', { timeout: 240_000 }, async () => {
    const r = await run(['--extension', extension, '--case', sidepanelCase, '--output-dir', join(dir, 'claude-record'), '--cassette', claude(), '--cassette-mode', 'record'], { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: double.origin })
    expect(r.exitCode, r.all).toBe(0)
    const text = await readFile(claude(), 'utf8')
    expect(JSON.parse(text)).toMatchObject({ tests: { 'sidepanel-open-test': { 'anthropic/claude-sonnet-4-6': expect.any(Array) } } })
    expect(text).not.toContain(KEY)
  })

  it('replays it with no key under CI, zero model calls', { timeout: 240_000 }, async () => {
    const before = double.calls.length
    const r = await run(['--extension', extension, '--case', sidepanelCase, '--output-dir', join(dir, 'claude-replay'), '--cassette', claude()], { CI: 'true' })
    expect(r.exitCode, r.all).toBe(0)
    expect(r.all).toMatch(/agentprobe: model anthropic\/claude-sonnet-4-6, replayed from \S+claude\.cassette\.json \(no key needed\)/)
    expect(double.calls.length).toBe(before)
  })
})

describe('a popup whose script is ready only after it is drawn', () => {
  // Replay used to click the moment the recorded frame appeared: on a loaded machine, before the
  // popup's script had its window id, so the side panel never opened (seen in CI as replay_drift).
  it('replays: each decision is held as long as the model took, so the click finds the script ready', { timeout: 240_000 }, async () => {
    const slow = await materializeMutant('slow-popup-script')
    const thinking = await startModelDouble({ apiKey: KEY, thinkMs: 1500 })
    const recorded = join(dir, 'slow-popup.cassette.json')
    try {
      const r = await run(['--extension', slow, '--case', sidepanelCase, '--output-dir', join(dir, 'slow-record'), '--cassette', recorded, '--cassette-mode', 'record'], { ...model, OPENAI_BASE_URL: thinking.url })
      expect(r.exitCode, r.all).toBe(0)
    } finally {
      await thinking.close()
    }
    const steps = (JSON.parse(await readFile(recorded, 'utf8')) as { tests: Record<string, Record<string, { kind: string; steps?: { thinkMs?: number }[] }[]>> }).tests['sidepanel-open-test']!['openai/gpt-5.4']!
    expect(steps[0]!.steps!.every((s) => s.thinkMs! >= 1500)).toBe(true)
    const r = await run(['--extension', slow, '--case', sidepanelCase, '--output-dir', join(dir, 'slow-replay'), '--cassette', recorded], { CI: 'true' })
    expect(r.exitCode, r.all).toBe(0)
    const trace = JSON.parse(await readFile(join(dir, 'slow-replay', 'trace.json'), 'utf8')) as { cassette: object; runs: { steps: { actions: unknown[]; notes?: string[] }[] }[] }
    expect(trace.cassette).toMatchObject({ mode: 'replay', liveSteps: 0 })
    // Held, or already that old when the screen matched (a loaded machine): each click waits 1 s (the cap) after its frame.
    for (const step of trace.runs[0]!.steps.filter((s) => s.actions.length > 0)) {
      const acts = /replay held the decision \d+ ms and acts (\d+) ms after its frame/.exec(step.notes?.join(' ') ?? '')
      expect(Number(acts?.[1]), step.notes?.join(' ')).toBeGreaterThanOrEqual(1000)
    }
  })
})
