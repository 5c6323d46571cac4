import { describe, expect, it } from 'vitest'
import { DHASH_HEIGHT, DHASH_WIDTH, contentHash, dhash, hammingDistance, isBlankFrame } from './frame.ts'

const gradient = Uint8Array.from({ length: DHASH_WIDTH * DHASH_HEIGHT }, (_, i) => (i * 7) % 256)

describe('dhash', () => {
  it('is 64 hex digits and stable', () => {
    expect(dhash(gradient)).toMatch(/^[0-9a-f]{64}$/)
    expect(dhash(gradient)).toBe(dhash(Uint8Array.from(gradient)))
  })
  it('barely moves on a small brightness change and moves on a structural one', () => {
    const brighter = gradient.map((v) => Math.min(255, v + 1))
    const flipped = Uint8Array.from(gradient).reverse()
    expect(hammingDistance(dhash(gradient), dhash(brighter))).toBeLessThan(16)
    expect(hammingDistance(dhash(gradient), dhash(flipped))).toBeGreaterThan(64)
  })
  it('rejects a wrong size', () => {
    expect(() => dhash(new Uint8Array(10))).toThrow(/17×16/)
  })
})

it('contentHash changes with any pixel', () => {
  const a = new Uint8Array(1000)
  const b = Uint8Array.from(a)
  b[999] = 1
  expect(contentHash(a)).not.toBe(contentHash(b))
  expect(contentHash(a)).toBe(contentHash(new Uint8Array(1000)))
})

it('hammingDistance counts differing bits', () => {
  expect(hammingDistance('00', '00')).toBe(0)
  expect(hammingDistance('0f', '00')).toBe(4)
  expect(hammingDistance('ff', 'f')).toBe(8)
})

it('a near-uniform frame is blank', () => {
  expect(isBlankFrame({ mean: 0, stdev: 0.3 })).toBe(true)
  expect(isBlankFrame({ mean: 240, stdev: 35 })).toBe(false)
})
