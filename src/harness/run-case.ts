// Runs one case file end to end, outside Vitest: display, browser, model, the loop with its cold
// verification, and the seed's output layout (step-NN.png, trace.json, verification.json, result.json).
import { isAgentprobeError, errorMessage } from '../core/errors.ts'
import { caseInstruction, caseVerificationPrompt, type TestCase } from '../core/case.ts'
import type { Failure } from '../core/failures.ts'
import { ZERO_USAGE, type Usage } from '../core/model.ts'
import type { AgentRunError } from '../agent/agent-error.ts'
import type { AgentResult } from '../agent/run-agent.ts'
import { startBrowser, startDisplay } from './browser-session.ts'
import { createModel } from './create-model.ts'
import { Locator } from '../grounding/locate.ts'
import type { ResolvedOptions } from './options.ts'
import { TestSession } from './test-session.ts'

export interface CaseResult {
  status: 'passed' | 'failed'
  steps: number
  verdict: 'YES' | 'NO' | null
  reason: string
  failures: Failure[]
  usage: Usage
  gif: string | null
}

export interface RunCaseOptions {
  options: ResolvedOptions
  testCase: TestCase
  file: string
  outputDir: string
  maxSteps?: number
  secrets: string[]
  log: (line: string) => void
}

export async function runCase(o: RunCaseOptions): Promise<CaseResult> {
  const { options, testCase } = o
  const cleanups: (() => Promise<void>)[] = []
  let session: TestSession | undefined
  let result: CaseResult
  try {
    const display = await startDisplay({ display: options.display, size: options.screen })
    cleanups.push(() => display.close())
    const locator = new Locator()
    cleanups.push(() => locator.close())
    const browser = await startBrowser(display, { extension: options.extension, chromePath: options.chromePath, url: testCase.url ?? options.url })
    cleanups.push(() => browser.close())
    const model = await createModel(options.model, { extension: options.extension, locator })
    session = new TestSession({
      screen: display.screen,
      model,
      locator,
      dir: o.outputDir,
      test: { name: testCase.name, file: o.file },
      versions: browser.versions,
      secrets: o.secrets,
      signal: browser.chrome.signal,
      progress: o.log,
    })
    await session.phase('browser started')
    const question = caseVerificationPrompt(testCase)
    let run: AgentResult['run']
    try {
      run = (await session.agent.do(caseInstruction(testCase), { maxSteps: o.maxSteps ?? testCase.maxSteps, verify: question })).run
    } catch (error) {
      if (!isAgentprobeError(error) || error.code !== 'AGENTPROBE_TEST_FAILED') throw error
      run = (error as AgentRunError).run
    }
    const v = run.verification
    if (!v) await session.writer.writeJson('verification.json', { question: question ?? null, passed: false, answer: null, evidence: null, error: `verification not run: ${run.reason}` })
    result = {
      status: run.status === 'passed' ? 'passed' : 'failed',
      steps: run.steps.length,
      verdict: v?.answer ?? null,
      reason: run.reason ?? '',
      failures: run.failures,
      usage: run.usage,
      gif: null,
    }
    await session.finish(result.status, result.status === 'failed' ? result.reason : undefined)
  } catch (error) {
    result = { status: 'failed', steps: 0, verdict: null, reason: errorMessage(error), failures: [], usage: { ...ZERO_USAGE }, gif: null }
    if (isAgentprobeError(error) && error.code === 'AGENTPROBE_TARGET_CRASHED') result.failures.push({ type: 'target_crashed', message: error.message })
    if (isAgentprobeError(error) && error.code === 'AGENTPROBE_CONFIG') throw error
    await session?.finish('failed', result.reason)
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined)
  }
  if (session) await session.writer.writeJson('result.json', result)
  return result
}
