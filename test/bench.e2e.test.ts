// `agentprobe bench` as a user runs it: the built bin, private Xvfbs, real Chromium, the offline
// model, two of the suite's cases — one of them copied with a deliberately wrong expected verdict,
// which must surface as a false pass and a broken case (exit 1), never be hidden.
import { execa } from 'execa'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { expect, it } from 'vitest'
import { startModelDouble } from '../fixtures/model-double/index.ts'

const root = resolve(import.meta.dirname, '..')
const bin = join(root, 'bin/agentprobe.js')

async function casesFile(dir: string, body: string): Promise<string> {
  const file = join(dir, 'cases.ts')
  await writeFile(file, `import popup from ${JSON.stringify(pathToFileURL(join(root, 'bench/cases/popup.ts')).href)}\nconst pick = (id: string) => popup.find((c) => c.id === id)!\n${body}\n`)
  return file
}

function bench(args: string[], extra: Record<string, string> = {}) {
  const { DISPLAY: _display, ...env } = process.env
  return execa('node', [bin, 'bench', ...args], { cwd: root, reject: false, env: { ...env, ...extra }, extendEnv: false, all: true })
}

it('scores two cases on both builds with the offline model; a misjudged case counts as a false pass and is reported as broken', { timeout: 300_000 }, async () => {
  const dir = await mkdtemp(join(tmpdir(), 'agentprobe-bench-e2e-'))
  // The restyle is benign (the mutant still works), but this copy claims its mutant should fail.
  const cases = await casesFile(dir, `export default [
  pick('popup/say-hello'),
  { ...pick('popup/restyled'), id: 'popup/restyled-misjudged', expected: { good: 'pass', mutant: 'fail' } },
]`)
  const out = join(dir, 'out')
  const started = new Date().toISOString()
  const run = await bench(['--models', 'offline', '--cases', cases, '--out', out])

  expect(run.exitCode, run.all).toBe(1)
  expect(run.all).toContain('offline: 4 runs, ~12 calls (≤ 24): $0 — offline: no API calls')
  expect(run.all).toMatch(/BROKEN CASE popup\/restyled-misjudged \[mutant\]: expected fail on the mutant build, but the ground-truth check says the feature works/)

  const md = await readFile(join(out, 'bench.md'), 'utf8')
  expect(run.all).toContain(md.split('\n')[0])
  expect(md).toContain('Ran by: offline model.')
  expect(md).toContain('| 1 | offline | 75% (3/4) | 1 | 0 | 2 | 1 | 0 | 0 |')
  expect(md).toContain('- **offline** false pass: popup/restyled-misjudged [mutant] #1')

  const recording = JSON.parse(await readFile(join(out, 'recording.json'), 'utf8'))
  expect(recording).toMatchObject({
    schema: 'agentprobe.bench/1',
    label: 'offline model',
    models: ['offline'],
    agentprobe: expect.stringMatching(/^[0-9a-f]{40}$/),
    caseSet: { sha256: expect.stringMatching(/^[0-9a-f]{64}$/), cases: ['popup/say-hello', 'popup/restyled-misjudged'] },
    repeats: 1,
  })
  expect(Date.now() - Date.parse(recording.date)).toBeLessThan(10 * 60_000)
  const runs = recording.runs as { caseId: string; build: string; outcome: string; truth: boolean; trace: string; steps: number }[]
  expect(runs.map((r) => `${r.caseId} ${r.build} ${r.outcome} ${r.truth}`).sort()).toEqual([
    'popup/restyled-misjudged good pass true',
    'popup/restyled-misjudged mutant pass true',
    'popup/say-hello good pass true',
    'popup/say-hello mutant fail false',
  ])
  for (const r of runs) {
    expect(existsSync(join(out, r.trace)), r.trace).toBe(true)
    expect(r.steps).toBeGreaterThan(0)
  }
  expect(recording.leaderboard.rows[0]).toMatchObject({ falsePass: 1, falsePasses: ['popup/restyled-misjudged [mutant] #1'] })
  expect(recording.leaderboard.broken).toHaveLength(1)

  const html = await readFile(join(out, 'report/index.html'), 'utf8')
  expect(html).toContain('Benchmark · 2 cases × 2 builds × 1 · offline model')
  expect(html).toContain('<b>false pass</b> · offline · popup/restyled-misjudged [mutant] #1')

  // Every run is in the history of the folder bench ran in, each build with its own fingerprint.
  const history = await execa('node', [bin, 'history', '--json', '--since', started, '--test', '.bench.test.ts'], { cwd: root, reject: false, all: true })
  expect(history.exitCode, history.all).toBe(0)
  const recorded = (JSON.parse(history.stdout) as { runs: { file: string; build: string; model: string }[] }).runs
  expect(recorded.map((r) => r.file).sort()).toEqual([
    'popup/restyled-misjudged/good-r1.bench.test.ts', 'popup/restyled-misjudged/mutant-r1.bench.test.ts',
    'popup/say-hello/good-r1.bench.test.ts', 'popup/say-hello/mutant-r1.bench.test.ts',
  ])
  const build = (file: string) => recorded.find((r) => r.file === file)!.build
  expect(build('popup/say-hello/good-r1.bench.test.ts')).not.toBe(build('popup/say-hello/mutant-r1.bench.test.ts'))
})

it('--max-spend-usd: once the shared ledger reaches the cap no model call is made; the runs cut short are reported as not run and unscored', { timeout: 120_000 }, async () => {
  const key = 'sk-bench-cap-0123456789'
  const double = await startModelDouble({ apiKey: key })
  try {
    const dir = await mkdtemp(join(tmpdir(), 'agentprobe-bench-cap-'))
    const cases = await casesFile(dir, `export default [pick('popup/say-hello')]`)
    const out = join(dir, 'out')
    const run = await bench(['--models', 'openai/gpt-5.4', '--cases', cases, '--out', out, '--max-spend-usd', '0.000001'], { OPENAI_API_KEY: key, OPENAI_BASE_URL: double.url })
    expect(run.exitCode, run.all).toBe(1)
    expect(run.all).toMatch(/openai\/gpt-5\.4: 2 runs, ~6 calls \(≤ 12\): ~\$0\.\d+ expected/)
    expect(run.all).toContain('2 run(s) not run: spend cap reached (left out of the scores)')
    // Each worker's first call found the ledger empty; every later one was refused.
    expect(double.calls.length).toBeLessThanOrEqual(2)
    const recording = JSON.parse(await readFile(join(out, 'recording.json'), 'utf8'))
    expect(recording.runs.map((r: { outcome: string }) => r.outcome)).toEqual(['not-run', 'not-run'])
    expect(recording.leaderboard.rows[0]).toMatchObject({ scored: 0, notRun: 2 })
    expect(recording.spentUsd).toBeGreaterThan(0)
  } finally {
    await double.close()
  }
})

it('--models with the Claude and native Gemini adapters against the double: completes and scores every run of each, priced from the table', { timeout: 360_000 }, async () => {
  const key = 'sk-bench-native-0123456789'
  const double = await startModelDouble({ apiKey: key })
  try {
    const dir = await mkdtemp(join(tmpdir(), 'agentprobe-bench-native-'))
    const cases = await casesFile(dir, `export default [pick('popup/say-hello')]`)
    const out = join(dir, 'out')
    const models = ['anthropic/claude-sonnet-4-6', 'gemini/gemini-2.5-computer-use-preview-10-2025']
    const run = await bench(['--models', models.join(','), '--cases', cases, '--out', out], { ANTHROPIC_API_KEY: key, ANTHROPIC_BASE_URL: double.origin, GEMINI_API_KEY: key, GEMINI_BASE_URL: double.origin })
    expect(run.exitCode, run.all).toBe(0)
    expect(run.all).not.toContain(key)
    const recording = JSON.parse(await readFile(join(out, 'recording.json'), 'utf8'))
    expect(recording.models).toEqual(models)
    const runs = recording.runs as { model: string; build: string; outcome: string; truth: boolean }[]
    expect(runs.map((r) => `${r.model} ${r.build} ${r.outcome} ${r.truth}`).sort()).toEqual(models.flatMap((m) => [`${m} good pass true`, `${m} mutant fail false`]))
    expect(recording.leaderboard.rows).toEqual(expect.arrayContaining(models.map((model) => expect.objectContaining({ model, scored: 2, falsePass: 0 }))))
    expect(run.all).toMatch(/anthropic\/claude-sonnet-4-6: 2 runs, ~\d+ calls \(≤ \d+\): ~\$0\.\d+ expected/)
    expect(run.all).toMatch(/gemini\/gemini-2\.5-computer-use-preview-10-2025: 2 runs, ~\d+ calls \(≤ \d+\): ~\$0\.\d+ expected/)
    expect(double.calls.every((c) => c.status === 200)).toBe(true)
    expect(new Set(double.calls.map((c) => c.api))).toEqual(new Set(['anthropic', 'gemini']))
  } finally {
    await double.close()
  }
})
