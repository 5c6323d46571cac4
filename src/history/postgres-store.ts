// The team store: one PostgreSQL database that every developer and CI shard writes to, through
// pg's pool (two connections: the reporters write in bursts, the CLI reads once). The first
// opener of a fresh database applies the migrations under an advisory lock, so shards starting at
// once wait for it instead of racing it. The password stays out of `name`, and out of every error
// rethrown here.
import type { Pool, PoolClient } from 'pg'
import type { HistoryRun } from '../core/history.ts'
import { filterRuns, type HistoryFilter } from '../core/history-stats.ts'
import type { HistoryStore } from './history-store.ts'
import { MIGRATIONS_TABLE, pendingMigrations, SCHEMA_VERSION } from './migrations.ts'
import { serverAddress, type Secrets } from './server-address.ts'
import { idPrefix, onlyMatch, RUN_COLUMNS, runFromRow, runValues, STEP_COLUMNS, stepsByRun, stepValues, type Row, type SqlValue } from './rows.ts'

/** Held by the transaction that migrates; any fixed bigint of our own ('agntprob' as bytes). */
const MIGRATION_LOCK = '7018699990662016866'
/** A server that does not answer is a failure to report, not a wait for TCP's own timeout. */
const CONNECT_TIMEOUT_MS = 10_000
/** PostgreSQL takes at most 65535 parameters in one statement. */
const MAX_PARAMS = 65_535

/**
 * Text compares byte by byte, as in SQLite, whatever the database's locale (an en_US database
 * orders punctuation and case by other rules), so both stores sort and cut off runs alike.
 */
const BYTES = 'COLLATE "C"'

export class PostgresHistoryStore implements HistoryStore {
  readonly name: string
  readonly #pool: Pool
  readonly #secrets: Secrets

  private constructor(name: string, pool: Pool, secrets: Secrets) {
    this.name = name
    this.#pool = pool
    this.#secrets = secrets
  }

  /** Connects to `url` (postgres://user:password@host:port/db) and brings its schema up to `upTo` (the current version unless a test says otherwise). */
  static async open(url: string, upTo = SCHEMA_VERSION): Promise<PostgresHistoryStore> {
    const { name, secrets } = serverAddress(url)
    const { default: pg } = await import('pg')
    const pool = new pg.Pool({ connectionString: url, max: 2, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, application_name: 'agentprobe' })
    // An idle connection the server dropped is reported here, and without a listener it would
    // crash the whole test run; the pool replaces it, and the next query reports a server still gone.
    pool.on('error', () => undefined)
    const store = new PostgresHistoryStore(name, pool, secrets)
    try {
      await store.#transaction(async (client) => {
        await client.query(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`)
        await client.query(MIGRATIONS_TABLE)
        for (const m of pendingMigrations(await schemaVersion(client), upTo)) {
          for (const statement of m.statements) await client.query(statement)
          await client.query('INSERT INTO agentprobe_migrations (version, applied_at) VALUES ($1, $2)', [m.version, new Date().toISOString()])
        }
      })
      return store
    } catch (error) {
      await pool.end()
      throw error
    }
  }

  async version(): Promise<number> {
    return this.#guard(async () => schemaVersion(this.#pool))
  }

  async add(runs: readonly HistoryRun[]): Promise<void> {
    if (runs.length === 0) return
    await this.#transaction(async (client) => {
      await insertMany(client, 'agentprobe_runs', RUN_COLUMNS, runs.map(runValues))
      await insertMany(client, 'agentprobe_steps', STEP_COLUMNS, runs.flatMap((run) => run.stepList.map((step) => stepValues(run.id, step))))
    })
  }

  async runs(filter: HistoryFilter & { limit?: number } = {}): Promise<HistoryRun[]> {
    const where: string[] = []
    const params: SqlValue[] = []
    if (filter.since !== undefined) where.push(`started_at ${BYTES} >= $${params.push(filter.since)}`)
    if (filter.model !== undefined) where.push(`model = $${params.push(filter.model)}`)
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : ''
    const stepMs = '(SELECT string_agg((model_ms + harness_ms)::text, \',\' ORDER BY idx) FROM agentprobe_steps s WHERE s.run_id = r.id) AS step_ms'
    const rows = await this.#guard(() => this.#rows(`SELECT r.*, ${stepMs} FROM agentprobe_runs r ${clause} ORDER BY started_at ${BYTES} DESC, id ${BYTES} DESC`, params))
    const runs = filterRuns(rows.map((row) => runFromRow(row, [])), { test: filter.test })
    return filter.limit === undefined ? runs : runs.slice(0, filter.limit)
  }

  async run(idOrPrefix: string): Promise<HistoryRun | undefined> {
    // ILIKE: SQLite's LIKE ignores ASCII case, and a prefix typed either way finds the same run there.
    const row = onlyMatch(idOrPrefix, await this.#guard(() => this.#rows("SELECT * FROM agentprobe_runs WHERE id ILIKE $1 || '%' LIMIT 2", [idPrefix(idOrPrefix)])))
    if (!row) return undefined
    const steps = await this.#guard(() => this.#rows('SELECT * FROM agentprobe_steps WHERE run_id = $1', [String(row.id)]))
    return runFromRow(row, stepsByRun(steps).get(String(row.id)) ?? [])
  }

  async prune(before: string): Promise<{ runs: number; gifs: string[] }> {
    return this.#transaction(async (client) => {
      const old = `started_at ${BYTES} < $1`
      const gifs = (await client.query<Row>(`SELECT gif FROM agentprobe_runs WHERE ${old} AND gif IS NOT NULL`, [before])).rows.map((r) => String(r.gif))
      await client.query(`DELETE FROM agentprobe_steps WHERE run_id IN (SELECT id FROM agentprobe_runs WHERE ${old})`, [before])
      const { rowCount } = await client.query(`DELETE FROM agentprobe_runs WHERE ${old}`, [before])
      return { runs: rowCount ?? 0, gifs }
    })
  }

  async close(): Promise<void> {
    if (!this.#pool.ended && !this.#pool.ending) await this.#pool.end()
  }

  async #rows(sql: string, params: SqlValue[]): Promise<Row[]> {
    return (await this.#pool.query<Row>(sql, params)).rows
  }

  /** One connection for BEGIN … COMMIT; ROLLBACK when the body throws (the connection is dropped when even that fails). */
  async #transaction<T>(body: (client: PoolClient) => Promise<T>): Promise<T> {
    return this.#guard(async () => {
      const client = await this.#pool.connect()
      try {
        await client.query('BEGIN')
        const result = await body(client)
        await client.query('COMMIT')
        client.release()
        return result
      } catch (error) {
        const rolledBack = await client.query('ROLLBACK').then(() => true, () => false)
        client.release(!rolledBack)
        throw error
      }
    })
  }

  /** pg's errors, with the password masked should one ever carry it (or the URL around it). */
  async #guard<T>(body: () => Promise<T>): Promise<T> {
    try {
      return await body()
    } catch (error) {
      throw mask(error, this.#secrets, this.name)
    }
  }
}

async function schemaVersion(db: Pool | PoolClient): Promise<number> {
  const { rows } = await db.query<Row>('SELECT MAX(version) AS v FROM agentprobe_migrations')
  return Number(rows[0]?.v ?? 0)
}

/** Runs in as few statements as the parameter limit allows: one round trip for a whole run's steps, not one per row. */
async function insertMany(client: PoolClient, table: string, columns: readonly string[], rows: SqlValue[][]): Promise<void> {
  const perStatement = Math.floor(MAX_PARAMS / columns.length)
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement)
    const tuples = chunk.map((_, r) => `(${columns.map((_, c) => `$${r * columns.length + c + 1}`).join(', ')})`)
    await client.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}`, chunk.flat())
  }
}

/** The error, its stack and string fields with the URL shown as `name` and any password as ***. */
function mask(error: unknown, { url, passwords }: Secrets, name: string): unknown {
  if (!(error instanceof Error)) return error
  const clean = (text: string) => passwords.reduce((t, p) => t.replaceAll(p, '***'), text.replaceAll(url, name))
  error.message = clean(error.message)
  if (error.stack !== undefined) error.stack = clean(error.stack)
  const fields = error as unknown as Record<string, unknown>
  for (const [key, value] of Object.entries(fields)) if (typeof value === 'string') fields[key] = clean(value)
  return error
}
