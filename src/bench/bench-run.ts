// One benchmark run as the main process plans it and as the worker reports it back: what the
// generated test file is given, and what it hands over in task meta.
import type { BenchBuild, BenchOutcome } from '../core/bench-scores.ts'
import type { BrowserName } from '../targets/browser.ts'

export interface BenchSpec {
  caseId: string
  build: BenchBuild
  repeat: number
  /** Browser cases: the browser the run is in (its project launches it). */
  browser?: BrowserName
  /** Browser cases: the materialized build of the extension. */
  extension?: string
  /** Browser cases with a previous version: its folder, installed before the first instruction. */
  previousVersion?: string
  /** http://127.0.0.1:<port>/ serving bench/pages/ */
  pagesUrl: string
  /** The run's artifacts folder, relative to the model's artifacts folder. */
  outputDir: string
  /** The shared spending cap, when --max-spend-usd is set. */
  ledger?: { file: string; capUsd: number }
}

export interface BenchTaskResult {
  caseId: string
  build: BenchBuild
  repeat: number
  model: string
  /** Browser cases: the browser it ran in. */
  browser?: BrowserName
  outcome: BenchOutcome
  truth?: boolean
  truthError?: string
  error?: string
  /** The run's artifacts folder (trace.json), absolute. */
  dir: string
}

export const DEFAULT_BENCH_MAX_STEPS = 6
