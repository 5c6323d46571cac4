import { expect, it } from 'vitest'
import { STOP_WORKER, type BrowserBenchCase } from '../bench/bench-case.ts'
import { describeEstimate, estimateFor, estimateModel, parseModels, positiveUsd, runLabel } from './bench-plan.ts'
import { parseFlags } from './args.ts'

it('--models: a comma list of known model ids, each once', () => {
  expect(parseModels(' offline, openai/gpt-5.4 ,openai-compatible/double-good')).toEqual(['offline', 'openai/gpt-5.4', 'openai-compatible/double-good'])
  expect(() => parseModels(undefined)).toThrow(/--models A,B,… is required/)
  expect(() => parseModels(',')).toThrow(/--models A,B,… is required/)
  expect(() => parseModels('offline,gpt-5.4')).toThrow(/unknown model "gpt-5.4" \(--models\)/)
  expect(() => parseModels('offline,offline')).toThrow(/--models names offline twice/)
})

it('--max-spend-usd: a positive number of dollars', () => {
  expect(positiveUsd(undefined, 'max-spend-usd')).toBeUndefined()
  expect(positiveUsd('2.5', 'max-spend-usd')).toBe(2.5)
  for (const bad of ['0', '-1', 'x', '', 'Infinity']) expect(() => positiveUsd(bad, 'max-spend-usd')).toThrow(/--max-spend-usd must be a positive number of dollars/)
})

it('an unknown flag names itself and the closest one', () => {
  expect(() => parseFlags(['--model', 'offline'], { models: { type: 'string' } }, 'bench')).toThrow('agentprobe bench: unknown flag --model (did you mean --models?)')
})

it('prices from the bundled table; offline and unlisted models are $0 and say why', () => {
  expect(estimateModel('openai/gpt-5.4').price).toMatchObject({ input: 2.5, output: 15 })
  expect(estimateModel('azure/gpt-5.4-2026-03-05').price).toMatchObject({ input: 2.5 })
  expect(estimateModel('offline')).toEqual({ id: 'offline', free: 'offline: no API calls' })
  expect(estimateModel('openai-compatible/qwen3-vl-8b').free).toMatch(/no bundled price for qwen3-vl-8b .*counted as \$0/)
})

it('the estimate names each model, its calls and dollars, and the cap', () => {
  const lines = describeEstimate(
    [
      { model: 'openai/gpt-5.4', runs: 48, calls: 150, maxCalls: 300, usd: 1.5, maxUsd: 3 },
      { model: 'offline', runs: 48, calls: 150, maxCalls: 300, usd: 0, maxUsd: 0, free: 'offline: no API calls' },
    ],
    2,
  )
  expect(lines[1]).toBe('  openai/gpt-5.4: 48 runs, ~150 calls (≤ 300): ~$1.50 expected, at most ~$3.00 if every run uses all its steps')
  expect(lines[2]).toBe('  offline: 48 runs, ~150 calls (≤ 300): $0 — offline: no API calls')
  expect(lines[3]).toBe('  total: ~$1.50 (at most ~$3.00); model calls stop once $2 is spent (--max-spend-usd)')
})

it('labels what ran: offline model, the model double on a loopback URL, real models with the date', () => {
  const models = ['offline', 'openai-compatible/double-good', 'openai/gpt-5.4']
  expect(runLabel(models, { AGENTPROBE_BASE_URL: 'http://127.0.0.1:4000/v1' }, '2026-11-30')).toBe(
    'offline model, model double (openai-compatible/double-good), openai/gpt-5.4 on 2026-11-30',
  )
  expect(runLabel(['openai-compatible/double-good'], { AGENTPROBE_BASE_URL: 'https://api.example.com/v1' }, '2026-11-30')).toBe('openai-compatible/double-good on 2026-11-30')
})

it('a case of several instructions (worker stops between them) is estimated with the budget and expected steps of each', () => {
  const one: Omit<BrowserBenchCase, 'instruction'> = { id: 'a/b', category: 'popup', extension: 'e', edits: [], verify: 'v', mutantDescription: 'm', expected: { good: 'pass', mutant: 'fail' }, truth: async () => true }
  const [plain] = estimateFor([{ ...one, instruction: 'Click it.', maxSteps: 4, expectedSteps: 2 }], 2, ['offline'])
  const [stopped] = estimateFor([{ ...one, instruction: ['Click it.', STOP_WORKER, 'Look.'], maxSteps: 4, expectedSteps: 2 }], 2, ['offline'])
  expect(plain).toMatchObject({ calls: 2 * (2 + 1), maxCalls: 2 * (4 + 1) })
  expect(stopped).toMatchObject({ calls: 2 * (4 + 1), maxCalls: 2 * (8 + 1) })
})
