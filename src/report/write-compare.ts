// Writes the comparison of two runs as a page with the frames they decided on beside it. A run's
// frames are only on disk while its artifacts folder still holds its own trace: the next run of
// the test overwrites it, so a trace started at another time means the frames are gone.
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { HistoryRun } from '../core/history.ts'
import { compareRuns } from '../core/run-compare.ts'
import { traceSchema, type Trace } from '../core/trace.ts'
import { copyToData } from './data-files.ts'
import { renderCompareHtml } from './render-compare.ts'

export interface WriteCompareOptions {
  a: HistoryRun
  b: HistoryRun
  /** The page's folder: compare-<idA8>-<idB8>.html and data/. */
  outDir: string
  /** data/ files written so far by the report the page goes beside (its clean-up keeps them). */
  written?: Map<string, number>
}

/** Writes the page and answers its path. */
export async function writeComparePage(o: WriteCompareOptions): Promise<string> {
  const dataDir = join(o.outDir, 'data')
  await mkdir(dataDir, { recursive: true })
  const written = o.written ?? new Map<string, number>()
  const hrefs = { a: new Map<string, string>(), b: new Map<string, string>() }
  for (const side of ['a', 'b'] as const) {
    const dir = o[side].artifactsDir
    if (dir === undefined) continue
    const trace = await ownTrace(dir, o[side].startedAt)
    if (!trace) continue
    for (const [hash, file] of frameFiles(trace)) {
      // The annotated copy, as the report shows it: it marks where the step acted.
      const href = await copyToData(join(dir, trace.artifacts?.annotated[file] ?? file), dataDir, written)
      if (href) hrefs[side].set(hash, href)
    }
  }
  const page = join(o.outDir, `compare-${idPart(o.a.id)}-${idPart(o.b.id)}.html`)
  await writeFile(page, renderCompareHtml(compareRuns(o.a, o.b), (side, hash) => hrefs[side].get(hash)))
  return page
}

/** The folder's trace when it is still the run's own (same start time), else undefined. */
async function ownTrace(dir: string, startedAt: string): Promise<Trace | undefined> {
  try {
    const trace = traceSchema.parse(JSON.parse(await readFile(join(dir, 'trace.json'), 'utf8')))
    return trace.startedAt === startedAt ? trace : undefined
  } catch {
    return undefined // no trace there, or none this version reads
  }
}

/** Frame hash → frame file, for every step, verification and read. */
function frameFiles(trace: Trace): Map<string, string> {
  const files = new Map<string, string>()
  for (const run of trace.runs) {
    for (const s of run.steps) files.set(s.frameHash, s.frame)
    for (const v of [run.verification, run.read]) if (v?.frameHash && v.frame) files.set(v.frameHash, v.frame)
  }
  return files
}

const idPart = (id: string) => id.slice(0, 8).replace(/[^\w-]/g, '_')
