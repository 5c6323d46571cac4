import { expect, it } from 'vitest'
import { buildBenchBoard, countVerdicts, judge, stddev, truthProblem, type BenchRunRecord } from './bench-scores.ts'

function run(o: Partial<BenchRunRecord> & Pick<BenchRunRecord, 'model' | 'outcome'>): BenchRunRecord {
  const build = o.build ?? 'mutant'
  const expected = o.expected ?? (build === 'good' ? 'pass' : 'fail')
  return {
    caseId: 'popup/say-hello', category: 'popup', build, repeat: 1, expected, steps: 2, tokens: 100, costUsd: 0.01,
    modelLatenciesMs: [100], failureTypes: [], score: 1, truth: expected === 'pass', ...o,
  }
}

it('judges a verdict against the expected one; errors and unrun runs are not judged', () => {
  expect(judge('fail', 'pass')).toBe('false-pass')
  expect(judge('pass', 'fail')).toBe('false-fail')
  expect(judge('pass', 'pass')).toBe('true-pass')
  expect(judge('fail', 'fail')).toBe('true-fail')
  expect(judge('pass', 'error')).toBeUndefined()
  expect(judge('pass', 'not-run')).toBeUndefined()
})

it('counts the four verdict kinds and accuracy over scored runs only', () => {
  const counts = countVerdicts([
    run({ model: 'm', outcome: 'pass', build: 'good' }),
    run({ model: 'm', outcome: 'pass' }),
    run({ model: 'm', outcome: 'fail' }),
    run({ model: 'm', outcome: 'error' }),
  ])
  expect(counts).toEqual({ scored: 3, truePass: 1, trueFail: 1, falsePass: 1, falseFail: 0, accuracy: 2 / 3 })
  expect(countVerdicts([]).accuracy).toBe(0)
})

it('ranks by accuracy, then fewer false passes; lists false passes; keeps errors and unrun runs out of the scores', () => {
  const board = buildBenchBoard([
    run({ model: 'lax', outcome: 'pass', build: 'good' }),
    run({ model: 'lax', outcome: 'pass', build: 'mutant', caseId: 'sidepanel/open', category: 'sidepanel' }),
    run({ model: 'strict', outcome: 'fail', build: 'good', score: 0.2 }),
    run({ model: 'strict', outcome: 'fail', build: 'mutant', caseId: 'sidepanel/open', category: 'sidepanel' }),
    run({ model: 'good', outcome: 'pass', build: 'good' }),
    run({ model: 'good', outcome: 'fail', build: 'mutant', caseId: 'sidepanel/open', category: 'sidepanel' }),
    run({ model: 'good', outcome: 'error', build: 'mutant', repeat: 2, error: 'browser crashed', costUsd: 0.5, truth: undefined }),
    run({ model: 'good', outcome: 'not-run', build: 'good', repeat: 2, truth: undefined }),
  ])
  expect(board.rows.map((r) => r.model)).toEqual(['good', 'strict', 'lax'])
  const [good, strict, lax] = board.rows
  expect(good).toMatchObject({ rank: 1, scored: 2, accuracy: 1, errors: 1, notRun: 1, runs: 4 })
  // Dollars count every run that spent them, scored or not.
  expect(good!.costUsd).toBeCloseTo(0.53, 10)
  expect(strict).toMatchObject({ falsePass: 0, falseFail: 1, falseFails: ['popup/say-hello [good] #1'], meanScore: 0.6 })
  expect(lax).toMatchObject({ falsePass: 1, falsePasses: ['sidepanel/open [mutant] #1'] })
  expect(lax!.byCategory).toEqual({
    popup: { scored: 1, truePass: 1, trueFail: 0, falsePass: 0, falseFail: 0, accuracy: 1 },
    sidepanel: { scored: 1, truePass: 0, trueFail: 0, falsePass: 1, falseFail: 0, accuracy: 0 },
  })
  expect(board).toMatchObject({ notRun: 1, errors: 1, broken: [], categories: ['popup', 'sidepanel'] })
})

it('variance across repeats: the spread of per-repeat accuracy and mean score', () => {
  const board = buildBenchBoard([
    run({ model: 'm', outcome: 'fail', repeat: 1, score: 1 }),
    run({ model: 'm', outcome: 'pass', repeat: 2, score: 0.5 }),
  ])
  expect(board.rows[0]).toMatchObject({ accuracyStddev: 0.5, scoreStddev: 0.25 })
  expect(stddev([1])).toBe(0)
})

it('a ground truth that disagrees with the expected verdict, or throws, is a broken case, once per case and build', () => {
  const wrong = { caseId: 'storage/save', build: 'mutant' as const, expected: 'fail' as const, truth: true }
  const board = buildBenchBoard([
    run({ model: 'a', outcome: 'pass', ...wrong }),
    run({ model: 'b', outcome: 'fail', ...wrong }),
    run({ model: 'a', outcome: 'pass', build: 'good', truth: undefined, truthError: 'no target matched' }),
    run({ model: 'a', outcome: 'not-run', build: 'good', truth: false }),
  ])
  expect(board.broken).toEqual([
    { caseId: 'popup/say-hello', build: 'good', expected: 'pass', why: 'the ground-truth check threw: no target matched', seen: ['a #1'] },
    { caseId: 'storage/save', build: 'mutant', expected: 'fail', truth: true, why: 'expected fail on the mutant build, but the ground-truth check says the feature works', seen: ['a #1', 'b #1'] },
  ])
  expect(truthProblem(run({ model: 'a', outcome: 'pass', build: 'good' }))).toBeUndefined()
})

it("keeps each browser's runs in rows of their own: Firefox's never mix with Chromium's (nor Android's, which stay in the model's row)", () => {
  const board = buildBenchBoard([
    run({ model: 'm', outcome: 'pass', browser: 'chromium', build: 'good' }),
    run({ model: 'm', outcome: 'pass', caseId: 'android/a', category: 'android', build: 'good' }),
    run({ model: 'm', outcome: 'pass', browser: 'firefox', build: 'mutant', expected: 'fail', truth: true }),
  ])
  expect(board.rows.map((r) => [r.label, r.model, r.browser, r.runs, r.falsePass])).toEqual([
    ['m', 'm', undefined, 2, 0],
    ['m (firefox)', 'm', 'firefox', 1, 1],
  ])
  expect(board.broken.map((b) => b.seen)).toEqual([['m (firefox) #1']])
})
