// Names the failure behind an error thrown mid-run: a dead target, a spent time budget, or the provider.
import { errorMessage, isAgentprobeError } from '../core/errors.ts'
import type { Failure } from '../core/failures.ts'

export function classifyError(error: unknown, signal: AbortSignal, step: number): Failure {
  const cause = signal.aborted ? signal.reason : error
  if (isAgentprobeError(cause) && cause.code === 'AGENTPROBE_TARGET_CRASHED') {
    return { type: 'target_crashed', step, message: cause.message }
  }
  if (isAgentprobeError(error) && error.code === 'AGENTPROBE_REPLAY_DRIFT') {
    return { type: 'replay_drift', step, message: error.message }
  }
  if (cause instanceof DOMException && cause.name === 'TimeoutError') {
    return { type: 'budget_exceeded', step, message: 'time budget spent (timeoutMs)' }
  }
  if (signal.aborted) {
    // The caller stopped the run: the test timed out or the run was cancelled.
    return { type: 'budget_exceeded', step, message: `stopped: ${errorMessage(cause)}` }
  }
  if (isAgentprobeError(error) && (error.code === 'AGENTPROBE_TARGET' || error.code === 'AGENTPROBE_ACTION_FAILED')) {
    return { type: 'action_error', step, message: error.message }
  }
  return { type: 'provider_error', step, message: errorMessage(error) }
}
