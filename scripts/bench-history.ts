#!/usr/bin/env node
// Run history's cost (no browser, no model): what recording one test adds at a run's end, the
// store's size per 1,000 runs, and the time `agentprobe history` and the report's History view
// take over 10,000 stored runs, on SQLite and on a private PostgreSQL server side by side.
// Figures, not assertions: these machines are noisy. Ends with one JSON line.
import { mkdir, mkdtemp, readdir, stat, writeFile } from 'node:fs/promises'
import pg from 'pg'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { HistoryRun } from '../src/core/history.ts'
import { summarizeHistory } from '../src/core/history-stats.ts'
import { ZERO_USAGE } from '../src/core/model.ts'
import type { Trace } from '../src/core/trace.ts'
import { historyCommand } from '../src/cli/history-command.ts'
import type { HistoryStore } from '../src/history/history-store.ts'
import { openHistoryStore, type HistoryLocation } from '../src/history/open-store.ts'
import { recordRuns } from '../src/history/record-runs.ts'
import { writeReport } from '../src/report/write-report.ts'
import { historyRun, historyStep } from '../src/testing/history-runs.ts'
import { startPostgres } from '../test/postgres-server.ts'

const STORED = Number(process.argv[2] ?? 10_000)
const TESTS = 50
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN
const time = async (fn: () => Promise<unknown>): Promise<number> => {
  const t = performance.now()
  await fn()
  return performance.now() - t
}
const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 0)} ms`

/** Runs like a real suite's: 50 tests over 60 days, two models, five steps each, a fifth failing. */
function syntheticRuns(n: number, offset = 0): HistoryRun[] {
  const start = Date.UTC(2026, 9, 1)
  return Array.from({ length: n }, (_, k) => {
    const i = k + offset
    const failed = i % 5 === 0
    return historyRun(`bench-${String(i).padStart(6, '0')}`, new Date(start + (i * 60 * 86_400_000) / n).toISOString(), {
      test: `test ${i % TESTS}`,
      model: i % 2 ? 'openai/gpt-5.4' : 'anthropic/claude',
      outcome: failed ? 'failed' : 'passed',
      failureTypes: failed ? ['no_progress'] : [],
      commit: `c${Math.floor(i / 200)}`,
      steps: 4,
      stepList: [1, 2, 3, 4, 5].map((index) => historyStep({ index, frameHash: `${i}-${index}`, kind: index === 5 ? 'verify' : 'agent', ...(index === 5 && { actions: [], verdict: 'YES' }) })),
    })
  })
}

/** A finished trace on disk, as a test leaves it, for recording through the reporters' path. */
async function traceFile(dir: string, i: number): Promise<string> {
  const step = { step: 1, frame: 'step-01.png', frameHash: 'h', actions: [{ type: 'click' as const, x: 1, y: 2, button: 'left' as const }], status: 'continue' as const, usage: { ...ZERO_USAGE }, timings: { captureMs: 30, modelMs: 900, actMs: 20, settleMs: 200 }, failures: [] }
  const trace: Trace = {
    schema: 'agentprobe.trace/1', test: { name: `recorded ${i}`, file: 'bench.cua.test.ts' }, model: 'offline', target: { kind: 'x11', width: 1920, height: 1080 },
    versions: { build: 'b1' }, status: 'passed', frames: [], startedAt: new Date().toISOString(), durationMs: 6000,
    runs: [{ kind: 'agent', status: 'passed', steps: [1, 2, 3, 4].map((n) => ({ ...step, step: n })), failures: [], usage: { ...ZERO_USAGE }, startedAt: new Date().toISOString() }],
  }
  const folder = join(dir, `t${i}`)
  await mkdir(folder, { recursive: true })
  await writeFile(join(folder, 'trace.json'), JSON.stringify(trace))
  return join(folder, 'trace.json')
}

async function measure(label: string, location: HistoryLocation, dir: string) {
  const fill = await openHistoryStore(location)
  const fillMs = await time(async () => {
    for (let i = 0; i < STORED; i += 1000) await fill.add(syntheticRuns(Math.min(1000, STORED - i), i))
  })
  await fill.close()
  const size = location.kind === 'sqlite' ? await sqliteBytes(location.path) : await postgresBytes(location.url)

  // One test's record at a run's end, as the reporters make it: open, read its trace, add, close.
  const traces = await Promise.all(Array.from({ length: 20 }, (_, i) => traceFile(join(dir, label), i)))
  const quiet = { gifDir: join(dir, 'gifs'), context: { commit: 'c' }, log: () => undefined }
  const addOne: number[] = []
  const store: HistoryStore = await openHistoryStore(location)
  for (const [i, run] of syntheticRuns(20, STORED).entries()) addOne.push(await time(() => store.add([{ ...run, id: `one-${i}` }])))
  await store.close()
  // The summary a run's end reads back for the report (the whole 30 days), once per run, not per test.
  const runEnd = await time(() => recordRuns({ location, traces: traces.map((path) => ({ path })), since: '2026-01-01T00:00:00.000Z', ...quiet }))

  const cli = await time(() => historyCommand(['--since', '2026-01-01', '--store', location.kind === 'sqlite' ? location.path : location.url], {}, () => undefined))
  const reader = await openHistoryStore(location)
  let runs: HistoryRun[] = []
  const query = await time(async () => (runs = await reader.runs({ since: '2026-01-01T00:00:00.000Z' })))
  await reader.close()
  const summarize = await time(async () => summarizeHistory(runs))
  const summary = summarizeHistory(runs)
  const view = await time(() => writeReport({ traces: [], outDir: join(dir, `${label}-report`), history: summary }))
  const figures = { stored: runs.length, fillMs, addOneMs: median(addOne), runEndMs: runEnd, cliMs: cli, queryMs: query, summarizeMs: summarize, viewMs: view, bytesPer1000: size && (size / runs.length) * 1000 }
  console.log(`\n${label}: ${figures.stored} runs stored (filled in ${ms(fillMs)})`)
  console.log(`  add one test's record (median of 20)       ${ms(figures.addOneMs)}`)
  console.log(`  a run's end, 20 tests (open, read 20 traces, add them, read back the summary of all stored runs)  ${ms(runEnd)}`)
  console.log(`  agentprobe history over all stored runs    ${ms(cli)} (query ${ms(query)}, summary ${ms(summarize)})`)
  console.log(`  History view (report written)              ${ms(view)}`)
  if (size) console.log(`  size                                       ${(size / 1e6).toFixed(1)} MB, ${((size / runs.length) * 1000 / 1e6).toFixed(2)} MB per 1,000 runs`)
  return figures
}

/** The two tables with their indexes and TOAST, as the server stores them. */
async function postgresBytes(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ bytes: string }>("SELECT pg_total_relation_size('agentprobe_runs') + pg_total_relation_size('agentprobe_steps') AS bytes")
    return Number(rows[0]!.bytes)
  } finally {
    await client.end()
  }
}

async function sqliteBytes(path: string): Promise<number> {
  const dir = join(path, '..')
  const files = (await readdir(dir)).filter((f) => f.startsWith('history.sqlite'))
  return (await Promise.all(files.map(async (f) => (await stat(join(dir, f))).size))).reduce((a, b) => a + b, 0)
}

const dir = await mkdtemp(join(tmpdir(), 'agentprobe-bench-history-'))
console.log(`run history: ${STORED} synthetic runs of ${TESTS} tests, 5 steps each`)
const sqlite = await measure('SQLite', { kind: 'sqlite', path: join(dir, 'sqlite', 'history.sqlite') }, dir)
const server = await startPostgres().catch((error: Error) => {
  console.log(`\nPostgreSQL: skipped (${error.message.split('\n')[0]})`)
  return undefined
})
let postgres: Awaited<ReturnType<typeof measure>> | undefined
if (server) {
  try {
    postgres = await measure('PostgreSQL', { kind: 'postgres', url: server.url }, dir)
  } finally {
    await server.stop()
  }
}
console.log(JSON.stringify({ bench: 'history', sqlite, postgres }))
