// Benchmark scores (issue §6): one composite number per test in [0, 1] and the suite's aggregates,
// computed from traces alone so a report, a leaderboard and a CLI rebuild all agree.
import type { Failure, FailureType } from './failures.ts'
import type { Trace, TraceRun } from './trace.ts'

export const SCORE_WEIGHTS = { outcome: 0.5, efficiency: 0.2, reliability: 0.2, cost: 0.1 } as const

/** How much one failure costs reliability: cosmetic slips little, a wrong verdict or a crash everything. */
export const FAILURE_SEVERITY: Record<FailureType, number> = {
  out_of_bounds: 0.1,
  repeated_action: 0.1,
  blank_frame: 0.2,
  malformed_action: 0.25,
  unknown_action: 0.25,
  empty_response: 0.25,
  action_error: 0.25,
  no_progress: 0.25,
  replay_drift: 0.5,
  context_overflow: 0.5,
  provider_error: 0.5,
  verifier_error: 0.5,
  agent_reported_failure: 0.5,
  max_steps_exceeded: 0.5,
  budget_exceeded: 0.5,
  false_success: 1,
  target_crashed: 1,
}

export interface ScoreOptions {
  /** A test's cost budget when its runs set none (maxCostUsd), in dollars (default 0.25). */
  budgetUsd?: number
}

export const DEFAULT_BUDGET_USD = 0.25

export interface TestScore {
  score: number
  outcome: number
  efficiency: number
  reliability: number
  cost: number
  steps: number
  maxSteps: number
  expectedSteps: number
  tokens: number
  costUsd: number
  failures: Failure[]
}

/** 1 up to the expected step count, falling linearly to 0 at maxSteps. */
export function efficiencyScore(steps: number, expected: number, max: number): number {
  if (steps <= expected) return 1
  if (steps >= max) return 0
  return 1 - (steps - expected) / (max - expected)
}

/** 1 minus the severity-weighted failures, never below 0. */
export function reliabilityScore(failures: readonly Failure[]): number {
  return Math.max(0, 1 - failures.reduce((sum, f) => sum + FAILURE_SEVERITY[f.type], 0))
}

/** 1 up to the budget, falling linearly to 0 at three times it. */
export function costScore(costUsd: number, budgetUsd: number): number {
  if (costUsd <= budgetUsd) return 1
  if (costUsd >= 3 * budgetUsd) return 0
  return 1 - (costUsd - budgetUsd) / (2 * budgetUsd)
}

/** The expected step count of a run: its own, else a third of its step budget. */
export function expectedStepsOf(run: TraceRun): number {
  return run.expectedSteps ?? Math.max(1, Math.ceil((run.maxSteps ?? run.steps.length) / 3))
}

/** Every failure of a test, each once (a run lists its steps' failures too). */
export function traceFailures(trace: Trace): Failure[] {
  const seen = new Map<string, Failure>()
  for (const run of trace.runs) {
    for (const f of [...run.failures, ...run.steps.flatMap((s) => s.failures)]) seen.set(`${f.type}|${f.step ?? ''}|${f.message}`, f)
  }
  return [...seen.values()]
}

/** A test's score: the outcome is whether the test passed, i.e. the verdict matched what it expects. */
export function scoreTrace(trace: Trace, options: ScoreOptions = {}): TestScore {
  const agentRuns = trace.runs.filter((r) => r.kind === 'agent')
  const steps = sum(agentRuns.map((r) => r.steps.length))
  const maxSteps = sum(agentRuns.map((r) => r.maxSteps ?? r.steps.length))
  const expectedSteps = sum(agentRuns.map(expectedStepsOf))
  const tokens = sum(trace.runs.map((r) => r.usage.inputTokens + r.usage.outputTokens))
  const costUsd = sum(trace.runs.map((r) => r.usage.costUsd))
  const budgets = trace.runs.map((r) => r.maxCostUsd).filter((b): b is number => b !== undefined)
  const budgetUsd = budgets.length ? sum(budgets) : (options.budgetUsd ?? DEFAULT_BUDGET_USD)
  const failures = traceFailures(trace)
  const parts = {
    outcome: trace.status === 'passed' ? 1 : 0,
    efficiency: agentRuns.length ? efficiencyScore(steps, expectedSteps, maxSteps) : 1,
    reliability: reliabilityScore(failures),
    cost: costScore(costUsd, budgetUsd),
  }
  const score = (Object.keys(SCORE_WEIGHTS) as (keyof typeof SCORE_WEIGHTS)[]).reduce((s, k) => s + SCORE_WEIGHTS[k] * parts[k], 0)
  return { score: round(score), ...parts, steps, maxSteps, expectedSteps, tokens, costUsd, failures }
}

export interface SuiteSummary {
  tests: number
  passed: number
  failed: number
  passRate: number
  meanScore: number
  steps: number
  tokens: number
  costUsd: number
  /** The tests' durations added up, ms. */
  durationMs: number
  failureCounts: Partial<Record<FailureType, number>>
}

/** The suite's aggregates over scored tests. */
export function summarizeSuite(tests: readonly { trace: Trace; score: TestScore }[]): SuiteSummary {
  const passed = tests.filter((t) => t.trace.status === 'passed').length
  const failureCounts: Partial<Record<FailureType, number>> = {}
  for (const f of tests.flatMap((t) => t.score.failures)) failureCounts[f.type] = (failureCounts[f.type] ?? 0) + 1
  return {
    tests: tests.length,
    passed,
    failed: tests.length - passed,
    passRate: tests.length ? passed / tests.length : 0,
    meanScore: tests.length ? round(sum(tests.map((t) => t.score.score)) / tests.length) : 0,
    steps: sum(tests.map((t) => t.score.steps)),
    tokens: sum(tests.map((t) => t.score.tokens)),
    costUsd: sum(tests.map((t) => t.score.costUsd)),
    durationMs: sum(tests.map((t) => t.trace.durationMs ?? 0)),
    failureCounts,
  }
}

export function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0)
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000
}
