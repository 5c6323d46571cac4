// The multi-model leaderboard (issue §7): the same cases run against several models, ranked side
// by side. Only cases every model ran are compared, so no model wins by skipping a hard one.
import type { FailureType } from './failures.ts'
import { summarizeSuite, type TestScore } from './scoring.ts'
import type { Trace } from './trace.ts'

export interface ScoredTrace {
  trace: Trace
  score: TestScore
}

export interface LeaderboardRow {
  rank: number
  model: string
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

/** Nearest-rank percentile (p in 0–100) of the values; 0 when there are none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!
}

/** The ranking, best first (mean score, then pass rate, then the cheaper); undefined with fewer than two models. */
export function buildLeaderboard(tests: readonly ScoredTrace[]): Leaderboard | undefined {
  const byModel = new Map<string, ScoredTrace[]>()
  for (const t of tests) byModel.set(t.trace.model, [...(byModel.get(t.trace.model) ?? []), t])
  if (byModel.size < 2) return undefined
  const caseSets = [...byModel.values()].map((ts) => new Set(ts.map((t) => caseKey(t.trace))))
  const all = [...new Set(tests.map((t) => caseKey(t.trace)))].sort()
  const cases = all.filter((c) => caseSets.every((set) => set.has(c)))
  const rows = [...byModel].map(([model, ts]) => row(model, ts.filter((t) => cases.includes(caseKey(t.trace)))))
  rows.sort((a, b) => b.meanScore - a.meanScore || b.passRate - a.passRate || a.costUsd - b.costUsd || a.model.localeCompare(b.model))
  rows.forEach((r, i) => (r.rank = i + 1))
  return { rows, cases, excluded: all.filter((c) => !cases.includes(c)) }
}

function row(model: string, tests: readonly ScoredTrace[]): LeaderboardRow {
  const suite = summarizeSuite(tests)
  const latencies = tests.flatMap((t) => t.trace.runs.flatMap((r) => r.steps.map((s) => s.timings.modelMs)))
  return {
    rank: 0,
    model,
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
