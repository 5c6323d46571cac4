// The fixtures of `test` from 'agentprobe/vitest'. Expensive things are shared: displays and
// browsers live in the main process, one per worker slot, reused and reset for each file (see
// browser-service.ts); the OCR worker per worker; each test gets its own artifacts folder and trace.
import { relative } from 'node:path'
import { expect, inject, recordArtifact, test as base } from 'vitest'
import { ConfigError } from '../core/errors.ts'
import { assertNodeEnvironment } from '../core/test-environment.ts'
import type { Model } from '../core/model.ts'
import { createModel } from '../model-choice/create-model.ts'
import { Locator } from '../grounding/locate.ts'
import { wordCacheFor } from '../grounding/word-cache.ts'
import type { ResolvedOptions } from '../config/options.ts'
import { artifactDirFor } from '../session/artifact-paths.ts'
import { AfterTest } from '../session/after-test.ts'
import type { Agent } from '../session/test-session.ts'
import { browserSurface, deviceSurface, TestRun, type Surface } from '../session/test-run.ts'
import type { ScreenHandle } from '../session/screen-handle.ts'
import type { ChromeFixture } from '../targets/browser.ts'
import { startAndroid, type AndroidSession } from '../session/android-session.ts'
import type { AndroidHelpers } from '../targets/android/android-helpers.ts'
import { leaseBrowser, type LeasedBrowser } from '../browser-pool/browser-lease.ts'
import { CassetteFile } from '../cassettes/cassette-file.ts'
import { cassettePathFor } from '../cassettes/cassette-store.ts'
import './test-meta.ts'

function options(file: string | undefined): ResolvedOptions {
  // Every fixture starts here: a file under jsdom, happy-dom or edge-runtime fails now, saying where it belongs.
  assertNodeEnvironment(file)
  const resolved = inject('agentprobe') as ResolvedOptions | undefined
  if (!resolved) {
    throw new ConfigError("agentprobe's options are missing: add `plugins: [agentprobe({ extension: './dist' })]` to vitest.config.ts (import { agentprobe } from 'agentprobe/plugin')")
  }
  return resolved
}

/** The `model` fixture's value. Keys are read here, in the worker: they never travel with the provided options. */
export function fileModel({ agentprobeOptions, locator, extension }: { agentprobeOptions: ResolvedOptions; locator: Locator; extension: string | undefined }): Promise<Model> {
  return createModel(agentprobeOptions.model, { extension, locator, env: process.env, target: agentprobeOptions.target })
}

export function isAndroidProject(): boolean {
  try {
    return (inject('agentprobe') as ResolvedOptions | undefined)?.target === 'android'
  } catch {
    return false // not inside a Vitest worker
  }
}

export const test = base
  .extend('agentprobeOptions', { scope: 'worker' }, () => options(expect.getState().testPath))
  .extend('locator', { scope: 'worker' }, async ({ agentprobeOptions }, { onCleanup }): Promise<Locator> => {
    const locator = new Locator({ wordCache: wordCacheFor(agentprobeOptions.root, process.env), scale: agentprobeOptions.deviceScaleFactor })
    onCleanup(() => locator.close())
    return locator
  })
  /** The unpacked extension under test; another per file with `base.extend('extension', { scope: 'file' }, …)`. */
  .extend('extension', { scope: 'file' }, ({ agentprobeOptions }): string | undefined => agentprobeOptions.extension)
  .extend('model', { scope: 'file' }, fileModel)
  /** This worker slot's display and browser, owned by the main process and reset for each file. */
  .extend('browser', { scope: 'file' }, async ({ extension }, { onCleanup }): Promise<LeasedBrowser> => {
    const browser = await leaseBrowser(inject('agentprobe:pool'), process.env.VITEST_POOL_ID ?? '1', extension)
    onCleanup(() => browser.close())
    return browser
  })
  .extend('chrome', ({ browser }): ChromeFixture => browser.requireChrome())
  /** The Android device (target 'android'), connected once per file. */
  .extend('device', { scope: 'file' }, async ({ agentprobeOptions }, { onCleanup }): Promise<AndroidSession> => {
    if (!agentprobeOptions.android) throw new ConfigError("the android fixture needs the plugin option target: 'android' (agentprobe({ target: 'android' }))")
    const device = await startAndroid(agentprobeOptions.android)
    onCleanup(() => device.close())
    return device
  })
  .extend(
    'surface',
    { scope: 'file' },
    isAndroidProject() ? ({ device }): Surface => deviceSurface(device) : ({ browser }): Surface => browserSurface(browser),
  )
  /** This test's artifacts folder; `agentprobe run` overrides it with the seed's layout. */
  .extend('artifactDir', ({ agentprobeOptions, task }): string =>
    artifactDirFor(agentprobeOptions.artifactsDir, relative(agentprobeOptions.root, task.file.filepath), task.fullTestName ?? task.name),
  )
  /** Receives one line per agent step; none by default (`agentprobe run` prints them). */
  .extend('progress', { scope: 'file' }, (): ((line: string) => void) | undefined => undefined)
  /** The cassettes of this file's tests (__cua__/<file>.cassette.json), saved when the file is done. */
  /** Where this file's cassette lives, when not beside the test file (`agentprobe run --cassette`). */
  .extend('cassetteFile', { scope: 'file' }, (): string | undefined => undefined)
  .extend('cassettes', { scope: 'file' }, ({ agentprobeOptions, cassetteFile }, { onCleanup }) => {
    const files = new Map<string, CassetteFile>()
    onCleanup(async () => {
      for (const file of files.values()) await file.save()
    })
    return (testFile: string): CassetteFile => {
      const file = files.get(testFile) ?? new CassetteFile(cassetteFile ?? cassettePathFor(testFile, agentprobeOptions.browser), agentprobeOptions.cassette)
      files.set(testFile, file)
      return file
    }
  })
  /** Work a passed test leaves (its GIF), done while the next test runs; the file waits for it at its end. */
  .extend('afterTest', { scope: 'file' }, ({}, { onCleanup }): AfterTest => {
    const after = new AfterTest()
    onCleanup(() => after.drain())
    return after
  })
  .extend('session', async ({ agentprobeOptions, surface, model, cassettes, locator, artifactDir, progress, task, annotate, signal, afterTest }, { onCleanup }) => {
    const run = await TestRun.open({
      options: agentprobeOptions,
      surface,
      model,
      cassette: cassettes(task.file.filepath),
      locator,
      artifactDir,
      test: { name: task.fullTestName ?? task.name, file: relative(agentprobeOptions.root, task.file.filepath) },
      env: process.env,
      signal,
      // By default each step line goes to the agentprobe reporter, which prints it live.
      progress: progress ?? ((line) => void recordArtifact(task, { type: 'agentprobe:progress', line }).catch(() => undefined)),
      announce: (line) => void recordArtifact(task, { type: 'agentprobe:notice', line }).catch(() => undefined),
      attach: (message, attachment) => annotate(message, attachment).then(() => undefined),
    })
    // Fixtures are cleaned up after the test's state is set and before onTestFailed handlers run.
    onCleanup(async () => {
      const failed = task.result?.state === 'fail'
      task.meta.agentprobe = await run.record(failed, task.result?.errors?.map((e) => e.message) ?? [])
      // A failed test's GIF is built before its result goes out, so the reporter can point at it; a
      // passed test's while the next test runs.
      if (failed) task.meta.agentprobe = await run.buildArtifacts()
      else afterTest.add(`the GIF of "${task.name}"`, () => run.buildArtifacts())
    })
    return run.session
  })
  .extend('screen', ({ session }): ScreenHandle => session.screen)
  .extend('agent', ({ session }): Agent => session.agent)
  /** adb and uiautomator helpers (target 'android'); with includeXml their dumps are kept in the test's folder. */
  .extend('android', ({ device, artifactDir }): AndroidHelpers => device.helpersFor(artifactDir))
