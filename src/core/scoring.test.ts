import { describe, expect, it } from 'vitest'
import type { Failure } from './failures.ts'
import { ZERO_USAGE } from './model.ts'
import { costScore, efficiencyScore, reliabilityScore, scoreTrace, summarizeSuite } from './scoring.ts'
import { traceSchema, type Trace, type TraceRun, type TraceStep } from './trace.ts'

function step(n: number, failures: Failure[] = []): TraceStep {
  return {
    step: n, frame: `step-${n}.png`, frameHash: String(n), actions: [{ type: 'wait', ms: 1 }], status: 'continue',
    usage: { ...ZERO_USAGE }, timings: { captureMs: 1, modelMs: 10 * n, actMs: 1, settleMs: 1 }, failures,
  }
}

function trace(o: { status?: 'passed' | 'failed'; steps?: number; maxSteps?: number; expectedSteps?: number; costUsd?: number; failures?: Failure[] } = {}): Trace {
  const run: TraceRun = {
    kind: 'agent', status: o.status ?? 'passed', maxSteps: o.maxSteps ?? 15, expectedSteps: o.expectedSteps,
    steps: Array.from({ length: o.steps ?? 3 }, (_, i) => step(i + 1)), failures: o.failures ?? [],
    usage: { ...ZERO_USAGE, inputTokens: 100, outputTokens: 20, costUsd: o.costUsd ?? 0 }, startedAt: '2025-01-01T00:00:00Z',
  }
  return traceSchema.parse({
    schema: 'agentprobe.trace/1', test: { name: 't', file: 'f.ts' }, model: 'm', target: { kind: 'x11', width: 10, height: 10 },
    versions: {}, status: o.status ?? 'passed', runs: [run], frames: [], startedAt: run.startedAt, durationMs: 1000,
  })
}

describe('score components', () => {
  it('efficiency is 1 up to the expected steps and falls linearly to 0 at maxSteps', () => {
    expect(efficiencyScore(3, 5, 15)).toBe(1)
    expect(efficiencyScore(5, 5, 15)).toBe(1)
    expect(efficiencyScore(10, 5, 15)).toBeCloseTo(0.5)
    expect(efficiencyScore(15, 5, 15)).toBe(0)
  })

  it('reliability subtracts severity-weighted failures, floored at 0', () => {
    expect(reliabilityScore([])).toBe(1)
    expect(reliabilityScore([{ type: 'repeated_action', message: '' }])).toBeCloseTo(0.9)
    expect(reliabilityScore([{ type: 'no_progress', message: '' }, { type: 'repeated_action', message: '' }])).toBeCloseTo(0.65)
    expect(reliabilityScore([{ type: 'false_success', message: '' }, { type: 'no_progress', message: '' }])).toBe(0)
  })

  it('cost is 1 up to the budget and 0 at three times it', () => {
    expect(costScore(0.1, 0.1)).toBe(1)
    expect(costScore(0.2, 0.1)).toBeCloseTo(0.5)
    expect(costScore(0.3, 0.1)).toBeCloseTo(0)
    expect(costScore(1, 0.1)).toBe(0)
    expect(costScore(0, 0)).toBe(1)
  })
})

describe('scoreTrace', () => {
  it('a clean pass within the expected steps scores 1', () => {
    expect(scoreTrace(trace({ steps: 3, expectedSteps: 3 })).score).toBe(1)
  })

  it('weighs outcome 0.5, efficiency 0.2, reliability 0.2, cost 0.1', () => {
    const failures: Failure[] = [{ type: 'max_steps_exceeded', step: 15, message: 'no verdict' }]
    const s = scoreTrace(trace({ status: 'failed', steps: 15, maxSteps: 15, failures, costUsd: 0.75 }), { budgetUsd: 0.25 })
    expect(s).toMatchObject({ outcome: 0, efficiency: 0, reliability: 0.5, cost: 0, steps: 15, tokens: 120, costUsd: 0.75 })
    expect(s.score).toBeCloseTo(0.1)
  })

  it('defaults the expected steps to a third of maxSteps', () => {
    const s = scoreTrace(trace({ steps: 10, maxSteps: 15 }))
    expect(s.expectedSteps).toBe(5)
    expect(s.efficiency).toBeCloseTo(0.5)
    expect(s.score).toBeCloseTo(0.5 + 0.1 + 0.2 + 0.1)
  })

  it("counts a step's failure once even though its run lists it too", () => {
    const f: Failure = { type: 'repeated_action', step: 2, message: 'same action' }
    const t = trace({ failures: [f] })
    t.runs[0]!.steps[1]!.failures.push(f)
    expect(scoreTrace(t).failures).toHaveLength(1)
  })
})

it('summarizes a suite: pass rate, mean score, totals and failure counts', () => {
  const tests = [trace(), trace({ status: 'failed', failures: [{ type: 'no_progress', message: '' }] })].map((t) => ({ trace: t, score: scoreTrace(t) }))
  const suite = summarizeSuite(tests)
  expect(suite).toMatchObject({ tests: 2, passed: 1, failed: 1, passRate: 0.5, steps: 6, tokens: 240, durationMs: 2000, failureCounts: { no_progress: 1 } })
  expect(suite.meanScore).toBeCloseTo((tests[0]!.score.score + tests[1]!.score.score) / 2)
})
