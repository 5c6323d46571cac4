import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { HistoryRun } from '../core/history.ts'
import { historyRun, historyStep } from '../testing/history-runs.ts'
import { SCHEMA_VERSION } from './migrations.ts'
import { SqliteHistoryStore } from './sqlite-store.ts'

const file = async () => join(await mkdtemp(join(tmpdir(), 'agentprobe-history-')), 'deep', 'history.sqlite')

describe('SqliteHistoryStore', () => {
  it('keeps runs with their steps exactly, newest first, and answers filters', async () => {
    const path = await file()
    const store = await SqliteHistoryStore.open(path)
    const a = historyRun('aaaa-1', '2026-11-01T00:00:00.000Z', { error: 'it, "quoted"', gif: '/tmp/x.gif', shard: '1/2', testHash: 'aa11', project: 'cua', branch: 'main', ciJob: 'github 1 test', artifactsDir: '/a', stepList: [historyStep(), historyStep({ index: 2, kind: 'verify', actions: [], verdict: 'NO', failureTypes: ['false_success'] })] })
    const b = historyRun('aaab-2', '2026-11-02T00:00:00.000Z', { model: 'openai/x', outcome: 'failed', failureTypes: ['no_progress', 'replay_drift'], file: undefined, build: undefined })
    await store.add([a, b])
    // A listing gives each step's time; one run comes with its steps.
    const listed = (r: HistoryRun) => ({ ...r, stepList: [], stepMs: r.stepList.map((x) => x.modelMs + x.harnessMs) })
    expect(await store.runs()).toEqual([listed(b), listed(a)])
    expect((await store.runs({ since: '2026-11-02T00:00:00.000Z' })).map((r) => r.id)).toEqual(['aaab-2'])
    expect((await store.runs({ model: 'offline' })).map((r) => r.id)).toEqual(['aaaa-1'])
    expect((await store.runs({ test: 'POPUP.cua' })).map((r) => r.id)).toEqual(['aaaa-1'])
    expect(await store.run('aaaa')).toEqual(a)
    await expect(store.run('aaa')).rejects.toThrow(/"aaa" is ambiguous/)
    expect(await store.run('zz')).toBeUndefined()
    expect(await store.version()).toBe(SCHEMA_VERSION)
    await store.close()
  })

  it('opens an existing file without migrating it again, and prunes old runs with their steps', async () => {
    const path = await file()
    const first = await SqliteHistoryStore.open(path)
    await first.add([historyRun('old', '2026-01-01T00:00:00.000Z', { gif: 'gifs/old.gif' }), historyRun('new', '2026-11-01T00:00:00.000Z')])
    await first.close()
    const again = await SqliteHistoryStore.open(path)
    expect(await again.prune('2026-06-01T00:00:00.000Z')).toEqual({ runs: 1, gifs: ['gifs/old.gif'] })
    expect((await again.runs()).map((r) => r.id)).toEqual(['new'])
    await again.close()
  })

  it('adds all runs or none', async () => {
    const store = await SqliteHistoryStore.open(await file())
    await store.add([historyRun('x', '2026-11-01T00:00:00.000Z')])
    await expect(store.add([historyRun('y', '2026-11-01T00:00:00.000Z'), historyRun('x', '2026-11-01T00:00:00.000Z')])).rejects.toThrow(/UNIQUE/)
    expect((await store.runs()).map((r) => r.id)).toEqual(['x'])
    await store.close()
  })
})
