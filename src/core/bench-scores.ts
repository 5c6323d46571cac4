// The benchmark's scores (issue 10): does a model plus agentprobe tell a working build from a
// broken one? Each run's verdict is judged against the case's expected verdict; a false pass (a
// broken build let through) is the costly error, so it is counted and listed first. Infrastructure
// errors and runs cut by the spend cap are shown apart and never scored.
import type { FailureType } from './failures.ts'
import { percentile } from './leaderboard.ts'
import { sum } from './scoring.ts'

export type BenchVerdict = 'pass' | 'fail'
export type BenchBuild = 'good' | 'mutant'
/** What agentprobe concluded: a verdict, an infrastructure error, or no run at all (spend cap). */
export type BenchOutcome = BenchVerdict | 'error' | 'not-run'

export interface BenchRunRecord {
  caseId: string
  category: string
  build: BenchBuild
  /** 1-based. */
  repeat: number
  model: string
  /** The browser a browser case ran in ('chromium', 'firefox'); absent for Android runs. */
  browser?: string
  /** The verdict agentprobe should reach on this build. */
  expected: BenchVerdict
  outcome: BenchOutcome
  /** The case's deterministic check: does the feature work on this build? Absent when it could not run. */
  truth?: boolean
  truthError?: string
  /** Why the run is an error or was not run. */
  error?: string
  /** Composite score (core/scoring.ts) of the run's trace. */
  score?: number
  steps: number
  tokens: number
  costUsd: number
  durationMs?: number
  /** Each model call's latency, ms. */
  modelLatenciesMs: number[]
  failureTypes: FailureType[]
  /** The run's trace.json, relative to the bench's output folder. */
  trace?: string
}

export type Judgement = 'true-pass' | 'true-fail' | 'false-pass' | 'false-fail'

export interface VerdictCounts {
  scored: number
  truePass: number
  trueFail: number
  falsePass: number
  falseFail: number
  /** Correct verdicts over scored runs (0 when none were scored). */
  accuracy: number
}

export interface BenchModelRow extends VerdictCounts {
  rank: number
  model: string
  /** Set when the row's runs are another browser's than Chromium's: they are never scored with Chromium's. */
  browser?: string
  /** The model, and the browser when set: 'offline', 'offline (firefox)'. */
  label: string
  runs: number
  errors: number
  notRun: number
  meanScore: number
  steps: number
  tokens: number
  costUsd: number
  latencyP50Ms: number
  latencyP90Ms: number
  /** The runs' durations added up, ms (wall time is about this over the workers). */
  durationMs: number
  failureCounts: Partial<Record<FailureType, number>>
  /** Population standard deviation across repeats (0 with one repeat). */
  accuracyStddev: number
  scoreStddev: number
  byCategory: Record<string, VerdictCounts>
  /** 'case [build] #repeat' of every false pass, then of every false fail. */
  falsePasses: string[]
  falseFails: string[]
}

export interface BrokenCase {
  caseId: string
  build: BenchBuild
  expected: BenchVerdict
  /** What the deterministic check said, when it ran. */
  truth?: boolean
  why: string
  /** Models and repeats where it was seen. */
  seen: string[]
}

export interface BenchBoard {
  rows: BenchModelRow[]
  categories: string[]
  /** Cases whose ground truth disagrees with their expected verdict: the case is wrong, not the model. */
  broken: BrokenCase[]
  /** Runs the spend cap stopped. */
  notRun: number
  errors: number
}

export function judge(expected: BenchVerdict, outcome: BenchOutcome): Judgement | undefined {
  if (outcome !== 'pass' && outcome !== 'fail') return undefined
  return `${outcome === expected ? 'true' : 'false'}-${outcome}` as Judgement
}

export function countVerdicts(records: readonly BenchRunRecord[]): VerdictCounts {
  const counts = { 'true-pass': 0, 'true-fail': 0, 'false-pass': 0, 'false-fail': 0 }
  for (const r of records) {
    const j = judge(r.expected, r.outcome)
    if (j) counts[j]++
  }
  const scored = sum(Object.values(counts))
  return {
    scored,
    truePass: counts['true-pass'],
    trueFail: counts['true-fail'],
    falsePass: counts['false-pass'],
    falseFail: counts['false-fail'],
    accuracy: scored ? (counts['true-pass'] + counts['true-fail']) / scored : 0,
  }
}

/** Does the deterministic check confirm the expected verdict? A check that threw confirms nothing. */
export function truthProblem(r: BenchRunRecord): string | undefined {
  if (r.outcome === 'not-run') return undefined
  if (r.truthError !== undefined) return `the ground-truth check threw: ${r.truthError}`
  if (r.truth === undefined) return undefined
  const works = r.expected === 'pass'
  return r.truth === works ? undefined : `expected ${r.expected} on the ${r.build} build, but the ground-truth check says the feature ${r.truth ? 'works' : 'does not work'}`
}

/**
 * The leaderboard row a run counts in: its model's, and its browser's when that is not Chromium
 * (Chromium's and Android's runs share the model's row, as before Firefox), so browsers never mix.
 */
export function rowLabel(r: Pick<BenchRunRecord, 'model' | 'browser'>): string {
  return r.browser === undefined || r.browser === 'chromium' ? r.model : `${r.model} (${r.browser})`
}

export function buildBenchBoard(records: readonly BenchRunRecord[]): BenchBoard {
  const labels = [...new Set(records.map(rowLabel))]
  const categories = [...new Set(records.map((r) => r.category))].sort()
  const rows = labels.map((label) => modelRow(label, records.filter((r) => rowLabel(r) === label), categories))
  rows.sort((a, b) => b.accuracy - a.accuracy || a.falsePass - b.falsePass || b.meanScore - a.meanScore || a.costUsd - b.costUsd || a.label.localeCompare(b.label))
  rows.forEach((r, i) => (r.rank = i + 1))
  return {
    rows,
    categories,
    broken: brokenCases(records),
    notRun: records.filter((r) => r.outcome === 'not-run').length,
    errors: records.filter((r) => r.outcome === 'error').length,
  }
}

/** A run's name in tests, logs and reports: `<case> [<build>] #<repeat>`. */
export function benchRunName(r: Pick<BenchRunRecord, 'caseId' | 'build' | 'repeat'>): string {
  return `${r.caseId} [${r.build}] #${r.repeat}`
}

function modelRow(label: string, records: readonly BenchRunRecord[], categories: readonly string[]): BenchModelRow {
  const { model, browser } = records[0]!
  const scored = records.filter((r) => judge(r.expected, r.outcome) !== undefined)
  const failureCounts: Partial<Record<FailureType, number>> = {}
  for (const type of scored.flatMap((r) => r.failureTypes)) failureCounts[type] = (failureCounts[type] ?? 0) + 1
  const latencies = scored.flatMap((r) => r.modelLatenciesMs)
  const scores = scored.map((r) => r.score ?? 0)
  const repeats = [...new Set(scored.map((r) => r.repeat))].sort((a, b) => a - b)
  const perRepeat = repeats.map((n) => scored.filter((r) => r.repeat === n))
  const labelled = (j: Judgement) => scored.filter((r) => judge(r.expected, r.outcome) === j).map(benchRunName)
  return {
    rank: 0,
    model,
    ...(browser !== undefined && browser !== 'chromium' && { browser }),
    label,
    runs: records.length,
    ...countVerdicts(scored),
    errors: records.filter((r) => r.outcome === 'error').length,
    notRun: records.filter((r) => r.outcome === 'not-run').length,
    meanScore: mean(scores),
    steps: sum(scored.map((r) => r.steps)),
    tokens: sum(records.map((r) => r.tokens)),
    costUsd: sum(records.map((r) => r.costUsd)),
    latencyP50Ms: percentile(latencies, 50),
    latencyP90Ms: percentile(latencies, 90),
    durationMs: sum(records.map((r) => r.durationMs ?? 0)),
    failureCounts,
    accuracyStddev: stddev(perRepeat.map((rs) => countVerdicts(rs).accuracy)),
    scoreStddev: stddev(perRepeat.map((rs) => mean(rs.map((r) => r.score ?? 0)))),
    byCategory: Object.fromEntries(categories.map((c) => [c, countVerdicts(scored.filter((r) => r.category === c))])),
    falsePasses: labelled('false-pass'),
    falseFails: labelled('false-fail'),
  }
}

function brokenCases(records: readonly BenchRunRecord[]): BrokenCase[] {
  const byKey = new Map<string, BrokenCase>()
  for (const r of records) {
    const why = truthProblem(r)
    if (!why) continue
    const key = `${r.caseId}\u0000${r.build}\u0000${r.browser ?? ''}\u0000${why}`
    const found = byKey.get(key) ?? { caseId: r.caseId, build: r.build, expected: r.expected, ...(r.truth !== undefined && { truth: r.truth }), why, seen: [] }
    found.seen.push(`${rowLabel(r)} #${r.repeat}`)
    byKey.set(key, found)
  }
  return [...byKey.values()].sort((a, b) => a.caseId.localeCompare(b.caseId) || a.build.localeCompare(b.build))
}

export function mean(values: readonly number[]): number {
  return values.length ? Math.round((sum(values) / values.length) * 1000) / 1000 : 0
}

/** Population standard deviation; 0 for fewer than two values. */
export function stddev(values: readonly number[]): number {
  if (values.length < 2) return 0
  const m = sum(values) / values.length
  return Math.round(Math.sqrt(sum(values.map((v) => (v - m) ** 2)) / values.length) * 1000) / 1000
}
