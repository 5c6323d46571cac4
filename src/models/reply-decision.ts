// What both wire formats do with a judged reply, written once: forgiving a malformed action once,
// nudging a reply with neither an action nor a verdict, and ending the run on a verdict or a failure.
import type { Failure } from '../core/failures.ts'
import type { Decision } from '../core/model.ts'
import { forgiveMalformedOnce, type ReplyJudgement } from '../core/reply-checks.ts'

/** The part of a conversation that counts nudges and forgiven mistakes in a row. */
export interface Strikes {
  strikes: number
  nudge?: 'no_verdict' | 'empty'
}

/** Drops a first malformed action (the model is told instead) and counts it; a clean reply resets the count. */
export function forgiveOnce(failures: readonly Failure[], c: Strikes, notes: string[]): { failures: Failure[]; told: string } {
  const { failures: kept, forgiven } = forgiveMalformedOnce(failures, c.strikes)
  const told = forgiven.map((f) => f.message).join('; ')
  if (told) notes.push(`malformed, forgiven once: ${told}`)
  c.nudge = undefined
  c.strikes = told ? c.strikes + 1 : 0
  return { failures: kept, told }
}

/**
 * The decision for a reply judged not to act. `end` is true when the run is over (a verdict or a
 * failure); `text` is the reply's own text, the reason when a verdict gives none.
 */
export function decideWithoutActions(
  judgement: Exclude<ReplyJudgement, { kind: 'act' }>,
  c: Strikes,
  base: Omit<Decision, 'status' | 'actions'> & { notes: string[] },
  text: string | undefined,
): { decision: Decision; end: boolean } {
  switch (judgement.kind) {
    case 'verdict':
      return { decision: { status: judgement.verdict.status, actions: [], ...base, text: judgement.verdict.reason || text }, end: true }
    case 'nudge':
      c.nudge = judgement.problem
      c.strikes++
      base.notes.push(judgement.problem === 'empty' ? 'empty reply: nudged once' : 'reply without an action or TEST_PASSED/TEST_FAILED: nudged once')
      return { decision: { status: 'continue', actions: [], ...base }, end: false }
    case 'failure':
      return { decision: { status: 'continue', actions: [], failures: [judgement.failure], ...base }, end: true }
    default:
      return judgement satisfies never
  }
}
