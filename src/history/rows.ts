// HistoryRun ↔ table rows, the same for both engines: the column lists in order, the values to
// bind (null for absent), and records back from rows as either driver returns them.
import type { FailureType } from '../core/failures.ts'
import type { HistoryRun, HistoryStep } from '../core/history.ts'
import type { RunSource } from '../core/leaderboard.ts'

export type SqlValue = string | number | null
export type Row = Record<string, unknown>

export const RUN_COLUMNS = [
  'id', 'started_at', 'test', 'file', 'project', 'target', 'browser', 'model', 'source', 'outcome', 'failure_types', 'steps', 'tokens',
  'cost_usd', 'model_ms', 'harness_ms', 'score', 'commit_sha', 'branch', 'build', 'test_hash', 'ci_job', 'shard', 'artifacts_dir', 'error', 'gif',
] as const

export const STEP_COLUMNS = [
  'run_id', 'idx', 'call_no', 'kind', 'ask', 'actions', 'action_text', 'status', 'verdict', 'failure_types', 'frame_hash', 'model_ms', 'harness_ms', 'cost_usd',
] as const

/** `INSERT INTO table (columns) VALUES ($1, …)`; SQLite reads $1 as ?1 once toSqlite() rewrote it. */
export function insertSql(table: string, columns: readonly string[]): string {
  return `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})`
}

export function runValues(r: HistoryRun): SqlValue[] {
  return [
    r.id, r.startedAt, r.test, r.file ?? null, r.project ?? null, r.target, r.browser ?? null, r.model, r.source, r.outcome, r.failureTypes.join(','),
    r.steps, r.tokens, r.costUsd, r.modelMs, r.harnessMs, r.score, r.commit ?? null, r.branch ?? null, r.build ?? null, r.testHash ?? null, r.ciJob ?? null,
    r.shard ?? null, r.artifactsDir ?? null, r.error ?? null, r.gif ?? null,
  ]
}

export function stepValues(runId: string, s: HistoryStep): SqlValue[] {
  return [
    runId, s.index, s.call, s.kind, s.ask ?? null, s.actions.join(','), s.actionText ?? null, s.status, s.verdict ?? null, s.failureTypes.join(','),
    s.frameHash ?? null, s.modelMs, s.harnessMs, s.costUsd,
  ]
}

export function runFromRow(row: Row, steps: HistoryStep[]): HistoryRun {
  const run: HistoryRun = {
    id: String(row.id),
    startedAt: String(row.started_at),
    test: String(row.test),
    target: String(row.target),
    model: String(row.model),
    source: row.source as RunSource,
    outcome: row.outcome as HistoryRun['outcome'],
    failureTypes: list(row.failure_types) as FailureType[],
    steps: Number(row.steps),
    tokens: Number(row.tokens),
    costUsd: Number(row.cost_usd),
    modelMs: Number(row.model_ms),
    harnessMs: Number(row.harness_ms),
    score: Number(row.score),
    stepList: steps,
  }
  for (const [key, column] of OPTIONAL_RUN_FIELDS) if (row[column] !== null && row[column] !== undefined) run[key] = String(row[column])
  if (typeof row.step_ms === 'string') run.stepMs = row.step_ms.split(',').map(Number)
  return run
}

/** Record fields that are absent (not null) when their column is NULL. */
const OPTIONAL_RUN_FIELDS = [
  ['file', 'file'], ['project', 'project'], ['browser', 'browser'], ['commit', 'commit_sha'], ['branch', 'branch'], ['build', 'build'], ['testHash', 'test_hash'],
  ['ciJob', 'ci_job'], ['shard', 'shard'], ['artifactsDir', 'artifacts_dir'], ['error', 'error'], ['gif', 'gif'],
] as const satisfies readonly (readonly [keyof HistoryRun, (typeof RUN_COLUMNS)[number]])[]

export function stepFromRow(row: Row): HistoryStep {
  const step: HistoryStep = {
    index: Number(row.idx),
    call: Number(row.call_no),
    kind: row.kind as HistoryStep['kind'],
    actions: list(row.actions),
    status: row.status as HistoryStep['status'],
    failureTypes: list(row.failure_types) as FailureType[],
    modelMs: Number(row.model_ms),
    harnessMs: Number(row.harness_ms),
    costUsd: Number(row.cost_usd),
  }
  // Built field by field: tens of thousands of steps are read for one summary.
  if (row.ask !== null && row.ask !== undefined) step.ask = String(row.ask)
  if (row.action_text !== null && row.action_text !== undefined) step.actionText = String(row.action_text)
  if (row.verdict !== null && row.verdict !== undefined) step.verdict = String(row.verdict)
  if (row.frame_hash !== null && row.frame_hash !== undefined) step.frameHash = String(row.frame_hash)
  return step
}

/** A run id's prefix as a LIKE parameter: LIKE's wildcards in it are taken literally (escape \\). */
export const idPrefix = (idOrPrefix: string): string => idOrPrefix.replace(/[\\%_]/g, '\\$&')

/** The one row a prefix lookup found (it asks for two at most), or undefined; two are an error that says so. */
export function onlyMatch(idOrPrefix: string, rows: readonly Row[]): Row | undefined {
  if (rows.length > 1) throw new Error(`run id "${idOrPrefix}" is ambiguous: it starts more than one run's id; give more of it`)
  return rows[0]
}

/** Steps grouped by their run, in step order. */
export function stepsByRun(rows: readonly Row[]): Map<string, HistoryStep[]> {
  const byRun = new Map<string, HistoryStep[]>()
  for (const row of rows) {
    const id = String(row.run_id)
    const list = byRun.get(id) ?? []
    list.push(stepFromRow(row))
    byRun.set(id, list)
  }
  for (const list of byRun.values()) list.sort((a, b) => a.index - b.index)
  return byRun
}

const list = (v: unknown): string[] => (v === null || v === undefined || v === '' ? [] : String(v).split(','))
