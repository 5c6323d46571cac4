// The SQLite history store across processes: two CI shards (or parallel workers) writing one
// fresh file at once, each waiting its turn rather than failing with "database is locked", and a
// file left at an older schema brought up to date.
import { execa } from 'execa'
import { once } from 'node:events'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { HistoryRun } from '../src/core/history.ts'
import { SCHEMA_VERSION } from '../src/history/migrations.ts'
import { SqliteHistoryStore } from '../src/history/sqlite-store.ts'

const root = resolve(import.meta.dirname, '..')
let dir: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'agentprobe-history-sqlite-'))
})
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

it('two shards writing one fresh file at once keep all 600 runs, migrated once, none told the database is locked', async () => {
  const path = join(dir, 'shards', 'history.sqlite')
  const shards = ['a', 'b'].map((shard) => execa(process.execPath, [join(root, 'test/history-shard.ts'), shard, '300'], { all: true, env: { HISTORY_PATH: path } }))
  await Promise.all(shards.map((shard) => Promise.race([once(shard.stdout, 'data'), shard])))
  for (const shard of shards) shard.stdin.end('go\n')
  const done = await Promise.all(shards)
  for (const r of done) expect(r.all).not.toMatch(/locked|busy/i)
  const [a, b] = done.map((r) => JSON.parse(r.stdout.split('\n').at(-1)!) as { started: number; ended: number }) as [{ started: number; ended: number }, { started: number; ended: number }]
  console.log(`shards wrote 300 runs each in ${a.ended - a.started} and ${b.ended - b.started} ms`)
  expect(Math.max(a.started, b.started)).toBeLessThan(Math.min(a.ended, b.ended))

  const store = await SqliteHistoryStore.open(path)
  try {
    const runs = await store.runs()
    expect(runs).toHaveLength(600)
    expect(runs.filter((r) => r.shard === 'a' && r.stepMs?.length === 2)).toHaveLength(300)
  } finally {
    await store.close()
  }
  const db = new DatabaseSync(path)
  expect(db.prepare('SELECT version, COUNT(*) AS n FROM agentprobe_migrations GROUP BY version ORDER BY version').all()).toEqual([
    { version: 1, n: 1 },
    { version: 2, n: 1 },
  ])
  db.close()
}, 30_000)

it('brings a file at schema 1 up to date, keeping its runs', async () => {
  const path = join(dir, 'v1', 'history.sqlite')
  const old = await SqliteHistoryStore.open(path, 1)
  expect(await old.version()).toBe(1)
  await old.close()
  const db = new DatabaseSync(path)
  db.exec(`INSERT INTO agentprobe_runs (id, started_at, test, target, model, source, outcome, failure_types, steps, tokens, cost_usd, model_ms, harness_ms, score)
    VALUES ('v1-run', '2026-01-02T03:04:05.000Z', 'an old test', 'browser', 'model-a', 'live', 'failed', 'no_progress', 1, 10, 0.5, 100, 200, 0.25)`)
  db.exec(`INSERT INTO agentprobe_steps (run_id, idx, call_no, kind, actions, status, failure_types, model_ms, harness_ms, cost_usd)
    VALUES ('v1-run', 1, 1, 'agent', 'click', 'continue', '', 100, 200, 0.5)`)
  db.close()

  const store = await SqliteHistoryStore.open(path)
  try {
    expect(await store.version()).toBe(SCHEMA_VERSION)
    expect(await store.run('v1-run')).toEqual({
      id: 'v1-run', startedAt: '2026-01-02T03:04:05.000Z', test: 'an old test', target: 'browser', model: 'model-a', source: 'live', outcome: 'failed',
      failureTypes: ['no_progress'], steps: 1, tokens: 10, costUsd: 0.5, modelMs: 100, harnessMs: 200, score: 0.25,
      stepList: [{ index: 1, call: 1, kind: 'agent', actions: ['click'], status: 'continue', failureTypes: [], modelMs: 100, harnessMs: 200, costUsd: 0.5 }],
    })
    const withGif: HistoryRun = {
      id: 'v2-run', startedAt: '2026-03-01T00:00:00.000Z', test: 'a new test', file: 'todo.cua.test.ts', target: 'browser', browser: 'chromium', model: 'model-a',
      source: 'live', outcome: 'failed', failureTypes: ['false_success'], steps: 0, tokens: 5, costUsd: 0.01, modelMs: 50, harnessMs: 20, score: 0,
      gif: 'gifs/v2-run.gif', stepList: [],
    }
    await store.add([withGif])
    expect(await store.run('v2-run')).toEqual(withGif)
  } finally {
    await store.close()
  }
})
