// The agentprobe reporter (registered by the plugin beside the user's reporters): a live line per
// agent step, the GIF path of each failed test, and at the end report/index.html and the Markdown
// summary, built from the traces the run's tests point at — which also works after --merge-reports.
import { relative, resolve, sep } from 'node:path'
import type { TestArtifact } from 'vitest'
import type { Reporter, TestCase, TestModule, Vitest } from 'vitest/node'
import { gifDirFor, type HistoryLocation } from '../history/open-store.ts'
import { recordRuns } from '../history/record-runs.ts'
import { runContext } from '../history/run-context.ts'
import { publishReport } from '../report/publish-report.ts'
import './test-meta.ts'

export interface AgentprobeReporterOptions {
  /** Artifacts folders of the projects: the report goes to report/ in their common folder when it is inside the root, else in the first. */
  artifactsDirs: string[]
  /** Also append the Markdown summary here (the plugin passes $GITHUB_STEP_SUMMARY). */
  stepSummary?: string
  /** Where each run is recorded (absent: history off). */
  history?: HistoryLocation
  /** Whether to write report/ (false: the reporter only records history). */
  report?: boolean
}

export class AgentprobeReporter implements Reporter {
  readonly options: AgentprobeReporterOptions
  #vitest: Vitest | undefined

  constructor(options: AgentprobeReporterOptions) {
    this.options = options
  }

  /** Another project's artifacts folder (the plugin registers one reporter per run). */
  addArtifactsDir(dir: string): void {
    if (!this.options.artifactsDirs.includes(dir)) this.options.artifactsDirs.push(dir)
  }

  get outDir(): string {
    const common = commonFolder(this.options.artifactsDirs)
    const inRoot = !relative(this.#vitest?.config.root ?? process.cwd(), common).startsWith('..')
    return resolve(inRoot ? common : this.options.artifactsDirs[0]!, 'report')
  }

  onInit(vitest: Vitest): void {
    this.#vitest = vitest
  }

  onTestCaseArtifactRecord(testCase: TestCase, artifact: TestArtifact): void {
    if (this.options.report === false) return
    if (artifact.type === 'agentprobe:progress') this.#log(`agentprobe › ${testCase.name} ${artifact.line.trim()}`)
    if (artifact.type === 'agentprobe:notice') this.#log(artifact.line)
  }

  onTestCaseResult(testCase: TestCase): void {
    if (this.options.report === false) return
    const gif = testCase.meta().agentprobe?.gif
    if (gif && testCase.result().state === 'failed') this.#log(`agentprobe › ${testCase.name} failed; watch it: ${this.#shown(resolve(testCase.project.config.root, gif))}`)
  }

  async onTestRunEnd(testModules: ReadonlyArray<TestModule>): Promise<void> {
    const ran = testModules.flatMap((m) =>
      [...m.children.allTests()].flatMap((t) => {
        const meta = t.meta().agentprobe
        return meta ? [{ path: resolve(t.project.config.root, meta.trace), testFile: t.module.moduleId, ...(t.project.name && { project: t.project.name }) }] : []
      }),
    )
    const history = await this.#record(ran)
    if (this.options.report === false) return
    const traces = ran.map((t) => t.path)
    await publishReport({ traces, outDir: this.outDir, stepSummary: this.options.stepSummary, ...(history && { history: history.summary, pairs: history.pairs }), shown: (path) => this.#shown(path), log: (line) => this.#log(line) })
  }

  async #record(traces: { path: string; project?: string; testFile: string }[]) {
    const location = this.options.history
    if (!location || traces.length === 0) return undefined
    // The CLI runs generated files from a temporary root: git and the kept GIFs go where the user is.
    const context = await runContext(process.cwd(), process.env, this.#vitest?.config.shard)
    return recordRuns({ location, gifDir: gifDirFor(location, process.cwd()), traces, context, log: (line) => this.#log(line) })
  }

  #shown(path: string): string {
    const rel = relative(this.#vitest?.config.root ?? process.cwd(), path)
    return rel.startsWith('..') ? path : rel
  }

  #log(line: string): void {
    if (this.#vitest) this.#vitest.logger.log(line)
    else process.stdout.write(`${line}\n`)
  }
}

/** The deepest folder containing every path. */
export function commonFolder(paths: readonly string[]): string {
  const parts = paths.map((p) => resolve(p).split(sep))
  const first = parts[0] ?? [process.cwd()]
  let n = 0
  while (n < first.length && parts.every((p) => p[n] === first[n])) n++
  return first.slice(0, n).join(sep) || sep
}
