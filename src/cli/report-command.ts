// `agentprobe report [DIR]`: rebuilds report/index.html and summary.md from the traces under DIR
// (default: artifacts), e.g. from artifacts downloaded from several CI machines, and prints where.
import { stat } from 'node:fs/promises'
import { join, relative, resolve } from 'node:path'
import { ConfigError } from '../core/errors.ts'
import { findTraces } from '../report/find-traces.ts'
import { writeReport } from '../report/write-report.ts'
import { resolveHistory } from '../config/resolve-options.ts'
import { readReportHistory } from '../history/read-summary.ts'
import { aliased, parseFlags } from './args.ts'
import type { Env } from './main.ts'

const FLAGS = {
  'output-dir': { type: 'string' },
  out: { type: 'string' },
  title: { type: 'string' },
} as const

export async function reportCommand(args: string[], env: Env, log: (line: string) => void, cwd = process.cwd()): Promise<number> {
  const { values, positionals } = parseFlags(args, FLAGS, 'report')
  if (positionals.length > 1) throw new ConfigError(`agentprobe report: one DIR at most, got ${positionals.join(' ')}`)
  const dir = resolve(cwd, positionals[0] ?? 'artifacts')
  const shown = (path: string) => (relative(cwd, path).startsWith('..') ? path : relative(cwd, path) || '.')
  if (!(await stat(dir).catch(() => undefined))?.isDirectory()) throw new ConfigError(`agentprobe report: folder ${shown(dir)} does not exist`)
  const traces = await findTraces(dir)
  if (traces.length === 0) throw new ConfigError(`agentprobe report: no trace.json under ${shown(dir)} (run the tests first, or name the artifacts folder)`)
  // The History view too, when this folder (or AGENTPROBE_HISTORY_URL) has recorded runs.
  const location = resolveHistory(undefined, cwd, env, 'the environment')
  const history = location && (await readReportHistory(location, log))
  const outDir = resolve(cwd, aliased<string>(values, 'output-dir', 'out', 'report') ?? join(dir, 'report'))
  const report = await writeReport({ traces, outDir, title: values.title, ...(history && { history: history.summary, pairs: history.pairs }) })
  for (const problem of report.data.problems) log(`agentprobe report: skipped ${problem}`)
  const { suite } = report.data
  log(`agentprobe report: ${shown(report.html)}`)
  log(`  ${suite.tests} test(s) from ${traces.length} trace(s): ${suite.passed} passed, ${suite.failed} failed, mean score ${suite.meanScore.toFixed(2)}`)
  log(`  Markdown summary: ${shown(report.markdown)}`)
  return 0
}
