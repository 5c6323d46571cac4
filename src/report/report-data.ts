// The report's one data type, built purely from traces: per test its decision graph (one node
// per step, verification and saved frame, in time order, ending in the verdict), scores, the suite
// and, when several models ran, the leaderboard. HTML and Markdown are both rendered from this.
import type { HistorySummary } from '../core/history-stats.ts'
import { buildLeaderboard, runSource, type Leaderboard, type RunSource } from '../core/leaderboard.ts'
import { scoreTrace, summarizeSuite, type ScoreOptions, type SuiteSummary, type TestScore } from '../core/scoring.ts'
import type { GifCheck, Trace } from '../core/trace.ts'
import { variantLabels } from '../core/variant.ts'
import type { BenchBoard } from '../core/bench-scores.ts'
import type { BenchHeading } from './render-bench.ts'
import { graphNodes, type GraphNode } from './graph-nodes.ts'

export type { GraphNode }

export interface TraceEntry {
  trace: Trace
  /** A file of the trace's folder → its address in the report (undefined when missing). */
  asset(file: string): string | undefined
}

export interface ReportTest {
  id: string
  name: string
  file?: string
  model: string
  status: Trace['status']
  error?: string
  score: TestScore
  durationMs?: number
  gif?: string
  /** The GIF's frames and time against the plan. */
  gifCheck?: GifCheck
  warnings: string[]
  versions: Record<string, string>
  /** The matrix cell it ran in, naming only what differs across the report ('ar · dark'); '' outside a matrix. */
  variant: string
  /** Whether the figures come from a live run or a cassette's recording. */
  source: RunSource
  /** The cassette's mode, whose recording replayed, and what replay saved. */
  cassette?: Trace['cassette']
  nodes: GraphNode[]
  /** The node shown first: in a failed test the first failing one, else the verdict. */
  focus: string
}

/** One test across the cells of a language, theme or browser matrix, side by side. */
export interface MatrixRow {
  name: string
  file?: string
  model: string
  cells: { variant: string; status: ReportTest['status']; gif?: string; testId: string }[]
  /** Passed in one cell and not in another. */
  differs: boolean
}

export interface ReportData {
  title: string
  generatedAt: string
  tests: ReportTest[]
  /** Tests run in more than one cell, when the report holds a matrix. */
  matrix: MatrixRow[]
  suite: SuiteSummary
  leaderboard?: Leaderboard
  /** The benchmark's leaderboard, when `agentprobe bench` wrote the report. */
  bench?: { board: BenchBoard; heading: BenchHeading }
  /** Traces that could not be read, with why. */
  problems: string[]
  /** The run history (the History view), and its kept GIFs' addresses by run id. */
  history?: HistorySummary
  historyGifs?: Record<string, string>
  /** Test key → its compare page (last green against first red), beside index.html. */
  historyCompares?: Record<string, string>
}

export function buildReportData(entries: readonly TraceEntry[], options: ScoreOptions & { title?: string; generatedAt?: string; problems?: string[] } & Pick<ReportData, 'bench' | 'history' | 'historyGifs' | 'historyCompares'> = {}): ReportData {
  const labels = variantLabels(entries.map((e) => e.trace))
  const scored = entries.map((e, i) => ({ ...e, score: scoreTrace(e.trace, options), variant: labels[i]! }))
  // A matrix's cells of one test next to each other, in a stable order.
  if (labels.some((label) => label !== '')) scored.sort((a, b) => cellOrder(a.trace, a.variant).localeCompare(cellOrder(b.trace, b.variant)))
  const tests = scored.map((e, i) => reportTest(e, e.score, e.variant, `t${i + 1}`))
  return {
    title: options.title ?? 'agentprobe report',
    generatedAt: options.generatedAt ?? new Date().toISOString(),
    tests,
    matrix: matrixRows(tests),
    suite: summarizeSuite(scored),
    leaderboard: buildLeaderboard(scored),
    problems: options.problems ?? [],
    ...(options.bench && { bench: options.bench }),
    ...(options.history && { history: options.history, historyGifs: options.historyGifs ?? {}, historyCompares: options.historyCompares ?? {} }),
  }
}

/** A test of one model, whatever its variant: the cells of a matrix row share it. */
const caseOf = (file: string | undefined, name: string, model: string) => `${file ?? ''}\u0000${name}\u0000${model}`
const cellOrder = (trace: Trace, variant: string) => `${caseOf(trace.test.file, trace.test.name, trace.model)}\u0000${variant}`

function matrixRows(tests: readonly ReportTest[]): MatrixRow[] {
  const byCase = new Map<string, ReportTest[]>()
  for (const t of tests.filter((t) => t.variant !== '')) {
    const key = caseOf(t.file, t.name, t.model)
    byCase.set(key, [...(byCase.get(key) ?? []), t])
  }
  return [...byCase.values()]
    .filter((cells) => cells.length > 1)
    .map((cells) => ({
      name: cells[0]!.name,
      ...(cells[0]!.file !== undefined && { file: cells[0]!.file }),
      model: cells[0]!.model,
      cells: cells.map((t) => ({ variant: t.variant, status: t.status, ...(t.gif && { gif: t.gif }), testId: t.id })),
      differs: new Set(cells.map((t) => t.status)).size > 1,
    }))
}

function reportTest({ trace, asset }: TraceEntry, score: TestScore, variant: string, id: string): ReportTest {
  const nodes = graphNodes(trace, asset).map((n, i) => ({ ...n, id: `${id}-n${i + 1}` }))
  const failing = trace.status === 'failed' ? nodes.find((n) => n.tone === 'fail') : undefined
  return {
    id,
    name: trace.test.name,
    file: trace.test.file,
    model: trace.model,
    status: trace.status,
    error: trace.error,
    score,
    durationMs: trace.durationMs,
    gif: trace.artifacts?.gif ? asset(trace.artifacts.gif) : undefined,
    gifCheck: trace.artifacts?.gifCheck,
    warnings: trace.artifacts?.warnings ?? [],
    versions: trace.versions,
    variant,
    source: runSource(trace),
    ...(trace.cassette && trace.cassette.mode !== 'off' && { cassette: trace.cassette }),
    nodes,
    focus: (failing ?? nodes.at(-1))?.id ?? '',
  }
}
