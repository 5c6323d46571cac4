import { describe, expect, it } from 'vitest'
import { GRID_HEIGHT, GRID_WIDTH, contentHash, frameDistance, framesMatch, gridHash, isBlankFrame } from './frame.ts'

describe('gridHash and frameDistance', () => {
  const grid = Uint8Array.from({ length: GRID_WIDTH * GRID_HEIGHT }, (_, i) => (i * 7) % 256)
  it('is two hex digits a cell, and stable', () => {
    expect(gridHash(grid)).toMatch(new RegExp(`^[0-9a-f]{${GRID_WIDTH * GRID_HEIGHT * 2}}$`))
    expect(frameDistance(gridHash(grid), gridHash(Uint8Array.from(grid)))).toBe(0)
  })
  it('ignores small level changes and counts cells that change a lot', () => {
    const faint = grid.map((v) => Math.min(255, v + 3))
    const changed = Uint8Array.from(grid)
    for (const i of [0, 100, 200, 300]) changed[i] = (changed[i]! + 128) % 256
    expect(frameDistance(gridHash(grid), gridHash(faint))).toBe(0)
    expect(frameDistance(gridHash(grid), gridHash(changed))).toBe(4)
    expect(framesMatch(gridHash(grid), gridHash(faint))).toBe(true)
    expect(framesMatch(gridHash(grid), gridHash(changed))).toBe(false)
  })
  it('never matches hashes of different shapes', () => {
    expect(frameDistance('00', '0000')).toBe(Number.POSITIVE_INFINITY)
  })
  it('rejects a wrong size', () => {
    expect(() => gridHash(new Uint8Array(10))).toThrow(/48×27/)
  })
})

it('contentHash changes with any pixel', () => {
  const a = new Uint8Array(1000)
  const b = Uint8Array.from(a)
  b[999] = 1
  expect(contentHash(a)).not.toBe(contentHash(b))
  expect(contentHash(a)).toBe(contentHash(new Uint8Array(1000)))
})

it('a near-uniform frame is blank', () => {
  expect(isBlankFrame({ mean: 0, stdev: 0.3 })).toBe(true)
  expect(isBlankFrame({ mean: 240, stdev: 35 })).toBe(false)
})
