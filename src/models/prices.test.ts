import { describe, expect, it } from 'vitest'
import { costOf, PRICES, PRICES_DATE, priceFor } from './prices.ts'
import table from './prices.json' with { type: 'json' }

describe('the price table', () => {
  it('has a date and a source for every entry', () => {
    expect(PRICES_DATE).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    for (const [model, entry] of Object.entries(table.models)) {
      expect(entry.source, model).toMatch(/^https:\/\//)
      expect(entry.input, model).toBeGreaterThan(0)
      expect(entry.output, model).toBeGreaterThan(0)
    }
  })

  it('knows the default models of each provider', () => {
    for (const m of ['gpt-5.4', 'computer-use-preview', 'gemini-2.5-flash']) expect(PRICES[m], m).toBeDefined()
    expect(priceFor('gemini-2.5-computer-use-preview-10-2025')).toMatchObject({ input: 1.25, output: 10 })
    // Anthropic's default, and a dated snapshot; cache reads at a tenth of the input price.
    expect(priceFor('claude-sonnet-4-6')).toMatchObject({ input: 3, cachedInput: 0.3, output: 15 })
    expect(priceFor('claude-haiku-4-5-20251001')).toMatchObject({ input: 1, output: 5 })
  })
})

describe('priceFor', () => {
  it('finds an exact entry, then the longest prefix of a dated snapshot', () => {
    expect(priceFor('gpt-5.4')?.output).toBe(15)
    expect(priceFor('gpt-5.4-2026-03-05')?.output).toBe(15)
    expect(priceFor('gpt-5.4-mini-2026-03-17')?.output).toBe(4.5)
    expect(priceFor('computer-use-preview-2025-03-11')?.input).toBe(3)
  })

  it('returns undefined for an unknown model, and lets overrides add or replace', () => {
    expect(priceFor('qwen3-vl-8b')).toBeUndefined()
    expect(priceFor('qwen3-vl-8b', { 'qwen3-vl-8b': { input: 0.1, output: 0.2 } })).toEqual({ input: 0.1, output: 0.2 })
    expect(priceFor('gpt-5.4', { 'gpt-5.4': { input: 1, output: 1 } })?.input).toBe(1)
  })
})

describe('costOf', () => {
  it('bills cached input at the cached price and the rest at list', () => {
    const usd = costOf({ inputTokens: 10_000, cachedTokens: 4_000, outputTokens: 500 }, { input: 2.5, cachedInput: 0.25, output: 15 })
    expect(usd).toBeCloseTo((6_000 * 2.5 + 4_000 * 0.25 + 500 * 15) / 1e6, 12)
  })

  it('bills cached input at the input price when no cached price is listed, and never more cached than input', () => {
    expect(costOf({ inputTokens: 1000, cachedTokens: 5000, outputTokens: 0 }, { input: 3, output: 12 })).toBeCloseTo(0.003, 12)
  })

  it('is 0 without a price', () => {
    expect(costOf({ inputTokens: 1e6, cachedTokens: 0, outputTokens: 1e6 }, undefined)).toBe(0)
  })
})
