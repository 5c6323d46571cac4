// Writes report/index.html and report/summary.md from trace files. Images and GIFs are copied
// beside the page as content-addressed files (data/<sha256>.png), so identical frames are stored
// once, the page stays small, and the folder opens offline anywhere it is copied whole.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import { errorMessage } from '../core/errors.ts'
import type { HistorySummary, RunPair } from '../core/history-stats.ts'
import type { ScoreOptions } from '../core/scoring.ts'
import { traceSchema, type Trace } from '../core/trace.ts'
import { copyToData } from './data-files.ts'
import { buildReportData, type ReportData, type TraceEntry } from './report-data.ts'
import { renderHtml } from './render-html.ts'
import { renderMarkdown } from './render-markdown.ts'
import { writeComparePage } from './write-compare.ts'

export interface WriteReportOptions {
  /** trace.json files, in any order (the report sorts tests by file, name and model). */
  traces: readonly string[]
  /** The report folder: index.html, summary.md and data/. */
  outDir: string
  title?: string
  score?: ScoreOptions
  bench?: ReportData['bench']
  /** The run history, for the History view; its tests' kept GIFs are copied beside the page. */
  history?: HistorySummary
  /** Tests that turned red: each pair's compare page is written beside the report and linked from the History view. */
  pairs?: readonly RunPair[]
}

export interface WrittenReport {
  html: string
  markdown: string
  data: ReportData
  /** Bytes of index.html and of the files under data/. */
  bytes: { html: number; assets: number }
}

export async function writeReport(o: WriteReportOptions): Promise<WrittenReport> {
  const problems: string[] = []
  const loaded: { trace: Trace; dir: string }[] = []
  for (const path of [...new Set(o.traces.map((t) => resolve(t)))]) {
    try {
      loaded.push({ trace: traceSchema.parse(JSON.parse(await readFile(path, 'utf8'))), dir: dirname(path) })
    } catch (error) {
      problems.push(`${path}: not a readable agentprobe trace (${errorMessage(error).split('\n')[0]})`)
    }
  }
  loaded.sort((a, b) => key(a.trace).localeCompare(key(b.trace)))
  const dataDir = join(o.outDir, 'data')
  await mkdir(dataDir, { recursive: true })
  const written = new Map<string, number>()
  const entries: TraceEntry[] = []
  for (const { trace, dir } of loaded) {
    const hrefs = new Map<string, string>()
    for (const file of referencedFiles(trace)) {
      const href = await copyToData(join(dir, file), dataDir, written)
      if (href) hrefs.set(file, href)
    }
    entries.push({ trace, asset: (file) => hrefs.get(file) })
  }
  // A kept GIF pruned from disk (or from another machine's store) gets no link.
  const historyGifs: Record<string, string> = {}
  for (const { lastFailure } of o.history?.tests ?? []) {
    const href = lastFailure?.gif && (await copyToData(lastFailure.gif, dataDir, written))
    if (href) historyGifs[lastFailure.id] = href
  }
  const historyCompares: Record<string, string> = {}
  for (const { key, green, red } of o.pairs ?? []) historyCompares[key] = basename(await writeComparePage({ a: green, b: red, outDir: o.outDir, written }))
  // Files of earlier reports that this one no longer shows.
  for (const name of await readdir(dataDir)) if (!written.has(name)) await rm(join(dataDir, name), { force: true })
  const pages = new Set(Object.values(historyCompares))
  for (const name of await readdir(o.outDir)) if (/^compare-.*\.html$/.test(name) && !pages.has(name)) await rm(join(o.outDir, name), { force: true })

  const data = buildReportData(entries, { ...o.score, title: o.title, problems, bench: o.bench, ...(o.history && { history: o.history, historyGifs, historyCompares }) })
  const html = renderHtml(data)
  const paths = { html: join(o.outDir, 'index.html'), markdown: join(o.outDir, 'summary.md') }
  await writeFile(paths.html, html)
  // summary.md sits beside index.html, so it names the page relative to itself.
  await writeFile(paths.markdown, renderMarkdown(data, { reportPath: 'index.html' }))
  return { ...paths, data, bytes: { html: Buffer.byteLength(html), assets: [...written.values()].reduce((a, b) => a + b, 0) } }
}

/** The files a trace's report shows: each frame (annotated when it was) and the GIF. */
function referencedFiles(trace: Trace): string[] {
  const frames = trace.frames.map((f) => trace.artifacts?.annotated[f.file] ?? f.file)
  return [...frames, ...(trace.artifacts?.gif ? [trace.artifacts.gif] : [])]
}

function key(t: Trace): string {
  return `${t.test.file ?? ''}\u0000${t.test.name}\u0000${t.model}`
}
