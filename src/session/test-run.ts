// One test's run, as both test frameworks drive it: the cassette-wrapped model, the TestSession
// with its artifacts folder, and at the end the trace's outcome and the GIF. The Vitest fixtures
// and the Jest environment differ only in where these calls sit in their lifecycles.
import { join, relative } from 'node:path'
import type { CassetteMode } from '../core/cassette.ts'
import type { Model } from '../core/model.ts'
import type { Screen } from '../core/screen.ts'
import type { Locator } from '../grounding/locate.ts'
import type { AndroidSession } from './android-session.ts'
import type { BrowserHandle } from '../browser-pool/browser-session.ts'
import type { CassetteFile } from '../cassettes/cassette-file.ts'
import { namedSecretsFromEnv, secretsFromEnv, type ResolvedOptions } from '../config/options.ts'
import { TestSession, type TestSessionOptions } from './test-session.ts'
import { iconOracle } from './icon-oracle.ts'
import type { ChromeHelpers } from '../targets/chrome/cdp.ts'

/** What `screen` and `agent` drive: a browser's display or an Android device. */
export interface Surface {
  screen: Screen
  versions: Record<string, string>
  /** Aborted when the target dies. */
  signal: AbortSignal
  besideStepFrame?: (dir: string, frameFile: string) => Promise<string | undefined>
  /** The browser, whose triggerAction is the twin of a click on the toolbar icon. */
  chrome?: ChromeHelpers
}

export function browserSurface(browser: BrowserHandle): Surface {
  return { screen: browser.screen, versions: browser.versions, signal: browser.signal, ...(browser.chrome && { chrome: browser.chrome }) }
}

/** A device's surface: each step frame gets the uiautomator dump beside it. */
export function deviceSurface(device: AndroidSession): Surface {
  return { screen: device.screen, versions: device.versions, signal: device.signal, besideStepFrame: (dir, file) => device.dumpBeside(dir, file) }
}

export interface TestRunOptions {
  options: ResolvedOptions
  surface: Surface
  /** The model as configured; the cassette decides whether it is called. */
  model: Model
  cassette: CassetteFile
  locator: Locator
  artifactDir: string
  test: { name: string; file: string }
  /** The environment keys and secrets are read from (redaction, cassette placeholders). */
  env: Record<string, string | undefined>
  /** Aborted when the test times out or the run is cancelled. */
  signal: AbortSignal
  progress?: (line: string) => void
  /** Says once per file which model's recording replays, when it is not the configured model's. */
  announce?: (line: string) => void
  attach?: TestSessionOptions['attach']
}

// A failed run in a browser that clicked the toolbar icon gets the programmatic twin's verdict.
function explainer({ chrome, screen }: Surface, locator: Locator): TestSessionOptions['explainFailure'] {
  return chrome && ((run) => iconOracle(run, { chrome, screen, locator }))
}

/** Where a finished test's trace and GIF are, relative to the project root. */
export interface TestRunFiles {
  trace: string
  gif?: string
}

export class TestRun {
  readonly session: TestSession
  readonly #o: TestRunOptions
  readonly #model: Model
  readonly #mode: CassetteMode

  private constructor(o: TestRunOptions, model: Model, mode: CassetteMode) {
    this.#o = o
    this.#model = model
    this.#mode = mode
    this.session = new TestSession({
      screen: o.surface.screen,
      model,
      locator: o.locator,
      dir: o.artifactDir,
      test: o.test,
      progress: o.progress,
      versions: o.surface.versions,
      secrets: secretsFromEnv(o.env),
      // A dead browser or device, a test timeout or a cancelled run all stop the loop at once.
      signal: AbortSignal.any([o.surface.signal, o.signal]),
      besideStepFrame: o.surface.besideStepFrame,
      attach: o.attach,
      explainFailure: explainer(o.surface, o.locator),
    })
  }

  static async open(o: TestRunOptions): Promise<TestRun> {
    const { model, mode, replaysOtherModel } = await o.cassette.modelFor(o.test.name, o.model, {
      artifactDir: o.artifactDir,
      secrets: namedSecretsFromEnv(o.env),
      screen: o.surface.screen,
      readScreen: (frame) => o.locator.screenText(frame),
    })
    if (replaysOtherModel && o.cassette.firstReplayOf(replaysOtherModel)) {
      o.announce?.(`agentprobe: model ${replaysOtherModel}, replayed from ${relative(o.options.root, o.cassette.path)} (no key needed)`)
    }
    return new TestRun(o, model, mode)
  }

  /** Records the outcome in the trace (and what replay saved), then builds the annotated frames and the GIF. */
  async finish(failed: boolean, errors: readonly string[]): Promise<TestRunFiles> {
    await this.record(failed, errors)
    return this.buildArtifacts()
  }

  /** Records the outcome in the trace (and what replay saved); where the trace is. */
  async record(failed: boolean, errors: readonly string[]): Promise<TestRunFiles> {
    const { cassette } = this.#o
    cassette.done(this.#o.test.name, this.#model, this.#mode)
    this.session.writer.trace.cassette = cassette.summary(this.#model, this.#mode)
    await this.session.record(failed ? 'failed' : 'passed', failed ? errors.join('\n') || 'failed' : undefined)
    return { trace: this.#shown('trace.json') }
  }

  /** Builds the annotated frames and the GIF; where the trace and the GIF are. */
  async buildArtifacts(): Promise<TestRunFiles> {
    const artifacts = await this.session.buildArtifacts()
    return { trace: this.#shown('trace.json'), ...(artifacts?.gif && { gif: this.#shown(artifacts.gif) }) }
  }

  #shown(file: string): string {
    return relative(this.#o.options.root, join(this.session.writer.dir, file))
  }
}
