// agent.waitFor: a described state that takes time. The cold verifier is asked again only when the
// screen changed since the last look (an unchanged frame costs no call), until YES or the deadline.
import { raceAbort } from '../core/abort.ts'
import { detectBudgetExceeded, type Budgets } from '../core/budgets.ts'
import { errorMessage } from '../core/errors.ts'
import type { Frame } from '../core/frame.ts'
import { ZERO_USAGE, addUsage } from '../core/model.ts'
import type { TraceRead } from '../core/trace.ts'
import { freshFrame } from './look.ts'
import type { ReadDeps } from './query.ts'

/** How long to wait and how often to look; the budgets bound the calls as they bound agent.do. */
export interface WaitForOptions extends Budgets {
  /** How long the state may take, ms (default 10 s). */
  timeoutMs?: number
  /** Pause between looks, ms (default 500). */
  intervalMs?: number
  signal?: AbortSignal
}

/** A state that takes longer than 10 s is a flow for agent.do, not a wait. */
export const WAIT_FOR_DEFAULTS = { timeoutMs: 10_000, intervalMs: 500 } as const

/** The read as the trace keeps it; `cause` when a call failed (a state that never came has none). */
export interface WaitForOutcome {
  read: TraceRead
  cause?: unknown
}

/** Never throws, like queryScreen: the deadline and a failed call are both in `read.error`. */
export async function waitForState({ screen, model, sink }: ReadDeps, condition: string, options: WaitForOptions = {}): Promise<WaitForOutcome> {
  const { timeoutMs = WAIT_FOR_DEFAULTS.timeoutMs, intervalMs = WAIT_FOR_DEFAULTS.intervalMs, signal } = options
  const started = performance.now()
  const deadline = started + timeoutMs
  const read: TraceRead = { verb: 'waitFor', ask: condition, passed: false, looks: 0, calls: 0, usage: { ...ZERO_USAGE }, ms: 0 }
  let last: Frame | undefined
  let cause: unknown
  try {
    for (;;) {
      const frame = await freshFrame(screen, signal)
      read.looks! += 1
      if (frame.hash !== last?.hash) {
        last = frame
        read.calls! += 1
        read.frame = await sink.saveFrame(frame, 'phase', `waitFor look ${read.looks}: ${condition}`)
        read.frameHash = frame.phash
        const verdict = await raceAbort(model.verify(condition, frame, { signal }), signal)
        if (verdict.frame) {
          last = verdict.frame
          read.frame = await sink.saveFrame(verdict.frame, 'phase', `waitFor look ${read.looks}: ${condition}`)
          read.frameHash = verdict.frame.phash
        }
        read.evidence = verdict.evidence
        read.usage = addUsage(read.usage, verdict.usage)
        if (verdict.answer === 'YES') {
          read.passed = true
          break
        }
        const over = detectBudgetExceeded(read.usage, options)
        if (over) {
          read.error = `budget_exceeded: ${over.message} after ${read.calls} model call(s); last evidence: ${read.evidence}`
          break
        }
      }
      const left = deadline - performance.now()
      if (left <= 0) break
      await new Promise((resolve) => setTimeout(resolve, Math.min(intervalMs, left)))
    }
    if (!read.passed && read.error === undefined) read.error = `did not hold within ${timeoutMs} ms: ${read.looks} look(s), ${read.calls} model call(s) (an unchanged screen is not asked again); last evidence: ${read.evidence ?? 'none'}`
  } catch (error) {
    read.error = errorMessage(error)
    cause = error
  }
  read.ms = Math.round(performance.now() - started)
  return { read, ...(cause !== undefined && { cause }) }
}
