// The fixtures of `test` from 'agentprobe/vitest'. Expensive things are shared: the display and
// the model (with its OCR worker) per worker, the browser per file (a fresh profile per file),
// and each test gets its own artifacts folder and trace.
import { relative } from 'node:path'
import { inject, test as base } from 'vitest'
import { ConfigError } from '../core/errors.ts'
import type { Model } from '../core/model.ts'
import { startBrowser, startDisplay, type BrowserHandle, type DisplayHandle } from '../harness/browser-session.ts'
import { createModel } from '../harness/create-model.ts'
import { Locator } from '../grounding/locate.ts'
import { secretsFromEnv, type ResolvedOptions } from '../harness/options.ts'
import { artifactDirFor } from '../harness/artifact-paths.ts'
import { TestSession, type Agent, type ScreenHandle } from '../harness/test-session.ts'
import type { ChromeHelpers } from '../targets/chrome/cdp.ts'

function options(): ResolvedOptions {
  const resolved = inject('agentprobe') as ResolvedOptions | undefined
  if (!resolved) {
    throw new ConfigError("agentprobe's options are missing: add `plugins: [agentprobe({ extension: './dist' })]` to vitest.config.ts (import { agentprobe } from 'agentprobe/plugin')")
  }
  return resolved
}

export const test = base
  .extend('agentprobeOptions', { scope: 'worker' }, () => options())
  .extend('display', { scope: 'worker' }, async ({ agentprobeOptions }, { onCleanup }): Promise<DisplayHandle> => {
    const display = await startDisplay({ display: agentprobeOptions.display, size: agentprobeOptions.screen })
    onCleanup(() => display.close())
    return display
  })
  .extend('locator', { scope: 'worker' }, async ({}, { onCleanup }): Promise<Locator> => {
    const locator = new Locator()
    onCleanup(() => locator.close())
    return locator
  })
  /** The unpacked extension under test; override per file with `test.override('extension', …)`. */
  .extend('extension', { scope: 'file' }, ({ agentprobeOptions }): string | undefined => agentprobeOptions.extension)
  .extend('model', { scope: 'file' }, async ({ agentprobeOptions, locator, extension }): Promise<Model> => {
    return createModel(agentprobeOptions.model, { extension, locator })
  })
  .extend('browser', { scope: 'file' }, async ({ agentprobeOptions, display, extension }, { onCleanup }): Promise<BrowserHandle> => {
    const browser = await startBrowser(display, { extension, chromePath: agentprobeOptions.chromePath, url: agentprobeOptions.url })
    onCleanup(() => browser.close())
    return browser
  })
  .extend('chrome', ({ browser }): ChromeHelpers => browser.chrome)
  .extend('session', async ({ agentprobeOptions, display, browser, model, locator, task, annotate, onTestFailed, signal }, { onCleanup }) => {
    const file = relative(agentprobeOptions.root, task.file.filepath)
    const session = new TestSession({
      screen: display.screen,
      model,
      locator,
      dir: artifactDirFor(agentprobeOptions.artifactsDir, file, task.fullTestName ?? task.name),
      test: { name: task.fullTestName ?? task.name, file },
      versions: browser.versions,
      secrets: secretsFromEnv(process.env),
      // A dead browser, a test timeout or a cancelled run all stop the loop at once.
      signal: AbortSignal.any([browser.chrome.signal, signal]),
      attach: (message, attachment) => annotate(message, attachment).then(() => undefined),
    })
    let failure: string | undefined
    onTestFailed(({ task: t }) => {
      failure = t.result?.errors?.map((e) => e.message).join('\n') ?? 'failed'
    })
    onCleanup(() => session.finish(failure === undefined ? 'passed' : 'failed', failure))
    return session
  })
  .extend('screen', ({ session }): ScreenHandle => session.screen)
  .extend('agent', ({ session }): Agent => session.agent)
