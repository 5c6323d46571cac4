// Plays one case file in a test session: the loop with its cold verification, and the seed's
// verification.json even when the loop never got that far. The CLI runs it inside a Vitest test.
import { isAgentprobeError, errorMessage } from '../core/errors.ts'
import { caseInstruction, caseVerificationPrompt, type TestCase } from '../core/case.ts'
import type { Failure } from '../core/failures.ts'
import { ZERO_USAGE, type Usage } from '../core/model.ts'
import type { TraceRun } from '../core/trace.ts'
import type { AgentRunError } from '../agent/agent-error.ts'
import type { TestSession } from './test-session.ts'

/** The seed's result.json. */
export interface CaseResult {
  status: 'passed' | 'failed'
  steps: number
  verdict: 'YES' | 'NO' | null
  reason: string
  failures: Failure[]
  usage: Usage
  /** The run's GIF, relative to the case's folder, when one was made. */
  gif: string | null
}

export interface CaseOutcome {
  result: CaseResult
  /** Why it failed, as thrown: the test rethrows it, so its code (config, target, model) survives. */
  error?: unknown
}

export async function playCase(session: TestSession, testCase: TestCase, options: { maxSteps?: number; ready?: string } = {}): Promise<CaseOutcome> {
  const question = caseVerificationPrompt(testCase)
  let run: TraceRun
  let error: unknown
  try {
    await session.phase(options.ready ?? 'browser started')
    try {
      const criteria = { success: testCase.successCriteria, failure: testCase.failureCriteria }
      run = (await session.agent.do(caseInstruction(testCase), { maxSteps: options.maxSteps ?? testCase.maxSteps, verify: question, criteria })).run
    } catch (thrown) {
      if (!isAgentprobeError(thrown) || thrown.code !== 'AGENTPROBE_TEST_FAILED') throw thrown
      run = (thrown as AgentRunError).run
      error = thrown
    }
  } catch (thrown) {
    const failures: Failure[] = isAgentprobeError(thrown) && thrown.code === 'AGENTPROBE_TARGET_CRASHED' ? [{ type: 'target_crashed', message: thrown.message }] : []
    await session.writer.writeJson('verification.json', notRun(question, errorMessage(thrown)))
    return { result: { status: 'failed', steps: 0, verdict: null, reason: errorMessage(thrown), failures, usage: { ...ZERO_USAGE }, gif: null }, error: thrown }
  }
  if (!run.verification) await session.writer.writeJson('verification.json', notRun(question, run.reason ?? 'the loop did not finish'))
  const result: CaseResult = {
    status: run.status === 'passed' ? 'passed' : 'failed',
    steps: run.steps.length,
    verdict: run.verification?.answer ?? null,
    reason: run.reason ?? '',
    failures: run.failures,
    usage: run.usage,
    // Built when agent.do ended; the session rebuilds it in place when the test finishes.
    gif: session.writer.trace.artifacts?.gif ?? null,
  }
  return { result, ...(error !== undefined && { error }) }
}

function notRun(question: string | undefined, why: string) {
  return { question: question ?? null, passed: false, answer: null, evidence: null, error: `verification not run: ${why}` }
}
