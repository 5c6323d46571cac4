// The report's one data type, built purely from traces: per test its decision graph (one node
// per step, verification and saved frame, in time order, ending in the verdict), scores, the suite
// and, when several models ran, the leaderboard. HTML and Markdown are both rendered from this.
import type { HistorySummary } from '../core/history-stats.ts'
import { buildLeaderboard, runSource, type Leaderboard, type RunSource } from '../core/leaderboard.ts'
import { scoreTrace, summarizeSuite, type ScoreOptions, type SuiteSummary, type TestScore } from '../core/scoring.ts'
import type { GifCheck, Trace } from '../core/trace.ts'
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
  /** Whether the figures come from a live run or a cassette's recording. */
  source: RunSource
  /** The cassette's mode, whose recording replayed, and what replay saved. */
  cassette?: Trace['cassette']
  nodes: GraphNode[]
  /** The node shown first: in a failed test the first failing one, else the verdict. */
  focus: string
}

export interface ReportData {
  title: string
  generatedAt: string
  tests: ReportTest[]
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
  const scored = entries.map((e) => ({ ...e, score: scoreTrace(e.trace, options) }))
  return {
    title: options.title ?? 'agentprobe report',
    generatedAt: options.generatedAt ?? new Date().toISOString(),
    tests: scored.map((e, i) => reportTest(e, e.score, `t${i + 1}`)),
    suite: summarizeSuite(scored),
    leaderboard: buildLeaderboard(scored),
    problems: options.problems ?? [],
    ...(options.bench && { bench: options.bench }),
    ...(options.history && { history: options.history, historyGifs: options.historyGifs ?? {}, historyCompares: options.historyCompares ?? {} }),
  }
}

function reportTest({ trace, asset }: TraceEntry, score: TestScore, id: string): ReportTest {
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
    source: runSource(trace),
    ...(trace.cassette && trace.cassette.mode !== 'off' && { cassette: trace.cassette }),
    nodes,
    focus: (failing ?? nodes.at(-1))?.id ?? '',
  }
}
