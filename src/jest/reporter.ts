// 'agentprobe/jest/reporter' (withAgentprobe adds it beside Jest's own): at the start of a run,
// its file count for the browser pools; at the end, each test recorded in the history, then
// report/index.html and the Markdown summary from the traces of the tests that ran.
import { existsSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import type { AggregatedResult } from '@jest/test-result'
import type { Config } from '@jest/types'
import type { AgentprobeOptions } from '../config/options.ts'
import { resolveHistory } from '../config/resolve-options.ts'
import { gifDirFor } from '../history/open-store.ts'
import { recordRuns } from '../history/record-runs.ts'
import { runContext } from '../history/run-context.ts'
import { artifactDirFor } from '../session/artifact-paths.ts'
import { publishReport } from '../report/publish-report.ts'
import { POOL, type RunningPool } from './global-setup.ts'

export interface JestReporterOptions {
  /** The artifacts folder, relative to rootDir unless absolute (the environment writes traces there). */
  artifactsDir?: string
  /** The history option of withAgentprobe. */
  history?: AgentprobeOptions['history']
  /** false: record the history only, no report. */
  report?: boolean
  /** A `browsers` matrix: each project's displayName and its browser, whose traces are in a folder of its own. */
  browsers?: Record<string, string>
}

export default class AgentprobeJestReporter {
  readonly #root: string
  readonly #artifactsDir: string
  readonly #options: JestReporterOptions
  readonly #shard: Config.GlobalConfig['shard']

  constructor(globalConfig: Config.GlobalConfig, options: JestReporterOptions = {}) {
    this.#root = globalConfig.rootDir
    this.#artifactsDir = resolve(this.#root, options.artifactsDir ?? process.env.AGENTPROBE_ARTIFACTS_DIR ?? 'artifacts')
    this.#options = options
    this.#shard = globalConfig.shard
  }

  /** Tells the browser pools (global-setup.ts) how many files the run will lease for: none is reset ahead after the last. */
  onRunStart(results: AggregatedResult): void {
    // (in a `browsers` matrix each pool is told every project's files: an upper bound for each)
    for (const { pool } of (globalThis as Record<symbol, RunningPool[] | undefined>)[POOL] ?? []) pool.expectLeases(results.numTotalTestSuites)
  }

  async onRunComplete(_contexts: unknown, results: AggregatedResult): Promise<void> {
    // The environment names each test's folder after its file and full name; the same rule finds it.
    const ran = results.testResults.flatMap((file) => {
      const browser = this.#options.browsers?.[file.displayName?.name ?? '']
      const dir = browser === undefined ? this.#artifactsDir : join(this.#artifactsDir, browser)
      return file.testResults
        .map((t) => ({ path: join(artifactDirFor(dir, relative(this.#root, file.testFilePath), t.fullName), 'trace.json'), testFile: file.testFilePath }))
        .filter((t) => existsSync(t.path))
    })
    const traces = ran.map((t) => t.path)
    const history = await this.#record(ran)
    if (this.#options.report === false) return
    await publishReport({
      traces,
      ...(history && { history: history.summary, pairs: history.pairs }),
      outDir: join(this.#artifactsDir, 'report'),
      stepSummary: process.env.GITHUB_STEP_SUMMARY,
      shown: (path) => (relative(process.cwd(), path).startsWith('..') ? path : relative(process.cwd(), path)),
      log: (line) => process.stdout.write(`${line}\n`),
    })
  }

  async #record(traces: { path: string; testFile: string }[]) {
    const location = resolveHistory(this.#options.history, this.#root, process.env, 'withAgentprobe')
    if (!location || traces.length === 0) return undefined
    const context = await runContext(this.#root, process.env, this.#shard && { index: this.#shard.shardIndex, count: this.#shard.shardCount })
    return recordRuns({ location, gifDir: gifDirFor(location, this.#root), traces, context, log: (line) => process.stdout.write(`${line}\n`) })
  }
}
