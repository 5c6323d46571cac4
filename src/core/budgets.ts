// budget_exceeded for tokens and cost (DESIGN §5), as a pure rule over a run's usage so far. (The
// time budget is an AbortSignal deadline: the loop names it when the signal fires.)
import type { Failure } from './failures.ts'
import type { Usage } from './model.ts'

export interface Budgets {
  /** Input + output tokens. */
  maxTokens?: number
  maxCostUsd?: number
}

export function detectBudgetExceeded(usage: Usage, budgets: Budgets, step?: number): Failure | undefined {
  const tokens = usage.inputTokens + usage.outputTokens
  if (budgets.maxTokens !== undefined && tokens > budgets.maxTokens) {
    return { type: 'budget_exceeded', step, message: `token budget spent: ${tokens} > ${budgets.maxTokens}` }
  }
  if (budgets.maxCostUsd !== undefined && usage.costUsd > budgets.maxCostUsd) {
    return { type: 'budget_exceeded', step, message: `cost budget spent: $${usage.costUsd.toFixed(4)} > $${budgets.maxCostUsd}` }
  }
  return undefined
}
