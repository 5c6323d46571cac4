// What a benchmark run will cost, before any paid call: per model, the calls it should make
// (each run's expected steps plus the cold verification) and at most (every run using all its
// steps), times typical tokens per call, times the model's list price.
import { sum } from './scoring.ts'

/** USD per 1M tokens (the shape of models/prices.json). */
export interface TokenPrice {
  input: number
  output: number
}

/**
 * Tokens of one computer-use call: a screenshot on the model's canvas (about 1,500 tokens at
 * 1280×720), the instruction and a short history in, one action or a verdict out.
 */
export const TYPICAL_CALL = { inputTokens: 3_000, outputTokens: 300 } as const

export interface EstimateCase {
  maxSteps: number
  expectedSteps: number
}

export interface EstimateModel {
  id: string
  /** Undefined for a model without a price: it is estimated at $0 and `free` says why. */
  price?: TokenPrice
  free?: string
}

export interface ModelEstimate {
  model: string
  runs: number
  /** Calls if every run takes its expected steps. */
  calls: number
  /** Calls if every run uses its whole step budget. */
  maxCalls: number
  usd: number
  maxUsd: number
  /** Why the estimate is $0 (offline, or no price known). */
  free?: string
}

export function usdPerCall(price: TokenPrice | undefined): number {
  if (!price) return 0
  return (TYPICAL_CALL.inputTokens * price.input + TYPICAL_CALL.outputTokens * price.output) / 1_000_000
}

export function estimateBench(cases: readonly EstimateCase[], runsPerCase: number, models: readonly EstimateModel[]): ModelEstimate[] {
  const calls = runsPerCase * sum(cases.map((c) => c.expectedSteps + 1))
  const maxCalls = runsPerCase * sum(cases.map((c) => c.maxSteps + 1))
  return models.map((m) => ({
    model: m.id,
    runs: runsPerCase * cases.length,
    calls,
    maxCalls,
    usd: calls * usdPerCall(m.price),
    maxUsd: maxCalls * usdPerCall(m.price),
    ...(m.free !== undefined && { free: m.free }),
  }))
}
