// One case file as one Vitest test, through the same fixtures as a *.cua.test.ts (browser pool,
// model, session, reporter). `agentprobe run` generates a file per case that calls caseTest.
import type { TestCase } from '../core/case.ts'
import { playCase, type CaseResult } from '../session/run-case.ts'
import { recordArtifact, type TestContext } from 'vitest'
import type { TestSession } from '../session/test-session.ts'
import { isAndroidProject, test } from './fixtures.ts'

declare module 'vitest' {
  interface TaskMeta {
    /** The case's result.json, handed from the worker to the CLI in the main process. */
    agentprobeCase?: CaseResult
  }
}

export interface CaseSpec {
  /** The case file, absolute. */
  file: string
  testCase: TestCase
  /** This case's output folder: step-NN.png, trace.json, verification.json… */
  outputDir: string
  /** --max-steps, which wins over the case's maxSteps. */
  maxSteps?: number
  /** The cassette (--cassette, else __cua__/<case file>.cassette.json beside the case file). */
  cassette?: string
}

export function caseTest(spec: CaseSpec): void {
  test.override('artifactDir', () => spec.outputDir)
  if (spec.cassette) test.override('cassetteFile', { scope: 'file' }, () => spec.cassette)
  const play = async (session: TestSession, task: TestContext['task'], ready: string) => {
    const { result, error } = await playCase(session, spec.testCase, { maxSteps: spec.maxSteps, ready })
    task.meta.agentprobeCase = result
    if (error !== undefined) throw error
  }
  if (isAndroidProject()) {
    test(spec.testCase.name, async ({ session, android, task }) => {
      await recordArtifact(task, { type: 'agentprobe:progress', line: `device ${android.device.chosen}` })
      if (spec.testCase.package) await android.launch(spec.testCase.package)
      await play(session, task, spec.testCase.package ? `${spec.testCase.package} launched` : 'device ready')
    })
    return
  }
  // The browser's helpers only when the case opens a page first: a case without one runs on any browser.
  test(spec.testCase.name, async ({ session, browser, task }) => {
    if (spec.testCase.url) {
      const chrome = browser.requireChrome()
      const page = (await chrome.targets({ type: 'page' })).find((t) => !/^(chrome|moz)-extension:/.test(t.url))
      await (page ? chrome.navigate(page.id, spec.testCase.url, { timeout: 15_000 }) : chrome.openPage(spec.testCase.url, { timeout: 15_000 }))
    }
    await play(session, task, 'browser started')
  })
}
