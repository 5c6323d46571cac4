// 'agentprobe/jest/reporter' (withAgentprobe adds it beside Jest's own): at the end of a run,
// report/index.html and the Markdown summary from the traces of the tests that ran.
import { existsSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import type { AggregatedResult } from '@jest/test-result'
import type { Config } from '@jest/types'
import { artifactDirFor } from '../session/artifact-paths.ts'
import { publishReport } from '../report/publish-report.ts'

export interface JestReporterOptions {
  /** The artifacts folder, relative to rootDir unless absolute (the environment writes traces there). */
  artifactsDir?: string
}

export default class AgentprobeJestReporter {
  readonly #root: string
  readonly #artifactsDir: string

  constructor(globalConfig: Config.GlobalConfig, options: JestReporterOptions = {}) {
    this.#root = globalConfig.rootDir
    this.#artifactsDir = resolve(this.#root, options.artifactsDir ?? process.env.AGENTPROBE_ARTIFACTS_DIR ?? 'artifacts')
  }

  async onRunComplete(_contexts: unknown, results: AggregatedResult): Promise<void> {
    // The environment names each test's folder after its file and full name; the same rule finds it.
    const traces = results.testResults.flatMap((file) =>
      file.testResults
        .map((t) => join(artifactDirFor(this.#artifactsDir, relative(this.#root, file.testFilePath), t.fullName), 'trace.json'))
        .filter((trace) => existsSync(trace)),
    )
    await publishReport({
      traces,
      outDir: join(this.#artifactsDir, 'report'),
      stepSummary: process.env.GITHUB_STEP_SUMMARY,
      shown: (path) => (relative(process.cwd(), path).startsWith('..') ? path : relative(process.cwd(), path)),
      log: (line) => process.stdout.write(`${line}\n`),
    })
  }
}
