// The end of a run, for every reporter: each finished test's trace becomes one history record
// (a failed one keeps a copy of its GIF, since the next run overwrites the artifacts folder), and
// the store answers the summary the report's History view shows. A store that cannot be opened
// or written is a warning that names it: history never fails a test run.
import { createHash, randomUUID } from 'node:crypto'
import { copyFile, mkdir, readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { errorMessage } from '../core/errors.ts'
import { historyRecord, type HistoryRun, type RunContext } from '../core/history.ts'
import { traceSchema } from '../core/trace.ts'
import { locationName, openHistoryStore, type HistoryLocation } from './open-store.ts'
import { reportHistory, type ReportHistory } from './read-summary.ts'

export interface RecordRunsOptions {
  location: HistoryLocation
  /** Kept GIFs of failed runs go here. */
  gifDir: string
  /** The traces of the tests that ran, with the project each ran in and its test file. */
  traces: readonly { path: string; project?: string; testFile?: string }[]
  /** Where the run happened: commit, branch, CI job, shard. */
  context: Omit<RunContext, 'project'>
  /** The History view covers runs since this ISO time (default: 30 days back). */
  since?: string
  log(line: string): void
}

/** Records the runs and answers what the report shows of the history; undefined (after a warning) when the store failed. */
export async function recordRuns(o: RecordRunsOptions): Promise<ReportHistory | undefined> {
  if (o.traces.length === 0) return undefined
  const records: HistoryRun[] = []
  const testHashes = new Map<string, Promise<string | undefined>>()
  const testHash = (file: string) => testHashes.get(file) ?? testHashes.set(file, sourceHash(file)).get(file)!
  for (const { path, project, testFile } of o.traces) {
    try {
      const trace = traceSchema.parse(JSON.parse(await readFile(path, 'utf8')))
      if (trace.status === 'running') continue
      const id = randomUUID()
      const gif = trace.status === 'failed' && trace.artifacts?.gif ? await keepGif(join(dirname(path), trace.artifacts.gif), o.gifDir, id) : undefined
      const hash = testFile === undefined ? undefined : await testHash(testFile)
      records.push(historyRecord(trace, { ...o.context, ...(project && { project }), id, artifactsDir: dirname(path), ...(gif && { gif }), ...(hash && { testHash: hash }) }))
    } catch (error) {
      o.log(`agentprobe history: ${path} not recorded (${errorMessage(error).split('\n')[0]})`)
    }
  }
  const name = locationName(o.location)
  try {
    const store = await openHistoryStore(o.location)
    try {
      await store.add(records)
      return await reportHistory(store, o.since)
    } finally {
      await store.close()
    }
  } catch (error) {
    o.log(`agentprobe history: not recorded in ${name} (${errorMessage(error).split('\n')[0]})`)
    return undefined
  }
}

/** The test file's source, fingerprinted; undefined when it is gone. */
async function sourceHash(file: string): Promise<string | undefined> {
  const source = await readFile(file).catch(() => undefined)
  return source && createHash('sha256').update(source).digest('hex').slice(0, 12)
}

async function keepGif(gif: string, dir: string, id: string): Promise<string | undefined> {
  const kept = join(dir, `${id}.gif`)
  await mkdir(dir, { recursive: true })
  return copyFile(gif, kept).then(
    () => kept,
    () => undefined,
  )
}
