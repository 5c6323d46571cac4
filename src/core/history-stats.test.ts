import { describe, expect, it } from 'vitest'
import { historyRun as run } from '../testing/history-runs.ts'
import { filterRuns, flakiness, greenToRed, STRIP_LENGTH, summarizeHistory } from './history-stats.ts'

const day = (d: number, h = 0) => new Date(Date.UTC(2026, 10, d, h)).toISOString()

describe('flakiness', () => {
  it('is flaky when one commit and build both passed and failed', () => {
    const why = flakiness([run('a', day(1)), run('b', day(1, 1), { outcome: 'failed' })])
    expect(why).toMatch(/passed \(a\) and failed \(b\) on commit c1, build b1/)
  })

  it('is steady when the failure came with a new build, and when it fails every time', () => {
    expect(flakiness([run('a', day(1)), run('b', day(2), { outcome: 'failed', build: 'b2', commit: 'c2' })])).toBeUndefined()
    expect(flakiness([1, 2, 3].map((d) => run(`r${d}`, day(d), { outcome: 'failed', commit: `c${d}` })))).toBeUndefined()
  })

  it('is flaky on pass, fail, pass with one build across commits that changed nothing the test runs', () => {
    const runs = [run('a', day(1), { commit: 'c1' }), run('b', day(2), { commit: 'c2', outcome: 'failed' }), run('c', day(3), { commit: 'c3' })]
    expect(flakiness(runs)).toMatch(/passed, failed \(b\), passed on build b1/)
    expect(flakiness(runs.map((r, i) => ({ ...r, build: `b${i}` })))).toBeUndefined()
  })

  it('is steady when the test itself was edited between the runs (watch mode, one commit)', () => {
    expect(flakiness([run('a', day(1), { testHash: 't1' }), run('b', day(1, 1), { outcome: 'failed', testHash: 't2' })])).toBeUndefined()
    const flip = ['t1', 't2', 't2'].map((testHash, i) => run(`r${i}`, day(i + 1), { commit: `c${i}`, testHash, outcome: i === 1 ? 'failed' : 'passed' }))
    expect(flakiness(flip)).toBeUndefined()
  })

  it('compares runs of one model only: passing on one model and failing on another is not flaky', () => {
    expect(flakiness([run('a', day(1), { model: 'openai/x' }), run('b', day(1), { model: 'offline', outcome: 'failed' })])).toBeUndefined()
  })

  it('compares runs of one project only: passing in one language of a matrix and failing in another is not flaky', () => {
    const matrix = [run('en', day(1), { project: 'cua (en)' }), run('ar', day(1), { project: 'cua (ar)', outcome: 'failed' })]
    expect(flakiness(matrix)).toBeUndefined()
    expect(flakiness([...matrix, run('ar2', day(1, 1), { project: 'cua (ar)' })])).toMatch(/passed \(ar2\) and failed \(ar\)/)
  })
})

describe('greenToRed', () => {
  it("is the newest pass followed by a failure on one model's runs", () => {
    const runs = [
      run('p1', day(1)), run('f1', day(2), { outcome: 'failed' }), run('p2', day(3)),
      run('m-pass', day(4), { model: 'other' }), run('p3', day(5)), run('m-fail', day(6), { model: 'other', outcome: 'failed' }), run('f2', day(7), { outcome: 'failed' }),
    ]
    expect(greenToRed(runs)).toEqual({ green: 'p3', red: 'f2' })
    expect(greenToRed(runs.slice(0, 6))).toEqual({ green: 'm-pass', red: 'm-fail' })
    expect(greenToRed([run('f', day(1), { outcome: 'failed' }), run('p', day(2))])).toBeUndefined()
  })

  it('does not turn red across the projects of a matrix: English green, then Arabic red', () => {
    expect(greenToRed([run('en', day(1), { project: 'cua (en)' }), run('ar', day(2), { project: 'cua (ar)', outcome: 'failed' })])).toBeUndefined()
  })
})

describe('summarizeHistory', () => {
  const runs = [
    run('a', day(1), { costUsd: 0.5, model: 'm1' }),
    run('b', day(1, 2), { outcome: 'failed', failureTypes: ['false_success'], model: 'm1', costUsd: 0.25 }),
    run('c', day(2), { test: 'steady', model: 'm2', source: 'replayed', failureTypes: ['replay_drift'], outcome: 'failed' }),
    run('d', day(3), { test: 'steady', model: 'm2', source: 'replayed', harnessMs: 9000, build: 'b2' }),
  ]
  const s = summarizeHistory(runs)

  it('lists the flaky test first, with its runs and outcomes oldest first', () => {
    expect(s.tests.map((t) => [t.test, t.runs, t.passed, t.failed, t.flaky])).toEqual([
      ['opens the popup', 2, 1, 1, true],
      ['steady', 2, 1, 1, false],
    ])
    expect(s.tests[0]!.strip.map((c) => c.id)).toEqual(['a', 'b'])
    expect(s.tests[0]!.lastFailure?.id).toBe('b')
  })

  it('counts failure types, cost by day, drift among replayed runs, and ranks the models', () => {
    expect(s.failureCounts).toEqual({ false_success: 1, replay_drift: 1 })
    expect(s.days.map((d) => [d.day, d.runs, d.costUsd])).toEqual([['2026-11-01', 2, 0.75], ['2026-11-02', 1, 0.001], ['2026-11-03', 1, 0.001]])
    expect([s.replayedRuns, s.replayDriftRate]).toEqual([2, 0.5])
    expect(s.models.map((m) => [m.model, m.runs, m.passRate])).toEqual([['m1', 2, 0.5], ['m2', 2, 0.5]])
    expect(s.slowest[0]).toMatchObject({ key: 'popup.cua.test.ts › steady' })
    expect([s.from, s.to]).toEqual([day(1), day(3)])
  })

  it('counts the failed runs no failure type names (the test\'s own expect said no)', () => {
    expect(s.untypedFailures).toBe(0)
    expect(summarizeHistory([...runs, run('e', day(4), { outcome: 'failed', error: 'expected the screen to verify' })]).untypedFailures).toBe(1)
  })

  it('keeps a strip of the last runs only', () => {
    const many = Array.from({ length: STRIP_LENGTH + 5 }, (_, i) => run(`r${String(i).padStart(3, '0')}`, new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString()))
    const strip = summarizeHistory(many).tests[0]!.strip
    expect(strip).toHaveLength(STRIP_LENGTH)
    expect(strip.at(-1)!.id).toBe(`r0${STRIP_LENGTH + 4}`)
  })

  it('filters by time, model and a part of the test name', () => {
    expect(filterRuns(runs, { since: day(2) }).map((r) => r.id)).toEqual(['c', 'd'])
    expect(filterRuns(runs, { model: 'm1', test: 'POPUP' }).map((r) => r.id)).toEqual(['a', 'b'])
  })
})
