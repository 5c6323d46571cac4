import { expect, it } from 'vitest'
import { estimateBench, TYPICAL_CALL, usdPerCall } from './bench-estimate.ts'

it('prices a typical call from the table: input and output tokens at their rates', () => {
  expect(usdPerCall({ input: 2, output: 10 })).toBeCloseTo((TYPICAL_CALL.inputTokens * 2 + TYPICAL_CALL.outputTokens * 10) / 1e6, 10)
  expect(usdPerCall(undefined)).toBe(0)
})

it('counts runs and calls (expected steps + one verification; at most every step) per model', () => {
  const cases = [
    { maxSteps: 6, expectedSteps: 2 },
    { maxSteps: 4, expectedSteps: 3 },
  ]
  const [paid, free] = estimateBench(cases, 4, [{ id: 'openai/x', price: { input: 1, output: 1 } }, { id: 'offline', free: 'offline: no API calls' }])
  const perCall = usdPerCall({ input: 1, output: 1 })
  expect(paid).toEqual({ model: 'openai/x', runs: 8, calls: 4 * (3 + 4), maxCalls: 4 * (7 + 5), usd: 28 * perCall, maxUsd: 48 * perCall })
  expect(free).toMatchObject({ model: 'offline', usd: 0, maxUsd: 0, free: 'offline: no API calls', calls: 28 })
})
