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

const root = resolve(import.meta.dirname, '..')
const bin = join(root, 'bin/agentprobe.js')

it('scores two cases on both builds with the offline model; a misjudged case counts as a false pass and is reported as broken', { timeout: 150_000 }, async () => {
  const dir = await mkdtemp(join(tmpdir(), 'agentprobe-bench-e2e-'))
  const casesFile = join(dir, 'cases.ts')
  // The restyle is benign (the mutant still works), but this copy claims its mutant should fail.
  await writeFile(
    casesFile,
    `import popup from ${JSON.stringify(pathToFileURL(join(root, 'bench/cases/popup.ts')).href)}
const pick = (id: string) => popup.find((c) => c.id === id)!
export default [
  pick('popup/say-hello'),
  { ...pick('popup/restyled'), id: 'popup/restyled-misjudged', expected: { good: 'pass', mutant: 'fail' } },
]
`,
  )
  const out = join(dir, 'out')
  const { DISPLAY: _display, ...env } = process.env
  const run = await execa('node', [bin, 'bench', '--models', 'offline', '--cases', casesFile, '--out', out], { cwd: root, reject: false, env, extendEnv: false, all: true })

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
})
