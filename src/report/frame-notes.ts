// What to draw on each saved frame, in time order: a step's actions and header, a verification's
// verdict, or a phase's label. Pure, from the trace; every string passes the redactor.
import { describeAction, redactAction, type Action } from '../core/action.ts'
import { FATAL_FAILURES, type Failure } from '../core/failures.ts'
import type { Trace, TraceRun, TraceStep, TraceVerification } from '../core/trace.ts'
import type { Tone } from './overlay.ts'

export interface FrameNote {
  file: string
  at: number
  header: string
  tone: Tone
  actions: Action[]
  note?: string
}

export function frameNotes(trace: Trace, redact: (text: string) => string): FrameNote[] {
  const agentRuns = trace.runs.filter((r) => r.kind === 'agent')
  const steps = new Map<string, { step: TraceStep; run: TraceRun; runIndex: number }>()
  agentRuns.forEach((run, runIndex) => run.steps.forEach((step) => steps.set(step.frame, { step, run, runIndex })))
  const verifications = new Map(trace.runs.flatMap((r) => (r.verification ? judgedFrames(r.verification) : [])))
  // The model's own copy of a step's frame (its canvas): the step's frame stands for it.
  const sent = new Set(agentRuns.flatMap((r) => r.steps.flatMap((s) => (s.sent ? [s.sent] : []))))

  return [...trace.frames]
    .filter((f) => !sent.has(f.file))
    .sort((a, b) => a.at - b.at)
    .map(({ file, label, at }): FrameNote => {
      const s = steps.get(file)
      if (s) return { file, at, ...stepNote(s.step, s.run, agentRuns.length > 1 ? s.runIndex + 1 : undefined, redact) }
      const v = verifications.get(file)
      if (v) {
        const verdict = v.error ? `error: ${v.error}` : (v.answer ?? '?')
        return { file, at, header: redact(`verification ${verdict} · ${v.question}`), tone: v.passed ? 'pass' : 'fail', actions: [], note: v.evidence && redact(v.evidence) }
      }
      return { file, at, header: redact(label), tone: 'phase', actions: [] }
    })
}

/** A verification's frame, and its first look's when a NO got a second look. */
function judgedFrames(v: TraceVerification): (readonly [string, TraceVerification])[] {
  const first = v.firstLook
  return [
    ...(first?.frame ? [[first.frame, { ...v, ...first, passed: false, evidence: `${first.evidence ?? ''} (first look; a second look followed)` }] as const] : []),
    ...(v.frame ? [[v.frame, v] as const] : []),
  ]
}

function stepNote(step: TraceStep, run: TraceRun, runNumber: number | undefined, redact: (t: string) => string): Omit<FrameNote, 'file' | 'at'> {
  const actions = step.actions.map(redactAction).map((a) => (a.type === 'type' ? { ...a, text: redact(a.text) } : a))
  const what = actions.length ? actions.map(describeAction).join(', ') : step.status === 'continue' ? 'no action' : `TEST_${step.status.toUpperCase()}`
  const failures = step.failures.map((f) => f.type)
  const header = [
    `${runNumber ? `run ${runNumber} · ` : ''}step ${step.step}/${run.maxSteps ?? '?'}`,
    what,
    `model ${step.timings.modelMs} ms`,
    ...(failures.length ? [`⚠ ${failures.join(', ')}`] : []),
  ].join(' · ')
  return { header: redact(header), tone: stepTone(step.status, step.failures), actions, note: step.text && redact(step.text) }
}

/** A step's colour: red when it ended the run, amber when it recorded a failure, green when it passed. */
export function stepTone(status: TraceStep['status'], failures: readonly Failure[]): Tone {
  if (status === 'failed' || failures.some((f) => FATAL_FAILURES.has(f.type))) return 'fail'
  return failures.length ? 'warn' : status === 'passed' ? 'pass' : 'step'
}
