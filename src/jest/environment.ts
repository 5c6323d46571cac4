// 'agentprobe/jest/environment': Jest's node environment plus agentprobe. Everything heavy (the
// leased browser or the device, the model, OCR, traces) lives here, outside Jest's test sandbox,
// and the test file reaches it through useAgentprobe(). Jest tells an environment about each test's
// start and end, so every test gets its own session and trace, finished even when it times out.
import { relative, resolve } from 'node:path'
import type { EnvironmentContext, JestEnvironmentConfig } from '@jest/environment'
import type { Circus } from '@jest/types'
import { TestEnvironment } from 'jest-environment-node'
import { ConfigError } from '../core/errors.ts'
import { Locator } from '../grounding/locate.ts'
import { wordCacheFor } from '../grounding/word-cache.ts'
import { artifactDirFor } from '../session/artifact-paths.ts'
import { startAndroid, type AndroidSession } from '../session/android-session.ts'
import { leaseBrowser, type LeasedBrowser } from '../browser-pool/browser-lease.ts'
import { CassetteFile } from '../cassettes/cassette-file.ts'
import { cassettePathFor } from '../cassettes/cassette-store.ts'
import { createModel } from '../model-choice/create-model.ts'
import { agentprobeMatchers } from '../session/matchers.ts'
import { resolvePath, type ResolvedOptions } from '../config/options.ts'
import { browserSurface, deviceSurface, TestRun, type Surface } from '../session/test-run.ts'
import { handles, RUNTIME, type FileOverrides, type Handles, type JestRuntime } from './handles.ts'
import { annotateFirstError, fullName, thrownValues } from './test-names.ts'
import { jestOptions } from './options.ts'
import { poolUrlEnv } from './matrix.ts'

/** What one test file holds from its beforeAll to its afterAll. */
interface FileState {
  surface: Surface
  locator: Locator
  cassette: CassetteFile
  model: Awaited<ReturnType<typeof createModel>>
  browser?: LeasedBrowser
  device?: AndroidSession
}

interface Current {
  run: TestRun
  abort: AbortController
}

export default class AgentprobeEnvironment extends TestEnvironment {
  readonly #options: ResolvedOptions
  readonly #testPath: string
  #file: FileState | undefined
  #opening: Promise<FileState> | undefined
  #current: Current | undefined

  constructor(config: JestEnvironmentConfig, context: EnvironmentContext) {
    super(config, context)
    this.#options = jestOptions(config.projectConfig, config.globalConfig, process.env)
    this.#testPath = context.testPath
    const runtime: JestRuntime = { use: (overrides) => this.#use(overrides) }
    this.global[RUNTIME] = runtime
  }

  override async teardown(): Promise<void> {
    await this.#closeFile()
    await super.teardown()
  }

  async handleTestEvent(event: Circus.Event): Promise<void> {
    switch (event.name) {
      case 'test_start':
        if (this.#file) await this.#startTest(event.test, this.#file)
        break
      case 'test_fn_failure':
        // A timed-out test's loop would go on acting on the screen: stop it now.
        if (/Exceeded timeout/.test(String((event.error as Error | undefined)?.message))) this.#current?.abort.abort(event.error)
        break
      case 'test_done':
        await this.#finishTest(event.test)
        break
    }
  }

  /** useAgentprobe(), called while the test file loads: registers the matchers and the file's hooks. */
  #use(overrides: FileOverrides): Handles {
    const sandbox = this.global as unknown as { expect?: { extend(m: object): void }; beforeAll?: Hook; afterAll?: Hook }
    if (!sandbox.expect || !sandbox.beforeAll || !sandbox.afterAll) {
      throw new ConfigError('useAgentprobe() needs Jest\'s globals (expect, beforeAll, afterAll): remove `injectGlobals: false` from the Jest config')
    }
    sandbox.expect.extend(agentprobeMatchers)
    sandbox.beforeAll(async () => {
      this.#opening ??= this.#openFile(overrides)
      this.#file = await this.#opening
    })
    sandbox.afterAll(() => this.#closeFile())
    return handles({
      test: () => this.#current?.run ?? outside('a test'),
      file: () => this.#file ?? outside('beforeAll or a test'),
      artifactDir: () => this.#current?.run.session.writer.dir ?? outside('a test'),
    })
  }

  async #openFile(overrides: FileOverrides): Promise<FileState> {
    const options = this.#options
    const extension = overrides.extension === undefined ? options.extension : resolvePath(options.root, overrides.extension)
    const locator = new Locator({ wordCache: wordCacheFor(options.root, process.env), scale: options.deviceScaleFactor })
    const cassette = new CassetteFile(cassettePathFor(this.#testPath, options.browser), options.cassette)
    try {
      const model = await createModel(options.model, { extension, locator, env: process.env, target: options.target })
      if (options.target === 'android') {
        if (!options.android) throw new ConfigError("target 'android' needs the android options")
        const device = await startAndroid(options.android)
        return { surface: deviceSurface(device), locator, cassette, model, device }
      }
      const poolUrl = process.env[poolUrlEnv(options.browser)]
      if (!poolUrl) throw new ConfigError("agentprobe's browser pool is not running: build the Jest config with withAgentprobe() from 'agentprobe/jest/config' (it adds the global setup that starts it)")
      const browser = await leaseBrowser(poolUrl, process.env.JEST_WORKER_ID ?? '1', extension)
      return { surface: browserSurface(browser), locator, cassette, model, browser }
    } catch (error) {
      await locator.close()
      throw error
    }
  }

  async #closeFile(): Promise<void> {
    const file = this.#file ?? (await this.#opening?.catch(() => undefined))
    this.#file = undefined
    this.#opening = undefined
    if (!file) return
    await file.cassette.save()
    await Promise.all([file.browser?.close(), file.device?.close(), file.locator.close()])
  }

  async #startTest(test: Circus.TestEntry, file: FileState): Promise<void> {
    const name = fullName(test)
    const relFile = relative(this.#options.root, this.#testPath)
    const abort = new AbortController()
    const run = await TestRun.open({
      options: this.#options,
      surface: file.surface,
      model: file.model,
      cassette: file.cassette,
      locator: file.locator,
      artifactDir: artifactDirFor(this.#options.artifactsDir, relFile, name),
      test: { name, file: relFile },
      env: process.env,
      signal: abort.signal,
      announce: (line) => void process.stdout.write(`${line}\n`),
    })
    this.#current = { run, abort }
  }

  /** Writes the trace and the GIF, and names both in the failure message Jest is about to print. */
  async #finishTest(test: Circus.TestEntry): Promise<void> {
    const current = this.#current
    this.#current = undefined
    if (!current) return
    current.abort.abort(new Error('the test ended'))
    const errors = thrownValues(test.errors).map((e) => String((e as Error | undefined)?.message ?? e))
    const files = await current.run.finish(errors.length > 0, errors)
    if (errors.length === 0) return
    // Paths as the rest of the message shows them (relative to the working folder); none twice.
    const shown = (file: string) => relative(process.cwd(), resolve(this.#options.root, file))
    const said = errors.join('\n')
    const lines = [files.gif && `GIF: ${shown(files.gif)}`, `trace: ${shown(files.trace)}`].filter((line): line is string => typeof line === 'string' && !said.includes(line))
    if (lines.length > 0) annotateFirstError(test.errors, lines.join('\n'))
  }
}

type Hook = (fn: () => Promise<void>, timeout?: number) => void

function outside(where: string): never {
  throw new ConfigError(`agentprobe's handles can only be used inside ${where} (after useAgentprobe())`)
}
