// The plugin's reporter and `models` option on a real suite (test/report/project): one project per
// model, each with its own artifacts; a failed test keeps status 'failed' in its trace, gets its GIF
// attached and printed; the report and $GITHUB_STEP_SUMMARY cover every test of both projects.
import { execa } from 'execa'
import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { stripVTControlCharacters } from 'node:util'
import { beforeAll, describe, expect, it } from 'vitest'
import type { HistoryRun } from '../../src/core/history.ts'
import { traceSchema, type Trace } from '../../src/core/trace.ts'
import { findTraces } from '../../src/report/find-traces.ts'

const root = resolve(import.meta.dirname, '../..')
const FAILING = 'clicks a button the panel does not have'
const cli = (args: string[]) => execa('node', [join(root, 'bin/agentprobe.js'), 'report', ...args], { cwd: root, all: true, reject: false })
const historyCli = (args: string[]) => execa('node', [join(root, 'bin/agentprobe.js'), 'history', ...args], { cwd: root, all: true, reject: false })

describe('a suite run against two models through the plugin', () => {
  let dir: string
  let output: string
  let exitCode: number | undefined
  let traces: { path: string; trace: Trace }[]

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'agentprobe-reporter-e2e-'))
    const run = await execa('node', [join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'test/report/project/vitest.config.ts'], {
      cwd: root,
      env: { CI: '', REPORT_E2E_ARTIFACTS: join(dir, 'artifacts'), REPORT_E2E_HISTORY: join(dir, 'history/history.sqlite'), GITHUB_STEP_SUMMARY: join(dir, 'summary.md') },
      all: true,
      reject: false,
    })
    output = stripVTControlCharacters(run.all ?? '')
    exitCode = run.exitCode
    traces = await Promise.all((await findTraces(join(dir, 'artifacts'))).map(async (path) => ({ path, trace: traceSchema.parse(JSON.parse(await readFile(path, 'utf8'))) })))
  }, 300_000)

  it('creates one project per model, each writing to its own artifacts folder', () => {
    expect(exitCode, output).toBe(1)
    expect(output).toContain('report-e2e (offline)')
    expect(output).toContain('report-e2e (offline/second)')
    expect(traces.map((t) => t.path.slice(dir.length + 1).split('/').slice(0, 2).join('/')).sort()).toEqual([
      'artifacts/offline', 'artifacts/offline', 'artifacts/offline-second', 'artifacts/offline-second',
    ])
  })

  it("records each test's outcome and expected steps in its trace", () => {
    for (const { trace } of traces) {
      expect(trace.status).toBe(trace.test.name === FAILING ? 'failed' : 'passed')
      if (trace.test.name === FAILING) expect(trace.error).toMatch(/could not find 'Delete everything'/)
      else expect(trace.runs[0]!.expectedSteps).toBe(3)
      expect(trace.artifacts?.gif).toBe('run.gif')
      expect(trace.versions.agentprobe).toMatch(/^\d+\.\d+\.\d+/)
    }
  })

  it('prints a line per step while running, attaches the GIF and prints its path for failed tests', () => {
    expect(output).toMatch(/agentprobe › opens the side panel step 1\/8: /)
    expect(output).toContain(`↳ GIF: Click 'Delete everything'.`)
    const pointed = [...output.matchAll(new RegExp(`agentprobe › ${FAILING} failed; watch it: (\\S+run\\.gif)`, 'g'))].map((m) => m[1])
    expect(pointed).toHaveLength(2)
    expect(new Set(pointed).size).toBe(2)
  })

  it('writes one report and one step summary for both projects, with the failure on its node', async () => {
    const html = await readFile(join(dir, 'artifacts/report/index.html'), 'utf8')
    expect(html.match(/<article class="test /g)).toHaveLength(4)
    expect(html.match(/<article class="test status-failed"/g)).toHaveLength(2)
    expect(html).toMatch(/<g class="node tone-fail kind-step"[^>]*><title>step \d\/4 · [^<]*<\/title>.*?<text class="ftype"[^>]*>agent_reported_failure<\/text>/)
    const md = await readFile(join(dir, 'summary.md'), 'utf8')
    expect(md).toMatch(/^## agentprobe report: 2\/4 passed/)
    expect(md.match(/\| ❌ \| clicks a button/g)).toHaveLength(2)
  })

  it('records every run in the history, which `agentprobe history --json` reads back, steady tests not flagged flaky', async () => {
    const r = await historyCli(['--json', '--store', join(dir, 'history/history.sqlite')])
    expect(r.exitCode, r.all).toBe(0)
    const { runs, tests } = JSON.parse(r.stdout) as { runs: HistoryRun[]; tests: { test: string; runs: number; passed: number; failed: number; flaky: boolean }[] }
    // Both ids answer as the offline model; the project says which of the two ran.
    expect(runs.map((x) => [x.project, x.test, x.outcome]).sort()).toEqual([
      ['report-e2e (offline)', FAILING, 'failed'], ['report-e2e (offline)', 'opens the side panel', 'passed'],
      ['report-e2e (offline/second)', FAILING, 'failed'], ['report-e2e (offline/second)', 'opens the side panel', 'passed'],
    ])
    for (const x of runs) {
      expect(x).toMatchObject({ model: 'offline', browser: 'chromium', target: 'browser', source: 'live', file: 'outcomes.cua.test.ts' })
      expect(x.build).toMatch(/^[0-9a-f]{12}$/)
      expect(x.testHash).toMatch(/^[0-9a-f]{12}$/)
      expect(x.failureTypes).toEqual(x.outcome === 'failed' ? ['agent_reported_failure'] : [])
      // A failed run keeps its GIF, since the next run overwrites the artifacts folder.
      if (x.outcome === 'failed') expect(x.gif).toMatch(new RegExp(`history/gifs/${x.id}\\.gif$`))
    }
    expect(tests.map((t) => [t.test, t.runs, t.passed, t.failed, t.flaky]).sort()).toEqual([[FAILING, 2, 0, 2, false], ['opens the side panel', 2, 2, 0, false]])
    const text = await historyCli(['--store', join(dir, 'history/history.sqlite'), '--model', 'offline'])
    expect(text.stdout).toMatch(/agentprobe history: 4 runs of 2 tests since/)
    expect(text.stdout).toContain('Failure types: agent_reported_failure')
  })

  it('`agentprobe report DIR` rebuilds the report from those traces and prints where it is', async () => {
    const r = await cli([join(dir, 'artifacts'), '--out', join(dir, 'rebuilt'), '--title', 'Nightly'])
    expect(r.exitCode, r.all).toBe(0)
    expect(r.all).toContain(`agentprobe report: ${join(dir, 'rebuilt/index.html')}`)
    expect(r.all).toContain('4 test(s) from 4 trace(s): 2 passed, 2 failed')
    const html = await readFile(join(dir, 'rebuilt/index.html'), 'utf8')
    expect(html).toContain('<title>Nightly</title>')
    expect(html.match(/<article class="test /g)).toHaveLength(4)
  })
})

it('`agentprobe report` exits 2 and names the folder when there is nothing to report', async () => {
  const empty = await mkdtemp(join(tmpdir(), 'agentprobe-report-empty-'))
  const none = await cli([empty])
  expect(none.exitCode).toBe(2)
  expect(none.all).toContain(`no trace.json under ${empty}`)
  const missing = await cli([join(empty, 'nope')])
  expect(missing.exitCode).toBe(2)
  expect(missing.all).toMatch(/folder .*nope does not exist/)
})
