// What a call cost, from the API's usage and a price table with its sources and date
// (prices.json), overridable per model: maxCostUsd is only as good as this table.
import table from './prices.json' with { type: 'json' }
import type { Usage } from '../core/model.ts'

/** USD per 1M tokens; cached input defaults to the input price. */
export interface Price {
  input: number
  cachedInput?: number
  output: number
}

export type PriceTable = Record<string, Price>

export const PRICES: PriceTable = table.models
export const PRICES_DATE: string = table.date

/** The model's price: an exact entry, else the longest entry the name starts with ('gpt-5.4-2026-03-05' → 'gpt-5.4'). */
export function priceFor(model: string, overrides: PriceTable = {}): Price | undefined {
  const merged = { ...PRICES, ...overrides }
  if (merged[model]) return merged[model]
  const prefix = Object.keys(merged)
    .filter((key) => model.startsWith(`${key}-`))
    .sort((a, b) => b.length - a.length)[0]
  return prefix === undefined ? undefined : merged[prefix]
}

/** Cost of one call in USD; cached tokens are part of the input tokens, billed at the cached price. */
export function costOf(usage: Omit<Usage, 'costUsd'>, price: Price | undefined): number {
  if (!price) return 0
  const cached = Math.min(usage.cachedTokens, usage.inputTokens)
  const usd = (usage.inputTokens - cached) * price.input + cached * (price.cachedInput ?? price.input) + usage.outputTokens * price.output
  return usd / 1_000_000
}
