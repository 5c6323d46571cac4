import { describe, expect, it } from 'vitest'
import { detectBudgetExceeded } from './budgets.ts'

const usage = { inputTokens: 9000, cachedTokens: 4000, outputTokens: 1200, costUsd: 0.0412 }

describe('detectBudgetExceeded', () => {
  it('is silent without budgets, or within them (a budget met exactly is not exceeded)', () => {
    expect(detectBudgetExceeded(usage, {})).toBeUndefined()
    expect(detectBudgetExceeded(usage, { maxTokens: 10_200, maxCostUsd: 0.0412 })).toBeUndefined()
  })

  it('counts input + output tokens (cached are part of input)', () => {
    expect(detectBudgetExceeded(usage, { maxTokens: 10_000 }, 3)).toEqual({ type: 'budget_exceeded', step: 3, message: 'token budget spent: 10200 > 10000' })
  })

  it('names the cost spent against the cost budget', () => {
    expect(detectBudgetExceeded(usage, { maxCostUsd: 0.04 }, 2)).toEqual({ type: 'budget_exceeded', step: 2, message: 'cost budget spent: $0.0412 > $0.04' })
  })
})
