// What `agentprobe bench` is asked to run and what it will cost: the --models list, the dollar
// flags, the estimate per model from the bundled prices, and the label of what ran a recording.
import { estimateBench, TYPICAL_CALL, type EstimateModel, type ModelEstimate } from '../core/bench-estimate.ts'
import { ConfigError } from '../core/errors.ts'
import { instructionsOf, type BenchCase } from '../bench/bench-case.ts'
import { parseModelId } from '../model-choice/model-id.ts'
import { fmt } from '../report/format.ts'
import { PRICES_DATE, priceFor } from '../models/prices.ts'
import { DEFAULT_BENCH_MAX_STEPS } from '../bench/bench-run.ts'

export function parseModels(value: string | undefined): string[] {
  const models = (value ?? '')
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean)
  if (models.length === 0) throw new ConfigError('agentprobe bench: --models A,B,… is required (e.g. --models offline,openai/gpt-5.4)')
  for (const model of models) parseModelId(model, '--models')
  const twice = models.find((m, i) => models.indexOf(m) !== i)
  if (twice) throw new ConfigError(`--models names ${twice} twice`)
  return models
}

export function positiveUsd(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined
  const n = Number(value)
  if (value.trim() === '' || !Number.isFinite(n) || n <= 0) throw new ConfigError(`--${flag} must be a positive number of dollars, got "${value}"`)
  return n
}

/** A model's price for the estimate; offline and unpriced models are $0, saying why. */
export function estimateModel(id: string): EstimateModel {
  const { provider, model } = parseModelId(id, '--models')
  if (provider === 'offline') return { id, free: 'offline: no API calls' }
  const price = priceFor(model)
  return price ? { id, price } : { id, free: `no bundled price for ${model} (a local or unlisted model): counted as $0, and --max-spend-usd cannot limit it` }
}

export function estimateFor(cases: readonly BenchCase[], runsPerCase: number, models: readonly string[]): ModelEstimate[] {
  const shapes = cases.map((c) => {
    const maxSteps = c.maxSteps ?? DEFAULT_BENCH_MAX_STEPS
    // Each instruction of a case has its own budget and its own expected steps.
    const instructions = instructionsOf(c).length
    return { maxSteps: maxSteps * instructions, expectedSteps: (c.expectedSteps ?? Math.max(1, Math.ceil(maxSteps / 3))) * instructions }
  })
  return estimateBench(shapes, runsPerCase, models.map(estimateModel))
}

export function describeEstimate(estimates: readonly ModelEstimate[], capUsd: number | undefined): string[] {
  const lines = [
    `agentprobe bench: estimate before any paid call (${fmt.int(TYPICAL_CALL.inputTokens)} input + ${fmt.int(TYPICAL_CALL.outputTokens)} output tokens per call, list prices of ${PRICES_DATE}):`,
  ]
  for (const e of estimates) {
    const cost = e.free ? `$0 — ${e.free}` : `~${fmt.usd(e.usd)} expected, at most ~${fmt.usd(e.maxUsd)} if every run uses all its steps`
    lines.push(`  ${e.model}: ${e.runs} runs, ~${fmt.int(e.calls)} calls (≤ ${fmt.int(e.maxCalls)}): ${cost}`)
  }
  const total = estimates.reduce((sum, e) => sum + e.usd, 0)
  const max = estimates.reduce((sum, e) => sum + e.maxUsd, 0)
  lines.push(`  total: ~${fmt.usd(total)} (at most ~${fmt.usd(max)})${capUsd === undefined ? '' : `; model calls stop once $${capUsd} is spent (--max-spend-usd)`}`)
  return lines
}

/** What ran a recording: the offline model, the model double, or named real models with the date. */
export function runLabel(models: readonly string[], env: Record<string, string | undefined>, date: string): string {
  const local = /^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])[:/]/.test(env.AGENTPROBE_BASE_URL ?? '')
  return models
    .map((id) => {
      if (id === 'offline') return 'offline model'
      if (id.startsWith('openai-compatible/') && local && id.includes('double')) return `model double (${id})`
      return `${id} on ${date}`
    })
    .join(', ')
}
