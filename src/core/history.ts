// Run history's record: one row per test run and one per step, built purely from a finished
// trace (already redacted on disk) and where the run happened. Stores, analytics, the CLI and the
// History view all speak this type.
import { describeAction } from './action.ts'
import type { FailureType } from './failures.ts'
import { runSource, type RunSource } from './leaderboard.ts'
import { scoreTrace, sum } from './scoring.ts'
import type { Trace } from './trace.ts'
import { browserName } from './variant.ts'

export interface HistoryStep {
  /** 1-based, in the order the test made them, across its agent.do, verify and read calls. */
  index: number
  /** Which call of the test (1-based) the step belongs to. */
  call: number
  kind: 'agent' | 'verify' | 'query' | 'locate' | 'waitFor'
  /** The instruction, question or description, as the test wrote it. */
  ask?: string
  /** Action kinds in order (agent steps), e.g. ['click', 'type']. */
  actions: string[]
  /** The actions as the report shows them (typed secrets masked). */
  actionText?: string
  status: 'continue' | 'passed' | 'failed'
  /** A verdict's or read's answer: YES / NO, or what the model said it saw. */
  verdict?: string
  failureTypes: FailureType[]
  frameHash?: string
  modelMs: number
  /** Capture, acting and settling: the harness's share of the step. */
  harnessMs: number
  costUsd: number
}

export interface RunContext {
  /** The test framework's project (Vitest project name), when it has one. */
  project?: string
  commit?: string
  branch?: string
  /** The CI job, as the CI's environment names it (e.g. GitHub's run id and job). */
  ciJob?: string
  /** '2/4' when the run was one shard of four. */
  shard?: string
}

export interface HistoryRun extends RunContext {
  id: string
  startedAt: string
  test: string
  file?: string
  /** 'browser' or 'android'. */
  target: string
  /** 'chromium' for the browser target; absent on Android. */
  browser?: string
  model: string
  source: RunSource
  outcome: 'passed' | 'failed'
  failureTypes: FailureType[]
  /** Agent steps taken. */
  steps: number
  tokens: number
  costUsd: number
  modelMs: number
  harnessMs: number
  score: number
  /** A fingerprint of the extension build the test ran against. */
  build?: string
  /** A fingerprint of the test file's source: a test edited between two runs is not the same test. */
  testHash?: string
  artifactsDir?: string
  /** A kept copy of a failed run's GIF (the artifacts folder is overwritten by the next run). */
  gif?: string
  /** The first line of the error, redacted as the trace is. */
  error?: string
  /** The steps; a store's listing leaves them out (empty) and gives stepMs instead. */
  stepList: HistoryStep[]
  /** Each step's time in all (model and harness), ms, when the list above was not loaded. */
  stepMs?: number[]
}

/** The run record of a finished trace. `id` is the caller's (unique per run). */
export function historyRecord(trace: Trace, where: RunContext & { id: string; artifactsDir?: string; gif?: string; testHash?: string }): HistoryRun {
  const score = scoreTrace(trace)
  const stepList = historySteps(trace)
  const modelMs = sum(stepList.map((s) => s.modelMs))
  const durationMs = trace.durationMs ?? sum(trace.runs.map((r) => r.durationMs ?? 0))
  return {
    ...where,
    startedAt: trace.startedAt,
    test: trace.test.name,
    ...(trace.test.file !== undefined && { file: trace.test.file }),
    target: trace.target.kind === 'android' ? 'android' : 'browser',
    ...(trace.target.kind !== 'android' && { browser: browserName(trace.versions.browser) }),
    model: trace.model,
    source: runSource(trace),
    outcome: trace.status === 'passed' ? 'passed' : 'failed',
    failureTypes: [...new Set(score.failures.map((f) => f.type))],
    steps: score.steps,
    tokens: score.tokens,
    costUsd: score.costUsd,
    modelMs: Math.round(modelMs),
    harnessMs: Math.max(0, Math.round(durationMs - modelMs)),
    score: score.score,
    ...(trace.versions.build !== undefined && { build: trace.versions.build }),
    ...(trace.error !== undefined && { error: trace.error.split('\n')[0]!.slice(0, 500) }),
    stepList,
  }
}

function historySteps(trace: Trace): HistoryStep[] {
  const steps: HistoryStep[] = []
  trace.runs.forEach((run, i) => {
    const ask = run.instruction ?? run.verification?.question ?? run.read?.ask
    const base = { call: i + 1, kind: run.kind, ...(ask !== undefined && { ask }) }
    for (const s of run.steps) {
      steps.push({
        ...base,
        index: steps.length + 1,
        actions: s.actions.map((a) => a.type),
        ...(s.actions.length > 0 && { actionText: s.actions.map(describeAction).join('; ') }),
        status: s.status,
        failureTypes: s.failures.map((f) => f.type),
        frameHash: s.frameHash,
        modelMs: Math.round(s.timings.modelMs),
        harnessMs: Math.round(s.timings.captureMs + s.timings.actMs + s.timings.settleMs),
        costUsd: s.usage.costUsd,
      })
    }
    const verdict = run.verification ?? run.read
    if (verdict) {
      const answer = run.verification?.answer ?? (run.read?.value !== undefined ? JSON.stringify(run.read.value) : run.read?.evidence)
      steps.push({
        ...base,
        index: steps.length + 1,
        actions: [],
        status: verdict.passed ? 'passed' : 'failed',
        ...(answer !== undefined && { verdict: answer.slice(0, 300) }),
        failureTypes: run.failures.map((f) => f.type),
        ...(verdict.frameHash !== undefined && { frameHash: verdict.frameHash }),
        modelMs: Math.round(verdict.ms),
        harnessMs: 0,
        costUsd: verdict.usage.costUsd,
      })
    }
  })
  return steps
}

