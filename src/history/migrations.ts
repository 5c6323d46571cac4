// The history's schema, one list of versioned steps both engines apply on first use. The SQL is
// the subset SQLite and PostgreSQL share (TEXT times in ISO 8601 UTC sort as they read), so one
// schema serves both; a store records each version it applied in agentprobe_migrations.

export interface Migration {
  version: number
  statements: string[]
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    statements: [
      `CREATE TABLE agentprobe_runs (
        id TEXT PRIMARY KEY,
        started_at TEXT NOT NULL,
        test TEXT NOT NULL,
        file TEXT,
        project TEXT,
        target TEXT NOT NULL,
        browser TEXT,
        model TEXT NOT NULL,
        source TEXT NOT NULL,
        outcome TEXT NOT NULL,
        failure_types TEXT NOT NULL,
        steps INTEGER NOT NULL,
        tokens INTEGER NOT NULL,
        cost_usd DOUBLE PRECISION NOT NULL,
        model_ms INTEGER NOT NULL,
        harness_ms INTEGER NOT NULL,
        score DOUBLE PRECISION NOT NULL,
        commit_sha TEXT,
        branch TEXT,
        build TEXT,
        test_hash TEXT,
        ci_job TEXT,
        shard TEXT,
        artifacts_dir TEXT,
        error TEXT
      )`,
      'CREATE INDEX agentprobe_runs_started ON agentprobe_runs (started_at)',
      `CREATE TABLE agentprobe_steps (
        run_id TEXT NOT NULL REFERENCES agentprobe_runs (id),
        idx INTEGER NOT NULL,
        call_no INTEGER NOT NULL,
        kind TEXT NOT NULL,
        ask TEXT,
        actions TEXT NOT NULL,
        action_text TEXT,
        status TEXT NOT NULL,
        verdict TEXT,
        failure_types TEXT NOT NULL,
        frame_hash TEXT,
        model_ms INTEGER NOT NULL,
        harness_ms INTEGER NOT NULL,
        cost_usd DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (run_id, idx)
      )`,
    ],
  },
  {
    // The kept copy of a failed run's GIF, and the per-test lookups of the History view.
    version: 2,
    statements: ['ALTER TABLE agentprobe_runs ADD COLUMN gif TEXT', 'CREATE INDEX agentprobe_runs_test ON agentprobe_runs (test, started_at)'],
  },
]

export const SCHEMA_VERSION = MIGRATIONS.at(-1)!.version

export const MIGRATIONS_TABLE = 'CREATE TABLE IF NOT EXISTS agentprobe_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)'

/** The migrations a store at `version` still needs, in order. */
export function pendingMigrations(version: number, upTo = SCHEMA_VERSION): Migration[] {
  return MIGRATIONS.filter((m) => m.version > version && m.version <= upTo)
}
