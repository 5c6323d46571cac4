import { describe, expect, it } from 'vitest'
import { buildMosaic, toFrameBox } from './mosaic.ts'
import type { Raster } from './raster.ts'

/** 20×10 blue with a white 4×4 "glyph" at (8, 3). */
function whiteOnBlue(): Raster {
  const data = new Uint8Array(20 * 10 * 3)
  for (let i = 0; i < 200; i++) data.set([26, 115, 232], i * 3)
  for (let y = 3; y < 7; y++) for (let x = 8; x < 12; x++) data.set([255, 255, 255], (y * 20 + x) * 3)
  return { data, width: 20, height: 10 }
}

describe('buildMosaic', () => {
  it('turns light text on a fill into dark text on white', () => {
    const m = buildMosaic(whiteOnBlue(), [{ region: { x: 0, y: 0, width: 20, height: 10 }, background: [26, 115, 232], scale: 1, masks: [] }])
    const p = m.placements[0]!
    expect(m.gray[(p.y + 4) * m.width + p.x + 9]).toBe(0) // the glyph
    expect(m.gray[(p.y + 1) * m.width + p.x + 1]).toBe(255) // the fill
  })

  it('paints masked parts white and upscales', () => {
    const m = buildMosaic(whiteOnBlue(), [
      { region: { x: 0, y: 0, width: 20, height: 10 }, background: [26, 115, 232], scale: 2, masks: [{ x: 8, y: 3, width: 4, height: 4 }] },
    ])
    const p = m.placements[0]!
    expect(m.width).toBeGreaterThanOrEqual(40)
    expect(m.gray[(p.y + 9) * m.width + p.x + 19]).toBe(255)
  })

  it('stacks tiles with white gaps and maps boxes back to frame pixels', () => {
    const tiles = [
      { region: { x: 100, y: 50, width: 40, height: 10 }, background: [255, 255, 255] as const, scale: 2, masks: [] },
      { region: { x: 500, y: 300, width: 60, height: 20 }, background: [255, 255, 255] as const, scale: 1, masks: [] },
    ]
    const frame: Raster = { data: new Uint8Array(600 * 400 * 3).fill(255), width: 600, height: 400 }
    const m = buildMosaic(frame, tiles)
    const [a, b] = m.placements
    expect(b!.y).toBeGreaterThan(a!.y + 20)
    expect(toFrameBox(m, { x: a!.x + 10, y: a!.y + 4, width: 20, height: 12 })).toEqual({ x: 105, y: 52, width: 10, height: 6 })
    expect(toFrameBox(m, { x: b!.x + 5, y: b!.y + 5, width: 10, height: 10 })).toEqual({ x: 505, y: 305, width: 10, height: 10 })
    expect(toFrameBox(m, { x: 0, y: 0, width: 4, height: 4 })).toBeUndefined() // in the margin
  })
})
