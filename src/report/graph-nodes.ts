// A test's decision graph as data: one node per step, verification and other saved frame, in
// time order, each failure on the node it happened on, ending in the test's verdict.
import { describeAction } from '../core/action.ts'
import type { Failure } from '../core/failures.ts'
import type { Trace, TraceRead, TraceRun, TraceStep, TraceVerification } from '../core/trace.ts'
import { stepTone } from './frame-notes.ts'
import type { Tone } from './overlay.ts'

export interface GraphNode {
  id: string
  kind: 'step' | 'verify' | 'read' | 'phase' | 'end'
  /** Drawn inside the node: the step number, V, Q (query), L (locate), W (waitFor), • or ✓/✗. */
  label: string
  title: string
  tone: Tone
  failures: Failure[]
  frame?: string
  /** The exact image the model was sent, when its canvas differs from the frame. */
  sent?: string
  actions: string[]
  text?: string
  reasoning?: string
  facts: [string, string][]
}

type Draft = Omit<GraphNode, 'id'> & { at: number }

/** The nodes without ids; `asset` maps a file of the trace's folder to its address in the report. */
export function graphNodes(trace: Trace, asset: (file: string) => string | undefined): Omit<GraphNode, 'id'>[] {
  const atOf = new Map(trace.frames.map((f) => [f.file, f.at]))
  const image = (file: string | undefined) => (file ? asset(trace.artifacts?.annotated[file] ?? file) : undefined)
  const used = new Set<string>()
  const drafts: Draft[] = []
  const unattached: Failure[] = []
  for (const run of trace.runs) {
    const runAt = Date.parse(run.startedAt)
    for (const step of run.steps) {
      used.add(step.frame)
      if (step.sent) used.add(step.sent)
      const extra = run.failures.filter((f) => f.step === step.step && !step.failures.some((g) => g.type === f.type && g.message === f.message))
      const node = stepNode(step, run, [...step.failures, ...extra], image(step.frame))
      drafts.push({ ...node, ...(step.sent && { sent: asset(step.sent) }), at: atOf.get(step.frame) ?? runAt })
    }
    const steps = new Set(run.steps.map((s) => s.step))
    // A verify run's only failure (verifier_error) is drawn on its verification node.
    if (run.kind === 'agent') unattached.push(...run.failures.filter((f) => f.step === undefined || !steps.has(f.step)))
    if (run.read) {
      if (run.read.frame) used.add(run.read.frame)
      drafts.push({ ...readNode(run.read, run.failures, image(run.read.frame)), at: atOf.get(run.read.frame ?? '') ?? runAt + run.read.ms })
    }
    if (run.verification) {
      if (run.verification.frame) used.add(run.verification.frame)
      drafts.push({ ...verifyNode(run.verification, image(run.verification.frame)), at: atOf.get(run.verification.frame ?? '') ?? runAt + run.verification.ms })
    }
  }
  for (const f of trace.frames) {
    if (!used.has(f.file)) drafts.push({ kind: 'phase', label: '•', title: f.label, tone: 'phase', failures: [], frame: image(f.file), actions: [], facts: [], at: f.at })
  }
  const passed = trace.status === 'passed'
  const last = [...trace.frames].sort((a, b) => a.at - b.at).at(-1)
  const end: Omit<GraphNode, 'id'> = {
    kind: 'end',
    label: passed ? '✓' : trace.status === 'running' ? '…' : '✗',
    title: `test ${trace.status}`,
    tone: passed ? 'pass' : trace.status === 'running' ? 'phase' : 'fail',
    failures: unattached,
    frame: image(last?.file),
    text: trace.error,
    actions: [],
    facts: trace.durationMs === undefined ? [] : [['duration', `${(trace.durationMs / 1000).toFixed(1)} s`]],
  }
  return [...drafts.sort((a, b) => a.at - b.at).map(({ at: _at, ...n }) => n), end]
}

function stepNode(step: TraceStep, run: TraceRun, failures: Failure[], frame: string | undefined): Omit<GraphNode, 'id'> {
  const actions = step.actions.map(describeAction)
  const { captureMs, modelMs, actMs, settleMs } = step.timings
  return {
    kind: 'step',
    label: String(step.step),
    title: `step ${step.step}/${run.maxSteps ?? '?'} · ${actions.join(', ') || (step.status === 'continue' ? 'no action' : `TEST_${step.status.toUpperCase()}`)}`,
    tone: stepTone(step.status, failures),
    failures,
    frame,
    actions,
    text: step.text,
    reasoning: step.reasoning,
    facts: [
      ['latency', `model ${modelMs} ms · capture ${captureMs} ms · act ${actMs} ms · settle ${settleMs} ms`],
      ['tokens', `${step.usage.inputTokens} in (${step.usage.cachedTokens} cached) · ${step.usage.outputTokens} out`],
      ['cost', `$${step.usage.costUsd.toFixed(4)}`],
      ...(run.instruction ? [['instruction', run.instruction] as [string, string]] : []),
      // What the icon click's programmatic twin showed belongs with the run's last step.
      ...(run.oracle && step === run.steps.at(-1) ? [['oracle', run.oracle] as [string, string]] : []),
    ],
  }
}

const READ_LABEL = { query: 'Q', locate: 'L', waitFor: 'W' } as const

/** A query, locate or waitFor: what was asked, what came back (value, point, looks) and the evidence. */
function readNode(r: TraceRead, failures: Failure[], frame: string | undefined): Omit<GraphNode, 'id'> {
  const came =
    r.verb === 'query' ? (r.passed ? JSON.stringify(r.value) : 'no value') : r.verb === 'locate' ? (r.point ? `(${r.point.x}, ${r.point.y})` : 'not found') : r.passed ? 'held' : 'did not hold'
  return {
    kind: 'read',
    label: READ_LABEL[r.verb],
    title: `${r.verb} → ${came} · ${r.ask}`,
    tone: r.passed ? 'pass' : 'fail',
    failures,
    frame,
    actions: [],
    text: r.error ?? r.evidence,
    facts: [
      [r.verb === 'locate' ? 'description' : r.verb === 'waitFor' ? 'condition' : 'question', r.ask],
      ...(r.verb === 'query' && r.passed ? [['value', JSON.stringify(r.value)] as [string, string]] : []),
      ...(r.reply !== undefined && !r.passed ? [['reply', r.reply] as [string, string]] : []),
      ...(r.point ? [['point', `(${r.point.x}, ${r.point.y})${r.box ? ` in ${r.box.width}×${r.box.height} at (${r.box.x}, ${r.box.y})` : ''}`] as [string, string]] : []),
      ...(r.looks !== undefined ? [['looks', `${r.looks} look(s), ${r.calls ?? 0} model call(s)`] as [string, string]] : []),
      ...(r.error && r.evidence ? [['evidence', r.evidence] as [string, string]] : []),
      ['latency', `${r.ms} ms`],
      ['tokens', `${r.usage.inputTokens} in · ${r.usage.outputTokens} out`],
    ],
  }
}

function verifyNode(v: TraceVerification, frame: string | undefined): Omit<GraphNode, 'id'> {
  return {
    kind: 'verify',
    label: 'V',
    title: `verification ${v.error ? 'error' : (v.answer ?? '?')} · ${v.question}`,
    tone: v.passed ? 'pass' : 'fail',
    failures: v.error ? [{ type: 'verifier_error', message: v.error }] : [],
    frame,
    actions: [],
    text: v.evidence ?? v.error,
    facts: [
      ['question', v.question],
      ['latency', `${v.ms} ms`],
      ['tokens', `${v.usage.inputTokens} in · ${v.usage.outputTokens} out`],
      ...(v.firstLook ? [['first look', `${v.firstLook.answer}: ${v.firstLook.evidence ?? ''}`] as [string, string]] : []),
    ],
  }
}
