// Two runs of a test side by side, step by step, from their history records alone: where they
// went apart (actions, status, verdict, failure types) and what each cost in all. Steps align by
// call and by their order within the call, so a run that took more steps in one agent.do still
// lines up with the other from its next call on.
import type { FailureType } from './failures.ts'
import type { HistoryRun, HistoryStep } from './history.ts'
import { testKey } from './history-stats.ts'

/** What differs in a row: 'missing' when only one run has the step, 'ask' when the call's instruction changed. */
export type StepDifference = 'missing' | 'ask' | 'actions' | 'status' | 'verdict' | 'failures'

export interface CompareRow {
  call: number
  /** The step's place within its call, 1-based. */
  order: number
  a?: HistoryStep
  b?: HistoryStep
  differs: StepDifference[]
}

export interface RunTotals {
  steps: number
  costUsd: number
  modelMs: number
  harnessMs: number
  outcome: HistoryRun['outcome']
  failureTypes: FailureType[]
}

export interface RunComparison {
  a: HistoryRun
  b: HistoryRun
  /** False when the runs are of different tests (a comparison still, but rarely meant). */
  sameTest: boolean
  rows: CompareRow[]
  totals: { a: RunTotals; b: RunTotals }
  /** Totals that differ: counts, outcome and failure types exactly, cost and times by more than NOISE. */
  totalsDiffer: (keyof RunTotals)[]
}

/** Cost and time that differ by less than this share of the larger are run-to-run noise. */
export const NOISE = 0.1
/** Points (clicks, drags) this close in both coordinates count as the same target: a model rarely hits the same pixel twice. */
export const NEAR_PX = 16

export function compareRuns(a: HistoryRun, b: HistoryRun): RunComparison {
  const ta = totals(a)
  const tb = totals(b)
  const apart = (x: number, y: number) => Math.abs(x - y) > NOISE * Math.max(Math.abs(x), Math.abs(y))
  const totalsDiffer = (Object.keys(ta) as (keyof RunTotals)[]).filter((k) =>
    k === 'costUsd' || k === 'modelMs' || k === 'harnessMs' ? apart(ta[k], tb[k]) : String(ta[k]) !== String(tb[k]),
  )
  return { a, b, sameTest: testKey(a) === testKey(b), rows: alignSteps(a.stepList, b.stepList), totals: { a: ta, b: tb }, totalsDiffer }
}

function totals(r: HistoryRun): RunTotals {
  return { steps: r.steps, costUsd: r.costUsd, modelMs: r.modelMs, harnessMs: r.harnessMs, outcome: r.outcome, failureTypes: [...r.failureTypes].sort() }
}

function alignSteps(a: readonly HistoryStep[], b: readonly HistoryStep[]): CompareRow[] {
  const byCall = (steps: readonly HistoryStep[]) => {
    const calls = new Map<number, HistoryStep[]>()
    for (const s of steps) {
      const list = calls.get(s.call)
      if (list) list.push(s)
      else calls.set(s.call, [s])
    }
    return calls
  }
  const callsA = byCall(a)
  const callsB = byCall(b)
  const calls = [...new Set([...callsA.keys(), ...callsB.keys()])].sort((x, y) => x - y)
  return calls.flatMap((call) => {
    const sa = callsA.get(call) ?? []
    const sb = callsB.get(call) ?? []
    return Array.from({ length: Math.max(sa.length, sb.length) }, (_, i) => row(call, i + 1, sa[i], sb[i]))
  })
}

function row(call: number, order: number, a: HistoryStep | undefined, b: HistoryStep | undefined): CompareRow {
  const r = { call, order, ...(a && { a }), ...(b && { b }) }
  if (!a || !b) return { ...r, differs: ['missing'] }
  const differs: StepDifference[] = []
  if (a.ask !== b.ask) differs.push('ask')
  if (!sameActions(a, b)) differs.push('actions')
  if (a.status !== b.status) differs.push('status')
  if (a.verdict !== b.verdict) differs.push('verdict')
  if ([...a.failureTypes].sort().join() !== [...b.failureTypes].sort().join()) differs.push('failures')
  return { ...r, differs }
}

const POINT = /\((-?\d+), (-?\d+)\)/g

/** The same action kinds with the same text (typed text, keys), at points at most NEAR_PX apart. */
export function sameActions(a: Pick<HistoryStep, 'actions' | 'actionText'>, b: Pick<HistoryStep, 'actions' | 'actionText'>): boolean {
  const ta = a.actionText ?? ''
  const tb = b.actionText ?? ''
  if (a.actions.join() !== b.actions.join() || ta.replace(POINT, '()') !== tb.replace(POINT, '()')) return false
  const pb = [...tb.matchAll(POINT)]
  return [...ta.matchAll(POINT)].every((m, i) => Math.abs(Number(m[1]) - Number(pb[i]![1])) <= NEAR_PX && Math.abs(Number(m[2]) - Number(pb[i]![2])) <= NEAR_PX)
}
