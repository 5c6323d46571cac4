// One benchmark run (a case, a build, a repeat, on the model of this project) as one Vitest test,
// through the same fixtures as a *.cua.test.ts. `agentprobe bench` generates a file per run that
// calls benchTest. The test passes when agentprobe's verdict is the expected one; either way the
// verdict and the case's ground truth go to the main process through task meta.
import { join } from 'node:path'
import { benchRunName, type BenchBuild, type BenchOutcome, type BenchVerdict } from '../core/bench-scores.ts'
import { DEFAULT_BENCH_MAX_STEPS, type BenchSpec, type BenchTaskResult } from '../bench/bench-run.ts'
import { errorMessage, isAgentprobeError } from '../core/errors.ts'
import type { Model } from '../core/model.ts'
import type { AndroidBenchCase, BenchCase, BrowserBenchCase } from '../bench/bench-case.ts'
import { SPEND_CAP_REASON, SpendCappedModel, SpendLedger } from '../bench/spend-ledger.ts'
import { fileModel, isAndroidProject, test as base } from './fixtures.ts'

export type { BenchSpec, BenchTaskResult }

declare module 'vitest' {
  interface TaskMeta {
    /** One benchmark run's result, handed from the worker to `agentprobe bench` in the main process. */
    agentprobeBench?: BenchTaskResult
  }
}

/** Runs the case `spec.caseId` of `cases`; `prepare` readies the device (Android: installs the build). */
export function benchTest(spec: BenchSpec, cases: readonly BenchCase[], prepare?: (c: AndroidBenchCase) => void): void {
  const benchCase = cases.find((c) => c.id === spec.caseId)
  if (!benchCase) throw new Error(`benchmark case ${spec.caseId} is not in its file (found: ${cases.map((c) => c.id).join(', ')})`)
  const expected = benchCase.expected[spec.build]
  const ledger = spec.ledger && new SpendLedger(spec.ledger.file, spec.ledger.capUsd)
  // (extend, not override: override at a file's top level changes the shared `test` for every later
  // file of a worker that runs several, with isolate: false)
  const test = base
    .extend('artifactDir', ({ agentprobeOptions }) => join(agentprobeOptions.artifactsDir, spec.outputDir))
    .extend('extension', { scope: 'file' }, ({ agentprobeOptions }): string | undefined => spec.extension ?? agentprobeOptions.extension)
    .extend('model', { scope: 'file' }, async ({ agentprobeOptions, locator, extension }): Promise<Model> => {
      const model = await fileModel({ agentprobeOptions, locator, extension })
      return ledger ? new SpendCappedModel(model, ledger) : model
    })
  const options = { verify: benchCase.verify, maxSteps: benchCase.maxSteps ?? DEFAULT_BENCH_MAX_STEPS, expectedSteps: benchCase.expectedSteps }

  const record = async (
    ctx: { model: Model; agentprobeOptions: { model: { id: string } }; artifactDir: string; task: { meta: { agentprobeBench?: BenchTaskResult } } },
    play: () => Promise<unknown>,
    truth: () => Promise<boolean>,
  ) => {
    const ran: { outcome: BenchOutcome; error?: unknown } = await play().then(
      () => ({ outcome: 'pass' }),
      (error: unknown) => ({ outcome: classify(error, ctx.model), error }),
    )
    const checked = ran.outcome === 'not-run' ? {} : await truth().then((value) => ({ truth: value }), (error: unknown) => ({ truthError: errorMessage(error) }))
    ctx.task.meta.agentprobeBench = {
      caseId: spec.caseId,
      build: spec.build,
      repeat: spec.repeat,
      model: ctx.agentprobeOptions.model.id,
      ...(spec.browser && { browser: spec.browser }),
      outcome: ran.outcome,
      ...checked,
      ...((ran.outcome === 'error' || ran.outcome === 'not-run') && { error: errorMessage(ran.error) }),
      dir: ctx.artifactDir,
    }
    if (ran.outcome === 'error') throw ran.error
    if (ran.outcome === 'not-run') throw new Error(SPEND_CAP_REASON)
    if (ran.outcome !== expected) throw new Error(mismatch(spec.build, ran.outcome, expected, ran.error))
  }

  if (isAndroidProject()) {
    const c = benchCase as AndroidBenchCase
    test(benchRunName(spec), async ({ agent, android, model, agentprobeOptions, artifactDir, task }) => {
      prepare?.(c)
      await android.launch(c.package, { clearData: true })
      await record({ model, agentprobeOptions, artifactDir, task }, () => agent.do(c.instruction, options), () => c.truth({ android }))
    })
    return
  }
  const c = benchCase as BrowserBenchCase
  test(benchRunName(spec), async ({ agent, browser, model, agentprobeOptions, artifactDir, task }) => {
    // The truths read the browser's own state through the seam: CDP on Chromium, BiDi on Firefox.
    const chrome = browser.requireChrome()
    if (c.page) {
      const url = new URL(c.page, spec.pagesUrl).href
      const page = (await chrome.targets({ type: 'page' })).find((t) => !/^(chrome|moz)-extension:/.test(t.url))
      await (page ? chrome.navigate(page.id, url, { timeout: 15_000 }) : chrome.openPage(url, { timeout: 15_000 }))
    }
    // A user of the previous version meets the first instruction; UPDATE brings them the build.
    if (spec.previousVersion) await chrome.installVersion(spec.previousVersion)
    const play = async () => {
      const steps = typeof c.instruction === 'string' ? [c.instruction] : c.instruction
      const last = steps.findLastIndex((step) => typeof step === 'string')
      for (const [index, step] of steps.entries()) {
        if (typeof step === 'string') await agent.do(step, index === last ? options : { maxSteps: options.maxSteps, expectedSteps: options.expectedSteps })
        else if ('update' in step) await chrome.update()
        else await chrome.stopServiceWorker()
      }
    }
    const truthContext = { chrome, pagesUrl: spec.pagesUrl, ...(spec.previousVersion && { previousVersion: spec.previousVersion }) }
    await record({ model, agentprobeOptions, artifactDir, task }, play, () => c.truth(truthContext))
  })
}

/** A verdict is a fail only when agent.do says the test failed; anything else went wrong around it. */
function classify(error: unknown, model: Model): BenchOutcome {
  if (model instanceof SpendCappedModel && model.refused > 0) return 'not-run'
  return isAgentprobeError(error) && error.code === 'AGENTPROBE_TEST_FAILED' ? 'fail' : 'error'
}

function mismatch(build: BenchBuild, outcome: BenchOutcome, expected: BenchVerdict, error: unknown): string {
  const kind = outcome === 'pass' ? 'a false pass (a broken build let through)' : 'a false fail (a working build rejected)'
  const why = error === undefined ? '' : `\n${errorMessage(error)}`
  return `agentprobe's verdict on the ${build} build is ${outcome}, expected ${expected}: ${kind}${why}`
}
