// The multi-model leaderboard (issue §7): the same cases run against several models, ranked side
// by side. Only cases every model ran are compared, so no model wins by skipping a hard one. A
// replayed run's figures are a recording's (no tokens spent, no model latency): it gets its own
// row, labelled, and never counts as the live model's score.
import type { FailureType } from './failures.ts'
import { summarizeSuite, type TestScore } from './scoring.ts'
import { cassetteCalls, type Trace } from './trace.ts'
import { variantLabels } from './variant.ts'

export interface ScoredTrace {
  trace: Trace
  score: TestScore
}

/** Where a test's figures come from: a live run, a cassette's recording, or both. */
export type RunSource = 'live' | 'replayed' | 'partly replayed'

export interface LeaderboardRow {
  rank: number
  model: string
  source: RunSource
  tests: number
  passed: number
  passRate: number
  meanScore: number
  steps: number
  tokens: number
  costUsd: number
  /** Model latency per step (the model call alone), nearest-rank percentiles, ms. */
  latencyP50Ms: number
  latencyP90Ms: number
  failureCounts: Partial<Record<FailureType, number>>
}

export interface Leaderboard {
  rows: LeaderboardRow[]
  /** The cases compared: run by every model. */
  cases: string[]
  /** Cases some model did not run, left out of the ranking. */
  excluded: string[]
}

/** A case's identity across models: its file and full name. */
export function caseKey(trace: Trace): string {
  return trace.test.file ? `${trace.test.file} › ${trace.test.name}` : trace.test.name
}

export function runSource(trace: Trace): RunSource {
  const c = trace.cassette
  if (!c || cassetteCalls(c).replayed === 0) return 'live'
  return cassetteCalls(c).live === 0 ? 'replayed' : 'partly replayed'
}

/** A row's name as shown: the model, with how its figures were made unless they are live. */
export function rowName(row: Pick<LeaderboardRow, 'model' | 'source'>): string {
  return row.source === 'live' ? row.model : `${row.model} (${row.source})`
}

/** Nearest-rank percentile (p in 0–100) of the values; 0 when there are none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!
}

/**
 * The ranking, best first (mean score, then pass rate, then the cheaper); undefined with fewer than
 * two models. In a language, theme or browser matrix a case is a test in one variant: models are
 * compared on the same cell, never a German run against an Arabic one.
 */
export function buildLeaderboard(tests: readonly ScoredTrace[]): Leaderboard | undefined {
  const byRow = new Map<string, ScoredTrace[]>()
  for (const t of tests) {
    const name = rowName({ model: t.trace.model, source: runSource(t.trace) })
    byRow.set(name, [...(byRow.get(name) ?? []), t])
  }
  if (byRow.size < 2) return undefined
  const labels = variantLabels(tests.map((t) => t.trace))
  const keys = new Map(tests.map((t, i) => [t, labels[i] ? `${caseKey(t.trace)} [${labels[i]}]` : caseKey(t.trace)]))
  const caseSets = [...byRow.values()].map((ts) => new Set(ts.map((t) => keys.get(t)!)))
  const all = [...new Set(keys.values())].sort()
  const cases = all.filter((c) => caseSets.every((set) => set.has(c)))
  const rows = [...byRow.values()].map((ts) => row(ts[0]!.trace, ts.filter((t) => cases.includes(keys.get(t)!))))
  rows.sort((a, b) => b.meanScore - a.meanScore || b.passRate - a.passRate || a.costUsd - b.costUsd || rowName(a).localeCompare(rowName(b)))
  rows.forEach((r, i) => (r.rank = i + 1))
  return { rows, cases, excluded: all.filter((c) => !cases.includes(c)) }
}

/** A row of the traces that share `first`'s model and source. */
function row(first: Trace, tests: readonly ScoredTrace[]): LeaderboardRow {
  const suite = summarizeSuite(tests)
  const latencies = tests.flatMap((t) => t.trace.runs.flatMap((r) => r.steps.map((s) => s.timings.modelMs)))
  return {
    rank: 0,
    model: first.model,
    source: runSource(first),
    tests: suite.tests,
    passed: suite.passed,
    passRate: suite.passRate,
    meanScore: suite.meanScore,
    steps: suite.steps,
    tokens: suite.tokens,
    costUsd: suite.costUsd,
    latencyP50Ms: percentile(latencies, 50),
    latencyP90Ms: percentile(latencies, 90),
    failureCounts: suite.failureCounts,
  }
}
