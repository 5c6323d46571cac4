// `agentprobe history`: what the stored runs say (flaky tests, failure types, cost, latency,
// models), as text, --json or --csv; `agentprobe history prune --keep 90d` bounds the store.
import { rm } from 'node:fs/promises'
import { ConfigError } from '../core/errors.ts'
import { summarizeHistory } from '../core/history-stats.ts'
import { HISTORY_DAYS } from '../history/read-summary.ts'
import { locationName } from '../history/open-store.ts'
import { runsCsv } from '../report/history-csv.ts'
import { renderHistoryText } from '../report/history-text.ts'
import { parseFlags, positiveInt } from './args.ts'
import { historyLocation, openToRead, sinceTime } from './history-store-flag.ts'
import type { Env } from './main.ts'

const FLAGS = {
  since: { type: 'string' },
  test: { type: 'string' },
  model: { type: 'string' },
  json: { type: 'boolean' },
  csv: { type: 'boolean' },
  limit: { type: 'string' },
  keep: { type: 'string' },
  store: { type: 'string' },
} as const

export async function historyCommand(args: string[], env: Env, print: (line: string) => void, cwd = process.cwd()): Promise<number> {
  const { values, positionals } = parseFlags(args, FLAGS, 'history')
  const [sub, ...extra] = positionals
  if (extra.length > 0 || (sub !== undefined && sub !== 'prune')) throw new ConfigError(`agentprobe history: unexpected ${positionals.join(' ')} (the one subcommand is prune)`)
  if (values.json && values.csv) throw new ConfigError('agentprobe history: --json and --csv each print everything; give one of them')
  const location = historyLocation(values.store, cwd, env, 'history')
  // A project that has recorded nothing yet has no file: it reads as empty, and none is made.
  const store = await openToRead(location, values.store !== undefined, 'history')
  try {
    if (sub === 'prune') {
      if (values.keep === undefined) throw new ConfigError('agentprobe history prune: --keep SPAN is required, e.g. --keep 90d')
      const before = sinceTime(values.keep, 'keep')
      const { runs, gifs } = store ? await store.prune(before) : { runs: 0, gifs: [] }
      for (const gif of gifs) await rm(gif, { force: true })
      print(`agentprobe history: pruned ${runs} run${runs === 1 ? '' : 's'} started before ${before.slice(0, 10)} from ${locationName(location)}`)
      return 0
    }
    if (values.keep !== undefined) throw new ConfigError('agentprobe history: --keep belongs to `agentprobe history prune`')
    const since = sinceTime(values.since ?? `${HISTORY_DAYS}d`, 'since')
    const limit = positiveInt(values.limit, 'limit')
    const runs = !store ? [] : await store.runs({ since, ...(values.test !== undefined && { test: values.test }), ...(values.model !== undefined && { model: values.model }), ...(limit && { limit }) })
    if (values.csv) {
      print(runsCsv(runs).trimEnd())
      return 0
    }
    const summary = summarizeHistory(runs)
    if (values.json) {
      const { tests, ...rest } = summary
      const testRows = tests.map(({ strip: _strip, ...t }) => t)
      print(JSON.stringify({ store: locationName(location), since, runs: runs.map(({ stepList: _steps, ...r }) => r), tests: testRows, summary: rest }, null, 2))
      return 0
    }
    const filters = [values.test !== undefined && `--test ${values.test}`, values.model !== undefined && `--model ${values.model}`, values.since !== undefined && `--since ${values.since}`].filter(Boolean)
    const empty = store && filters.length > 0 ? `No runs match ${filters.join(' ')}: \`agentprobe history\` without them lists the last ${HISTORY_DAYS} days.` : undefined
    print(renderHistoryText(summary, `agentprobe history: ${runs.length} run${runs.length === 1 ? '' : 's'} of ${summary.tests.length} test${summary.tests.length === 1 ? '' : 's'} since ${since.slice(0, 10)} (${locationName(location)})`, empty))
    return 0
  } finally {
    await store?.close()
  }
}
