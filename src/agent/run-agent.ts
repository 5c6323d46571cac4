// The vision-action loop (DESIGN §3): capture → model → detectors → act → settle, until the
// model passes or fails, a budget is spent, or the target dies. Every step is recorded as it
// happens, so a run that throws still leaves its trace.
import { randomUUID } from 'node:crypto'
import { describeAction, type Action } from '../core/action.ts'
import { detectBudgetExceeded } from '../core/budgets.ts'
import { errorMessage } from '../core/errors.ts'
import {
  clampAction,
  detectNoProgress,
  detectOutOfBounds,
  detectRepeatedAction,
  FATAL_FAILURES,
  type ActedStep,
  type Failure,
} from '../core/failures.ts'
import { isBlankFrame } from '../core/frame.ts'
import { ZERO_USAGE, addUsage, type Decision, type Model, type StepOutcome } from '../core/model.ts'
import { waitForChange, type Screen } from '../core/screen.ts'
import type { TraceRun, TraceSink, TraceStep, TraceVerification } from '../core/trace.ts'
import { AGENT_DEFAULTS, type AgentOptions } from './options.ts'
import { classifyError } from './classify-error.ts'
import { verifyScreen } from './verify.ts'

export interface AgentDeps {
  screen: Screen
  model: Model
  sink: TraceSink
  /** Called after each step is recorded (live progress). */
  onStep?: (step: TraceStep, run: TraceRun) => void
}

export interface AgentResult {
  status: 'passed' | 'failed'
  reason: string
  run: TraceRun
  /** The last frame the model saw, relative to the trace folder. */
  lastFrame?: string
  verification?: TraceVerification
}

export async function runAgent(deps: AgentDeps, instruction: string, options: AgentOptions = {}): Promise<AgentResult> {
  const { screen, model, sink } = deps
  const maxSteps = options.maxSteps ?? AGENT_DEFAULTS.maxSteps
  const timeout = AbortSignal.timeout(options.timeoutMs ?? AGENT_DEFAULTS.timeoutMs)
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout
  const settle = { ...AGENT_DEFAULTS.settle, ...options.settle, captureNext: true, signal }
  const started = performance.now()
  const run: TraceRun = {
    kind: 'agent',
    instruction,
    status: 'running',
    maxSteps,
    steps: [],
    failures: [],
    usage: { ...ZERO_USAGE },
    startedAt: new Date().toISOString(),
  }
  sink.addRun(run)
  const runId = randomUUID()
  const history: StepOutcome[] = []
  const acted: ActedStep[] = []
  const hashesAfterActing: string[] = []
  let lastFrame: string | undefined
  let verification: TraceVerification | undefined

  const finish = async (status: 'passed' | 'failed', reason: string, failure?: Failure): Promise<AgentResult> => {
    if (failure && !run.failures.includes(failure)) run.failures.push(failure)
    run.status = status
    run.reason = reason
    run.durationMs = Math.round(performance.now() - started)
    if (verification) run.verification = verification
    await sink.flush()
    return { status, reason, run, lastFrame, verification }
  }

  for (let step = 1; step <= maxSteps; step++) {
    const failures: Failure[] = []
    const notes: string[] = []
    const timings = { captureMs: 0, modelMs: 0, actMs: 0, settleMs: 0 }
    let decision: Decision
    let frameHash = ''
    let sentFrame: string | undefined
    let saving: Promise<string> | undefined
    try {
      let t = performance.now()
      // Later steps look at a screen settled after acting; the first one settles too: what the test
      // did just before (a page opened over DevTools, a shortcut) may still be drawing.
      if (step === 1) await screen.settle({ stableMs: settle.stableMs, timeoutMs: settle.timeoutMs, captureNext: true, signal })
      let frame = await screen.capture()
      // Input that left the screen exactly as it was decided on has not been drawn yet (a loaded
      // machine), or did nothing: a model given that frame again would act on what is gone.
      const before = acted.at(-1)
      if (before?.step === step - 1 && before.frameHash === frame.hash && before.actions.some((a) => a.type !== 'wait' && a.type !== 'move')) {
        const later = await waitForChange(screen, frame, { timeoutMs: AGENT_DEFAULTS.lateReactionMs, signal })
        if (later) await screen.settle(settle)
        frame = later ? await screen.capture() : frame
        notes.push(later ? `the screen had not changed since step ${before.step}'s actions when settled; it did ${Math.round(performance.now() - t)} ms after this step began` : `no change on screen within ${AGENT_DEFAULTS.lateReactionMs} ms after step ${before.step}'s actions`)
      }
      timings.captureMs = Math.round(performance.now() - t)
      // Written while the model thinks: nothing in the step waits for the frame's PNG on disk.
      saving = sink.saveFrame(frame, 'step', `step ${step}`)
      saving.catch(() => undefined) // awaited below, or on the way out if the model throws first
      frameHash = frame.hash
      // This frame is also the screen after the previous step's actions: no second capture for no_progress.
      if (acted.at(-1)?.step === step - 1) {
        hashesAfterActing.push(frame.hash)
        const stuck = detectNoProgress(hashesAfterActing, step, options.noProgressSteps ?? AGENT_DEFAULTS.noProgressSteps)
        if (stuck) failures.push(stuck)
      }
      if (frame.luma && isBlankFrame(frame.luma)) {
        failures.push({ type: 'blank_frame', step, message: 'the captured frame is (near) uniform: nothing rendered' })
      }
      t = performance.now()
      decision = await model.next({ runId, instruction, criteria: options.criteria, step, maxSteps, frame, screen: screen.size, history, signal })
      timings.modelMs = Math.round(performance.now() - t)
      lastFrame = await saving
      // A replay that waited for the screen decided on a newer frame: that one is the step's.
      if (decision.frame) {
        lastFrame = await sink.saveFrame(decision.frame, 'step', `step ${step}`)
        frameHash = decision.frame.hash
      }
      // The exact image the model saw, when its canvas differs from the frame (DESIGN §3).
      const sent = decision.sent?.png
      if (sent) sentFrame = await sink.saveFrame({ png: async () => sent, at: frame.at }, 'phase', `step ${step} sent`)
    } catch (error) {
      lastFrame = (await saving?.catch(() => undefined)) ?? lastFrame
      const failure = classifyError(error, signal, step)
      recordStep(run, { step, frame: lastFrame ?? '', frameHash, actions: [], status: 'failed', text: errorMessage(error), usage: { ...ZERO_USAGE }, timings, failures: [...failures, failure] })
      return finish('failed', failure.message, failure)
    }

    run.usage = addUsage(run.usage, decision.usage)
    failures.push(...(decision.failures ?? []).map((f) => ({ ...f, step })))
    for (const action of decision.actions) if (action.type === 'type' && action.secret) sink.addSecret(action.text)

    const outOfBounds = detectOutOfBounds(decision.actions, screen.size, step)
    failures.push(...outOfBounds)
    const actions: Action[] = decision.actions.map((a) => clampAction(a, screen.size))
    const current = { step, frameHash, actions }
    const repeated = detectRepeatedAction(acted, current, options.repeatWindow ?? AGENT_DEFAULTS.repeatWindow)
    if (repeated) failures.push(repeated)

    const record: TraceStep = {
      step,
      frame: lastFrame,
      frameHash,
      actions,
      status: decision.status,
      text: decision.text,
      reasoning: decision.reasoning,
      usage: addUsage(ZERO_USAGE, decision.usage),
      timings,
      failures,
      ...(sentFrame ? { sent: sentFrame } : {}),
      ...(notes.length + (decision.notes?.length ?? 0) ? { notes: [...notes, ...(decision.notes ?? [])] } : {}),
    }
    const budget = detectBudgetExceeded(run.usage, options, step)
    if (budget) {
      record.failures.push(budget)
      recordStep(run, record)
      return finish('failed', budget.message, budget)
    }

    if (decision.status !== 'continue') {
      recordStep(run, record)
      deps.onStep?.(record, run)
      if (decision.status === 'failed') {
        const reason = decision.text?.trim() || 'the model reported TEST_FAILED without a reason'
        return finish('failed', reason, { type: 'agent_reported_failure', step, message: reason })
      }
      if (options.verify) {
        verification = await verifyScreen({ screen, model, sink }, options.verify, { signal })
        run.usage = addUsage(run.usage, verification.usage)
        if (verification.error) {
          const message = `verification failed with an error: ${verification.error}`
          return finish('failed', message, { type: 'verifier_error', step, message })
        }
        if (!verification.passed) {
          const message = `the model claimed success, but verification answered ${verification.answer}: ${verification.evidence ?? ''}`.trim()
          return finish('failed', message, { type: 'false_success', step, message })
        }
      }
      return finish('passed', decision.text?.trim() || 'the model reported TEST_PASSED')
    }

    try {
      let t = performance.now()
      for (const action of actions) {
        try {
          await screen.perform(action, { signal })
        } catch (error) {
          if (signal.aborted) throw error
          record.failures.push({ type: 'action_error', step, message: `${describeAction(action)}: ${errorMessage(error)}` })
        }
      }
      timings.actMs = Math.round(performance.now() - t)
      t = performance.now()
      if (actions.length > 0) await screen.settle(settle)
      timings.settleMs = Math.round(performance.now() - t)
      if (actions.length > 0) acted.push(current)
    } catch (error) {
      const failure = classifyError(error, signal, step)
      record.failures.push(failure)
      recordStep(run, record)
      return finish('failed', failure.message, failure)
    }
    recordStep(run, record)
    deps.onStep?.(record, run)
    history.push({ step, actions, text: decision.text, failures: record.failures })
    await sink.flush()
    const fatal = record.failures.find((f) => FATAL_FAILURES.has(f.type))
    if (fatal) return finish('failed', fatal.message)
  }
  const message = `no verdict within ${maxSteps} steps`
  return finish('failed', message, { type: 'max_steps_exceeded', step: maxSteps, message })
}

function recordStep(run: TraceRun, step: TraceStep): void {
  run.steps.push(step)
  for (const f of step.failures) if (!run.failures.includes(f)) run.failures.push(f)
}


