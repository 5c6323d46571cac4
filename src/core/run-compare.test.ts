import { describe, expect, it } from 'vitest'
import { historyRun as run, historyStep as step } from '../testing/history-runs.ts'
import { compareRuns, NEAR_PX, sameActions } from './run-compare.ts'

const verdict = (index: number, call: number, answer: 'YES' | 'NO') =>
  step({ index, call, actions: [], actionText: undefined, status: answer === 'YES' ? 'passed' : 'failed', verdict: answer, harnessMs: 0, ...(answer === 'NO' && { failureTypes: ['false_success'] }) })

// A passed in two agent steps and a YES; B took a third step, got a NO, then both read the page.
const a = run('aaaaaaaa-1', '2026-11-01T10:00:00.000Z', {
  steps: 2,
  stepList: [
    step({ index: 1, status: 'continue' }),
    step({ index: 2, actionText: 'type "hello"', actions: ['type'], status: 'continue' }),
    verdict(3, 1, 'YES'),
    step({ index: 4, call: 2, kind: 'query', ask: 'What is the count?', actions: [], actionText: undefined, verdict: '3' }),
  ],
})
const b = run('bbbbbbbb-2', '2026-11-02T10:00:00.000Z', {
  outcome: 'failed',
  failureTypes: ['false_success'],
  steps: 3,
  costUsd: 0.0015,
  stepList: [
    step({ index: 1, status: 'continue', actionText: 'click (14, 25)' }),
    step({ index: 2, actionText: 'type "hullo"', actions: ['type'], status: 'continue', failureTypes: ['no_progress'] }),
    step({ index: 3, status: 'continue', actionText: 'click (400, 300)' }),
    verdict(4, 1, 'NO'),
    step({ index: 5, call: 2, kind: 'query', ask: 'What is the count?', actions: [], actionText: undefined, verdict: '3' }),
  ],
})

describe('compareRuns', () => {
  const c = compareRuns(a, b)

  it('aligns steps by call and order within the call, and marks what differs per row', () => {
    expect(c.rows.map((r) => [r.call, r.order, r.a?.index, r.b?.index, r.differs])).toEqual([
      [1, 1, 1, 1, []],
      [1, 2, 2, 2, ['actions', 'failures']],
      [1, 3, 3, 3, ['actions', 'status', 'verdict']],
      [1, 4, undefined, 4, ['missing']],
      [2, 1, 4, 5, []],
    ])
  })

  it('totals: outcome, steps and failure types differ; a cost within the noise does not', () => {
    expect(c.totals.a).toMatchObject({ outcome: 'passed', steps: 2, failureTypes: [] })
    expect(c.totals.b).toMatchObject({ outcome: 'failed', steps: 3, failureTypes: ['false_success'] })
    expect(c.totalsDiffer).toEqual(['steps', 'costUsd', 'outcome', 'failureTypes'])
    expect(compareRuns(a, { ...a, costUsd: 0.00105, modelMs: 850 }).totalsDiffer).toEqual([])
    expect(c.sameTest).toBe(true)
    expect(compareRuns(a, { ...a, test: 'another' }).sameTest).toBe(false)
  })

  it('marks a changed instruction, and a run compared with itself differs nowhere', () => {
    const changed = compareRuns(a, { ...a, stepList: a.stepList.map((s) => (s.call === 2 ? { ...s, ask: 'How many?' } : s)) })
    expect(changed.rows.at(-1)!.differs).toEqual(['ask'])
    const same = compareRuns(a, a)
    expect(same.rows.every((r) => r.differs.length === 0)).toBe(true)
    expect(same.totalsDiffer).toEqual([])
  })
})

describe('sameActions', () => {
  const at = (actionText: string, actions = ['click']) => ({ actions, actionText })

  it(`counts points at most ${NEAR_PX} px apart as one target, and compares the rest exactly`, () => {
    expect(sameActions(at('click (100, 200)'), at(`click (${100 + NEAR_PX}, 190)`))).toBe(true)
    expect(sameActions(at('click (100, 200)'), at(`click (${101 + NEAR_PX}, 200)`))).toBe(false)
    expect(sameActions(at('click (1, 2)'), at('right click (1, 2)'))).toBe(false)
    expect(sameActions(at('type "a"', ['type']), at('type "b"', ['type']))).toBe(false)
    expect(sameActions(at('click (1, 2)'), at('double click (1, 2)', ['double_click']))).toBe(false)
    expect(sameActions({ actions: [] }, { actions: [] })).toBe(true)
  })
})
