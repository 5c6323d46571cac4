// What the history says, computed from stored runs alone so the CLI, --json and the History view
// agree: per test its runs and whether it is flaky, failure types, cost by day, step latency, the
// slowest tests, how often replays drift, and the models on the user's own suite.
import type { FailureType } from './failures.ts'
import type { HistoryRun } from './history.ts'
import { percentile } from './leaderboard.ts'
import { sum } from './scoring.ts'

export interface HistoryFilter {
  /** Runs started at or after this ISO time. */
  since?: string
  /** A substring of the test's name or file. */
  test?: string
  /** The model id, exactly. */
  model?: string
}

export interface TestHistory {
  /** The test's key: file › name. */
  key: string
  test: string
  file?: string
  runs: number
  passed: number
  failed: number
  flaky: boolean
  /** Why it counts as flaky: the two runs that show it. */
  flakyWhy?: string
  /** Outcomes oldest first, with the run ids (the last 30); a failed run's failure types for the heatmap. */
  strip: { id: string; outcome: HistoryRun['outcome']; startedAt: string; model: string; failureTypes?: FailureType[] }[]
  meanMs: number
  /** The newest failed run, for a link to what it looked like. */
  lastFailure?: { id: string; gif?: string; error?: string; startedAt: string }
  /** The newest turn from green to red on one model: the last passing run and the failure right after it, to compare. */
  greenToRed?: { green: string; red: string }
}

/** A test's last green run and the first red one after it, in full (with their steps), for a compare page. */
export interface RunPair {
  key: string
  green: HistoryRun
  red: HistoryRun
}

export interface ModelHistory {
  model: string
  runs: number
  passed: number
  passRate: number
  meanScore: number
  costUsd: number
  stepP50Ms: number
  stepP90Ms: number
}

export interface HistorySummary {
  runs: number
  from?: string
  to?: string
  tests: TestHistory[]
  failureCounts: Partial<Record<FailureType, number>>
  /** Failed runs no failure type names: the test's own expect (a verdict of NO, a missing target) or error failed. */
  untypedFailures: number
  /** Per day: runs, cost, and a step's p50/p90 time (ms), for the trends. */
  days: { day: string; runs: number; passed: number; costUsd: number; stepP50Ms: number; stepP90Ms: number }[]
  /** A step's time in all (model and harness), nearest-rank percentiles, ms. */
  stepP50Ms: number
  stepP90Ms: number
  /** Tests by mean run time, slowest first (up to 10). */
  slowest: { key: string; meanMs: number; runs: number }[]
  /** Of the runs that replayed a cassette (wholly or partly), the share that hit replay_drift. */
  replayDriftRate: number
  replayedRuns: number
  /** Ranked by pass rate, then mean score. */
  models: ModelHistory[]
  /** Per model and day: runs and passes, for the trend over time. */
  modelDays: { day: string; model: string; runs: number; passed: number }[]
}

export const STRIP_LENGTH = 30

export function filterRuns(runs: readonly HistoryRun[], f: HistoryFilter): HistoryRun[] {
  const needle = f.test?.toLowerCase()
  return runs.filter(
    (r) =>
      (f.since === undefined || r.startedAt >= f.since) &&
      (f.model === undefined || r.model === f.model) &&
      (needle === undefined || testKey(r).toLowerCase().includes(needle)),
  )
}

export function testKey(r: Pick<HistoryRun, 'test' | 'file'>): string {
  return r.file ? `${r.file} › ${r.test}` : r.test
}

/** The summary of runs in any order. */
export function summarizeHistory(runs: readonly HistoryRun[]): HistorySummary {
  const ordered = [...runs].sort((a, b) => a.startedAt.localeCompare(b.startedAt) || a.id.localeCompare(b.id))
  const byTest = groupBy(ordered, testKey)
  const tests = [...byTest].map(([key, list]) => testHistory(key, list))
  tests.sort((a, b) => Number(b.flaky) - Number(a.flaky) || b.failed - a.failed || a.key.localeCompare(b.key))
  const stepMs = stepTimes(ordered)
  const failureCounts: Partial<Record<FailureType, number>> = {}
  for (const type of ordered.flatMap((r) => r.failureTypes)) failureCounts[type] = (failureCounts[type] ?? 0) + 1
  const replayed = ordered.filter((r) => r.source !== 'live')
  return {
    runs: ordered.length,
    ...(ordered.length > 0 && { from: ordered[0]!.startedAt, to: ordered.at(-1)!.startedAt }),
    tests,
    failureCounts,
    untypedFailures: ordered.filter((r) => r.outcome === 'failed' && r.failureTypes.length === 0).length,
    days: [...groupBy(ordered, (r) => r.startedAt.slice(0, 10))].map(([day, list]) => {
      const ms = stepTimes(list)
      return { day, runs: list.length, passed: passes(list), costUsd: sum(list.map((r) => r.costUsd)), stepP50Ms: percentile(ms, 50), stepP90Ms: percentile(ms, 90) }
    }),
    stepP50Ms: percentile(stepMs, 50),
    stepP90Ms: percentile(stepMs, 90),
    slowest: [...tests]
      .sort((a, b) => b.meanMs - a.meanMs)
      .slice(0, 10)
      .map((t) => ({ key: t.key, meanMs: t.meanMs, runs: t.runs })),
    replayDriftRate: replayed.length ? replayed.filter((r) => r.failureTypes.includes('replay_drift')).length / replayed.length : 0,
    replayedRuns: replayed.length,
    models: modelRows(ordered),
    modelDays: [...groupBy(ordered, (r) => `${r.startedAt.slice(0, 10)}\u0000${r.model}`)].map(([k, list]) => {
      const [day, model] = k.split('\u0000') as [string, string]
      return { day, model, runs: list.length, passed: passes(list) }
    }),
  }
}

function testHistory(key: string, runs: readonly HistoryRun[]): TestHistory {
  const passed = passes(runs)
  const why = flakiness(runs)
  const failure = runs.findLast((r) => r.outcome === 'failed')
  const turn = greenToRed(runs)
  return {
    key,
    test: runs[0]!.test,
    ...(runs[0]!.file !== undefined && { file: runs[0]!.file }),
    runs: runs.length,
    passed,
    failed: runs.length - passed,
    flaky: why !== undefined,
    ...(why !== undefined && { flakyWhy: why }),
    strip: runs.slice(-STRIP_LENGTH).map((r) => ({ id: r.id, outcome: r.outcome, startedAt: r.startedAt, model: r.model, ...(r.failureTypes.length > 0 && { failureTypes: r.failureTypes }) })),
    meanMs: Math.round(sum(runs.map((r) => r.modelMs + r.harnessMs)) / runs.length),
    ...(failure && { lastFailure: { id: failure.id, startedAt: failure.startedAt, ...(failure.gif && { gif: failure.gif }), ...(failure.error && { error: failure.error }) } }),
    ...(turn && { greenToRed: turn }),
  }
}

/** The newest pass followed by a failure among one lane's runs (oldest first). */
export function greenToRed(runs: readonly HistoryRun[]): { green: string; red: string } | undefined {
  const previous = new Map<string, HistoryRun>()
  let turn: { green: string; red: string; at: string } | undefined
  for (const run of runs) {
    const before = previous.get(lane(run))
    if (before?.outcome === 'passed' && run.outcome === 'failed' && (turn === undefined || run.startedAt >= turn.at)) turn = { green: before.id, red: run.id, at: run.startedAt }
    previous.set(lane(run), run)
  }
  return turn && { green: turn.green, red: turn.red }
}

/**
 * The runs that can be compared: one model, one browser, one project. A test that passes on one
 * model and fails on another is a model comparison, and one that passes in English and fails in
 * Arabic (the projects of a locale or theme matrix) is a finding, neither of them flakiness.
 */
function lane(run: HistoryRun): string {
  return `${run.model}\u0000${run.browser ?? run.target}\u0000${run.project ?? ''}`
}

/**
 * Why a test's runs show it flaky, or undefined. Runs are compared within one lane:
 * flaky when it both passed and failed on the same commit, extension build and test source, or
 * when a pass, a failure and a pass follow each other on one build and test source (commits
 * between them changed nothing the test runs against). The test's source counts because watch
 * mode reruns a test while it is being edited, on one commit.
 */
export function flakiness(runs: readonly HistoryRun[]): string | undefined {
  for (const runsOfLane of groupBy(runs, lane).values()) {
    for (const same of groupBy(runsOfLane, (r) => `${r.commit ?? '?'}\u0000${r.build ?? '?'}\u0000${r.testHash ?? '?'}`).values()) {
      const pass = same.find((r) => r.outcome === 'passed')
      const fail = same.find((r) => r.outcome === 'failed')
      if (pass && fail) return `passed (${pass.id}) and failed (${fail.id}) on ${same[0]!.commit ? `commit ${same[0]!.commit.slice(0, 10)}` : 'the same commit'}${same[0]!.build ? `, build ${same[0]!.build}` : ''}`
    }
    for (let i = 2; i < runsOfLane.length; i++) {
      const [a, b, c] = [runsOfLane[i - 2]!, runsOfLane[i - 1]!, runsOfLane[i]!]
      const unchanged = a.build !== undefined && a.build === b.build && b.build === c.build && a.testHash === b.testHash && b.testHash === c.testHash
      if (a.outcome === 'passed' && b.outcome === 'failed' && c.outcome === 'passed' && unchanged) {
        return `passed, failed (${b.id}), passed on build ${b.build}`
      }
    }
  }
  return undefined
}

function modelRows(runs: readonly HistoryRun[]): ModelHistory[] {
  const rows = [...groupBy(runs, (r) => r.model)].map(([model, list]): ModelHistory => {
    const passed = passes(list)
    const stepMs = stepTimes(list)
    return {
      model,
      runs: list.length,
      passed,
      passRate: passed / list.length,
      meanScore: Math.round((sum(list.map((r) => r.score)) / list.length) * 1000) / 1000,
      costUsd: sum(list.map((r) => r.costUsd)),
      stepP50Ms: percentile(stepMs, 50),
      stepP90Ms: percentile(stepMs, 90),
    }
  })
  return rows.sort((a, b) => b.passRate - a.passRate || b.meanScore - a.meanScore || a.model.localeCompare(b.model))
}

const passes = (runs: readonly HistoryRun[]): number => runs.filter((r) => r.outcome === 'passed').length

/** Every step's time in all (model and harness), ms, from the steps or, in a store's listing, their times. */
const stepTimes = (runs: readonly HistoryRun[]): number[] => runs.flatMap((r) => (r.stepList.length ? r.stepList.map((s) => s.modelMs + s.harnessMs) : (r.stepMs ?? [])))

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const item of items) {
    const k = key(item)
    const list = groups.get(k)
    if (list) list.push(item)
    else groups.set(k, [item])
  }
  return groups
}
