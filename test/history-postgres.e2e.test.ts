// The PostgreSQL history store against a real server (a private one, test/postgres-server.ts):
// what goes in comes back, the same questions as the SQLite store answers, a database left at an
// older schema, two CI shards opening a fresh database and writing at once, and a password that
// never shows in the store's name or its errors.
import { execa } from 'execa'
import { once } from 'node:events'
import { join, resolve } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HistoryRun, HistoryStep } from '../src/core/history.ts'
import { SCHEMA_VERSION } from '../src/history/migrations.ts'
import { PostgresHistoryStore } from '../src/history/postgres-store.ts'
import { startPostgres, type PostgresServer } from './postgres-server.ts'

const root = resolve(import.meta.dirname, '..')
let server: PostgresServer
let admin: pg.Client
let databases = 0

beforeAll(async () => {
  const started = performance.now()
  server = await startPostgres()
  console.log(`postgres started in ${Math.round(performance.now() - started)} ms`)
  admin = new pg.Client(server.url)
  await admin.connect()
})
afterAll(async () => {
  await admin?.end()
  await server?.stop()
})

/** A fresh database owned by the password user; its URL as the trusted superuser. */
async function freshDatabase(): Promise<string> {
  const url = new URL(server.url)
  url.pathname = `/history_${++databases}`
  await admin.query(`CREATE DATABASE ${url.pathname.slice(1)} OWNER ${server.passwordUser.user}`)
  return url.toString()
}

/** The URL as another user, with its password (escaped) or without (PGPASSWORD's turn). */
function as(url: string, user: string, password?: string): string {
  const u = new URL(url)
  u.username = user
  if (password !== undefined) u.password = encodeURIComponent(password)
  return u.toString()
}

async function withStore<T>(url: string, body: (store: PostgresHistoryStore) => Promise<T>, upTo?: number): Promise<T> {
  const store = await PostgresHistoryStore.open(url, upTo)
  try {
    return await body(store)
  } finally {
    await store.close()
  }
}

async function sql(url: string, text: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client(url)
  await client.connect()
  try {
    return (await client.query(text)).rows
  } finally {
    await client.end()
  }
}

const step = (index: number, o: Partial<HistoryStep> = {}): HistoryStep => ({
  index, call: 1, kind: 'agent', ask: 'add a todo', actions: ['click', 'type'], actionText: 'click (10, 20); type "milk"', status: 'continue',
  failureTypes: [], frameHash: `f${index}`, modelMs: 900, harnessMs: 300, costUsd: 0.00125, ...o,
})

function record(id: string, startedAt: string, o: Partial<HistoryRun> = {}): HistoryRun {
  return {
    id, startedAt, test: 'adds a todo', file: 'todo.cua.test.ts', target: 'browser', browser: 'chromium', model: 'model-a', source: 'live',
    outcome: 'passed', failureTypes: [], steps: 2, tokens: 1234, costUsd: 0.0123, modelMs: 2100, harnessMs: 800, score: 0.875,
    stepList: [step(1), step(2, { actions: [], status: 'passed', kind: 'verify', ask: 'is milk listed?', verdict: 'YES' })],
    ...o,
  }
}

/** Every optional field set, a failed verdict, and a run with no steps or optional fields at all. */
const failed = record('run-failed', '2026-03-02T10:00:00.000Z', {
  project: 'chrome', commit: 'abc123def', branch: 'main', build: 'b-42', ciJob: 'gh-7/e2e', shard: '2/4', artifactsDir: 'artifacts/todo', error: 'expected YES',
  gif: '.agentprobe/gifs/run-failed.gif', outcome: 'failed', failureTypes: ['false_success', 'no_progress'], source: 'partly replayed',
  stepList: [step(1, { failureTypes: ['no_progress'] }), step(2, { call: 2, kind: 'verify', actions: [], status: 'failed', verdict: 'NO, it is empty', failureTypes: ['false_success'] })],
})
/** A run as a store's listing gives it: each step's time instead of the steps. */
const listed = (r: HistoryRun): HistoryRun => {
  const { stepList, ...rest } = r
  return stepList.length ? { ...rest, stepList: [], stepMs: stepList.map((x) => x.modelMs + x.harnessMs) } : r
}

const bare: HistoryRun = {
  id: 'run-bare', startedAt: '2026-03-01T09:00:00.000Z', test: 'opens', target: 'android', model: 'model-b', source: 'replayed', outcome: 'passed',
  failureTypes: [], steps: 0, tokens: 0, costUsd: 0, modelMs: 0, harnessMs: 0, score: 1, stepList: [],
}

describe('PostgresHistoryStore', () => {
  it('gives back the runs and steps that went in, newest first; a batch is stored all or none', async () => {
    const url = await freshDatabase()
    await withStore(url, async (store) => {
      expect(store.name).toBe(url)
      expect(await store.version()).toBe(SCHEMA_VERSION)
      const passed = record('run-passed', '2026-03-03T08:00:00.000Z')
      await store.add([bare, failed, passed])
      // A listing gives each step's time; one run comes with its steps.
      expect(await store.runs()).toEqual([passed, failed, bare].map(listed))
      expect(await store.run('run-failed')).toEqual(failed)

      // More rows than one statement's 65535 parameters hold, and a duplicate id failing the whole batch.
      const many = Array.from({ length: 3000 }, (_, i) => record(`bulk-${String(i).padStart(4, '0')}`, '2026-02-01T00:00:00.000Z'))
      const started = performance.now()
      await store.add(many)
      console.log(`3000 runs with 6000 steps added in ${Math.round(performance.now() - started)} ms`)
      await expect(store.add([record('run-new', '2026-03-04T00:00:00.000Z'), passed])).rejects.toThrow(/duplicate key/)
      const all = await store.runs()
      expect(all).toHaveLength(3003)
      expect(all.at(-1)).toEqual(listed(many[0]!))
      expect(await store.run('run-new')).toBeUndefined()
    })
  })

  it('filters by since, model and test (a substring of file › name), then limits', async () => {
    await withStore(await freshDatabase(), async (store) => {
      const a = record('r1', '2026-03-01T00:00:00.000Z', { model: 'model-a', test: 'adds a todo' })
      const b = record('r2', '2026-03-02T00:00:00.000Z', { model: 'model-b', test: 'removes a todo' })
      const c = record('r3', '2026-03-03T00:00:00.000Z', { model: 'model-a', test: 'opens the panel', file: 'panel.cua.test.ts' })
      await store.add([a, b, c])
      const ids = async (f: Parameters<typeof store.runs>[0]) => (await store.runs(f)).map((r) => r.id)
      expect(await ids({ since: '2026-03-02' })).toEqual(['r3', 'r2'])
      expect(await ids({ model: 'model-a' })).toEqual(['r3', 'r1'])
      expect(await ids({ test: 'TODO' })).toEqual(['r2', 'r1'])
      expect(await ids({ test: 'panel.cua.test.ts › opens' })).toEqual(['r3'])
      expect(await ids({ since: '2026-03-01T12:00:00.000Z', model: 'model-a' })).toEqual(['r3'])
      expect(await ids({ limit: 2 })).toEqual(['r3', 'r2'])
      expect((await store.runs({ since: '2026-03-02' }))[1]!.stepMs).toEqual(b.stepList.map((x) => x.modelMs + x.harnessMs))
    })
  })

  it('finds a run by an unambiguous id prefix, and says when a prefix is ambiguous', async () => {
    await withStore(await freshDatabase(), async (store) => {
      await store.add([record('5f3a9c01-aaaa', '2026-03-01T00:00:00.000Z'), record('5f3b0000-bbbb', '2026-03-02T00:00:00.000Z')])
      expect((await store.run('5f3a'))?.id).toBe('5f3a9c01-aaaa')
      expect((await store.run('5f3b0000-bbbb'))?.id).toBe('5f3b0000-bbbb')
      await expect(store.run('5f3')).rejects.toThrow('run id "5f3" is ambiguous: it starts more than one run\'s id; give more of it')
      expect(await store.run('5f3_')).toBeUndefined() // _ and % are the id's own characters, not wildcards
      expect(await store.run('%')).toBeUndefined()
      expect(await store.run('nope')).toBeUndefined()
    })
  })

  it('prunes the runs started before a time with their steps, answering their kept GIFs', async () => {
    const url = await freshDatabase()
    await withStore(url, async (store) => {
      await store.add([
        record('old-1', '2026-01-01T00:00:00.000Z', { gif: 'gifs/old-1.gif', outcome: 'failed' }),
        record('old-2', '2026-01-15T00:00:00.000Z'),
        record('new-1', '2026-02-01T00:00:00.000Z', { gif: 'gifs/new-1.gif', outcome: 'failed' }),
      ])
      expect(await store.prune('2026-02-01T00:00:00.000Z')).toEqual({ runs: 2, gifs: ['gifs/old-1.gif'] })
      expect((await store.runs()).map((r) => r.id)).toEqual(['new-1'])
      expect(await store.prune('2026-01-01T00:00:00.000Z')).toEqual({ runs: 0, gifs: [] })
    })
    expect(await sql(url, 'SELECT DISTINCT run_id FROM agentprobe_steps')).toEqual([{ run_id: 'new-1' }])
  })

  it('brings a database at schema 1 up to date, keeping its runs', async () => {
    const url = await freshDatabase()
    await withStore(url, async (store) => expect(await store.version()).toBe(1), 1)
    await sql(url, `INSERT INTO agentprobe_runs (id, started_at, test, target, model, source, outcome, failure_types, steps, tokens, cost_usd, model_ms, harness_ms, score)
      VALUES ('v1-run', '2026-01-02T03:04:05.000Z', 'an old test', 'browser', 'model-a', 'live', 'failed', 'no_progress', 1, 10, 0.5, 100, 200, 0.25)`)
    await sql(url, `INSERT INTO agentprobe_steps (run_id, idx, call_no, kind, actions, status, failure_types, model_ms, harness_ms, cost_usd)
      VALUES ('v1-run', 1, 1, 'agent', 'click', 'continue', '', 100, 200, 0.5)`)

    await withStore(url, async (store) => {
      expect(await store.version()).toBe(SCHEMA_VERSION)
      expect(await store.run('v1-run')).toEqual({
        id: 'v1-run', startedAt: '2026-01-02T03:04:05.000Z', test: 'an old test', target: 'browser', model: 'model-a', source: 'live', outcome: 'failed',
        failureTypes: ['no_progress'], steps: 1, tokens: 10, costUsd: 0.5, modelMs: 100, harnessMs: 200, score: 0.25,
        stepList: [{ index: 1, call: 1, kind: 'agent', actions: ['click'], status: 'continue', failureTypes: [], modelMs: 100, harnessMs: 200, costUsd: 0.5 }],
      })
      const withGif = record('v2-run', '2026-03-01T00:00:00.000Z', { gif: 'gifs/v2-run.gif', outcome: 'failed' })
      await store.add([withGif])
      expect(await store.run('v2-run')).toEqual(withGif)
    })
    expect(await sql(url, 'SELECT version FROM agentprobe_migrations ORDER BY version')).toEqual([{ version: 1 }, { version: 2 }])
  }, 30_000)
})

describe('two shards and a password', () => {
  it('two shards opening a fresh database at once migrate it once and keep all 600 runs; the password shows nowhere', async () => {
    const { user, password } = server.passwordUser
    const trusted = await freshDatabase()
    const url = as(trusted, user, password)
    const shardScript = join(root, 'test/history-shard.ts')
    // One shard has the password in its URL, the other in PGPASSWORD (pg's environment variable).
    const shards = [
      execa(process.execPath, [shardScript, 'a', '300'], { env: { HISTORY_URL: url } }),
      execa(process.execPath, [shardScript, 'b', '300'], { env: { HISTORY_URL: as(trusted, user), PGPASSWORD: password } }),
    ]
    await Promise.all(shards.map((shard) => Promise.race([once(shard.stdout, 'data'), shard])))
    for (const shard of shards) shard.stdin.end('go\n')
    const results = (await Promise.all(shards)).map((r) => JSON.parse(r.stdout.split('\n').at(-1)!) as { name: string; started: number; ended: number })
    const [a, b] = results as [(typeof results)[0], (typeof results)[0]]
    console.log(`shards wrote 300 runs each in ${a.ended - a.started} and ${b.ended - b.started} ms`)
    expect(Math.max(a.started, b.started)).toBeLessThan(Math.min(a.ended, b.ended))

    const name = as(trusted, user)
    expect(results.map((r) => r.name)).toEqual([name, name])
    expect(await sql(trusted, 'SELECT version, COUNT(*)::int AS n FROM agentprobe_migrations GROUP BY version ORDER BY version')).toEqual([
      { version: 1, n: 1 },
      { version: 2, n: 1 },
    ])
    await withStore(url, async (store) => {
      expect(store.name).toBe(name)
      const runs = await store.runs()
      expect(runs).toHaveLength(600)
      expect(runs.filter((r) => r.shard === 'a' && r.stepMs?.length === 2)).toHaveLength(300)
    })

    const wrong = `${password}-wrong`
    const error = await PostgresHistoryStore.open(as(trusted, user, wrong)).then(
      () => expect.fail('opened with a wrong password'),
      (e: unknown) => e as Error,
    )
    expect(error.message).toMatch(/password authentication failed for user "shard"/)
    for (const secret of [password, wrong, encodeURIComponent(password), encodeURIComponent(wrong)]) {
      for (const text of [name, error.message, String(error.stack), JSON.stringify(error)]) expect(text).not.toContain(secret)
    }
    await expect(PostgresHistoryStore.open(url.replace('postgres://', 'postgres//'))).rejects.toThrow(/^the PostgreSQL history address is not a URL: give it as postgres:\/\/user:password@host:port\/database$/)
  }, 30_000)
})
