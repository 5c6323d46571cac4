// The error agent.do throws: the model's reason, the failure types it hit, and where to look.
import { AgentprobeError } from '../core/errors.ts'
import { summarizeFailures, type Failure } from '../core/failures.ts'
import type { TraceRun } from '../core/trace.ts'

export interface RunPaths {
  lastFrame?: string
  trace?: string
}

export class AgentRunError extends AgentprobeError {
  readonly failures: Failure[]
  readonly run: TraceRun

  constructor(run: TraceRun, paths: RunPaths) {
    super('AGENTPROBE_TEST_FAILED', formatRunFailure(run, paths), {
      context: { step: run.steps.length, frame: paths.lastFrame, durationMs: run.durationMs },
    })
    this.failures = run.failures
    this.run = run
  }
}

export function formatRunFailure(run: TraceRun, paths: RunPaths): string {
  const types = summarizeFailures(run.failures) || 'none'
  const lines = [
    `agent.do failed: ${run.reason ?? 'no reason given'}`,
    `  instruction: ${run.instruction ?? ''}`,
    `  steps: ${run.steps.length} of ${run.maxSteps ?? '?'} · failures: ${types}`,
  ]
  if (run.oracle) lines.push(`  oracle: ${run.oracle}`)
  if (paths.lastFrame) lines.push(`  last frame: ${paths.lastFrame}`)
  if (paths.trace) lines.push(`  trace: ${paths.trace}`)
  return lines.join('\n')
}
