// The end of a run, for every test framework's reporter: report/index.html and the Markdown
// summary from the run's traces, one line saying where, and the summary appended to the CI's step
// summary file. A report that cannot be written is a warning: it never fails the run.
import { appendFile } from 'node:fs/promises'
import { errorMessage } from '../core/errors.ts'
import type { HistorySummary, RunPair } from '../core/history-stats.ts'
import { renderMarkdown } from './render-markdown.ts'
import { writeReport } from './write-report.ts'

export interface PublishOptions {
  traces: string[]
  outDir: string
  /** A file the Markdown summary is appended to ($GITHUB_STEP_SUMMARY). */
  stepSummary?: string
  /** The run history, shown in the report's History view. */
  history?: HistorySummary
  /** Tests that turned red: their last green and first red runs, each pair a compare page beside the report. */
  pairs?: RunPair[]
  /** A path as messages show it (relative to the project when inside it). */
  shown(path: string): string
  log(line: string): void
}

export async function publishReport(o: PublishOptions): Promise<void> {
  if (o.traces.length === 0) return
  try {
    const report = await writeReport({ traces: o.traces, outDir: o.outDir, ...(o.history && { history: o.history, pairs: o.pairs ?? [] }) })
    const { suite } = report.data
    o.log(`agentprobe report: ${o.shown(report.html)} (${suite.passed}/${suite.tests} passed, mean score ${suite.meanScore.toFixed(2)})`)
    for (const problem of report.data.problems) o.log(`agentprobe report: ${problem}`)
    if (o.stepSummary) await appendFile(o.stepSummary, renderMarkdown(report.data, { reportPath: o.shown(report.html) }))
  } catch (error) {
    o.log(`agentprobe report: not written (${errorMessage(error)})`)
  }
}
