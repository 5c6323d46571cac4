import { expect, it } from 'vitest'
import { buildLeaderboard, percentile, rowName, runSource } from './leaderboard.ts'
import { ZERO_USAGE } from './model.ts'
import { scoreTrace } from './scoring.ts'
import { traceSchema, type Trace } from './trace.ts'

function trace(model: string, name: string, o: { passed: boolean; steps: number; modelMs: number; costUsd?: number }): Trace {
  const steps = Array.from({ length: o.steps }, (_, i) => ({
    step: i + 1, frame: `step-${i + 1}.png`, frameHash: String(i), actions: [], status: 'continue' as const, usage: { ...ZERO_USAGE },
    timings: { captureMs: 0, modelMs: o.modelMs * (i + 1), actMs: 0, settleMs: 0 }, failures: [],
  }))
  const failures = o.passed ? [] : [{ type: 'max_steps_exceeded' as const, step: o.steps, message: 'no verdict' }]
  return traceSchema.parse({
    schema: 'agentprobe.trace/1', test: { name, file: 'suite.cua.test.ts' }, model, target: { kind: 'x11', width: 10, height: 10 }, versions: {},
    status: o.passed ? 'passed' : 'failed', frames: [], startedAt: '2025-01-01T00:00:00Z', durationMs: 100,
    runs: [{ kind: 'agent', status: o.passed ? 'passed' : 'failed', maxSteps: 10, steps, failures, usage: { ...ZERO_USAGE, costUsd: o.costUsd ?? 0 }, startedAt: '2025-01-01T00:00:00Z' }],
  })
}

const scored = (traces: Trace[]) => traces.map((t) => ({ trace: t, score: scoreTrace(t) }))

it('nearest-rank percentiles', () => {
  expect(percentile([], 50)).toBe(0)
  expect(percentile([5, 1, 3, 2, 4], 50)).toBe(3)
  expect(percentile([10, 20, 30, 40, 50, 60, 70, 80, 90, 100], 90)).toBe(90)
  expect(percentile([7], 90)).toBe(7)
})

it('needs two models', () => {
  expect(buildLeaderboard(scored([trace('a', 'x', { passed: true, steps: 2, modelMs: 1 })]))).toBeUndefined()
})

it('ranks the better model first, on the cases both ran, with figures from the traces', () => {
  const board = buildLeaderboard(
    scored([
      trace('looper', 'one', { passed: false, steps: 10, modelMs: 100 }),
      trace('looper', 'two', { passed: false, steps: 10, modelMs: 100, costUsd: 0.01 }),
      trace('solver', 'one', { passed: true, steps: 2, modelMs: 10 }),
      trace('solver', 'two', { passed: true, steps: 3, modelMs: 10 }),
      trace('solver', 'three', { passed: true, steps: 3, modelMs: 10 }),
    ]),
  )!
  expect(board.rows.map((r) => [r.rank, r.model])).toEqual([[1, 'solver'], [2, 'looper']])
  expect(board.excluded).toEqual(['suite.cua.test.ts › three'])
  expect(board.cases).toHaveLength(2)
  const [solver, looper] = board.rows
  expect(solver).toMatchObject({ tests: 2, passed: 2, passRate: 1, steps: 5, latencyP50Ms: 20, latencyP90Ms: 30 })
  expect(looper).toMatchObject({ tests: 2, passed: 0, passRate: 0, steps: 20, costUsd: 0.01, failureCounts: { max_steps_exceeded: 2 } })
  expect(looper!.latencyP50Ms).toBe(500)
  expect(looper!.latencyP90Ms).toBe(900)
  expect(solver!.meanScore).toBeGreaterThan(looper!.meanScore)
})

it('keeps a replayed run apart from the live model’s, and labels it', () => {
  const cassette = { mode: 'replay' as const, file: 'c.json', recordedBy: 'solver', replayedSteps: 2, liveSteps: 0, replayedVerdicts: 0, liveVerdicts: 0, savedUsd: 0.02 }
  const replayed = { ...trace('solver', 'one', { passed: true, steps: 2, modelMs: 0 }), cassette }
  const partly = { ...trace('solver', 'one', { passed: true, steps: 2, modelMs: 5 }), cassette: { ...cassette, mode: 'auto' as const, liveSteps: 1 } }
  const live = trace('solver', 'one', { passed: false, steps: 4, modelMs: 10 })
  expect([replayed, partly, live].map(runSource)).toEqual(['replayed', 'partly replayed', 'live'])
  const board = buildLeaderboard(scored([live, replayed]))!
  expect(board.rows.map((r) => [r.model, r.source, rowName(r), r.passed])).toEqual([
    ['solver', 'replayed', 'solver (replayed)', 1],
    ['solver', 'live', 'solver', 0],
  ])
  expect(buildLeaderboard(scored([replayed, { ...replayed }]))).toBeUndefined()
})
