import { mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ZERO_USAGE } from '../core/model.ts'
import type { Trace } from '../core/trace.ts'
import { recordRuns } from './record-runs.ts'
import { SqliteHistoryStore } from './sqlite-store.ts'

const trace = (name: string, status: Trace['status']): Trace => ({
  schema: 'agentprobe.trace/1', test: { name, file: 'a.cua.test.ts' }, model: 'offline', target: { kind: 'x11', width: 10, height: 10 },
  versions: { build: 'b1' }, status, runs: [{ kind: 'verify', status: 'passed', steps: [], failures: [], usage: { ...ZERO_USAGE }, startedAt: '2026-11-30T00:00:00.000Z' }],
  frames: [], startedAt: new Date().toISOString(), durationMs: 10, artifacts: { annotated: {}, gif: 'run.gif', warnings: [] },
})

async function traceFile(root: string, name: string, t: Trace | string): Promise<string> {
  const dir = join(root, name)
  await mkdir(dir, { recursive: true })
  await writeFile(join(dir, 'trace.json'), typeof t === 'string' ? t : JSON.stringify(t))
  await writeFile(join(dir, 'run.gif'), 'GIF89a')
  return join(dir, 'trace.json')
}

describe('recordRuns', () => {
  it('records finished tests, keeps the GIF of a failed one, says which trace it could not read, and answers the summary', async () => {
    const root = await mkdtemp(join(tmpdir(), 'agentprobe-record-'))
    const traces = [
      { path: await traceFile(root, 'ok', trace('passes', 'passed')), project: 'cua' },
      { path: await traceFile(root, 'bad', trace('fails', 'failed')) },
      { path: await traceFile(root, 'torn', '{"schema":') },
      { path: await traceFile(root, 'running', trace('still running', 'running')) },
    ]
    const lines: string[] = []
    const location = { kind: 'sqlite' as const, path: join(root, 'h', 'history.sqlite') }
    const summary = await recordRuns({ location, gifDir: join(root, 'h', 'gifs'), traces, context: { commit: 'c1' }, log: (l) => lines.push(l) })
    expect(summary?.summary.tests.map((t) => [t.test, t.runs, t.failed])).toEqual([['fails', 1, 1], ['passes', 1, 0]])
    expect(summary?.pairs).toEqual([])
    expect(lines).toEqual([expect.stringMatching(/torn\/trace\.json not recorded \(/)])
    const store = await SqliteHistoryStore.open(location.path)
    const runs = await store.runs()
    await store.close()
    expect(runs.map((r) => [r.test, r.project ?? '', r.commit, r.build, r.gif ? 'gif' : ''])).toEqual(
      expect.arrayContaining([['passes', 'cua', 'c1', 'b1', ''], ['fails', '', 'c1', 'b1', 'gif']]),
    )
    expect(await readdir(join(root, 'h', 'gifs'))).toEqual([`${runs.find((r) => r.test === 'fails')!.id}.gif`])
  })

  it('warns with the store it names when it cannot be opened, and returns no summary', async () => {
    const root = await mkdtemp(join(tmpdir(), 'agentprobe-record-'))
    await writeFile(join(root, 'file'), 'not a folder')
    const lines: string[] = []
    const location = { kind: 'sqlite' as const, path: join(root, 'file', 'history.sqlite') }
    const traces = [{ path: await traceFile(root, 'ok', trace('passes', 'passed')) }]
    expect(await recordRuns({ location, gifDir: join(root, 'gifs'), traces, context: {}, log: (l) => lines.push(l) })).toBeUndefined()
    expect(lines).toEqual([expect.stringContaining(`agentprobe history: not recorded in ${location.path} (`)])
  })
})
