// The embedded store: one SQLite file through Node's built-in node:sqlite (no native addon to
// build). WAL lets readers and a writer work at once; the busy timeout makes parallel workers and
// shards wait their turn instead of failing; BEGIN IMMEDIATE takes the write lock up front so two
// first runs cannot both apply a migration.
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import type { DatabaseSync } from 'node:sqlite'
import type { HistoryRun } from '../core/history.ts'
import { filterRuns, type HistoryFilter } from '../core/history-stats.ts'
import type { HistoryStore } from './history-store.ts'
import { MIGRATIONS_TABLE, pendingMigrations, SCHEMA_VERSION } from './migrations.ts'
import { idPrefix, insertSql, onlyMatch, RUN_COLUMNS, runFromRow, runValues, STEP_COLUMNS, stepsByRun, stepValues, type Row, type SqlValue } from './rows.ts'

const BUSY_TIMEOUT_MS = 10_000

/** node:sqlite numbers its parameters ?1…; the shared SQL writes them as PostgreSQL does ($1…). */
const toSqlite = (sql: string): string => sql.replace(/\$(\d+)/g, '?$1')

export class SqliteHistoryStore implements HistoryStore {
  readonly name: string
  readonly #db: DatabaseSync

  private constructor(path: string, db: DatabaseSync) {
    this.name = path
    this.#db = db
  }

  /** Opens (creating when missing) the file and brings its schema up to `upTo` (the current version unless a test says otherwise). */
  static async open(path: string, upTo = SCHEMA_VERSION): Promise<SqliteHistoryStore> {
    const { DatabaseSync } = await import('node:sqlite')
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true })
    const db = new DatabaseSync(path)
    try {
      db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`)
      db.exec('PRAGMA journal_mode = WAL')
      db.exec('PRAGMA synchronous = NORMAL')
      const store = new SqliteHistoryStore(path, db)
      store.#migrate(upTo)
      return store
    } catch (error) {
      db.close()
      throw error
    }
  }

  #migrate(upTo: number): void {
    this.#db.exec(MIGRATIONS_TABLE)
    this.#transaction(() => {
      for (const m of pendingMigrations(this.#version(), upTo)) {
        for (const statement of m.statements) this.#db.exec(statement)
        this.#db.prepare(toSqlite('INSERT INTO agentprobe_migrations (version, applied_at) VALUES ($1, $2)')).run(m.version, new Date().toISOString())
      }
    })
  }

  #version(): number {
    const row = this.#db.prepare('SELECT MAX(version) AS v FROM agentprobe_migrations').get() as Row | undefined
    return Number(row?.v ?? 0)
  }

  #transaction<T>(body: () => T): T {
    this.#db.exec('BEGIN IMMEDIATE')
    try {
      const result = body()
      this.#db.exec('COMMIT')
      return result
    } catch (error) {
      this.#db.exec('ROLLBACK')
      throw error
    }
  }

  async version(): Promise<number> {
    return this.#version()
  }

  async add(runs: readonly HistoryRun[]): Promise<void> {
    const insertRun = this.#db.prepare(toSqlite(insertSql('agentprobe_runs', RUN_COLUMNS)))
    const insertStep = this.#db.prepare(toSqlite(insertSql('agentprobe_steps', STEP_COLUMNS)))
    this.#transaction(() => {
      for (const run of runs) {
        insertRun.run(...runValues(run))
        for (const step of run.stepList) insertStep.run(...stepValues(run.id, step))
      }
    })
  }

  async runs(filter: HistoryFilter & { limit?: number } = {}): Promise<HistoryRun[]> {
    const where: string[] = []
    const params: SqlValue[] = []
    if (filter.since !== undefined) where.push(`started_at >= $${params.push(filter.since)}`)
    if (filter.model !== undefined) where.push(`model = $${params.push(filter.model)}`)
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : ''
    const stepMs = '(SELECT group_concat(model_ms + harness_ms) FROM agentprobe_steps s WHERE s.run_id = r.id) AS step_ms'
    const rows = this.#db.prepare(toSqlite(`SELECT r.*, ${stepMs} FROM agentprobe_runs r ${clause} ORDER BY started_at DESC, id DESC`)).all(...params) as Row[]
    const runs = filterRuns(rows.map((row) => runFromRow(row, [])), { test: filter.test })
    return filter.limit === undefined ? runs : runs.slice(0, filter.limit)
  }

  async run(idOrPrefix: string): Promise<HistoryRun | undefined> {
    const row = onlyMatch(idOrPrefix, this.#db.prepare(toSqlite("SELECT * FROM agentprobe_runs WHERE id LIKE $1 || '%' ESCAPE '\\' LIMIT 2")).all(idPrefix(idOrPrefix)) as Row[])
    if (!row) return undefined
    const steps = this.#db.prepare(toSqlite('SELECT * FROM agentprobe_steps WHERE run_id = $1')).all(String(row.id)) as Row[]
    return runFromRow(row, stepsByRun(steps).get(String(row.id)) ?? [])
  }

  async prune(before: string): Promise<{ runs: number; gifs: string[] }> {
    return this.#transaction(() => {
      const gifs = (this.#db.prepare(toSqlite('SELECT gif FROM agentprobe_runs WHERE started_at < $1 AND gif IS NOT NULL')).all(before) as Row[]).map((r) => String(r.gif))
      this.#db.prepare(toSqlite('DELETE FROM agentprobe_steps WHERE run_id IN (SELECT id FROM agentprobe_runs WHERE started_at < $1)')).run(before)
      const { changes } = this.#db.prepare(toSqlite('DELETE FROM agentprobe_runs WHERE started_at < $1')).run(before)
      return { runs: Number(changes), gifs }
    })
  }

  async close(): Promise<void> {
    if (this.#db.isOpen) this.#db.close()
  }
}
